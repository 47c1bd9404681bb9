"""Building screen text from scene values: user text always literal, colours from the theme."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence

from rich.cells import cell_len, set_cell_size
from textual.content import Content

from fatescreen.rules.aspects import GM, Aspect, AspectKind
from fatescreen.rules.character import StressTrack
from fatescreen.rules.ladder import describe

Part = str | tuple[str, str] | Content


def middle_cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells: whole if it fits, else its start and its end
    around "…", so that what tells names apart (a number at the end, "the courier") stays
    in sight: ``Mirel…courier``, ``Cultist…12``."""
    if cell_len(text) <= width or width < 3:
        return text
    tail_cells = (width - 1) // 2
    head = set_cell_size(text, width - 1 - tail_cells).rstrip()
    tail = ""
    for char in reversed(text):
        if cell_len(char + tail) > tail_cells:
            break
        tail = char + tail
    return head + "…" + tail.lstrip()


def end_cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells: whole if it fits, else cut short with "…"."""
    if cell_len(text) <= width or width < 2:
        return text
    return set_cell_size(text, width - 1).rstrip() + "…"


def fit_title(title: str, names: Sequence[str], width: int) -> str:
    """``title`` in ``width`` cells if it can be: the longest of ``names`` in it cut in the
    middle first (:func:`middle_cut`, to no fewer than 5 cells), then the next; what still
    does not fit is left to the border to cut."""
    for name in sorted(names, key=cell_len, reverse=True):
        excess = cell_len(title) - width
        if excess <= 0 or name not in title:
            continue
        title = title.replace(name, middle_cut(name, max(cell_len(name) - excess, 5)), 1)
    return title


def literal(text: str) -> str:
    """User text made safe to show: control and escape characters become visible marks.

    Markup needs no escaping here because every piece of user text is placed into
    :class:`Content` as plain text, never parsed as markup.
    """
    if text.isprintable():  # the common case, checked at C speed
        return text
    if all(unicodedata.category(c)[0] != "C" or c == "\t" for c in text):
        return text
    return "".join(
        f"\\x{ord(c):02x}" if unicodedata.category(c)[0] == "C" and c != "\t" else c for c in text
    )


def assemble(*parts: Part) -> Content:
    """Content from plain strings and ``(text, style)`` pairs; text is never parsed."""
    pieces: list[str | tuple[str, str] | Content] = []
    for part in parts:
        if isinstance(part, tuple):
            pieces.append((literal(part[0]), part[1]))
        elif isinstance(part, Content):
            pieces.append(part)
        else:
            pieces.append(literal(part))
    return Content.assemble(*pieces)


_LIST_ITEM = re.compile(r"\s*(?:[-*•–]\s|\d+[.)]\s)")
"""A line that starts a list item (``- …``, ``* …``, ``1. …``): it always starts a line."""

_LINE_END = '.!?…"”»)]'
"""A line ending in one of these ends where the GM ended it; any other line was wrapped by
the GM's editor and goes on on the next one."""


def reflow(text: str) -> list[str]:
    """Prep text as the lines to show, wrapped afresh to the pane's width.

    A scene's notes are usually written in an editor that wraps at its own width; shown as
    written, they break at the wrong places in a pane of any other width. So a line break in
    the middle of a sentence is a space, while a blank line, a list item and a line ending in
    punctuation keep their line: the line breaks the GM meant stay.
    """
    lines: list[str] = []
    joining = False
    for raw in text.strip().split("\n"):
        line = raw.rstrip()
        if not line:
            if lines and lines[-1]:
                lines.append("")
            joining = False
            continue
        if joining and not _LIST_ITEM.match(line):
            lines[-1] = f"{lines[-1]} {line.lstrip()}"
        else:
            lines.append(line)
        joining = not line.endswith(tuple(_LINE_END))
    return lines


def join_lines(lines: Iterable[Content]) -> Content:
    """Lines joined with newlines."""
    return Content("\n").join(list(lines))


def secret_mark(gm: str) -> str:
    """The GM's mark on what the players cannot see (a hidden aspect, a secret character or
    zone), ``gm`` being the GM's name in the UI's language: " [GM]"."""
    return f" [{gm}]"


def holder_tag(owner: str, names: Mapping[str, str], gm: str = "GM") -> str:
    """Whose free invoke a pip is, by its full name (the line wraps where the pane ends, so
    no name is cut short of what tells it apart): ``Silbestre``, ``Drowned acolyte 3``,
    ``gm`` for the GM."""
    if owner == GM:
        return gm
    return names.get(owner, owner)


PIPS = "①②③④⑤⑥⑦⑧⑨"


