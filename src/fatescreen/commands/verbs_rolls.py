"""Verbs that roll and change rolls: bare rolls and odds, overcome, create an advantage,
invokes, stunts, and success at a cost."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from fatescreen.commands.contest_picks import advantage_pick
from fatescreen.commands.core import Applied, Context, Tokens, keyword_of, verb
from fatescreen.commands.errors import CommandError, UnknownName, refused
from fatescreen.commands.names import fold
from fatescreen.commands.requests import MAX_REASONS, Cost, Create, Overcome, is_difficulty
from fatescreen.commands.requests import Invoke as InvokeRequest
from fatescreen.commands.settle import (
    action_effort,
    aspects_at,
    check_not_hazard_overcome,
    contest_side_of,
    defense_effort,
    invoke_owner,
    no_hit_waiting,
    opposing_result,
    reopen,
    scale_of,
    settle,
    solo_invoke_value,
    solo_opponent,
)
from fatescreen.commands.text import effort_text, outcome_word, percent, quoted
from fatescreen.i18n import tr
from fatescreen.rules.actions import (
    Action,
    AspectTarget,
    apply_advantage,
    best_defense,
    create_advantage_outcome,
    difficulty_for,
    tie_boost_reading,
    unrolled_advantage,
)
from fatescreen.rules.aspects import GM, Aspect, make_id
from fatescreen.rules.big_bads import free_invoke_limit_against
from fatescreen.rules.character import Character, Scale, StressKind
from fatescreen.rules.conflict import creates_without_roll
from fatescreen.rules.dice import DiceRoll, looks_like_faces, parse_faces
from fatescreen.rules.errors import NotEnoughFatePoints, RulesError
from fatescreen.rules.fate_points import LedgerEntry, opening_ledger
from fatescreen.rules.invokes import (
    Invoke,
    InvokeEffect,
    InvokeOutcome,
    InvokeRefusal,
    Payment,
    already_paid,
    apply_invokes,
    charge_invokes,
    free_invoke_holders,
    invoke_payer,
    invoke_payment,
    same_side,
)
from fatescreen.rules.ladder import parse_rating
from fatescreen.rules.obstacles import Hazard, obstacle_difficulty
from fatescreen.rules.odds import odds
from fatescreen.rules.outcomes import Bonus, Effort, Outcome, RollResult, resolve
from fatescreen.scene.aspects import (
    SCENE_HOLDER,
    AspectInPlay,
    add_aspect,
    aspects_in_play,
    replace_aspect,
)
from fatescreen.scene.model import PendingRoll, RollPurpose, Scene, TargetDefense

MAX_BONUS = 20
"""The largest bonus, invoke count or rating a command accepts."""

# ---------------------------------------------------------------------------- roll, odds


@dataclass(frozen=True)
class RollRequest:
    """``roll RATING [vs DIFFICULTY] [FACES] [+N...]``: a bare roll (against +0 unless a
    difficulty is named), with entered dice and plain bonuses."""

    rating: int
    difficulty: int = 0
    dice: DiceRoll | None = None
    bonuses: tuple[int, ...] = ()


def parse_roll(args: Tokens) -> RollRequest:
    """Stage one of ``roll``: the whole line as a typed request.

    Raises:
        CommandError: A number that is not one, or a word that is not a bonus.
    """
    rating = args.number(tr(args.lang, "what.rating"))
    difficulty = 0
    entered: DiceRoll | None = None
    bonuses: list[int] = []
    while args:
        if args.keyword("vs"):
            difficulty = args.number(tr(args.lang, "what.difficulty"))
        elif entered is None and (faces := args.faces()) is not None:
            entered = faces
        else:
            word = args.take(tr(args.lang, "what.bonus"))
            if not word.startswith(("+", "-")) or not word[1:].isdigit():
                raise args.error("error.extra", verb=args.verb_word, extra=word, usage=args.usage)
            bonuses.append(int(word))
    return RollRequest(rating, difficulty, entered, tuple(bonuses))


@verb(
    "roll",
    "roll RATING [vs DIFFICULTY] [FACES] [+N...]",
    aliases=("r", "heitä"),
    example="roll 3 vs 2 +0-+ +2",
    changes_scene=False,
    parse=parse_roll,
)
def roll(ctx: Context, args: Tokens, request: RollRequest) -> Applied:
    """A bare roll; changes nothing."""
    rating, difficulty = request.rating, request.difficulty
    bonuses = [Bonus(ctx.tr("bonus.plain"), value) for value in request.bonuses]
    _check_range(ctx, rating, difficulty, *request.bonuses)
    effort = Effort(rating, ctx.dice(request.dice), tuple(bonuses))
    result = resolve(effort, difficulty)
    line = ctx.tr(
        "roll.line",
        who="",
        effort=effort_text(ctx, effort),
        opposition=ctx.rating(difficulty),
        outcome=outcome_word(ctx, result.outcome),
        shifts=result.shifts,
    )
    return Applied(ctx.scene, (line,))


def _check_range(ctx: Context, *values: int) -> None:
    if any(abs(value) > MAX_BONUS for value in values):
        raise ctx.error("error.range", low=-MAX_BONUS, high=MAX_BONUS)


_COUNTED = {"invokes": "invokes", "rerolls": "rerolls", "reroll": "rerolls"}
"""The keywords that count invokes or rerolls in ``odds``, and what each counts."""


def _count_follows(args: Tokens) -> bool:
    """True if the next word names what the number before it counts: ``1 invoke`` (but not
    ``2 invokes 1``, where the 2 is the opposition)."""
    words = args.words
    if not words or keyword_of(words[0]) not in _COUNTED:
        return False
    if len(words) < 2:
        return True
    try:
        parse_rating(words[1])
    except ValueError:
        return True
    return False


@dataclass(frozen=True)
class OddsRequest:
    """``odds RATING vs DIFFICULTY|opposed RATING [invokes N] [rerolls N]``."""

    rating: int
    opposition: int = 0
    opposed: bool = False
    invokes: int = 0
    rerolls: int = 0


def parse_odds(args: Tokens) -> OddsRequest:
    """Stage one of ``odds``: the rating, the opposition and the counts, in the GM's word
    order ("3 vs 2", "3 opposed 2", "3 vs opposed 2", "3 2", "invokes 1", "1 invoke",
    "with 2 rerolls").

    Raises:
        CommandError: A number that is not one, or a word left over.
    """
    rating = args.number(tr(args.lang, "what.rating"))
    opposed = False
    opposition: int | None = None
    counts = {"invokes": 0, "rerolls": 0}
    # the GM's word order: "3 vs 2", "3 opposed 2", "3 vs opposed 2", "3 2", "invokes 1",
    # "1 invoke", "with 2 rerolls"
    while args:
        if args.keyword("vs", "with"):
            continue
        if args.keyword("opposed"):
            opposed = True
            continue
        counted = _COUNTED.get(args.keyword(*_COUNTED) or "")
        if counted is not None:
            counts[counted] = args.number(tr(args.lang, f"what.{counted}"))
            continue
        number = args.optional_number()
        if number is None:
            args.done()
        elif _count_follows(args) and (counted := _COUNTED.get(args.keyword(*_COUNTED) or "")):
            counts[counted] = number
        elif opposition is None:
            opposition = number
        else:
            args.done()
    return OddsRequest(rating, opposition or 0, opposed, counts["invokes"], counts["rerolls"])


@verb(
    "odds",
    "odds RATING vs DIFFICULTY|opposed RATING [invokes N] [rerolls N]",
    aliases=("o", "todennäköisyys"),
    example="odds 3 vs 2 invokes 1",
    changes_scene=False,
    parse=parse_odds,
)
def odds_verb(ctx: Context, args: Tokens, request: OddsRequest) -> Applied:
    """Exact odds (the rules' :func:`odds`); changes nothing."""
    rating, opposition, opposed = request.rating, request.opposition, request.opposed
    invokes, rerolls = request.invokes, request.rerolls
    _check_range(ctx, rating, opposition)
    if not 0 <= invokes <= MAX_BONUS or not 0 <= rerolls <= 5:
        raise ctx.error("error.odds_counts", invokes=MAX_BONUS, rerolls=5)
    chances = odds(rating, opposition, invokes=invokes, rerolls=rerolls, opposed=opposed)
    shares = chances.as_percentages()
    extra = ""
    if invokes:
        extra += ctx.tr("odds.invokes", count=invokes)
    if rerolls:
        extra += ctx.tr("odds.rerolls", count=rerolls)
    target = (
        ctx.tr("odds.opposed", rating=ctx.rating(opposition)) if opposed else ctx.rating(opposition)
    )
    line = ctx.tr(
        "odds.line",
        rating=ctx.rating(rating),
        opposition=target,
        extra=extra,
        fail=percent(shares[Outcome.FAIL]),
        tie=percent(shares[Outcome.TIE]),
        success=percent(shares[Outcome.SUCCESS]),
        style=percent(shares[Outcome.STYLE]),
    )
    return Applied(ctx.scene, (line,))


# ---------------------------------------------------------------------------- options


@dataclass
class RollOptions:
    """What may follow an action's actor and skill: dice, helpers, and the opposition."""

    dice: DiceRoll | None = None
    helpers: list[str] = field(default_factory=list)
    difficulty: int = 0
    opponent: Character | None = None
    opponent_skill: str | None = None
    opponent_dice: DiceRoll | None = None
    holder: str | None = None
    aimed_at: Character | None = None
    """Another character a create's aspect goes on: with no opponent, the scale the
    actor stands above them still counts (§8)."""


def parse_roll_tail(args: Tokens, *, allow_on: bool = False) -> RollTail:
    """``[FACES] [with H,H] [vs DIFFICULTY|OPPONENT [SKILL] [FACES]] [on WHERE]``, as typed.

    Faces right after an opponent (and its skill) are the opponent's; the roller's own
    faces come before ``vs`` or after a fixed difficulty.
    """
    tail = RollTail()
    while args:
        faces = args.faces_text()
        if faces is not None:
            if tail.dice is not None:
                raise args.error(
                    "error.twice", verb=args.verb_word, what=tr(args.lang, "what.dice")
                )
            tail.dice = faces
        elif args.keyword("with"):
            tail.helpers += args.names(tr(args.lang, "what.helpers"))
        elif tail.opposition is None and tail.reasons is None and args.keyword("vs"):
            if args.keyword("hard"):
                # ``vs hard [N]``: a difficulty from the reasons the task is hard (§1)
                reasons = args.optional_number()
                tail.reasons = 1 if reasons is None else reasons
                continue
            tail.opposition = args.take(tr(args.lang, "what.opposition"))
            if not is_difficulty(tail.opposition):
                tail.opponent_dice = args.faces_text()
                if tail.opponent_dice is None and args and not args.at_keyword(*_TAIL_WORDS):
                    tail.opponent_skill = args.take(tr(args.lang, "what.skill"))
                    tail.opponent_dice = args.faces_text()
        elif allow_on and tail.holder is None and args.keyword("on"):
            tail.holder = args.take(tr(args.lang, "what.holder"))
        else:
            args.done()
    return tail


_TAIL_WORDS = ("with", "vs", "on", "dice")
"""The keywords that may follow an action's actor and skill."""


@dataclass
class RollTail:
    """What may follow an action's actor and skill, as typed (see :func:`parse_roll_tail`)."""

    dice: str | None = None
    helpers: list[str] = field(default_factory=list)
    opposition: str | None = None
    opponent_skill: str | None = None
    opponent_dice: str | None = None
    holder: str | None = None
    reasons: int | None = None


def _first_words(args: Tokens, most: int) -> list[str]:
    """Up to ``most`` words before the first keyword or dice: an action's skill (and a
    create's aspect)."""
    words: list[str] = []
    while len(words) < most:
        word = args.peek()
        if word is None or args.at_keyword(*_TAIL_WORDS) or looks_like_faces(word):
            break
        words.append(args.take(""))
    return words


def parse_overcome(args: Tokens) -> Overcome:
    """Stage one of ``overcome``: the whole line as a typed request.

    Raises:
        CommandError: The line does not follow the verb's usage.
    """
    actor = args.take(tr(args.lang, "what.actor"))
    skill = next(iter(_first_words(args, 1)), None)
    tail = parse_roll_tail(args)
    return Overcome(
        actor,
        skill,
        tail.opposition,
        tail.dice,
        tail.opponent_skill,
        tail.opponent_dice,
        tuple(tail.helpers),
        tail.reasons,
    )


def parse_create(args: Tokens) -> Create:
    """Stage one of ``create``: the whole line as a typed request (a hazard names no skill,
    so one word before the options is the aspect, two are the skill and the aspect).

    Raises:
        CommandError: The line does not follow the verb's usage.
    """
    actor = args.take(tr(args.lang, "what.actor"))
    first = _first_words(args, 2)
    if not first:
        raise args.missing(tr(args.lang, "what.skill"))
    skill, aspect = (None, first[0]) if len(first) == 1 else (first[0], first[1])
    aspect = aspect.strip()
    if not aspect:
        raise args.missing(tr(args.lang, "what.aspect_name"))
    tail = parse_roll_tail(args, allow_on=True)
    return Create(
        actor,
        skill,
        aspect,
        tail.opposition,
        tail.dice,
        tail.holder,
        tail.opponent_skill,
        tail.opponent_dice,
        tuple(tail.helpers),
        tail.reasons,
    )


def roll_options(
    ctx: Context,
    args: Tokens,
    request: Overcome | Create,
    skill: str,
    *,
    hazard: bool = False,
) -> RollOptions:
    """The dice, helpers and opposition of a request, looked up in the scene.

    Raises:
        CommandError: An unknown or fallen opponent, a difficulty out of range, or words
            an obstacle as the opposition leaves over.
    """
    options = RollOptions(
        dice=parse_faces(request.dice) if request.dice else None,
        helpers=list(request.helpers),
    )
    if isinstance(request, Create) and request.holder is not None:
        options.holder = ctx.holder(request.holder)
    if request.reasons is not None:
        if not 0 <= request.reasons <= MAX_REASONS:
            raise ctx.error("error.range", low=0, high=MAX_REASONS)
        options.difficulty = difficulty_for(request.reasons)
    if request.opposition is not None:
        _opposition(ctx, args, request, skill, options, hazard=hazard)
    return options


def _opposition(
    ctx: Context,
    args: Tokens,
    request: Overcome | Create,
    skill: str,
    options: RollOptions,
    *,
    hazard: bool = False,
) -> None:
    assert request.opposition is not None
    if is_difficulty(request.opposition):
        number = parse_rating(request.opposition)
        _check_range(ctx, number)
        options.difficulty = number
        return
    opponent = ctx.opponent(request.opposition)
    if not isinstance(opponent, Character):
        difficulty = obstacle_difficulty(opponent)
        if difficulty is None:
            raise ctx.error("error.no_difficulty", name=opponent.name)
        options.difficulty = difficulty
        # An obstacle has no skill and rolls no dice: dice after it are the roller's own.
        if request.opponent_skill is not None:
            args.words = [request.opponent_skill]
            args.done()
        if request.opponent_dice is not None:
            if options.dice is not None:
                raise ctx.error("error.twice", verb=args.verb_word, what=ctx.tr("what.dice"))
            options.dice = parse_faces(request.opponent_dice)
        return
    if opponent.taken_out or opponent.conceded:
        raise ctx.error("error.out", name=opponent.name)
    options.opponent = opponent
    # Against a hazard's roll (named after the hazard) the target defends with its general
    # defense (§2, §7); otherwise with the actor's skill unless another is named.
    options.opponent_skill = (
        best_defense(opponent, "", StressKind.PHYSICAL, ctx.scene.rules.roles) if hazard else skill
    )
    if request.opponent_skill is not None:
        options.opponent_skill = ctx.skill(opponent, request.opponent_skill)
    if request.opponent_dice is not None:
        options.opponent_dice = parse_faces(request.opponent_dice)


def actor_and_skill(
    ctx: Context, args: Tokens, request: Overcome | Create
) -> tuple[Character | Hazard, str]:
    """The acting character (or hazard) and the skill it rolls (a hazard's own name).

    Raises:
        CommandError: Unknown or out of the fight; a character without a skill.
    """
    actor = ctx.actor(request.actor)
    if isinstance(actor, Hazard):
        if isinstance(request, Create) and request.skill is not None:
            # A hazard names no skill: the first word was its aspect, the second is extra.
            args.words = [request.aspect]
            args.done()
        return actor, actor.name
    if actor.taken_out or actor.conceded:
        raise ctx.error("error.out", name=actor.name)
    if request.skill is None:
        what = "what.aspect_name" if isinstance(request, Create) else "what.skill"
        raise args.missing(ctx.tr(what))
    return actor, ctx.skill(actor, request.skill)


def opposed_roll(
    ctx: Context, actor: Character | Hazard, skill: str, options: RollOptions
) -> tuple[RollResult, tuple[str, ...], str | None, str | None]:
    """Roll the actor's effort (dice first) and then the opponent's, if any.

    Returns:
        The result, the helpers who counted, the opponent's id and skill.
    """
    effort, helpers, _ = action_effort(
        ctx,
        actor,
        skill,
        options.dice,
        options.helpers,
        against=options.opponent or options.aimed_at,
    )
    if options.opponent is None:
        return resolve(effort, options.difficulty), helpers, None, None
    assert options.opponent_skill is not None
    if options.opponent.id == actor.id:
        raise ctx.error("error.self", name=options.opponent.name)
    defense = defense_effort(
        ctx, options.opponent, options.opponent_skill, options.opponent_dice, against=actor
    )
    return resolve(effort, defense), helpers, options.opponent.id, options.opponent_skill


# ---------------------------------------------------------------------------- overcome


@verb(
    "overcome",
    "overcome ACTOR SKILL [FACES] [with H,H] [vs DIFFICULTY|hard [N]|OPPONENT [SKILL] [FACES]]",
    aliases=("ov", "ratkaise", "selvitä"),
    example="overcome vitor Investigate vs 2 00++",
    parse=parse_overcome,
)
def overcome(ctx: Context, args: Tokens, request: Overcome) -> Applied:
    """An overcome roll against a difficulty or an active opponent.

    Four stages: :func:`parse_overcome`, :func:`decide_overcome`, :func:`settle` (which
    applies the roll to the scene) and the label said here.
    """
    no_hit_waiting(ctx)
    pending = decide_overcome(ctx, args, request)
    scene, lines = settle(ctx, ctx.scene, pending)
    label = ctx.tr("label.overcome", actor=ctx.who(pending.actor), skill=pending.skill)
    return Applied(scene, lines, label, frozenset({"pending"}))


def decide_overcome(ctx: Context, args: Tokens, request: Overcome) -> PendingRoll:
    """Stage two of ``overcome``: the roll as the rules decide it, ready to settle.

    Raises:
        CommandError: A name is unknown or out of the fight, or a hazard tries to overcome.
    """
    actor, skill = actor_and_skill(ctx, args, request)
    character = check_not_hazard_overcome(ctx, actor)
    options = roll_options(ctx, args, request, skill)
    result, helpers, opponent, opponent_skill = opposed_roll(ctx, character, skill, options)
    return PendingRoll(
        character.id,
        Action.OVERCOME,
        skill,
        result,
        target=opponent,
        defense_skill=opponent_skill,
        helpers=helpers,
    )


# ---------------------------------------------------------------------------- create


@verb(
    "create",
    'create ACTOR SKILL "ASPECT" [on WHERE|WHO,WHO...] [FACES] [with H,H] '
    "[vs DIFFICULTY|hard [N]|OPPONENT [SKILL] [FACES]]",
    aliases=("ca", "luo"),
    example='create vitor Crafts "On fire" on leader vs 3 0+++',
    parse=parse_create,
)
def create(ctx: Context, args: Tokens, request: Create) -> Applied:
    """Create an advantage on a new, known or hidden aspect.

    Four stages: :func:`parse_create`, :func:`decide_create`, :func:`settle` (which
    applies the roll to the scene) and the label said here; a create that takes no roll
    (:class:`UnrolledCreate`) is applied and said by :func:`create_unrolled`.
    """
    no_hit_waiting(ctx)
    pending = decide_create(ctx, args, request)
    if isinstance(pending, UnrolledCreate):
        return create_unrolled(ctx, pending)
    scene, lines = settle(ctx, advantage_pick(ctx, pending.actor), pending)
    lines += _contest_failure_hint(ctx, scene, pending)
    label = ctx.tr(
        "label.create", actor=ctx.who(pending.actor), aspect=quoted(pending.aspect or "")
    )
    return Applied(scene, lines, label, frozenset({"pending", "aspects"}))


@dataclass(frozen=True)
class UnrolledCreate:
    """A create an advantage that takes no roll (§8, the rules'
    :func:`creates_without_roll`): who creates which aspect where, with which skill."""

    actor: str
    skill: str
    aspect: str
    holder: str
    target: AspectTarget
    scale: Scale


def decide_create(ctx: Context, args: Tokens, request: Create) -> PendingRoll | UnrolledCreate:
    """Stage two of ``create``: which aspect it works on (new, known or hidden) and the
    roll as the rules decide it, ready to settle; or no roll, for an actor above mundane
    scale with no direct opposition (the rules' :func:`creates_without_roll`).

    Raises:
        CommandError: A name is unknown, or the aspect is ambiguous or already there.
    """
    actor, skill = actor_and_skill(ctx, args, request)
    targets = _create_targets(ctx, request, actor)
    if targets is not None:
        return _split_create(ctx, request, actor, skill, targets)
    name = request.aspect
    options = roll_options(ctx, args, request, skill, hazard=isinstance(actor, Hazard))
    existing = _existing_aspect(ctx, name, options.holder)
    holder = existing.holder if existing else options.holder or SCENE_HOLDER
    if existing is None and any(
        a.holder == holder and a.aspect.id == make_id(name) for a in aspects_in_play(ctx.scene)
    ):
        raise ctx.error("error.aspect_exists", aspect=quoted(name), holder=ctx.holder_name(holder))
    if existing is None:
        target = AspectTarget.NEW
    else:
        target = (
            AspectTarget.EXISTING_HIDDEN if existing.aspect.hidden else AspectTarget.EXISTING_KNOWN
        )
    aimed_at = AspectInPlay(holder, Aspect(name)).owner
    if aimed_at is not None and aimed_at != actor.id:
        # «Jos suuntaat etua luomalla tehdyn piirteen suoraan toista hahmoa vastaan [...]
        # voit saada skaalaedun tähän toimintoon» (§8)
        options.aimed_at = ctx.scene.character(aimed_at)
    if isinstance(actor, Character):
        scale = scale_of(ctx.scene, actor)
        if creates_without_roll(
            scale,
            opposed=request.opposition is not None or request.reasons is not None,
            aimed_at_another=options.aimed_at is not None,
        ):
            aspect = existing.aspect.name if existing else name
            return UnrolledCreate(actor.id, skill, aspect, holder, target, scale)
    result, helpers, opponent, opponent_skill = opposed_roll(ctx, actor, skill, options)
    return PendingRoll(
        actor.id,
        Action.CREATE_ADVANTAGE,
        skill,
        result,
        target=opponent,
        defense_skill=opponent_skill,
        aspect=existing.aspect.name if existing else name,
        holder=holder,
        aspect_target=target,
        helpers=helpers,
    )


def _create_targets(
    ctx: Context, request: Create, actor: Character | Hazard
) -> list[Character] | None:
    """The characters a create an advantage is aimed at when ``on`` lists several
    (``on rozio,vitor``), or None for one holder (a name with a comma in it included).

    Raises:
        CommandError: A name is unknown or out, the actor or a name is listed twice.
    """
    holder = request.holder
    if holder is None or "," not in holder:
        return None
    try:
        ctx.holder(holder)
    except CommandError:
        pass
    else:
        return None
    targets = [ctx.standing(ref) for ref in holder.split(",") if ref.strip()]
    ids = [t.id for t in targets]
    if actor.id in ids:
        raise ctx.error("error.self", name=ctx.who(actor.id))
    if len(set(ids)) != len(ids):
        raise ctx.error("error.twice", verb=ctx.tr("cmd.create"), what=ctx.tr("what.holder"))
    return targets


def _split_create(
    ctx: Context,
    request: Create,
    actor: Character | Hazard,
    skill: str,
    targets: list[Character],
) -> PendingRoll:
    """A create an advantage on several targets (§8): the actor's effort, to be split among
    them with ``split`` as an attack's is; each target defends its share with the actor's
    skill (a hazard's targets with their general defense), which ``defend`` may change.

    Raises:
        CommandError: An opposition or difficulty is named (each target defends its own
            share), or a target already has the aspect.
    """
    if request.opposition is not None or request.reasons is not None:
        raise ctx.error("error.split_create_vs")
    name = request.aspect
    for target in targets:
        holder = f"character:{target.id}"
        if any(a.id == make_id(name) for a in aspects_at(ctx.scene, holder)):
            raise ctx.error(
                "error.aspect_exists", aspect=quoted(name), holder=ctx.holder_name(holder)
            )
    dice = parse_faces(request.dice) if request.dice else None
    effort, helpers, _ = action_effort(ctx, actor, skill, dice, request.helpers)
    roles = ctx.scene.rules.roles
    hazard = isinstance(actor, Hazard)
    defenses = tuple(
        TargetDefense(t.id, best_defense(t, "", StressKind.PHYSICAL, roles) if hazard else skill)
        for t in targets
    )
    return PendingRoll(
        actor.id,
        Action.CREATE_ADVANTAGE,
        skill,
        RollResult(effort, 0),
        aspect=name,
        aspect_target=AspectTarget.NEW,
        helpers=helpers,
        purpose=RollPurpose.SPLIT,
        targets=defenses,
    )


def create_unrolled(ctx: Context, create: UnrolledCreate) -> Applied:
    """Stages three and four of a create that takes no roll: the aspect with the free
    invoke the rules' :func:`unrolled_advantage` gives, created or worked on, and said."""
    outcome = unrolled_advantage(create.target)
    scene = advantage_pick(ctx, create.actor)
    owner = invoke_owner(scene, create.actor)
    found = next(
        (
            a
            for a in aspects_in_play(scene)
            if a.holder == create.holder and a.aspect.name == create.aspect
        ),
        None,
    )
    if found is None:
        made = apply_advantage(outcome, Aspect(create.aspect), owner, GM)
        assert made is not None  # a success creates the aspect
        scene = add_aspect(scene, create.holder, made)
    else:
        updated = apply_advantage(outcome, found.aspect, owner, GM)
        assert updated is not None
        scene = replace_aspect(scene, create.holder, found.aspect, updated)
    actor = ctx.who(create.actor)
    line = ctx.tr(
        "create.unrolled",
        actor=actor,
        scale=ctx.tr(f"ui.scale.{create.scale.value}"),
        aspect=quoted(create.aspect),
        skill=create.skill,
    )
    if outcome.reveal:
        line += " · " + ctx.tr("aspect.revealed", aspect=quoted(create.aspect))
    label = ctx.tr("label.create", actor=actor, aspect=quoted(create.aspect))
    return Applied(scene, (line,), label, frozenset({"aspects", f"character:{create.actor}"}))


def _existing_aspect(ctx: Context, name: str, holder: str | None) -> AspectInPlay | None:
    """An aspect already in play with exactly this name (or key), where the GM said."""
    wanted = fold(name)
    found = [
        a
        for a in aspects_in_play(ctx.scene)
        if (fold(a.aspect.name) == wanted or a.key == name) and not a.aspect.is_boost
    ]
    if holder is not None:
        found = [a for a in found if a.holder == holder]
    if len(found) > 1:
        names = ", ".join(ctx.holder_name(a.holder) for a in found)
        raise ctx.error("error.aspect_where", aspect=quoted(name), holders=names)
    return found[0] if found else None


def _contest_failure_hint(ctx: Context, scene: Scene, pending: PendingRoll) -> tuple[str, ...]:
    """After a failed create an advantage by someone in a running contest: the choice."""
    if pending.result.outcome is not Outcome.FAIL or pending.purpose is not RollPurpose.PLAIN:
        return ()
    found = contest_side_of(scene, pending.actor)
    if found is None:
        return ()
    return (ctx.tr("contest.advantage_failed", side=found[1].name),)


# ---------------------------------------------------------------------------- invoke


def _pcs(scene: Scene) -> frozenset[str]:
    return frozenset(c.id for c in scene.pcs)


def _invoker(ctx: Context, scene: Scene, pending: PendingRoll, ref: str | None) -> str:
    """Who invokes: the character named, the GM, or the hazard (or other obstacle) that
    made the roll, named by its id (it spends its own free invokes)."""
    if ref is not None and ref == pending.actor and ref in scene.obstacle_index:
        return ref
    if ref is not None:
        return ctx.owner(ref)
    return pending.actor if pending.actor in scene.character_index else GM


def _against(pending: PendingRoll, invoker: str, effect: InvokeEffect) -> str | None:
    """The defender an invoke helps, or None when it helps the roll itself."""
    if pending.targets:
        return invoker if invoker in {t.target for t in pending.targets} else None
    opposed = pending.target is not None and pending.result.opposing_effort is not None
    if opposed and (invoker == pending.target or effect is InvokeEffect.OPPOSE):
        return pending.target
    return None


_PAYMENTS = {"free": Payment.FREE, "paid": Payment.PAID, "hostile": Payment.HOSTILE}


def parse_invoke(args: Tokens) -> InvokeRequest:
    """Stage one of ``invoke``: the whole line as a typed request.

    Raises:
        CommandError: The line does not follow the verb's usage.
    """
    aspect = args.take(tr(args.lang, "what.aspect"))
    by: str | None = None
    payment: str | None = None
    effect: str | None = None
    reroll_dice: str | None = None
    while args:
        if args.keyword("by"):
            by = args.take(tr(args.lang, "what.invoker"))
        elif (word := args.keyword("free", "paid", "hostile")) is not None:
            payment = word
        elif args.keyword("reroll"):
            effect, reroll_dice = "reroll", args.faces_text()
        elif args.keyword("oppose"):
            effect, reroll_dice = "oppose", None
        else:
            args.done()
    return InvokeRequest(aspect, by, payment, effect, reroll_dice)


def _target_aspect(ctx: Context, base: Scene, ref: str) -> AspectInPlay:
    try:
        return ctx.on(base).aspect(ref)
    except UnknownName:
        try:
            made = ctx.aspect(ref)
        except CommandError:
            raise
        raise ctx.error("error.invoke_own_roll", aspect=quoted(made.aspect.name)) from None


@verb(
    "invoke",
    "invoke ASPECT [by WHO] [free|paid|hostile] [reroll [FACES]|oppose]",
    aliases=("i", "käytä"),
    example="invoke incense by rozio free",
    parse=parse_invoke,
)
def invoke(ctx: Context, args: Tokens, request: InvokeRequest) -> Applied:
    """Invoke an aspect on the pending roll and settle the roll again.

    Four stages: :func:`parse_invoke`, :func:`decide_invoke`, applying the invoke to the
    roll and settling it, and the head line said here.
    """
    pending, base = reopen(ctx)
    decided = decide_invoke(ctx, pending, base, request)
    spec, target, aspect = decided.spec, decided.target, decided.target.aspect
    new_pending, outcome = _apply(ctx, pending, decided.against, spec, aspect)
    record = _record(outcome)
    base = _pay(ctx, base, target, aspect, outcome)
    if decided.payment is not Payment.FREE:
        paid = (*pending.paid_invokes, (decided.against or "", target.key))
        new_pending = replace(new_pending, paid_invokes=paid)
    else:
        free = (*pending.free_invokes, decided.against or "")
        new_pending = replace(new_pending, free_invokes=free)
    scene, lines = settle(ctx, base, new_pending)
    head = _invoke_head(
        ctx, decided.invoker, aspect, decided.payment, spec, target, record, decided.holder
    )
    return Applied(scene, (head, *lines), head, frozenset({"pending", "aspects", "pool", "all"}))


@dataclass(frozen=True)
class InvokeDecision:
    """What an invoke does, as the rules allow it: who invokes and pays how, whose roll
    it helps, and the invoke to apply."""

    target: AspectInPlay
    invoker: str
    payment: Payment
    against: str | None
    holder: str | None
    spec: Invoke


def decide_invoke(
    ctx: Context, pending: PendingRoll, base: Scene, request: InvokeRequest
) -> InvokeDecision:
    """Stage two of ``invoke``: who may invoke the aspect, how it is paid, and on whose
    side of the roll (§4 invokes).

    Raises:
        CommandError: The aspect is unknown, or the rules do not allow this invoke.
    """
    target = _target_aspect(ctx, base, request.aspect)
    invoker = _invoker(ctx, base, pending, request.by)
    aspect = target.aspect
    pcs = _pcs(base)
    hostile = target.owner is not None and not same_side(invoker, target.owner, pcs)
    holder = next(iter(free_invoke_holders(aspect, invoker, pcs)), None)
    effect = InvokeEffect(request.effect) if request.effect else InvokeEffect.BONUS
    reroll_dice = parse_faces(request.reroll_dice) if request.reroll_dice else None
    against = _against(pending, invoker, effect)
    opposed = solo_opponent(base, pending, against)
    decision = invoke_payment(
        _PAYMENTS[request.payment] if request.payment else None,
        free_holder=holder,
        hostile=hostile,
        boost=aspect.is_boost,
        paid_before=already_paid(pending.paid_invokes, against or "", target.key),
        free_used=pending.free_invokes.count(against or ""),
        free_limit=free_invoke_limit_against(opposed.solo) if opposed and opposed.solo else None,
    )
    payment = decision.payment
    if decision.refusal is not None:
        solo = decision.refusal is InvokeRefusal.SOLO_ONE_FREE
        name = ctx.who(opposed.id if solo and opposed else invoker)
        raise ctx.error(f"error.{decision.refusal.value}", name=name, aspect=quoted(aspect.name))
    if pending.targets and against is None and effect is InvokeEffect.OPPOSE:
        raise ctx.error("error.oppose_which", names=ctx.names(t.target for t in pending.targets))
    if pending.purpose is RollPurpose.SPLIT:
        split_done = all(t.effort is not None for t in pending.targets)
        if split_done and against is None:
            raise ctx.error("error.split_done")
        if not split_done and against is not None:
            raise ctx.error("error.split_first")
    dice = ctx.dice(reroll_dice) if effect is InvokeEffect.REROLL else None
    spec = Invoke(
        target.key,
        holder if payment is Payment.FREE and holder else invoker,
        payment,
        effect,
        aspect_owner=target.owner,
        payer=invoke_payer(invoker, pcs),
        reroll_dice=dice,
        value=solo_invoke_value(base, pending, invoker, against, paid=payment is not Payment.FREE),
    )
    return InvokeDecision(target, invoker, payment, against, holder, spec)


def _apply(
    ctx: Context, pending: PendingRoll, against: str | None, spec: Invoke, aspect: Aspect
) -> tuple[PendingRoll, InvokeOutcome]:
    """Apply the invoke to the roll, or to the defense of the defender it helps."""
    aspects = {spec.aspect_id: aspect}
    try:
        if against is None:
            outcome = apply_invokes(pending.result, [spec], aspects, ctx.rng)
            return replace(pending, result=outcome.result), outcome
        effect = InvokeEffect.BONUS if spec.effect is InvokeEffect.OPPOSE else spec.effect
        spec = replace(spec, effect=effect)
        if pending.targets:
            targets = []
            found: InvokeOutcome | None = None
            for entry in pending.targets:
                if entry.target == against and entry.effort is not None:
                    seen = RollResult(entry.effort, 0)
                    outcome = apply_invokes(seen, [spec], aspects, ctx.rng)
                    entry = replace(entry, effort=outcome.result.effort)
                    found = outcome
                targets.append(entry)
            if found is None:
                raise ctx.error("error.no_defense_yet", name=ctx.who(against))
            return replace(pending, targets=tuple(targets)), found
        outcome = apply_invokes(opposing_result(pending.result), [spec], aspects, ctx.rng)
        flipped = outcome.result
        result = resolve(pending.result.effort, flipped.effort)
        return replace(pending, result=result), outcome
    except RulesError as error:
        raise refused(error, ctx.lang) from None


@dataclass(frozen=True)
class _InvokeRecord:
    aspect: Aspect | None
    fate_point_from: str | None
    held_for: str | None
    dice_before: DiceRoll | None
    dice_after: DiceRoll | None


def _record(outcome: InvokeOutcome) -> _InvokeRecord:
    record = outcome.records[0]
    return _InvokeRecord(
        outcome.aspects.get(record.invoke.aspect_id),
        record.fate_point_from,
        record.held_for,
        record.dice_before,
        record.dice_after,
    )


def _pay(
    ctx: Context, scene: Scene, target: AspectInPlay, aspect: Aspect, outcome: InvokeOutcome
) -> Scene:
    """The scene after the invoke's costs, as :func:`charge_invokes` decides them: the free
    invoke used up, the fate point paid, a hostile invoke's point held for the owner."""
    used = outcome.aspects.get(outcome.records[0].invoke.aspect_id)
    if used != aspect:
        scene = replace_aspect(scene, target.holder, aspect, used)
    payer = outcome.records[0].fate_point_from
    if payer is None:
        return scene
    balance = scene.gm_pool if payer == GM else scene.character(payer).fate_points
    try:
        ledger = charge_invokes(opening_ledger({payer: balance}), outcome.records)
    except NotEnoughFatePoints:
        if payer == GM:
            raise ctx.error("error.pool_empty") from None
        raise ctx.error("error.no_fate_points", name=ctx.who(payer)) from None
    if payer == GM:
        scene = replace(scene, gm_pool=ledger.balance(GM))
    else:
        character = scene.character(payer)
        scene = scene.with_character(replace(character, fate_points=ledger.balance(payer)))
    reason = ctx.tr("held.hostile", aspect=aspect.name)
    held = tuple(
        LedgerEntry(entry.who, entry.delta, reason, held_until_scene_end=True)
        for entry in ledger.entries
        if entry.held_until_scene_end
    )
    return replace(scene, held=(*scene.held, *held)) if held else scene


def _invoke_head(
    ctx: Context,
    invoker: str,
    aspect: Aspect,
    payment: Payment,
    spec: Invoke,
    target: AspectInPlay,
    record: _InvokeRecord,
    holder: str | None,
) -> str:
    if spec.effect is InvokeEffect.REROLL:
        effect = ctx.tr(
            "invoke.reroll", before=str(record.dice_before), after=str(record.dice_after)
        )
    else:
        effect = ctx.tr(f"invoke.{spec.effect.value}", value=spec.value)
    paid = ctx.tr(f"invoke.{payment.value}", target=ctx.who(target.owner or ""))
    if payment is Payment.FREE and holder not in (None, invoker, GM):
        paid = ctx.tr("invoke.passed", giver=ctx.who(holder or ""))
    return ctx.tr(
        "invoke.line", who=ctx.who(invoker), aspect=quoted(aspect.name), payment=paid, effect=effect
    )


# ---------------------------------------------------------------------------- stunt


@dataclass(frozen=True)
class StuntRequest:
    """``stunt [WHO] BONUS``: a stunt's bonus, on the roller's effort unless someone in
    the roll is named."""

    bonus: int
    who: str | None = None


def parse_stunt(args: Tokens) -> StuntRequest:
    """Stage one of ``stunt``: who, if named, and the bonus."""
    value = args.optional_number()
    if value is not None:
        return StuntRequest(value)
    who = args.take(tr(args.lang, "what.character"))
    return StuntRequest(args.number(tr(args.lang, "what.bonus")), who)


@verb(
    "stunt",
    "stunt [WHO] BONUS",
    aliases=("st", "temppu"),
    example="stunt rozio 2",
    parse=parse_stunt,
)
def stunt(ctx: Context, args: Tokens, request: StuntRequest) -> Applied:
    """A stunt bonus on the pending roll (or on a defender's defense)."""
    pending, base = reopen(ctx)
    who = pending.actor if request.who is None else ctx.actor(request.who).id
    value = request.bonus
    if not 1 <= value <= MAX_BONUS:
        raise ctx.error("error.stunt_bonus", high=MAX_BONUS)
    bonus = Bonus(ctx.tr("bonus.stunt"), value)
    new_pending = _with_bonus(ctx, pending, who, bonus)
    scene, lines = settle(ctx, base, new_pending)
    head = ctx.tr("stunt.line", name=ctx.who(who), bonus=value)
    return Applied(scene, (head, *lines), head, frozenset({"pending"}))


def _with_bonus(ctx: Context, pending: PendingRoll, who: str, bonus: Bonus) -> PendingRoll:
    result = pending.result
    if who == pending.actor:
        if pending.purpose is RollPurpose.SPLIT and all(t.effort for t in pending.targets):
            raise ctx.error("error.split_done")
        return replace(
            pending,
            result=RollResult(
                result.effort.with_bonus(bonus), result.opposition, result.opposing_effort
            ),
        )
    if pending.targets:
        targets: list[TargetDefense] = []
        for entry in pending.targets:
            if entry.target == who:
                if entry.effort is None:
                    raise ctx.error("error.no_defense_yet", name=ctx.who(who))
                entry = replace(entry, effort=entry.effort.with_bonus(bonus))
            targets.append(entry)
        if who not in {t.target for t in pending.targets}:
            raise ctx.error("error.not_in_roll", name=ctx.who(who))
        return replace(pending, targets=tuple(targets))
    if pending.target != who or result.opposing_effort is None:
        raise ctx.error("error.not_in_roll", name=ctx.who(who))
    return replace(pending, result=resolve(result.effort, result.opposing_effort.with_bonus(bonus)))


# ---------------------------------------------------------------------------- cost


def parse_cost(args: Tokens) -> Cost:
    """Stage one of ``cost``: who names it (for a failed create an advantage) and the
    cost's text, all the words left."""
    cost_for = args.take(tr(args.lang, "what.character")) if args.keyword("for") else None
    return Cost(args.rest().strip(), cost_for)


@verb(
    "cost",
    "cost [for WHO] [TEXT...]",
    aliases=("hinta",),
    example="cost the ledger is torn in half",
    parse=parse_cost,
)
def cost(ctx: Context, args: Tokens, request: Cost) -> Applied:
    """Success at a cost on a failed (or tied) roll, settled again."""
    pending, base = reopen(ctx)
    cost_for = ctx.owner(request.cost_for) if request.cost_for is not None else None
    text = request.text
    outcome = pending.result.outcome
    if (
        pending.action is Action.ATTACK
        or pending.purpose in (RollPurpose.CONTEST, RollPurpose.SPLIT)
        or (outcome.succeeded)
    ):
        raise ctx.error("error.no_cost", outcome=outcome_word(ctx, outcome))
    if pending.action is Action.CREATE_ADVANTAGE:
        # A failed create on a new aspect may succeed at a serious cost; on a hidden one its
        # owner may reveal it for a free invoke (§2, the table's alternative readings).
        readings = create_advantage_outcome(
            pending.result, pending.aspect_target or AspectTarget.NEW
        ).alternatives
        if outcome is not Outcome.FAIL or not readings:
            raise ctx.error("error.no_cost", outcome=outcome_word(ctx, outcome))
        if cost_for is None and _opposition_missing(base, pending):
            raise ctx.error("error.cost_for")
    elif cost_for is not None:
        raise ctx.error(
            "error.extra",
            verb=args.verb.word(ctx.lang),
            extra=args.words_in("for"),
            usage=args.verb.usage_in(ctx.lang),
        )
    if pending.purpose is RollPurpose.TASK and not text:
        raise ctx.error("error.cost_text")
    if outcome is Outcome.TIE and pending.action is Action.OVERCOME and not text:
        raise ctx.error("error.cost_text")
    new_pending = replace(pending, cost=text, cost_for=cost_for, tie_boost=None)
    scene, lines = settle(ctx, base, new_pending)
    head = ctx.tr("cost.line", actor=ctx.who(pending.actor), cost=text or ctx.tr("cost.unnamed"))
    if pending.aspect_target is AspectTarget.EXISTING_HIDDEN:
        head = ctx.tr("cost.reveal", aspect=quoted(pending.aspect or ""))
    return Applied(scene, (head, *lines), head, frozenset({"pending", "aspects", "challenges"}))


@dataclass(frozen=True)
class FailRequest:
    """``fail ["BOOST"]``: a tied overcome taken as a fail with a boost (named as the
    catalog names it unless given)."""

    boost: str | None = None


def parse_fail(args: Tokens) -> FailRequest:
    """Stage one of ``fail``: the boost's name, if one is given."""
    return FailRequest(args.optional())


@verb(
    "fail",
    'fail ["BOOST"]',
    aliases=("epäonnistu",),
    example='fail "Found the side door"',
    parse=parse_fail,
)
def fail(ctx: Context, args: Tokens, request: FailRequest) -> Applied:
    """A tied overcome taken the other way (§2): a fail, and a boost for the actor.

    Stages: :func:`parse_fail`, the rules' :func:`tie_boost_reading` deciding whether the
    roll allows it, :func:`settle` applying and saying the roll again, and the head line.
    """
    pending, base = reopen(ctx)
    name = (request.boost or ctx.tr("overcome.boost_name")).strip()
    reading = tie_boost_reading(pending.action, pending.result.outcome)
    if reading is None or pending.purpose is not RollPurpose.PLAIN:
        raise ctx.error("error.no_tie_boost", outcome=outcome_word(ctx, pending.result.outcome))
    if not name:
        raise args.missing(ctx.tr("what.aspect_name"))
    new_pending = replace(pending, tie_boost=name, cost=None)
    scene, lines = settle(ctx, base, new_pending)
    head = ctx.tr("fail.line", actor=ctx.who(pending.actor))
    return Applied(scene, (head, *lines), head, frozenset({"pending", "aspects"}))


def _opposition_missing(scene: Scene, pending: PendingRoll) -> bool:
    from fatescreen.commands.settle import opposition_of

    return opposition_of(scene, pending) is None
