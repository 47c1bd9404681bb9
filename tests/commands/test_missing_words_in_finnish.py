"""A line that lacks its action word, or a word a verb needs, is refused naming that word as
the GM types it: in English the English keywords, in Finnish the Finnish ones (no English word
ever reaches a Finnish GM); the usage that follows is the verb's own, in the same language."""

from __future__ import annotations

import re

import pytest

from tests.commands.support import DEMO, open_session

FORM = ("set rozio form add Wolf", "aseta rozio muoto lisää Susi")

CASES = [
    # (setup per language, English line, English missing word, Finnish line, Finnish word)
    ((), "milestone", "PC", "virstanpylväs", "PH"),
    (
        (),
        "milestone rozio",
        "swap / replace / rewrite / buy / aspect / skip",
        "virstanpylväs rozio",
        "vaihda / korvaa / kirjoita / osta / piirre / ohita",
    ),
    ((), "breakthrough rozio raise", "raise SKILL", "läpimurto rozio nosta", "nosta TAITO"),
    ((), "play", "SCENE", "pelaa", "KOHTAUS"),
    (
        (),
        "contest x y",
        "start/roll/forfeit/twist/show/end",
        "kilpailu x y",
        "aloita/heitä/luovu/käänne/näytä/lopeta",
    ),
    ((), "challenge x y", "start/roll/show/end", "haaste x y", "aloita/heitä/näytä/lopeta"),
    (
        (),
        "attack rozio Fight cover crate",
        "blocks/weakens",
        "hyökkää rozio Fight suoja crate",
        "estää/heikentää",
    ),
    ((), "block", "pass/remove", "este", "siirrä/poista"),
    (
        (),
        "compel rozio candles",
        "offer/accept/refuse/withdraw",
        "painosta rozio candles",
        "tarjoa/hyväksy/kieltäydy/peru",
    ),
    (FORM, "set rozio form 1 aspect", "add/remove", "aseta rozio muoto 1 piirre", "lisää/poista"),
    (FORM, "set rozio form 1 reveal", "soft/full", "aseta rozio muoto 1 paljastus", "pehmeä/täysi"),
]


def _said(setup: str, line: str, lang: str) -> str:
    session = open_session(DEMO, lang)
    if setup:
        assert session.execute(setup).ok
    before = session.scene
    result = session.execute(line)
    assert not result.ok
    assert session.scene == before
    (said,) = result.lines
    return said


@pytest.mark.parametrize(("setup", "en_line", "en", "fi_line", "fi"), CASES)
def test_a_missing_word_is_named_in_the_gms_language(
    setup: tuple[str, ...], en_line: str, en: str, fi_line: str, fi: str
) -> None:
    en_setup, fi_setup = setup or ("", "")
    verb = en_line.split()[0]
    said = _said(en_setup, en_line, "en")
    assert said.startswith(f"{verb}: missing {en}. Usage: {verb} ")
    fi_said = _said(fi_setup, fi_line, "fi")
    fi_verb = fi_line.split()[0]
    assert fi_said.startswith(f"{fi_verb}: {fi} ei annettu. Käyttö: {fi_verb} ")
    english = set(re.findall(r"[a-z]+", en.lower())) - set(re.findall(r"[a-z]+", fi.lower()))
    assert english.isdisjoint(re.findall(r"[a-zäö]+", fi_said.split(". Käyttö")[0].lower()))


def test_a_form_without_a_field_lists_the_fields_in_the_gms_language() -> None:
    """``set NPC form N`` with no field after it names the form's fields as typed."""
    said = _said(FORM[0], "set rozio form 1", "en")
    assert said == (
        "name what to change on the form: name, skill, aspect, stunt, stress, consequences, reveal"
    )
    said = _said(FORM[1], "aseta rozio muoto 1", "fi")
    assert said == (
        "kerro, mitä muodosta muutetaan: nimi, taito, piirre, temppu, rasitus, jäljet, paljastus"
    )


SET_REPLIES = [
    ("set scene notes hi", "the scene: notes changed", "en"),
    ("aseta kohtaus muistiinpanot hei", "kohtaus: muutettu muistiinpanot", "fi"),
    ("aseta kohtaus otsikko Uusi", "kohtaus: muutettu otsikko", "fi"),
    ("set rozio refresh 2", "Rozio: refresh changed", "en"),
    ("aseta rozio lähtölataus 2", "Rozio: muutettu lähtölataus", "fi"),
    ("set rozio fp 1", "Rozio: fate_points changed", "en"),
    ("aseta rozio fatepisteet 1", "Rozio: muutettu fatepisteet", "fi"),
    ("aseta rozio nimi Roz", "Rozio: muutettu nimi", "fi"),
    ("aseta rozio rasitus 3", "Rozio: muutettu rasitus", "fi"),
    ("aseta rozio muoto lisää Susi", "Rozio: muutettu muoto", "fi"),
]


@pytest.mark.parametrize(("line", "said", "lang"), SET_REPLIES)
def test_set_names_the_changed_fields_in_the_gms_language(line: str, said: str, lang: str) -> None:
    session = open_session(DEMO, lang)
    result = session.execute(line)
    assert (result.ok, result.lines) == (True, (said,))
