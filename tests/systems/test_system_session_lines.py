"""What the GM sees from the session every other system shares, in English and in Finnish:
the meta verbs (help, log, undo, redo, save), unknown and shortened verbs, numbers out of
range, the undo labels, quick rolls on a blank scene, and a crashed session's recovery."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from fatescreen.commands.session import SESSION_VERBS, Result, Session
from fatescreen.commands.systems import verbs_of
from fatescreen.commands.systems.base import SystemApplied, SystemContext, VerbSet, Words, percent
from fatescreen.commands.systems.session import (
    SharedCommands,
    blank_session,
    open_system_session,
)
from fatescreen.scene.systems import load_system_text
from fatescreen.systems.varjot import VARJOT
from fatescreen.systems.varjot.verbs import KEYWORDS, VERBS
from tests.systems.support import SILLALLA, scene_copy

CHECK = "check Ilse Miekkailu vs Vartija Miekkailu"
LABEL = {
    "en": "Check: Ilse, Miekkailu 3 vs Vartija, Miekkailu 2",
    "fi": "Vastustettu tarkistus: Ilse, Miekkailu 3 vastaan Vartija, Miekkailu 2",
}
ODDS = {
    "en": "Odds: win 60% · tie 17% · lose 23%",
    "fi": "Todennäköisyydet: voitto 60% · tasapeli 17% · häviö 23%",
}


scene_path = scene_copy(SILLALLA)


def test_comment_and_blank_lines_do_nothing(scene_path: Path) -> None:
    session = open_system_session(scene_path, journal=False)
    before = session.value
    for line in ("# the guard is asleep", "#", "   "):
        result = session.execute(line)
        assert result == Result(line.strip(), ())
    assert session.value is before and session.log == []
    assert session.execute("log").lines == ("the log is empty",)


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_a_change_its_undo_label_and_the_log(scene_path: Path, lang: str) -> None:
    session = open_system_session(scene_path, lang=lang, journal=False)
    seen: list[Result] = []
    session.listeners.append(seen.append)
    assert session.execute("log").lines == (
        {"en": "the log is empty", "fi": "loki on tyhjä"}[lang],
    )
    done = session.execute(CHECK)
    assert done == Result(CHECK, (LABEL[lang], ODDS[lang]), True, frozenset({"all"}), LABEL[lang])
    undone = session.execute("undo")
    said = {"en": ("undone: ", "redone: "), "fi": ("peruttu: ", "tehty uudelleen: ")}[lang]
    assert undone == Result("undo", (said[0] + LABEL[lang],), True, frozenset({"all"}), LABEL[lang])
    assert session.value.check is None
    redone = session.execute("redo")
    assert redone.lines == (said[1] + LABEL[lang],) and redone.changed == frozenset({"all"})
    assert session.value.check is not None
    assert session.execute("log").lines == (
        LABEL[lang],
        ODDS[lang],
        said[0] + LABEL[lang],
        said[1] + LABEL[lang],
    )
    assert [entry.command for entry in session.log] == [CHECK, "undo", "redo"]
    assert [result.line for result in seen] == ["log", CHECK, "undo", "redo", "log"]
    assert seen[1] == done


def test_a_command_that_changes_nothing_records_no_undo_step(scene_path: Path) -> None:
    session = open_system_session(scene_path, journal=False)
    odds = session.execute("odds 2 vs 2")
    assert odds == Result("odds 2 vs 2", ("Odds: win 40% · tie 20% · lose 40%",))
    # every gift die is still in hand: a new session gives the same scene again
    again = session.execute("session")
    said = "A new session: 4 gift dice each for Eevi, Tuomas, Anni, PJ"
    assert again == Result("session", (said,), label=said)
    assert session.history.done == ()
    assert session.execute("undo").lines == ("nothing to undo",)


def test_help_in_finnish(scene_path: Path) -> None:
    session = open_system_session(scene_path, lang="fi", journal=False)
    assert session.execute("ohje lahja").lines == (
        "lahja PELAAJA [hahmolle HAHMO] [NOPAT]",
        "pelaaja antaa lahjanopan toisen pelaajan tarkistukseen",
        "esim. lahja Tuomas hahmolle Ilse",
        "muut nimet: lahja, lahjanoppa",
    )
    lines = session.execute("ohje").lines
    assert lines[:3] == (
        "komennot (ohje KOMENTO kertoo lisää):",
        "bonusnoppa   bonusnoppia muusta lähteestä: konsti, valmistelu...",
        "heitä        heitä tarkistus (tai pikaheitto: KYKY [+N|-N] [NOPAT])",
    )
    assert (
        lines[-1]
        == "voimavara    käytä voimavaran piste bonusnoppaan (ennen heittoa tai sen jälkeen)"
    )
    assert len(lines) == 1 + len(VERBS.verbs) + len(SESSION_VERBS)  # undo, redo, save, log, help


EN_VERBS = "accept, bonus, check, drop, gift, odds, penalty, pool, public, roll, secret, session"
BONUS_USAGE = {
    "en": "bonus N [on CHARACTER] [DICE] [REASON]",
    "fi": "N [kohde HAHMO] [NOPAT] [SYY]",
}


@pytest.mark.parametrize(
    ("lang", "line", "said"),
    [
        ("en", "zz", f"unknown command 'zz'; try: {EN_VERBS}"),
        ("en", "p", "'p' begins several commands: drop, penalty, pool, public, session"),
        (
            "fi",
            "p",
            "'p' aloittaa useita komentoja: julkista, luovu, pelikerta, sakko, voimavara",
        ),
        (
            "en",
            "bonus 31 on Vartija",
            "bonus: '31' must be from 1 to 30. Usage: " + BONUS_USAGE["en"],
        ),
        (
            "fi",
            "bonus 31 on Vartija",
            "bonusnoppa: arvon '31' pitää olla väliltä 1–30. Käyttö: bonusnoppa "
            + BONUS_USAGE["fi"],
        ),
        ("fi", "sakko", "sakko: noppia ei annettu. Käyttö: sakko " + BONUS_USAGE["fi"]),
        ("en", "penalty 3 on Vartija", "the GM imposes 1 or 2 penalty dice"),
        ("fi", "penalty 3 on Vartija", "PJ määrää yhden tai kaksi sakkonoppaa"),
        ("fi", 'check "Ilse', "lainausmerkki jäi sulkematta: loppulainausmerkki puuttuu"),
        ("en", "undo 5", "undo: did not understand '5'. Usage: undo"),
        ("fi", "undo 5", "kumoa: en ymmärtänyt kohtaa '5'. Käyttö: kumoa"),
        ("fi", "tee 2", "tee: en ymmärtänyt kohtaa '2'. Käyttö: tee"),
        (
            "fi",
            "ohje zz",
            "tuntematon komento 'zz'; kokeile: bonusnoppa, heitä, hyväksy, julkista, lahja, "
            "luovu, pelikerta, sakko, salaa, tarkistus, todennäköisyys, voimavara",
        ),
        (
            "fi",
            "tallenna --x",
            "ei tallenneta nimellä --x: tiedostonimi ei saa alkaa merkillä '-' "
            "(se luetaan valitsimeksi)",
        ),
    ],
)
def test_refusals_change_nothing(scene_path: Path, lang: str, line: str, said: str) -> None:
    session = open_system_session(scene_path, lang=lang, journal=False)
    assert session.execute(CHECK).ok
    before = session.value
    assert session.execute(line) == Result(line, (said,), ok=False)
    assert session.value is before and len(session.log) == 1


def test_a_unique_beginning_names_a_verb_and_the_largest_number_is_taken(scene_path: Path) -> None:
    session = open_system_session(scene_path, journal=False)
    assert session.execute(CHECK).ok
    assert session.execute("gi Tuomas").lines[0] == "Tuomas gives a gift die to Ilse (3 left)"
    assert (
        session.execute("bonus 30 on Vartija").lines[0]
        == "30 bonus dice for Vartija: another source"
    )


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_save_says_where_and_why_not(scene_path: Path, lang: str) -> None:
    (scene_path.parent / "folder.toml").mkdir()
    session = open_system_session(scene_path, lang=lang, journal=False)
    assert session.execute(CHECK).ok
    refused = session.execute("save folder.toml")
    failed = {"en": "could not save: ", "fi": "tallennus epäonnistui: "}[lang]
    assert not refused.ok
    assert refused.lines[0].startswith(failed) and "folder.toml" in refused.lines[0]
    saved = session.execute("save")
    where = {"en": "saved to ", "fi": "tallennettu: "}[lang]
    assert saved == Result("save", (where + str(scene_path),))
    assert session.log[-1].lines == saved.lines
    assert not session.dirty


def test_a_blank_scene_rolls_from_its_seed_and_has_no_file() -> None:
    first = blank_session(VARJOT, seed=5)
    second = blank_session(VARJOT, seed=5)
    assert first.system == VARJOT and first.value.title == "-"
    assert first.journal_text() is None
    rolls = [first.execute("roll 4").lines for _ in range(4)]
    assert rolls == [second.execute("roll 4").lines for _ in range(4)]
    assert first.execute("save") == Result("save", ("this scene has no file: save PATH",), ok=False)
    finnish = blank_session(VARJOT, lang="fi")
    assert finnish.execute("tallenna").lines == ("kohtauksella ei ole tiedostoa: tallenna POLKU",)
    assert (
        finnish.execute("heitä 5").lines[0].startswith("heitä: arvon '5' pitää olla väliltä 0–4.")
    )


def test_opened_in_english_with_its_seed(scene_path: Path) -> None:
    first = open_system_session(scene_path, seed=8, journal=False)
    second = open_system_session(scene_path, seed=8, journal=False)
    assert first.execute(CHECK).lines == (LABEL["en"], ODDS["en"])
    assert second.execute(CHECK).ok
    assert [first.execute("roll").lines for _ in range(3)] == [
        second.execute("roll").lines for _ in range(3)
    ]


def test_without_a_journal_nothing_is_left_to_recover(scene_path: Path) -> None:
    session = open_system_session(scene_path, journal=False)
    assert session.execute(CHECK).ok
    assert open_system_session(scene_path).recoverable() == []


def test_recovery_replays_the_recorded_dice_once(scene_path: Path) -> None:
    crashed = open_system_session(scene_path)
    assert crashed.journal_text() == scene_path.read_text(encoding="utf-8")
    assert crashed.execute(CHECK).ok and crashed.execute("roll").ok
    assert crashed.execute("undo").ok and crashed.execute("redo").ok
    again = open_system_session(scene_path)
    assert again.recovery_pending
    assert again.recover() == 4
    assert again.value == crashed.value and again.value.check.rolled
    assert not again.recovery_pending
    assert again.execute("log").ok
    # the replayed undo is not journaled a second time: a second crash recovers the same
    third = open_system_session(scene_path)
    assert len(third.recoverable()) == 4
    assert third.recover() == 4 and third.value == crashed.value


def test_a_save_starts_the_journal_afresh(scene_path: Path) -> None:
    crashed = open_system_session(scene_path)
    assert crashed.execute(CHECK).ok and crashed.execute("save").ok
    assert crashed.execute("drop").ok
    again = open_system_session(scene_path)
    assert again.recoverable() == [("drop", ())]


def test_line_in_writes_a_command_in_the_gms_language() -> None:
    assert VERBS.line_in("gift Tuomas to Ilse", "fi") == "lahja Tuomas hahmolle Ilse"
    assert VERBS.line_in("gift Tuomas to Ilse", "en") == "gift Tuomas to Ilse"
    # only the keywords: a name that is also a word of a usage line stays as it is
    assert VERBS.line_in("gift PLAYER to Ilse", "fi") == "lahja PLAYER hahmolle Ilse"
    assert VERBS.line_in("undo", "fi") == "kumoa"
    assert VERBS.line_in("frobnicate to", "fi") == "frobnicate to"
    assert VERBS.line_in("", "fi") == ""
    with pytest.raises(Exception, match="unknown command 'zz'"):
        VERBS.find("zz")


def test_a_verb_set_registers_its_verbs() -> None:
    """A system's verbs as its module registers them: word, help, usage, example, aliases."""
    verbs = VerbSet("varjot", KEYWORDS)
    calls: list[tuple[str, str | None, list[str]]] = []

    @verbs.verb("gift", "gift PLAYER [to CHARACTER]", example="gift Tuomas to Ilse")
    def gift(ctx: SystemContext[Any], words: Words) -> SystemApplied[Any]:
        calls.append((ctx.lang, words.keyword("everyone", "to"), list(words.words)))
        return SystemApplied(ctx.value, ())

    @verbs.verb("odds", "odds N", aliases=("tn",))
    def odds(ctx: SystemContext[Any], words: Words) -> SystemApplied[Any]:
        words.integer("N", low=0, high=4)
        return SystemApplied(ctx.value, ("fine",))

    @verbs.verb("zap", "zap")
    def zap(ctx: SystemContext[Any], words: Words) -> SystemApplied[Any]:
        return SystemApplied(ctx.value, ())

    # a verb the catalog has no word for is written as it is named
    assert verbs.verbs["zap"].word("fi") == "zap" and verbs.find("za", "fi") is verbs.verbs["zap"]
    del verbs.verbs["zap"]
    assert verbs.prefix == "varjot" and verbs.keywords is KEYWORDS
    assert list(verbs.verbs) == ["gift", "odds"]
    session: Session[Any] = Session(None, SharedCommands(VARJOT, verbs), lang="fi")
    assert session.help_lines("gift") == [
        "lahja PELAAJA [hahmolle HAHMO]",
        "pelaaja antaa lahjanopan toisen pelaajan tarkistukseen",
        "esim. lahja Tuomas hahmolle Ilse",
        "muut nimet: ei yhtään",
    ]
    assert session.help_lines("tn")[2:] == ["esim. todennäköisyys N", "muut nimet: tn"]
    assert session.execute("gift Tuomas hahmolle Ilse").ok
    assert session.execute("gift hahmolle Ilse").ok
    assert session.execute("gift everyone").ok
    assert calls == [
        ("fi", None, ["Tuomas", "hahmolle", "Ilse"]),
        ("fi", "to", ["Ilse"]),
        ("fi", "everyone", []),
    ]
    assert session.execute("tn 4").lines == ("fine",)
    assert not session.execute("tn 5").ok


