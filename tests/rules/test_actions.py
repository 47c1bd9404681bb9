"""The four actions, default skills and difficulty guidance (docs/rules.md §1-§2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatescreen.rules.actions import (
    CREATE_ADVANTAGE_TABLE,
    Action,
    ActionOutcome,
    AspectTarget,
    Chooser,
    Cost,
    apply_advantage,
    attack_kind,
    attack_outcome,
    create_advantage_outcome,
    default_defense,
    defend_outcome,
    difficulty_for,
    outcome_of,
    overcome_outcome,
    split_advantage,
    unrolled_advantage,
)
from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.character import StressKind
from fatescreen.rules.dice import DiceRoll, Face, parse_faces
from fatescreen.rules.errors import InvalidSplit
from fatescreen.rules.ladder import describe
from fatescreen.rules.outcomes import Effort, Outcome, resolve

BLANK = parse_faces("0000")


def roll_with_shifts(shifts: int) -> Effort:
    """An effort with blank dice whose total against a difficulty of 0 is ``shifts``."""
    return Effort(shifts, BLANK)


def summary(outcome: ActionOutcome) -> tuple[bool, Cost, bool, int, bool, bool, bool]:
    return (
        outcome.succeeded,
        outcome.cost,
        outcome.boost,
        outcome.free_invokes,
        outcome.aspect_created,
        outcome.opposition_free_invoke,
        outcome.reveal,
    )


NONE, MINOR, SERIOUS = Cost.NONE, Cost.MINOR, Cost.SERIOUS
F, T = False, True

# (succeeded, cost, boost, free invokes, aspect created, opposition free invoke, reveal)
OVERCOME_CASES = [
    (-2, (F, NONE, F, 0, F, F, F), [(T, SERIOUS, F, 0, F, F, F)]),
    (0, (T, MINOR, F, 0, F, F, F), [(F, NONE, T, 0, F, F, F)]),
    (2, (T, NONE, F, 0, F, F, F), []),
    (3, (T, NONE, T, 0, F, F, F), []),
]  # fmt: skip


@pytest.mark.parametrize(("shifts", "default", "alternatives"), OVERCOME_CASES)
def test_overcome_table(
    shifts: int, default: tuple[object, ...], alternatives: list[object]
) -> None:
    """§2 overcome: fail or serious cost; tie minor cost or fail + boost; success; style + boost."""
    outcome = overcome_outcome(resolve(roll_with_shifts(shifts), 0))
    assert outcome.action is Action.OVERCOME
    assert summary(outcome) == default
    assert [summary(alternative) for alternative in outcome.alternatives] == alternatives


def test_overcome_alternatives_name_who_chooses() -> None:
    """§2: the table settles a fail at a serious cost; the actor may turn a tie into a boost."""
    fail = overcome_outcome(resolve(roll_with_shifts(-1), 0))
    tie = overcome_outcome(resolve(roll_with_shifts(0), 0))
    assert fail.chosen_by is None
    assert fail.alternatives[0].chosen_by is Chooser.TABLE
    assert tie.alternatives[0].chosen_by is Chooser.ACTOR


NEW, KNOWN, HIDDEN = AspectTarget.NEW, AspectTarget.EXISTING_KNOWN, AspectTarget.EXISTING_HIDDEN
CREATE_CASES = [
    (NEW, -1, (F, NONE, F, 0, F, F, F), [(T, SERIOUS, F, 0, T, T, F)]),
    (NEW, 0, (F, NONE, T, 0, F, F, F), []),
    (NEW, 1, (T, NONE, F, 1, T, F, F), []),
    (NEW, 5, (T, NONE, F, 2, T, F, F), []),
    (KNOWN, -3, (F, NONE, F, 0, F, T, F), []),
    (KNOWN, 0, (T, NONE, F, 1, F, F, F), []),
    (KNOWN, 2, (T, NONE, F, 1, F, F, F), []),
    (KNOWN, 3, (T, NONE, F, 2, F, F, F), []),
    (HIDDEN, -1, (F, NONE, F, 0, F, F, F), [(F, NONE, F, 0, F, T, T)]),
    (HIDDEN, 0, (F, NONE, T, 0, F, F, F), []),
    (HIDDEN, 1, (T, NONE, F, 1, F, F, T), []),
    (HIDDEN, 4, (T, NONE, F, 2, F, F, T), []),
]  # fmt: skip


@pytest.mark.parametrize(("target", "shifts", "default", "alternatives"), CREATE_CASES)
def test_create_advantage_table(
    target: AspectTarget, shifts: int, default: tuple[object, ...], alternatives: list[object]
) -> None:
    """§2 create an advantage on a new, an existing known and an existing hidden aspect."""
    outcome = create_advantage_outcome(resolve(roll_with_shifts(shifts), 0), target)
    assert outcome.action is Action.CREATE_ADVANTAGE
    assert outcome.target is target
    assert summary(outcome) == default
    assert [summary(alternative) for alternative in outcome.alternatives] == alternatives
    assert [alternative.target for alternative in outcome.alternatives] == [target] * len(
        alternatives
    )
    assert CREATE_ADVANTAGE_TABLE[target][outcome.outcome] == outcome


def test_hidden_aspect_fail_lets_its_owner_choose_to_reveal() -> None:
    """§2: on a failed advantage on a hidden aspect, its owner may reveal it for a free invoke."""
    outcome = create_advantage_outcome(
        resolve(roll_with_shifts(-2), 0), AspectTarget.EXISTING_HIDDEN
    )
    assert outcome.alternatives[0].chosen_by is Chooser.OWNER


@pytest.mark.parametrize(
    ("shifts", "succeeded", "boost", "hit", "alternative"),
    [
        (-1, False, False, 0, None),
        (0, False, True, 0, None),
        (1, True, False, 1, None),
        (2, True, False, 2, None),
        (3, True, False, 3, (2, True)),
        (6, True, False, 6, (5, True)),
    ],
)
def test_attack_table(
    shifts: int, succeeded: bool, boost: bool, hit: int, alternative: tuple[int, bool] | None
) -> None:
    """§2 attack: fail no hit; tie a boost; success hits for the shifts; style may trade 1 for
    a boost."""
    outcome = attack_outcome(resolve(roll_with_shifts(shifts), 0))
    assert (outcome.succeeded, outcome.boost, outcome.hit, outcome.hits) == (
        succeeded,
        boost,
        hit,
        hit > 0,
    )
    traded = [(alt.hit, alt.boost) for alt in outcome.alternatives]
    assert traded == ([] if alternative is None else [alternative])
    assert all(alt.chosen_by is Chooser.ACTOR for alt in outcome.alternatives)


@pytest.mark.parametrize(
    ("defender_shifts", "attacker_outcome", "succeeded", "boost"),
    [
        (-4, Outcome.STYLE, False, False),
        (-1, Outcome.SUCCESS, False, False),
        (0, Outcome.TIE, False, False),
        (2, Outcome.FAIL, True, False),
        (3, Outcome.FAIL, True, True),
    ],
)
def test_defend_maps_to_the_attackers_outcome(
    defender_shifts: int, attacker_outcome: Outcome, succeeded: bool, boost: bool
) -> None:
    """§2 defend: fail, the attacker succeeds; tie, the attacker's tie; success, the
    attacker's fail; style, the same and a boost."""
    attacker = Effort(2, BLANK)
    defender = Effort(2 + defender_shifts, BLANK)
    defense = defend_outcome(resolve(defender, attacker))
    assert defense.attacker_outcome is attacker_outcome
    assert defense.attacker_shifts == -defender_shifts
    assert (defense.succeeded, defense.boost) == (succeeded, boost)


