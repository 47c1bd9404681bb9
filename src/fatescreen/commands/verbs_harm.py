"""Verbs for harm: absorbing a hit, taken out, conceding, minion armor, true forms, stress,
and starting a consequence's recovery."""

from __future__ import annotations

from dataclasses import dataclass, replace

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.errors import CommandError, refused
from fatescreen.commands.harm_text import hit_lines, option_text, options_for
from fatescreen.commands.requests import Absorb, Minion, RevealForm, Stress, TakeOut
from fatescreen.commands.settle import (
    action_effort,
    no_hit_waiting,
    overcome_achieved,
    overcome_line,
    settle,
    settles,
    staged,
)
from fatescreen.commands.text import quoted
from fatescreen.i18n import tr
from fatescreen.rules.actions import Action
from fatescreen.rules.big_bads import (
    fallen_with_heart,
    minion_armor_options,
    redirect_hit,
    reveal_next_form,
)
from fatescreen.rules.character import Character, CharacterKind, Recovery, StressKind
from fatescreen.rules.conflict import add_participant, remove_participant
from fatescreen.rules.dice import DiceRoll, parse_faces
from fatescreen.rules.errors import FormStillStanding, RulesError
from fatescreen.rules.fate_points import Ledger, LedgerEntry, pay_concession
from fatescreen.rules.harm import (
    apply_absorption,
    begin_recovery,
    concede,
    consequences_taken_this_scene,
    take_out,
    treatment_difficulty,
)
from fatescreen.rules.npcs import apply_harm_to_group
from fatescreen.rules.outcomes import resolve
from fatescreen.scene.model import PendingHit, PendingRoll, RollPurpose, Scene


def _hit(ctx: Context) -> PendingHit:
    hit = ctx.scene.pending_hit
    if hit is None:
        raise CommandError(ctx.tr("error.no_hit"))
    return hit


def _taken_out_lines(ctx: Context, character: Character) -> tuple[str, ...]:
    lines: tuple[str, ...] = (ctx.tr("takeout.line", name=character.name),)
    if character.form < len(character.forms):
        lines += (ctx.tr("takeout.forms", name=character.name, ref=character.id),)
    return lines


def _leave_turn_order(scene: Scene, character: Character) -> Scene:
    if scene.turn is not None and character.id in scene.turn.participants:
        return replace(scene, turn=remove_participant(scene.turn, character.id))
    return scene


def fall_with_heart(
    ctx: Context, scene: Scene, character: Character
) -> tuple[Scene, tuple[str, ...]]:
    """A swarm's heart out of the conflict beats the whole (§7): its parts still acting
    are taken out with it and leave the turn order."""
    if character.swarm is None:
        return scene, ()
    fallen = fallen_with_heart(character.swarm, scene.character_index)
    for part in fallen:
        scene = _leave_turn_order(scene.with_character(part), part)
    if not fallen:
        return scene, ()
    names = ctx.names(part.id for part in fallen)
    return scene, (ctx.tr("swarm.beaten", name=character.name, parts=names),)


def after_hit(ctx: Context, scene: Scene, character: Character) -> tuple[Scene, tuple[str, ...]]:
    """The scene once a hit is settled: the character updated, the roll closed, and the
    next queued hit (of an attack on several targets) waiting, with its options shown."""
    scene = scene.with_character(character)
    beaten: tuple[str, ...] = ()
    if character.taken_out or character.conceded:
        scene = _leave_turn_order(scene, character)
        scene, beaten = fall_with_heart(ctx, scene, character)
    queue = [
        hit
        for hit in scene.queued_hits
        if not scene.character(hit.target).taken_out and not scene.character(hit.target).conceded
    ]
    scene = replace(
        scene,
        pending_roll=None,
        pending_hit=queue[0] if queue else None,
        queued_hits=tuple(queue[1:]),
    )
    if scene.pending_hit is None:
        return scene, beaten
    return scene, beaten + hit_lines(ctx, scene, scene.pending_hit)


def parse_absorb(args: Tokens) -> Absorb:
    """Stage one of ``absorb``: the whole line as a typed request.

    Raises:
        CommandError: ``replacing`` names no aspect.
    """
    option = args.optional_number()
    texts: list[str] = []
    replacing: str | None = None
    while args:
        if args.keyword("replacing"):
            replacing = args.take(tr(args.lang, "what.aspect"))
        else:
            texts.append(args.take(tr(args.lang, "what.consequence_text")))
    return Absorb(option, tuple(texts), replacing)


