"""docs/glossary.md against the seed and the Finnish UI: every term is the seed's, under a
section the seed has (the seed's passages are in seed_terms.txt), and shown by the catalog
messages the row names; no Finnish message uses a word the seed says otherwise."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fatescreen.i18n import EN, FI, tr
from fatescreen.rules.ladder import LADDER, ladder_name

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
SEED_TERMS = Path(__file__).with_name("seed_terms.txt")
"""Headings and short passages of the seed (Fate pähkinänkuoressa) that show its terms."""
ROW = re.compile(r"^\| ([^|]+?) \| ([^|]+?) \| «([^»]+)» \| ([^|]+?) \|$", re.MULTILINE)

NOT_THE_SEEDS = {
    r"\bseuraus\w*|\bseurauk\w*": "jälki, jäljet",
    r"\bkeskinkertai\w*": "Keskiverto",
    r"\bfysiik\w*": "Kunto",
    r"\btahto(a|n)?\b|\btahdolla\b": "Tahdonvoima",
    r"\brasitusjäl\w*": "rasituslinja",
    r"\bselvitä\b": "ratkaise",
    r"\bpakota\b": "painosta",
    r"\bsessio\w*|lopetasessio": "pelikerta",
    r"\buusin(ta|nat|toja)\b": "uudelleenheitto",
    r"\bvaara(n|lla|lle|a|sta)?\b": "vaarallinen este",
    r"\bhidaste\b": "hidastava este",
    r"\bhäiriö\b": "häiritsevä este",
    r"(?<!tikittävä )(?<!tikittävän )(?<!tikittävää )(?<!tikittäviä )(?<!tikittävät )\bkello": (
        "tikittävä kello"
    ),
    r"(?-i:\bGM\b)": "PJ",
    r"(?-i:\bNPC\b)": "PJH",
    r"\bsivuhahmo\w*": "PJH",
    r"\bistun(to|no)\w*": "pelikerta (the game's), kojelauta (the dashboard)",
    r"\bmyöhää\b": "myöhässä",
    r"-edun sijaan|skaalalisäsäännöllä": "sen sijaan (the scale help, in plain Finnish)",
    r"\(Athletics\b": "Urheilu (the seed's name of the skill, the file's beside it)",
    r"\bpooli(a|n|ssa|sta|in)?\b": "PJ:n varanto",
    r"\bruksa\w*|\brasti(a|i|taan)\b|\brastittu\w*": "rastittaa, rastitettu",
    r"\bvaikeu(s|tta|den|deksi|teen)\b|poistovaikeu\w*": "vaikeustaso",
    r"\bvuorojärjesty\w*": "toimintajärjestys",
    r"\bantau\w*": "luovuta",
    r"pudon\w* pelistä": "ulkona tilanteesta",
    r"\bsiirtym(ä|än|ää|ät|iä)\b": "vaurio (a hit's), erotus (a roll's)",
    r"seurue": "ryhmä (the party)",
    r"kuivaharj\w*": "koeajo",
    r"\bkilpi\b": "suojaava osa (a swarm's)",
    r"\btikapu\w*": "tikkaat (the ladder)",
    r"lähtölatauksen verran": "lähtölatauksen suuruisiksi (up to the refresh, not by it)",
    r"^yksin$": "soolobonus (a roll's bonus, as the seed names it)",
    r"\ben tallenna\b": "ei tallenneta (the program does not speak as I)",
    r"muuta ongelmaa": "muita ongelmia: N (no partitive after a number that may be 1)",
    r"\bhänen taitonsa\b": "vastustajan taito",
    r"taulukkolista|sulkematon lista": "taulujen taulukko, taulukko (TOML's array)",
    r"painostus tai ratkaise": "vastaa (ratkaise is the overcome)",
    r"[^\s,] mutta\b": "a comma before mutta",
    r"\blyö\w* ulos\b": "ulos tilanteesta, ulkona tilanteesta",
}
"""Words the Finnish UI must not use, with the seed's term for each."""
OTHER_SYSTEMS = ("varjot", "mekanismi", "objektit", "system")
"""The other game systems' messages follow their own seeds (tools/po_from_dicts.py)."""
SYSTEM_PARTS = ("varjot", "mekanismi", "objektit")
"""A key's second or third part naming another system: rules.varjot.…, check.objektit.…,
players.objektit.…, ui.key.mekanismi.… (ui.system.… is the dashboard's own menu)."""