faces = st.tuples(*[st.sampled_from(list(Face))] * 4).map(lambda f: DiceRoll(faces=f))


@given(st.integers(-2, 8), faces, st.integers(-2, 8), faces)
def test_defense_is_the_mirror_of_the_attack(
    attack_rating: int, attack_dice: DiceRoll, defense_rating: int, defense_dice: DiceRoll
) -> None:
    """§2: a defense's verdict on the attack equals the attack resolved against the defense."""
    attack = Effort(attack_rating, attack_dice)
    defense = Effort(defense_rating, defense_dice)
    seen_by_attacker = resolve(attack, defense)
    seen_by_defender = defend_outcome(resolve(defense, attack))
    assert seen_by_defender.attacker_outcome is seen_by_attacker.outcome
    hit = attack_outcome(seen_by_attacker).hit
    assert hit == (seen_by_defender.attacker_shifts if seen_by_defender.attacker_shifts > 0 else 0)


def test_defend_has_no_table_of_its_own() -> None:
    """§2: a defense resolves as the opposed action's outcome."""
    with pytest.raises(ValueError, match="defend_outcome"):
        outcome_of(Action.DEFEND, Outcome.TIE)


def test_seed_vitor_investigates_the_ruins() -> None:
    """§2 seed «Ratkaise»: Average (+1) Investigate, dice [0][0][+][+] against Fair (+2):
    effort Good (+3), a success without a cost or a boost."""
    result = resolve(Effort(1, parse_faces("00++")), 2)
    assert result.effort.total == 3
    assert describe(result.effort.total) == "Good (+3)"
    assert result.shifts == 1
    outcome = overcome_outcome(result)
    assert outcome.outcome is Outcome.SUCCESS
    assert (outcome.succeeded, outcome.cost, outcome.boost) == (True, Cost.NONE, False)