@verb(
    "absorb",
    'absorb [OPTION] ["CONSEQUENCE TEXT"...] [replacing ASPECT]',
    aliases=("ab", "ota"),
    example='absorb 2 "Gaping chest wound"',
    parse=parse_absorb,
)
def absorb(ctx: Context, args: Tokens, request: Absorb) -> Applied:
    """Absorb the pending hit with stress boxes and consequences."""
    hit = _hit(ctx)
    target = ctx.scene.character(hit.target)
    label = ctx.tr("label.absorb", name=target.name, shifts=hit.shifts)
    changed = frozenset({f"character:{target.id}", "pending", "aspects", "turn"})
    if target.kind is CharacterKind.MOOKS:
        if request != Absorb():
            # a mook group's hit takes its members out; there is nothing to choose
            extra = request.command().removeprefix("absorb ")
            raise ctx.error("error.extra", verb=args.verb_word, extra=extra, usage=args.usage)
        group, fallen = apply_harm_to_group(target, hit.shifts)
        line = (
            ctx.tr("minion.group", count=fallen, minion=target.name)
            if fallen
            else ctx.tr(
                "absorb.line",
                name=target.name,
                shifts=hit.shifts,
                what=ctx.tr("hit.boxes", count=hit.shifts, kind=ctx.tr("ui.stress.stress")),
            )
        )
        lines: tuple[str, ...] = (line,)
        if group.taken_out:
            lines += _taken_out_lines(ctx, group)
        scene, more = after_hit(ctx, ctx.scene, group)
        return Applied(scene, lines + more, label, changed)
    options = options_for(ctx.scene, hit)
    if not options:
        raise CommandError(ctx.tr("hit.taken_out_only", name=target.name, shifts=hit.shifts))
    number = 1 if request.option is None else request.option
    if not 1 <= number <= len(options):
        raise CommandError(ctx.tr("error.option", number=number, count=len(options)))
    option = options[number - 1]
    texts_given = list(request.texts)
    replacing = request.replacing
    needed = [i for i in option.consequences if not target.consequences[i].condition]
    conditions = [i for i in option.consequences if target.consequences[i].condition]
    if len(texts_given) == len(option.consequences):
        texts = dict(zip(option.consequences, texts_given, strict=True))
    elif len(texts_given) == len(needed):
        texts = dict(zip(needed, texts_given, strict=True))
        # A checked condition is named by the condition, in the table's language.
        texts.update(
            {i: ctx.tr(f"condition.{target.consequences[i].condition}") for i in conditions}
        )
    else:
        raise CommandError(ctx.tr("error.texts", count=len(needed), number=number))
    try:
        hurt = apply_absorption(
            target,
            option,
            texts,
            hit.attacker,
            options=ctx.scene.rules.harm_options,
            replaced_aspect=replacing,
        )
    except RulesError as error:
        raise refused(error, ctx.lang) from None
    what = option_text(ctx, target, option)
    named = [texts[i] for i in option.consequences if i in texts and i not in conditions]
    what += "".join(f" {quoted(text)}" for text in named)
    line = ctx.tr("absorb.line", name=target.name, shifts=hit.shifts, what=what)
    scene, more = after_hit(ctx, ctx.scene, hurt)
    return Applied(scene, (line, *more), label, changed)


def parse_takeout(args: Tokens) -> TakeOut:
    """Stage one of ``takeout``: who, if not the hit's target."""
    return TakeOut(args.optional())


@verb(
    "takeout",
    "takeout [NAME]",
    aliases=("to", "poistu"),
    example="takeout",
    parse=parse_takeout,
)
def takeout(ctx: Context, args: Tokens, request: TakeOut) -> Applied:
    """Take out the hit's target, or a named character (the rules' :func:`take_out`)."""
    ref = request.character
    hit = ctx.scene.pending_hit
    character = ctx.scene.character(_hit(ctx).target) if ref is None else ctx.character(ref)
    if character.taken_out:
        raise ctx.error("error.out", name=character.name)
    out = take_out(character)
    lines = _taken_out_lines(ctx, out)
    if hit is not None and hit.target == character.id:
        scene, more = after_hit(ctx, ctx.scene, out)
        lines += more
    else:
        scene = _leave_turn_order(ctx.scene.with_character(out), out)
        scene, beaten = fall_with_heart(ctx, scene, out)
        lines += beaten
        fallen = {c.id for c in scene.characters if c.taken_out}
        scene = replace(
            scene, queued_hits=tuple(h for h in scene.queued_hits if h.target not in fallen)
        )
    return Applied(
        scene, lines, lines[0], frozenset({f"character:{character.id}", "pending", "turn", "zones"})
    )


