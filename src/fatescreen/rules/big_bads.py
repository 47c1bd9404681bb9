"""Ways to break the rules for big bads: minion armor, true forms, solo bonus, immunity, swarms."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, replace

from fatescreen.rules.aspects import make_id
from fatescreen.rules.big_bad_traits import Immunity as Immunity
from fatescreen.rules.big_bad_traits import ImmunityVia as ImmunityVia
from fatescreen.rules.big_bad_traits import SoloBonus as SoloBonus
from fatescreen.rules.big_bad_traits import Swarm as Swarm
from fatescreen.rules.character import (
    Character,
    CharacterKind,
    ConsequenceSlot,
    Scale,
    Severity,
    StressKind,
)
from fatescreen.rules.conflict import AttackHarm, harm_after_weapon_and_armor
from fatescreen.rules.copies import copies_of
from fatescreen.rules.errors import (
    FormStillStanding,
    IllegalMinionArmor,
    NoTrueFormLeft,
)
from fatescreen.rules.harm import (
    DEFAULT_OPTIONS,
    Absorption,
    HarmOptions,
    absorb_with_stress,
    apply_absorption,
    take_out,
)
from fatescreen.rules.npcs import apply_harm_to_group
from fatescreen.rules.outcomes import Outcome


def standing(character: Character) -> bool:
    """True while a character is still in the conflict: not taken out, not conceded."""
    return not (character.taken_out or character.conceded) and character.members > 0


# --- Minion armor ---------------------------------------------------------------------


def _minion_ids(entry: str, characters: Mapping[str, Character]) -> list[str]:
    """Ids an entry of ``minions`` names: the character with that id (or name's id), or
    else the numbered copies ``<id>-1``, ``<id>-2``... made from one template."""
    wanted = entry if entry in characters else make_id(entry)
    if wanted in characters:
        return [wanted]
    return copies_of(wanted, characters)


def named_minions(big_bad: Character, characters: Mapping[str, Character]) -> tuple[str, ...]:
    """Ids of every minion ``big_bad.minions`` names, standing or not, in the order the
    entries list them (§7 minion armor)."""
    found: list[str] = []
    for entry in big_bad.minions:
        for minion_id in _minion_ids(entry, characters):
            if minion_id != big_bad.id and minion_id not in found:
                found.append(minion_id)
    return tuple(found)


def minion_armor_options(
    big_bad: Character, characters: Mapping[str, Character]
) -> tuple[str, ...]:
    """Ids of the minions that can take a hit for the big bad (§7 minion armor).

    Each entry of ``big_bad.minions`` names a character by id (or by name), or the
    numbered copies of one (``cultist`` names ``cultist-1``, ``cultist-2``...). A mook
    group counts as one minion while any member stands. Only standing minions are
    offered, in the order the entries list them.

    Args:
        big_bad: The defender.
        characters: The scene's characters by id.
    """
    return tuple(m for m in named_minions(big_bad, characters) if standing(characters[m]))


@dataclass(frozen=True)
class MinionHit:
    """A hit redirected to a minion: the minion after it, and what became of it.

    Attributes:
        minion: The minion after the hit.
        shifts: The hit the minion took.
        absorbed: True if the minion (or every member of a group) is still standing.
        taken_out: True if the minion (or the whole group) is taken out.
        members_taken_out: Members of a mook group the hit took out (0 otherwise).
    """

    minion: Character
    shifts: int
    absorbed: bool
    taken_out: bool
    members_taken_out: int = 0


def redirect_hit(
    minion: Character,
    shifts: int,
    kind: StressKind = StressKind.PHYSICAL,
    *,
    absorption: Absorption | None = None,
    texts: Mapping[int, str] | None = None,
    inflicted_by: str | None = None,
    options: HarmOptions = DEFAULT_OPTIONS,
) -> MinionHit:
    """A minion steps in front of the big bad and takes the hit, with no defense roll (§7).

    A mook group takes it with spill-over from member to member. Any other minion checks
    stress boxes or is taken out; a minion with consequence slots takes consequences
    only when an ``absorption`` is chosen for it.

    Args:
        minion: A standing minion of the big bad.
        shifts: The harm the big bad would have taken.
        kind: Physical or mental.
        absorption: A chosen way to absorb, for a minion that takes consequences.
        texts: The consequences' texts for ``absorption``.
        inflicted_by: Id of the attacker (free invokes on new consequences).
        options: The optional harm rules in play.

    Raises:
        IllegalMinionArmor: The minion is not standing.
        IllegalAbsorption: The chosen absorption is not legal.
    """
    if not standing(minion):
        raise IllegalMinionArmor(
            f"{minion.name} is no longer standing and cannot take the hit",
            code="big_bads.redirect_hit",
            minion_name=minion.name,
        )
    if minion.kind is CharacterKind.MOOKS:
        group, fallen = apply_harm_to_group(minion, shifts)
        return MinionHit(group, shifts, fallen == 0, group.taken_out, fallen)
    if absorption is not None:
        hurt = apply_absorption(minion, absorption, texts or {}, inflicted_by, options=options)
    else:
        hurt = absorb_with_stress(minion, shifts, kind, options)
    return MinionHit(hurt, shifts, not hurt.taken_out, hurt.taken_out)


# --- True forms -----------------------------------------------------------------------

_STEP_DOWN = {
    Severity.MODERATE: Severity.MILD,
    Severity.SEVERE: Severity.MODERATE,
    Severity.EXTREME: Severity.EXTREME,
}


def reveal_next_form(
    character: Character, soft: bool | None = None, *, force: bool = False
) -> Character:
    """Reveal the big bad's next true form (§7).

    The forms are beaten one after another («pitää päihittää yksi toisensa jälkeen»): the
    next one shows when the big bad «kaatuu ja on ulkona tilanteesta», so only a big bad
    taken out reveals one, unless the GM forces it.

    The form's skills, aspects and stunts apply from now on (see
    :meth:`Character.skill`). Stress tracks are the form's, or the current ones, all
    empty. Consequence slots are the form's, or the current layout, all free; a soft
    reveal keeps consequences instead: mild ones are cleared, moderate ones become mild
    and severe ones moderate (an extreme one stays). A kept consequence goes into a free
    slot of its new severity that takes its kind, else into the least severe free slot
    above it (never the extreme slot); with no room at all it heals. The big bad is no
    longer taken out.

    Args:
        character: The big bad.
        soft: True or False to choose the variant; None uses the form's own setting.
        force: True to reveal it while the current form still stands (the GM's call).

    Raises:
        NoTrueFormLeft: Every form has been revealed.
        FormStillStanding: The big bad is not taken out and ``force`` is false.
    """
    if character.form >= len(character.forms):
        raise NoTrueFormLeft(
            f"{character.name} has no further true form "
            f"(all {character.form_count} forms are revealed)",
            code="big_bads.reveal_next_form",
            character_name=character.name,
            form_count=character.form_count,
        )
    if not character.taken_out and not force:
        raise FormStillStanding(
            f"{character.name} still stands in its current form: take it out first, "
            "or force the reveal",
            code="big_bads.form_standing",
            character_name=character.name,
        )
    form = character.forms[character.form]
    tracks = form.stress or character.stress
    layout = tuple(slot.emptied() for slot in (form.consequences or character.consequences))
    soft_reveal = form.soft if soft is None else soft
    if soft_reveal:
        layout = _stepped_down(character.consequences, layout)
    return replace(
        character,
        form=character.form + 1,
        stress=tuple(track.cleared() for track in tracks),
        consequences=layout,
        taken_out=False,
    )


def _stepped_down(
    old: tuple[ConsequenceSlot, ...], layout: tuple[ConsequenceSlot, ...]
) -> tuple[ConsequenceSlot, ...]:
    slots = list(layout)
    order = list(Severity)
    kept = [slot for slot in old if slot.aspect is not None and slot.severity in _STEP_DOWN]
    for slot in sorted(kept, key=lambda s: order.index(s.severity), reverse=True):
        target = _STEP_DOWN[slot.severity]
        candidates = [
            i
            for i, new in enumerate(slots)
            if new.free
            and order.index(new.severity) >= order.index(target)
            and (new.severity is not Severity.EXTREME or target is Severity.EXTREME)
            and (new.kind is None or new.kind is slot.kind)
        ]
        if not candidates:
            continue
        index = min(candidates, key=lambda i: (order.index(slots[i].severity), i))
        new = slots[index]
        aspect = slot.aspect
        if (
            aspect is not None
            and slot.condition
            and new.condition
            and aspect.name == slot.condition
        ):
            aspect = aspect.renamed(new.condition)
        slots[index] = replace(new, aspect=aspect, recovery=slot.recovery)
    return tuple(slots)


# --- Scaling up -----------------------------------------------------------------------


def acting_scale(character: Character, scale_in_play: bool) -> Scale:
    """The scale a character acts at (§8 «Skaala», §7 «Ylöspäin skaalaaminen»).

    With the scale option every character acts at its own scale. Without it a big bad may
    still be scaled up, «vaikkei skaala olisikaan normaalisti osa kampanjaanne — tämä sääntö
    on silloin pelissä vain tiettyä pääpahista varten»: an NPC set above mundane keeps its
    scale, and the PCs act as mundane.

    Args:
        character: The character.
        scale_in_play: Whether the scale option is on for the whole game.
    """
    if scale_in_play or character.kind is not CharacterKind.PC:
        return character.scale
    return Scale.MUNDANE


# --- Solo bonus -----------------------------------------------------------------------


INVOKE_BONUS = 2
"""What an invoke normally adds (§3)."""


def pcs_facing(characters: Iterable[Character]) -> int:
    """The PCs still standing: the group a big bad's solo bonus counts (§7)."""
    return sum(1 for c in characters if c.kind is CharacterKind.PC and standing(c))


def _check_pcs(pcs: int) -> None:
    if pcs < 0:
        raise ValueError(f"the number of PCs cannot be negative ({pcs})")


def solo_skill_bonus(solo: SoloBonus, rating: int, pcs: int) -> int:
    """The bonus to one of the big bad's skill rolls (option a).

    +(PCs - 1), the most teamwork the PCs could get, but never lifting the skill above
    double its rating: 3 PCs give +2, yet a Fair (+2) skill gets +2 at most.

    Args:
        solo: The options in use.
        rating: The skill's rating.
        pcs: PCs facing the big bad.
    """
    _check_pcs(pcs)
    if not solo.skill_bonus:
        return 0
    return max(0, min(pcs - 1, rating))


def solo_harm(solo: SoloBonus, shifts: int, pcs: int) -> int:
    """A hit on the big bad after its harm reduction (option b).

    Reduced by half the PCs, rounded up (4 PCs: 2, 3 PCs: 2); never below 0, or below 1
    with the minimum-harm option when there was a hit at all.

    Args:
        solo: The options in use.
        shifts: The hit before reduction.
        pcs: PCs facing the big bad.
    """
    _check_pcs(pcs)
    if not solo.harm_reduction or shifts <= 0:
        return max(shifts, 0)
    reduced = shifts - math.ceil(pcs / 2)
    return max(reduced, 1 if solo.minimum_harm else 0)


def attack_harm(
    shifts: int,
    outcome: Outcome,
    *,
    weapon: int = 0,
    armor: int = 0,
    solo: SoloBonus | None = None,
    pcs_facing: int = 0,
    harmable: bool = True,
    shielded: bool = False,
) -> AttackHarm:
    """What an attack does to one defender (§7, §8).

    Weapon and Armor first (:func:`harm_after_weapon_and_armor`); then a solo big bad's
    harm reduction (option b), a hit cut to 0 giving the boost a tie would; no harm and
    no boost while the defender's immunity holds (``harmable`` false) or standing parts
    shield a swarm's heart.

    Args:
        shifts: The attack's shifts (after any the attacker traded for a boost).
        outcome: The attack's outcome.
        weapon: The attacker's Weapon rating.
        armor: The defender's Armor rating (0 without the option).
        solo: The defender's solo options, if it is a big bad with them.
        pcs_facing: PCs facing the big bad.
        harmable: False while the defender's immunity stops this harm.
        shielded: True while standing parts shield a swarm's heart.
    """
    harm = harm_after_weapon_and_armor(shifts, outcome, weapon=weapon, armor=armor)
    return defender_harm(
        harm, solo=solo, pcs_facing=pcs_facing, harmable=harmable, shielded=shielded
    )


def defender_harm(
    harm: AttackHarm,
    *,
    solo: SoloBonus | None = None,
    pcs_facing: int = 0,
    harmable: bool = True,
    shielded: bool = False,
) -> AttackHarm:
    """What harm already past Weapon and Armor (an attack's, or a hazard's from
    :func:`fatescreen.rules.obstacles.hazard_attack`) does to one defender (§7): a solo big
    bad's harm reduction (option b), a hit cut to 0 giving the boost a tie would; no harm
    and no boost while the defender's immunity holds (``harmable`` false) or standing parts
    shield a swarm's heart.

    Args:
        harm: The harm after Weapon and Armor.
        solo: The defender's solo options, if it is a big bad with them.
        pcs_facing: PCs facing the big bad.
        harmable: False while the defender's immunity stops this harm.
        shielded: True while standing parts shield a swarm's heart.
    """
    if solo is not None and harm.harm > 0:
        reduced = solo_harm(solo, harm.harm, pcs_facing)
        harm = AttackHarm(harm=reduced, boost=harm.boost or reduced == 0)
    if harm.harm > 0 and (not harmable or shielded):
        return AttackHarm(harm=0, boost=False)
    return harm


def solo_invoke_bonus(solo: SoloBonus, pcs: int, *, paid: bool) -> int:
    """What one of the big bad's invokes adds (option c): +(PCs) when paid, else +2."""
    _check_pcs(pcs)
    return pcs if solo.boosted_invokes and paid else INVOKE_BONUS


def invoke_bonus_against(solo: SoloBonus) -> int:
    """What an invoke against the big bad adds (option d): +1 instead of +2."""
    return 1 if solo.damped_invokes else INVOKE_BONUS


def free_invoke_limit_against(solo: SoloBonus) -> int | None:
    """How many free invokes may be used against the big bad on one roll; None: no limit."""
    return 1 if solo.one_free_invoke else None


# --- Immunity -------------------------------------------------------------------------


def can_be_harmed(
    immunity: Immunity | None, won_names: Collection[str], kind: StressKind | None = None
) -> bool:
    """True if the big bad can be harmed now (§7).

    Args:
        immunity: Its immunity, or None for none.
        won_names: Names (or ids) of the challenges and contests the PCs have won.
        kind: The kind of harm; None asks about any harm it is immune to.
    """
    if immunity is None:
        return True
    if make_id(immunity.until) in {make_id(name) for name in won_names}:
        return True
    return kind is not None and kind is not StressKind.COMBINED and kind not in immunity.kinds


# --- Threat as a swarm ----------------------------------------------------------------


def _get(characters: Mapping[str, Character], character_id: str) -> Character:
    try:
        return characters[character_id]
    except KeyError:
        raise ValueError(f"no character {character_id!r} in the scene") from None


def swarm_actors(swarm: Swarm, characters: Mapping[str, Character]) -> tuple[str, ...]:
    """Ids of the heart and parts that still act: a part taken out stops acting."""
    ids = (swarm.heart_id, *swarm.part_ids)
    return tuple(cid for cid in ids if standing(_get(characters, cid)))


def bypassed_parts(swarm: Swarm, characters: Mapping[str, Character]) -> tuple[str, ...]:
    """Ids of the parts taken out, which can now be passed freely."""
    return tuple(cid for cid in swarm.part_ids if not standing(_get(characters, cid)))


def standing_shields(swarm: Swarm, characters: Mapping[str, Character]) -> tuple[str, ...]:
    """Ids of the shielding parts still standing: «Jotkut osat isosta pahasta on peitottava
    ennen kuin pelaajahahmot voivat iskeä sen heikkoihin kohtiin»."""
    return tuple(cid for cid in swarm.shields if standing(_get(characters, cid)))


def heart_exposed(swarm: Swarm, characters: Mapping[str, Character]) -> bool:
    """True when every shielding part is taken out and the heart can be harmed."""
    return not standing_shields(swarm, characters)


def swarm_beaten(swarm: Swarm, characters: Mapping[str, Character]) -> bool:
    """True when the heart is taken out: only then is the whole beaten."""
    return not standing(_get(characters, swarm.heart_id))


def fallen_with_heart(swarm: Swarm, characters: Mapping[str, Character]) -> tuple[Character, ...]:
    """The parts still acting once the heart is taken out, each taken out with it: the
    whole is beaten at its heart («ei ole kokonaisuudessaan voitettu ennen kuin sankarit
    saavuttavat sen sydämen ja kaatavat sen lopullisesti»), so nothing of it acts on.
    Empty while the heart stands."""
    if not swarm_beaten(swarm, characters):
        return ()
    return tuple(
        take_out(_get(characters, cid)) for cid in swarm.part_ids if standing(characters[cid])
    )
