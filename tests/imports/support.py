"""Helpers of the import tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fatescreen.rules.character import Character, CharacterKind
from fatescreen.scene import codec
from fatescreen.scene.model import RulesInPlay
from fatescreen.scene.sheets.fit import Fitted, Target, fit
from fatescreen.scene.sheets.read import read_sheets
from tests.imports.conftest import FIXTURES

RULES = RulesInPlay()


def fitted(name: str, target: Target | None = None) -> list[Fitted]:
    """The characters of a fixture, fitted to an English Condensed scene (or ``target``)."""
    sheets = read_sheets(FIXTURES / name)
    return [fit(sheet, target or Target(RULES)) for sheet in sheets.characters]


def character(record: dict[str, Any], rules: RulesInPlay = RULES) -> Character:
    """A record read as the loader reads ``[[pc]]``."""
    from fatescreen.scene.reader import Reader

    reader = Reader()
    found = codec.decode_character(reader, record, (), CharacterKind.PC, rules)
    assert found is not None and not reader.problems, reader.problems
    return found


def fields_of(found: Fitted) -> list[tuple[str, str]]:
    """The report's rows as (field, value) in English."""
    from fatescreen.scene.errors import said

    return [(row.field, said(row.value, "en")) for row in found.mapped]


def reasons(found: Fitted) -> list[tuple[str, str]]:
    """What was left out: (JSON path, reason in English)."""
    from fatescreen.scene.sheets.errors import render_json_path

    return [(render_json_path(d.source.path), d.reason.render("en")) for d in found.dropped]


def fixture(name: str) -> Path:
    """A fixture's path."""
    return FIXTURES / name
