"""campaign.toml and party.toml: strict loading with located errors, style-preserving saves."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from fatescreen.rules.aspects import AspectKind
from fatescreen.rules.character import Recovery, Severity
from fatescreen.scene.campaign import (
    AdvanceKind,
    SceneState,
    load_campaign,
    party_of,
    save_campaign,
)
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.load import load_scene
from tests.campaign.support import SAMPLE
from tests.scene.support import changed_lines


def write(folder: Path, campaign: str, party: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "campaign.toml").write_text(campaign, encoding="utf-8")
    if party is not None:
        (folder / "party.toml").write_text(party, encoding="utf-8")
    return folder


def problems(folder: Path) -> list[str]:
    with pytest.raises(SceneFileError) as caught:
        load_campaign(folder)
    return [str(problem) for problem in caught.value.problems]


def test_the_sample_campaign_loads_with_its_party_scenes_and_state() -> None:
    campaign = load_campaign(SAMPLE).campaign
    assert campaign.name == "The golden mask"
    assert [m.id for m in campaign.party] == ["silbestre", "rozio", "vitor", "riesa"]
    assert campaign.scenes[0].key == "campaign/01-archive-ambush.toml"
    assert campaign.scenes[0].title == "Ambush in the archive"
    assert (campaign.session, campaign.scene) == (2, 4)
    assert campaign.state_of("golden-mask.toml") is SceneState.PREPARED
    silbestre = campaign.member("silbestre").character
    moderate = next(s for s in silbestre.consequences if s.severity is Severity.MODERATE)
    assert moderate.recovery == Recovery(1, 4)
    assert campaign.member("rozio").advances[0].kind is AdvanceKind.MILESTONE
    # stress tracks follow Physique and Will as in a scene
    assert [t.boxes for t in campaign.member("riesa").character.stress] == [6, 4]


def test_every_scene_of_the_sample_campaign_loads_with_its_party() -> None:
    campaign = load_campaign(SAMPLE).campaign
    for entry in campaign.scenes:
        assert not entry.problem
        scene = load_scene(SAMPLE / entry.key, party_of(campaign)).scene
        assert scene.pcs


def test_campaign_and_party_problems_are_all_reported_with_file_line_and_key(
    tmp_path: Path,
) -> None:
    folder = write(
        tmp_path / "c",
        'format = 1\nnmae = "Oops"\nskill_layout = "triangle"\nsession = 0\n'
        'running = "nowhere.toml"\n',
        'format = 1\n\n[[pc]]\nname = "Ada"\nzone = "Hall"\n'
        'skills = { Fight = 4, Figth = 1 }\n\n[[pc]]\nname = "Ada"\n',
    )
    found = problems(folder)
    campaign = str(folder / "campaign.toml")
    party = str(folder / "party.toml")
    assert f"{campaign}:2: nmae: unknown key 'nmae' (did you mean 'name'?)" in found[0]
    assert any(p.startswith(f"{campaign}:3: skill_layout: expected one of") for p in found)
    assert f"{campaign}:4: session: 0 is too small (at least 1)" in found
    assert f"{campaign}:1: name: missing: every campaign needs a name" in found
    assert any(p.startswith(f"{party}:5: pc[1].zone: unknown key 'zone'") for p in found)
    assert f"{party}:6: pc[1].skills: Figth is not on the campaign's skill list" in found
    assert any(
        p.startswith(f"{party}:6: pc[1].skills: Great (+4) holds 1 skill but Good (+3)")
        for p in found
    )
    assert f"{party}:9: pc[2].name: duplicate PC id 'ada'" in found


def test_a_custom_skill_list_and_an_unknown_running_scene(tmp_path: Path) -> None:
    folder = write(
        tmp_path / "c",
        'format = 1\nname = "Mecha"\nskills = ["Pilot", "Pilot"]\nrunning = "gone.toml"\n',
        'format = 1\n[[pc]]\nname = "Kei"\nskills = { Pilot = 1 }\n',
    )
    found = problems(folder)
    assert any(p.endswith("skills: 'Pilot' listed twice") for p in found)
    folder = write(
        tmp_path / "d", 'format = 1\nname = "Mecha"\nrunning = "gone.toml"\n', "format = 1\n"
    )
    assert problems(folder) == [
        f"{folder / 'campaign.toml'}:3: running: no scene 'gone.toml' in this campaign"
    ]


def test_a_missing_or_broken_campaign_file_is_one_located_problem(tmp_path: Path) -> None:
    assert problems(tmp_path) == [
        f"{tmp_path / 'campaign.toml'}: (top level): cannot read the file: "
        "No such file or directory"
    ]
    folder = write(tmp_path / "c", 'format = 1\nname = "x\n')
    assert problems(folder) == [
        f"{folder / 'campaign.toml'}:2: name: not valid TOML: Illegal character '\\n'"
    ]


def test_saving_rewrites_only_the_values_that_changed(campaign_dir: Path) -> None:
    loaded = load_campaign(campaign_dir)
    party_before = (campaign_dir / "party.toml").read_text(encoding="utf-8")
    campaign_before = (campaign_dir / "campaign.toml").read_text(encoding="utf-8")
    rozio = loaded.campaign.member("rozio").character
    changed = loaded.campaign.with_characters({"rozio": replace(rozio, fate_points=3)})
    changed = replace(changed, running="golden-mask.toml", carried={"leader": 2}, scene=5)
    saved = save_campaign(loaded, changed)
    assert saved.campaign == changed
    party_after = (campaign_dir / "party.toml").read_text(encoding="utf-8")
    assert changed_lines(party_before, party_after) == ["-fate_points = 1", "+fate_points = 3"]
    campaign_after = (campaign_dir / "campaign.toml").read_text(encoding="utf-8")
    assert changed_lines(campaign_before, campaign_after) == [
        "-scene = 4",
        "+scene = 5",
        '+running = "golden-mask.toml"',
        "+carried = { leader = 2 }",
    ]
    assert campaign_after.index("carried") < campaign_after.index("[rules]")
    assert save_campaign(saved, saved.campaign).party_text == party_after  # nothing to do


def test_party_members_added_and_removed_are_written_in_the_short_form(
    campaign_dir: Path,
) -> None:
    loaded = load_campaign(campaign_dir)
    vitor = loaded.campaign.member("vitor")
    newcomer = replace(
        vitor,
        character=replace(vitor.character, name="Ines", id="ines", aspects=()),
        skill_points=1,
    )
    party = (*(m for m in loaded.campaign.party if m.id != "riesa"), newcomer)
    saved = save_campaign(loaded, replace(loaded.campaign, party=party))
    text = saved.party_text
    assert 'name = "Riesa"' not in text
    assert 'name = "Ines"' in text
    assert "skill_points = 1" in text
    assert "# The party of the golden mask campaign." in text
    assert [m.id for m in load_campaign(campaign_dir).campaign.party] == [
        "silbestre",
        "rozio",
        "vitor",
        "ines",
    ]


def test_a_pc_sheet_keeps_only_sheet_keys(tmp_path: Path) -> None:
    folder = write(
        tmp_path / "c",
        'format = 1\nname = "x"\nskill_layout = "free"\n',
        'format = 1\n[[pc]]\nname = "Kei"\nkind = "major"\nhigh_concept = "Pilot"\n'
        "advances = [{ session = 1 }]\n",
    )
    found = problems(folder)
    assert any("pc[1].kind: unknown key 'kind'" in p for p in found)
    assert any(
        "pc[1].advances[1]: an advance has exactly one of: milestone = TEXT" in p for p in found
    )
    folder = write(
        tmp_path / "d",
        'format = 1\nname = "x"\nskill_layout = "free"\n',
        'format = 1\n[[pc]]\nname = "Kei"\nhigh_concept = "Pilot"\n',
    )
    kei = load_campaign(folder).campaign.member("kei").character
    assert kei.aspects[0].kind is AspectKind.HIGH_CONCEPT
    assert kei.refresh == 3


def test_a_party_that_breaks_the_format_is_not_written(campaign_dir: Path) -> None:
    loaded = load_campaign(campaign_dir)
    before = (campaign_dir / "party.toml").read_text(encoding="utf-8")
    vitor = loaded.campaign.member("vitor").character
    bad = loaded.campaign.with_characters(
        {"vitor": replace(vitor, skills={**vitor.skills, "Alchemy": 1})}
    )
    with pytest.raises(SceneFileError, match="Alchemy is not on the campaign's skill list"):
        save_campaign(loaded, bad)
    assert (campaign_dir / "party.toml").read_text(encoding="utf-8") == before
