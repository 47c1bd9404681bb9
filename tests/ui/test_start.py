"""Starting the dashboard: the collector paused for the start, the theme chosen up front."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.color import Color
from textual.dom import DOMNode

from fatescreen import cli
from fatescreen.ui import collector
from fatescreen.ui.app import KEY_MODULES, PANE_ORDER, FatescreenApp
from fatescreen.ui.pick import SteadyFooter
from tests.ui.support import AppFactory

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture
def restored_collector() -> Iterator[None]:
    """Whatever a test does to the collector, it is as before afterwards."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    gc.enable()


def test_the_console_script_pauses_the_collector_before_the_dashboard_starts(
    monkeypatch: pytest.MonkeyPatch, scene_folder: Path, restored_collector: None
) -> None:
    seen: list[bool] = []
    monkeypatch.setattr(FatescreenApp, "run", lambda self: seen.append(gc.isenabled()))
    assert cli.main([str(scene_folder / "golden-mask.toml")]) == 0
    assert seen == [False]


def test_the_console_script_loads_a_large_scene_in_a_child_process(
    monkeypatch: pytest.MonkeyPatch, scene_folder: Path, restored_collector: None
) -> None:
    """A scene of 128 KiB or more is loaded by a child started before the interface: the
    dashboard's session holds the scene it handed over, and no child is left behind."""
    from fatescreen.scene import preload
    from fatescreen.scene.load import LoadedScene, load_scene

    path = scene_folder / "large.toml"
    subprocess.run(
        [sys.executable, str(BENCH / "make_large_scene.py"), str(path), "--scale", "10"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    assert path.stat().st_size >= preload.PRELOAD_BYTES
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))  # a core to spare
    handed: list[object] = []
    claim = preload.claim
    monkeypatch.setattr(preload, "claim", lambda p: handed.append(claim(p)) or handed[-1])
    loaded: list[FatescreenApp] = []
    monkeypatch.setattr(FatescreenApp, "run", lambda self: loaded.append(self))
    assert cli.main([str(path)]) == 0
    assert len(handed) == 1 and isinstance(handed[0], LoadedScene)
    session = loaded[0].session
    assert session is not None and session.loaded is handed[0]
    assert session.scene == load_scene(path).scene
    assert not preload._started


async def test_the_first_frame_freezes_the_start_and_resumes_collecting(
    make_app: AppFactory, restored_collector: None
) -> None:
    collector.pause()
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] == collector.YOUNG
        assert "Silbestre" in {c.name for c in app.scene.characters}


