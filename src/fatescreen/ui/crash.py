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


def log_folder() -> Path:
    """The data folder's ``logs``, or the temporary folder's when that cannot be written."""
    from fatescreen.scene.journal import data_dir

    folder = data_dir() / "logs"
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        probe = folder / f".probe-{os.getpid()}"
        probe.touch(mode=0o600)
        probe.unlink()
    except OSError:
        folder = Path(tempfile.gettempdir()) / f"fatescreen-logs-{os.getuid()}"
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    return folder


class CrashLog:
    """The log file of one run, created on the first error."""

    def __init__(self) -> None:
        self.path: Path | None = None

    def write(self, text: str) -> Path:
        """Append ``text`` to the log (created 0600 on first use); returns its path."""
        if self.path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            folder = log_folder()
            self.path = folder / f"crash-{stamp}-{os.getpid()}.log"
        descriptor = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(descriptor, "a", encoding="utf-8", errors="replace") as file:
            file.write(text if text.endswith("\n") else text + "\n")
        return self.path

    def exception(self, error: BaseException) -> Path:
        """Write a traceback without locals; returns the log's path."""
        lines = traceback.format_exception(type(error), error, error.__traceback__)
        return self.write(
            f"fatescreen {_version()}, Python {sys.version.split()[0]}\n" + "".join(lines)
        )


def _version() -> str:
    from fatescreen import __version__

    return __version__


def message(lang: str, log: Path) -> str:
    """The one paragraph a crash prints."""
    return tr(lang, "cli.crashed", log=str(log), url=REPORT_URL)


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
    assert log.path is not None
    print(message(lang, log.path), file=sys.stderr)
    return status


def crashed(error: BaseException, lang: str) -> int:
    """Log an unexpected error outside the dashboard and say so; the exit status."""
    try:
        path = CrashLog().exception(error)
    except OSError:
        traceback.print_exception(type(error), error, error.__traceback__, file=sys.stderr)
        return EXIT_CRASHED
    print(message(lang, path), file=sys.stderr)
    return EXIT_CRASHED