@dataclass(frozen=True)
class ConcedeRequest:
    """``concede NAME``: who concedes."""

    character: str


def parse_concede(args: Tokens) -> ConcedeRequest:
    """Stage one of ``concede``: who concedes."""
    return ConcedeRequest(args.take(tr(args.lang, "what.character")))


@dataclass(frozen=True)
class Conceded:
    """What the rules make of a concession: the character out of the conflict, and the
    fate points held for them until the scene ends."""

    character: Character
    points: int


@verb(
    "concede",
    "concede NAME",
    aliases=("co", "luovuta"),
    example="concede rozio",
    parse=parse_concede,
)
def concede_verb(ctx: Context, args: Tokens, request: ConcedeRequest) -> Applied:
    """A concession: the points are held until the conflict (scene) ends. Parsed, decided
    (:func:`decide_concede`), applied (:func:`apply_concede`), said."""
    conceded = decide_concede(ctx, ctx.character(request.character))
    scene = apply_concede(ctx, ctx.scene, conceded)
    line = ctx.tr("concede.line", name=conceded.character.name, points=conceded.points)
    changed = frozenset({f"character:{conceded.character.id}", "pool", "turn"})
    return Applied(scene, (line,), line, changed)


def decide_concede(ctx: Context, character: Character) -> Conceded:
    """Stage two of ``concede``: whether the rules allow it, and what it pays (§6
    «Luovuttaminen»: one point, plus one per consequence taken in this conflict).

    Raises:
        CommandError: The rules refuse it (the character is already out).
    """
    hit = ctx.scene.pending_hit
    rolled = hit is not None and hit.target == character.id
    taken = consequences_taken_this_scene(character)
    try:
        result = concede(character, opponent_rolled=rolled, consequences_taken=taken)
    except RulesError as error:
        raise refused(error, ctx.lang) from None
    points = pay_concession(Ledger(), character.id, taken).balance(character.id)
    return Conceded(result.character, points)


def apply_concede(ctx: Context, scene: Scene, conceded: Conceded) -> Scene:
    """Stage three of ``concede``: the character out of the turn order and its queued hits,
    the payout held until the conflict (the scene) ends."""
    character = conceded.character
    reason = ctx.tr("held.concession")
    entry = LedgerEntry(character.id, conceded.points, reason, held_until_scene_end=True)
    scene = replace(scene.with_character(character), held=(*scene.held, entry))
    scene = _leave_turn_order(scene, character)
    return replace(
        scene, queued_hits=tuple(h for h in scene.queued_hits if h.target != character.id)
    )


def parse_minion(args: Tokens) -> Minion:
    """Stage one of ``minion``: the minion named, if any."""
    ref = args.optional()
    args.done()
    return Minion(ref)


@verb(
    "minion",
    "minion [MINION]",
    aliases=("mi", "kätyri"),
    example="minion cultist-3",
    parse=parse_minion,
)
def minion(ctx: Context, args: Tokens, request: Minion) -> Applied:
    """Redirect the pending hit to one of the big bad's minions."""
    ref = request.minion
    hit = _hit(ctx)
    big_bad = ctx.scene.character(hit.target)
    choices = minion_armor_options(big_bad, ctx.scene.character_index)
    if not choices:
        raise CommandError(ctx.tr("error.no_minions", name=big_bad.name))
    if ref is None:
        chosen = ctx.scene.character(choices[0])
    else:
        chosen = ctx.character(ref)
        if chosen.id not in choices:
            names = ", ".join(ctx.scene.character(c).name for c in choices)
            raise CommandError(
                ctx.tr("error.not_minion", minion=chosen.name, name=big_bad.name, names=names)
            )
    # Only standing minions are offered, so the rules never refuse this redirect; they
    # choose the track (the hit's kind, else one for any harm). The minion absorbs with
    # stress or is taken out, so no consequence (and no attacker's free invoke) comes of it.
    outcome = redirect_hit(chosen, hit.shifts, hit.kind)
    lines = [ctx.tr("minion.line", minion=chosen.name, name=big_bad.name, shifts=hit.shifts)]
    if outcome.members_taken_out:
        lines.append(ctx.tr("minion.group", count=outcome.members_taken_out, minion=chosen.name))
    if outcome.taken_out:
        lines.append(ctx.tr("minion.out", minion=chosen.name))
    scene, more = after_hit(ctx, ctx.scene, outcome.minion)
    lines += more
    return Applied(
        scene,
        tuple(lines),
        lines[0],
        frozenset(
            {f"character:{chosen.id}", f"character:{big_bad.id}", "pending", "turn", "zones"}
        ),
    )