def fates(key: str) -> bool:
    parts = key.split(".")
    return parts[0] not in OTHER_SYSTEMS and not any(
        part in SYSTEM_PARTS for part in parts[1:3] if len(parts) > 2
    )


def rows() -> list[tuple[str, str, str, list[str]]]:
    found = ROW.findall(GLOSSARY.read_text(encoding="utf-8"))
    return [
        (en, fi, section, [k.strip() for k in keys.split(",")]) for en, fi, section, keys in found
    ]


def seed_sections() -> dict[str, list[str]]:
    """Each heading of seed_terms.txt with the passages quoted under it (quotes and the
    ellipses that mark a cut taken off)."""
    sections: dict[str, list[str]] = {}
    passages: list[str] = []
    for line in SEED_TERMS.read_text(encoding="utf-8").splitlines():
        if line.startswith("[") and line.endswith("]"):
            passages = sections.setdefault(line[1:-1], [])
        elif line.startswith('"') and line.endswith('"'):
            passages.append(line[1:-1].strip("…"))
    return sections


def stems(term: str) -> list[str]:
    """The start of each word of a term, enough to find its inflected forms."""
    return [word[: max(4, len(word) - 2)].casefold() for word in term.split()]


def shows(text: str, term: str) -> bool:
    folded = text.casefold()
    return all(stem in folded for stem in stems(term))


def test_the_glossary_covers_the_terms_the_issue_lists() -> None:
    finnish = {fi for _, fi, _, _ in rows()}
    for term in ("jäljet", "Keskiverto", "Kunto", "Tahdonvoima", "rasituslinja", "ratkaise",
                 "painosta", "pelikerta", "uudelleenheitto", "vaarallinen este",
                 "hidastava este", "häiritsevä este", "tikittävä kello", "fate-piste", "PJ",
                 "PJH"):  # fmt: skip
        assert term in finnish, term
    assert len(rows()) >= 50


@pytest.mark.parametrize(("english", "finnish", "section", "keys"), rows())
def test_each_term_is_the_seeds_under_a_section_the_seed_has(
    english: str, finnish: str, section: str, keys: list[str]
) -> None:
    sections = seed_sections()
    assert section in sections, f"no section {section!r} of the seed in {SEED_TERMS.name}"
    text = " ".join([section, *sections[section]])
    assert shows(text, finnish), f"the seed never says {finnish!r} under «{section}»"


def test_the_seeds_passages_are_short_quotes_under_headings() -> None:
    """seed_terms.txt cites the seed: short passages, each under a heading, none empty."""
    lines = [
        line
        for line in SEED_TERMS.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    assert lines[0].startswith("["), lines[0]
    for line in lines:
        assert (line.startswith("[") and line.endswith("]")) or (
            line.startswith('"') and line.endswith('"') and 3 < len(line) <= 120
        ), line
    assert set(seed_sections()) == {section for _, _, section, _ in rows()}


@pytest.mark.parametrize(("english", "finnish", "section", "keys"), rows())
def test_the_finnish_ui_shows_each_term_where_the_glossary_says(
    english: str, finnish: str, section: str, keys: list[str]
) -> None:
    for key in keys:
        if key.startswith("ladder "):
            value = int(key.split()[1])
            assert ladder_name(value, "fi") == finnish
            assert ladder_name(value, "en") == english.split(" (")[0]
            assert LADDER["fi"][value] == finnish
            continue
        assert key in FI and key in EN, f"no message {key}"
        assert shows(tr("fi", key), finnish), f"{key}: {FI[key]!r} does not say {finnish!r}"
        assert shows(tr("en", key), english), f"{key}: {EN[key]!r} does not say {english!r}"


@pytest.mark.parametrize(("pattern", "instead"), sorted(NOT_THE_SEEDS.items()))
def test_no_finnish_message_uses_a_word_the_seed_says_otherwise(pattern: str, instead: str) -> None:
    wrong = {
        key: text
        for key, text in FI.items()
        if fates(key) and re.search(pattern, re.sub(r"\{[^}]*\}", "", text), re.IGNORECASE)
    }
    assert wrong == {}, f"the seed says {instead}"
