"""Frames as a user sees them: a driver that keeps what the app writes to the terminal, with
the time of each write, and a small terminal screen that replays those writes.

The benchmarks time the app to the frame that shows a result, not to an event inside the
app: Textual's headless driver renders nothing, so :class:`FrameDriver` is a headless
driver that says it is not headless, which makes the app render every frame to text and
write it, as it would to a terminal.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from rich.cells import get_character_cell_size
from textual.drivers.headless_driver import HeadlessDriver

TOKEN = re.compile(
    r"\x1b\[(?P<row>\d+);(?P<column>\d+)H"  # cursor to row;column (1-based)
    r"|\x1b\[(?P<sgr>[0-9;:]*)m"  # style
    r"|\x1b\[[0-9;?<>=]*[ -/]*[@-~]"  # any other control sequence
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # operating system command
    r"|\x1b[@-_]"  # a two-character escape
    r"|(?P<newline>\n)|\r"
    r"|(?P<text>[^\x1b\n\r]+)"
)


class FrameDriver(HeadlessDriver):
    """Keeps ``(time, text)`` for every write; :attr:`current` is the driver last made."""

    current: FrameDriver | None = None

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.writes: list[tuple[float, str]] = []
        FrameDriver.current = self

    @property
    def is_headless(self) -> bool:
        """Not headless: the app renders and writes its frames."""
        return False

    def write(self, data: str) -> None:
        """Keep the data with the time it was written."""
        self.writes.append((time.perf_counter(), data))

    def flush(self) -> None:
        """Nothing is buffered."""


class Screen:
    """Cells of a terminal of a given size, each a character and the style it was drawn in."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.cells = [[(" ", "")] * width for _ in range(height)]
        self.x = 0
        self.y = 0
        self.style = ""
        self.written: set[tuple[int, int]] = set()
        """Cells (x, y) written since the last :meth:`forget`."""
        self.changed: set[tuple[int, int]] = set()
        """Cells (x, y) that show something else since the last :meth:`forget`."""

    def forget(self) -> None:
        """Start counting written and changed cells afresh."""
        self.written, self.changed = set(), set()

    def feed(self, data: str) -> bool:
        """Apply written data; True when any cell now shows something else."""
        changed = False
        for match in TOKEN.finditer(data):
            if match["text"] is not None:
                changed |= self._put(match["text"])
            elif match["row"] is not None:
                self.y, self.x = int(match["row"]) - 1, int(match["column"]) - 1
            elif match["sgr"] is not None:
                self.style = "" if match["sgr"] in ("", "0") else match["sgr"]
            elif match["newline"] is not None:
                self.y, self.x = self.y + 1, 0
        return changed

    def _put(self, text: str) -> bool:
        changed = False
        if not 0 <= self.y < self.height:
            return False
        row = self.cells[self.y]
        for char in text:
            width = get_character_cell_size(char)
            if 0 <= self.x < self.width:
                cell = (char, self.style)
                self.written.add((self.x, self.y))
                if row[self.x] != cell:
                    row[self.x] = cell
                    self.changed.add((self.x, self.y))
                    changed = True
            self.x += max(width, 1)
        return changed

    @property
    def text(self) -> str:
        """What the screen shows, line by line, without styles."""
        return "\n".join("".join(char for char, _ in row).rstrip() for row in self.cells)

    def repainted_whole(self, x: int, y: int, width: int, height: int) -> bool:
        """True when, since the last :meth:`forget`, nearly every cell of the area was
        written while most of them show what they showed before: the area was drawn again
        for a change of a few of its cells."""
        area = [(column, row) for row in range(y, y + height) for column in range(x, x + width)]
        if not area:
            return False
        written = sum(cell in self.written for cell in area)
        changed = sum(cell in self.changed for cell in area)
        return written >= 0.9 * len(area) and changed < 0.5 * len(area)


@dataclass(frozen=True)
class Frame:
    """One write of the app, replayed: when it was written and whether the screen changed."""

    time: float
    changed: bool
    text: str
    rows_written: frozenset[int]


def frames(writes: Iterable[tuple[float, str]], size: tuple[int, int]) -> Iterator[Frame]:
    """Replay writes on a fresh screen of ``size``, one :class:`Frame` per write that draws
    anything (writes of control sequences alone, such as the start and end of a
    synchronized update, are left out)."""
    screen = Screen(*size)
    for stamp, data in writes:
        rows = frozenset(int(row) - 1 for row in re.findall(r"\x1b\[(\d+);\d+H", data))
        changed = screen.feed(data)
        if rows or changed:
            yield Frame(stamp, changed, screen.text, rows)


def settled_at(writes: list[tuple[float, str]], size: tuple[int, int]) -> tuple[float, str]:
    """The time of the first frame after which no later frame changes the screen, and the
    text it shows: the moment the user sees everything there is to see."""
    last_change: Frame | None = None
    for frame in frames(writes, size):
        if frame.changed:
            last_change = frame
    if last_change is None:
        raise ValueError("no frame was drawn")
    return last_change.time, last_change.text


def first_change_after(
    writes: list[tuple[float, str]], size: tuple[int, int], since: float
) -> Frame | None:
    """The first frame written after ``since`` that changes what the screen shows."""
    for frame in frames(writes, size):
        if frame.time >= since and frame.changed:
            return frame
    return None


class Replay:
    """A screen kept up to date with a driver's writes, read as they come."""

    def __init__(self, driver: FrameDriver, size: tuple[int, int]) -> None:
        self.driver = driver
        self.screen = Screen(*size)
        self.read = 0

    def changes(self) -> Iterator[float]:
        """The times of the writes not read yet that changed the screen."""
        writes = self.driver.writes
        while self.read < len(writes):
            stamp, data = writes[self.read]
            self.read += 1
            if self.screen.feed(data):
                yield stamp