def parse_reveal(args: Tokens) -> RevealForm:
    """Stage one of ``reveal``: whose true form, softly or in full if said, and whether
    the GM forces it while the current form still stands."""
    character = args.take(tr(args.lang, "what.big_bad"))
    mode: str | None = None
    force = False
    while args:
        if not force and args.keyword("force"):
            force = True
        elif mode is None and (word := args.keyword("soft", "full")) is not None:
            mode = word
        else:
            args.done()
    return RevealForm(character, mode, force)


@verb(
    "reveal",
    "reveal NAME [soft|full] [force]",
    aliases=("rv", "paljasta"),
    example="reveal leader",
    parse=parse_reveal,
)
def reveal(ctx: Context, args: Tokens, request: RevealForm) -> Applied:
    """Reveal the next true form: once the big bad is taken out, or when the GM forces it
    (the rules' :func:`reveal_next_form` decides)."""
    character = ctx.character(request.character)
    soft = None if request.mode is None else request.mode == "soft"
    try:
        revealed = reveal_next_form(character, soft, force=request.force)
    except FormStillStanding:
        raise ctx.error("error.form_standing", name=character.name, ref=character.id) from None
    except RulesError as error:
        raise refused(error, ctx.lang) from None
    form = revealed.forms[revealed.form - 1]
    line = ctx.tr(
        "reveal.line",
        name=character.name,
        form=form.name,
        number=revealed.form + 1,
        count=revealed.form_count,
    )
    lines: tuple[str, ...] = (line,)
    if soft or (soft is None and form.soft):
        lines += (ctx.tr("reveal.soft"),)
    scene = ctx.scene.with_character(revealed)
    if scene.turn is not None and character.id not in scene.turn.participants:
        scene = replace(scene, turn=add_participant(scene.turn, character.id))
    return Applied(scene, lines, line, frozenset({f"character:{character.id}", "aspects", "turn"}))


def parse_stress(args: Tokens) -> Stress:
    """Stage one of ``stress``: whose box, on which track if said, and its number."""
    character = args.take(tr(args.lang, "what.character"))
    kind = args.keyword("physical", "mental", "stress")
    box = args.number(tr(args.lang, "what.box"))
    args.done()
    return Stress(character, kind, box)


@verb(
    "stress",
    "stress NAME [physical|mental|stress] BOX",
    aliases=("s", "rasitus"),
    example="stress silbestre physical 2",
    parse=parse_stress,
)
def stress(ctx: Context, args: Tokens, request: Stress) -> Applied:
    """Toggle one stress box."""
    character = ctx.character(request.character)
    kind_word, box = request.kind, request.box
    kinds = {
        "physical": StressKind.PHYSICAL,
        "mental": StressKind.MENTAL,
        "stress": StressKind.COMBINED,
    }
    if kind_word is not None:
        track = character.track(kinds[kind_word])
    else:
        track = character.stress[0] if character.stress else None
    if track is None:
        raise ctx.error("error.no_track", name=character.name)
    if not 1 <= box <= track.boxes:
        raise ctx.error("error.box", name=character.name, box=box, count=track.boxes)
    toggled = track.toggle(box)
    state = ctx.tr("stress.checked" if box in toggled.checked else "stress.cleared")
    line = ctx.tr(
        "stress.toggle",
        name=character.name,
        kind=ctx.tr(f"ui.stress.{track.kind.value}"),
        box=box,
        state=state,
    )
    return Applied(
        ctx.scene.with_character(character.with_track(toggled)),
        (line,),
        line,
        frozenset({f"character:{character.id}"}),
    )


# ---------------------------------------------------------------------------- recovery


@dataclass(frozen=True)
class RecoverRequest:
    """``recover HEALER SKILL CONSEQUENCE ["NEW NAME"] [FACES] [with H,H]``: who treats
    which consequence with which skill (names as typed), its new name, dice and helpers."""

    healer: str
    skill: str
    consequence: str
    new_name: str = ""
    dice: DiceRoll | None = None
    helpers: tuple[str, ...] = ()


