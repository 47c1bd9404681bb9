"""The small pieces an import stands on: skills named in either language, the labels' words,
JSON paths, and the HTML a sheet keeps its texts in."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fatescreen.rules.character import CharacterKind, StressKind
from fatescreen.rules.skills import SKILL_PAIRS, listed_skill
from fatescreen.scene.model import RulesInPlay
from fatescreen.scene.sheets import words
from fatescreen.scene.sheets.errors import render_json_path
from fatescreen.scene.sheets.fari import stunt_parts
from fatescreen.scene.sheets.fit import Target, skill_name
from fatescreen.scene.sheets.html_text import html_text, one_line, plain_text


def test_the_default_skills_in_both_languages_are_the_campaigns_list() -> None:
    from fatescreen.rules.advancement import DEFAULT_SKILLS

    assert tuple(english for english, _ in SKILL_PAIRS) == DEFAULT_SKILLS
    assert len({finnish for _, finnish in SKILL_PAIRS}) == 19


@pytest.mark.parametrize(
    ("name", "listed", "expected"),
    [
        ("URHEILU", "en", "Athletics"),
        ("athletics", "fi", "Urheilu"),
        ("Kädentaidot", "en", "Crafts"),
        ("KÄDENTAIDOT", "fi", "Kädentaidot"),
        ("Pilot", "en", None),
    ],
)
def test_listed_skill(name: str, listed: str, expected: str | None) -> None:
    assert listed_skill(name, listed) == expected


def test_a_skill_the_scenes_rules_name_takes_their_spelling() -> None:
    rules = RulesInPlay(renamed_roles=(("physical_defense", "Dodge"),))
    assert skill_name("DODGE", Target(rules)) == ("Dodge", None)
    written, note = skill_name("DEEP-SEA DIVING", Target(RulesInPlay()))
    assert written == "Deep-sea diving"
    assert note is not None and note.render("fi") == "kohtauksen oma taito"


def test_a_campaigns_list_takes_either_language() -> None:
    target = Target(RulesInPlay(), CharacterKind.PC, ("Athletics", "Tarut"), party=True)
    assert skill_name("urheilu", target)[0] == "Athletics"
    assert skill_name("LORE", target)[0] == "Tarut"
    assert skill_name("Pilot", target) == (None, None)


@pytest.mark.parametrize(
    ("label", "kind"),
    [
        ("Physical Stress (Physique)", StressKind.PHYSICAL),
        ("Mental Stress (Will)", StressKind.MENTAL),
        ("FYYSINEN", StressKind.PHYSICAL),
        ("Henkinen rasitus", StressKind.MENTAL),
        ("Stress", StressKind.COMBINED),
        ("Corruption", None),
    ],
)
def test_track_labels(label: str, kind: StressKind | None) -> None:
    assert words.track_kind(label) is kind


@pytest.mark.parametrize(
    ("label", "slot"),
    [
        ("2: Mild", "mild"),
        ("Lievä jälki", "mild"),
        ("Physical Mild Consequence", "mild_physical"),
        ("MILD (MENTAL)", "mild_mental"),
        ("4: Moderate", "moderate"),
        ("Merkittävä", "moderate"),
        ("Severe", "severe"),
        ("Extreme", "extreme"),
        ("Scar", None),
    ],
)
def test_consequence_labels(label: str, slot: str | None) -> None:
    assert words.consequence_slot(label) == slot
    if slot is not None:
        assert words.consequence_slot(words.consequence_label(slot)) == slot


def test_json_paths() -> None:
    assert render_json_path(()) == "$"
    assert render_json_path(("pages", 0, "sections", 2, "label")) == "$.pages[0].sections[2].label"
    assert render_json_path(("aspects", "SGk=", "value")) == "$.aspects['SGk='].value"
    assert render_json_path(("it's\x1b",)) == "$['it\\'s\\x1b']"


def test_html_as_text() -> None:
    assert plain_text("Salt &amp; iron<br>and <b>rope</b>&nbsp;") == "Salt & iron\nand rope"
    assert plain_text("<p>One</p><p>Two</p>") == "One\nTwo"
    assert one_line("Lighthouse<br> keeper") == "Lighthouse keeper"
    assert plain_text("a < b") == "a < b"


TEXTS = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="\r\xa0"
    )
    | st.just("\n"),
    max_size=40,
).map(lambda text: "\n".join(line.strip() for line in text.split("\n")).strip())


@given(TEXTS)
def test_a_text_written_as_html_reads_back_the_same(text: str) -> None:
    assert plain_text(html_text(text)) == text


@given(st.text(max_size=80))
def test_a_stunt_written_as_a_block_reads_back_the_same(stunt: str) -> None:
    label, value = stunt_parts(stunt)
    if label:
        assert f"{label}: {value}" == stunt
    else:
        assert value == stunt


@settings(max_examples=1000)
@given(st.text(max_size=80) | st.from_regex(r"[A-Za-z <&>]{1,12}: [ -~\n]{0,20}", fullmatch=True))
def test_a_stunt_exported_and_read_again_is_the_same_text(stunt: str) -> None:
    """What :func:`read_fari` makes of the block :func:`stunt_parts` writes."""
    from fatescreen.scene.sheets.fari import _Sheet, _text_block
    from fatescreen.scene.sheets.json_reader import JsonReader

    label, value = stunt_parts(stunt)
    if stunt != plain_text(html_text(stunt)) or not plain_text(stunt):
        return  # a text a sheet cannot hold as it is (its blank edges are tidied)
    sheet = _Sheet()
    block = {"type": "Text", "label": html_text(label or "STUNT #1"), "value": html_text(value)}
    reader = JsonReader()
    _text_block(reader, sheet, "STUNTS", reader.label(block["label"]), block, (), ("STUNTS",))
    if reader.problems:
        return  # control characters: refused, as the scene refuses them
    (found,) = sheet.stunts
    assert found.value.text == stunt
