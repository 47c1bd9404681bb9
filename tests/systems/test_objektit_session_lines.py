"""Objektien luonti through the session as the GM reads it, in Finnish and English: every
verb's reply, its undo label, the words a refusal says are missing, and odds and rolls that
change nothing."""

from __future__ import annotations

from pathlib import Path

from fatescreen.commands.systems.session import open_system_session
from tests.systems.support import SATAMASSA, changed, edited, same, scene_copy

FI_CHECK = (
    "Aino: melko kova (+4) + konseptin vakioarvo (+1) + mahdollisuus +0 "
    "(keskinkertainen mahdollisuus) = 5 − 2d6"
)
FI_CHECK_ODDS = (
    "Todennäköisyys: hyvä 17% · nolla 11% · huono 72%",
    "melko hyvä seuraus 3% · keskinkertainen seuraus 56% · melko paha seuraus 33% "
    "· paha seuraus 8%",
)
FI_CHANCE = FI_CHECK.replace("+0", "+2").replace("= 5", "= 7")
FI_SEVEN = (
    "Todennäköisyys: hyvä 42% · nolla 17% · huono 42%",
    "melko hyvä seuraus 17% · keskinkertainen seuraus 67% · melko paha seuraus 17%",
)
FI_INITIATIVE_USAGE = (
    "Käyttö: aloite [OBJEKTI LK [KK|-] [MAHDOLLISUUS] [nopat NOPAT] | OBJEKTI = ARVO | tyhjennä]"
)


scene_path = scene_copy(SATAMASSA)


def test_a_conflict_in_finnish(scene_path: Path) -> None:
    session = open_system_session(scene_path, lang="fi", journal=False)
    same(session, "aloite", "Tässä taistelussa ei ole vielä heitetty aloitteita")
    same(
        session,
        "konflikti",
        "konflikti: objekti ei annettu. Käyttö: konflikti OBJEKTI LK [KK|-] [MAHDOLLISUUS]",
    )
    same(
        session,
        "konflikti Aino",
        "konflikti: luontainen kyky (LK) ei annettu. "
        "Käyttö: konflikti OBJEKTI LK [KK|-] [MAHDOLLISUUS]",
    )
    same(
        session,
        "konflikti Merikotka nopea -",
        "objektilla Merikotka ei ole tähän sopivaa kehittyvää kykyä eikä konseptin vakioarvoa: "
        "nimeä kyky tai anna objektille 'default = N'",
    )
    same(
        session,
        "konflikti Aino lentäminen",
        "luontainen kyky (LK) 'lentäminen' ei löydy; tunnetut: vikkelä, vaarallinen, "
        "kurinalainen, kätevä, vaikuttava, nokkela, kova",
    )
    same(
        session,
        "tn x",
        "todennäköisyys: 'x' ei ole luku. Käyttö: todennäköisyys | todennäköisyys kohde OBJEKTI "
        "VAARALLISUUS [LK [KK]] | todennäköisyys PERUSARVO [MAHDOLLISUUS]",
    )
    changed(session, "konflikti Aino kova", FI_CHECK, *FI_CHECK_ODDS)
    same(session, "heitä 7 1", "odotettiin kahta d6-silmälukua 1–6 (esim. 3 5), saatiin '7 1'")
    same(
        session,
        "tn kohde Bertil -3",
        "Kohteen Bertil tila tämän hyökkäyksen jälkeen: 6 Hyvä 83% · 5 Kolhittu 8% "
        "· 4 Vahingoittunut 6% · 3 Luhistumassa 3%",
    )
    same(session, "tn", FI_CHECK, *FI_CHECK_ODDS)
    same(
        session,
        "tn 7 +3",
        "Todennäköisyys: hyvä 83% · nolla 8% · huono 8%",
        "hyvä seuraus 17% · melko hyvä seuraus 42% · keskinkertainen seuraus 42%",
    )
    same(session, "tn 7 -2", *FI_CHECK_ODDS)
    same(session, "tn 7", *FI_SEVEN)
    changed(session, "mahdollisuus 2", FI_CHANCE, *FI_SEVEN)
    changed(session, "luovu", "Objektin Aino konflikti peruttu")
    assert session.execute("kumoa").ok
    opened = session.value.conflict
    changed(
        session, "heitä 3 4", "Aino: 7 − [3 4] = +0: keskinkertainen seuraus (ei hyvä eikä huono)"
    )
    last = session.value.last
    assert last is not None and last.opened == opened and session.value.conflict is None


