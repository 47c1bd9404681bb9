"""The dashboard for a campaign: the scene list to start scenes from, PC sheets, sessions.

The dashboard runs the open scene exactly as it runs a scene file; this app adds the
campaign around it. Every change still goes through the campaign session as a command
line (or, for a sheet, as one sheet edit), so it is undoable, logged and saved like any.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content

from fatescreen.commands.campaign_session import CampaignSession, open_campaign
from fatescreen.commands.core import find_verb, line_in, split_line
from fatescreen.commands.errors import CommandError
from fatescreen.commands.requests import EndScene, EndSession, Milestone, Play, Request
from fatescreen.commands.session import Result
from fatescreen.commands.verbs_campaign import scene_end_lines, session_end_lines
from fatescreen.commands.writer import open_writer
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.scene.errors import Problem, SceneFileError
from fatescreen.scene.lock import SceneLocked
from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.dialogs import ChoiceDialog, ConfirmDialog, TextDialog
from fatescreen.ui.panes.log import LogPane
from fatescreen.ui.scene_list import SceneListScreen
from fatescreen.ui.sheet import SheetScreen
from fatescreen.ui.text import assemble, join_lines

MILESTONE_FIELDS: dict[str, tuple[str, ...]] = {
    "swap": ("ui.milestone.first_skill", "ui.milestone.second_skill"),
    "replace": ("ui.milestone.average_skill", "ui.milestone.new_skill"),
    "rewrite": ("ui.milestone.stunt_number", "ui.milestone.stunt_text"),
    "buy": ("ui.milestone.stunt_text",),
    "aspect": ("ui.milestone.old_aspect", "ui.milestone.aspect_text"),
}
"""The milestone options (§9) and the fields each asks for, in the order of the verb."""


class CampaignApp(FatescreenApp):
    """The GM dashboard on a campaign folder: it opens on the scene list (or on the scene
    left running), and adds the party's sheets, scene end through the campaign, session
    end and milestones."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *FatescreenApp.BINDINGS,
        Binding("S", "scene_list", "Scenes", id="scene_list"),
        Binding("P", "pc_sheet", "PC sheet", id="pc_sheet"),
    ]

    def __init__(
        self,
        folder: Path,
        *,
        lang: str | None = None,
        theme: str | None = None,
        remember: bool = True,
        cursor_blink: bool = True,
        read_only: bool = False,
    ) -> None:
        """Open the campaign folder (as its one writer, or read-only); if it cannot be, the
        dashboard says why.

        Args:
            folder: The folder holding campaign.toml.
            lang: The UI language; by default the campaign's, else the remembered one.
            theme: The colour theme; by default the remembered one.
            remember: False to neither read nor write the remembered settings (tests).
            cursor_blink: False for text fields that do not blink (screenshots).
            read_only: True to open it without writing anything (another process writes
                it).
        """
        session: CampaignSession | None = None
        error: SceneFileError | None = None
        locked: SceneLocked | None = None
        try:
            session = open_writer(open_campaign, folder, read_only=read_only, lang=lang)
        except SceneFileError as problems:
            error = problems
        except CommandError as problem:
            error = SceneFileError([Problem((), str(problem), None, folder)])
        except SceneLocked as held:
            locked = held
        language = lang or (session.campaign.language if session is not None else None)
        super().__init__(
            None,
            session=session,
            lang=language,
            theme=theme,
            remember=remember,
            cursor_blink=cursor_blink,
            read_only=read_only,
        )
        self.scene_path = folder
        self.load_error = error
        if locked is not None:
            self.refuse(locked, folder, self.view_state.lang)

    @property
    def campaign_session(self) -> CampaignSession | None:
        """The campaign being played (None if its files could not be opened)."""
        return self.session if isinstance(self.session, CampaignSession) else None

    def on_mount(self) -> None:
        """Open on the scene list unless a scene was left running (it reopens as it was).

        This runs before the dashboard's own mount handler, so an offer to recover unsaved
        changes opens above the scene list.
        """
        session = self.campaign_session
        if session is not None and not session.running:
            self.push_screen(self._scene_list(session))

    def _scene_list(self, session: CampaignSession) -> SceneListScreen:
        screen = SceneListScreen(session, self.view_state, self._names)
        screen.show_campaign(self.view_state, self.query_one(LogPane).entries)
        return screen

    # -- keeping the campaign's screens up to date -------------------------------------------

    def redraw(self, changed: frozenset[str]) -> None:
        """Redraw the dashboard, and the scene list and sheets if they are open."""
        super().redraw(changed)
        if self.campaign_session is None:
            return
        entries = self.query_one(LogPane).entries
        for screen in self.screen_stack:
            if isinstance(screen, SceneListScreen):
                screen.show_campaign(self.view_state, entries)
            elif isinstance(screen, SheetScreen):
                screen.show_campaign(self.view_state)

    def run_command(self, request: Request | str, *, flow: bool = True) -> Result | None:
        """Apply a request (or command line) as the dashboard does, then follow the campaign:
        a scene started opens the dashboard, a scene ended the scene list; an undo or redo
        leaves the screen where it is. (Undoing or redoing a step of the campaign saves the
        files again in the session: each was saved at once, so it goes back past that
        save.)"""
        line = request if isinstance(request, str) else request.command()
        session = self.campaign_session
        if session is None:
            return super().run_command(line, flow=flow)
        was_running = session.running
        result = super().run_command(line, flow=flow)
        if result is None or not result.ok:
            return result
        if self._verb(line) in ("undo", "redo"):
            return result  # the screen stays where the GM is
        if session.running and not was_running:
            self._scene_opened()
        elif was_running and not session.running:
            self.action_scene_list()
        return result

    def _verb(self, line: str) -> str:
        """The verb a command line names, in English ("" if it names none)."""
        lang = self.view_state.lang
        try:
            words = split_line(line, lang)
            return find_verb(words[0], lang).name if words else ""
        except CommandError:
            return ""

    def _scene_opened(self) -> None:
        """A scene started: back to the dashboard, its first PC in the stat block."""
        while isinstance(self.screen, (SceneListScreen, SheetScreen)):
            self.pop_screen()
        pcs = [c for c in self.scene.characters if c.kind is CharacterKind.PC]
        candidates = pcs or list(self.scene.characters)
        if candidates:
            self.select_character(candidates[0].id)

    # -- actions -----------------------------------------------------------------------------

    def action_scene_list(self) -> None:
        """Show the campaign's scenes (and the party) over the dashboard."""
        session = self.campaign_session
        if session is None or any(isinstance(s, SceneListScreen) for s in self.screen_stack):
            return
        self.push_screen(self._scene_list(session))

    def action_pc_sheet(self) -> None:
        """The sheet of the PC in the stat block (else the party's first)."""
        session = self.campaign_session
        if session is None or not session.campaign.party:
            return
        party = [member.id for member in session.campaign.party]
        selected = self.view_state.selected
        self.open_sheet(selected if selected in party else party[0])

    def open_sheet(self, pc_id: str) -> None:
        """Show a party member's sheet."""
        session = self.campaign_session
        if session is None:
            return
        sheet = SheetScreen(session, pc_id, self.view_state, cursor_blink=self.cursor_blink)
        self.push_screen(sheet)

    def action_end_scene(self) -> None:
        """Show what ending the scene does in the campaign (written back to the party,
        points carried, consequences healed); Enter applies it."""
        session = self.campaign_session
        if session is None:
            super().action_end_scene()
            return
        try:
            end = session.preview_scene_end()
        except CommandError as error:
            self.notify(str(error), severity="warning", markup=False)
            return
        lines = scene_end_lines(self.context(), session.party(), end)
        self.push_screen(
            ConfirmDialog(
                self.view_state,
                self.tr("ui.end_title"),
                join_lines([assemble(line) for line in lines]),
                EndScene(),
            ),
            self._from_dialog,
        )

    def action_end_session(self) -> None:
        """Between scenes: show what ending the session does; Enter applies it and then
        offers each PC their milestone."""
        session = self.campaign_session
        if session is None:
            return
        running = session.campaign.running
        if running is not None:
            title = session.campaign.entry(running).title
            self.notify(
                self.tr("campaign.in_scene", verb=self.tr("cmd.endsession"), title=title),
                severity="warning",
                markup=False,
            )
            return
        end = session.preview_session_end()
        lines = session_end_lines(self.context(), session.campaign, end)

        def confirmed(line: str | None) -> None:
            if line is None:
                return
            result = self.run_command(line)
            if result is not None and result.ok:
                self._offer_milestones(list(session.campaign.milestones))

        self.push_screen(
            ConfirmDialog(
                self.view_state,
                self.tr("ui.session_end_title", number=session.campaign.session),
                join_lines([assemble(line) for line in lines]),
                EndSession(),
            ),
            confirmed,
        )

    def _offer_milestones(self, pc_ids: list[str]) -> None:
        """Offer each PC their milestone in turn; Esc stops offering."""
        if pc_ids:
            self.offer_milestone(pc_ids[0], lambda: self._offer_milestones(pc_ids[1:]))

    def offer_milestone(self, pc_id: str, then: Callable[[], None] | None = None) -> None:
        """The milestone options for one PC; a chosen one asks for its details.

        Args:
            pc_id: The PC taking the milestone.
            then: Called once the milestone is taken (not when the GM cancels).
        """
        session = self.campaign_session
        if session is None:
            return
        character = session.campaign.member(pc_id).character
        title = self.tr("ui.milestone.title", name=character.name)
        options: list[tuple[str, Content | str]] = [
            (option, self.tr(f"ui.milestone.{option}")) for option in ("skip", *MILESTONE_FIELDS)
        ]

        def taken(line: str | None) -> None:
            if line is not None and then is not None:
                then()

        def chosen(option: str | None) -> None:
            if option is None:
                return
            if option == "skip":
                result = self.run_command(Milestone(character.id, option))
                if result is None or not result.ok:
                    self.offer_milestone(pc_id, then)
                else:
                    taken(option)
                return
            fields = [(self.tr(key), "") for key in MILESTONE_FIELDS[option]]
            # applied from the dialog: a refusal (a skill or aspect misspelt) keeps the
            # dialog open with what was typed, to correct one field
            self.push_screen(
                TextDialog(
                    self.view_state,
                    f"{title}: {self.tr(f'ui.milestone.{option}')}",
                    fields,
                    lambda values: Milestone(character.id, option, tuple(values)),
                    applies=True,
                ),
                taken,
            )

        self.push_screen(ChoiceDialog(self.view_state, title, options), chosen)

    # -- messages from the campaign's screens -------------------------------------------------

    def on_scene_list_screen_play_chosen(self, event: SceneListScreen.PlayChosen) -> None:
        """Enter on a scene: play it (the scene already open and running just shows)."""
        session = self.campaign_session
        if session is None:
            return
        if session.running and session.scene_key == event.key:
            self._scene_opened()
            return
        self.run_command(Play(str(event.number)))

    def on_scene_list_screen_sheet_chosen(self, event: SceneListScreen.SheetChosen) -> None:
        """A PC's sheet from the scene list."""
        self.open_sheet(event.pc_id)

    def on_scene_list_screen_milestone_chosen(self, event: SceneListScreen.MilestoneChosen) -> None:
        """A milestone for a PC from the scene list."""
        self.offer_milestone(event.pc_id)

    def on_sheet_screen_edited(self, event: SheetScreen.Edited) -> None:
        """A sheet edited: one undoable step of the campaign, saved at once."""
        self.apply_sheet(event.character)

    def apply_sheet(self, character: Character) -> Result | None:
        """Replace a party member's sheet through the campaign session, log it and redraw.

        Returns:
            The result, or None if the session refused the sheet (the GM is told why).
        """
        session = self.campaign_session
        if session is None:
            return None
        try:
            result = session.edit_sheet(character)
        except CommandError as error:
            self.bell()
            self.notify(str(error), severity="error", markup=False)
            return None
        self.query_one(LogPane).add(
            line_in(result.line, self.view_state.lang), result.lines, result.ok
        )
        self.redraw(result.changed | {"view"})
        return result
