"""``fatescreen import``: into a scene file (saved through the session, the GM's comments
kept), into a campaign's party, as a dry run, and refused where it must be, in English and
Finnish."""

from __future__ import annotations

import contextlib
import io
import re
import tomllib
from pathlib import Path

from fatescreen.cli import main
from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.session import Session
from fatescreen.scene.campaign import load_campaign
from fatescreen.scene.load import load_scene
from tests.imports.support import fixture


def cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        status = main(list(args))
    return status, out.getvalue()


def comments(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("#")]


def test_import_into_a_scene_file_saves_it_keeping_the_comments(scenes: Path) -> None:
    scene = scenes / "golden-mask.toml"
    before = scene.read_text(encoding="utf-8")
    status, out = cli("import", str(fixture("fari-v6-eira.json")), "--into", str(scene))
    assert status == 0, out
    lines = out.splitlines()
    assert lines[0] == f"Eira Valo, from Fari v6 ({fixture('fari-v6-eira.json')}):"
    assert re.fullmatch(r"  name +Eira Valo +\$\.name", lines[1])
    assert "added: Eira Valo" in lines
    assert "the GM pool gains a point for the new PC: now 5" in lines
    assert lines[-1] == f"saved to {scene}"
    after = scene.read_text(encoding="utf-8")
    assert comments(after) == comments(before)
    assert '[[pc]]\nname = "Eira Valo"' in after
    eira = load_scene(scene).scene.character("eira-valo")
    assert eira.skill("Sailing") == 1 and eira.fate_points == 2
    assert eira.notes.endswith("Cannot swim.")
    assert load_scene(scene).scene.gm_pool == 5
    assert "Eira Valo" in tomllib.loads(after)["pc"][-1]["name"]


def test_import_as_npcs_of_a_kind(scenes: Path) -> None:
    scene = scenes / "golden-mask.toml"
    status, out = cli(
        "import", str(fixture("fco-bulk.json")), "--into", str(scene), "--as", "minor"
    )
    assert status == 0, out
    assert "left out: Crate of contraband ($[2]): a thing, not a character" in out
    loaded = load_scene(scene).scene
    ansa = loaded.character("ansa-merivirta")
    assert ansa.kind.value == "minor"
    assert [track.boxes for track in ansa.stress] == [3]
    assert loaded.gm_pool == 4  # NPCs bring no point


def test_a_dry_run_shows_the_report_and_writes_nothing(scenes: Path) -> None:
    scene = scenes / "golden-mask.toml"
    before = scene.read_bytes()
    status, out = cli(
        "import", str(fixture("fco-veli-routa.json")), "--into", str(scene), "--dry-run"
    )
    assert status == 0, out
    assert "Veli Routa, from Fate Core Official 4.7.14.8" in out
    assert out.splitlines()[0] == "a dry run, nothing is written: the import would do this"
    assert scene.read_bytes() == before
    assert not (scene.parent / "golden-mask.toml.bak").exists()


def test_import_into_a_campaign_joins_the_party(scenes: Path) -> None:
    party = (scenes / "party.toml").read_text(encoding="utf-8")
    status, out = cli("import", str(fixture("fco-veli-routa.json")), "--into", str(scenes))
    assert status == 0, out
    assert "joined the party: Veli Routa" in out
    assert "Diving is not on the campaign's skill list" in out
    assert f"saved the campaign in {scenes}" in out
    text = (scenes / "party.toml").read_text(encoding="utf-8")
    assert text.startswith(party)  # the party's own records and comments as they were
    member = load_campaign(scenes).campaign.member("veli-routa").character
    assert member.skill("Athletics") == 3 and member.skill("Diving") == 0
    assert member.notes.startswith("Pronouns: he/him")
    assert "kind" not in text[len(party) :]


def test_a_campaign_takes_pcs_only(scenes: Path) -> None:
    status, out = cli(
        "import", str(fixture("fco-veli-routa.json")), "--into", str(scenes), "--as", "major"
    )
    assert status == 1
    assert "error: the party holds PCs only: import NPCs into a scene" in out


def test_a_scene_with_unsaved_changes_in_its_journal_is_refused(scenes: Path) -> None:
    scene = scenes / "golden-mask.toml"
    session = Session.open(scene)
    assert session.execute("fp spend rozio").ok  # journaled, not saved
    status, out = cli("import", str(fixture("fari-v6-eira.json")), "--into", str(scene))
    assert status == 2
    assert out == (
        f"{scene} has changes that were not saved (its journal holds them): open it in "
        "fatescreen first to recover or discard them\n"
    )


def test_a_campaign_with_unsaved_changes_is_refused(scenes: Path) -> None:
    session = open_campaign(scenes)
    assert session.execute("play 1").ok
    assert session.execute("fp spend rozio").ok
    status, _ = cli("import", str(fixture("fari-v6-eira.json")), "--into", str(scenes))
    assert status == 2


def test_a_missing_target_is_one_line(scenes: Path) -> None:
    status, out = cli("import", str(fixture("fari-v6-eira.json")), "--into", str(scenes / "x.toml"))
    assert status == 2 and out.count("\n") == 1


def test_the_report_in_finnish(scenes: Path) -> None:
    scene = scenes / "golden-mask.toml"
    status, out = cli(
        "import", str(fixture("fari-v4-tarmo-custom.json")), "--into", str(scene), "--lang", "fi"
    )
    assert status == 0, out
    assert "Tarmo Kivi, lähde Fari v4" in out
    assert re.search(r"  ydin +Rune-carver of the quarry +Piirteet › Ydin", out)
    assert "jäi pois: Rasitus › Doom ($.pages[0].sections.right[0].blocks[2]): linja, jolle" in out
    assert "lisätty: Tarmo Kivi" in out
    assert "tallennettu" in out


def test_a_campaign_scene_that_names_the_party_says_where_to_import(scenes: Path) -> None:
    scene = scenes / "campaign" / "01-archive-ambush.toml"
    status, out = cli("import", str(fixture("fari-v6-eira.json")), "--into", str(scene))
    assert status == 2
    assert out.splitlines()[-1] == (
        f"this scene belongs to the campaign in {scenes}: import into the campaign (its "
        "party), or play the scene there and type import"
    )
