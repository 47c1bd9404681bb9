"""The campaign subcommands: new-campaign, new-scene, log, and check and run on a campaign."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from fatescreen.cli import main
from fatescreen.scene.campaign import load_campaign, party_of
from fatescreen.scene.load import load_scene
from tests.campaign.support import campaign_file


def cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main([*args, "--lang", "en"])
    return status, out.getvalue()


def test_new_campaign_scaffolds_a_party_and_a_scene_that_check(tmp_path: Path) -> None:
    folder = tmp_path / "Night city"
    status, text = cli("new-campaign", str(folder))
    assert (status, text) == (0, f"created the campaign Night city in {folder}\n")
    campaign = load_campaign(folder).campaign
    assert [pc.name for pc in campaign.pcs] == ["Ada", "Bruno"]
    assert [entry.key for entry in campaign.scenes] == ["01-first-scene.toml"]
    scene = load_scene(folder / "01-first-scene.toml", party_of(campaign)).scene
    assert scene.party == ("ada", "bruno") and len(scene.characters) == 5
    assert cli("check", str(folder), str(folder / "01-first-scene.toml"))[0] == 0
    status, text = cli("new-campaign", str(folder))
    assert (status, text) == (1, f"{folder} already exists: choose another name\n")


@pytest.mark.parametrize("kind", ["conflict", "contest", "challenge"])
def test_new_scene_refers_to_the_party_inside_a_campaign(campaign_dir: Path, kind: str) -> None:
    path = campaign_dir / "campaign" / f"04-{kind}.toml"
    status, _ = cli("new-scene", str(path), "--title", "The docks", "--kind", kind)
    assert status == 0
    text = path.read_text(encoding="utf-8")
    assert 'pcs = ["silbestre", "rozio", "vitor", "riesa"]' in text
    assert campaign_file(campaign_dir)["scenes"][-1] == f"campaign/04-{kind}.toml"
    assert cli("check", str(path))[0] == 0


def test_new_scene_outside_a_campaign_embeds_a_pc(tmp_path: Path) -> None:
    assert cli("new-scene", str(tmp_path), "--title", "Bridge", "--kind", "contest")[0] == 0
    scene = load_scene(tmp_path / "bridge.toml").scene
    assert [c.name for c in scene.pcs] == ["A player character"]
    assert scene.contests[0].sides[0].members == ("a-player-character",)
    assert cli("new-scene", str(tmp_path / "bridge.toml"))[0] == 1


def test_check_reports_a_broken_party_and_a_scene_without_its_party(tmp_path: Path) -> None:
    assert cli("new-campaign", str(tmp_path / "c"))[0] == 0
    party = tmp_path / "c" / "party.toml"
    party.write_text(party.read_text(encoding="utf-8").replace("Deceive = 4", "Deceive = 9"))
    status, text = cli("check", str(party))
    assert status == 1
    assert f"{party}:12: pc[1].skills: +9 holds 1 skill but Legendary (+8) below it" in text
    loose = tmp_path / "loose.toml"
    loose.write_text('format = 1\ntitle = "x"\npcs = ["ada"]\n', encoding="utf-8")
    status, text = cli("check", str(loose))
    assert status == 1 and "no party.toml was found" in text


def test_run_plays_a_campaign_and_log_exports_the_session(campaign_dir: Path) -> None:
    script = campaign_dir / "script.txt"
    script.write_text("play 1\nfp give rozio 1 a fine speech\nendscene\n", encoding="utf-8")
    status, text = cli("run", str(campaign_dir), "--script", str(script))
    assert status == 0, text
    assert "  GM pool 2 = PCs 2 + carried by NPCs 0 (none) + unspent compel points 0" in text
    status, markdown = cli("log", str(campaign_dir), "--session", "2")
    assert status == 0
    assert markdown.startswith("# The golden mask: session 2\n\n## Ambush in the archive\n\n")
    # the players' record: what the table saw, not the GM's commands
    assert "- Rozio: fate points 1 → 2\n" in markdown
    assert "`fp give rozio" not in markdown
    status, full = cli("log", str(campaign_dir), "--session", "2", "--gm")
    assert status == 0
    assert "- `fp give rozio 1 a fine speech`\n  - Rozio gains 1 fate point" in full
    assert cli("log", str(campaign_dir), "--session", "9")[1].endswith(
        "Nothing was recorded in this session.\n"
    )
    out = campaign_dir / "session.md"
    assert cli("log", str(campaign_dir), "--out", str(out))[0] == 0
    assert out.read_text(encoding="utf-8") == markdown


def test_a_running_scene_opened_alone_points_to_its_campaign(
    campaign_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The scene a campaign runs is refused to a second dashboard, and the hint opens the
    campaign read-only, not the file alone (which would show the scene's own copies of the
    PCs, not the party)."""
    from fatescreen.cli import open_dashboard
    from fatescreen.commands.campaign_session import open_campaign

    session = open_campaign(campaign_dir, lang="en", lock=True)
    try:
        assert session.execute("play 1").ok
        scene = campaign_dir / "campaign" / "01-archive-ambush.toml"
        assert open_dashboard(scene, "en", None) == 2
        said = capsys.readouterr().err
        assert "is open for writing in another fatescreen" in said
        assert f"open the campaign read-only: fatescreen --read-only {campaign_dir}" in said
        assert open_dashboard(scene, "fi", None) == 2
        assert f"avaa kampanja vain luettavaksi: fatescreen --read-only {campaign_dir}" in (
            capsys.readouterr().err
        )
    finally:
        session.close()


def test_a_scene_of_the_campaign_not_running_there_gets_the_plain_hint(
    campaign_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A scene the campaign lists but does not run, open in another dashboard on its own:
    the hint opens that file read-only."""
    from fatescreen.cli import open_dashboard
    from fatescreen.commands.session import Session

    scene = campaign_dir / "golden-mask.toml"
    holder = Session.open(scene, lock=True)
    try:
        assert open_dashboard(scene, "en", None) == 2
        said = capsys.readouterr().err
        assert "open this one read-only: fatescreen --read-only" in said
        assert "open the campaign" not in said
    finally:
        holder.close()
