"""Read gettext ``.po`` catalogs: the few parts of the format fatescreen's catalogs use
(msgid, msgid_plural, msgstr, msgstr[N], the header's Plural-Forms, ``#.`` comments).

Reading the text catalog directly at start-up keeps one source of truth and needs no
compile step; ``tests/i18n`` checks that Babel reads every catalog the same way.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}
_ESCAPE = re.compile(r"\\(.)")
_PLURAL_NOTE = "#. plural:"


def _unquote(text: str) -> str:
    """The string a quoted ``.po`` literal stands for."""
    body = text.strip()[1:-1]
    if "\\" in body:
        body = _ESCAPE.sub(lambda match: _ESCAPES.get(match.group(1), match.group(1)), body)
    return body


@dataclass
class Catalog:
    """One language's messages by key, with its plural forms."""

    messages: dict[str, str] = field(default_factory=dict)
    """Each key's text (a plural entry's last form)."""
    plurals: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    """Plural entries: the name of the number that chooses the form, and the forms."""
    plural_form: Callable[[int], int] = field(default=lambda n: int(n != 1))
    """Which form a number takes (the header's Plural-Forms)."""
    expression: str = "(n != 1)"
    """The header's plural expression, as C writes it."""

    def form(self, key: str, values: dict[str, object]) -> str | None:
        """The text of ``key`` for these values (the right plural form), or None."""
        plural = self.plurals.get(key)
        if plural is not None:
            number = values.get(plural[0])
            if isinstance(number, int):
                forms = plural[1]
                return forms[min(self.plural_form(abs(number)), len(forms) - 1)]
        return self.messages.get(key)


def _one_or_many(n: int) -> int:
    """The form of ``(n != 1)``: the first for one, the second for any other number."""
    return int(n != 1)


def plural_rule(expression: str) -> Callable[[int], int]:
    """Which form a number takes under a Plural-Forms expression: ``(n != 1)``, which the
    English and Finnish catalogs use, as a plain function; any other compiled by gettext
    (imported only then: the dashboard's start needs no compiler of C expressions)."""
    if expression.replace(" ", "").strip("()") == "n!=1":
        return _one_or_many
    import gettext

    return gettext.c2py(expression)


CACHE_FORMAT = 1
"""Bumped when the cached form of a catalog changes."""


def load_catalog(path: Path, cache_dir: Path | None) -> Catalog:
    """A ``.po`` file's catalog, from a cache of its parsed form when the file has not
    changed since (reading the text takes tens of milliseconds at every start; the cache,
    one). The cache is a comfort: if it cannot be read or written, the file is parsed."""
    if cache_dir is None:
        return read_catalog(path)
    stat = path.stat()
    stamp = f"{CACHE_FORMAT}:{path.resolve()}:{stat.st_mtime_ns}:{stat.st_size}"
    cached = cache_dir / f"{path.parent.parent.name}-{hashlib.sha1(stamp.encode()).hexdigest()}"
    try:
        messages, plurals, expression = marshal.loads(cached.read_bytes())
        return Catalog(messages, plurals, plural_rule(expression), expression)
    except (OSError, ValueError, EOFError, TypeError):
        pass
    catalog = read_catalog(path)
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        temp = cached.with_suffix(f".{os.getpid()}")
        temp.write_bytes(marshal.dumps((catalog.messages, catalog.plurals, catalog.expression)))
        os.replace(temp, cached)
    except OSError:
        pass
    return catalog


def read_catalog(path: Path) -> Catalog:
    """Read a ``.po`` file.

    Raises:
        OSError: The file cannot be read.
        ValueError: The file is not a catalog this reader understands.
    """
    catalog = Catalog()
    entry: dict[str, list[str]] = {}
    note = "count"
    current: list[str] | None = None

    def finish() -> None:
        nonlocal entry, note, current
        if "msgid" in entry:
            key = "".join(entry["msgid"])
            if key == "":
                _header(catalog, "".join(entry.get("msgstr", [])))
            elif "msgid_plural" in entry:
                forms = tuple(
                    "".join(entry[name])
                    for name in sorted(n for n in entry if n.startswith("msgstr["))
                )
                catalog.plurals[key] = (note, forms)
                catalog.messages[key] = forms[-1]
            else:
                catalog.messages[key] = "".join(entry.get("msgstr", []))
        entry, note, current = {}, "count", None

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            finish()
        elif line.startswith(_PLURAL_NOTE):
            note = line[len(_PLURAL_NOTE) :].strip()
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            if current is None:
                raise ValueError(f"{path}:{number}: a string continues nothing")
            current.append(_unquote(line))
        else:
            name, _, literal = line.partition(" ")
            if not literal.startswith('"'):
                raise ValueError(f"{path}:{number}: expected a keyword and a string")
            if name == "msgid" and "msgid" in entry:
                finish()
            current = entry.setdefault(name, [])
            current.append(_unquote(literal))
    finish()
    return catalog


def _header(catalog: Catalog, header: str) -> None:
    for line in header.splitlines():
        name, _, value = line.partition(":")
        if name.strip().lower() == "plural-forms":
            expression = value.split("plural=", 1)[1].strip().rstrip(";")
            catalog.plural_form = plural_rule(expression)
            catalog.expression = expression
