"""Finnish messages for the rules wired through from the rules core (boosts, options, roles)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "boost.gained": "{owner} saa särmän {aspect}",
    "defend.boost_name": "Tilaisuus",
    "overcome.boost_name": "Vauhti",
    "overcome.tie_boost": "tasapeli epäonnistumisena, ja särmä",
    "fail.line": "{actor} ottaa tasapelin epäonnistumisena ja saa särmän",
    "error.no_tie_boost": "vain tasapeliin päättyneen ratkaisun voi ottaa epäonnistumisena ja särmänä (tämä heitto: {outcome})",
    "verb.fail": "Tasapeliin päättyneen ratkaisun jälkeen: epäonnistu pienen hinnan sijaan ja ota särmä (nimetty tai oletusnimellä).",
    "condition.hurt": "Loukkaantunut",
    "condition.scared": "Peloissaan",
    "condition.injured": "Haavoittunut",
    "condition.shaken": "Järkyttynyt",
    "condition.wounded": "Murjottu",
    "condition.demoralized": "Lannistunut",
    "error.no_difficulty": "{name}: ei omaa vaikeutta; anna se (vs LUKU)",
    "what.opponent": "hahmoa tai estettä",
    "bonus.scale": "skaala",
    "bonus.solo": "yksin",
    "attack.immune": "{name}: ei voi vahingoittaa ennen kuin {until} on voitettu",
    "fulldefense.for": "{name} suojaa hahmoa {other}: +2 hahmon {other} puolustuksiin",
}
