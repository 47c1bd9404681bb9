"""The command line speaks Finnish when the GM's language is Finnish: argparse's headings
(usage, arguments, options, the help option), every subcommand's description, argument help
and examples, and argparse's own error messages come from the catalog."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

from fatescreen.cli import EXAMPLES, SUBCOMMANDS, build_parser, build_subparser, main
from fatescreen.cli_parser import argparse_message
from tests.i18n.marked import marked_finnish, stray_words, unmarked


def typed_words(name: str) -> set[str]:
    """Words typed as they are: the program, its subcommands, option names and choices, and
    the example command lines (without their comments)."""
    parser = build_subparser(name, "en") if name else build_parser("en")
    text = parser.format_help()
    words = {"fatescreen", "en", "fi", *"-".join(SUBCOMMANDS).split("-")}
    for typed in re.findall(r"--?[\w-]+|\{[^}]*\}", text):
        words |= set(re.findall(r"[A-Za-z]+", typed))
    for line in EXAMPLES[name]:
        words |= set(re.findall(r"[A-Za-z]+", line.partition("#")[0]))
    return words


@pytest.mark.parametrize("name", ["", *SUBCOMMANDS])
def test_every_help_is_finnish(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # wide enough that no message wraps over three lines, where the middle line would show
    # no mark (tests/shipping/test_cli_edges.py checks the help at 80 columns)
    monkeypatch.setenv("COLUMNS", "400")
    with marked_finnish(monkeypatch):
        parser = build_subparser(name, "fi") if name else build_parser("fi")
        text = parser.format_help()
    plain = text.replace("⟦", "").replace("⟧", "")
    assert "käyttö:" in plain and "valitsimet:" in plain and "esimerkkejä:" in plain
    assert stray_words(text, typed_words(name)) == []


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["check", "--lang", "fi"], "fatescreen check: virhe: nämä argumentit puuttuvat"),
        (["--lang", "fi", "--bogus"], "fatescreen: virhe: tuntemattomat argumentit: --bogus"),
        (["odds", "--lang", "fi", "--seed", "x", "3"], "virheellinen arvo 'x'"),
        (["new", "--lang=fi", "--kind", "x", "y"], "virheellinen valinta: 'x'"),
        (["run", "--lang", "fi", "scene.toml", "--script"], "odotettiin yhtä arvoa"),
    ],
)
def test_argparse_errors_are_finnish(
    args: list[str], expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    err = io.StringIO()
    with (
        marked_finnish(monkeypatch),
        contextlib.redirect_stderr(err),
        pytest.raises(SystemExit) as done,
    ):
        main(args)
    assert done.value.code == 2
    assert expected in err.getvalue().replace("⟦", "").replace("⟧", "")
    typed = typed_words(args[0] if args[0] in SUBCOMMANDS else "") | {"scene", "toml", "x", "y"}
    assert stray_words(err.getvalue(), typed) == [], unmarked(err.getvalue())


def test_an_unknown_argparse_message_stays_as_it_is() -> None:
    assert argparse_message("something new", "fi") == "something new"
    assert argparse_message("argument --x: expected one argument", "en") == (
        "argument --x: expected one argument"
    )
