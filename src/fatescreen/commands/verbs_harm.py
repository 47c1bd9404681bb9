"""Verbs for harm: absorbing a hit, taken out, conceding, minion armor, true forms, stress."""

from __future__ import annotations

from dataclasses import replace

from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.errors import CommandError
from fatescreen.commands.harm_text import harm_options, option_text, options_for
from fatescreen.rules.big_bads import minion_armor_options, redirect_hit, reveal_next_form
from fatescreen.rules.character import Character, CharacterKind, StressKind
from fatescreen.rules.errors import RulesError
from fatescreen.rules.harm import apply_absorption, concede, take_out
from fatescreen.rules.npcs import apply_harm_to_group
from fatescreen.scene.model import PendingHit, Scene


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


def _after_hit(scene: Scene, character: Character) -> Scene:
    """The scene once a hit is settled: the character updated, nothing pending."""
    scene = scene.with_character(character)
    if character.taken_out and scene.turn is not None and character.id in scene.turn.participants:
        from fatescreen.rules.conflict import remove_participant

        scene = replace(scene, turn=remove_participant(scene.turn, character.id))
    return replace(scene, pending_hit=None)


@verb(
    "absorb",
    'absorb [OPTION] ["CONSEQUENCE TEXT"...]',
    "Absorb the pending hit with one of the offered options (1 = the most likely).",
    aliases=("ab", "ota"),
    example='absorb 2 "Gaping chest wound"',
)
def absorb(ctx: Context, args: Tokens) -> Applied:
    """Absorb the pending hit with stress boxes and consequences."""
    hit = _hit(ctx)
    target = ctx.scene.character(hit.target)
    if target.kind is CharacterKind.MOOKS:
        args.done()
        group, fallen = apply_harm_to_group(target, hit.shifts)
        line = (
            ctx.tr("minion.group", count=fallen, minion=target.name)
            if fallen
            else ctx.tr(
                "absorb.line",
                name=target.name,
                shifts=hit.shifts,
                what=ctx.tr("hit.boxes", count=hit.shifts, kind="stress"),
            )
        )
        lines: tuple[str, ...] = (line,)
        if group.taken_out:
            lines += _taken_out_lines(ctx, group)
        label = ctx.tr("label.absorb", name=target.name, shifts=hit.shifts)
        return Applied(
            _after_hit(ctx.scene, group),
            lines,
            label,
            frozenset({f"character:{target.id}", "pending", "turn"}),
        )
    options = options_for(ctx.scene, hit)
    if not options:
        raise CommandError(ctx.tr("hit.taken_out_only", name=target.name, shifts=hit.shifts))
    number = args.optional_number() or 1
    if not 1 <= number <= len(options):
        raise CommandError(ctx.tr("error.option", number=number, count=len(options)))
    option = options[number - 1]
    texts_given = list(args.words)
    args.words = []
    if len(texts_given) != len(option.consequences):
        raise CommandError(ctx.tr("error.texts", count=len(option.consequences), number=number))
    texts = dict(zip(option.consequences, texts_given, strict=True))
    try:
        hurt = apply_absorption(
            target, option, texts, hit.attacker, options=harm_options(ctx.scene.rules)
        )
    except RulesError as error:
        raise CommandError(str(error)) from None
    what = option_text(ctx, target, option)
    for index, text in texts.items():
        what += f' "{text}"' if index == option.consequences[-1] else ""
    line = ctx.tr("absorb.line", name=target.name, shifts=hit.shifts, what=what)
    label = ctx.tr("label.absorb", name=target.name, shifts=hit.shifts)
    return Applied(
        _after_hit(ctx.scene, hurt),
        (line,),
        label,
        frozenset({f"character:{target.id}", "pending", "aspects"}),
    )


@verb(
    "takeout",
    "takeout [NAME]",
    "The pending hit's target (or NAME) is taken out; the attacker narrates.",
    aliases=("to", "poistu"),
    example="takeout",
)
def takeout(ctx: Context, args: Tokens) -> Applied:
    """Take out the hit's target, or a named character."""
    ref = args.optional()
    args.done()
    character = ctx.scene.character(_hit(ctx).target) if ref is None else ctx.character(ref)
    out = take_out(character)
    scene = _after_hit(ctx.scene, out)
    if ctx.scene.pending_hit is not None and ctx.scene.pending_hit.target != character.id:
        scene = replace(scene, pending_hit=ctx.scene.pending_hit)
    lines = _taken_out_lines(ctx, out)
    return Applied(
        scene, lines, lines[0], frozenset({f"character:{character.id}", "pending", "turn", "zones"})
    )


