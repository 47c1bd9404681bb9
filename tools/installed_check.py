"""Try an installed fatescreen (run by tools/install_test.py with the installed Python, in
a folder outside the source tree): the version, the shipped scenes, the built-in themes
and the demo campaign opened headless with every pane of the dashboard filled."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import sysconfig
from importlib.metadata import metadata
from pathlib import Path

from textual.widgets import Static

import fatescreen
from fatescreen.resources import sample_campaign, shipped
from fatescreen.ui.app import PANE_ORDER
from fatescreen.ui.campaign import CampaignApp
from fatescreen.ui.groups import GroupsView
from fatescreen.ui.lines import LinesView
from fatescreen.ui.panes.base import Pane
from fatescreen.ui.panes.zones import MapView
from fatescreen.ui.scene_list import SceneListScreen
from fatescreen.ui.themes import THEME_DIR, load_themes

INSTALLED = Path(sysconfig.get_paths()["purelib"]).resolve()
EXPECTED_THEMES = {"fate-dark", "fate-light", "fate-contrast"}


def expect(condition: bool, what: str) -> None:
    """Stop with a message if something is wrong."""
    if not condition:
        sys.exit(f"install test: {what}")
    print(f"ok: {what}")


def installed(path: Path) -> bool:
    return path.resolve().is_relative_to(INSTALLED)


def fatescreen_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["fatescreen", *args], capture_output=True, text=True)


def pane_text(pane: Pane) -> str:
    """What a pane shows, as tests.ui.support.text_of reads it (this script runs in the
    installed environment, where the tests are not)."""
    parts = [pane, *pane.query("*")]
    texts = []
    for part in parts:
        if isinstance(part, LinesView | GroupsView | MapView):
            texts.append(part.plain)
        elif isinstance(part, Static):
            texts.append(str(getattr(part.visual, "plain", part.visual)))
    return "".join(texts).strip()


async def open_demo() -> None:
    folder = sample_campaign()
    expect((folder / "campaign.toml").is_file(), f"the demo campaign is copied to {folder}")
    app = CampaignApp(folder, lang="en", cursor_blink=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        expect(isinstance(app.screen, SceneListScreen), "the demo opens on its scene list")
        await pilot.press("enter")
        await pilot.pause()
        expect(len(app.screen_stack) == 1, "Enter plays a scene on the dashboard")
        panes = list(app.query(Pane))
        expect(len(panes) == len(PANE_ORDER), f"the dashboard has its {len(PANE_ORDER)} panes")
        for pane in panes:
            expect(bool(pane_text(pane)), f"the {type(pane).__name__} is filled")
        expect(app.current_theme.name in EXPECTED_THEMES, "the dashboard has a built-in theme")


def main() -> None:
    expect(installed(Path(fatescreen.__file__)), f"fatescreen is imported from {INSTALLED}")
    version = fatescreen_command("--version")
    said = version.stdout.strip()
    expect(
        version.returncode == 0 and said == f"fatescreen {fatescreen.__version__}",
        f"fatescreen --version says {said!r}",
    )
    scenes = shipped("scenes")
    expect(installed(scenes), f"the scenes ship in the package ({scenes})")
    files = [  # the campaign folder, and each scene in it
        str(scenes),
        *sorted(str(path) for path in scenes.rglob("*.toml") if path.parent.name != "library"),
    ]
    expect(len(files) >= 10, f"{len(files) - 1} scene files ship")
    checked = fatescreen_command("check", "--lang", "en", *files)
    expect(
        checked.returncode == 0 and checked.stdout.count(": ok") == len(files),
        "fatescreen check passes every shipped scene"
        + ("" if checked.returncode == 0 else "\n" + checked.stdout),
    )
    expect(installed(THEME_DIR), f"the themes ship in the package ({THEME_DIR})")
    names = {theme.name for theme in load_themes(THEME_DIR)}
    expect(names == EXPECTED_THEMES, f"the built-in themes load: {', '.join(sorted(names))}")
    unknown = fatescreen_command("--theme", "no-such-theme")
    expect(
        unknown.returncode != 0 and all(name in unknown.stderr for name in EXPECTED_THEMES),
        "an unknown --theme is an error that lists the built-in themes",
    )
    missing = fatescreen_command("no-such-scene.toml")
    expect(
        missing.returncode != 0 and "fatescreen new no-such-scene.toml" in missing.stderr,
        "a missing scene file is an error that offers fatescreen new",
    )
    finnish = fatescreen_command("odds", "3", "vs", "2", "invokes", "1", "--lang", "fi")
    expect(
        finnish.stdout.startswith("Hyvä (+3) vs. Kohtalainen (+2), 1 piirteen käyttö:"),
        "the Finnish catalog ships (fatescreen odds --lang fi)",
    )
    usage = fatescreen_command("check", "--lang", "fi")
    expect(
        usage.returncode == 2 and "käyttö:" in usage.stderr and "virhe:" in usage.stderr,
        "argparse's usage and errors speak Finnish (fatescreen check --lang fi)",
    )
    urls = metadata("fatescreen").get_all("Project-URL") or []
    expect(
        len(urls) >= 4 and all("https://github.com/fatescreen/fatescreen" in url for url in urls),
        "the project URLs ship in the metadata: " + "; ".join(urls),
    )
    save_seven_scripts()
    asyncio.run(open_demo())


MINIMAL = """\
# A minimal scene, by hand
format = 1
title = "Mud"   # the title

[[zone]]
name = "Yard"   # the only zone

[[pc]]
name = "Ann"
zone = "Yard"
skills = { Fight = 2 }

[[npc]]
name = "Guard"
kind = "minor"
zone = "Yard"
skills = { Fight = 1 }
"""
SCRIPTS = (
    "overcome ann Fight +++0 vs 2",
    "attack ann guard Fight 0000 vs 0000",
    'create ann Fight "High ground" ++++',
    'boost ann "Lucky break"',
    'aspect add "Mud everywhere"',
    "next ann",
    "fp give ann 1",
)


def save_seven_scripts() -> None:
    """Each one-line session on a hand-written scene saves; the file keeps every line it
    had (its comments with them) and reads back."""
    folder = Path("seven")
    folder.mkdir(exist_ok=True)
    for script in SCRIPTS:
        scene = folder / "mud.toml"
        scene.write_text(MINIMAL, encoding="utf-8")
        done = subprocess.run(
            ["fatescreen", "run", str(scene), "--script", "-", "--save", "--lang", "en"],
            input=script + "\n",
            capture_output=True,
            text=True,
        )
        text = scene.read_text(encoding="utf-8")
        lines = text.splitlines()
        kept = all(line in lines for line in MINIMAL.splitlines())
        checked = fatescreen_command("check", "--lang", "en", str(scene))
        expect(
            done.returncode == 0 and "saved to" in done.stdout and kept and checked.returncode == 0,
            f"{script!r} saves, keeps the comments and reads back"
            + ("" if done.returncode == 0 else "\n" + done.stderr[-2000:]),
        )


if __name__ == "__main__":
    main()
