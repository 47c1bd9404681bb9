"""The fatescreen dashboard: a coordinator that turns keys and dialogs into commands."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Input, Static

from fatescreen.commands.core import Context, line_in, registry, verb_help
from fatescreen.commands.requests import Invoke, NextExchange, NextTurn, Request
from fatescreen.commands.session import Result, Session
from fatescreen.i18n import LANGUAGES, default_language, tr
from fatescreen.rules.aspects import GM, Aspect
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.rules.invokes import free_invoke_holders
from fatescreen.rules.obstacles import Hazard
from fatescreen.rules.outcomes import Outcome
from fatescreen.scene import presence
from fatescreen.scene.aspects import aspects_in_play, first_aspect_in_play
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.model import Scene
from fatescreen.ui import collector
from fatescreen.ui.commandbar import CommandBar
from fatescreen.ui.config import Settings, load_settings, save_settings
from fatescreen.ui.keymap import KeymapError, load_keymap
from fatescreen.ui.keys import (
    binding_commands,
    open_command_palette,
    palette_text,
    textual_commands_in,
    translate_bindings,
)
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
from fatescreen.ui.state import View
from fatescreen.ui.text import assemble, literal, quote
from fatescreen.ui.themes import DEFAULT_THEME, usable_themes

if TYPE_CHECKING:
    from fatescreen.ui.build import SceneBuilder
    from fatescreen.ui.edit import CharacterEditor

WARM_UP_AFTER = 1.0
"""Seconds without a key or click after which the warm-up starts."""
WARM_UP_RESUMES = 0.5
"""Seconds without a key or click after which a warm-up that keys paused goes on."""
PASS_THROUGH = frozenset({"ctrl+q", "ctrl+c", "ctrl+p"})
"""Keys that still reach the app while the quick pick is open."""

NARROW_FOOTER = frozenset({"help", "attack", "overcome", "create", "invoke", "next_turn", "undo"})
"""The keys the footer shows below 100 columns (help lists them all)."""

NARROW = 100
"""Below this many columns one pane is shown at a time and the footer is compact."""

PANE_ORDER = ("zones", "statblock", "turn", "aspects", "fate", "obstacles", "log", "notes")


def scene_countdowns_same(before: Scene, after: Scene) -> bool:
    """True when a command left the countdowns as they were (the same tuple)."""
    return before.countdowns is after.countdowns


def _compel_order(character: Character) -> list[Aspect]:
    """A character's aspects as a compel offers them: the trouble first."""
    return sorted(
        character.current_aspects, key=lambda a: (a.kind.value != "trouble", a.kind.value)
    )


class StatusBar(TextBlock):
    """Title, exchange, GM pool, language and theme on one line."""


def tab_row(labels: Sequence[str], shown: int, width: int) -> list[str]:
    """Each tab's text (``1 Zones``), as much as fits in ``width`` columns with a space
    between tabs: every tab padded; else the shown one padded and the others plain; else the
    others by their number alone."""
    padded = [f" {index} {label} " for index, label in enumerate(labels, start=1)]
    plain = [f"{index} {label}" for index, label in enumerate(labels, start=1)]
    numbers = [str(index) for index in range(1, len(labels) + 1)]
    for others in (padded, plain, numbers):
        texts = [padded[i] if i == shown else text for i, text in enumerate(others)]
        if sum(map(len, texts)) + len(texts) - 1 <= width:
            break
    return texts


