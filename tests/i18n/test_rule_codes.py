"""Every refusal of the rules core names its rule by a code, so that no rule speaks to a
Finnish GM in English: a ``raise`` of a rules error without ``code=`` fails here, and
so does a code (or a problem's code) without a message in either catalog. The skill
layout's problems, which ``check`` of a party file prints, are said in Finnish."""

from __future__ import annotations

import ast
import contextlib
import io
import shutil
from pathlib import Path

import pytest

from fatescreen import systems
from fatescreen.cli import main
from fatescreen.commands.errors import rules_message
from fatescreen.i18n import tr
from fatescreen.resources import shipped
from fatescreen.rules import errors
from fatescreen.rules.advancement import (
    SkillLayout,
    check_columns,
    raise_skills,
    validate_new_character,
    validate_skills,
)
from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.rules.errors import RuleProblem, RulesError
from fatescreen.rules.fate_points import Compel, CompelState, Ledger, accept_compel
from fatescreen.rules.invokes import pass_free_invokes
from fatescreen.scene.errors import rule_word
from fatescreen.systems.mekanismi.rules import errors as mekanismi_errors
from fatescreen.systems.objektit.rules import errors as objektit_errors
from fatescreen.systems.objektit.rules.ratings import rating
from fatescreen.systems.varjot.rules import errors as varjot_errors
from tests.i18n.marked import marked_finnish, scene_words, stray_words

SOURCE = Path(__file__).resolve().parents[2] / "src" / "fatescreen"

RULES = [
    SOURCE.joinpath(*system.rules.split(".")[1:]) for system in systems.BUILTIN if system.rules
]
"""Every built-in system's rules core: Fate's ``rules/``, each folder's ``rules/``."""


def _rule_files() -> list[Path]:
    return sorted(path for folder in RULES for path in folder.rglob("*.py"))


ERRORS = {
    name
    for module in (errors, mekanismi_errors, objektit_errors, varjot_errors)
    for name, value in vars(module).items()
    if isinstance(value, type) and issubclass(value, RulesError)
}
"""The names of every rules error class."""


def _called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _raises() -> list[tuple[str, ast.Call]]:
    found = []
    for path in _rule_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            call = node.exc if isinstance(node, ast.Raise) else None
            if isinstance(call, ast.Call) and _called(call) in ERRORS:
                found.append((f"{path.relative_to(SOURCE)}:{node.lineno}", call))
    return found


def _codes() -> set[str]:
    """Every code the rules core gives, read from each ``code=`` of its source (a code
    chosen by a condition gives both)."""
    codes = set()
    for path in _rule_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "code":
                codes |= set(_literals(node.value))
    return codes


def _literals(value: ast.expr) -> list[str]:
    """The literal codes an expression may give (none for a code built at run time)."""
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return [value.value] if value.value else []
    if isinstance(value, ast.IfExp):
        return _literals(value.body) + _literals(value.orelse)
    return []


def test_the_walk_finds_the_rules_errors_raised() -> None:
    assert {"InvalidCharacter", "UnknownAbility", "InvalidPoolRoll"} <= ERRORS
    assert len(_raises()) > 150


def test_every_rules_error_raised_in_the_rules_core_has_a_code() -> None:
    uncoded = [
        where
        for where, call in _raises()
        if not any(keyword.arg == "code" for keyword in call.keywords)
    ]
    assert uncoded == []


def test_every_code_of_the_rules_core_has_its_message_in_both_catalogs() -> None:
    codes = _codes()
    assert {"advancement.columns", "mekanismi.check.opposition_pool"} <= codes
    missing = sorted(
        f"{lang}: rules.{code}"
        for code in codes
        for lang in ("en", "fi")
        if tr(lang, f"rules.{code}") == f"rules.{code}"
    )
    assert missing == []


def _refusal(make: object) -> RulesError:
    with pytest.raises(RulesError) as refused:
        make()  # type: ignore[operator]
    return refused.value


SILBESTRE = Character(
    "Silbestre",
    CharacterKind.PC,
    skills={"Lore": 3, "Empathy": 2, "Fight": 2, "Will": 1, "Notice": 1},
)


