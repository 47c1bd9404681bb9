"""The dashboard shell every non-Fate system shares: an app that runs a system's screen on
a :class:`~fatescreen.commands.session.Session`.

The screen shows and asks; the app applies: a key or a typed line becomes a
:class:`SystemScreen.CommandEntered` message, the app runs it through the session (the one
path by which the scene changes) and hands the new scene value down to the screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import suppress
from dataclasses import replace
from functools import cache, partial
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from textual import events
from textual.actions import parse as parse_action
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Static
from textual.worker import Worker

from fatescreen.commands.session import META, Result, Session
from fatescreen.commands.systems.base import VerbSet
from fatescreen.commands.systems.campaign import SystemCampaignSession, open_system_campaign
from fatescreen.commands.systems.session import SharedCommands, open_system_session
from fatescreen.commands.writer import locked_message, open_writer
from fatescreen.i18n import chosen_language, tr
from fatescreen.scene import presence
from fatescreen.scene.errors import Problem, SceneFileError
from fatescreen.scene.lock import SceneLocked
from fatescreen.systems import named_by
from fatescreen.ui.config import load_settings, save_settings
from fatescreen.ui.dialogs import ConfirmDialog
from fatescreen.ui.flows.session import (
    QUIT,
    RECOVER,
    SAVE,
    hand_edit_dialog,
    not_recovered_text,
    quit_dialog,
    recovery_dialog,
)
from fatescreen.ui.keymap import KeymapError, read_keymap
from fatescreen.ui.keys import (
    LocalFooter,
    binding_commands,
    described,
    open_command_palette,
    palette_text,
    textual_commands_in,
    translate_bindings,
)
from fatescreen.ui.line_input import LineInput, quiet_after_close
from fatescreen.ui.panes.log import LogPane
from fatescreen.ui.saving import BackgroundSaves
from fatescreen.ui.state import View
from fatescreen.ui.tabs import PaneTabs
from fatescreen.ui.text import assemble
from fatescreen.ui.themes import DEFAULT_THEME, usable_themes


class SystemPane(VerticalScroll):
    """A pane of a system's dashboard: a titled box that redraws from the scene value."""

    TITLE_KEY = ""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="pane")
        self.body = Static("", classes="system-body")
        self.can_focus = True
        self.drawn: tuple[Any, str] | None = None
        """What the pane was drawn from last (see :meth:`shows`), in which language."""

    def compose(self) -> ComposeResult:
        yield self.body

    def shows(self, value: Any) -> Any:
        """The part of the scene value the pane shows: it is drawn again only when that
        part changes (a check opened leaves a pane of two hundred characters as it is).
        The whole value unless a pane says less."""
        return value

    def show(self, value: Any, lang: str) -> None:
        """Redraw from the scene value in ``lang``, if what the pane shows changed."""
        title = tr(lang, self.TITLE_KEY)
        if self.border_title != title:
            self.border_title = title
        drawn = (self.shows(value), lang)
        if drawn == self.drawn:
            return
        self.drawn = drawn
        self.body.update(self.render_value(value, lang))

    def render_value(self, value: Any, lang: str) -> Content:
        """What the pane shows for a scene value."""
        raise NotImplementedError


class CommandLine(LineInput):
    """Where the GM types commands: Enter sends the line up, Esc gives the keys back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave", "Leave", show=False, id="system.command.leave"),
    ]

    class Submitted(Message):
        """The GM entered a command line."""

        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    def sent(self, line: str) -> Message:
        """The line sent."""
        return self.Submitted(line)

    def action_leave(self) -> None:
        """Give the keys back to the dashboard."""
        self.value = ""
        self.screen.set_focus(None)


@cache
def priority_actions(screen: type[Screen[Any]]) -> frozenset[tuple[str, tuple[object, ...]]]:
    """The actions of a screen's priority bindings (its own and its bases'), each with its
    parameters. A binding that moves the focus (to the command line, to a pane) is a
    priority one: it is handled as soon as its key is read, so the keys typed right after
    it in one burst go where it sent them, in the order typed (a key that is not a priority
    one is handled only after the keys read with it have been sent where the focus was)."""
    found: set[tuple[str, tuple[object, ...]]] = set()
    for cls in screen.__mro__:
        for binding in cls.__dict__.get("BINDINGS", ()):
            if isinstance(binding, Binding) and binding.priority:
                _, name, parameters = parse_action(binding.action)
                found.add((name, parameters))
    return frozenset(found)


SHARED_KEYS = ("command_bar", "help", "undo", "redo", "save", "language")
"""The ids of the keys every system's screen has (``:`` first in the footer, the rest last)."""

