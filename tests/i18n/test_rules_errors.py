"""A rule that refuses a value or a command names itself by a code, and the scene and
command layers say it from the catalog (``rules.CODE``): in English the words the rules
core uses, in Finnish the seed's. ``check`` prints them in the GM's language."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from fatescreen.cli import main
from fatescreen.commands.errors import rules_message
from fatescreen.i18n import tr
from fatescreen.resources import shipped
from fatescreen.rules.character import StressTrack
from fatescreen.rules.conflict import TurnOrder
from fatescreen.rules.contests import Challenge, ChallengeTask, Contest, ContestSide
from fatescreen.rules.errors import RulesError
from fatescreen.rules.obstacles import Block, Countdown, Distraction, Hazard
from fatescreen.rules.outcomes import Outcome
from tests.i18n.marked import marked_finnish, scene_words, stray_words

SIDES = (ContestSide("Pursuers"), ContestSide("Mirel"))
REFUSED: dict[str, Callable[[], object]] = {
    "stress.negative": lambda: StressTrack("physical", -1),
    "stress.off_track": lambda: StressTrack("physical", 2, frozenset({3})),
    "exchange.from_one": lambda: TurnOrder(0),
    "turn.twice_participants": lambda: TurnOrder(1, ("rozio", "rozio")),
    "turn.up_out": lambda: TurnOrder(1, ("rozio",), ("vitor",), "vitor"),
    "turn.up_not_acting": lambda: TurnOrder(1, ("rozio",), (), "rozio"),
    "contest.side_victories": lambda: ContestSide("Mirel", (), -1),
    "contest.needed": lambda: Contest("Chase", SIDES, 9),
    "contest.two_sides": lambda: Contest("Chase", SIDES[:1]),
    "contest.side_twice": lambda: Contest("Chase", (SIDES[0], SIDES[0])),
    "contest.winner": lambda: Contest("Chase", SIDES, winner="Nobody"),
    "challenge.cost": lambda: ChallengeTask("Swim", "Athletics", 2, Outcome.SUCCESS, "wet"),
    "challenge.task_twice": lambda: Challenge(
        "Flood", (ChallengeTask("Swim", "Athletics", 2),) * 2
    ),
    "hazard.negative_rating": lambda: Hazard("Rocks", -1),
    "hazard.negative_weapon": lambda: Hazard("Rocks", 2, weapon=-1),
    "block.negative_rating": lambda: Block("Gate", -1),
    "block.negative_removal": lambda: Block("Gate", 2, removal=-1),
    "block.between": lambda: Block("Gate", 2, between=("hall", "hall")),
    "distraction.choice": lambda: Distraction("Miners", " "),
    "distraction.negative_difficulty": lambda: Distraction("Miners", "Save them?", difficulty=-2),
    "countdown.boxes": lambda: Countdown("Water", 0),
    "countdown.checked": lambda: Countdown("Water", 3, checked=4),
}
"""A value each rule refuses, by the rule's code."""


def refusal(make: Callable[[], object]) -> RulesError:
    with pytest.raises(RulesError) as refused:
        make()
    return refused.value


