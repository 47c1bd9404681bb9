"""The session's questions: recover the changes a crash left unsaved, save before quitting,
and what to do with a file edited by hand since it was read."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.content import Content

from fatescreen.commands.requests import Order, Save
from fatescreen.commands.session import Result
from fatescreen.commands.writer import OVERWRITE, REPLAY
from fatescreen.scene.journal import Journal
from fatescreen.ui.dialogs import ChoiceDialog, ConfirmDialog
from fatescreen.ui.messages import RequestSubmitted
from fatescreen.ui.state import View
from fatescreen.ui.table import Table

RECOVER = "recover"
SAVE = "@save"
QUIT = "@quit"


def recovery_dialog(view: View, journal: Journal | None, count: int) -> ConfirmDialog:
    """The question on opening a scene (of any system) whose journal holds ``count``
    changes a crash left unsaved: Enter replays them (:data:`RECOVER`), anything else
    discards them. The journal's damaged lines are said before the choice: they are kept
    either way."""
    text = view.tr("ui.recover_text", count=count)
    damaged = journal.damaged() if journal is not None else []
    if journal is not None and damaged:
        aside = journal.path.with_suffix(".damaged")
        text += "\n" + view.tr("ui.recover_damaged", count=len(damaged), path=str(aside))
    # the buttons say what each does: Esc is no "later", the changes are gone
    buttons = ("ui.recover_yes", "ui.recover_no")
    return ConfirmDialog(view, view.tr("ui.recover_title"), text, RECOVER, buttons=buttons)


def not_recovered_text(view: View, not_recovered: list[tuple[str, str]]) -> str:
    """What a recovery could not make again, each command with why."""
    lines = "; ".join(f"{command} ({why})" for command, why in not_recovered)
    return view.tr("ui.not_recovered", lines=lines)


class SessionFlow:
    """Recovery on opening, the question on quitting with unsaved changes, and the one
    before saving over a hand edit."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def offer_recovery(
        self, count: int, *, recover: Callable[[], None], done: Callable[[], None]
    ) -> None:
        """Ask whether to replay the ``count`` changes not saved: ``recover`` replays them,
        anything else discards them; ``done`` follows either way."""
        table = self.table

        def decide(answer: str | None) -> None:
            if answer == RECOVER:
                recover()
            elif table.session is not None:
                table.session.discard_recovery()
            done()

        journal = table.session.journal if table.session is not None else None
        table.push_screen(recovery_dialog(table.view_state, journal, count), decide)

    def quit(self, leave: Callable[[], None]) -> None:
        """Quit at once with nothing unsaved; else ask: s saves and quits, q quits without
        saving, Esc stays."""
        table = self.table
        if table.session is None or not table.session.unsaved_work:
            leave()
            return

        def save(request: Order) -> None:
            table.post_message(RequestSubmitted(request, flow=False, then=saved))

        def decide(choice: str | None) -> None:
            if choice == SAVE:
                self.save(save)
            elif choice == QUIT:
                leave()

        def saved(result: Result | None) -> None:
            if result is not None and result.ok:
                leave()

        # nothing a read-only dashboard holds is ever written: no save offered there
        table.push_screen(quit_dialog(table.view_state, read_only=table.session.read_only), decide)

    def save(self, apply: Callable[[Order], None]) -> None:
        """Save through ``apply``; when a file was edited by hand since the session read
        it, ask first: keep the edit and make the changes on it (k), or write over it (o).
        Esc saves nothing."""
        table = self.table
        session = table.session
        if session is None:
            return
        edited = session.hand_edited()
        if not edited:
            apply(Save())
            return

        def decide(line: str | None) -> None:
            if line is not None:
                apply(line)

        table.push_screen(hand_edit_dialog(table.view_state, edited, len(session.unsaved)), decide)


def quit_dialog(view: View, *, read_only: bool) -> ChoiceDialog:
    """The question before quitting with changes not saved: s saves and quits, q quits
    without saving, Esc stays; a read-only dashboard, which writes nothing, offers no save."""
    options: list[tuple[Order, Content | str]] = [
        (SAVE, view.tr("ui.quit_save")),
        (QUIT, view.tr("ui.quit_discard")),
    ]
    keys: list[tuple[str, str, Order]] = [
        ("s", view.tr("ui.quit_save"), SAVE),
        ("q", view.tr("ui.quit_discard"), QUIT),
    ]
    note = view.tr("ui.quit_note")
    if read_only:
        options, keys, note = options[1:], keys[1:], view.tr("ui.quit_note_read_only")
    return ChoiceDialog(view, view.tr("ui.quit_title"), options, note=note, keys=keys)


def hand_edit_dialog(view: View, edited: tuple[Path, ...], changes: int) -> ChoiceDialog:
    """The question before a save over files edited by hand since they were read: it
    returns the line of ``Save(REPLAY)`` (k: keep the edit and make the ``changes`` on it)
    or of ``Save(OVERWRITE)`` (o: write over it); Esc returns None (nothing is saved)."""
    keep, overwrite = view.tr("ui.hand_edit_replay"), view.tr("ui.hand_edit_overwrite")
    options: list[tuple[Save, Content | str]] = [(Save(REPLAY), keep), (Save(OVERWRITE), overwrite)]
    paths = ", ".join(str(path) for path in edited)
    return ChoiceDialog(
        view,
        view.tr("ui.hand_edit_title"),
        options,
        note=view.tr("ui.hand_edit_text", paths=paths, count=changes),
        keys=[("k", keep, Save(REPLAY)), ("o", overwrite, Save(OVERWRITE))],
    )


__all__ = ["SessionFlow"]
