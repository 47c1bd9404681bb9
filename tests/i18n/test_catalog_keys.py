"""The message catalogs: Finnish matches English key for key, and tr() falls back sanely."""

from __future__ import annotations

import re
import string

import pytest

from fatescreen import i18n
from fatescreen.i18n import EN, FI, default_language, tr

SAME_IN_BOTH = {
    "roll.effort": "only placeholders and arithmetic",
    "hit.option": "only a number in brackets",
    "invoke.bonus": "a number",
    "countdown.tick": "only placeholders",
    "campaign.scene_line": "only placeholders",
    "bonus.plain": "a Finnish word too (the seed: +2 bonuksen)",
    "usage.BONUS": "a Finnish word too",
    "usage.N": "a number to fill in",
    "usage.M": "a number to fill in",
    "cli.metavar.session": "a number to fill in",
    "objektit.usage.LK": "the seed's abbreviation (luonnollinen kyky)",
    "objektit.usage.KK": "the seed's abbreviation (kehittyvä kyky)",
    "mekanismi.check.side": "only placeholders",
    "mekanismi.gear.line": "only placeholders and a number",
    "objektit.roll.line": "only placeholders and arithmetic",
    "players.objektit.result": "only placeholders",
    "record.fact.character": "only placeholders",
    "record.fact.link": "only placeholders and an arrow",
}
"""Keys whose Finnish text may equal the English one, and why."""

ENGLISH_WORDS = (
    "the",
    "and",
    "with",
    "shift",
    "shifts",
    "boost",
    "stress",
    "point",
    "invoke",
    "fp",
)
"""Words that betray a half-translated Finnish line (command names are allowed)."""


def placeholders(template: str) -> set[str]:
    """The names of the fields in a format string."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_finnish_has_exactly_the_english_keys() -> None:
    assert sorted(set(EN) - set(FI)) == []
    assert sorted(set(FI) - set(EN)) == []


@pytest.mark.parametrize("key", sorted(EN))
def test_placeholders_match(key: str) -> None:
    assert placeholders(FI[key]) == placeholders(EN[key])


@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("key", sorted(EN))
def test_every_message_formats(lang: str, key: str) -> None:
    template = i18n.CATALOGS[lang][key]
    values = dict.fromkeys(placeholders(template), 3)
    assert template.format(**values)


@pytest.mark.parametrize("key", sorted(EN))
def test_finnish_is_translated(key: str) -> None:
    if key in SAME_IN_BOTH:
        assert FI[key] == EN[key], f"{key} now differs: remove it from SAME_IN_BOTH"
    else:
        assert FI[key] != EN[key], f"{key} is not translated"


def test_same_in_both_names_only_existing_keys() -> None:
    assert sorted(set(SAME_IN_BOTH) - set(EN)) == []


@pytest.mark.parametrize("key", sorted(FI))
def test_finnish_has_no_english_words(key: str) -> None:
    text = re.sub(r"\{[^}]*\}", "", FI[key])
    text = re.sub(r"\w+ = \S+", "", text)  # a line of a scene file, as it is written
    words = set(re.findall(r"[a-z]+", text.lower()))
    assert words.isdisjoint(ENGLISH_WORDS), FI[key]


@pytest.mark.parametrize(
    ("key", "term"),
    [
        ("outcome.style", "tyylillä"),
        ("boost.gained", "särmä"),
        ("create.success", "ilmaisen käytön"),
        ("fp.gm", "PJ"),
        ("concede.line", "fate-pist"),
        ("takeout.line", "ulkona tilanteesta"),
        ("overcome.tie", "pienellä hinnalla"),
        ("overcome.fail", "merkittävällä hinnalla"),
        ("hit.minions", "kätyripanssari"),
        ("turn.next", "kierros"),
    ],
)
def test_finnish_uses_the_official_terms(key: str, term: str) -> None:
    assert term in FI[key]


def test_tr_formats_values() -> None:
    assert tr("fi", "move.line", name="Rozio", zone="Krypta") == "Rozio siirtyy alueelle Krypta"
    assert tr("en", "move.line", name="Rozio", zone="Crypt") == "Rozio moves to Crypt"


def test_tr_falls_back_to_english_for_a_missing_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(i18n.PO["fi"].messages, "log.empty")
    assert tr("fi", "log.empty") == EN["log.empty"]
    assert tr("fi", "undo.line", label="x") == "peruttu: x"


def test_tr_falls_back_to_english_for_an_unknown_language() -> None:
    assert tr("de", "log.empty") == EN["log.empty"]


def test_tr_returns_an_unknown_key_itself() -> None:
    assert tr("fi", "no.such.message") == "no.such.message"
    assert tr("en", "no.such.message") == "no.such.message"


LOCALE_VARIABLES = ("FATESCREEN_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def clean_locale(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No locale variables set."""
    for variable in LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    return monkeypatch


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANG": "fi_FI.UTF-8"}, "fi"),
        ({"LANG": "fi"}, "fi"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"FATESCREEN_LANG": "fi", "LANG": "en_US.UTF-8"}, "fi"),
        ({"FATESCREEN_LANG": "en", "LANG": "fi_FI.UTF-8"}, "en"),
        ({"FATESCREEN_LANG": "sv", "LANG": "fi_FI.UTF-8"}, "en"),
        ({"LC_ALL": "fi_FI.UTF-8", "LANG": "en_US.UTF-8"}, "fi"),
        ({"LC_MESSAGES": "de_DE.UTF-8", "LANG": "fi_FI.UTF-8"}, "en"),
    ],
)
def test_default_language_from_environment(
    clean_locale: pytest.MonkeyPatch, environment: dict[str, str], expected: str
) -> None:
    for variable, value in environment.items():
        clean_locale.setenv(variable, value)
    assert default_language() == expected


def test_default_language_from_the_system_locale(clean_locale: pytest.MonkeyPatch) -> None:
    clean_locale.setattr(i18n.locale, "getlocale", lambda: ("fi_FI", "UTF-8"))
    assert default_language() == "fi"
    clean_locale.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert default_language() == "en"


def test_default_language_when_the_locale_is_unreadable(clean_locale: pytest.MonkeyPatch) -> None:
    def broken() -> tuple[str | None, str | None]:
        raise ValueError("unknown locale")

    clean_locale.setattr(i18n.locale, "getlocale", broken)
    assert default_language() == "en"


@pytest.mark.parametrize("key", sorted(EN))
def test_no_placeholder_is_named_like_an_argument_of_tr(key: str) -> None:
    assert placeholders(EN[key]).isdisjoint({"lang", "key"}), "tr(lang, key, ...) takes these"