def test_damage_and_condition_in_finnish(scene_path: Path) -> None:
    session = open_system_session(scene_path, lang="fi", journal=False)
    usage = "Käyttö: vahinko OBJEKTI VAARALLISUUS [LK [KK]]"
    for line in ("konflikti Bertil vaarallinen veitsitaistelu 0", "heitä 1 1"):
        assert session.execute(line).ok
    same(session, "vahinko", "vahinko: objekti ei annettu. " + usage)
    same(session, "vahinko Aino", "vahinko: vaarallisuutta ei annettu. " + usage)
    same(
        session,
        "vahinko Aino -6 kova kiipely",
        "kehittyvä kyky (KK) 'kiipely' ei löydy; tunnetut: poliisi, ammunta, kiipeily",
    )
    changed(
        session,
        "vahinko Aino -6",
        "Vahinko, Aino: kova +4 + vaarallisuus −6 − osuma +4 = −6: tila 6 Hyvä → 0 PJn vallassa",
    )
    same(session, "tila", "tila: objekti ei annettu. Käyttö: tila OBJEKTI N")
    same(session, "tila Aino", "tila: tila ei annettu. Käyttö: tila OBJEKTI N")
    changed(session, "tila Aino 5", "Aino: tila 0 PJn vallassa → 5 Kolhittu")
    assert session.execute("konflikti Aino kova").ok and session.execute("heitä 6 6").ok
    same(session, "vahinko Bertil -3", "viime tulos −7 ei ole osuma (vain positiivinen tulos osuu)")
    for line in ("konflikti Aino kova 0,5", "heitä 6 6"):
        assert session.execute(line).ok
    same(
        session, "vahinko Bertil -3", "viime tulos −6,5 ei ole osuma (vain positiivinen tulos osuu)"
    )
    for line in ("konflikti Aino kova 4,5", "heitä 1 1"):
        assert session.execute(line).ok
    changed(
        session,
        "vahinko Bertil -2,5",
        "Vahinko, Bertil: kova +3 + vaarallisuus −2,5 − osuma +7,5 = −7: "
        "tila 6 Hyvä → −1 PJn vallassa",
    )
    for line in ("konflikti Aino kova 0", "heitä 1 1"):
        assert session.execute(line).ok
    changed(
        session,
        "vahinko Merikotka -2,5",
        "Vahinko, Merikotka: kestävä +4 + vaarallisuus −2,5 − osuma +3 = −1,5: "
        "tila 6 Hyvä → 5 Kolhittu",
    )


def test_initiative_in_finnish(scene_path: Path) -> None:
    session = open_system_session(scene_path, lang="fi", journal=False)
    same(session, "aloite Aino =", "aloite: arvoa ei annettu. " + FI_INITIATIVE_USAGE)
    same(session, "aloite Aino", "aloite: luontainen kyky (LK) ei annettu. " + FI_INITIATIVE_USAGE)
    same(session, "aloite =", "objekti '=' ei löydy; tunnetut: Aino, Bertil, Merikotka")
    changed(
        session, "aloite Aino = 2,5", "Aino: aloite +2,5 (PJn päättämä)", "Aloite: 1. Aino +2,5"
    )
    changed(
        session,
        "aloite Bertil vikkelä - -1 nopat 3 3",
        "Bertil: 4 − [3 3] = −2: keskinkertainen seuraus (huono)",
        "Aloite: 1. Aino +2,5 · 2. Bertil −2",
    )
    same(
        session,
        "aloite Aino vikkelä - 0 nopat 3 3",
        "Aino: aloite on jo heitetty tässä taistelussa (+2,5); se heitetään vain kerran"
        " taistelun alussa; 'aloite tyhjennä' aloittaa uuden taistelun, 'aloite Aino = ARVO'"
        " asettaa sen käsin",
    )
    changed(
        session,
        "aloite Merikotka = -2",
        "Merikotka: aloite −2 (PJn päättämä)",
        "Aloite: 1. Aino +2,5 · 2. Bertil −2 · 3. Merikotka −2",
    )
    changed(
        session,
        "aloite Aino = -2",
        "Aino: aloite −2 (PJn päättämä)",
        "Aloite: 1. Bertil −2 · 2. Merikotka −2 = Aino −2",
    )
    same(session, "aloite", "Aloite: 1. Bertil −2 · 2. Merikotka −2 = Aino −2")
    english = open_system_session(scene_path, journal=False)
    assert english.execute("initiative Aino vikkelä dice 3 3").lines == (
        "Aino: 4 − [3 3] = −2: average consequence (bad)",
        "Initiative: 1. Aino −2",
    )
    changed(session, "aloite tyhjennä", "Aloitteet tyhjennetty seuraavaa taistelua varten")
    assert session.value.initiative == ()


def test_a_drawn_initiative_goes_after_a_rolled_one_with_no_developed_ability(
    tmp_path: Path,
) -> None:
    """Ties go by KK, then LK: the GM's drawn value has neither (both 0), so a rolled
    initiative of the same value with KK 0 and LK 1 comes first."""
    edited(tmp_path, "default = 1", "default = 0", SATAMASSA)
    path = edited(tmp_path, '"vikkelä" = 3', '"vikkelä" = 1', tmp_path / SATAMASSA.name)
    session = open_system_session(path, lang="fi", journal=False)
    assert session.execute("aloite Merikotka = -5").ok
    assert session.execute("aloite Aino vikkelä - 0 nopat 3 3").lines == (
        "Aino: 1 − [3 3] = −5: melko paha seuraus (huono)",
        "Aloite: 1. Aino −5 · 2. Merikotka −5",
    )
