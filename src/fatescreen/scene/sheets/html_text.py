"""The little HTML that sheets hold in their texts (Fari's ``<br>``, ``<b>``, ``&nbsp;``;
Foundry's rich text), as plain text and back."""

from __future__ import annotations

from html.parser import HTMLParser

_BREAKS = frozenset(("br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6"))
"""Tags that start a new line of text."""


class _Text(HTMLParser):
    """Collects an HTML fragment's text: tags dropped, entities read, a line break where a
    ``<br>`` or a block (paragraph, list item...) was."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BREAKS and self.parts:
            self.parts.append("\n")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def plain_text(value: str) -> str:
    """A sheet's text as plain text: tags dropped, entities read, lines broken where the
    HTML broke them, non-breaking spaces as spaces, each line's trailing blanks and the
    blank lines at either end taken away. A text without ``<`` or ``&`` is only tidied."""
    if "<" in value or "&" in value:
        parser = _Text()
        parser.feed(value)
        parser.close()
        value = "".join(parser.parts)
    value = value.replace("\r\n", "\n").replace("\r", "\n").replace("\xa0", " ")
    lines = [line.rstrip() for line in value.split("\n")]
    return "\n".join(lines).strip("\n").strip()


def one_line(value: str) -> str:
    """A text as one line (a name): its lines joined with a space."""
    return " ".join(part.strip() for part in plain_text(value).split("\n") if part.strip())


def html_text(value: str) -> str:
    """Plain text as a sheet's HTML: ``&``, ``<`` and ``>`` escaped, each line break a
    ``<br>`` (what :func:`plain_text` reads back as the same text)."""
    escaped = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return escaped.replace("\n", "<br>")
