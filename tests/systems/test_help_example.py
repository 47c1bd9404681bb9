"""``help help`` gives an example every system can run: ``help`` and one of the system's
own verbs (``attack`` where it has one), in the GM's language."""

from __future__ import annotations

import pytest

from fatescreen import systems
from fatescreen.commands.session import Session
from fatescreen.i18n import tr
from fatescreen.resources import sample_scene


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_help_s_example_names_a_verb_of_the_system(every_system: str, lang: str) -> None:
    system = systems.named_by(every_system)
    assert system is not None
    session = Session.open(sample_scene(system), lang=lang, journal=False)
    helped = session.execute(tr(lang, "cmd.help") + " " + tr(lang, "cmd.help"))
    assert helped.ok
    prefix = tr(lang, "help.example", example="")
    example = next(line for line in helped.lines if line.startswith(prefix.strip()))
    line = example.removeprefix(prefix)
    verb = line.split()[1]
    explained = session.execute(line)
    assert explained.ok and explained.lines[0].split()[0] == verb  # the verb's usage
    if system is systems.default():
        assert verb == tr(lang, "cmd.attack")
