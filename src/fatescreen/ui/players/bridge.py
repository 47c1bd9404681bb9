"""One player view process run for one browser: keys and terminal sizes in, screen bytes out.

The process is ``fatescreen players`` under Textual's web driver (chosen with the
``TEXTUAL_DRIVER`` environment variable), which speaks a small framed protocol on its
standard streams: after a line ``__GANGLION__`` it writes packets of one type byte
(``D`` screen data, ``M`` JSON meta, ``P`` packed file data), a four-byte big-endian length
and the payload; it reads ``D`` packets (keys) and ``M`` packets (resize, focus, blur).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass

READY = b"__GANGLION__\n"
"""The line the web driver writes once it speaks the packet protocol."""
PRELUDE_LINES = 10
"""Lines read while waiting for READY before giving the process up as not a Textual app."""
SCREEN, META = b"D", b"M"
MAX_COLUMNS = 500
"""The widest terminal a browser may ask for (a 4K TV at a small font is about 400)."""
MAX_ROWS = 200
"""The tallest terminal a browser may ask for."""


@dataclass(frozen=True)
class TerminalSize:
    """A terminal size in cells, within 1..MAX_COLUMNS by 1..MAX_ROWS."""

    columns: int
    rows: int

    @classmethod
    def clamped(cls, columns: int, rows: int) -> TerminalSize:
        """The size asked for, made no larger than MAX_COLUMNS by MAX_ROWS (and at least 1)."""
        return cls(min(max(columns, 1), MAX_COLUMNS), min(max(rows, 1), MAX_ROWS))


def packet(kind: bytes, payload: bytes) -> bytes:
    """One packet of the web driver's protocol: type byte, big-endian length, payload."""
    return kind + len(payload).to_bytes(4, "big") + payload


class PlayerProcess:
    """A running player view process and the pipes that drive it."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        """The operating system process."""

    @classmethod
    async def start(cls, command: Sequence[str], size: TerminalSize) -> PlayerProcess:
        """Start ``command`` under Textual's web driver at ``size``.

        It runs in a session of its own, so a Ctrl+C on the GM's terminal reaches the
        server only, and the server ends each process itself. Its standard error is
        discarded: what a player process prints is not the GM's business.
        """
        environment = {
            **os.environ,
            "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
            "TEXTUAL_FPS": "60",
            "TEXTUAL_COLOR_SYSTEM": "truecolor",
            "TERM_PROGRAM": "textual",
            "COLUMNS": str(size.columns),
            "ROWS": str(size.rows),
        }
        process = await asyncio.create_subprocess_exec(
            *command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            env=environment,
            start_new_session=True,
        )
        return cls(process)

    @property
    def pid(self) -> int:
        """The process id."""
        return self.process.pid

    async def screen(self) -> AsyncIterator[bytes]:
        """The screen data the process writes, until it exits or says it has."""
        stdout = self.process.stdout
        assert stdout is not None
        for _ in range(PRELUDE_LINES):
            line = await stdout.readline()
            if not line:
                return
            if line == READY:
                break
        else:
            return
        while True:
            try:
                header = await stdout.readexactly(5)
                payload = await stdout.readexactly(int.from_bytes(header[1:], "big"))
            except asyncio.IncompleteReadError:
                return
            kind = header[:1]
            if kind == SCREEN:
                yield payload
            elif kind == META and json.loads(payload).get("type") == "exit":
                return

    async def send_keys(self, keys: str) -> None:
        """Pass what the browser's terminal typed to the process."""
        await self.write(packet(SCREEN, keys.encode("utf-8", "replace")))

    async def resize(self, size: TerminalSize) -> None:
        """Tell the process its terminal is now ``size``."""
        await self.send_meta({"type": "resize", "width": size.columns, "height": size.rows})

    async def set_focus(self, focused: bool) -> None:
        """Tell the process whether the browser's terminal has the focus."""
        await self.send_meta({"type": "focus" if focused else "blur"})

    async def send_meta(self, meta: dict[str, object]) -> None:
        """Send one meta packet."""
        await self.write(packet(META, json.dumps(meta).encode("utf-8")))

    async def write(self, data: bytes) -> None:
        """Write to the process's standard input; nothing happens once it has gone."""
        stdin = self.process.stdin
        assert stdin is not None
        if stdin.is_closing() or self.process.returncode is not None:
            return
        stdin.write(data)
        try:
            await stdin.drain()
        except ConnectionError:  # the process exited: the session is ending anyway
            return

    async def end(self, grace: float) -> int:
        """End the process: SIGTERM, then SIGKILL if it is still running after ``grace``
        seconds (a player view busy drawing a huge terminal may not get to its SIGTERM
        handler). Returns its exit status once it is gone and its pipes are closed."""
        self.signal(kill=False)
        try:
            await asyncio.wait_for(self.finish(), grace)
        except TimeoutError:
            self.signal(kill=True)
            await self.finish()
        return await self.process.wait()

    async def finish(self) -> None:
        """Close the process's input, read its output to the end, and wait for it to exit.

        The output is thrown away; it is read because a process blocked on writing to a full
        pipe cannot exit, and a pipe left unread stays open after its process is gone.
        """
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        while await self.process.stdout.read(64 * 1024):
            pass
        await self.process.wait()

    def signal(self, *, kill: bool) -> None:
        """SIGKILL (``kill``) or SIGTERM the process, if it still runs."""
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):  # exited, not yet reaped
                if kill:
                    self.process.kill()
                else:
                    self.process.terminate()
