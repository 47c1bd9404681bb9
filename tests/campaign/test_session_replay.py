"""A whole session of the sample campaign replayed headless with entered dice (issue 7).

Three scenes (a fight with consequences and a concession, a contest, a challenge), the end
of the session and the first scene of the next, with the party file read back after each
step: fate points, consequences and their recovery, GM pools, delivered hostile invokes.
"""

from __future__ import annotations

from pathlib import Path

from fatescreen.commands.campaign_session import CampaignSession, open_campaign
from fatescreen.commands.session import Result
from tests.campaign.support import campaign_file, option, party_file


def run(session: CampaignSession, line: str) -> Result:
    result = session.execute(line)
    assert result.ok, (line, result.lines)
    return result


def fate_points(folder: Path) -> dict[str, int]:
    return {name: pc.get("fate_points", 0) for name, pc in party_file(folder).items()}


def test_three_scenes_a_session_end_and_the_next_session(campaign_dir: Path) -> None:
    session = open_campaign(campaign_dir, seed=1, lang="en", journal=False)
    assert fate_points(campaign_dir) == {"Silbestre": 2, "Rozio": 1, "Vitor": 4, "Riesa": 0}

    # ---- scene 5 of the campaign: the fight in the archive ---------------------------
    run(session, "play 1")
    assert session.scene.gm_pool == 2  # two PCs; nobody carries points; no compels
    assert campaign_file(campaign_dir)["running"] == "campaign/01-archive-ambush.toml"
    assert campaign_file(campaign_dir)["scene"] == 5

    run(session, "attack dolors rozio Fight +000 vs 0000")
    # Dolors invokes Rozio's trouble: the GM pool pays, Rozio gets the point after the scene
    hit = run(session, 'invoke "Wanted in three harbours"')
    assert session.scene.gm_pool == 1
    run(session, f'absorb {option(hit.lines, "mild")} "Bruised ribs"')
    run(session, "attack rozio dolors Shoot ++00 vs 0000")
    # Rozio pays to invoke Dolors' trouble: a point held for her, carried to her next scene
    hit = run(session, 'invoke "Never leaves a debt unpaid" by rozio')
    run(session, f'absorb {option(hit.lines, "moderate")} "Knife in the shoulder"')
    run(session, "concede dolors")  # 1 + 1 for the moderate consequence, held
    end = run(session, "endscene compels 1")
    assert "held points delivered: Rozio +1, Dolors Cabra +3" in end.lines

    party = party_file(campaign_dir)
    assert fate_points(campaign_dir) == {"Silbestre": 2, "Rozio": 1, "Vitor": 4, "Riesa": 0}
    assert party["Rozio"]["consequences"] == {
        "mild": {"text": "Bruised ribs", "free_invokes": {"dolors": 1}}
    }
    assert "stress_checked" not in party["Rozio"]
    state = campaign_file(campaign_dir)
    assert state["carried"] == {"dolors": 3}
    assert state["compel_points"] == 1
    assert "running" not in state
    assert state["finished"] == ["campaign/01-archive-ambush.toml"]

    # ---- scene 6: the contest on the rooftops ------------------------------------------
    run(session, "play 2")
    assert session.scene.gm_pool == 6  # 2 PCs + Dolors' 3 + 1 late compel point
    assert "carried" not in campaign_file(campaign_dir)
    run(session, "contest roll rozio Athletics +0+0")
    run(session, "contest roll dolors Athletics 0000")  # 5 vs 2 with style: 2 victories
    run(session, 'recover vitor Crafts ribs "Ribs strapped up" 0+00')  # Fair: it starts
    run(session, "contest roll dolors Athletics -000")
    run(session, "contest roll rozio Athletics 0000")  # 3 vs 1: the third victory
    assert session.scene.contests[0].winner == "Pursuers"
    run(session, "endscene")
    rozio = party_file(campaign_dir)["Rozio"]
    assert rozio["consequences"]["mild"]["text"] == "Ribs strapped up"
    assert rozio["consequences"]["mild"]["recovering_since"] == [2, 6]

    # ---- scene 7: the challenge in the cellar ------------------------------------------
    run(session, "play 3")
    assert session.scene.gm_pool == 3  # three PCs; Dolors is not here
    run(session, "challenge roll shore riesa Physique +000")
    run(session, "challenge roll find silbestre Investigate -000")
    run(session, "tick tide")
    run(session, "challenge roll lamp vitor Crafts 0000")
    assert session.scene.countdowns[0].checked == 1
    end = run(session, "endscene")
    # one full scene (the cellar) after its treatment began, Rozio's mild consequence is gone
    assert 'healed: Rozio: "Ribs strapped up"' in end.lines
    party = party_file(campaign_dir)
    assert "consequences" not in party["Rozio"]
    assert party["Silbestre"]["consequences"]["moderate"]["recovering_since"] == [1, 4]

    # ---- the end of session 2 ------------------------------------------------------------
    run(session, "endsession")
    party = party_file(campaign_dir)
    # max(fate points, refresh): Vitor keeps his 4
    assert fate_points(campaign_dir) == {"Silbestre": 3, "Rozio": 3, "Vitor": 4, "Riesa": 3}
    # treated in session 1, a full session ago: healed; Riesa's untreated mild one stays
    assert "consequences" not in party["Silbestre"]
    assert party["Riesa"]["consequences"] == {"mild": "Sprained wrist"}
    state = campaign_file(campaign_dir)
    assert state["session"] == 3
    assert state["milestones"] == ["silbestre", "rozio", "vitor", "riesa"]

    run(session, "milestone rozio swap Fight Athletics")
    run(session, "save")
    rozio = party_file(campaign_dir)["Rozio"]
    assert (rozio["skills"]["Fight"], rozio["skills"]["Athletics"]) == (3, 2)
    assert rozio["advances"][-1] == {"session": 3, "milestone": "swapped Fight and Athletics"}
    assert campaign_file(campaign_dir)["milestones"] == ["silbestre", "vitor", "riesa"]

    # ---- session 3 starts with a one-shot scene whose embedded PCs are the party's ---------
    run(session, "play 4")
    assert session.scene.gm_pool == 4
    riesa = session.scene.character("riesa")
    assert [slot.aspect.name for slot in riesa.consequences if slot.aspect] == ["Sprained wrist"]
    assert riesa.zone == "stairs"  # placed by the scene
    assert session.scene.character("rozio").skills["Fight"] == 3
    assert campaign_file(campaign_dir)["scene"] == 8