@pytest.mark.parametrize(
    ("chance", "shown"),
    [
        (Fraction(0), "0%"),
        (Fraction(1, 1000), "<1%"),
        (Fraction(1, 100), "1%"),
        (Fraction(3, 200), "2%"),
        (Fraction(99, 100), "99%"),
        (Fraction(999, 1000), ">99%"),
        (Fraction(1), "100%"),
    ],
)
def test_percent_never_claims_a_certainty_that_is_not(chance: Fraction, shown: str) -> None:
    assert percent(chance) == shown


def test_replayed_dice_come_before_the_rng() -> None:
    ctx: SystemContext[None] = SystemContext(None, random.Random(1), replay=["+0-"])
    assert ctx.dice(lambda rng: "rolled") == "+0-"
    assert ctx.dice(lambda rng: "rolled") == "rolled"
    assert ctx.rolled == ["+0-", "rolled"]


def test_the_registry_finds_each_system() -> None:
    assert verbs_of(VARJOT) is VERBS


def test_a_scene_read_from_text_saves_where_the_gm_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without a file of its own, a scene's save name is taken from the working folder."""
    monkeypatch.chdir(tmp_path)
    loaded = load_system_text(SILLALLA.read_text(encoding="utf-8"))
    session: Session[Any] = Session(
        loaded.value, SharedCommands(loaded.system, verbs_of(VARJOT)), loaded
    )
    assert session.execute("save here.toml").lines == ("saved to here.toml",)
    assert (tmp_path / "here.toml").read_text(encoding="utf-8") == loaded.text
