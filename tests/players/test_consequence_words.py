"""The player view names a consequence by its severity in the table's language."""

from __future__ import annotations

from pathlib import Path

from fatescreen.commands.session import Session
from fatescreen.scene.public import public_scene
from fatescreen.ui.players.render import character_lines

DEMO = Path(__file__).resolve().parents[2] / "scenes" / "golden-mask.toml"


def rozio_lines(lang: str) -> list[str]:
    """Rozio's lines in the player view after he took a mild consequence."""
    session = Session.open(DEMO, journal=False, lang=lang)
    for line in ("attack leader rozio Fight +0++ vs -000", 'absorb 2 "Cut arm"'):
        assert session.execute(line).ok, line
    rozio = next(pc for pc in public_scene(session.scene).pcs if pc.name == "Rozio")
    return [line.plain for line in character_lines(rozio, lang)]


def test_a_consequence_is_named_by_its_severity_in_finnish() -> None:
    assert "  merkittävä: Cut arm" in rozio_lines("fi")


def test_a_consequence_is_named_by_its_severity_in_english() -> None:
    assert "  moderate: Cut arm" in rozio_lines("en")