@pytest.mark.parametrize("code", sorted(REFUSED))
def test_a_refused_value_is_said_from_the_catalog_in_both_languages(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    error = refusal(REFUSED[code])
    assert error.code == code
    assert isinstance(error, ValueError)  # a scene file holding it is refused
    assert rules_message(error, "en") == str(error)
    finnish = rules_message(error, "fi")
    assert finnish != str(error)
    with marked_finnish(monkeypatch):
        marked = rules_message(error, "fi")
    names = {"Rocks", "Gate", "Miners", "Water", "Chase", "Mirel", "Pursuers", "Nobody"}
    names |= {"Flood", "Swim", "rozio", "vitor", "hall"}
    assert stray_words(marked, names) == [], marked


def test_a_rule_without_a_code_keeps_its_words() -> None:
    assert rules_message(RulesError("the rules say no"), "fi") == "the rules say no"


def test_every_rules_message_of_the_catalog_is_finnish() -> None:
    keys = [key for key in ("rules." + code for code in REFUSED) if tr("fi", key) == key]
    assert keys == []


BROKEN = {
    "kaarnakoski-mine.toml": (
        ("rating = 3\nweapon = 2", "rating = -1\nweapon = 2"),
        ('between = ["gallery", "Vault"]', 'between = ["gallery", "gallery"]'),
        ('choice = "Free the trapped miners, or go after the idol before the water does?"', 'choice = " "'),  # noqa: E501
    ),
    "night-market-chase.toml": (
        ('{ name = "Mirel", members', '{ name = "Pursuers", members'),
    ),
    "burning-library.toml": (('outcome = "success" }', 'outcome = "success", cost = "x" }'),),
}  # fmt: skip
"""Shipped scenes, each broken where only a rule of the game can tell."""


def test_check_says_the_rules_errors_in_finnish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "scenes"
    shutil.copytree(shipped("scenes"), folder)
    files = []
    for name, changes in BROKEN.items():
        path = folder / name
        text = path.read_text(encoding="utf-8")
        for old, new in changes:
            assert old in text, old
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
        files.append(str(path))
    out = io.StringIO()
    with marked_finnish(monkeypatch), contextlib.redirect_stdout(out):
        assert main(["check", "--lang", "fi", *files]) == 1
    lines = out.getvalue().splitlines()
    said = "\n".join(lines).replace("⟦", "").replace("⟧", "")
    for words in (
        "vaarallinen este 'Falling rocks': sen arvon pitää olla 0 tai enemmän, ei -1",
        "hidastavan esteen 'Rusted portcullis' pitää olla kahden eri alueen välissä",
        "häiritsevä este 'The trapped miners' tarvitsee valinnan",
        "kilpailu 'Catch the courier' nimeää saman osapuolen kahdesti",
        "tehtävä 'Smother the flames': vain tasapeli tai epäonnistuminen",
    ):
        assert words in said, said
    allowed = scene_words(*folder.rglob("*.toml"))
    strays = {line: stray_words(line.split(": ", 2)[-1], allowed) for line in lines}
    assert {line: words for line, words in strays.items() if words} == {}


@pytest.mark.parametrize(
    ("broken", "said"),
    [
        ('title = "x"\n[[zone]]\nname = "a"\nname = "b"\n', "arvoa ei voi kirjoittaa uudelleen"),
        ('title = "x\n', "kielletty merkki"),
        ("title = \n", "virheellinen arvo"),
        ('[[zone]\nname = "a"\n', "odotettiin merkkejä ']]'"),
    ],
)
def test_check_says_the_toml_parsers_words_in_finnish(
    broken: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("format = 1\n" + broken, encoding="utf-8")
    out = io.StringIO()
    with marked_finnish(monkeypatch), contextlib.redirect_stdout(out):
        assert main(["check", "--lang", "fi", str(path)]) == 1
    line = out.getvalue().strip()
    assert said in line.replace("⟦", "").replace("⟧", "")
    assert stray_words(line.split(": ", 2)[-1], set()) == [], line


@pytest.mark.parametrize("line", ['aspect add "Smoke', "move rozio \\", "zzz", "ko"])
def test_a_broken_command_line_is_said_in_finnish(
    line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fatescreen.commands.session import Session

    folder = tmp_path / "scenes"
    shutil.copytree(shipped("scenes"), folder)
    with marked_finnish(monkeypatch):
        session = Session.open(folder / "golden-mask.toml", lang="fi", journal=False)
        result = session.execute(line)
    assert not result.ok
    assert stray_words("\n".join(result.lines), {"zzz", "ko"}) == [], result.lines


RULES = Path(__file__).resolve().parents[2] / "src" / "fatescreen" / "rules"


def test_every_code_the_rules_raise_has_its_message_in_both_catalogs() -> None:
    codes = {
        code
        for path in RULES.rglob("*.py")
        for code in re.findall(r'code="([\w.]+)"', path.read_text(encoding="utf-8"))
    }
    assert len(codes) > 100
    missing = sorted(
        f"{lang}: rules.{code}"
        for code in codes
        for lang in ("en", "fi")
        if tr(lang, f"rules.{code}") == f"rules.{code}"
    )
    assert missing == []


def _checks_run_out() -> None:
    from fatescreen.rules.obstacles import tick

    tick(Countdown("Water", 2, checked=2))


def _concedes_twice() -> None:
    from dataclasses import replace

    from fatescreen.rules.character import Character, CharacterKind
    from fatescreen.rules.harm import concede

    hero = Character("Rozio", CharacterKind.PC)
    concede(replace(hero, conceded=True), opponent_rolled=False, consequences_taken=0)


def _reads_bad_dice() -> None:
    from fatescreen.rules.dice import parse_faces

    parse_faces("+0x")


def _gives_a_gift_to_oneself() -> None:
    from fatescreen.systems.varjot.rules.sheet import GiftDice

    GiftDice.new_session(("Eevi", "PJ")).give("Eevi", "Eevi")


def _records_a_rolled_task() -> None:
    from fatescreen.rules.contests import record_task

    flood = Challenge("Flood", (ChallengeTask("Swim", "Athletics", 2, Outcome.TIE, "wet"),))
    record_task(flood, "Swim", Outcome.SUCCESS)


COMMANDS_REFUSED = {
    "contests.task_rolled": _records_a_rolled_task,
    "obstacles.tick_2": _checks_run_out,
    "harm.concede_3": _concedes_twice,
    "dice.parse_faces": _reads_bad_dice,
    "varjot.sheet.give": _gives_a_gift_to_oneself,
}
"""What a command asks that a rule refuses, by the rule's code."""


@pytest.mark.parametrize("code", sorted(COMMANDS_REFUSED))
def test_a_refused_command_is_said_from_the_catalog(
    code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    error = refusal(COMMANDS_REFUSED[code])
    assert error.code == code
    assert rules_message(error, "en") == str(error)
    with marked_finnish(monkeypatch):
        marked = rules_message(error, "fi")
    assert marked.startswith("⟦") and stray_words(marked, {"Water", "Rozio", "Eevi", "x"}) == []


def test_check_says_a_sheet_off_the_campaigns_skill_list_in_finnish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "scenes"
    shutil.copytree(shipped("scenes"), folder)
    party = folder / "party.toml"
    party.write_text(party.read_text(encoding="utf-8").replace("Lore", "lore", 1), "utf-8")
    out = io.StringIO()
    with marked_finnish(monkeypatch), contextlib.redirect_stdout(out):
        assert main(["check", "--lang", "fi", str(party)]) == 1
    line = out.getvalue().strip().replace("⟦", "").replace("⟧", "")
    assert line.endswith("lore ei ole kampanjan taitoluettelossa (tarkoititko 'Lore'?)"), line


def test_a_severity_or_an_outcome_a_refusal_names_is_said_in_the_gms_words() -> None:
    from fatescreen.rules.character import Severity
    from fatescreen.rules.errors import IllegalAbsorption

    error = refusal(_records_a_rolled_task)
    assert rules_message(error, "fi") == "tehtävä 'Swim' on jo heitetty (tasapeli)"
    needs_text = IllegalAbsorption(
        "the mild consequence needs a text", code="harm.consequence_text", severity=Severity.MILD
    )
    assert rules_message(needs_text, "en") == str(needs_text)
    assert rules_message(needs_text, "fi") == "lievä jälki tarvitsee tekstin"