def test_seed_vitor_molotov_cocktail() -> None:
    """§2 seed «Luo etu»: Average (+1) Crafts, dice [0][+][+][+] against Good (+3): effort
    Great (+4); the shoggoth is On Fire and Vitor holds one free invoke on it."""
    result = resolve(Effort(1, parse_faces("0+++")), 3)
    assert describe(result.effort.total) == "Great (+4)"
    outcome = create_advantage_outcome(result, AspectTarget.NEW)
    assert outcome.outcome is Outcome.SUCCESS
    on_fire = apply_advantage(outcome, Aspect("Liekeissä"), actor="vitor", opposition="shoggoth")
    assert on_fire is not None
    assert on_fire.free_invokes_of("vitor") == 1
    assert on_fire.free_invokes_of("shoggoth") == 0


def test_seed_vitor_punches_the_corpse() -> None:
    """§2 seed «Hyökkää» / «Puolusta»: Great (+4) Fight with [-][-][0][0] is Fair (+2); the
    corpse defends with Mediocre (+0) Athletics and [-][0][0][+]: a hit of 2 shifts."""
    vitor = Effort(4, parse_faces("--00"))
    corpse = Effort(0, parse_faces("-00+"))
    assert describe(vitor.total) == "Fair (+2)"
    assert corpse.total == 0
    attack = attack_outcome(resolve(vitor, corpse))
    assert (attack.outcome, attack.hit) == (Outcome.SUCCESS, 2)
    defense = defend_outcome(resolve(corpse, vitor))
    assert (defense.outcome, defense.attacker_outcome, defense.attacker_shifts) == (
        Outcome.FAIL,
        Outcome.SUCCESS,
        2,
    )
    assert default_defense("Fight") == ("Athletics", "Fight")


def test_apply_advantage_on_existing_aspects() -> None:
    """§2: a known aspect's failure feeds the opposition; a hidden one is revealed on success."""
    known = Aspect("Bad Knee", AspectKind.CHARACTER)
    fail = create_advantage_outcome(resolve(roll_with_shifts(-1), 0), AspectTarget.EXISTING_KNOWN)
    after_fail = apply_advantage(fail, known, actor="ana", opposition="bruno")
    assert after_fail is not None
    assert (after_fail.free_invokes_of("ana"), after_fail.free_invokes_of("bruno")) == (0, 1)

    hidden = Aspect("Secret Fear", AspectKind.CHARACTER, hidden=True)
    style = create_advantage_outcome(resolve(roll_with_shifts(3), 0), AspectTarget.EXISTING_HIDDEN)
    revealed = apply_advantage(style, hidden, actor="ana", opposition="bruno")
    assert revealed is not None
    assert (revealed.hidden, revealed.free_invokes_of("ana")) == (False, 2)

    missed = create_advantage_outcome(
        resolve(roll_with_shifts(-1), 0), AspectTarget.EXISTING_HIDDEN
    )
    unchanged = apply_advantage(missed, hidden, actor="ana", opposition="bruno")
    assert unchanged == hidden
    owner_reveals = apply_advantage(missed.alternatives[0], hidden, "ana", "bruno")
    assert owner_reveals is not None
    assert (owner_reveals.hidden, owner_reveals.free_invokes_of("bruno")) == (False, 1)


def test_apply_advantage_on_a_new_aspect() -> None:
    """§2: a failed new aspect is not created, unless the table takes success at a serious
    cost, which gives the opposition the free invoke; a tie creates nothing (a boost)."""
    wanted = Aspect("Pinned Down")
    fail = create_advantage_outcome(resolve(roll_with_shifts(-1), 0))
    assert apply_advantage(fail, wanted, "ana", "bruno") is None
    at_cost = apply_advantage(fail.alternatives[0], wanted, "ana", "bruno")
    assert at_cost is not None
    assert (at_cost.free_invokes_of("ana"), at_cost.free_invokes_of("bruno")) == (0, 1)
    tie = create_advantage_outcome(resolve(roll_with_shifts(0), 0))
    assert apply_advantage(tie, wanted, "ana", "bruno") is None
    assert tie.boost


def test_apply_advantage_rejects_other_actions() -> None:
    with pytest.raises(ValueError, match="not a create-an-advantage outcome"):
        apply_advantage(overcome_outcome(resolve(roll_with_shifts(1), 0)), Aspect("x"), "a", "b")


