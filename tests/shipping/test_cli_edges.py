"""The command line's edges: --version, examples in --help, a missing or unreadable file,
the ways a GM asks for odds, a misspelt table header's line, the demo, themes by name."""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

import pytest

from fatescreen import __version__
from fatescreen.cli import SUBCOMMANDS, build_parser, build_subparser, example_lines, main
from fatescreen.resources import sample_campaign, shipped
from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.campaign import CampaignApp
from fatescreen.ui.themes import all_themes

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def isolated_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("FATESCREEN_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("FATESCREEN_LANG", raising=False)


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as done:
            status = int(done.code or 0)
    return status, out.getvalue(), err.getvalue()


def test_version() -> None:
    assert cli("--version") == (0, f"fatescreen {__version__}\n", "")


@pytest.mark.parametrize("name", ["", *SUBCOMMANDS])
def test_help_shows_examples_of_each_command(name: str) -> None:
    parser = build_subparser(name, "en") if name else build_parser("en")
    text = parser.format_help()
    assert "examples:" in text
    for example in example_lines(name, "en"):
        assert example in text


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("name", ["", *SUBCOMMANDS])
def test_help_fits_an_80_column_terminal(
    monkeypatch: pytest.MonkeyPatch, name: str, lang: str
) -> None:
    """Every line of --help fits 80 columns: the terminal never breaks a line mid-word."""
    monkeypatch.setenv("COLUMNS", "80")
    parser = build_subparser(name, lang) if name else build_parser(lang)
    long = [line for line in parser.format_help().splitlines() if len(line) > 80]
    assert not long


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_a_missing_scene_file_is_one_line_and_offers_new(tmp_path: Path, lang: str) -> None:
    missing = tmp_path / "missing.toml"
    status, out, err = cli(str(missing), "--lang", lang)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert f"fatescreen new {missing}" in err
    assert ("no such file" in err) == (lang == "en")
    assert not missing.exists()


def test_check_says_the_same_of_a_missing_file(tmp_path: Path) -> None:
    status, out, _ = cli("check", str(tmp_path / "gone.toml"), "--lang", "en")
    assert status == 1
    gone = tmp_path / "gone.toml"
    assert out == f"{gone}: no such file. To create it: fatescreen new {gone}\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_scene_file_is_one_line(tmp_path: Path) -> None:
    locked = tmp_path / "locked.toml"
    locked.write_text('format = 1\ntitle = "x"\n', encoding="utf-8")
    locked.chmod(0)
    status, _, err = cli(str(locked), "--lang", "en")
    assert status == 2
    assert err.startswith(f"{locked}: cannot read it: ")
    assert err.count("\n") == 1


def test_new_creates_the_offered_file(tmp_path: Path) -> None:
    target = tmp_path / "ambush.toml"
    status, out, _ = cli("new", str(target), "--lang", "en")
    assert status == 0, out
    assert target.is_file()
    assert cli("check", str(target), "--lang", "en")[:2] == (0, f"{target}: ok\n")


@pytest.mark.parametrize(
    "words",
    [
        "3 vs opposed 2",
        "3 opposed 2",
        "3 vs vastus 2",
        "Good opposed Fair",
        "+3 vastus +2",
    ],
)
def test_odds_against_an_opposing_roll_said_any_way(words: str) -> None:
    status, out, _ = cli("odds", *words.split(), "--lang", "en")
    assert (status, out) == (
        0,
        "Good (+3) vs an opposing Fair (+2): fail 26% · tie 15% · success 32% · style 26%\n",
    )


@pytest.mark.parametrize(
    "words",
    [
        "3 vs 2 invokes 1",
        "3 2 invokes 1",
        "3 vs 2 1 invoke",
        "3 vs 2 with 1 invoke",
        "3 vastaan 2 i 1",
    ],
)
def test_odds_with_invokes_said_any_way(words: str) -> None:
    status, out, _ = cli("odds", *words.split(), "--lang", "en")
    assert status == 0
    assert out.startswith("Good (+3) vs Fair (+2) with 1 invoke")


def test_odds_still_refuses_what_it_cannot_read() -> None:
    status, out, _ = cli("odds", "3", "vs", "2", "banana", "--lang", "en")
    assert status == 1
    assert "did not understand 'banana'" in out


def test_a_misspelt_table_header_names_its_line(tmp_path: Path) -> None:
    scene = tmp_path / "typo.toml"
    scene.write_text(
        'format = 1\ntitle = "Typo"\n\n[[zones]]\nid = "hall"\nname = "Hall"\n', encoding="utf-8"
    )
    status, out, _ = cli("check", str(scene), "--lang", "en")
    assert status == 1
    assert out.startswith(f"{scene}:4: zones: unknown key 'zones' (did you mean 'zone'?)")


def test_demo_copies_the_sample_campaign_once_and_opens_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    opened: list[Path | None] = []
    monkeypatch.setattr(CampaignApp, "run", lambda app: opened.append(app.scene_path))
    assert cli("demo")[0] == 0
    copy = tmp_path / "data" / "sample-campaign"
    assert opened == [copy]
    assert sorted(p.name for p in copy.glob("*.toml")) == sorted(
        p.name for p in shipped("scenes").glob("*.toml")
    )
    (copy / "notes.txt").write_text("the GM's own", encoding="utf-8")
    party = (copy / "party.toml").read_text(encoding="utf-8") + "\n# played\n"
    (copy / "party.toml").write_text(party, encoding="utf-8")
    assert cli("demo")[0] == 0  # a second time keeps the GM's copy as it is
    assert (copy / "party.toml").read_text(encoding="utf-8") == party
    assert sample_campaign() == copy


def test_no_argument_on_first_run_opens_the_demo(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    opened: list[Path | None] = []
    monkeypatch.setattr(CampaignApp, "run", lambda app: opened.append(app.scene_path))
    monkeypatch.setattr(FatescreenApp, "run", lambda app: opened.append(app.scene_path))
    assert cli()[0] == 0
    assert opened == [tmp_path / "data" / "sample-campaign"]


def test_shipped_folders_are_found_in_a_source_checkout() -> None:
    assert shipped("scenes") == ROOT / "scenes"
    assert shipped("themes") == ROOT / "themes"


def test_themes_by_name_built_in_and_the_gms_own(tmp_path: Path) -> None:
    folder = tmp_path / "config" / "themes"
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text('name = "my-night"\nprimary = "#336699"\n', encoding="utf-8")
    names = [theme.name for theme in all_themes()]
    assert names == ["fate-contrast", "fate-dark", "fate-light", "my-night"]
    opened: list[str] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(CampaignApp, "run", lambda app: opened.append(app.theme))
        assert cli("demo", "--theme", "my-night")[0] == 0
    assert opened == ["my-night"]


def test_an_unknown_theme_is_an_error_listing_the_themes() -> None:
    status, _, err = cli("demo", "--theme", "fate-drak", "--lang", "en")
    assert status == 2
    assert err.startswith("no theme 'fate-drak'; the themes: ")
    assert "fate-dark" in err


def test_a_broken_user_theme_names_its_file(tmp_path: Path) -> None:
    folder = tmp_path / "config" / "themes"
    folder.mkdir(parents=True)
    (folder / "bad.toml").write_text('name = "bad"\nprimray = "#fff"\n', encoding="utf-8")
    status, _, err = cli("demo")
    assert status == 2
    assert err == f"{folder / 'bad.toml'}: unknown key 'primray'\n"