def parse_recover(args: Tokens) -> RecoverRequest:
    """Stage one of ``recover``: the whole line as a typed request."""
    healer = args.take(tr(args.lang, "what.healer"))
    skill = args.take(tr(args.lang, "what.skill"))
    consequence = args.take(tr(args.lang, "what.consequence"))
    new_name = (args.word_unless("with", "dice") or "").strip()
    dice, helpers = args.dice_and_helpers()
    entered = parse_faces(dice) if dice is not None else None
    return RecoverRequest(healer, skill, consequence, new_name, entered, helpers)


@verb(
    "recover",
    'recover HEALER SKILL CONSEQUENCE ["NEW NAME"] [FACES] [with H,H]',
    aliases=("rc", "hoida"),
    example='recover silbestre Academics gaping "Stitched-up chest" +0+0',
    parse=parse_recover,
)
def recover(ctx: Context, args: Tokens, request: RecoverRequest) -> Applied:
    """An overcome to start treating a consequence; on success it is renamed, recovering.

    Stages: :func:`parse_recover`, the rules' :func:`treatment_difficulty` deciding the
    roll, :func:`settle` applying and saying it (:func:`apply_treatment`,
    :func:`say_treatment`), and the label.
    """
    no_hit_waiting(ctx)
    healer = ctx.standing(request.healer)
    skill = ctx.skill(healer, request.skill)
    found = ctx.consequence(request.consequence)
    new_name, entered, helpers = request.new_name, request.dice, list(request.helpers)
    patient_id, _, index = found.holder.removeprefix("consequence:").partition(":")
    patient = ctx.scene.character(patient_id)
    slot = patient.consequences[int(index)]
    if slot.recovering:
        raise ctx.error("error.recovering", aspect=quoted(found.aspect.name))
    if not new_name and not slot.condition:
        raise ctx.error("error.recover_name", aspect=quoted(found.aspect.name))
    try:
        difficulty = treatment_difficulty(slot.severity, self_treatment=healer.id == patient.id)
    except RulesError as error:
        raise refused(error, ctx.lang) from None
    effort, counted, _ = action_effort(ctx, healer, skill, entered, helpers)
    pending = PendingRoll(
        healer.id,
        Action.OVERCOME,
        skill,
        resolve(effort, difficulty),
        purpose=RollPurpose.TREATMENT,
        refs=(found.holder, new_name),
        helpers=counted,
    )
    scene, lines = settle(ctx, ctx.scene, pending)
    label = ctx.tr("label.recover", healer=healer.name, aspect=quoted(found.aspect.name))
    return Applied(
        scene, lines, label, frozenset({"pending", "aspects", f"character:{patient.id}"})
    )


@dataclass(frozen=True)
class Treated:
    """What a treatment roll put in the scene."""

    patient: str
    """The patient's id."""
    old: str
    """The consequence's name before the roll."""
    new: str | None
    """Its name once its recovery started; None when the roll fell short."""


def apply_treatment(ctx: Context, scene: Scene, pending: PendingRoll) -> tuple[Scene, Treated]:
    """On success (or at a cost) the consequence is renamed and its recovery clock starts."""
    holder, new_name = pending.refs
    patient_id, _, index = holder.removeprefix("consequence:").partition(":")
    patient = scene.character(patient_id)
    slot = patient.consequences[int(index)]
    assert slot.aspect is not None
    if not overcome_achieved(pending):
        return scene, Treated(patient_id, slot.aspect.name, None)
    healed = begin_recovery(slot, Recovery(scene.session, scene.scene_number), new_name or None)
    slots = list(patient.consequences)
    slots[int(index)] = healed
    scene = scene.with_character(replace(patient, consequences=tuple(slots)))
    assert healed.aspect is not None
    return scene, Treated(patient_id, slot.aspect.name, healed.aspect.name)


def say_treatment(
    ctx: Context, scene: Scene, pending: PendingRoll, treated: Treated
) -> tuple[str, ...]:
    """The roll's line, then the recovery started or not yet."""
    old = quoted(treated.old)
    patient = ctx.who(treated.patient)
    line = overcome_line(ctx, pending, "recover.line", patient=patient, aspect=old)
    if treated.new is None:
        return line, ctx.tr("recover.not_yet", aspect=old)
    started = ctx.tr("recover.started", aspect=old, new=quoted(treated.new), name=patient)
    return line, started


settle_treatment = settles(Action.OVERCOME, RollPurpose.TREATMENT)(
    staged(apply_treatment, say_treatment)
)
