"""Mekanismi through the session as the GM reads it, in Finnish: every verb's reply, its undo
label, the words a refusal says are missing, and quick rolls and odds that change nothing."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from fatescreen.commands.session import Result
from fatescreen.commands.systems.session import SystemSession, open_system_session

SCENE = Path(__file__).resolve().parents[2] / "scenes" / "mekanismi" / "kuilun-reunalla.toml"
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


@pytest.fixture(autouse=True)
def isolated_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Journals go to the test's own folder."""
    monkeypatch.setenv("FATESCREEN_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def session(tmp_path: Path) -> SystemSession[Any]:
    path = tmp_path / SCENE.name
    shutil.copy(SCENE, path)
    return open_system_session(path, seed=3, lang="fi", journal=False)


def changed(session: SystemSession[Any], line: str, *lines: str) -> None:
    """The line changes the scene, says ``lines`` and is undone by its first line."""
    before = session.value
    result = session.execute(line)
    assert result == Result(line, lines, True, frozenset({"all"}), lines[0])
    undone = session.execute("kumoa")
    assert undone.lines == ("peruttu: " + lines[0],) and session.value == before
    assert session.execute("tee").ok


def same(session: SystemSession[Any], line: str, *lines: str) -> None:
    """The line says ``lines`` (or refuses with them) and leaves the scene as it was."""
    before = session.value
    steps = session.history.done
    result = session.execute(line)
    assert result.lines == lines
    assert result.changed == frozenset() and result.label == ""
    assert session.value is before and session.history.done == steps


def test_a_check_built_and_rolled_in_finnish(session: SystemSession[Any]) -> None:
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


def test_damage_and_quick_rolls_in_finnish(session: SystemSession[Any]) -> None:
    same(
        session,
        "vahinko Rosvo 1",
        "ei eroa käytettäväksi: viime tarkistus oli tasapeli tai se on jo käytetty",
    )
    changed(
        session,
        "satuta Ragnar 2",
        "Ragnar saa 2 pistettä vahinkoa (yhteensä 2), vielä 3 vie pelistä",
    )
    changed(
        session,
        "satuta Ragnar -1",
        "Ragnar paranee 1 pistettä (vahinkoa yhteensä 1), vielä 4 vie pelistä",
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
        "Toimija: [6 6 6] onnistumisia 3",
        "PJ: [6 6] onnistumisia 2",
        "Toimija voittaa 1 onnistumisella: lievä onnistuminen",
    )
    same(
        session,
        "tn 3 vastaan 2 ampuma",
        "3 noppaa vastaan 2 noppaa",
        "Toimija voittaa 31% (lievä onnistuminen 26% · hyvä onnistuminen 5% "
        "· erinomainen onnistuminen <1%)",
        "PJ voittaa 69% (lievä onnistuminen 17% · hyvä onnistuminen 2%)",
        "tasapeli, kohteen etu: 50%",
    )


def test_a_ranged_check_against_the_static_difficulty_and_its_damage(
    session: SystemSession[Any],
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
        "tasapeli, kohteen etu: 46%",
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
        "Ragnar: [6 6 6 6 6 6] onnistumisia 6",
        "PJ: [1 1 1 1 1 1] onnistumisia 0",
        "Ragnar voittaa 6 onnistumisella: mieletön onnistuminen",
        "6 vahinkopistettä jaettavana: vahinko HAHMO N ...",
    )
    assert rolled.label == rolled.lines[-1] and session.value.check is None
    changed(
        session,
        "vahinko Rosvo 1 Roisto 1",
        "Rosvo saa 1 pistettä vahinkoa (yhteensä 1): poissa pelistä",
        "Roisto saa 1 pistettä vahinkoa (yhteensä 1): poissa pelistä",
        "4 vahinkopistettä käyttämättä",
    )
    assert session.execute("tarkistus Ragnar Taistelu ampuma").ok
    assert session.execute("heitä 111 vastaan 111").lines[2] == (
        "Tasapeli: kohteen etu, PJ ei saa osumaa"
    )
