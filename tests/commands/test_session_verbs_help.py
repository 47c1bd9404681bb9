"""The session's own verbs (undo, redo, save, log, help) are in every system's help, in the
GM's language, as the verbs every system has."""

from __future__ import annotations

import pytest

from tests.stress.play import Play


@pytest.mark.parametrize(
    ("lang", "words", "usage"),
    [
        ("en", ("undo", "redo", "save", "log", "help"), "undo"),
        ("fi", ("kumoa", "tee", "tallenna", "loki", "ohje"), "kumoa"),
    ],
)
def test_every_systems_help_has_the_sessions_verbs(
    every_system: str, lang: str, words: tuple[str, ...], usage: str
) -> None:
    with Play.of(every_system).scratch() as session:
        session.lang = lang
        listed = {line.split()[0] for line in session.execute("help").lines[1:] if line.split()}
        assert set(words) <= listed
        asked = session.execute(f"help {words[0]}")
        assert asked.ok and asked.lines[0] == usage