@pytest.mark.parametrize(
    ("skill", "melee", "defenses", "kind"),
    [
        ("Fight", None, ("Athletics", "Fight"), StressKind.PHYSICAL),
        ("fight", False, ("Athletics",), StressKind.PHYSICAL),
        ("Shoot", None, ("Athletics",), StressKind.PHYSICAL),
        ("Shoot", True, ("Athletics", "Fight"), StressKind.PHYSICAL),
        ("Provoke", None, ("Will",), StressKind.MENTAL),
        ("PROVOKE", True, ("Will",), StressKind.MENTAL),
        ("Lore", None, (), None),
    ],
)
def test_default_attack_and_defense_skills(
    skill: str, melee: bool | None, defenses: tuple[str, ...], kind: StressKind | None
) -> None:
    """§2: Fight and Shoot attack physically, Athletics defends any physical attack, Fight
    defends in melee; Provoke attacks mentally, Will defends."""
    assert default_defense(skill, melee=melee) == defenses
    assert attack_kind(skill) is kind


@pytest.mark.parametrize(("reasons", "difficulty"), [(0, 0), (1, 2), (2, 4), (3, 6), (4, 8)])
def test_difficulty_guidance(reasons: int, difficulty: int) -> None:
    """§1 «Vaikeustason…»: Mediocre if not hard, Fair for one reason, +2 per extra reason."""
    assert difficulty_for(reasons) == difficulty


def test_difficulty_guidance_rejects_negative_reasons() -> None:
    with pytest.raises(ValueError, match="cannot be negative"):
        difficulty_for(-1)


@pytest.mark.parametrize("target", list(AspectTarget))
def test_a_create_that_takes_no_roll_gives_the_aspect_with_one_free_invoke(
    target: AspectTarget,
) -> None:
    """§8 «Miten skaala toimii, kun luot edun yliluonnollisilla kyvyillä?»: «saat piirteen
    yhdellä ilmaisella käytöllä» — a new aspect is created, a known one gains the invoke, a
    hidden one is revealed with it; no cost, nothing for the opposition, no other reading."""
    outcome = unrolled_advantage(target)
    aspect = Aspect("Ward", hidden=target is AspectTarget.EXISTING_HIDDEN)
    made = apply_advantage(outcome, aspect, "wraith", "gm")
    assert made is not None
    assert (made.free_invokes, made.hidden) == (("wraith",), False)
    assert outcome.succeeded and outcome.cost is Cost.NONE and outcome.alternatives == ()


def test_a_create_on_several_targets_splits_its_effort_as_an_attack_does() -> None:
    """§8 «Useampaan kohteeseen vaikuttaminen»: to put the aspect on each target «hänen pitää
    jakaa vaikutuksensa, kuten yllä». The seed's numbers: an Epic (+7) effort, Good (+3) to
    the veteran and Fair (+2) to each other minion, each defending its share: the veteran's
    +0 gives style (2 free invokes), one minion's +0 a success (1), the other's Fair (+2) a
    tie (a boost), and a Good (+3) defense would leave that minion without the aspect."""
    shares = {"veteran": 3, "minion-2": 2, "minion-3": 2}
    done = split_advantage(7, shares, {"veteran": 0, "minion-2": 0, "minion-3": 2})
    assert [(d.result.target, d.result.attack, d.outcome.outcome) for d in done] == [
        ("veteran", 3, Outcome.STYLE),
        ("minion-2", 2, Outcome.SUCCESS),
        ("minion-3", 2, Outcome.TIE),
    ]
    assert [(d.outcome.aspect_created, d.outcome.free_invokes, d.outcome.boost) for d in done] == [
        (True, 2, False),
        (True, 1, False),
        (False, 0, True),
    ]
    beaten = split_advantage(7, shares, {"veteran": 0, "minion-2": 0, "minion-3": 3})[2]
    assert beaten.outcome.outcome is Outcome.FAIL and not beaten.outcome.aspect_created


def test_a_create_on_several_targets_keeps_the_split_rules() -> None:
    """§8: «Jotta joku lasketaan kohteeksi, sinun on osoitettava tälle vähintään yksi piste
    vaikutuksestasi», and the shares add up to the effort."""
    with pytest.raises(InvalidSplit, match="at least 1"):
        split_advantage(7, {"a": 7, "b": 0}, {"a": 0, "b": 0})
    with pytest.raises(InvalidSplit, match="add up to 6"):
        split_advantage(7, {"a": 3, "b": 3}, {"a": 0, "b": 0})