def invoke_pips(aspect: Aspect, names: Mapping[str, str], gm: str = "GM") -> list[Part]:
    """Free invokes as circled counts with their owners: ``①Vitor ②GM``."""
    counts: dict[str, int] = {}
    for owner in aspect.free_invokes:
        counts[owner] = counts.get(owner, 0) + 1
    parts: list[Part] = []
    for owner, count in counts.items():
        pip = PIPS[count - 1] if count <= len(PIPS) else f"({count})"
        parts += [" ", (pip, "$accent bold"), (holder_tag(owner, names, gm), "$accent")]
    return parts


def aspect_content(
    aspect: Aspect, names: Mapping[str, str], *, owner_label: str = "", gm: str = "GM"
) -> Content:
    """One aspect: its name, boost/hidden marks and free invoke pips (``gm``: the GM's name
    in the GM's language, for a hidden aspect and the GM's invokes)."""
    parts: list[Part] = []
    if owner_label:
        parts.append((f"{owner_label} ", "$text-muted"))
    return assemble(*parts, *_aspect_parts(aspect, names, gm))


def _aspect_parts(aspect: Aspect, names: Mapping[str, str], gm: str) -> list[Part]:
    """The parts of :func:`aspect_content` after the owner's label."""
    parts: list[Part] = []
    style = "italic" if aspect.kind is AspectKind.BOOST else ""
    if aspect.kind is AspectKind.CONSEQUENCE:
        style = "$warning"
    parts.append((aspect.name, style))
    if aspect.kind is AspectKind.BOOST:
        parts.append((" ✧", "$accent"))
    if aspect.hidden:
        parts.append((secret_mark(gm), "$text-muted italic"))
    parts += invoke_pips(aspect, names, gm)
    return parts


def aspect_line(
    prefix: str | tuple[str, str], aspect: Aspect, names: Mapping[str, str], gm: str
) -> Content:
    """``prefix`` and the aspect (:func:`aspect_content`) as one line, remembered by the
    aspect object: a command replaces the aspects it changes, so a long list built again
    after it makes new lines for those alone (and a line view redraws those alone)."""
    key = (id(aspect), prefix, gm)
    known = _aspect_lines.get(key)
    if known is not None and known[0] is aspect and known[1] is names:
        return known[2]
    line = assemble(prefix, *_aspect_parts(aspect, names, gm))
    if len(_aspect_lines) >= _ASPECT_LINES:
        _aspect_lines.clear()  # forget aspects long gone rather than grow without end
    _aspect_lines[key] = (aspect, names, line)
    return line


def aspect_width(prefix: str, aspect: Aspect, names: Mapping[str, str], gm: str) -> int:
    """How many cells :func:`aspect_line` is wide, worked out without building it (and
    remembered by the aspect object, as the line is)."""
    key = (id(aspect), prefix, gm)
    known = _aspect_widths.get(key)
    if known is not None and known[0] is aspect and known[1] is names:
        return known[2]
    width = cell_len(literal(prefix)) + sum(
        part.cell_length
        if isinstance(part, Content)
        else cell_len(literal(part[0] if isinstance(part, tuple) else part))
        for part in _aspect_parts(aspect, names, gm)
    )
    if len(_aspect_widths) >= _ASPECT_LINES:
        _aspect_widths.clear()
    _aspect_widths[key] = (aspect, names, width)
    return width


_ASPECT_LINES = 1 << 15
"""Room for the largest scenes' aspects, twice over (a pane and the stat block)."""
_aspect_lines: dict[
    tuple[int, str | tuple[str, str], str], tuple[Aspect, Mapping[str, str], Content]
] = {}
_aspect_widths: dict[tuple[int, str, str], tuple[Aspect, Mapping[str, str], int]] = {}


def boxes(track: StressTrack, escalating: bool = False) -> Content:
    """A stress track as ``[x][x][ ][ ]``; escalating boxes show their worth: ``[1][x][3]``."""
    parts: list[Part] = []
    for box in range(1, track.boxes + 1):
        if box in track.checked:
            parts.append(("[x]", "$error bold"))
        else:
            parts.append((f"[{box}]" if escalating and box < 10 else "[ ]", "$text-muted"))
    return assemble(*parts) if parts else assemble(("—", "$text-muted"))


def rating(value: int, lang: str, names: bool) -> str:
    """A rating on the ladder, adjectives optional."""
    return describe(value, lang, names)


def dots(current: int, maximum: int) -> str:
    """Fate points as ``●●○``: filled up to current, hollow up to refresh."""
    full = "●" * current
    empty = "○" * max(maximum - current, 0)
    return full + empty


def status_line(head: Content, lang: str, theme: str, width: int) -> Content:
    """A status line: ``head`` and, as the room allows, the language and the theme at its
    end (``   fi │ fate-dark``, else ``   fi``, else nothing), never cut at the edge."""
    tails = (f"   {lang} │ {theme}", f"   {lang}")
    tail = next((t for t in tails if head.cell_length + len(t) <= width), "")
    return assemble(head, (tail, "$text-muted"))