KEPT_KEYS = ("command_bar", "help", "undo")
"""The keys the footer always shows, however narrow the terminal."""


class SystemScreen(Screen[None]):
    """A system's dashboard: its panes (from :meth:`compose_panes`), the log and the
    command line. Subclasses add panes and key bindings; a binding's action is
    ``command('LINE')`` (apply a line) or ``prefill('TEXT')`` (start a line to finish)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # first in line, so that the keys typed right after it are the line's (see
        # check_action): a GM types ":check Ilse" in one burst
        Binding("colon", "command_bar", "Command", id="command_bar", priority=True),
        Binding("question_mark", "command('help')", "Help", id="help"),
        Binding("u", "command('undo')", "Undo", id="undo"),
        Binding("U,ctrl+y", "command('redo')", "Redo", id="redo", show=False),
        Binding("ctrl+s", "command('save')", "Save", id="save"),
        Binding("L", "toggle_language", "Language", id="language", show=False),
        # a campaign's: the scene list with "play " started, and the running scene's end
        Binding("S", "scenes", "Scenes", id="system.scenes", priority=True),
        Binding("E", "command('endscene')", "End scene", id="system.endscene"),
        Binding("E", "end_session", "End session", id="system.endsession"),
        # on a small terminal one pane at a time: its number shows it (else focuses it)
        *[
            Binding(
                str(number),
                f"show_pane({number})",
                f"Pane {number}",
                id=f"pane_{number}",
                show=False,
                priority=True,
            )
            for number in range(1, 10)
        ],
    ]

    class CommandEntered(Message):
        """A command line for the session, from a key or the command line."""

        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    class LanguageToggled(Message):
        """The GM asked for the other language."""

    def __init__(
        self,
        view: View,
        value: Any = None,
        problems: tuple[str, ...] = (),
        source: str = "",
        verbs: VerbSet | None = None,
        campaign: bool = False,
        replaced: frozenset[str] = frozenset(),
    ) -> None:
        super().__init__()
        self.campaign = campaign
        """Whether the screen plays a campaign's scenes (the campaign's keys work)."""
        self.replaced = replaced
        """The system's verbs the campaign does otherwise: their keys are not offered."""
        self.read_only = False
        """Whether the session writes nothing (``--read-only``): the status line says so."""
        self.between = False
        """Whether a campaign is between scenes (its keys end the session, not a scene)."""
        self.verbs = verbs
        """The system's verbs: a key's command line is written in the GM's language."""
        self.source = source
        """The scene file's path, for the message when it could not be loaded."""
        self.view = view
        self.value: Any = value
        """The scene value shown; None when the file could not be loaded."""
        self.problems = problems
        """Why the scene could not be loaded (file:line: key: message)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield PaneTabs(id="pane-tabs")
        with Horizontal(id="system-panes"):
            yield from self.compose_panes()
        yield LogPane(id="log")
        yield CommandLine(
            placeholder=self.view.tr("system.placeholder"), id="command", select_on_focus=False
        )
        yield LocalFooter()

    def on_mount(self) -> None:
        """Draw the scene, or say why there is none."""
        self.shown_pane = self.pane_ids()[0]
        self._show_pane_classes()
        if self.value is not None:
            self.show(self.value, self.view)
            return
        text = self.view.tr("ui.load_failed", path=self.source, count=len(self.problems))
        self.query_one("#status", Static).update(assemble((text, "$error bold")))
        self.query_one(LogPane).add(self.source, self.problems, ok=False)
        self.query_one(LogPane).border_title = self.view.tr("ui.log")
        self.fit_footer()
        translate_bindings(self.app, self.view.lang)

    def compose_panes(self) -> ComposeResult:
        """The system's own panes."""
        yield from ()

    def status(self, value: Any, lang: str) -> Content:
        """The status line for a scene value."""
        return assemble((str(getattr(value, "title", "")), "bold"))

    def show(self, value: Any, view: View) -> None:
        """Redraw every pane and the status line from a scene value."""
        self.value = value
        self.view = view
        status = self.status(value, view.lang)
        if self.read_only:
            # first, so that a narrow screen still shows it
            status = assemble((view.tr("ui.read_only"), "$warning bold"), " · ", status)
        self.query_one("#status", Static).update(status)
        for pane in self.query(SystemPane):
            pane.show(value, view.lang)
        self.query_one(LogPane).border_title = view.tr("ui.log")
        self.query_one(CommandLine).placeholder = view.tr("system.placeholder")
        self.query_one(PaneTabs).show_tabs(self.shown_pane, self._tabs())
        self.fit_footer()
        translate_bindings(self.app, view.lang)

    shown_pane = "log"
    """The id of the pane a small terminal shows (the keys 1-9 pick it)."""

    def pane_ids(self) -> list[str]:
        """The ids of the panes in the order of their keys: the system's, then the log."""
        return [str(pane.id) for pane in self.query(SystemPane)] + ["log"]

    def _tabs(self) -> list[tuple[str, str]]:
        labels = {str(pane.id): pane.TITLE_KEY for pane in self.query(SystemPane)}
        return [(name, self.view.tr(labels.get(name, "ui.tab.log"))) for name in self.pane_ids()]

    def action_show_pane(self, number: int) -> None:
        """Show the pane of that number on a small terminal, and focus it."""
        names = self.pane_ids()
        if not 1 <= number <= len(names):
            return
        self.shown_pane = names[number - 1]
        self._show_pane_classes()
        # at once, not later: a key typed right after may move the focus on
        self.set_focus(self.query_one(f"#{self.shown_pane}"))

    def on_pane_tabs_picked(self, message: PaneTabs.Picked) -> None:
        """A tab clicked shows its pane."""
        message.stop()
        self.action_show_pane(self.pane_ids().index(message.name) + 1)

    def _show_pane_classes(self) -> None:
        """Mark the shown pane, and the column holding it (on a small terminal, only what
        is marked is shown; the log always is, five rows high unless it is the one)."""
        shown = self.shown_pane
        for pane in self.query(SystemPane):
            pane.set_class(pane.id == shown, "-shown")
        self.query_one(LogPane).set_class(shown == "log", "-shown")
        panes = self.query_one("#system-panes")
        for column in panes.children:
            held = column.id == shown or any(p.id == shown for p in column.query(SystemPane))
            column.set_class(held, "-shown")
        panes.set_class(shown == "log", "-empty")
        self.query_one(PaneTabs).show_tabs(shown, self._tabs())

    def on_resize(self) -> None:
        """A new width may hold more or fewer keys."""
        self.fit_footer()

    def on_descendant_focus(self) -> None:
        """The keys that work change with the focus (none of the line's starters while
        typing): fit the footer to them again."""
        self.fit_footer()

    def on_descendant_blur(self) -> None:
        """See :meth:`on_descendant_focus`."""
        self.fit_footer()

    def fit_footer(self) -> None:
        """Show as many of the screen's keys in the footer as fit beside the palette's key:
        always ``:``, help and undo (as Fate's narrow footer keeps them), then the system's
        own keys in the order they are bound as long as they fit, then save; the rest are in
        help and the palette. No key is ever shown cut."""
        lang = self.view.lang
        bound = [b for b in self._shown_bindings() if b.show and b.id is not None]
        kept = [b for b in bound if b.id in KEPT_KEYS]
        rest = [b for b in bound if b.id not in SHARED_KEYS]
        rest += [b for b in bound if b.id in SHARED_KEYS and b.id not in KEPT_KEYS]
        palette = self.app.get_key_display(Binding(self.app.COMMAND_PALETTE_BINDING, ""))
        room = self.size.width - cell_len(palette) - cell_len(tr(lang, "ui.key.command_palette"))
        room -= 5  # the palette key's padding and the bar before it

        def width(binding: Binding) -> int:
            label = cell_len(self.app.get_key_display(binding)) + cell_len(described(binding, lang))
            return label + 3  # a space between key and description, and one each side

        room -= sum(width(binding) for binding in kept)
        fitting = [str(binding.id) for binding in kept]
        for binding in rest:
            room -= width(binding)
            if room < 0:
                break
            fitting.append(str(binding.id))
        translate_bindings(self, lang, None if len(fitting) == len(bound) else frozenset(fitting))

    def _shown_bindings(self) -> list[Binding]:
        """The screen's own key bindings that work here (Textual leaves out those its
        ``check_action`` refuses), in the order they are bound."""
        return [active.binding for active in self.active_bindings.values() if active.node is self]

    def add_log(self, result: Result) -> None:
        """Put a command's result at the top of the log."""
        self.query_one(LogPane).add(result.line, result.lines, result.ok)

    def action_command(self, line: str) -> None:
        """Apply a command line (written in the GM's language, as the log shows it)."""
        self.post_message(self.CommandEntered(self.in_language(line)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A priority key (one that moves the focus: ``:``, a verb's key, a pane's number)
        works only where it is not text being typed; a campaign's keys only in a campaign."""
        if isinstance(self.focused, Input) and (action, parameters) in priority_actions(type(self)):
            return False
        # E ends the scene while one runs, the session between scenes (a campaign's keys)
        if action == "end_session":
            return self.campaign and self.between
        if parameters == ("endscene",):
            return self.campaign and not self.between
        if action == "scenes" and not self.campaign:
            return False
        verb = str(parameters[0]).split()[:1] if parameters else []
        if verb and verb[0] in self.replaced:
            return False
        return super().check_action(action, parameters)

    def offered_bindings(self) -> list[Binding]:
        """The screen's key bindings (the shell's and the system's) that work here: a
        campaign's only in a campaign, none the campaign does otherwise."""
        offered: list[Binding] = []
        for cls in reversed(type(self).__mro__):
            for binding in cls.__dict__.get("BINDINGS", ()):
                if not isinstance(binding, Binding) or binding.id == "command_bar":
                    continue
                _, name, parameters = parse_action(binding.action)
                if self.check_action(name, parameters) is not False:
                    offered.append(binding)
        return offered

    class EndSessionAsked(Message):
        """The GM asked to end the campaign's session (a key: the app asks first)."""

    def action_end_session(self) -> None:
        """Ask the app to end the session, once the GM confirms it."""
        self.post_message(self.EndSessionAsked())

    def action_scenes(self) -> None:
        """List the campaign's scenes in the log and start a ``play`` line: the number and
        Enter start the scene (Esc leaves the line)."""
        self.post_message(self.CommandEntered(self.view.tr("cmd.scenes")))
        command = self.query_one(CommandLine)
        command.value = self.view.tr("cmd.play") + " "
        command.cursor_position = len(command.value)
        self.set_focus(command)

    def action_command_bar(self) -> None:
        """Focus the command line, empty."""
        self.action_prefill("")

    def action_prefill(self, text: str) -> None:
        """Start a command line for the GM to finish: the text is never selected, so the
        name typed next goes after the verb, and the focus moves at once, so the keys
        typed right after are the line's, never the dashboard's."""
        command = self.query_one(CommandLine)
        command.value = self.in_language(text)
        command.cursor_position = len(command.value)
        self.set_focus(command)

    def in_language(self, line: str) -> str:
        """A key's command line as the GM's language writes it."""
        return line if self.verbs is None else self.verbs.line_in(line, self.view.lang)

    def action_toggle_language(self) -> None:
        """Switch between English and Finnish."""
        self.post_message(self.LanguageToggled())

    def on_command_line_submitted(self, message: CommandLine.Submitted) -> None:
        """A typed line is a command like any key's; the keys go back to the dashboard."""
        message.stop()
        self.set_focus(None)
        self.post_message(self.CommandEntered(message.line))


def screen_of(system: str) -> type[SystemScreen]:
    """The dashboard screen class of the system with the id ``system``.

    Raises:
        KeyError: No system has that id, or it has no ``screen`` part.
    """
    found = named_by(system)
    if found is None or found.screen is None:
        raise KeyError(system)
    screen: type[SystemScreen] = found.part("screen")
    return screen


SAVE_WORDS = ("save", *META["save"])
"""The words of the save command."""


class SystemApp(App[None]):
    """The dashboard for one scene of a system other than Fate."""

    CSS_PATH = [
        str(Path(__file__).parent.parent / "app.tcss"),
        str(Path(__file__).parent / "systems.tcss"),
    ]
    TITLE = "fatescreen"
    HORIZONTAL_BREAKPOINTS = [(0, "-compact"), (100, "-wide")]
    """Below 100 columns one pane at a time, as on Fate's dashboard."""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+p", "command_palette", "Palette", id="command_palette", show=False, priority=True
        ),
    ]

    def __init__(
        self,
        scene_path: Path | None = None,
        *,
        session: Session[Any] | None = None,
        lang: str | None = None,
        theme: str | None = None,
        cursor_blink: bool = True,
        read_only: bool = False,
        remember: bool = True,
        campaign: bool = False,
    ) -> None:
        super().__init__()
        self.scene_path = scene_path
        """The scene file, or the campaign folder (``campaign``)."""
        self.cursor_blink = cursor_blink
        self.remember = remember
        """Whether the GM's language is remembered for the next start (as Fate's)."""
        remembered = load_settings().lang if remember else ""
        self.view_state = View(lang=chosen_language(lang, remembered))
        self.load_error: SceneFileError | None = None
        self.refusal: str | None = None
        """Why the scene was not opened: another process writes it (who, since when)."""
        self.session = session
        self.saves = BackgroundSaves(self)
        """The save being written off the UI thread, if any."""
        self.campaign = campaign or isinstance(session, SystemCampaignSession)
        """Whether a campaign is played: its keys (the scene list, the scene's end) work."""
        if session is None and scene_path is not None:
            opener: Any = open_system_campaign if campaign else open_system_session
            # a campaign speaks its own language unless one is asked for
            said = lang if campaign else self.view_state.lang
            try:
                self.session = open_writer(opener, scene_path, read_only=read_only, lang=said)
                if campaign and lang is None and self.session is not None:
                    self.view_state = View(lang=self.session.lang)
            except SceneFileError as error:
                self.load_error = error
            except SceneLocked as error:
                self.refusal = locked_message(error, self.view_state.lang)
                self.load_error = SceneFileError([Problem((), self.refusal, None, scene_path)])
        if self.session is not None:
            self.session.lang = self.view_state.lang
        with suppress(KeymapError):  # the console script refused a broken one already
            self.set_keymap(read_keymap())
        for custom in usable_themes():
            self.register_theme(custom)
        wanted = theme or DEFAULT_THEME
        self.theme = wanted if wanted in self.available_themes else DEFAULT_THEME

    @classmethod
    def on_campaign(
        cls,
        folder: Path,
        *,
        lang: str | None = None,
        theme: str | None = None,
        read_only: bool = False,
    ) -> SystemApp:
        """The dashboard on a campaign folder (its ``campaign_dashboard`` part)."""
        return cls(folder, lang=lang, theme=theme, read_only=read_only, campaign=True)

    def on_mount(self) -> None:
        """Show the system's dashboard; offer to recover unsaved changes; remember the
        language it speaks (``--lang`` too) and what was opened for the next start, as
        Fate's does."""
        if self.remember:
            settings = load_settings()
            opened = self.scene_path if self.session is not None else None
            # the scene or campaign opened, as Fate's dashboard remembers it: ``fatescreen``
            # alone opens the campaign played last
            last = str(opened.resolve()) if opened is not None else settings.last_scene
            if (settings.lang, settings.last_scene) != (self.view_state.lang, last):
                save_settings(replace(settings, lang=self.view_state.lang, last_scene=last))
        if self.session is None:
            lang = self.view_state.lang
            problems = (
                tuple(p.render(lang) for p in self.load_error.problems) if self.load_error else ()
            )
            source = str(self.scene_path or "")
            self.push_screen(SystemScreen(self.view_state, None, problems, source))
            return
        pending = self.session.recoverable()
        replaced = (
            frozenset(self.session.rules.replaced)
            if isinstance(self.session, SystemCampaignSession)
            else frozenset()
        )
        screen = screen_of(self.session.system)(
            self.view_state,
            self.session.shown,
            verbs=verb_set_of(self.session),
            campaign=self.campaign,
            replaced=replaced,
        )
        screen.read_only = self.session.read_only
        screen.between = self._between()
        self.push_screen(screen)
        if not self.cursor_blink:
            for field in screen.query(Input):
                field.cursor_blink = False
        journal = self.session.journal
        if journal is not None:
            # the player view follows while it is here
            presence.claim(journal, writer=self.session.writer_lock is not None)
        if pending:
            # asked as Fate's dashboard asks: Enter replays them, Esc discards them
            dialog = recovery_dialog(self.view_state, journal, len(pending))
            self.push_screen(dialog, self._recovery_chosen)
        else:
            self._opened()

    def _recovery_chosen(self, answer: str | None) -> None:
        """Replay the changes not saved, each into the log (or discard them), then go on
        opening."""
        session = self.session
        assert session is not None
        if answer == RECOVER:
            results = session.recover_results()
            for result in results:
                self._said(result)
            replayed = sum(1 for result in results if result.ok)
            self.notify(self.view_state.tr("ui.recovered", count=replayed), markup=False)
            if session.not_recovered:
                message = not_recovered_text(self.view_state, session.not_recovered)
                label = self.view_state.tr("ui.journal_label")
                self.dashboard.add_log(Result(label, (message,), ok=False))
                self.notify(message, severity="warning", timeout=12, markup=False)
        else:
            session.discard_recovery()
        self.dashboard.show(session.shown, self.view_state)
        self._opened()

    def _opened(self) -> None:
        """What follows the opening (and the recovery's question): a campaign between
        scenes shows its scene list; the journal's damaged lines are said."""
        assert self.session is not None
        if isinstance(self.session, SystemCampaignSession) and self.session.scene_key is None:
            # between scenes a campaign opens on its scene list, as Fate's does
            self.call_after_refresh(self._apply, self.view_state.tr("cmd.scenes"))
        journal = self.session.journal
        if journal is not None and journal.set_aside is not None:
            path, count = journal.set_aside
            journal.set_aside = None
            message = self.view_state.tr("ui.damaged_set_aside", count=count, path=str(path))
            label = self.view_state.tr("ui.journal_label")
            # in the log too, once the screen is up: a notice fades
            self.call_after_refresh(self.dashboard.add_log, Result(label, (message,), ok=False))
            self.notify(message, severity="warning", timeout=12, markup=False)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's commands, the dashboard's keys and the system's verbs in the palette,
        each in the GM's language."""
        lang = self.view_state.lang
        yield from textual_commands_in(super().get_system_commands(screen), lang)
        if not isinstance(screen, SystemScreen):
            return
        yield from binding_commands(screen.offered_bindings(), lang, screen.run_action)
        if self.session is None:
            return
        verbs = verb_set_of(self.session).verbs.values()
        for verb in sorted(verbs, key=lambda verb: verb.word(lang)):
            if verb.name in screen.replaced:
                continue  # the campaign does it otherwise
            word = verb.word(lang)
            yield SystemCommand(
                f":{word}",
                palette_text(f"{verb.usage_in(lang)} — {tr(lang, verb.help_key)}"),
                partial(screen.action_prefill, word + " "),
            )

    def action_command_palette(self) -> None:
        """The command palette, its prompt in the GM's language."""
        open_command_palette(self, self.view_state.tr("ui.palette_placeholder"))

    @property
    def dashboard(self) -> SystemScreen:
        """The system's screen."""
        screen = self.screen
        assert isinstance(screen, SystemScreen)
        return screen

    async def on_event(self, event: events.Event) -> None:
        """Every event as Textual hears it, but a key a command line sent on as the app
        closed (see :class:`~fatescreen.ui.line_input.LineInput`)."""
        if quiet_after_close(self.screen_stack, event):
            return
        await super().on_event(event)

    def on_unmount(self) -> None:
        """The player view tells the players that the GM's session is over; the scene is
        free for another writer."""
        if self.session is not None:
            if self.session.journal is not None:
                presence.release(self.session.journal)
            self.session.close()

    def on_system_screen_command_entered(self, message: SystemScreen.CommandEntered) -> None:
        """Apply a line through the session and show what changed; a plain save over a
        file edited by hand since it was read asks first what to do with the edit."""
        if self.session is None:
            return
        words = message.line.split()
        if words and words[0] in SAVE_WORDS and len(words) == 1:
            edited = self.session.hand_edited()
            if edited:
                self.push_screen(
                    hand_edit_dialog(self.view_state, edited, len(self.session.unsaved)),
                    self._save_chosen,
                )
                return
            if self.session.saves_in_background and not self.session.read_only:
                self._save_in_background()
                return
        self._apply(message.line)

    def _save_in_background(self) -> None:
        """Write the scene off the UI thread: keys are answered while a large scene is
        written."""
        assert self.session is not None
        refused = self.saves.start_save(self.session)
        if refused is not None:
            self._said(Result(self.view_state.tr("cmd.save"), (str(refused),), ok=False))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A save written off the UI thread is adopted here, on it; a save that could not
        be written is said like any refused command."""
        result, again = self.saves.saved(self.session, event)
        if result is None:
            return
        self._said(replace(result, line=self.view_state.tr("cmd.save")))  # as the GM writes it
        if again:
            self._save_in_background()

    def on_system_screen_end_session_asked(self, message: SystemScreen.EndSessionAsked) -> None:
        """What the session's end does, and Enter to do it (a key pressed twice must not end
        a scene and then the session unasked)."""
        session = self.session
        if not isinstance(session, SystemCampaignSession):
            return
        view = self.view_state
        number = session.value.state.session
        dealt = session.rules.session_lines(
            session.rules.new_session(session.value.party), view.lang
        )
        summary = "\n".join(
            (view.tr("campaign.session_end", number=number, next=number + 1), *dealt)
        )
        title = view.tr("campaign.label.endsession", number=number)
        line = view.tr("cmd.endsession")
        self.push_screen(ConfirmDialog(view, title, summary, line), self._save_chosen)

    async def action_quit(self) -> None:
        """Quit at once with nothing unsaved; else ask, as Fate's dashboard does: s saves
        and quits, q quits without saving (the journal keeps the changes), Esc stays."""
        await self.saves.wait()
        session = self.session
        if session is None or not session.unsaved_work:
            self.exit()
            return

        def decide(choice: str | None) -> None:
            if choice == QUIT:
                self.exit()
            elif choice == SAVE:
                self._apply("save")
                if not session.unsaved_work:
                    self.exit()

        self.push_screen(quit_dialog(self.view_state, read_only=session.read_only), decide)

    def _save_chosen(self, line: str | None) -> None:
        if line is not None:
            self._apply(line)

    def _between(self) -> bool:
        """Whether a campaign is played and is between scenes."""
        session = self.session
        return isinstance(session, SystemCampaignSession) and session.scene_key is None

    def _apply(self, line: str) -> None:
        assert self.session is not None
        self._said(self.session.execute(line))

    def _said(self, result: Result) -> None:
        """Show what a command did: its lines in the log, what changed on the screen."""
        assert self.session is not None
        self.dashboard.add_log(result)
        between = self._between()
        if between != self.dashboard.between:
            self.dashboard.between = between
            self.dashboard.refresh_bindings()
        words = result.line.split()
        if result.changed or (words and words[0] in SAVE_WORDS):
            self.dashboard.show(self.session.shown, self.view_state)
        if not result.ok:
            self.bell()

    def on_system_screen_language_toggled(self, message: SystemScreen.LanguageToggled) -> None:
        """Show everything in the other language."""
        lang = "fi" if self.view_state.lang == "en" else "en"
        self.view_state = View(lang=lang)
        if self.remember:
            save_settings(replace(load_settings(), lang=lang))
        if self.session is not None:
            self.session.lang = lang
            self.dashboard.show(self.session.shown, self.view_state)


def verb_set_of(session: Session[Any]) -> VerbSet:
    """The verbs of the system a session on the shared stack plays."""
    commands = session.commands
    assert isinstance(commands, SharedCommands)
    return commands.verb_set
