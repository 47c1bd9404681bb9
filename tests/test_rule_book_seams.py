"""Seams that keep rules/ the only rule book: every public name of the rules core is imported
somewhere in src/ (or listed below as reference-only, with the reason), the second copies of
rules are gone, and scene/ has no import circle."""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "fatescreen"
RULES = SRC / "rules"

INTERNAL = "used by the rules core's own functions, which the app calls"
RETURNED = "the type of a value a called rules function returns; the app reads its fields"
TABLE = "the table or constant behind a function the app calls"
CHECKS = "character building checks, run by the campaign's own validation in the core"

REFERENCE_ONLY: dict[str, str] = {
    "text.InvalidText": (
        "raised by an aspect given a name a file may not hold; sessions catch it as any"
        " RulesError and show its message"
    ),
    "contests.FastContestPlan": (
        "what fast_exchange_pick returns; the app calls it only to check a pick (the picks"
        " are kept in the scene's contest rolls), so only the rules' tests read the plan"
    ),
    **dict.fromkeys(
        [
            "actions.Cost",
            "actions.Chooser",
            "actions.DefendOutcome",
            "actions.RollBoosts",
            "actions.TargetAdvantage",
            "advancement.BreakthroughResult",
            "big_bads.MinionHit",
            "conflict.Teamwork",
            "contests.ChallengeProgress",
            "dice.Face",
            "fate_points.CompelState",
            "fate_points.Compel",
            "fate_points.CompelStep",
            "harm.StandardTracks",
            "harm.Concession",
            "invokes.InvokeRecord",
            "invokes.PaymentDecision",
            "odds.ScaledOdds",
            "npcs.GroupHarm",
            "obstacles.BlockRoll",
            "obstacles.HazardAttack",
            "obstacles.BlockCover",
            "contests.FailedAdvantage",
        ],
        RETURNED,
    ),
    **dict.fromkeys(
        [
            "actions.CREATE_ADVANTAGE_TABLE",
            "actions.DIFFICULTY_PER_REASON",
            "actions.ATTACK_TABLE",
            "actions.outcome_of",
            "actions.attack_outcome",
            "actions.attack_kind",
            "actions.default_defense",
            "conflict.TEAMWORK_MINIMUM",
            "conflict.SCALE_ROLL_BONUS",
            "conflict.SCALE_RESULT_BONUS",
            "conflict.SCALE_FREE_INVOKES",
            "conflict.SCALE_ROLL_KIND",
            "conflict.SCALE_RESULT_KIND",
            "harm.BASE_BOXES",
            "harm.ESCALATING_BASE_BOXES",
            "harm.ONE_TRACK_EXTRA_BOXES",
            "harm.MAX_LONGER_TRACK",
            "harm.EXTRA_MILD_RATING",
            "harm.PHYSICAL_SKILL",
            "harm.MENTAL_SKILL",
            "harm.SELF_TREATMENT_PENALTY",
            "invokes.INVOKE_BONUS",
            "invokes.CHARACTER_KINDS",
            "odds.INVOKE_BONUS",
            "outcomes.STYLE_SHIFTS",
            "obstacles.BLOCK_REMOVAL_STEP",
            "advancement.PEAK_RATING",
            "advancement.FREE_STUNTS",
            "advancement.MIN_REFRESH",
            "advancement.CHARACTER_ASPECTS",
            "advancement.DIAMOND_WIDTHS",
            "ladder.LANGUAGES",
            "skills.FINNISH_ROLES",
            "skills.SKILL_PAIRS",
            "stress_boxes.ESCALATING_SIZES",
            "stress_boxes.MAX_BOXES",
        ],
        TABLE,
    ),
    **dict.fromkeys(
        [
            "harm.stress_boxes",
            "big_bads.standing",
            "harm.escalating_boxes",
            "harm.extra_mild",
            "harm.stress_track_for",
            "harm.slot_takes",
            "harm.split_row_limit",
            "harm.is_taken_out",
            "harm.illegal_reason",
            "harm.recovered",
            "conflict.pick_roller",
            "contests.direct_contest_shifts",
            "invokes.index_aspects",
            "invokes.validate_invokes",
            "invokes.without_boosts",
            "ladder.ladder_name",
            "dice.face_from_d6",
            "character.default_consequences",
            "aspects.boost",
            "fate_points.deliver_held",
            "fate_points.carry_npc_points",
            "fate_points.gm_pool_size",
            "obstacles.dice_for",
            "contests.roll_task",
            "contests.plan_fast_exchange",
            "big_bads.solo_harm",
            "npcs.shifts_to_take_out_group",
        ],
        INTERNAL,
    ),
    **dict.fromkeys(
        [
            "advancement.pyramid_widths",
            "advancement.skill_points",
            "advancement.validate_skills",
            "advancement.refresh_after_stunts",
            "advancement.validate_new_character",
            "advancement.raise_skills",
        ],
        CHECKS,
    ),
    "npcs.minor_npc": (
        "a builder of a fresh minor NPC from a few numbers, for tests and examples; the app "
        "reads minor NPCs from scene files with more than it takes (consequence slots, which "
        "the seed allows: «Usein vähäisemmällä PJH:lla ei ole tilaa jäljille», fate points, "
        "hidden) and checks the same 0-3 box limit at load with validate_minor, file:line"
    ),
    "npcs.mook_group": (
        "a builder of a fresh mook group from a few numbers, for tests and examples; the app "
        "reads mook groups from scene files and checks the same rule (at least one member "
        "while the group stands) at load with validate_members, which the builder calls"
    ),
}
"""Public names of rules/ that no module of src/ imports, each with why."""


