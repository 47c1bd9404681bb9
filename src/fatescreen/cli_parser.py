"""The console script's argument parser in the GM's language: its headings, its own options'
help and its error messages from the catalogs (argparse writes them in English)."""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import textwrap
from collections.abc import Sequence
from functools import partial
from typing import Any, NoReturn

from fatescreen.i18n import LANGUAGES, chosen_language, tr

ARGPARSE_MESSAGES: dict[str, str] = {
    "the following arguments are required: %s": "cli.argparse.required",
    "unrecognized arguments: %s": "cli.argparse.unrecognized",
    "argument %(argument_name)s: %(message)s": "cli.argparse.argument",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.argparse.invalid_choice",
    "invalid %(type)s value: %(value)r": "cli.argparse.invalid_value",
    "expected one argument": "cli.argparse.expected_one",
    "expected at least one argument": "cli.argparse.expected_at_least_one",
    "expected at most one argument": "cli.argparse.expected_at_most_one",
    "ambiguous option: %(option)s could match %(matches)s": "cli.argparse.ambiguous",
    "ignored explicit argument %r": "cli.argparse.ignored",
    "one of the arguments %s is required": "cli.argparse.one_required",
    "not allowed with argument %s": "cli.argparse.not_allowed",
}
"""argparse's own messages (as its source writes them) and the catalog key of each."""


def _pattern(template: str) -> re.Pattern[str]:
    """A regular expression that reads the values back out of a filled-in template."""
    names = iter(range(10))
    parts = re.split(r"(%\((\w+)\)[sr]|%[sr])", template)
    pattern = ""
    index = 0
    while index < len(parts):
        pattern += re.escape(parts[index])
        if index + 1 < len(parts):
            name = parts[index + 2] or f"value{next(names)}"
            pattern += f"(?P<{name}>.+?)"
        index += 3
    return re.compile(pattern + r"\Z", re.DOTALL)


_PATTERNS = [(_pattern(template), key) for template, key in ARGPARSE_MESSAGES.items()]


def argparse_message(message: str, lang: str) -> str:
    """argparse's English message in ``lang`` (an unknown one as it is)."""
    for pattern, key in _PATTERNS:
        found = pattern.match(message)
        if found:
            values = found.groupdict()
            if "message" in values:
                values["message"] = argparse_message(values["message"], lang)
            if "type" in values:
                name = tr(lang, f"cli.type.{values['type']}")
                values["type"] = values["type"] if name.startswith("cli.type.") else name
            return tr(lang, key, **values)
    return message


def language(explicit: str | None) -> str:
    """The language a command speaks: ``explicit`` (``--lang``), else as
    :func:`~fatescreen.i18n.chosen_language` picks, the GM's last choice included."""
    from fatescreen.ui.config import load_settings

    return chosen_language(explicit, load_settings().lang)


def language_of(args: Sequence[str]) -> str:
    """The language a command line asks for (``--lang fi``), else as :func:`language`."""
    for index, word in enumerate(args):
        value = None
        if word == "--lang" and index + 1 < len(args):
            value = args[index + 1]
        elif word.startswith("--lang="):
            value = word.partition("=")[2]
        if value in LANGUAGES:
            return value
    return language(None)


def wrap_paragraphs(text: str, width: int | None = None) -> str:
    """``text`` with each of its lines wrapped to the terminal (as argparse wraps the rest of
    the help), its own line breaks kept."""
    if width is None:
        width = max(40, min(shutil.get_terminal_size().columns - 2, 100))
    return "\n".join(
        "\n".join(textwrap.wrap(line, width, break_on_hyphens=False)) or line
        for line in text.split("\n")
    )


class LocalFormatter(argparse.RawDescriptionHelpFormatter):
    """Help laid out as argparse does, its ``usage:`` in the GM's language."""

    def __init__(self, prog: str, *, lang: str) -> None:
        super().__init__(prog)
        self.lang = lang

    def add_usage(
        self,
        usage: str | None,
        actions: Any,
        groups: Any,
        prefix: str | None = None,
    ) -> None:
        """The usage line, headed in the GM's language."""
        super().add_usage(usage, actions, groups, prefix or tr(self.lang, "cli.usage") + " ")


class LocalParser(argparse.ArgumentParser):
    """An argument parser whose headings, help option and errors speak ``lang``."""

    def __init__(self, *, lang: str, **options: Any) -> None:
        if options.get("description"):
            options["description"] = wrap_paragraphs(options["description"])
        super().__init__(
            add_help=False, formatter_class=partial(LocalFormatter, lang=lang), **options
        )
        self.lang = lang
        self.positionals = self.add_argument_group(tr(lang, "cli.positionals"))
        self.options = self.add_argument_group(tr(lang, "cli.options"))
        self.options.add_argument("-h", "--help", action="help", help=tr(lang, "cli.help"))

    def add_argument(self, *names: Any, **options: Any) -> argparse.Action:
        """An argument, listed under the heading of its kind (positional or option)."""
        named = bool(names) and str(names[0]).startswith("-")
        return (self.options if named else self.positionals).add_argument(*names, **options)

    def error(self, message: str) -> NoReturn:
        """The usage and the error in the GM's language; exit status 2."""
        self.print_usage(sys.stderr)
        text = argparse_message(message, self.lang)
        self.exit(2, tr(self.lang, "cli.error", prog=self.prog, message=text) + "\n")
