"""A toy fifth system, kept to show (and test) how a system is added: one folder holding its
scene format (``scene.py``), its verbs (``verbs.py``) and its dashboard (``screen.py``),
one declaration (:data:`SYSTEM`), registered at run time, and its catalog entries
(:data:`MESSAGES`). ``docs/systems.md`` walks through it.

A toy scene is a tally of named counters::

    format = 1
    system = "toy-tally"
    title = "Goblin hunt"
    counters = { Goblins = 0, Traps = 2 }
    hidden = ["Traps"]   # what the players do not see

    [[counter]]          # a counter as a CSV sheet's row adds it
    name = "Wolves"
    count = 1

and ``mark NAME`` adds one to a counter.
"""

from __future__ import annotations

from pathlib import Path

from fatescreen import i18n, systems
from fatescreen.systems import Capability
from fatescreen.systems.shared import system_on_shared_stack

TOY = "toy-tally"
"""The id its scene files name."""

SAMPLE = Path(__file__).resolve().with_name("goblin-hunt.toml")
"""Its sample scene, which the suites that run for every system play."""

SYSTEM = system_on_shared_stack(
    TOY,
    ("toy",),
    "Toy tally",
    frozenset(Capability),
    module="tests.systems.toy",
    sample=str(SAMPLE),
    export_format="json",
)
"""Its one registry line, every capability: campaigns (``party.py``, its sample in
``campaign/``), the player view (``public.py``, ``players.py``), import (CSV sheets, one
counter a row: the columns of ``scene.py``) and export (``export.py``: a counter as JSON,
``fatescreen export SCENE NAME --json``); see ``docs/systems.md``."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "toy.verb.mark": "add one to a counter",
        "toy.usage.NAME": "NAME",
        "toy.mark.line": "{name}: {count}",
        "toy.unknown": "no counter is called {name!r}; there are: {names}",
        "toy.ui.counters": "Counters",
        "ui.key.toy.mark": "Mark",
        "toy.counter.no_name": "missing: every counter needs a name",
        "toy.export.hidden": "not in the JSON: the players do not see {name}",
        "cli.arg.json": "as a JSON object",
    },
    "fi": {
        "toy.verb.mark": "lisää laskuriin yksi",
        "toy.usage.NAME": "NIMI",
        "toy.mark.line": "{name}: {count}",
        "toy.unknown": "laskuria {name!r} ei ole; on: {names}",
        "toy.ui.counters": "Laskurit",
        "ui.key.toy.mark": "Merkitse",
        "toy.counter.no_name": "puuttuu: jokainen laskuri tarvitsee nimen",
        "toy.export.hidden": "ei JSONissa: pelaajat eivät näe laskuria {name}",
        "cli.arg.json": "JSON-oliona",
    },
}
"""Its catalog entries, English and Finnish (a shipped system's are in the ``.po`` files),
the help of its export's option (``cli.arg.json``) among them."""


def register() -> None:
    """Register the toy system and add its messages to the catalogs (a test's fixture, or
    a process a test starts, calls it); nothing if it is registered already."""
    if systems.named_by(TOY) is not None:
        return
    for lang, messages in MESSAGES.items():
        catalog = i18n.PO[lang].messages
        for key, message in messages.items():
            catalog.setdefault(key, message)
    systems.register(SYSTEM)


def unregister() -> None:
    """Take the toy system and its messages away again."""
    systems.unregister(TOY)
    for lang, messages in MESSAGES.items():
        catalog = i18n.PO[lang].messages
        for key in messages:
            catalog.pop(key, None)
