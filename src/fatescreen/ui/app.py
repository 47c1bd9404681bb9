"""The fatescreen dashboard: a coordinator that turns keys and dialogs into commands."""

from __future__ import annotations

import time
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import replace
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, TypeVar

from textual import events
from textual.actions import SkipAction
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input
from textual.worker import Worker

from fatescreen.commands.core import Context, line_in, registry, verb_help
from fatescreen.commands.errors import CommandError
from fatescreen.commands.session import Result, Session
from fatescreen.commands.writer import locked_message, open_writer
from fatescreen.i18n import LANGUAGES, chosen_language, tr
from fatescreen.rules.character import CharacterKind
from fatescreen.rules.obstacles import Hazard
from fatescreen.scene import presence
from fatescreen.scene.aspects import aspects_in_play
from fatescreen.scene.errors import Problem, SceneFileError
from fatescreen.scene.lock import SceneLocked
from fatescreen.scene.model import Scene
from fatescreen.ui import collector
from fatescreen.ui.commandbar import CommandBar
from fatescreen.ui.config import Settings, load_settings, save_settings
from fatescreen.ui.kept import KeptLines
from fatescreen.ui.keymap import KeymapError, read_keymap
from fatescreen.ui.keys import (
    binding_commands,
    open_command_palette,
    palette_text,
    textual_commands_in,
    translate_bindings,
)
from fatescreen.ui.line_input import quiet_after_close
from fatescreen.ui.lines import TextBlock
from fatescreen.ui.panes.aspects import AspectsPane
from fatescreen.ui.panes.base import Pane
from fatescreen.ui.panes.fate import FatePane
from fatescreen.ui.panes.log import LogPane
from fatescreen.ui.panes.notes import NotesPane
from fatescreen.ui.panes.obstacles import ObstaclesPane
from fatescreen.ui.panes.statblock import StatBlockPane, StressBoxes
from fatescreen.ui.panes.turn import TurnPane
from fatescreen.ui.panes.zones import ZonesPane
from fatescreen.ui.pick import QuickPick, SteadyFooter
from fatescreen.ui.saving import BackgroundSaves
from fatescreen.ui.state import View
from fatescreen.ui.tabs import PaneTabs
from fatescreen.ui.text import assemble, literal, status_line
from fatescreen.ui.themes import DEFAULT_THEME, usable_themes

if TYPE_CHECKING:
    from fatescreen.commands.requests import Attack, Create, Order, Overcome, Request
    from fatescreen.ui.build import SceneBuilder
    from fatescreen.ui.dialogs import Dialog
    from fatescreen.ui.dialogs.roll import RollDialog
    from fatescreen.ui.edit import CharacterEditor
    from fatescreen.ui.flows.compels import CompelFlow
    from fatescreen.ui.flows.harm import HarmFlow
    from fatescreen.ui.flows.invokes import InvokeFlow
    from fatescreen.ui.flows.session import SessionFlow
    from fatescreen.ui.flows.steps import StepFlow
    from fatescreen.ui.messages import CharacterChosen, EditChosen, RequestSubmitted

WARM_UP_AFTER = 1.0
"""Seconds without a key or click after which the warm-up starts."""
WARM_UP_RESUMES = 0.5
"""Seconds without a key or click after which a warm-up that keys paused goes on."""
KEY_MODULES = (
    "fatescreen.commands.requests",
    "fatescreen.commands.pointing",
    "fatescreen.ui.flows.steps",
    "fatescreen.ui.flows.harm",
    "fatescreen.ui.flows.compels",
    "fatescreen.ui.flows.session",
    "fatescreen.scene.public",
)
"""What the keys and their dialogs import when first pressed, which the first frame does
not need: the warm-up imports them first."""
PASS_THROUGH = frozenset({"ctrl+q", "ctrl+c", "ctrl+p"})
"""Keys that still reach the app while the quick pick is open."""

NARROW_FOOTER = frozenset({"help", "attack", "overcome", "create", "invoke", "next_turn", "undo"})
"""The keys the footer shows below 100 columns (help lists them all)."""

TWO_COLUMN_FOOTER = NARROW_FOOTER | {"tick", "save"}
"""The keys the footer shows from 100 to 139 columns (all of them only from 140)."""

NARROW = 100
"""Below this many columns one pane is shown at a time and the footer is compact."""
WIDE = 140
"""From this many columns the footer shows every key."""


def footer_keys(width: int) -> frozenset[str] | None:
    """The ids of the keys the footer shows at ``width`` columns (None: every key)."""
    if width < NARROW:
        return NARROW_FOOTER
    return TWO_COLUMN_FOOTER if width < WIDE else None


Shown = TypeVar("Shown", bound=Widget)
"""A pane or a column of panes (see :meth:`FatescreenApp._shown`)."""

PANE_ORDER = ("zones", "statblock", "turn", "aspects", "fate", "obstacles", "log", "notes")

COLUMN_PANES: dict[str, tuple[str, ...]] = {
    "left": ("zones", "statblock"),
    "middle": ("turn", "fate"),
    "right": ("aspects", "obstacles", "notes"),
}
"""The panes each column of the wide layout holds."""
COLUMN_PANES["side"] = COLUMN_PANES["middle"] + COLUMN_PANES["right"]


def scene_countdowns_same(before: Scene, after: Scene) -> bool:
    """True when a command left the countdowns as they were (the same tuple)."""
    return before.countdowns is after.countdowns


class StatusBar(TextBlock):
    """Title, exchange, GM pool, language and theme on one line."""


class Columns(Container):
    """A container of the panes' columns that draws nothing of its own (no border, no
    content, its background alone): a frame that changes panes far apart (a name in the
    turn order and the log) redraws every widget between them, and a blank one is the
    cheapest there is."""

    BLANK = True


class CommandRow(Horizontal, KeptLines):
    """The row of the command bar."""


class DashboardScreen(Screen[None], KeptLines):
    """The dashboard's screen, its background handed over as drawn last until something
    refreshes it: every frame draws the screen whole (its region holds every changed
    region), whatever the frame changes."""


class Column(Vertical):
    """A column of panes that draws nothing of its own (see :class:`Columns`)."""

    BLANK = True


