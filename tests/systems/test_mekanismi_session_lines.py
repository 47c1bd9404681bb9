"""Mekanismi through the session as the GM reads it, in Finnish: every verb's reply, its undo
label, the words a refusal says are missing, and quick rolls and odds that change nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fatescreen.commands.session import Session
from fatescreen.commands.systems.session import open_system_session
from tests.systems.support import KUILU, changed, copied, same, session_on

CHECK_USAGE = (
    "Käyttö: tarkistus HAHMO[+AVUSTAJA...] KYKY [vastaan HAHMO[+AVUSTAJA...] KYKY | vastaan N] "
    "[ampuma]"
)
RAGNAR_ODDS = (
    "Ragnar voittaa 27% (lievä onnistuminen 23% · hyvä onnistuminen 4% "
    "· erinomainen onnistuminen <1%)"
)
ROSVO_ODDS = RAGNAR_ODDS.replace("Ragnar", "Rosvo")
TIE = "tasapeli, kumpikaan ei onnistu: 46%"


@pytest.fixture
def session(tmp_path: Path) -> Session[Any]:
    return session_on(copied(tmp_path, KUILU), "fi")


def test_a_check_built_and_rolled_in_finnish(session: Session[Any]) -> None:
    same(session, "tarkistus", "tarkistus: hahmoa ei annettu. " + CHECK_USAGE)
    same(session, "tarkistus Ragnar", "tarkistus: kyky ei annettu. " + CHECK_USAGE)
    same(session, "tn", "kykytarkistusta ei ole: aloita komennolla 'tarkistus'")
    changed(
        session,
        "tarkistus Ragnar Taistelu vastaan Rosvo+Roisto Taistelu",
        "Kykytarkistus: Ragnar vastaan Rosvo",
        "Ragnar: Taistelu 3 = 3 noppaa",
        "Rosvo: Taistelu 2 + Roisto +1 = 3 noppaa",
        RAGNAR_ODDS,
        ROSVO_ODDS,
        TIE,
    )
    same(session, "tn", RAGNAR_ODDS, ROSVO_ODDS, TIE)
    same(
        session,
        "tarkistus Ragnar Taistelu",
        "kykytarkistus on kesken: heitä se (tai peru: 'luovu')",
    )
    same(session, "avustajat 2 puolelle Sigrid", "Sigrid ei ole tässä kykytarkistuksessa")
    same(session, "heitä 11 vastaan 666", "Ragnar: poolissa on 3 noppaa, syötettiin 2 silmälukua")
    result = session.execute("etu merkittävä puolelle vastapuoli sumu")
    assert result.label == "Etu: Rosvo +3 (sumu)"
    assert result.lines[2] == "Rosvo: Taistelu 2 + Roisto +1 + sumu +3 = 6 noppaa"
    result = session.execute("haitta puolelle Ragnar sade")
    assert result.label == "Haitta: Ragnar; Rosvo +1 (sade)"
    assert result.lines[2] == "Rosvo: Taistelu 2 + Roisto +1 + sumu +3 + sade +1 = 7 noppaa"
    result = session.execute("varuste Tikari")
    assert result.lines[:2] == ("Ragnar: Tikari +1", "Ragnar: Taistelu 3 + Tikari +1 = 4 noppaa")
    result = session.execute("avustajat 2 puolelle Rosvo")
    assert result.lines[:3] == (
        "Rosvo: 2 avustajaa, +2",
        "Ragnar: Taistelu 3 + Tikari +1 = 4 noppaa",
        "Rosvo: Taistelu 2 + Roisto +1 + sumu +3 + sade +1 + 2 avustajaa +2 = 9 noppaa",
    )
    changed(session, "luovu", "Hahmon Ragnar kykytarkistus peruttu")


def test_damage_and_quick_rolls_in_finnish(session: Session[Any]) -> None:
    same(
        session,
        "vahinko Rosvo 1",
        "tarkistusta ei ole vielä heitetty: vahinko käyttää voitetun tarkistuksen eron "
        "(tarkistus, sitten heitä)",
    )
    changed(
        session,
        "satuta Ragnar 2",
        "Ragnar saa 2 pistettä vahinkoa (yhteensä 2), vielä 3 vie pelistä",
    )
    changed(
        session,
        "satuta Ragnar -1",
        "Ragnar paranee 1 pisteen (vahinkoa yhteensä 1), vielä 4 vie pelistä",
    )
    same(
        session,
        "satuta Ragnar 0",
        "0 vahinkopistettä ei muuta mitään: anna otettavat pisteet (tai alle 0 parantaaksesi)",
    )
    changed(
        session, "satuta Ragnar 9", "Ragnar saa 9 pistettä vahinkoa (yhteensä 10): poissa pelistä"
    )
    same(
        session,
        "heitä 3 vastaan 2 ampuma nopat 666 vastaan 66",
        "Toimija: [6 6 6] 3 onnistumista",
        "PJ: [6 6] 2 onnistumista",
        "Toimija voittaa 1 onnistumisella: lievä onnistuminen",
    )
    same(
        session,
        "tn 3 vastaan 2 ampuma",
        "3 noppaa vastaan 2 noppaa",
        "Toimija voittaa 31% (lievä onnistuminen 26% · hyvä onnistuminen 5% "
        "· erinomainen onnistuminen <1%)",
        "PJ voittaa 69% (lievä onnistuminen 17% · hyvä onnistuminen 2%)",
        "josta tasapelit, kohteen etu: 50%",
    )


def test_a_ranged_check_against_the_static_difficulty_and_its_damage(
    session: Session[Any],
) -> None:
    ranged = "Ampumahyökkäys: tasapeli on kohteen etu"
    changed(
        session,
        "tarkistus Ragnar Taistelu ampuma",
        "Kykytarkistus: Ragnar vastaan PJ",
        "Ragnar: Taistelu 3 = 3 noppaa",
        "PJ: kiinteä vaikeus 3 = 3 noppaa",
        ranged,
        "Ragnar voittaa 27% (lievä onnistuminen 23% · hyvä onnistuminen 4% "
        "· erinomainen onnistuminen <1%)",
        "PJ voittaa 73% (lievä onnistuminen 23% · hyvä onnistuminen 4% "
        "· erinomainen onnistuminen <1%)",
        "josta tasapelit, kohteen etu: 46%",
    )
    assert session.execute("etu").lines[:3] == (
        "Etu: Ragnar +1 (-)",
        "Ragnar: Taistelu 3 + etu +1 = 4 noppaa",
        "PJ: kiinteä vaikeus 3 = 3 noppaa",
    )
    assert session.execute("haitta merkittävä").lines[:4] == (
        "Haitta: Ragnar; PJ +3 (-)",
        "Ragnar: Taistelu 3 + etu +1 = 4 noppaa",
        "PJ: kiinteä vaikeus 3 + vastapuolen haitta +3 = 6 noppaa",
        ranged,
    )
    assert session.execute("avustajat 2").lines[:2] == (
        "Ragnar: 2 avustajaa, +2",
        "Ragnar: Taistelu 3 + etu +1 + 2 avustajaa +2 = 6 noppaa",
    )
    rolled = session.execute("heitä 666666 vastaan 111111")
    assert rolled.lines == (
        "Ragnar: [6 6 6 6 6 6] 6 onnistumista",
        "PJ: [1 1 1 1 1 1] 0 onnistumista",
        "Ragnar voittaa 6 onnistumisella: mieletön onnistuminen",
        "6 vahinkopistettä jaettavana: vahinko HAHMO N ...",
    )
    assert rolled.label == rolled.lines[2] and session.value.check is None
    changed(
        session,
        "vahinko Rosvo 1 Roisto 1",
        "Rosvo saa 1 pisteen vahinkoa (yhteensä 1): poissa pelistä",
        "Roisto saa 1 pisteen vahinkoa (yhteensä 1): poissa pelistä",
        "4 vahinkopistettä käyttämättä",
    )
    assert session.execute("tarkistus Ragnar Taistelu ampuma").ok
    assert session.execute("heitä 111 vastaan 111").lines[2] == (
        "Tasapeli: kohteen etu, PJ ei saa osumaa"
    )


USAGE_CHECK = "tarkistus: {}. " + CHECK_USAGE


def test_what_a_refusal_says_is_missing_in_finnish(session: Session[Any]) -> None:
    same(session, "satuta", "satuta: hahmoa ei annettu. Käyttö: satuta HAHMO N")
    same(session, "satuta Ragnar", "satuta: vahinkopisteet ei annettu. Käyttö: satuta HAHMO N")
    same(session, "tarkistus + Taistelu", "nimeä ainakin yksi hahmo")
    same(
        session,
        "tarkistus Ragnar Lentäminen",
        "kyky 'Lentäminen' ei löydy; tunnetut: Taistelu, Ratsastus, Kiipeily, Soutu",
    )
    same(session, "tarkistus Ragnar Taistelu vastaan", USAGE_CHECK.format("hahmoa ei annettu"))
    same(session, "tarkistus Ragnar Taistelu vastaan Rosvo", USAGE_CHECK.format("kyky ei annettu"))
    same(
        session,
        "tn 2 vastaan",
        "todennäköisyys: noppia ei annettu. Käyttö: todennäköisyys | todennäköisyys N "
        "[vastaan M] [ampuma]",
    )
    changed(
        session,
        "satuta Ragnar 1",
        "Ragnar saa 1 pisteen vahinkoa (yhteensä 1), vielä 4 vie pelistä",
    )
    # a helper without the ability helps with a die; the one with it rolls
    changed(
        session,
        "tarkistus Perämies+Renttu Taistelu",
        "Kykytarkistus: Renttu vastaan PJ",
        "Renttu: Taistelu 1 + Perämies +1 = 2 noppaa",
        "PJ: kiinteä vaikeus 3 = 3 noppaa",
        "Renttu voittaa 19% (lievä onnistuminen 17% · hyvä onnistuminen 2%)",
        "PJ voittaa 31% (lievä onnistuminen 26% · hyvä onnistuminen 5% "
        "· erinomainen onnistuminen <1%)",
        "tasapeli, kumpikaan ei onnistu: 50%",
    )
    check = session.value.check
    assert check is not None and check.actor.ability == "Taistelu"
    assert session.execute("luovu").ok and session.value.check is None


def test_against_a_number_of_dice_in_finnish(session: Session[Any]) -> None:
    changed(
        session,
        "tarkistus Ragnar Taistelu vastaan 4",
        "Kykytarkistus: Ragnar vastaan PJ",
        "Ragnar: Taistelu 3 = 3 noppaa",
        "PJ: PJ 4 = 4 noppaa",
        "Ragnar voittaa 23% (lievä onnistuminen 19% · hyvä onnistuminen 4% "
        "· erinomainen onnistuminen <1%)",
        "PJ voittaa 35% (lievä onnistuminen 26% · hyvä onnistuminen 7% "
        "· erinomainen onnistuminen <1% · mieletön onnistuminen <1%)",
        "tasapeli, kumpikaan ei onnistu: 42%",
    )
    same(
        session,
        "varuste",
        "varuste: varuste ei annettu. Käyttö: varuste VARUSTE [puolelle HAHMO|toimija|vastapuoli]",
    )
    same(
        session,
        "etu puolelle",
        "etu: hahmoa ei annettu. Käyttö: etu [merkittävä] [puolelle HAHMO|toimija|vastapuoli] "
        "[SYY]",
    )
    same(
        session,
        "avustajat",
        "avustajat: auttajia ei annettu. Käyttö: avustajat N [puolelle HAHMO|toimija|vastapuoli] "
        "[SYY]",
    )
    same(
        session, "avustajat 198 puolelle vastapuoli", "PJ: poolissa olisi 202 noppaa, enintään 200"
    )
    assert session.execute("etu puolelle toimija").lines[:2] == (
        "Etu: Ragnar +1 (-)",
        "Ragnar: Taistelu 3 + etu +1 = 4 noppaa",
    )
    assert session.execute("avustajat 2 soutajat").lines[:2] == (
        "Ragnar: 2 avustajaa, +2",
        "Ragnar: Taistelu 3 + etu +1 + soutajat +2 = 6 noppaa",
    )
    opened = session.value.check
    rolled = session.execute("heitä")
    assert rolled.lines == (
        "Ragnar: [2 5 5 2 3 5] 0 onnistumista",
        "PJ: [4 6 5 1] 1 onnistuminen",
        "PJ voittaa 1 onnistumisella: lievä onnistuminen",
        "1 vahinkopiste jaettavana: vahinko HAHMO N ...",
    )
    last = session.value.last
    assert last is not None and last.opened == opened and last.damage_left == 1


def test_quick_rolls_of_no_dice_and_entered_faces(session: Session[Any]) -> None:
    same(
        session,
        "heitä",
        "heitä: noppia ei annettu. Käyttö: heitä [NOPAT [vastaan NOPAT]] | heitä N [vastaan M] "
        "[ampuma] [nopat NOPAT [vastaan NOPAT]]",
    )
    same(
        session,
        "tn 2 vastaan 0",
        "2 noppaa vastaan 0 noppaa",
        "Toimija voittaa 31% (lievä onnistuminen 28% · hyvä onnistuminen 3%)",
        "PJ ei voi voittaa",
        "tasapeli, kumpikaan ei onnistu: 69%",
    )
    same(
        session,
        "heitä 0 vastaan 0",
        "Toimija: [] 0 onnistumista",
        "PJ: [] 0 onnistumista",
        "Tasapeli: kumpikaan ei onnistu",
    )
    same(
        session,
        "heitä 3 vastaan 0 nopat 6,6,6 vastaan -",
        "Toimija: [6 6 6] 3 onnistumista",
        "PJ: [] 0 onnistumista",
        "Toimija voittaa 3 onnistumisella: erinomainen onnistuminen",
    )
    english = open_system_session(KUILU, journal=False)
    assert english.execute("roll 3 vs 0 dice 666 vs -").lines[0] == "Actor: [6 6 6] 3 successes"


def test_past_the_rule_of_thumb_gear_and_damage_words_in_finnish(
    session: Session[Any],
) -> None:
    assert session.execute("tarkistus Ragnar Taistelu vastaan Sigrid Ammunta").ok
    for reason in "abc":
        assert session.execute(f"etu {reason}").ok
    lines = session.execute("etu d").lines
    assert lines[1:4] == (
        "Ragnar: Taistelu 3 + a +1 + b +1 + c +1 + d +1 = 7 noppaa",
        "Sigrid: Ammunta 4 = 4 noppaa",
        "Ragnar: yli kolme etua (nyrkkisääntö on kolme)",
    )
    assert session.execute("varuste Jousi puolelle Sigrid").lines[:3] == (
        "Sigrid: Jousi +1",
        "Ragnar: Taistelu 3 + a +1 + b +1 + c +1 + d +1 = 7 noppaa",
        "Sigrid: Ammunta 4 + Jousi +1 = 5 noppaa",
    )
    same(session, "varuste Jousi", "varuste 'Jousi' ei löydy; tunnetut: Tikari, Rengaspaita")
    assert session.execute("luovu").ok
    assert session.execute("tarkistus Ragnar Taistelu vastaan Rosvo+Roisto Taistelu").ok
    assert session.execute("heitä 666 vastaan 111").ok
    usage = "Käyttö: vahinko HAHMO N [HAHMO N ...]"
    same(session, "vahinko", "vahinko: hahmoa ei annettu. " + usage)
    same(session, "vahinko Rosvo", "vahinko: vahinkopisteet ei annettu. " + usage)
    same(session, "vahinko Rosvo 1 Roisto", "vahinko: vahinkopisteet ei annettu. " + usage)
    # the damage a sheet can hold is capped at what a scene file can hold
    for _ in range(2):
        said = session.execute("satuta Ragnar 10000").lines
        assert said == ("Ragnar saa 10000 pistettä vahinkoa (yhteensä 10000): poissa pelistä",)


def test_faces_names_and_the_gms_side_in_finnish(session: Session[Any]) -> None:
    same(
        session,
        "satuta Nobody 1",
        "hahmoa 'Nobody' ei löydy; tunnetut: Ragnar, Sigrid, Rosvopäällikkö, Rosvo, Roisto, "
        "Renttu, Perämies",
    )
    same(
        session,
        "heitä 3 vastaan 0 nopat 6,6 vastaan -",
        "Toimija: poolissa on 3 noppaa, syötettiin 2 silmälukua",
    )
    same(
        session,
        "heitä 3 vastaan 0 nopat - vastaan -",
        "Toimija: poolissa on 3 noppaa, syötettiin 0 silmälukua",
    )
    assert session.execute("tarkistus Ragnar Taistelu vastaan Rosvo Taistelu").ok
    same(session, "heitä 666 vastaan 1", "Rosvo: poolissa on 2 noppaa, syötettiin 1 silmäluku")
    assert session.execute("haitta puolelle vastapuoli").lines[:2] == (
        "Haitta: Rosvo; Ragnar +1 (-)",
        "Ragnar: Taistelu 3 + vastapuolen haitta +1 = 4 noppaa",
    )
    assert session.execute("luovu").ok and session.execute("tarkistus Ragnar Taistelu").ok
    assert session.execute("avustajat 2 puolelle vastapuoli").lines[0] == "PJ: 2 avustajaa, +2"
    odds = session.execute("tn").lines
    assert odds[1].startswith("PJ voittaa 42% (lievä onnistuminen 29%")


def test_an_english_roll_of_both_pools(tmp_path: Path) -> None:
    session = open_system_session(copied(tmp_path, KUILU), journal=False)
    assert session.execute("check Ragnar Taistelu vs Rosvo Taistelu").ok
    assert session.execute("roll 666 vs 11").lines == (
        "Ragnar: [6 6 6] 3 successes",
        "Rosvo: [1 1] 0 successes",
        "Ragnar wins by 3: excellent success",
        "3 damage points to split: damage CHARACTER N ...",
    )


def test_a_pool_of_the_most_dice_is_taken(session: Session[Any]) -> None:
    assert session.execute("tarkistus Ragnar Taistelu vastaan 1").ok
    assert session.execute("avustajat 197").lines[:3] == (
        "Ragnar: 197 avustajaa, +197",
        "Ragnar: Taistelu 3 + 197 avustajaa +197 = 200 noppaa",
        "PJ: PJ 1 = 1 noppa",
    )


def test_the_gms_advantages_past_the_rule_of_thumb(session: Session[Any]) -> None:
    assert session.execute("tarkistus Ragnar Taistelu").ok
    assert session.execute("etu puolelle vastapuoli a").label == "Etu: PJ +1 (a)"
    for reason in "bcd":
        lines = session.execute(f"etu puolelle vastapuoli {reason}").lines
    assert lines[2:4] == (
        "PJ: kiinteä vaikeus 3 + a +1 + b +1 + c +1 + d +1 = 7 noppaa",
        "PJ: yli kolme etua (nyrkkisääntö on kolme)",
    )


def test_only_the_oppositions_faces_entered(tmp_path: Path) -> None:
    session = session_on(copied(tmp_path, KUILU))
    assert session.execute("check Ragnar Taistelu vs Rosvo Taistelu").ok
    lines = session.execute("roll vs 11").lines
    assert lines[0].startswith("Ragnar: [") and lines[1] == "Rosvo: [1 1] 0 successes"