def test_a_raise_that_breaks_the_columns_is_refused_in_finnish(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """§9 «Taitotasojen kasvattaminen»: no rating may hold more skills than the rating
    below it; raising Will to Fair would leave three Fair skills over two Average."""
    error = _refusal(lambda: raise_skills(SILBESTRE, ("Will",), skill_list=None))
    assert error.code == "advancement.raise_skills"
    assert rules_message(error, "en") == str(error)
    assert rules_message(error, "fi") == (
        "nosto (Will tasolle Kohtalainen (+2)) ei käy: tasolla Kohtalainen (+2) on 3 taitoa,"
        " mutta sen alla tasolla Keskiverto (+1) vain 1: millään tasolla ei voi olla"
        " enemmän taitoja kuin sen alapuolisella"
    )
    with marked_finnish(monkeypatch):
        marked = rules_message(error, "fi")
    assert stray_words(marked, {"Will"}) == [], marked


def test_a_skill_layouts_problems_are_said_in_both_languages() -> None:
    (columns,) = check_columns({"Lore": 2, "Fight": 2}, skill_list=None)
    assert rule_word(columns, "en") == columns
    assert rule_word(columns, "fi").startswith("tasolla Kohtalainen (+2) on 2 taitoa")
    problems = validate_skills({"Lore": 5, "Fight": -1, "Hacking": 1}, skill_list=("Lore",))
    assert all(isinstance(problem, RuleProblem) for problem in problems)
    assert [rule_word(problem, "en") for problem in problems] == list(problems)
    finnish = [str(rule_word(problem, "fi")) for problem in problems]
    assert "Hacking ei ole taitoluettelossa" in finnish
    assert "Lore on Mieletön (+5), yli aloitustason huipun Mahtava (+4)" in finnish
    assert "tasolla Mahtava (+4) on 0 taitoa; pyramidi vaatii 1" in finnish


def test_a_new_characters_problems_are_said_in_finnish() -> None:
    troubled = (Aspect("Wanted", AspectKind.TROUBLE), Aspect("Broke", AspectKind.TROUBLE))
    hero = Character("Ana", CharacterKind.PC, aspects=troubled, refresh=2)
    problems = validate_new_character(hero, SkillLayout.FREE, skill_list=None)
    assert [rule_word(problem, "en") for problem in problems] == list(problems)
    assert [rule_word(problem, "fi") for problem in problems] == [
        "lähtölataus on 2, mutta 3 ja 0 temppua jättää 3",
        "piirteitä merkitty tyypiksi ongelma: 2; hahmolla on yksi",
    ]


def test_refusals_that_name_a_state_a_kind_or_a_count_name_it_in_finnish() -> None:
    compel = Compel("Wanted", "rozio", "gm", "rozio", CompelState.ACCEPTED)
    settled = _refusal(lambda: accept_compel(Ledger(), compel))
    assert rules_message(settled, "fi").endswith("on jo hyväksytty")
    fog = Aspect("Fog", AspectKind.SITUATION, free_invokes=("ana",))
    one = _refusal(lambda: pass_free_invokes(fog, "ana", "bruno", 2))
    assert rules_message(one, "en") == str(one)
    assert rules_message(one, "fi").startswith("hahmolla ana on 1 ilmainen käyttö")
    rated = _refusal(lambda: rating(7))
    assert rules_message(rated, "fi") == "kyky: arvo on +0…+6, ei +7"


def test_check_says_a_broken_skill_pyramid_in_finnish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "scenes"
    shutil.copytree(shipped("scenes"), folder)
    party = folder / "party.toml"
    text = party.read_text(encoding="utf-8")
    assert "Investigate = 3, Will = 2" in text
    party.write_text(text.replace("Investigate = 3, Will = 2", "Investigate = 4, Will = 2"))
    out = io.StringIO()
    with marked_finnish(monkeypatch), contextlib.redirect_stdout(out):
        assert main(["check", "--lang", "fi", str(party)]) == 1
    lines = out.getvalue().splitlines()
    said = "\n".join(lines).replace("⟦", "").replace("⟧", "")
    assert "tasolla Mahtava (+4) on 2 taitoa, mutta sen alla tasolla Hyvä (+3) vain 1" in said, said
    allowed = scene_words(*folder.rglob("*.toml"))
    strays = {line: stray_words(line.split(": ", 2)[-1], allowed) for line in lines}
    assert {line: words for line, words in strays.items() if words} == {}


def test_a_second_pick_in_a_faster_contest_exchange_is_refused_in_finnish() -> None:
    """§8 «Jokaisella kierroksella kilpailussa, kukin osallistuja voi valita vain yhden
    seuraavista toiminnoista»."""
    from fatescreen.rules.contests import ContestSide, FastContestAction, fast_exchange_pick

    side = ContestSide("Pursuers", ("ana", "bruno"))
    picks = {"ana": FastContestAction.ADVANTAGE}
    error = _refusal(lambda: fast_exchange_pick(side, picks, "ana", FastContestAction.ROLL))
    assert rules_message(error, "en") == str(error)
    assert rules_message(error, "fi") == (
        "ana on jo valinnut tällä nopeamman kilpailun kierroksella (edun luonti)"
    )
