"""Menneisyyden varjot through the session as the GM reads it, in Finnish: every verb's
reply, its undo label, the words a refusal says are missing, and odds that change nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fatescreen.commands.session import Session
from tests.systems.support import SILLALLA, changed, copied, same, session_on

USAGE = (
    "Käyttö: tarkistus HAHMO KYKY [vastaan HAHMO KYKY] [tuki [moka-sakko|moka-keskeyttää]] [ero]"
)
OPPOSED = "Vastustettu tarkistus: Ilse, Miekkailu 3 vastaan Vartija, Miekkailu 2"


@pytest.fixture
def session(tmp_path: Path) -> Session[Any]:
    return session_on(copied(tmp_path, SILLALLA), "fi")


def test_an_opposed_check_in_finnish(session: Session[Any]) -> None:
    same(session, "tarkistus", "tarkistus: hahmoa ei annettu. " + USAGE)
    same(session, "tarkistus Ilse", "tarkistus: kyky ei annettu. " + USAGE)
    changed(
        session,
        "tarkistus Ilse Miekkailu vastaan Vartija Miekkailu",
        OPPOSED,
        "Todennäköisyydet: voitto 60% · tasapeli 17% · häviö 23%",
    )
    changed(
        session,
        "voimavara Ilse Ruumis",
        "Ilse käyttää pisteen voimavarasta Ruumis (3 jäljellä): yksi bonusnoppa",
        "Todennäköisyydet: voitto 74% · tasapeli 13% · häviö 13%",
    )
    changed(
        session,
        "lahja Tuomas",
        "Tuomas antaa lahjanopan hahmolle Ilse (3 jäljellä)",
        "Todennäköisyydet: voitto 83% · tasapeli 9% · häviö 7%",
    )
    changed(
        session,
        "sakko 1 kohde Vartija",
        "PJ määrää hahmolle Vartija 1 sakkonopan",
        "Todennäköisyydet: voitto 91% · tasapeli 5% · häviö 3%",
    )
    changed(
        session,
        "bonusnoppa 2 kohde Ilse valmistelu",
        "2 bonusnoppaa hahmolle Ilse: valmistelu",
        "Todennäköisyydet: voitto 96% · tasapeli 2% · häviö 1%",
    )
    same(session, "tn", "Todennäköisyydet: voitto 96% · tasapeli 2% · häviö 1%")
    same(session, "hyväksy", "heitä tarkistus ensin")
    same(session, "heitä +0-+0 vastaan 0-0+", "hahmolle Ilse tarvitaan 7 noppaa, syötettiin 5")
    changed(session, "luovu", "Ilse luopuu selkkauksesta")


def test_rolled_and_settled_in_finnish(session: Session[Any]) -> None:
    for line in ("tarkistus Ilse Miekkailu vastaan Vartija Miekkailu", "voimavara Ilse Ruumis"):
        assert session.execute(line).ok
    changed(
        session,
        "heitä +0-+ vastaan 0-0",
        "Ilse heittää [+ 0 - +], lasketaan [+ + 0]: 3 +2 = Legendaarinen (5)",
        "Vartija heittää [0 - 0], lasketaan [- 0 0]: 2 -1 = Hyvä (1)",
        "Ilse: yksi bonusnoppa lisää parantaa tulosta todennäköisyydellä 33%",
        "Vartija: yksi bonusnoppa lisää parantaa tulosta todennäköisyydellä 67%",
    )
    changed(
        session,
        "hyväksy",
        "Ilse voittaa asteella 4: Legendaarinen (5) vastaan Hyvä (1)",
        "Ilse saa 4 bonusnoppaa syvennettyyn selkkaukseen",
    )
    same(session, "tn 3 vastaan 2", "Todennäköisyydet: voitto 60% · tasapeli 17% · häviö 23%")
    same(
        session,
        "tn 3 +1",
        "Onnistumisen todennäköisyys 99%: Moka 1% · Hyvä 5% · Laadukas 12% · Verraton 21% "
        "· Hämmästyttävä 27% · Legendaarinen 22% · Ylimaallinen 11%",
    )
    same(session, "heitä 3 +0-", "Kyky 3: heittää [+ 0 -], lasketaan [- 0 +] = Verraton (3)")
    changed(
        session,
        "tarkistus Ilse Miekkailu",
        "Kykytarkistus: Ilse, Miekkailu 3",
        "Onnistumisen todennäköisyys 96%: Moka 4% · Hyvä 11% · Laadukas 22% · Verraton 26% "
        "· Hämmästyttävä 22% · Legendaarinen 11% · Ylimaallinen 4%",
    )
    changed(
        session,
        "heitä +-0",
        "Ilse heittää [+ - 0], lasketaan [- 0 +]: 3 +0 = Verraton (3)",
        "Ilse: yksi bonusnoppa lisää parantaa tulosta todennäköisyydellä 67%",
    )
    changed(session, "hyväksy", "Ilse onnistuu: Verraton (3)")


def test_support_and_the_margin_carried_forward_in_finnish(session: Session[Any]) -> None:
    same(
        session,
        "tarkistus Vartija Miekkailu ero",
        "yhtään tarkistusta ei ole vielä ratkaistu, josta noppia saisi",
    )
    assert session.execute("tarkistus Ilse Miekkailu vastaan Vartija Miekkailu").ok
    same(
        session,
        "lahja",
        "lahja: pelaaja ei annettu. Käyttö: lahja PELAAJA [hahmolle HAHMO] [NOPAT]",
    )
    same(session, "lahja Nobody", "pelaaja 'Nobody' ei löydy; tunnetut: Eevi, Tuomas, Anni, PJ")
    for line in ("heitä +0- vastaan 0--", "hyväksy"):
        assert session.execute(line).ok
    changed(
        session,
        "tarkistus Ilse Miekkailu vastaan Vartija Miekkailu ero",
        OPPOSED,
        "Ilse voitti asteella 3: 3 bonusnoppaa ensimmäisellä kierroksella",
        "Todennäköisyydet: voitto 89% · tasapeli 7% · häviö 4%",
    )
    assert session.execute("luovu").ok
    same(
        session,
        "tarkistus Vartija Miekkailu vastaan Ilse Miekkailu ero",
        "Vartija ei voittanut edellistä tarkistusta: voiton astetta ei ole",
    )
    for line in ("tarkistus Ilse Miekkailu", "heitä ++0", "hyväksy"):
        assert session.execute(line).ok
    support = (
        "Kykytarkistus: Vartija, Miekkailu 2",
        "Tuki: Ilse (Legendaarinen (5)) antaa hahmolle Vartija 5 bonusnoppaa",
        "Onnistumisen todennäköisyys >99%: Moka <1% · Hyvä <1% · Laadukas 4% · Verraton 15% "
        "· Hämmästyttävä 27% · Legendaarinen 53%",
    )
    changed(session, "tarkistus Vartija Miekkailu tuki", *support)
    assert session.execute("luovu").ok
    changed(session, "tarkistus Vartija Miekkailu tuki moka-sakko", *support)


def test_unskilled_failure_and_tie_in_finnish(session: Session[Any]) -> None:
    changed(
        session,
        "tarkistus Ilse lentäminen",
        "Kykytarkistus: Ilse, Lentäminen 0",
        "Lentäminen ei ole hahmon Ilse lomakkeella: taitamaton (0)",
        "Onnistumisen todennäköisyys 37%: Moka 63% · Hyvä 22% · Laadukas 11% · Verraton 4%",
    )
    assert session.execute("luovu").ok
    for line in ("tarkistus Ilse Miekkailu", "heitä ---"):
        assert session.execute(line).ok
    changed(session, "hyväksy", "Ilse epäonnistuu: Moka (0)")
    for line in ("tarkistus Ilse Miekkailu vastaan Vartija Miekkailu", "heitä 000 vastaan +00"):
        assert session.execute(line).ok
    changed(
        session,
        "hyväksy",
        "Tasapeli (Verraton (3)): kukaan ei voita (avatkaa uudelleen heti, jos kaikki haluavat)",
    )


def test_penalty_dice_with_a_reason_in_finnish(session: Session[Any]) -> None:
    assert session.execute("tarkistus Ilse Miekkailu").ok
    same(
        session,
        "sakko 2 kohde",
        "sakko: hahmoa ei annettu. Käyttö: sakko N [kohde HAHMO] [NOPAT] [SYY]",
    )
    changed(
        session,
        "sakko 3 pimeys",
        "3 sakkonoppaa hahmolle Ilse: pimeys",
        "Onnistumisen todennäköisyys 68%: Moka 32% · Hyvä 31% · Laadukas 23% · Verraton 10% "
        "· Hämmästyttävä 3% · Legendaarinen <1% · Ylimaallinen <1%",
    )