class FatescreenApp(App[None]):
    """The GM dashboard for one scene."""

    CSS_PATH = Path(__file__).parent / "app.tcss"
    TITLE = "fatescreen"
    HORIZONTAL_BREAKPOINTS = [
        (0, "-compact"),
        (100, "-two"),
        (140, "-wide"),
    ]
    VERTICAL_BREAKPOINTS = [
        (0, "-short"),
        (60, "-tall"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        # first in line, so that the keys typed right after it are the bar's (see
        # check_action): a GM types ":pool 5" in one burst
        Binding("colon", "command_bar", "Command", id="command_bar", priority=True),
        Binding("question_mark", "help", "Help", id="help"),
        Binding("a", "roll('attack')", "Attack", id="attack"),
        Binding("o", "roll('overcome')", "Overcome", id="overcome"),
        Binding("c", "roll('create')", "Create adv.", id="create"),
        Binding("h", "hazard", "Hazard", id="hazard"),
        Binding("H", "hazard_dialog", "Hazard roll", id="hazard_dialog", show=False),
        Binding("i", "invoke", "Invoke", id="invoke"),
        # f and n are checked before the key goes round the focused pane and its parents
        # (which have nothing to do with them), unless a dialog or a text field is in front
        Binding("f", "free_invoke", "Free invoke", id="free_invoke", show=False, priority=True),
        Binding("d", "reopen", "Absorb / reveal", id="reopen", show=False),
        Binding("n", "next_turn", "Next", id="next_turn", priority=True),
        Binding("j,down", "turn_cursor(1)", "Cursor down", id="cursor_down", show=False),
        Binding("k,up", "turn_cursor(-1)", "Cursor up", id="cursor_up", show=False),
        Binding("g", "go_to", "Go to", id="go_to", show=False),
        Binding("x", "next_exchange", "Exchange", id="next_exchange", show=False),
        Binding("t", "tick", "Tick", id="tick"),
        Binding("m", "move", "Move", id="move", show=False),
        Binding("dollar_sign", "cost", "Success at a cost", id="cost", show=False),
        Binding("s", "stress", "Stress", id="stress", show=False),
        Binding("A", "add_aspect", "Aspect", id="add_aspect", show=False),
        Binding("p", "compel_accepted", "Compel accepted", id="compel_accepted", show=False),
        Binding("C", "compel", "Compel", id="compel", show=False),
        Binding("E", "end_scene", "End scene", id="end_scene", show=False),
        Binding("v", "visibility", "Secret/public", id="visibility", show=False),
        Binding("b", "build", "Build", id="build"),
        Binding("e", "edit", "Edit", id="edit"),
        Binding("r", "add_from_template", "Reinforce", id="add_from_template", show=False),
        Binding("Z", "add_zone", "Add zone", id="add_zone", show=False),
        Binding("l", "link_zones", "Link zones", id="link_zones", show=False),
        Binding("delete", "remove_selected", "Remove", id="remove_selected", show=False),
        Binding("u", "undo", "Undo", id="undo"),
        Binding("U,ctrl+y", "redo", "Redo", id="redo", show=False),
        Binding("ctrl+s", "save", "Save", id="save"),
        Binding(
            "ctrl+p", "command_palette", "Palette", id="command_palette", show=False, priority=True
        ),
        Binding(
            "right_square_bracket", "select(1)", "Next character", id="select_next", show=False
        ),
        Binding(
            "left_square_bracket",
            "select(-1)",
            "Previous character",
            id="select_previous",
            show=False,
        ),
        Binding("L", "toggle_language", "Language", id="language", show=False),
        Binding("N", "toggle_ladder", "Ladder names", id="ladder", show=False),
        *[
            Binding(
                str(index + 1),
                f"show_pane('{name}')",
                f"Pane {index + 1}",
                id=f"pane_{name}",
                show=False,
            )
            for index, name in enumerate(PANE_ORDER)
        ],
    ]

    def __init__(
        self,
        scene_path: Path | None = None,
        *,
        session: Session[Scene] | None = None,
        lang: str | None = None,
        theme: str | None = None,
        remember: bool = True,
        cursor_blink: bool = True,
        read_only: bool = False,
    ) -> None:
        super().__init__()
        self.scene_path = scene_path
        self.refusal: str | None = None
        """Why the scene was not opened: another process writes it (who, since when)."""
        self.remember = remember
        self.cursor_blink = cursor_blink
        """Whether text fields blink their cursor (off for reproducible screenshots)."""
        self.settings = load_settings() if remember else Settings()
        self.tidy_asked = False
        """A collection of the young objects is asked for after the next frame (see
        :func:`collector.tidy`)."""
        self.session = session
        self.load_error: SceneFileError | None = None
        if self.session is None and scene_path is not None:
            try:
                self.session = open_writer(
                    Session.open, scene_path, read_only=read_only, lang=lang or "en"
                )
            except SceneFileError as error:
                self.load_error = error
            except SceneLocked as error:
                self.refuse(error, scene_path, chosen_language(lang, self.settings.lang))
        chosen_lang = chosen_language(lang, self.settings.lang)
        if self.session is not None:
            self.session.lang = chosen_lang
        self.view_state = View(
            lang=chosen_lang, ladder_names=self.settings.ladder_names, selected=None
        )
        for custom in usable_themes():
            self.register_theme(custom)
        if remember:
            # a broken keymap: the CLI names the problem before starting; start without it
            with suppress(KeymapError):
                self.set_keymap(read_keymap())
        wanted = theme or self.settings.theme or DEFAULT_THEME
        self._start_with_theme(wanted if wanted in self.available_themes else DEFAULT_THEME)
        self.last_target: str | None = None
        """Who the last hit was aimed at (the next action's default target)."""
        self.last_attacker: str | None = None
        """Who made the last hit (whom its target strikes back at)."""
        self.shown_pane = "zones"
        self._panes: list[Pane] = []
        self._status_shown: tuple[object, ...] | None = None
        """What the status line was made from last (see :meth:`_status`)."""
        self.saves = BackgroundSaves(self)
        """The save being written off the UI thread, if any (the status line says so)."""
        self.quick_pick = QuickPick(id="pick")
        self._builder: SceneBuilder | None = None
        self._footer: frozenset[str] | bool | None = False
        """The footer's keys (see :func:`footer_keys`); False until first shown."""
        self.last_input = time.monotonic()
        """When the GM last pressed a key or clicked."""
        self.warmed_up = False
        """True once the warm-up (see on_ready) is done."""
        self._editor: CharacterEditor | None = None

    def refuse(self, error: SceneLocked, path: Path, lang: str) -> None:
        """Leave a scene another process writes closed, saying who writes it: the command
        line prints :attr:`refusal` and does not start; a dashboard started anyway shows it
        where a file's problems go."""
        self.refusal = locked_message(error, lang)
        self.load_error = SceneFileError([Problem((), self.refusal, None, path)])

    # The flows (and the typed requests they and the keys send) are imported when first
    # used, or by the warm-up: the first frame needs none of them.

    @cached_property
    def invokes(self) -> InvokeFlow:
        """Invoking on the roll just made."""
        from fatescreen.ui.flows.invokes import InvokeFlow

        return InvokeFlow(self)

    @cached_property
    def harm(self) -> HarmFlow:
        """Absorbing a hit, the defender's invokes against it, and true forms revealed."""
        from fatescreen.ui.flows.harm import HarmFlow

        return HarmFlow(self, self.invokes)

    @cached_property
    def compels(self) -> CompelFlow:
        """Compels accepted or refused."""
        from fatescreen.ui.flows.compels import CompelFlow

        return CompelFlow(self)

    @cached_property
    def steps(self) -> StepFlow:
        """A new aspect, success at a cost, the scene's end."""
        from fatescreen.ui.flows.steps import StepFlow

        return StepFlow(self)

    @cached_property
    def session_flow(self) -> SessionFlow:
        """Recovering unsaved changes, and saving before quitting."""
        from fatescreen.ui.flows.session import SessionFlow

        return SessionFlow(self)

    def _start_with_theme(self, name: str) -> None:
        """Choose the theme before the stylesheet is first parsed.

        Setting ``theme`` would make Textual parse and apply every style a second time
        right after the first (its watcher invalidates the CSS): instead the stylesheet
        gets the theme's variables before it parses anything, and the watcher's other
        work on classes is done here. (Its ANSI-to-truecolour filter keeps Textual's
        start-up mapping: fatescreen's styles are theme colours, never ANSI ones.)
        """
        self.set_reactive(App.theme, name)
        theme = self.current_theme
        classes = {old: False for old in self.classes if old.startswith("-theme-")}
        classes.update(
            {f"-theme-{theme.name}": True, "-dark-mode": theme.dark, "-light-mode": not theme.dark}
        )
        self.update_classes(classes, update=False)
        self.stylesheet.set_variables(self.get_css_variables())

    # -- layout --------------------------------------------------------------------------

    def get_default_screen(self) -> Screen[None]:
        """The dashboard's screen (see :class:`DashboardScreen`)."""
        return DashboardScreen(id="_default")

    def compose(self) -> ComposeResult:
        self._breakpoints()
        # first: Textual numbers the paint order from the last child, so showing this one
        # leaves every other widget's number (and so its pixels) as they were
        yield self.quick_pick
        yield StatusBar(id="status")
        yield PaneTabs(id="pane-tabs")
        shown = self._shown
        with Columns(id="panes"):
            with shown(Column(id="left")):
                yield shown(ZonesPane(id="zones"))
                yield shown(StatBlockPane(id="statblock"))
            # three columns when wide; from 100 columns the two on the right stack into
            # one, the turn order and the fate points side by side above the rest
            with shown(Columns(id="side")):
                with shown(Columns(id="middle")):
                    yield shown(TurnPane(id="turn"))
                    yield shown(FatePane(id="fate"))
                with shown(Column(id="right")):
                    yield shown(AspectsPane(id="aspects"))
                    yield shown(ObstaclesPane(id="obstacles"))
                    yield shown(NotesPane(id="notes"))
        yield shown(LogPane(id="log"))
        with CommandRow(id="bar"):
            yield CommandBar(self._names, id="command")
        # the keys for the terminal's width from the start: the footer's first keys are
        # those of the first frame (on_mount comes after them)
        keys = footer_keys(self.size.width)
        translate_bindings(self, self.view_state.lang, keys)
        yield SteadyFooter(compact=keys is not None)

    def _shown(self, widget: Shown) -> Shown:
        """``widget`` (a pane, or a column of :data:`COLUMN_PANES`), marked if it is the
        shown pane or holds it (see :meth:`_show_pane_classes`): before it is mounted, so
        that its styles are worked out once, not again for the mark."""
        panes = COLUMN_PANES.get(widget.id or "", (widget.id,))
        widget.set_class(self.shown_pane in panes, "-shown", update=False)
        return widget

    @property
    def scene(self) -> Scene:
        """The scene being run."""
        assert self.session is not None
        scene: Scene = self.session.scene
        return scene

    def on_mount(self) -> None:
        """Draw everything once, and offer to recover unsaved changes."""
        self._relabel()
        if self.session is None:
            self._show_load_error()
            return
        if self.session.scene.characters:
            pcs = [c for c in self.scene.characters if c.kind is CharacterKind.PC]
            first = (pcs or list(self.scene.characters))[0]
            self.view_state = replace(self.view_state, selected=first.id)
        self._show_pane_classes()
        self.redraw(frozenset({"all"}))
        self._remember()
        if self.session.journal is not None:
            # the player view follows while it is here
            presence.claim(self.session.journal, writer=self.session.writer_lock is not None)
        pending = self.session.recoverable()
        if pending:
            self.session_flow.offer_recovery(
                len(pending), recover=self._recover, done=self._recovery_done
            )
        else:
            self.say_set_aside()

    def _recovery_done(self) -> None:
        self.redraw(frozenset({"all"}))
        self.say_set_aside()

    def say_set_aside(self) -> None:
        """Tell the GM where the journal's damaged lines were set aside, if any were: a
        torn line is never dropped without a word."""
        journal = self.session.journal if self.session is not None else None
        if journal is None or journal.set_aside is None:
            return
        path, count = journal.set_aside
        journal.set_aside = None
        message = self.tr("ui.damaged_set_aside", count=count, path=str(path))
        self.query_one(LogPane).add(self.tr("ui.journal_label"), (message,), False)
        self.notify(message, severity="warning", timeout=12, markup=False)

    def on_ready(self) -> None:
        """Once the first frame is up, prepare what the first command and roll dialog
        need, in a thread, as soon as the GM leaves the keys alone for a moment (a thread
        shares the interpreter with the keys)."""
        collector.resume()
        self.last_input = time.monotonic()
        self.set_timer(WARM_UP_AFTER, self._warm_up_when_idle)

    def _warm_up_when_idle(self) -> None:
        idle = time.monotonic() - self.last_input
        if idle < WARM_UP_AFTER:
            self.set_timer(WARM_UP_AFTER - idle, self._warm_up_when_idle)
            return
        self.run_worker(
            self._warm_up,
            thread=True,
            group="warm-up",
            description="warm-up",
            exit_on_error=False,
        )

    def _warm_up(self) -> None:
        """Import what the keys need (the flows and the typed requests), the verbs and the
        odds engine.

        Touches no widget: it only fills caches the main thread reads later. The scene's
        style-preserving document is not parsed: a save of changed values writes them over
        their own text (``scene/splice.py``), and only a save of records that came or went
        parses it (seconds and tens of megabytes for the largest scenes).
        """
        import importlib

        from fatescreen.commands.core import load_verbs, verb_modules

        # one module at a time, each once the keys have been left alone for a moment: a
        # thread holding the interpreter makes every key wait for it (and a key that
        # needs a module being imported waits for that import to end)
        for name in (*KEY_MODULES, *verb_modules()):
            self._wait_for_quiet_keys()
            importlib.import_module(name)
        load_verbs()
        self._wait_for_quiet_keys()
        from fatescreen.rules.odds import dice_counts

        dice_counts()
        self.warmed_up = True

    def _wait_for_quiet_keys(self) -> None:
        """Wait (in the warm-up's thread) until no key or click has come for
        :data:`WARM_UP_RESUMES`."""
        while time.monotonic() - self.last_input < WARM_UP_RESUMES:
            time.sleep(0.05)

    def _show_load_error(self) -> None:
        """Say why there is no scene: every problem of the file, in the log."""
        lang = self.view_state.lang
        problems = (
            tuple(p.render(lang) for p in self.load_error.problems) if self.load_error else ()
        )
        path = str(self.scene_path or "")
        status = (
            self.tr("ui.load_failed", path=path, count=len(problems))
            if problems
            else self.tr("ui.no_scene")
        )
        self.query_one("#status", StatusBar).set(assemble((status, "$error bold")))
        if problems:
            self.query_one(LogPane).add(path, problems, ok=False)

    def _recover(self) -> None:
        """Replay the changes not saved, each into the log."""
        assert self.session is not None
        results = self.session.recover_results()
        log = self.query_one(LogPane)
        for result in results:
            log.add(result.line, result.lines, result.ok)
        replayed = sum(1 for result in results if result.ok)
        self.notify(self.tr("ui.recovered", count=replayed), markup=False)
        if self.session.not_recovered:
            from fatescreen.ui.flows.session import not_recovered_text

            message = not_recovered_text(self.view_state, self.session.not_recovered)
            self.notify(message, severity="warning", timeout=12, markup=False)

    # -- helpers -------------------------------------------------------------------------

    def tr(self, key: str, **values: object) -> str:
        """A UI message in the current language."""
        return tr(self.view_state.lang, key, **values)

    def _names(self) -> list[str]:
        if self.session is None:
            return []
        scene = self.scene
        names = [c.name for c in scene.characters] + [z.name for z in scene.zones]
        names += [o.name for o in scene.obstacles] + [c.name for c in scene.countdowns]
        names += [a.aspect.name for a in aspects_in_play(scene)]
        return names

    def panes(self) -> Iterable[Pane]:
        """Every pane (found once: the dashboard's panes never change)."""
        if not self._panes:
            self._panes = list(self.query(Pane))
        return self._panes

    def redraw(self, changed: frozenset[str]) -> None:
        """Tell every pane what changed; each redraws only what it shows."""
        if self.session is None:
            return
        scene = self.scene
        for pane in self.panes():
            pane.relabel(self.view_state)
            pane.show(scene, self.view_state, changed)
        if "all" in changed:
            self.query_one(PaneTabs).show_tabs(self.shown_pane, self._tabs())
        self._status()

    def _status(self, width: int | None = None) -> None:
        """The status line, fitted to ``width`` columns (the app's, unless a resize says
        what they are about to be)."""
        scene = self.scene
        dirty = " ●" if self.session is not None and self.session.dirty else ""
        if self.session is not None and self.session.read_only:
            dirty += " · " + self.tr("ui.read_only")
        if self.saves.saving is not None:
            dirty = " · " + self.tr("ui.saving")
        width = (width or self.size.width) - 2
        # most commands change nothing the line shows: it is not made again
        shown = (
            scene.title,
            scene.turn.exchange if scene.turn else None,
            scene.gm_pool,
            dirty,
            self.view_state.lang,
            self.theme,
            width,
        )
        if shown == self._status_shown:
            return
        self._status_shown = shown
        exchange = (
            self.tr("ui.exchange", number=scene.turn.exchange)
            if scene.turn
            else self.tr("ui.no_exchange")
        )
        head = assemble(
            ("fatescreen", "bold $accent"),
            " · ",
            (literal(scene.title), "bold"),
            f" · {exchange} · ",
            (self.tr("ui.gm_pool_short", count=scene.gm_pool), "$secondary bold"),
            (dirty, "$warning"),
        )
        self.query_one("#status", StatusBar).set(
            status_line(head, self.view_state.lang, self.theme, width)
        )

    # -- running commands ----------------------------------------------------------------

    def run_command(self, request: Request | str, *, flow: bool = True) -> Result | None:
        """Apply one request (or command line), log it, repaint what changed, and follow up
        the flow (absorbing a hit, revealing a true form, announcing a countdown)."""
        if self.session is None:
            return None
        line = request if isinstance(request, str) else request.command()
        before = self.scene
        # the journal entry is on the disk before the panes are told (so before the frame
        # that shows the change)
        try:
            result = self.session.execute(line)
            self.query_one(LogPane).add(
                line_in(result.line, self.view_state.lang), result.lines, result.ok
            )
            if not result.ok:
                self.bell()
                self.notify(
                    result.lines[0] if result.lines else line, severity="error", markup=False
                )
            changed = result.changed | {"view"} if result.changed else result.changed
            self.redraw(changed)
            if result.ok and flow:
                self._follow_up(before, changed)
        finally:
            if not self.tidy_asked:
                # what the command left behind is collected once the frame that shows it
                # is drawn: asked through the log's lines view, which the command's entry
                # has just asked to be drawn, so the request reaches the screen behind
                # that one (asked through the app, the screen may take it at an idle
                # moment before the panes' requests reach it, and collect before the frame)
                self.tidy_asked = True
                self.query_one(LogPane).view_lines.call_after_refresh(self._tidy)
        return result

    def try_command(self, line: str) -> str | None:
        """Apply a command a dialog made: None when applied, else why it was refused (the
        dialog shows it and stays open; the log and a notice say it too)."""
        result = self.run_command(line, flow=False)
        if result is None or result.ok:
            return None
        return result.lines[0] if result.lines else line

    def try_command_told(self, line: str) -> str | None:
        """As :meth:`try_command`, and say what a command that changes no scene did (a
        template saved to the library)."""
        result = self.run_command(line, flow=False)
        if result is None:
            return None
        if not result.ok:
            return result.lines[0] if result.lines else line
        if result.lines:
            self.notify(result.lines[0], markup=False)
        return None

    def on_request_submitted(self, message: RequestSubmitted) -> None:
        """A flow, the builder or the editor chose a request: apply it, then tell the asker
        the result."""
        result = self.run_command(message.request, flow=message.flow)
        if message.then is not None:
            message.then(result)

    def on_dialog_submitted(self, message: Dialog.Submitted) -> None:
        """A dialog asks for its command: apply it and answer (it closes, or stays open
        showing the refusal)."""
        message.stop()
        apply = self.try_command_told if message.announce else self.try_command
        message.dialog.answer(message.line, apply(message.line))

    def on_character_chosen(self, message: CharacterChosen) -> None:
        """Show the character chosen in the stat block."""
        self.select_character(message.character_id)

    def on_edit_chosen(self, _message: EditChosen) -> None:
        """Edit the selected character."""
        self.action_edit()

    def _follow_up(self, before: Scene, changed: frozenset[str]) -> None:
        scene = self.scene
        self._announce_countdowns(before)
        hit = scene.pending_hit
        if hit is not None and hit != before.pending_hit:
            self.last_target, self.last_attacker = hit.target, hit.attacker
            self.select_character(hit.target)
            if self.size.width < NARROW and self.shown_pane != "statblock":
                # one pane at a time: the defender's stress boxes, above the absorb dialog
                self.shown_pane = "statblock"
                self._show_pane_classes()
            self.call_after_refresh(self.action_absorb)
            return
        # only the characters the command changed can have just been taken out (a
        # large scene has thousands to walk)
        touched = (tag.partition(":") for tag in changed)
        ids = [character_id for kind, _, character_id in touched if kind == "character"]
        if len(ids) > 1:  # in the scene's order, as the GM reads them
            position = {c.id: index for index, c in enumerate(scene.characters)}
            ids.sort(key=lambda character_id: position.get(character_id, -1))
        for character_id in ids:
            character = scene.character_index.get(character_id)
            old = before.character_index.get(character_id)
            if (
                character is not None
                and character.taken_out
                and old is not None
                and not old.taken_out
                and character.form < len(character.forms)
            ):
                self.call_after_refresh(self._offer_reveal, character.id)
                return

    def _announce_countdowns(self, before: Scene) -> None:
        """A countdown whose last box a command checked: its outcome, as a notice."""
        if scene_countdowns_same(before, self.scene):
            return
        old = {c.id: c for c in before.countdowns}
        for countdown in self.scene.countdowns:
            previous = old.get(countdown.id)
            if countdown.finished and (previous is None or not previous.finished):
                self.notify(
                    self.tr("ui.countdown_done", outcome=countdown.outcome or "!"),
                    title=countdown.name,
                    severity="warning",
                    timeout=8,
                    markup=False,
                )

    def on_command_bar_submitted(self, event: CommandBar.Submitted) -> None:
        """A typed command; UI-only words (select, pane) are handled here."""
        self.screen.set_focus(None)
        words = event.line.split(maxsplit=1)
        if words and words[0] in ("select", self.tr("ui.select_word")) and len(words) == 2:
            self._select_by_name(words[1])
            return
        self.run_command(event.line)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Apply the cursor blink setting to any text field that takes the focus."""
        if isinstance(event.widget, Input):
            event.widget.cursor_blink = self.cursor_blink

    def on_stress_boxes_toggled(self, event: StressBoxes.Toggled) -> None:
        """A click on a stress box."""
        from fatescreen.commands.requests import Stress

        self.run_command(Stress(event.character_id, event.kind.value, event.box))

    # -- actions: rolls and harm -----------------------------------------------------------

    def _up_or_selected(self) -> str | None:
        scene = self.scene
        if scene.turn is not None and scene.turn.up is not None:
            return scene.turn.up
        return self.view_state.selected

    def _pointed_at(self) -> str | None:
        """Who the GM points at (see :func:`fatescreen.commands.pointing.pointed_at`)."""
        from fatescreen.commands.pointing import pointed_at

        return pointed_at(self.scene, self.query_one(TurnPane).cursor, self.view_state.selected)

    def _default_target(self, actor: str | None, zone: str | None = None) -> str | None:
        """Whom ``actor`` goes for (see :func:`fatescreen.commands.pointing.default_target`)."""
        from fatescreen.commands.pointing import default_target

        return default_target(
            self.scene, actor, self.last_target, zone, last_attacker=self.last_attacker
        )

    def action_roll(self, action: str) -> None:
        """Open the roll dialog for an action by the character the GM points at (the turn
        order's highlight while a conflict runs, else the selected one), against the last
        target; rolling hands the actor the turn."""
        if self.session is None:
            return
        actor = self._pointed_at()
        hazard = self.scene.obstacle_index.get(actor or "")
        target = self._default_target(actor, hazard.zone if hazard is not None else None)
        from fatescreen.ui.dialogs.roll import RollDialog

        dialog = RollDialog(self.view_state, self.scene, action=action, actor=actor, target=target)
        self.push_screen(dialog, partial(self._rolled, dialog))

    def _rolled(self, dialog: RollDialog, line: str | None) -> None:
        """The roll dialog's action, after the turn it takes."""
        if line and dialog.chosen is not None:
            self.act(dialog.chosen)

    def act(self, request: Attack | Overcome | Create) -> None:
        """Apply an action, its actor first taking the turn if a turn order runs (or an
        attack starts one): see :func:`fatescreen.commands.pointing.turn_taken`."""
        from fatescreen.commands.pointing import turn_taken
        from fatescreen.commands.requests import Attack

        turn = turn_taken(self.scene, request.actor, attack=isinstance(request, Attack))
        if turn is not None:
            taken = self.run_command(turn, flow=False)
            if taken is None or not taken.ok:
                return
        self.run_command(request)

    def _hazard_and_target(self) -> tuple[Hazard, str | None] | None:
        """The hazard whose turn it is (else the one highlighted in the turn order, else
        the first) and the PC it goes for."""
        hazards = [o for o in self.scene.obstacles if isinstance(o, Hazard)]
        if not hazards:
            self.notify(self.tr("ui.no_hazards"), severity="warning", markup=False)
            return None
        up = self.scene.turn.up if self.scene.turn else None
        pointed = self._pointed_at()
        hazard = next(
            (h for h in hazards if h.id == up),
            next((h for h in hazards if h.id == pointed), hazards[0]),
        )
        return hazard, self._default_target(None, hazard.zone)

    def action_hazard(self) -> None:
        """A hazard's turn in one key: it has nothing to choose, so it takes the turn and
        rolls at once against the PC it goes for (the last target, else those in its zone
        first), and the hit goes to the absorb dialog."""
        if self.session is None or (found := self._hazard_and_target()) is None:
            return
        hazard, target = found
        if target is None:
            self.notify(self.tr("ui.no_target"), severity="warning", markup=False)
            return
        from fatescreen.commands.requests import Attack

        self.act(Attack(hazard.id, target, hazard=True))

    def action_hazard_dialog(self) -> None:
        """A hazard's turn in the roll dialog: another target, or dice faces typed in."""
        if self.session is None or (found := self._hazard_and_target()) is None:
            return
        hazard, target = found
        from fatescreen.ui.dialogs.roll import RollDialog

        dialog = RollDialog(
            self.view_state, self.scene, action="attack", actor=hazard.id, target=target
        )
        self.push_screen(dialog, partial(self._rolled, dialog))

    def _from_dialog(self, request: Request | str | None) -> None:
        if request:
            self.run_command(request)

    def action_reopen(self) -> None:
        """Reopen what a closed dialog left waiting: the hit to absorb, else a true form to
        reveal."""
        if self.session is None:
            return
        if self.scene.pending_hit is not None:
            self.action_absorb()
            return
        for character in self.scene.characters:
            if character.taken_out and character.form < len(character.forms):
                self._offer_reveal(character.id)
                return
        self.notify(self.tr("ui.nothing_pending"), severity="warning", markup=False)

    def action_absorb(self) -> None:
        """Offer the legal ways to absorb the pending hit (see :class:`HarmFlow`)."""
        if self.session is not None:
            self.harm.absorb()

    def context(self) -> Context:
        """The scene, dice and language a command's words are read in."""
        assert self.session is not None
        return Context(
            self.scene, self.session.rng, self.view_state.lang, self.view_state.ladder_names
        )

    def _offer_reveal(self, character_id: str) -> None:
        self.harm.reveal(character_id)

    def action_invoke(self) -> None:
        """Choose an aspect to invoke on the last roll; free invokes listed first."""
        if self.session is None or self.scene.pending_roll is None:
            self.notify(self.tr("error.no_roll"), severity="warning", markup=False)
            return
        self.invokes.choose(self.invokes.roller())

    def action_free_invoke(self) -> None:
        """Spend the first free invoke the roller's side holds on the last roll (one key)."""
        self._leave_key_to_what_is_in_front()
        if self.session is None or self.scene.pending_roll is None:
            self.notify(self.tr("error.no_roll"), severity="warning", markup=False)
            return
        if not self.invokes.spend_free(self.invokes.roller()):
            self.notify(self.tr("ui.no_free_invokes"), severity="warning", markup=False)

    # -- actions: flow ---------------------------------------------------------------------

    def action_next_turn(self) -> None:
        """Hand the turn to the highlighted name in the turn order (one key); on the one
        who is up, to the first still to act (see
        :func:`fatescreen.commands.pointing.hand_on`)."""
        self._leave_key_to_what_is_in_front()
        if self.session is None:
            return
        from fatescreen.commands.pointing import hand_on

        request = hand_on(self.scene, self.query_one(TurnPane).cursor)
        if request is not None:
            self.run_command(request)

    def _leave_key_to_what_is_in_front(self) -> None:
        """A priority binding's key is the dialog's or the text field's in front, as if
        the binding were not a priority one (an app binding does not reach a dialog, a
        field takes letters).

        Raises:
            SkipAction: A dialog or a text field is in front.
        """
        if len(self.screen_stack) > 1 or isinstance(self.focused, Input):
            raise SkipAction()

    def action_next_exchange(self) -> None:
        """Start the next exchange with the highlighted name."""
        from fatescreen.commands.requests import NextExchange

        turn = self.query_one(TurnPane)
        if turn.cursor is not None:
            self.run_command(NextExchange(turn.cursor))

    def action_turn_cursor(self, step: int) -> None:
        """Move the turn-order highlight; the stat block shows the character it is on."""
        turn = self.query_one(TurnPane)
        turn.move_cursor(step)
        if self.session is not None and turn.cursor in self.scene.character_index:
            self.select_character(turn.cursor)

    def action_tick(self) -> None:
        """Tick the running countdown; with several, a digit picks which (one more key)."""
        if self.session is None:
            return
        from fatescreen.ui.flows.steps import tick_picks

        choices = tick_picks(self.scene)
        if not choices:
            self.notify(self.tr("ui.no_countdowns"), severity="warning", markup=False)
        elif len(choices) == 1:
            self.run_command(choices[0][0])
        else:
            self.quick_pick.open(self.view_state, self.tr("ui.tick_title"), choices)

    def action_move(self) -> None:
        """Move the selected character to an adjacent zone (or any zone, if unplaced); a
        zone behind a barrier or block shows what it takes and the odds of Athletics."""
        if self.session is None or self.view_state.selected is None:
            return
        character = self.scene.character(self.view_state.selected)
        from fatescreen.ui.flows.steps import move_picks

        choices = move_picks(self.scene, self.view_state, character)
        if not choices:
            self.notify(self.tr("ui.nowhere"), severity="warning", markup=False)
            return
        title = self.tr("ui.move_title", name=character.name)
        self.quick_pick.open(self.view_state, title, choices)

    def action_cost(self) -> None:
        """Success at a cost on the failed (or tied) roll just made: name the cost."""
        if self.session is not None:
            self.steps.cost()

    def action_stress(self) -> None:
        """Check or clear a stress box of the selected character: a digit picks the box."""
        if self.session is None or self.view_state.selected is None:
            return
        character = self.scene.character(self.view_state.selected)
        from fatescreen.ui.flows.steps import stress_picks

        choices = stress_picks(self.view_state, character)
        if not choices:
            self.notify(self.tr("ui.no_stress"), severity="warning", markup=False)
            return
        title = self.tr("ui.stress_title", name=character.name)
        self.quick_pick.open(self.view_state, title, choices)

    async def on_event(self, event: events.Event) -> None:
        """While the quick pick is open it gets every key but the app's own (quit, the
        palette), which close it first; a click elsewhere closes it."""
        if quiet_after_close(self.screen_stack, event):
            return  # a key a command line sent on as the app closed
        if isinstance(event, events.Key | events.MouseDown):
            self.last_input = time.monotonic()
        pick = self.quick_pick
        if pick.is_open:
            if isinstance(event, events.Key):
                if event.key not in PASS_THROUGH:
                    pick.take_key(event)
                    return
                pick.close()
            if (
                isinstance(event, events.MouseDown)
                and self.get_widget_at(event.screen_x, event.screen_y)[0] is not pick
            ):
                pick.close()
        await super().on_event(event)

    def _tidy(self) -> None:
        self.tidy_asked = False
        collector.tidy()

    def on_quick_pick_picked(self, message: QuickPick.Picked) -> None:
        """Apply what was picked."""
        self.run_command(message.line)

    def action_visibility(self) -> None:
        """Make an element secret or public for the player view, with a quick pick."""
        from fatescreen.ui.visibility import visibility_choices

        if self.session is None:
            return
        choices = visibility_choices(self.scene, self.view_state)
        if not choices:
            self.notify(self.tr("ui.nothing_to_hide"), severity="warning", markup=False)
            return
        self.quick_pick.open(self.view_state, self.tr("ui.visibility_title"), choices)

    def on_unmount(self) -> None:
        """The player view tells the players that the GM's session is over; the scene is
        free for another writer."""
        if self.session is not None:
            if self.session.journal is not None:
                presence.release(self.session.journal)
            self.session.close()

    def action_add_aspect(self) -> None:
        """A new situation aspect with one free invoke for whoever acts (the name is the one
        field)."""
        if self.session is not None:
            self.steps.add_aspect(self._up_or_selected())

    def action_compel_accepted(self) -> None:
        """One key for the compel a player has just accepted: on the selected character's
        trouble (else its first aspect), +1 fate point (to the GM pool for an NPC). C
        chooses the aspect, or a refusal."""
        if self.session is not None:
            self.compels.accepted()

    def action_compel(self) -> None:
        """Compel the selected character on one of its aspects (trouble first): Enter
        accepts, r refuses. With no character selected, the first PC."""
        if self.session is not None:
            self.compels.choose()

    def action_end_scene(self) -> None:
        """Show what ending the scene will do; Enter applies it."""
        if self.session is not None:
            self.steps.end_scene()

    # -- actions: building -----------------------------------------------------------------

    def builder(self) -> SceneBuilder:
        """The build dialogs (loaded on first use)."""
        from fatescreen.ui.build import SceneBuilder

        if self._builder is None:
            self._builder = SceneBuilder(self)
        return self._builder

    def action_build(self) -> None:
        """The build menu: add characters, zones, obstacles; link, place, change, remove."""
        if self.session is not None:
            self.builder().menu()

    def action_edit(self) -> None:
        """Edit the selected character's stat block, field by field."""
        if self.session is None:
            return
        if self.view_state.selected not in self.scene.character_index:
            self.notify(self.tr("ui.no_character"), severity="warning", markup=False)
            return
        from fatescreen.ui.edit import CharacterEditor

        if self._editor is None:
            self._editor = CharacterEditor(self)
        assert self.view_state.selected is not None
        self._editor.open(self.view_state.selected)

    def action_add_from_template(self) -> None:
        """Reinforcements: characters from a template, numbered, into a zone."""
        if self.session is not None:
            self.builder().add_from_template()

    def action_add_zone(self) -> None:
        """A new zone."""
        if self.session is not None:
            self.builder().add_zone()

    def action_link_zones(self) -> None:
        """Link two zones, with a barrier or a block on the way if wanted."""
        if self.session is not None:
            self.builder().link()

    def action_remove_selected(self) -> None:
        """Remove the selected character from the scene (after a confirmation)."""
        if self.session is not None:
            self.builder().remove_selected()

    def action_undo(self) -> None:
        """Undo the last change."""
        from fatescreen.commands.requests import Line

        self.run_command(Line("undo"), flow=False)

    def action_redo(self) -> None:
        """Redo the change undone last."""
        from fatescreen.commands.requests import Line

        self.run_command(Line("redo"), flow=False)

    def action_save(self) -> None:
        """Save the scene file; if it was edited by hand since it was read, ask first
        (keep the edit and make the changes on it, or write over it). A plain save is
        written off the UI thread, so that keys are answered while a large scene is
        written (the status line says "saving…", then a notice "saved")."""
        self.session_flow.save(self._save)

    def _save(self, request: Order) -> None:
        from fatescreen.commands.requests import Save

        session = self.session
        plain = isinstance(request, Save) and request.choice is None
        if session is not None and plain and session.saves_in_background and not session.read_only:
            refused = self.saves.start_save(session)
            if refused is not None:
                self.bell()
                self.notify(str(refused), severity="error", markup=False)
            self._status()
            return
        result = self.run_command(request, flow=False)
        if result is not None and result.ok:
            self.notify("\n".join(result.lines), markup=False)
            self._status()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A save written off the UI thread is adopted here, on it; a save that could not
        be written is said like any refused command."""
        result, again = self.saves.saved(self.session, event)
        if result is None:
            return
        lang = self.view_state.lang
        self.query_one(LogPane).add(line_in(result.line, lang), result.lines, result.ok)
        if result.ok:
            self.notify(result.lines[0], markup=False)
        else:
            self.bell()
            self.notify(result.lines[0], severity="error", markup=False)
        self._status()
        if again:
            self.action_save()

    async def wait_for_save(self) -> None:
        """Wait until no save is being written (before quitting)."""
        await self.saves.wait()

    async def action_quit(self) -> None:
        """Quit; with changes not saved to the scene file, ask first (s saves and quits)."""
        if self.saves.saving is not None:
            await self.wait_for_save()
        self.session_flow.quit(self.exit)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``:`` opens the command bar and a digit shows a pane only where it is not text
        being typed; a digit only on the dashboard (a dialog's digits are its own)."""
        if action in ("command_bar", "show_pane") and isinstance(self.focused, Input):
            return False
        if action == "show_pane" and self.screen is not self.screen_stack[0]:
            return False
        return super().check_action(action, parameters)

    def action_command_bar(self) -> None:
        """Focus the command bar, at once: the keys typed right after ``:`` are its text,
        never the dashboard's keys (``Widget.focus`` would move the focus only after the
        keys already waiting)."""
        self.screen.set_focus(self.query_one(CommandBar))

    def action_help(self) -> None:
        """Every key and every command."""
        from fatescreen.ui.dialogs.help import HelpScreen, help_bindings

        dashboard = self.screen is self.screen_stack[0]
        note = self.tr("ui.help_pointing") if dashboard else ""
        self.push_screen(HelpScreen(self.view_state, help_bindings(self, self.screen), note=note))

    # -- actions: view ---------------------------------------------------------------------

    def action_select(self, step: int) -> None:
        """Show the next or previous character in the stat block."""
        if self.session is None or not self.scene.characters:
            return
        ids = [c.id for c in self.scene.characters]
        current = ids.index(self.view_state.selected) if self.view_state.selected in ids else 0
        self.select_character(ids[(current + step) % len(ids)])

    def select_character(self, character_id: str | None) -> None:
        """Show a character (or none) in the stat block; the turn order's highlight goes to
        them too if it may rest on them (who may take the turn, who is up)."""
        self.view_state = replace(self.view_state, selected=character_id)
        self.redraw(frozenset({"view"}))
        if character_id is not None:
            self.query_one(TurnPane).point_at(character_id)

    def point_at(self, pid: str) -> None:
        """Point at a character or a hazard: the stat block shows a character, and the turn
        order's highlight goes to either if it may rest on them (who may take the turn, who
        is up)."""
        if self.session is not None and pid in self.scene.character_index:
            self.select_character(pid)
        else:
            self.query_one(TurnPane).point_at(pid)

    def action_go_to(self) -> None:
        """Point at any name of the turn order or the map: ``g`` and the key in front of it."""
        if self.session is not None:
            self.steps.go_to(self.point_at)

    def _select_by_name(self, name: str) -> None:
        try:
            character = self.context().character(name.strip().strip("\"'"))
        except CommandError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self.select_character(character.id)

    def _breakpoints(self) -> None:
        """Give the screen its breakpoint classes for the terminal's size now: Textual
        gives them at the screen's first Resize, after the first frame, which would then
        be laid out for the wrong width and the screen settle a layout later. Given
        before the widgets are mounted, so that their styles are worked out once."""
        width, height = self.size
        classes = {name: False for _, name in self.HORIZONTAL_BREAKPOINTS}
        classes |= {name: False for _, name in self.VERTICAL_BREAKPOINTS}
        for breakpoints, size in (
            (self.HORIZONTAL_BREAKPOINTS, width),
            (self.VERTICAL_BREAKPOINTS, height),
        ):
            classes[max((b for b in breakpoints if b[0] <= size), default=breakpoints[0])[1]] = True
        self.screen.update_classes(classes)

    def action_toggle_language(self) -> None:
        """Switch between English and Finnish."""
        index = LANGUAGES.index(self.view_state.lang) if self.view_state.lang in LANGUAGES else 0
        lang = LANGUAGES[(index + 1) % len(LANGUAGES)]
        self.view_state = replace(self.view_state, lang=lang)
        if self.session is not None:
            self.session.lang = lang
        self._remember()
        self._relabel()
        self.redraw(frozenset({"all"}))

    def _relabel(self, width: int | None = None) -> None:
        """Key descriptions and the command bar's hint in the current language; on a
        narrow terminal (``width`` columns, else the app's) a compact footer with the most
        used keys."""
        keys = footer_keys(width or self.size.width)
        self.query_one(SteadyFooter).compact = keys is not None
        self._footer = keys
        translate_bindings(self, self.view_state.lang, keys)
        self.query_one(CommandBar).placeholder = self.tr("ui.command_placeholder")

    def action_toggle_ladder(self) -> None:
        """Show or hide the ladder adjectives."""
        self.view_state = replace(self.view_state, ladder_names=not self.view_state.ladder_names)
        self._remember()
        self.redraw(frozenset({"all"}))

    def action_show_pane(self, name: str) -> None:
        """In compact mode, show one pane; in wide mode, focus it."""
        self.shown_pane = name
        self._show_pane_classes()
        # at once, not later: a key typed right after may move the focus on
        self.screen.set_focus(self.query_one(f"#{name}"))

    def on_pane_tabs_picked(self, message: PaneTabs.Picked) -> None:
        """A tab clicked shows its pane."""
        self.action_show_pane(message.name)

    def _tabs(self) -> list[tuple[str, str]]:
        return [(name, self.tr(f"ui.tab.{name}")) for name in PANE_ORDER]

    def _show_pane_classes(self) -> None:
        self.query_one(PaneTabs).show_tabs(self.shown_pane, self._tabs())
        for pane in self.panes():
            pane.set_class(pane.id == self.shown_pane, "-shown")
        shown_columns = 0
        for column in COLUMN_PANES:
            holder = self.query_one(f"#{column}")
            shown = any(p.id == self.shown_pane for p in holder.query(Pane))
            holder.set_class(shown, "-shown")
            shown_columns += shown
        self.query_one("#panes").set_class(not shown_columns, "-empty")

    def on_resize(self, event: events.Resize) -> None:
        """Across the narrow breakpoint, the footer changes the keys it shows (the app's
        own size follows this event only later)."""
        width = event.size.width
        if footer_keys(width) != self._footer:
            self._relabel(width)
        if self.session is not None:
            self._status(width)
            self.query_one(PaneTabs).show_tabs(self.shown_pane, self._tabs())

    def watch_theme(self, theme: str) -> None:
        """Remember the theme."""
        self._remember()

    def _remember(self) -> None:
        if not getattr(self, "remember", False) or not hasattr(self, "view_state"):
            return
        opened = self.scene_path if self.session is not None else None
        self.settings = replace(
            self.settings,
            theme=self.theme,
            lang=self.view_state.lang,
            ladder_names=self.view_state.ladder_names,
            last_scene=str(opened.resolve()) if opened else self.settings.last_scene,
        )
        save_settings(self.settings)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:  # type: ignore[type-arg]
        """Every dashboard action and every command verb in the command palette."""
        lang = self.view_state.lang
        yield from textual_commands_in(super().get_system_commands(screen), lang)
        yield from binding_commands(self.BINDINGS, lang, self.run_action)
        for found in sorted(registry().values(), key=lambda found: found.word(lang)):
            word = found.word(lang)
            yield SystemCommand(
                f":{word}", palette_text(verb_help(found, lang)), partial(self._prefill, word)
            )

    def action_command_palette(self) -> None:
        """The command palette, its prompt in the GM's language."""
        open_command_palette(self, self.view_state.tr("ui.palette_placeholder"))

    def _prefill(self, word: str) -> None:
        bar = self.query_one(CommandBar)
        bar.value = word + " "
        bar.cursor_position = len(bar.value)
        self.screen.set_focus(bar)  # at once: see action_command_bar
