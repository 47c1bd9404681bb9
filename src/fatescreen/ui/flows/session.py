"""The session's two questions: recover the changes a crash left unsaved, and save before
quitting."""

from __future__ import annotations

from collections.abc import Callable

from textual.content import Content

from fatescreen.commands.requests import Line
from fatescreen.commands.session import Result
from fatescreen.ui.dialogs import ChoiceDialog, ConfirmDialog
from fatescreen.ui.messages import RequestSubmitted
from fatescreen.ui.table import Table

RECOVER = "recover"
SAVE = "@save"
QUIT = "@quit"


class SessionFlow:
    """Recovery on opening, and the question on quitting with unsaved changes."""

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

        table.push_screen(
            ConfirmDialog(
                table.view_state,
                table.tr("ui.recover_title"),
                table.tr("ui.recover_text", count=count),
                RECOVER,
            ),
            decide,
        )

    def quit(self, leave: Callable[[], None]) -> None:
        """Quit at once with nothing unsaved; else ask: s saves and quits, q quits without
        saving, Esc stays."""
        table = self.table
        if table.session is None or not table.session.dirty:
            leave()
            return

        def decide(choice: str | None) -> None:
            if choice == SAVE:
                table.post_message(RequestSubmitted(Line("save"), flow=False, then=saved))
            elif choice == QUIT:
                leave()

        def saved(result: Result | None) -> None:
            if result is not None and result.ok:
                leave()

        options: list[tuple[str, Content | str]] = [
            (SAVE, table.tr("ui.quit_save")),
            (QUIT, table.tr("ui.quit_discard")),
        ]
        table.push_screen(
            ChoiceDialog(
                table.view_state,
                table.tr("ui.quit_title"),
                options,
                note=table.tr("ui.quit_note"),
                keys=[
                    ("s", table.tr("ui.quit_save"), SAVE),
                    ("q", table.tr("ui.quit_discard"), QUIT),
                ],
            ),
            decide,
        )


__all__ = ["SessionFlow"]
