"""Who a big bad's solo bonus counts, what falls with a swarm's heart, and how a minion
takes a redirected hit (docs/rules.md §7)."""

from __future__ import annotations

from fatescreen.rules.big_bads import Swarm, fallen_with_heart, pcs_facing, redirect_hit
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.rules.harm import HarmOptions, take_out
from fatescreen.rules.npcs import minor_npc


def test_the_solo_bonus_counts_the_pcs_still_standing() -> None:
    """§7: the solo bonus grows with the PCs facing the big bad; a PC taken out no longer
    counts, and no NPC ever does."""
    ana = Character("Ana", CharacterKind.PC)
    bo = take_out(Character("Bo", CharacterKind.PC))
    cy = Character("Cy", CharacterKind.PC)
    npcs = [Character("Hollow King"), minor_npc("Thug"), minor_npc("Cultist")]
    assert pcs_facing([ana, bo, *npcs]) == 1
    assert pcs_facing([ana, bo, cy, *npcs]) == 2
    assert pcs_facing(npcs) == 0


def test_the_parts_still_acting_fall_with_the_heart() -> None:
    """§7 swarm: «ei ole kokonaisuudessaan voitettu ennen kuin sankarit saavuttavat sen
    sydämen ja kaatavat sen lopullisesti»: once the heart is taken out, every part still
    standing is taken out with it; while it stands, nothing falls."""
    swarm = Swarm("heart", ("claw", "shell", "tail"))
    parts = {
        "heart": minor_npc("heart"),
        "claw": minor_npc("claw"),
        "shell": take_out(minor_npc("shell")),
        "tail": minor_npc("tail"),
    }
    assert fallen_with_heart(swarm, parts) == ()
    parts["heart"] = take_out(parts["heart"])
    fallen = fallen_with_heart(swarm, parts)
    assert fallen == (take_out(parts["claw"]), take_out(parts["tail"]))
    assert all(part.taken_out for part in fallen)


def test_a_redirected_hit_follows_the_optional_harm_rules() -> None:
    """§7 minion armor: the minion absorbs the big bad's hit as it would its own, so with
    Fate Core's escalating boxes a 2-shift hit checks box 2 alone, not two boxes."""
    cultist = minor_npc("Cultist", stress_boxes=2)
    (plain,) = redirect_hit(cultist, 2).minion.stress
    (escalating,) = redirect_hit(cultist, 2, options=HarmOptions(escalating=True)).minion.stress
    assert (plain.checked, escalating.checked) == (frozenset({1, 2}), frozenset({2}))