def public_names() -> set[str]:
    """``module.name`` for every public top-level name of a rules/ module."""
    found: set[str] = set()
    for path in RULES.glob("*.py"):
        if path.stem == "__init__":
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            names: list[str] = []
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names = [node.target.id]
            found |= {f"{path.stem}.{name}" for name in names if not name.startswith("_")}
    return found


def imported_names() -> set[str]:
    """``module.name`` for every ``from fatescreen.rules.module import name`` in src/."""
    found: set[str] = set()
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "fatescreen.rules."
            ):
                module = (node.module or "").removeprefix("fatescreen.rules.")
                found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def test_every_public_rules_name_is_imported_or_listed_with_a_reason() -> None:
    unlisted = public_names() - imported_names() - set(REFERENCE_ONLY)
    assert sorted(unlisted) == []


def test_the_reference_only_list_holds_no_name_the_app_imports() -> None:
    stale = (set(REFERENCE_ONLY) & imported_names()) | (set(REFERENCE_ONLY) - public_names())
    assert sorted(stale) == []


SECOND_COPIES = (
    "default_stress",
    "default_slots",
    "_free_invoke_holders",
    "_same_side",
    "_free_holder",
    "_payer",
    "_charge",
    "_template_base",
    "_NUMBERED",
    "_NUMBER",
)


def test_the_second_copies_of_rules_are_gone() -> None:
    found = []
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in SECOND_COPIES:
            if re.search(rf"\b{re.escape(name)}\b", text):
                found.append(f"{path.relative_to(SRC)}: {name}")
        if "startswith(m +" in text:
            found.append(f"{path.relative_to(SRC)}: a startswith minion match")
    assert found == []


def scene_imports() -> dict[str, set[str]]:
    """What each scene/ module imports from scene/, at any depth (inside functions too)."""
    graph: dict[str, set[str]] = {}
    for path in (SRC / "scene").glob("*.py"):
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("fatescreen.scene."):
                    targets.add(node.module.removeprefix("fatescreen.scene."))
                elif node.module == "fatescreen.scene":
                    targets |= {alias.name for alias in node.names}
        graph[path.stem] = targets
    return graph


def test_scene_has_no_import_circle() -> None:
    graph = scene_imports()

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    circles = sorted(module for module in graph if reaches(module, module, {module}))
    assert circles == []
