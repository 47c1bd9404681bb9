"""The one way fatescreen ends on an unexpected error: a short message, never a wall.

The dashboard, the player view and the command line all end here when something fails
that is nobody's doing but a bug (or the machine: a full disk, a folder that cannot be
written). The full traceback goes to a log file in the data folder (the temporary folder
when that cannot be written), without the values of local variables, which may hold the
scene's secrets; the terminal is left clean and gets one paragraph saying where the log
is and how to report it; the exit status is not zero. Nothing is lost: every change was
journaled before it was applied, and the next opening offers to recover it.

Textual renders an unhandled error with Rich's ``Traceback`` and prints it to the app's
``error_console`` when the app has ended. While an app runs here, that console writes into
the log, and ``rich.traceback.Traceback`` is a subclass that leaves out the locals and
writes the plain traceback to the log the moment the error happens.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fatescreen.i18n import tr

if TYPE_CHECKING:
    from textual.app import App

REPORT_URL = "https://github.com/fatescreen/fatescreen/issues"
"""Where the message asks the GM to report a crash."""

EXIT_CRASHED = 70
"""The exit status of a crash outside the dashboard (EX_SOFTWARE of sysexits.h); a crashed
dashboard exits with Textual's own non-zero return code."""


def log_folders() -> list[Path]:
    """Where a crash log may go: the data folder's ``logs``, then the temporary folder's."""
    from fatescreen.scene.journal import data_dir

    return [data_dir() / "logs", Path(tempfile.gettempdir()) / f"fatescreen-logs-{os.getuid()}"]


class CrashLog:
    """The log file of one run, created on the first error. Writing it never raises: a
    crash on a full disk must still end in the short message."""

    def __init__(self) -> None:
        self.path: Path | None = None
        self.problem = ""
        """Why no log could be written, when none could."""
        self.error: BaseException | None = None
        """The error that ended the run, once known."""

    def write(self, text: str) -> Path | None:
        """Append ``text`` to the log (created 0600 on first use); returns its path, or
        None when no folder would take it (:attr:`problem` says why)."""
        from fatescreen.scene.journal import private_folder

        text = text if text.endswith("\n") else text + "\n"
        folders = [self.path.parent] if self.path is not None else log_folders()
        for folder in folders:
            path = self.path or folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.log"
            try:
                private_folder(folder)  # the data folder too, if this makes it
                descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
                with os.fdopen(descriptor, "a", encoding="utf-8", errors="replace") as file:
                    file.write(text)
            except OSError as error:
                self.problem = f"{path}: {error.strerror or error}"
                with contextlib.suppress(OSError):
                    if path.exists() and path.stat().st_size == 0:
                        path.unlink()
                continue
            self.path = path
            return path
        return None

    def exception(self, error: BaseException) -> Path | None:
        """Write a traceback without locals; returns the log's path (None: not written)."""
        self.error = error
        lines = traceback.format_exception(type(error), error, error.__traceback__)
        header = f"fatescreen {_version()}, Python {sys.version.split()[0]}\n"
        return self.write(header + "".join(lines))


def _version() -> str:
    from fatescreen import __version__

    return __version__


def message(lang: str, log: CrashLog) -> str:
    """The one paragraph a crash prints: what failed when it is the machine's doing (a
    journal or a file that could not be written), where the log is, how to report it."""
    from fatescreen.scene.journal import JournalWriteError

    error = log.error
    cause = error.__cause__ if error is not None else None
    if isinstance(error, JournalWriteError):
        said = tr(lang, "cli.crashed_journal", path=str(error.path), reason=error.reason)
    elif isinstance(error, OSError) or isinstance(cause, OSError):
        failed = error if isinstance(error, OSError) else cause
        assert isinstance(failed, OSError)
        where = failed.filename or ""
        said = tr(lang, "cli.crashed_file", path=str(where), reason=failed.strerror or str(failed))
    else:
        said = tr(lang, "cli.crashed")
    if log.path is not None:
        return said + " " + tr(lang, "cli.crash_log", log=str(log.path), url=REPORT_URL)
    return said + " " + tr(lang, "cli.crash_no_log", problem=log.problem, url=REPORT_URL)


@contextlib.contextmanager
def _plain_tracebacks(log: CrashLog) -> Iterator[None]:
    """While the app runs: Rich's ``Traceback`` leaves out locals and logs the error."""
    import rich.traceback

    rich_traceback = rich.traceback.Traceback

    class PlainTraceback(rich_traceback):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **options: Any) -> None:
            options["show_locals"] = False
            error = sys.exc_info()[1]
            if error is not None and not args and options.get("trace") is None:
                with contextlib.suppress(Exception):  # the log never adds an error
                    log.exception(error)
            super().__init__(*args, **options)

    rich.traceback.Traceback = PlainTraceback  # type: ignore[misc]
    try:
        yield
    finally:
        rich.traceback.Traceback = rich_traceback  # type: ignore[misc]


def run_app(app: App[Any], lang: str) -> int:
    """Run a Textual app; on an unhandled error, log it, say so in one paragraph on stderr
    and return a non-zero status (0 when the app ended normally)."""
    from rich.console import Console

    log = CrashLog()
    rendered = io.StringIO()
    app.error_console = Console(file=rendered, width=100, color_system=None, markup=False)
    with _plain_tracebacks(log):
        app.run()
    status = app.return_code or 0
    reported = rendered.getvalue()
    if status == 0:
        if reported.strip():
            print(reported, end="", file=sys.stderr)  # a message the app ended with
        return 0
    if reported.strip() or log.path is None:
        log.write("What the app reported as it ended:\n" + reported)
    print(message(lang, log), file=sys.stderr)
    return status


def crashed(error: BaseException, lang: str) -> int:
    """Log an unexpected error outside the dashboard and say so; the exit status."""
    log = CrashLog()
    log.exception(error)
    print(message(lang, log), file=sys.stderr)
    return EXIT_CRASHED