class Cycle:
    """An object that refers to itself: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


async def test_what_a_command_leaves_is_collected_once_its_frame_is_shown(
    make_app: AppFactory, restored_collector: None
) -> None:
    """The young objects are collected after the frame of a key's command, long before the
    thousands of allocations that would set off a collection on their own."""
    collector.pause()
    app = make_app()
    async with app.run_test() as pilot:
        await pilot.pause()
        garbage = weakref.ref(Cycle())
        assert garbage() is not None
        await pilot.press("n")
        await pilot.pause()
        assert garbage() is None
        assert gc.get_count()[0] < collector.YOUNG


@pytest.mark.parametrize(
    ("counts", "generation"), [((900, 3, 2), 0), ((900, 9, 2), 1), ((900, 9, 9), 2)]
)
def test_a_tidy_collects_an_older_generation_when_python_would(
    monkeypatch: pytest.MonkeyPatch, counts: tuple[int, int, int], generation: int
) -> None:
    """As Python does: the middle generation after ten collections of the youngest, the
    oldest after ten of the middle one."""
    collected: list[int] = []
    monkeypatch.setattr(gc, "get_count", lambda: counts)
    monkeypatch.setattr(gc, "get_threshold", lambda: (collector.YOUNG, 10, 10))
    monkeypatch.setattr(gc, "collect", collected.append)
    collector.tidy()
    assert collected == [generation]


async def test_a_collector_never_paused_is_left_alone(
    make_app: AppFactory, restored_collector: None
) -> None:
    frozen, thresholds = gc.get_freeze_count(), gc.get_threshold()
    async with make_app().run_test() as pilot:
        await pilot.pause()
        assert gc.isenabled()
        # nothing frozen by the app (objects frozen before it, by another test's app in the
        # same worker, may be freed meanwhile: the count may fall, never rise)
        assert gc.get_freeze_count() <= frozen
        assert gc.get_threshold() == thresholds


@pytest.mark.parametrize(("theme", "dark"), [("fate-light", False), ("fate-dark", True)])
async def test_the_chosen_theme_is_in_place_from_the_first_frame(
    make_app: AppFactory, theme: str, dark: bool
) -> None:
    app = make_app(theme=theme)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.theme == theme
        assert app.has_class(f"-theme-{theme}")
        assert app.has_class("-dark-mode") is dark
        assert app.has_class("-light-mode") is not dark
        background = app.get_theme(theme).background  # type: ignore[union-attr]
        assert app.screen.styles.background.hex.lower() == str(background).lower()


async def test_switching_theme_redraws_the_line_views_in_its_colours(
    make_app: AppFactory,
) -> None:
    """The turn order's heading is drawn in the theme's secondary colour, before and
    after switching from the dark theme to the light one."""
    app = make_app(theme="fate-dark")
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        body = app.query_one("#turn-body")

        def heading_is(colour: str | None) -> bool:
            segment = next(s for s in body.render_line(0) if s.text.strip())  # type: ignore[attr-defined]
            shown = segment.style.color.triplet
            wanted = Color.parse(colour or "")
            return all(abs(a - b) <= 2 for a, b in zip(shown, wanted.rgb, strict=True))

        dark = app.get_theme("fate-dark")
        light = app.get_theme("fate-light")
        assert dark is not None and light is not None
        assert heading_is(dark.secondary)
        assert not heading_is(light.secondary)
        app.theme = "fate-light"
        await pilot.pause()
        await pilot.pause()
        assert heading_is(light.secondary)


def test_the_keys_work_before_the_warm_up_imports_what_they_need(
    scene_folder: Path, tmp_path: Path
) -> None:
    """In a fresh process: the first frame is drawn without the modules only the keys need
    (the flows, the typed requests, the player view's values); a tick, a hand-off and a
    stress box pressed before the warm-up import what they need and do what they do; the
    warm-up then imports the rest."""
    env = {
        **os.environ,
        "FATESCREEN_DATA_DIR": str(tmp_path / "data"),
        "FATESCREEN_CONFIG_DIR": str(tmp_path / "config"),
    }
    done = subprocess.run(
        [
            sys.executable,
            str(Path(__file__).with_name("start_keys_script.py")),
            str(scene_folder / "golden-mask.toml"),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["first frame"] == []
    assert report["up before"] != "silbestre"
    assert (report["up"], report["ticked"], report["stress"]) == ("silbestre", 1, ["physical 1"])
    assert {"fatescreen.commands.requests", "fatescreen.ui.flows.steps"} <= set(
        report["after keys"]
    )
    assert report["warmed up"] is True
    assert report["after warm-up"] == list(KEY_MODULES)


def _started(scene: Path, tmp_path: Path) -> dict[str, list[str]]:
    """What ``start_modules_script.py`` reports for ``scene``, in a fresh process."""
    env = {
        **os.environ,
        "FATESCREEN_DATA_DIR": str(tmp_path / "data"),
        "FATESCREEN_CONFIG_DIR": str(tmp_path / "config"),
    }
    done = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("start_modules_script.py")), str(scene)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report: dict[str, list[str]] = json.loads(done.stdout.splitlines()[-1])
    return report


def test_the_first_frame_imports_neither_contest_rules_nor_resource_readers(
    scene_folder: Path, tmp_path: Path
) -> None:
    """In a fresh process, on the demo scene (no contest, no challenge): the first frame is
    drawn without the contest and challenge rules, without gettext (the catalogs' plural
    rule is read as a plain function), without importlib.resources and zipfile (the
    themes' folder is found as a path), without the locator of a file's problems (a file
    without any) and without shlex (the keys' command lines have no quotes)."""
    report = _started(scene_folder / "golden-mask.toml", tmp_path)
    assert report["loaded"] == []
    assert any("Silbestre" in line for line in report["turn"])


@pytest.mark.parametrize(
    ("scene", "shown"),
    [
        ("night-market-chase.toml", "Catch the courier"),
        ("burning-library.toml", "Save the burning library  2✓ 0✗"),
    ],
)
def test_a_scene_with_a_contest_or_challenge_brings_their_rules_to_the_first_frame(
    scene_folder: Path, tmp_path: Path, scene: str, shown: str
) -> None:
    """A contest's board and a challenge's checklist are in the turn order from the first
    frame; the checklist counts the tasks achieved (one a success, one a tie: achieved at
    a cost) and failed, as the rules core sorts them."""
    report = _started(scene_folder / scene, tmp_path)
    assert report["loaded"] == ["fatescreen.rules.contests"]
    assert any(shown in line for line in report["turn"])


@pytest.mark.parametrize(("size", "compact"), [((160, 50), False), ((80, 24), True)])
async def test_the_footer_keys_are_styled_once_with_the_footers_compactness(
    make_app: AppFactory,
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
    compact: bool,
) -> None:
    """Each key of the footer comes with the footer's compactness: none changes its class
    (and is styled again) while the dashboard starts, and each shows the footer's style
    (the palette's key, bound to nothing, keeps its own)."""

    def is_bound_key(node: DOMNode | None) -> bool:
        return type(node).__name__ == "FooterKey" and not node.has_class("-command-palette")

    app = make_app()
    restyled: list[str] = []
    update_styles = app.update_styles

    def counted(node: DOMNode | None = None, animate: bool = True) -> None:
        if is_bound_key(node):
            restyled.append(str(getattr(node, "key", "")))
        update_styles(node, animate)

    monkeypatch.setattr(app, "update_styles", counted)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        footer = app.query_one(SteadyFooter)
        keys = [key for key in footer.query("*") if is_bound_key(key)]
        assert len(keys) > 3
        assert restyled == []
        assert footer.compact is compact
        assert all(key.has_class("-compact") is compact for key in keys)


@pytest.mark.parametrize("size", [(160, 50), (80, 24)])
async def test_the_shown_pane_is_marked_before_it_is_mounted(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The shown pane and the column holding it come with their mark: no pane or column
    gets it once mounted while the dashboard starts (each would be styled again, with all
    it holds), and the compact layout shows the zones pane alone above the log."""
    marked_late: list[str | None] = []
    add_class = DOMNode.add_class

    def counted(node: DOMNode, *names: str, update: bool = True) -> DOMNode:
        if "-shown" in names and update and not node.has_class(*names):
            marked_late.append(node.id)
        return add_class(node, *names, update=update)

    monkeypatch.setattr(DOMNode, "add_class", counted)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert marked_late == []
        assert [node.id for node in app.query(".-shown")] == ["left", "zones"]
        shown = [pane for pane in PANE_ORDER if app.query_one(f"#{pane}").display]
        assert shown == (["zones", "log"] if size[0] < 100 else list(PANE_ORDER))