@verb(
    "concede",
    "concede NAME",
    "NAME concedes before the opponent rolls: 1 fate point + 1 per consequence taken.",
    aliases=("co", "luovuta"),
    example="concede rozio",
)
def concede_verb(ctx: Context, args: Tokens) -> Applied:
    """A concession: the points are held until the conflict (scene) ends."""
    character = ctx.character(args.take("who concedes"))
    args.done()
    hit = ctx.scene.pending_hit
    rolled = hit is not None and hit.target == character.id
    taken = len(character.consequence_aspects)
    try:
        result = concede(character, opponent_rolled=rolled, consequences_taken=taken)
    except RulesError as error:
        raise CommandError(str(error)) from None
    from fatescreen.rules.fate_points import LedgerEntry

    entry = LedgerEntry(character.id, result.fate_points, "concession", held_until_scene_end=True)
    scene = replace(ctx.scene.with_character(result.character), held=(*ctx.scene.held, entry))
    if scene.turn is not None and character.id in scene.turn.participants:
        from fatescreen.rules.conflict import remove_participant

        scene = replace(scene, turn=remove_participant(scene.turn, character.id))
    line = ctx.tr("concede.line", name=character.name, points=result.fate_points)
    return Applied(scene, (line,), line, frozenset({f"character:{character.id}", "pool", "turn"}))


@verb(
    "minion",
    "minion [MINION]",
    "Minion armor: a minion steps in and takes the pending hit on the big bad, no roll.",
    aliases=("mi", "kätyri"),
    example="minion cultist-3",
)
def minion(ctx: Context, args: Tokens) -> Applied:
    """Redirect the pending hit to one of the big bad's minions."""
    hit = _hit(ctx)
    big_bad = ctx.scene.character(hit.target)
    choices = minion_armor_options(big_bad, ctx.scene.character_index)
    if not choices:
        raise CommandError(ctx.tr("error.no_minions", name=big_bad.name))
    ref = args.optional()
    args.done()
    if ref is None:
        chosen = ctx.scene.character(choices[0])
    else:
        chosen = ctx.character(ref)
        if chosen.id not in choices:
            names = ", ".join(ctx.scene.character(c).name for c in choices)
            raise CommandError(
                ctx.tr("error.not_minion", minion=chosen.name, name=big_bad.name, names=names)
            )
    kind = hit.kind
    if chosen.track(kind) is None and chosen.track(StressKind.COMBINED) is not None:
        kind = StressKind.COMBINED
    try:
        outcome = redirect_hit(chosen, hit.shifts, kind, inflicted_by=hit.attacker)
    except RulesError as error:
        raise CommandError(str(error)) from None
    lines = [ctx.tr("minion.line", minion=chosen.name, name=big_bad.name, shifts=hit.shifts)]
    if outcome.members_taken_out:
        lines.append(ctx.tr("minion.group", count=outcome.members_taken_out, minion=chosen.name))
    if outcome.taken_out:
        lines.append(ctx.tr("minion.out", minion=chosen.name))
    scene = _after_hit(ctx.scene, outcome.minion)
    return Applied(
        scene,
        tuple(lines),
        lines[0],
        frozenset(
            {f"character:{chosen.id}", f"character:{big_bad.id}", "pending", "turn", "zones"}
        ),
    )


@verb(
    "reveal",
    "reveal NAME [soft|full]",
    "Reveal a beaten big bad's next true form (soft: keep consequences, stepped down).",
    aliases=("rv", "paljasta"),
    example="reveal leader",
)
def reveal(ctx: Context, args: Tokens) -> Applied:
    """Reveal the next true form."""
    character = ctx.character(args.take("the big bad"))
    choice = args.keyword("soft", "full", "pehmeä", "täysi")
    args.done()
    soft = None if choice is None else choice in ("soft", "pehmeä")
    try:
        revealed = reveal_next_form(character, soft)
    except RulesError as error:
        raise CommandError(str(error)) from None
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
        from fatescreen.rules.conflict import add_participant

        scene = replace(scene, turn=add_participant(scene.turn, character.id))
    return Applied(scene, lines, line, frozenset({f"character:{character.id}", "aspects", "turn"}))


@verb(
    "stress",
    "stress NAME [physical|mental] BOX",
    "Check or clear one stress box by hand.",
    aliases=("s", "rasitus"),
    example="stress silbestre physical 2",
)
def stress(ctx: Context, args: Tokens) -> Applied:
    """Toggle one stress box."""
    character = ctx.character(args.take("whose stress"))
    kind_word = args.keyword("physical", "mental", "stress", "fyysinen", "henkinen", "p", "m")
    box = args.number("the box number")
    args.done()
    kinds = {
        "physical": StressKind.PHYSICAL,
        "fyysinen": StressKind.PHYSICAL,
        "p": StressKind.PHYSICAL,
        "mental": StressKind.MENTAL,
        "henkinen": StressKind.MENTAL,
        "m": StressKind.MENTAL,
        "stress": StressKind.COMBINED,
    }
    track = (
        character.track(kinds[kind_word])
        if kind_word
        else (character.stress[0] if character.stress else None)
    )
    if track is None:
        raise CommandError(f"{character.name} has no such stress track")
    try:
        toggled = track.toggle(box)
    except ValueError as error:
        raise CommandError(str(error)) from None
    state = ctx.tr("stress.checked" if box in toggled.checked else "stress.cleared")
    line = ctx.tr("stress.toggle", name=character.name, kind=track.kind.value, box=box, state=state)
    return Applied(
        ctx.scene.with_character(character.with_track(toggled)),
        (line,),
        line,
        frozenset({f"character:{character.id}"}),
    )
