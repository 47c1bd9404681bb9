"""Suomenkieliset viestit, jotka ovat yhteisiä muille järjestelmille kuin Fatelle."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "system.placeholder": ": komento  (apua, kumoa, tallenna…)",
    "system.unknown": "tuntematon järjestelmä {system!r}; tunnetut: {names}",
    "system.range": "{verb}: arvon {text!r} pitää olla väliltä {low}–{high}. Käyttö: {usage}",
}
