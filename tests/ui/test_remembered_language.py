"""The language a GM chose is the one every command speaks next time, whatever the
laptop's locale: the dashboards remember it (Fate's and every other system's), and the
command line's subcommands speak it; ``--lang`` and ``FATESCREEN_LANG`` still decide first."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from fatescreen import cli
from fatescreen.ui.config import Settings, load_settings, save_settings
from fatescreen.ui.systems.shell import SystemApp
from tests.systems.support import SILLALLA, copied
from tests.ui.support import screen_text

GOLDEN = Path(__file__).resolve().parents[2] / "scenes" / "golden-mask.toml"


@pytest.fixture
def own_choice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No language forced by the environment; an English locale; a settings folder of
    the test's own."""
    monkeypatch.delenv("FATESCREEN_LANG", raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("FATESCREEN_CONFIG_DIR", str(tmp_path / "config"))


def check(*args: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        cli.main(["check", str(GOLDEN), *args])
    return out.getvalue()


@pytest.mark.usefixtures("own_choice")
def test_a_subcommand_speaks_the_language_the_gm_chose_last(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert check().endswith(": ok\n")
    save_settings(Settings(lang="fi"))
    assert check().endswith(": kunnossa\n")
    assert check("--lang", "en").endswith(": ok\n")
    monkeypatch.setenv("FATESCREEN_LANG", "en")
    assert check().endswith(": ok\n")


@pytest.mark.usefixtures("own_choice")
async def test_another_systems_dashboard_remembers_the_language(tmp_path: Path) -> None:
    path = copied(tmp_path, SILLALLA)
    app = SystemApp(path, cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.view_state.lang == "en"
        await pilot.press("L")
        await pilot.pause()
        assert "Komento" in screen_text(app)
    assert load_settings().lang == "fi"
    again = SystemApp(path, cursor_blink=False)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert again.view_state.lang == "fi" and "Komento" in screen_text(again)
    assert check().endswith(": kunnossa\n")


@pytest.mark.usefixtures("own_choice")
async def test_lang_given_to_another_systems_dashboard_is_remembered(tmp_path: Path) -> None:
    path = copied(tmp_path, SILLALLA)
    app = SystemApp(path, lang="fi", cursor_blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
    assert load_settings().lang == "fi"
    assert check().endswith(": kunnossa\n")
