"""A save written off the UI thread, for every system's dashboard: keys are answered while
a large scene is written, and the save is adopted on the UI thread when it is done."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import partial
from typing import Any

from textual.app import App
from textual.worker import Worker, WorkerFailed, WorkerState

from fatescreen.commands.errors import CommandError
from fatescreen.commands.session import PendingSave, Result, Session

SAVE_WORKER = "save"
"""The name of the worker that writes a save."""


def _written(write: Callable[[PendingSave], Any], pending: PendingSave) -> Any:
    """Write a save on a worker's thread: what was written, or why it could not be (a
    refusal returned, not raised, is no crash)."""
    try:
        return write(pending)
    except CommandError as error:
        return error


class BackgroundSaves:
    """The save of an app's session, written by a worker: :meth:`start_save` begins it,
    :meth:`saved` adopts it when the worker says it is done (one at a time; a save asked
    for meanwhile is written right after, see :attr:`save_again`)."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.saving: PendingSave | None = None
        """The save being written, if any."""
        self.save_again = False
        """A save was asked for while one was written: what changed meanwhile is saved
        right after."""

    def start_save(self, session: Session[Any]) -> CommandError | None:
        """Begin writing the session's save (or note that one is asked for again); why not,
        if it cannot be (read-only, no file)."""
        if self.saving is not None:
            self.save_again = True
            return None
        try:
            pending = session.begin_save()
        except CommandError as error:
            return error
        self.saving = pending
        self.app.run_worker(
            partial(_written, session.write_save, pending),
            thread=True,
            name=SAVE_WORKER,
            # named: else the worker is described by the repr of its work, the whole
            # scene (a second of the UI's time on a large scene)
            description=SAVE_WORKER,
            group=SAVE_WORKER,
            exit_on_error=False,
        )
        return None

    def saved(
        self, session: Session[Any] | None, event: Worker.StateChanged
    ) -> tuple[Result | None, bool]:
        """Adopt a save a worker finished (on the UI thread): the result of the save (a
        refused one when it could not be written: a full disk, a file made read-only),
        None for another worker or a state that is not an end; and whether a save asked
        for meanwhile is to be begun now."""
        worker = event.worker
        if worker.name != SAVE_WORKER or self.saving is None or session is None:
            return None, False
        if event.state is WorkerState.SUCCESS and not isinstance(worker.result, CommandError):
            result = session.end_save(self.saving, worker.result)
        elif event.state in (WorkerState.SUCCESS, WorkerState.ERROR):
            # anything but a refusal is a bug, and the crash log has it
            error = worker.result if event.state is WorkerState.SUCCESS else worker.error
            session.save_failed()
            result = Result("save", (str(error),), ok=False)
        else:
            return None, False
        self.saving = None
        again, self.save_again = self.save_again, False
        return result, again

    async def wait(self) -> None:
        """Wait until no save is being written (before quitting); one that failed is said
        already."""
        for worker in self.app.workers:
            if worker.name == SAVE_WORKER:
                with contextlib.suppress(WorkerFailed):
                    await worker.wait()