class PaneTabs(Static):
    """On small terminals: which pane is shown, and the keys 1-8 that switch."""

    shown = ""
    """The pane on screen."""
    lang = "en"
    """The language of the labels."""

    def show_tabs(self, shown: str, view: View) -> None:
        """Highlight the pane on screen."""
        self.shown, self.lang = shown, view.lang
        self.update(assemble(*self._parts()))

    def _texts(self) -> list[str]:
        labels = [tr(self.lang, f"ui.tab.{name}") for name in PANE_ORDER]
        shown = PANE_ORDER.index(self.shown) if self.shown in PANE_ORDER else -1
        return tab_row(labels, shown, self.content_size.width or 10_000)

    def _parts(self) -> list[tuple[str, str] | str]:
        parts: list[tuple[str, str] | str] = []
        for name, text in zip(PANE_ORDER, self._texts(), strict=True):
            style = "reverse bold $accent" if name == self.shown else "$text-muted"
            parts += [(text, style), " "]
        return parts[:-1]

    def on_resize(self) -> None:
        """Fit the tabs to the new width (once a pane is shown)."""
        if self.shown:
            self.update(assemble(*self._parts()))

    def on_click(self, event: events.Click) -> None:
        """Clicking a tab shows its pane."""
        where = event.get_content_offset(self)
        if where is None:
            return
        offset = 0
        for name, text in zip(PANE_ORDER, self._texts(), strict=True):
            if offset <= where.x < offset + len(text) + 1:
                self.app.call_next(self.app.run_action, f"show_pane('{name}')")
                return
            offset += len(text) + 1


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
        Binding("colon", "command_bar", "Command", id="command_bar"),
        Binding("question_mark", "help", "Help", id="help"),
        Binding("a", "roll('attack')", "Attack", id="attack"),
        Binding("o", "roll('overcome')", "Overcome", id="overcome"),
        Binding("c", "roll('create')", "Create adv.", id="create"),
        Binding("h", "hazard", "Hazard", id="hazard"),
        Binding("H", "hazard_dialog", "Hazard roll", id="hazard_dialog", show=False),
        Binding("i", "invoke", "Invoke", id="invoke"),
        Binding("f", "free_invoke", "Free invoke", id="free_invoke", show=False),
        Binding("d", "reopen", "Absorb / reveal", id="reopen", show=False),
        Binding("n", "next_turn", "Next", id="next_turn"),
        Binding("j,down", "turn_cursor(1)", "Cursor down", id="cursor_down", show=False),
        Binding("k,up", "turn_cursor(-1)", "Cursor up", id="cursor_up", show=False),
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
        session: Session | None = None,
        lang: str | None = None,
        theme: str | None = None,
        remember: bool = True,
        cursor_blink: bool = True,
    ) -> None:
        super().__init__()
        self.scene_path = scene_path
        self.remember = remember
        self.cursor_blink = cursor_blink
        """Whether text fields blink their cursor (off for reproducible screenshots)."""
        self.settings = load_settings() if remember else Settings()
        self.session = session
        self.load_error: SceneFileError | None = None
        if self.session is None and scene_path is not None:
            try:
                self.session = Session.open(scene_path, lang=lang or "en")
            except SceneFileError as error:
                self.load_error = error
        chosen_lang = lang or self.settings.lang or default_language()
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
                self.set_keymap(load_keymap())
        wanted = theme or self.settings.theme or DEFAULT_THEME
        self._start_with_theme(wanted if wanted in self.available_themes else DEFAULT_THEME)
        self.last_target: str | None = None
        self.shown_pane = "zones"
        self._panes: list[Pane] = []
        self.quick_pick = QuickPick(id="pick")
        self._builder: SceneBuilder | None = None
        self._narrow: bool | None = None
        self.last_input = time.monotonic()
        """When the GM last pressed a key or clicked."""
        self.warmed_up = False
        """True once the warm-up (see on_ready) is done."""
        self._editor: CharacterEditor | None = None

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

    def compose(self) -> ComposeResult:
        # first: Textual numbers the paint order from the last child, so showing this one
        # leaves every other widget's number (and so its pixels) as they were
        yield self.quick_pick
        yield StatusBar(id="status")
        yield PaneTabs(id="pane-tabs")
        with Container(id="panes"):
            with Vertical(id="left"):
                yield ZonesPane(id="zones")
                yield StatBlockPane(id="statblock")
            # three columns when wide; from 100 columns the two on the right stack into
            # one, the turn order and the fate points side by side above the rest
            with Container(id="side"):
                with Container(id="middle"):
                    yield TurnPane(id="turn")
                    yield FatePane(id="fate")
                with Vertical(id="right"):
                    yield AspectsPane(id="aspects")
                    yield ObstaclesPane(id="obstacles")
                    yield NotesPane(id="notes")
        yield LogPane(id="log")
        with Horizontal(id="bar"):
            yield CommandBar(self._names, id="command")
        yield SteadyFooter()

    @property
    def scene(self) -> Scene:
        """The scene being run."""
        assert self.session is not None
        return self.session.scene

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
            presence.claim(self.session.journal)  # the player view follows while it is here
        pending = self.session.recoverable()
        if pending:
            self._offer_recovery(len(pending))

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
        self.run_worker(self._warm_up, thread=True, group="warm-up", exit_on_error=False)

    def _warm_up(self) -> None:
        """Import the verbs and the odds engine.

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
        for name in verb_modules():
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

    def _offer_recovery(self, count: int) -> None:
        from fatescreen.ui.dialogs import ConfirmDialog

        def decide(line: str | None) -> None:
            assert self.session is not None
            if line == "recover":
                results = self.session.recover_results()
                log = self.query_one(LogPane)
                for result in results:
                    log.add(result.line, result.lines, result.ok)
                replayed = sum(1 for result in results if result.ok)
                self.notify(self.tr("ui.recovered", count=replayed), markup=False)
            else:
                self.session.discard_recovery()
            self.redraw(frozenset({"all"}))

        self.push_screen(
            ConfirmDialog(
                self.view_state,
                self.tr("ui.recover_title"),
                self.tr("ui.recover_text", count=count),
                "recover",
            ),
            decide,
        )

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
            self.query_one(PaneTabs).show_tabs(self.shown_pane, self.view_state)
        self._status()

    def _status(self) -> None:
        scene = self.scene
        exchange = (
            self.tr("ui.exchange", number=scene.turn.exchange)
            if scene.turn
            else self.tr("ui.no_exchange")
        )
        dirty = " ●" if self.session is not None and self.session.dirty else ""
        self.query_one("#status", StatusBar).set(
            assemble(
                ("fatescreen", "bold $accent"),
                " · ",
                (literal(scene.title), "bold"),
                f" · {exchange} · ",
                (self.tr("ui.gm_pool_short", count=scene.gm_pool), "$secondary bold"),
                (dirty, "$warning"),
                (f"   {self.view_state.lang} │ {self.theme}", "$text-muted"),
            )
        )

    # -- running commands ----------------------------------------------------------------

    def run_command(self, request: Request | str, *, flow: bool = True) -> Result | None:
        """Apply one request (or command line), log it, repaint what changed, and follow up
        the flow (absorbing a hit, revealing a true form, announcing a countdown)."""
        if self.session is None:
            return None
        line = request if isinstance(request, str) else request.command()
        before = self.scene
        result = self.session.execute(line)
        self.query_one(LogPane).add(
            line_in(result.line, self.view_state.lang), result.lines, result.ok
        )
        if not result.ok:
            self.bell()
            self.notify(result.lines[0] if result.lines else line, severity="error", markup=False)
        changed = result.changed | {"view"} if result.changed else result.changed
        self.redraw(changed)
        if result.ok and flow:
            self._follow_up(before, changed)
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

    def _follow_up(self, before: Scene, changed: frozenset[str]) -> None:
        scene = self.scene
        self._announce_countdowns(before)
        hit = scene.pending_hit
        if hit is not None and hit != before.pending_hit:
            self.last_target = hit.target
            self.select_character(hit.target)
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
        if words and words[0] == "select" and len(words) == 2:
            self._select_by_name(words[1])
            return
        self.run_command(event.line)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Apply the cursor blink setting to any text field that takes the focus."""
        if isinstance(event.widget, Input):
            event.widget.cursor_blink = self.cursor_blink

    def on_stress_boxes_toggled(self, event: StressBoxes.Toggled) -> None:
        """A click on a stress box."""
        self.run_command(f"stress {quote(event.character_id)} {event.kind.value} {event.box}")

    # -- actions: rolls and harm -----------------------------------------------------------

    def _up_or_selected(self) -> str | None:
        scene = self.scene
        if scene.turn is not None and scene.turn.up is not None:
            return scene.turn.up
        return self.view_state.selected

    def _default_target(self, actor: str | None, zone: str | None = None) -> str | None:
        """The last target if it is still an opponent of ``actor``, else the first opponent
        standing (those in the actor's zone first); a hazard (no actor) targets PCs."""
        scene = self.scene
        actor_char = scene.character_index.get(actor or "")
        want_pc = actor_char is None or actor_char.kind is not CharacterKind.PC
        here = actor_char.zone if actor_char is not None else zone

        def opponent(character: Character) -> bool:
            return (
                character.id != actor
                and not character.taken_out
                and (character.kind is CharacterKind.PC) == want_pc
            )

        remembered = scene.character_index.get(self.last_target or "")
        if remembered is not None and opponent(remembered):
            return remembered.id
        opponents = [c for c in scene.characters if opponent(c)]
        opponents.sort(key=lambda c: here is None or c.zone != here)
        return opponents[0].id if opponents else None

    def action_roll(self, action: str) -> None:
        """Open the roll dialog for an action, with who is up and the last target chosen."""
        if self.session is None:
            return
        actor = self._up_or_selected()
        target = self._default_target(actor)
        from fatescreen.ui.dialogs.roll import RollDialog

        self.push_screen(
            RollDialog(self.view_state, self.scene, action=action, actor=actor, target=target),
            self._from_dialog,
        )

    def _hazard_and_target(self) -> tuple[Hazard, str | None] | None:
        """The hazard whose turn it is (else the first) and the PC it goes for."""
        hazards = [o for o in self.scene.obstacles if isinstance(o, Hazard)]
        if not hazards:
            self.notify(self.tr("ui.no_hazards"), severity="warning", markup=False)
            return None
        up = self.scene.turn.up if self.scene.turn else None
        hazard = next((h for h in hazards if h.id == up), hazards[0])
        return hazard, self._default_target(None, hazard.zone)

    def action_hazard(self) -> None:
        """A hazard's turn in one key: it has nothing to choose, so it rolls at once against
        the PC it goes for (the last target, else those in its zone first), and the hit
        goes to the absorb dialog."""
        if self.session is None or (found := self._hazard_and_target()) is None:
            return
        hazard, target = found
        if target is None:
            self.notify(self.tr("ui.no_target"), severity="warning", markup=False)
            return
        self.run_command(f"hazard {quote(hazard.id)} {quote(target)}")

    def action_hazard_dialog(self) -> None:
        """A hazard's turn in the roll dialog: another target, or dice faces typed in."""
        if self.session is None or (found := self._hazard_and_target()) is None:
            return
        hazard, target = found
        from fatescreen.ui.dialogs.roll import RollDialog

        self.push_screen(
            RollDialog(
                self.view_state, self.scene, action="attack", actor=hazard.id, target=target
            ),
            self._from_dialog,
        )

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
        """Offer the legal ways to absorb the pending hit (the likeliest highlighted), each
        minion that can take it for a big bad (the first on m), taken out, and the
        defender's invokes (f free, i any) that change the hit before it is absorbed."""
        from fatescreen.commands.harm_text import option_text, options_for
        from fatescreen.rules.big_bads import minion_armor_options
        from fatescreen.ui.dialogs import ChoiceDialog, TextDialog

        if self.session is None or self.scene.pending_hit is None:
            return
        scene = self.scene
        hit = scene.pending_hit
        assert hit is not None
        target = scene.character(hit.target)
        options = options_for(scene, hit)
        choices: list[tuple[str, Content | str]] = []
        for number, option in enumerate(options, start=1):
            choices.append((f"absorb {number}", option_text(self._ctx(), target, option)))
        minions = minion_armor_options(target, scene.character_index)
        for index, minion_id in enumerate(minions):
            label = self.tr(
                "ui.minion_takes", minion=scene.character(minion_id).name, shifts=hit.shifts
            )
            choices.append(
                (
                    f"minion {quote(minion_id)}",
                    assemble(("[m] " if not index else "    ", "bold"), label),
                )
            )
        choices.append(("takeout", self.tr("ui.taken_out_choice")))
        keys = [("t", self.tr("ui.taken_out_choice"), "takeout")]
        if minions:
            keys.insert(0, ("m", self.tr("ui.minion_choice"), f"minion {quote(minions[0])}"))
        keys += [
            ("f", self.tr("ui.defender_free_invoke"), "@free"),
            ("i", self.tr("ui.defender_invoke"), "@invoke"),
        ]
        pending = scene.pending_roll
        if pending is not None and pending.result.outcome is Outcome.STYLE and hit.shifts > 1:
            keys.append(("b", self.tr("ui.trade_boost"), "trade"))
        title = self.tr("ui.absorb_title", name=target.name, shifts=hit.shifts)

        def chosen(line: str | None) -> None:
            if line is None:
                self.notify(self.tr("ui.reopen_hint"), timeout=4, markup=False)
                return
            if line == "@free":
                self._defender_invoke(target.id, free=True)
                return
            if line == "@invoke":
                self._defender_invoke(target.id, free=False)
                return
            number = int(line.split()[1]) if line.startswith("absorb ") else 0
            needed = len(options[number - 1].consequences) if number else 0
            if needed:
                fields = [(self.tr("ui.consequence_text", number=i + 1), "") for i in range(needed)]
                template = line + "".join(f" {{{i}}}" for i in range(needed))
                self.push_screen(
                    TextDialog(self.view_state, title, fields, template), self._from_dialog
                )
            else:
                self.run_command(line)

        self.push_screen(ChoiceDialog(self.view_state, title, choices, keys=keys), chosen)

    def _defender_invoke(self, defender: str, *, free: bool) -> None:
        """The defender invokes against the hit (free: its first free invoke); the absorb
        dialog comes back with the hit the invoke left."""
        if free:
            hit = self.scene.pending_hit
            if not self._spend_free_invoke(defender):
                self.notify(self.tr("ui.no_free_invokes"), severity="warning", markup=False)
            if self.scene.pending_hit is not None and self.scene.pending_hit == hit:
                self.action_absorb()
            return
        self._invoke_dialog(defender, then=self.action_absorb)

    def _ctx(self) -> Context:
        assert self.session is not None
        return Context(
            self.scene, self.session.rng, self.view_state.lang, self.view_state.ladder_names
        )

    def _offer_reveal(self, character_id: str) -> None:
        from fatescreen.ui.dialogs import ChoiceDialog

        character = self.scene.character(character_id)
        form = character.forms[character.form]
        choices: list[tuple[str, Content | str]] = [
            (f"reveal {quote(character_id)}", self.tr("ui.reveal_default", form=form.name)),
            (f"reveal {quote(character_id)} soft", self.tr("ui.reveal_soft")),
            (f"reveal {quote(character_id)} full", self.tr("ui.reveal_full")),
        ]
        self.push_screen(
            ChoiceDialog(self.view_state, self.tr("ui.reveal_title", name=character.name), choices),
            self._from_dialog,
        )

    def action_invoke(self) -> None:
        """Choose an aspect to invoke on the last roll; free invokes listed first."""
        if self.session is None or self.scene.pending_roll is None:
            self.notify(self.tr("error.no_roll"), severity="warning", markup=False)
            return
        self._invoke_dialog(self._roller())

    def _roller(self) -> str:
        """Who made the pending roll: a character, a hazard or other obstacle, else the GM."""
        pending = self.scene.pending_roll
        assert pending is not None
        actor = pending.actor
        if actor in self.scene.character_index or actor in self.scene.obstacle_index:
            return actor
        return GM

    def _invoke_dialog(self, invoker: str, *, then: Callable[[], None] | None = None) -> None:
        """The aspects ``invoker`` can invoke: its free invokes first, then paid ones (a
        fate point each); Esc runs ``then`` (the dialog the invoke came from)."""
        from fatescreen.ui.dialogs import ChoiceDialog

        names = {c.id: c.name for c in self.scene.characters}
        pcs = frozenset(c.id for c in self.scene.pcs)
        free_first: list[tuple[str, Content | str]] = []
        paid: list[tuple[str, Content | str]] = []
        for found in aspects_in_play(self.scene):
            label = found.aspect.name
            if free_invoke_holders(found.aspect, invoker, pcs):
                free_first.append(
                    (
                        Invoke(found.key, invoker, "free").command(),
                        assemble((self.tr("ui.free_mark") + " ", "$success"), label),
                    )
                )
            if not found.aspect.is_boost:
                gm = self.view_state.tr("gm.name")
                owners = {names.get(o, gm) for o in found.aspect.free_invokes}
                extra = f"  ({', '.join(sorted(owners))})" if owners else ""
                paid.append(
                    (
                        Invoke(found.key, invoker).command(),
                        assemble(("1 FP ", "$warning"), label, (extra, "$text-muted")),
                    )
                )

        def chosen(line: str | None) -> None:
            hit = self.scene.pending_hit
            if line:
                self.run_command(line)
            if then is not None and (not line or self.scene.pending_hit == hit):
                then()

        who = names.get(invoker, self.tr("ui.gm") if invoker == GM else invoker)
        options = free_first + paid
        lines = [line for line, _ in options]
        self.push_screen(
            ChoiceDialog(
                self.view_state,
                self.tr("ui.invoke_title_by", name=who),
                options,
                note=self.tr("ui.invoke_note"),
                alternates=[
                    ("r", self.tr("ui.invoke_reroll"), [f"{line} reroll" for line in lines]),
                    ("o", self.tr("ui.invoke_oppose"), [f"{line} oppose" for line in lines]),
                ],
            ),
            chosen,
        )

    def action_free_invoke(self) -> None:
        """Spend the first free invoke the roller's side holds on the last roll (one key)."""
        if self.session is None or self.scene.pending_roll is None:
            self.notify(self.tr("error.no_roll"), severity="warning", markup=False)
            return
        if not self._spend_free_invoke(self._roller()):
            self.notify(self.tr("ui.no_free_invokes"), severity="warning", markup=False)

    def _spend_free_invoke(self, invoker: str) -> bool:
        """Invoke the first aspect on which ``invoker``'s side holds a free invoke; False
        when it holds none."""
        pcs = frozenset(c.id for c in self.scene.pcs)
        found = first_aspect_in_play(
            self.scene,
            # most aspects hold no free invoke: skip them before asking whose they are
            lambda a: bool(a.aspect.free_invokes and free_invoke_holders(a.aspect, invoker, pcs)),
        )
        if found is None:
            return False
        self.run_command(Invoke(found.key, invoker, "free"))
        return True

    # -- actions: flow ---------------------------------------------------------------------

    def action_next_turn(self) -> None:
        """Hand the turn to the highlighted name in the turn order (one key)."""
        turn = self.query_one(TurnPane)
        if turn.cursor is None:
            return
        order = self.scene.turn
        if order is not None and order.started and not turn.candidates():
            self.action_next_exchange()
            return
        if order is not None and order.started and turn.cursor in order.acted:
            self.action_next_exchange()
            return
        self.run_command(NextTurn(turn.cursor))

    def action_next_exchange(self) -> None:
        """Start the next exchange with the highlighted name."""
        turn = self.query_one(TurnPane)
        if turn.cursor is not None:
            self.run_command(NextExchange(turn.cursor))

    def action_turn_cursor(self, step: int) -> None:
        """Move the turn-order highlight."""
        self.query_one(TurnPane).move_cursor(step)

    def action_tick(self) -> None:
        """Tick the running countdown; with several, a digit picks which (one more key)."""
        if self.session is None:
            return
        running = [c for c in self.scene.countdowns if c.checked < c.boxes]
        if not running:
            self.notify(self.tr("ui.no_countdowns"), severity="warning", markup=False)
            return
        if len(running) == 1:
            self.run_command(f"tick {quote(running[0].id)}")
            return
        choices = [(f"tick {quote(c.id)}", f"{c.name} {c.checked}/{c.boxes}") for c in running]
        self.quick_pick.open(self.view_state, self.tr("ui.tick_title"), choices)

    def action_move(self) -> None:
        """Move the selected character to an adjacent zone (or any zone, if unplaced); a
        zone behind a barrier or block shows what it takes and the odds of Athletics."""
        if self.session is None or self.view_state.selected is None:
            return
        character = self.scene.character(self.view_state.selected)
        zones = (
            self.scene.adjacent(character.zone)
            if character.zone
            else tuple(z.id for z in self.scene.zones)
        )
        choices = [
            (
                f"move {quote(character.id)} {quote(zone_id)}",
                self.scene.zone(zone_id).name + self._crossing(character, zone_id),
            )
            for zone_id in zones
        ]
        if not choices:
            self.notify(self.tr("ui.nowhere"), severity="warning", markup=False)
            return
        title = self.tr("ui.move_title", name=character.name)
        self.quick_pick.open(self.view_state, title, choices)

    def _crossing(self, character: Character, zone_id: str) -> str:
        """`` (barrier +2: Athletics +1, 38% across)`` for a zone behind a barrier or block,
        else nothing (the roll itself is logged with its dice; $ turns a failure into
        success at a cost)."""
        from fatescreen.rules.obstacles import Block
        from fatescreen.rules.odds import odds

        link = self.scene.link_between(character.zone, zone_id) if character.zone else None
        if link is None:
            return ""
        difficulty = link.barrier
        block = self.scene.obstacle_index.get(link.block or "")
        if isinstance(block, Block):
            difficulty = max(difficulty or 0, block.rating)
        if difficulty is None:
            return ""
        rating = character.skill("Athletics")
        chances = odds(rating, difficulty).as_percentages()
        across = chances[Outcome.SUCCESS] + chances[Outcome.STYLE]
        return " " + self.tr(
            "ui.move_odds",
            difficulty=f"{difficulty:+d}",
            rating=f"{rating:+d}",
            chance=f"{across:.0f}%",
        )

    def action_cost(self) -> None:
        """Success at a cost on the failed (or tied) roll just made: name the cost."""
        from fatescreen.ui.dialogs import TextDialog

        pending = self.scene.pending_roll if self.session is not None else None
        if pending is None or pending.result.outcome.succeeded:
            self.notify(self.tr("ui.no_failed_roll"), severity="warning", markup=False)
            return
        self.push_screen(
            TextDialog(
                self.view_state,
                self.tr("ui.cost_title"),
                [(self.tr("ui.cost_text"), "")],
                "cost {0}",
            ),
            self._from_dialog,
        )

    def action_stress(self) -> None:
        """Check or clear a stress box of the selected character: a digit picks the box."""
        if self.session is None or self.view_state.selected is None:
            return
        character = self.scene.character(self.view_state.selected)
        choices = [
            (
                f"stress {quote(character.id)} {track.kind.value} {box}",
                f"{self.tr(f'ui.stress.{track.kind.value}')} {box}"
                + (" ☒" if box in track.checked else " ☐"),
            )
            for track in character.stress
            for box in range(1, track.boxes + 1)
        ]
        if not choices:
            self.notify(self.tr("ui.no_stress"), severity="warning", markup=False)
            return
        title = self.tr("ui.stress_title", name=character.name)
        self.quick_pick.open(self.view_state, title, choices)

    async def on_event(self, event: events.Event) -> None:
        """While the quick pick is open it gets every key but the app's own (quit, the
        palette), which close it first; a click elsewhere closes it."""
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
        """The player view tells the players that the GM's session is over."""
        if self.session is not None and self.session.journal is not None:
            presence.release(self.session.journal)

    def action_add_aspect(self) -> None:
        """A new situation aspect with one free invoke (the name is the one field)."""
        from fatescreen.ui.dialogs import TextDialog

        if self.session is None:
            return
        creator = self._up_or_selected()
        character = self.scene.character_index.get(creator or "")
        owner = character.id if character is not None else GM
        who = character.name if character is not None else self.tr("ui.gm")
        self.push_screen(
            TextDialog(
                self.view_state,
                self.tr("ui.aspect_title_for", name=who),
                [(self.tr("ui.aspect_name"), "")],
                "aspect add {0} free 1 for " + quote(owner).replace("{", "{{").replace("}", "}}"),
            ),
            self._from_dialog,
        )

    def _compelled(self) -> Character | None:
        """Who a compel is for: the selected character, else the first PC."""
        character = self.scene.character_index.get(self.view_state.selected or "")
        if character is None:
            pcs = [c for c in self.scene.characters if c.kind is CharacterKind.PC]
            character = pcs[0] if pcs else None
        if character is None or not character.current_aspects:
            self.notify(self.tr("ui.no_character"), severity="warning", markup=False)
            return None
        return character

    def action_compel_accepted(self) -> None:
        """One key for the compel a player has just accepted: on the selected character's
        trouble (else its first aspect), +1 fate point (to the GM pool for an NPC). C
        chooses the aspect, or a refusal."""
        if self.session is None or (character := self._compelled()) is None:
            return
        aspect = _compel_order(character)[0]
        ref = quote(f"character:{character.id}/{aspect.id}")
        self.run_command(f"compel {quote(character.id)} {ref} accept")

    def action_compel(self) -> None:
        """Compel the selected character on one of its aspects (trouble first): Enter
        accepts (+1 fate point to a PC, to the GM pool for an NPC), r refuses (one point
        paid). With no character selected, the first PC."""
        from fatescreen.ui.dialogs import ChoiceDialog

        if self.session is None or (character := self._compelled()) is None:
            return
        aspects = _compel_order(character)
        refs = [quote(f"character:{character.id}/{a.id}") for a in aspects]
        who = quote(character.id)
        choices: list[tuple[str, Content | str]] = [
            (f"compel {who} {ref} accept", a.name) for ref, a in zip(refs, aspects, strict=True)
        ]
        self.push_screen(
            ChoiceDialog(
                self.view_state,
                self.tr("ui.compel_title", name=character.name),
                choices,
                note=self.tr("ui.compel_note"),
                alternates=[
                    (
                        "r",
                        self.tr("ui.compel_refuse"),
                        [f"compel {who} {ref} refuse" for ref in refs],
                    )
                ],
            ),
            self._from_dialog,
        )

    def action_end_scene(self) -> None:
        """Show what ending the scene will do; Enter applies it."""
        from fatescreen.commands.flow import next_scene_pool, scene_end
        from fatescreen.ui.dialogs import ConfirmDialog

        if self.session is None:
            return
        _, delivered, cleared, boosts = scene_end(self.scene)
        pool = next_scene_pool(self.scene)
        names = {c.id: c.name for c in self.scene.characters}
        lines = [
            self.tr("ui.end_stress", names=", ".join(names[c] for c in cleared) or "—"),
            self.tr("ui.end_boosts", count=boosts),
            self.tr(
                "ui.end_points",
                points=", ".join(f"{names.get(w, w)} +{n}" for w, n in delivered.items()) or "—",
            ),
            self.tr("ui.end_pool", before=self.scene.gm_pool, after=pool),
            self.tr("ui.end_turn"),
        ]
        self.push_screen(
            ConfirmDialog(self.view_state, self.tr("ui.end_title"), "\n".join(lines), "endscene"),
            self._from_dialog,
        )

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
        self.run_command("undo", flow=False)

    def action_redo(self) -> None:
        """Redo the change undone last."""
        self.run_command("redo", flow=False)

    def action_save(self) -> None:
        """Save the scene file."""
        result = self.run_command("save", flow=False)
        if result is not None and result.ok:
            self.notify(result.lines[0], markup=False)
            self._status()

    async def action_quit(self) -> None:
        """Quit; with changes not saved to the scene file, ask first (s saves and quits)."""
        from fatescreen.ui.dialogs import ChoiceDialog

        if self.session is None or not self.session.dirty:
            self.exit()
            return

        def decide(choice: str | None) -> None:
            if choice == "@save":
                result = self.run_command("save", flow=False)
                if result is None or not result.ok:
                    return
            if choice in ("@save", "@quit"):
                self.exit()

        self.push_screen(
            ChoiceDialog(
                self.view_state,
                self.tr("ui.quit_title"),
                [("@save", self.tr("ui.quit_save")), ("@quit", self.tr("ui.quit_discard"))],
                note=self.tr("ui.quit_note"),
                keys=[
                    ("s", self.tr("ui.quit_save"), "@save"),
                    ("q", self.tr("ui.quit_discard"), "@quit"),
                ],
            ),
            decide,
        )

    def action_command_bar(self) -> None:
        """Focus the command bar."""
        self.query_one(CommandBar).focus()

    def action_help(self) -> None:
        """Every key and every command."""
        from fatescreen.ui.dialogs.help import HelpScreen, help_bindings

        self.push_screen(HelpScreen(self.view_state, help_bindings(self, self.screen)))

    # -- actions: view ---------------------------------------------------------------------

    def action_select(self, step: int) -> None:
        """Show the next or previous character in the stat block."""
        if self.session is None or not self.scene.characters:
            return
        ids = [c.id for c in self.scene.characters]
        current = ids.index(self.view_state.selected) if self.view_state.selected in ids else 0
        self.select_character(ids[(current + step) % len(ids)])

    def select_character(self, character_id: str | None) -> None:
        """Show a character (or none) in the stat block."""
        self.view_state = replace(self.view_state, selected=character_id)
        self.redraw(frozenset({"view"}))

    def _select_by_name(self, name: str) -> None:
        try:
            character = self._ctx().character(name.strip().strip("\"'"))
        except Exception as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self.select_character(character.id)

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

    def _relabel(self) -> None:
        """Key descriptions and the command bar's hint in the current language; on a
        narrow terminal a compact footer with the most used keys."""
        narrow = self.size.width < NARROW
        translate_bindings(self, self.view_state.lang, NARROW_FOOTER if narrow else None)
        self.query_one(SteadyFooter).compact = narrow
        self._narrow = narrow
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
        self.query_one(f"#{name}").focus()

    def _show_pane_classes(self) -> None:
        self.query_one(PaneTabs).show_tabs(self.shown_pane, self.view_state)
        for pane in self.panes():
            pane.set_class(pane.id == self.shown_pane, "-shown")
        shown_columns = 0
        for column in ("left", "side", "middle", "right"):
            holder = self.query_one(f"#{column}")
            shown = any(p.id == self.shown_pane for p in holder.query(Pane))
            holder.set_class(shown, "-shown")
            shown_columns += shown
        self.query_one("#panes").set_class(not shown_columns, "-empty")

    def on_resize(self, event: events.Resize) -> None:
        """Across the narrow breakpoint, the footer changes the keys it shows."""
        if (event.size.width < NARROW) != self._narrow:
            self._relabel()

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
        bar.focus()
