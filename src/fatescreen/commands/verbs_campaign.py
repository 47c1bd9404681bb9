"""Verbs for campaigns: the scene list, playing and ending scenes, sessions, advancement."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from fatescreen.commands import verbs_flow
from fatescreen.commands.campaign import (
    CampaignApplied,
    CampaignContext,
    SceneEnd,
    SessionEnd,
    end_scene,
    end_session,
    take_breakthrough,
    take_milestone,
)
from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.errors import CommandError, refused
from fatescreen.commands.names import fold, resolve
from fatescreen.commands.requests import EndScene, EndSession, Milestone, Play
from fatescreen.i18n import tr
from fatescreen.rules.advancement import (
    Breakthrough,
    BuyStunt,
    MilestoneOption,
    Rename,
    ReplaceAverageSkill,
    RewriteAspect,
    RewriteStunt,
    SwapSkills,
)
from fatescreen.rules.character import Character, ConsequenceSlot, Stunt
from fatescreen.rules.errors import RulesError
from fatescreen.rules.ladder import parse_rating
from fatescreen.scene.campaign import Campaign, SceneState

OPTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "swap": ("swap", "vaihda"),
        "replace": ("replace", "korvaa"),
        "rewrite": ("rewrite", "kirjoita"),
        "buy": ("buy", "osta"),
        "aspect": ("aspect", "piirre"),
        "skip": ("skip", "ohita"),
        "raise": ("raise", "nosta"),
        "point": ("point", "piste"),
        "refresh": ("refresh", "lähtölataus", "virkistys"),
        "extra": ("extra", "lisätemppu"),
        "concept": ("concept", "ydin"),
        "rename": ("rename", "nimeä"),
        "compels": ("compels", "painostukset"),
    }
)
"""The option words of the campaign verbs, by English name, with their aliases."""

_OPTION_OF = {fold(alias): name for name, aliases in OPTIONS.items() for alias in aliases}
MILESTONE_OPTIONS = ("swap", "replace", "rewrite", "buy", "aspect")
BREAKTHROUGH_OPTIONS = ("raise", "point", "refresh", "extra", "concept", "rename")


def _option(args: Tokens, *allowed: str) -> str | None:
    """Consume the next word if it is one of the ``allowed`` option words (any language).

    Returns:
        The option's English name, or None (nothing consumed).
    """
    word = args.peek()
    name = _OPTION_OF.get(fold(word)) if word is not None else None
    if name is None or name not in allowed:
        return None
    args.take(name)
    return name


def _campaign(ctx: Context, args: Tokens) -> tuple[CampaignContext, Campaign]:
    """The campaign the command runs in.

    Raises:
        CommandError: The scene was opened on its own, not from a campaign.
    """
    if not isinstance(ctx, CampaignContext) or ctx.campaign is None:
        raise CommandError(ctx.tr("campaign.none", verb=args.verb_word))
    return ctx, ctx.campaign


def _running(ctx: CampaignContext, campaign: Campaign) -> bool:
    return campaign.running is not None and campaign.running == ctx.scene_key


def _between_scenes(ctx: CampaignContext, campaign: Campaign, args: Tokens) -> None:
    if campaign.running is not None:
        title = campaign.entry(campaign.running).title
        raise CommandError(ctx.tr("campaign.in_scene", verb=args.verb_word, title=title))


def _pc(ctx: Context, campaign: Campaign, ref: str) -> Character:
    """A party member by id, name or unique prefix."""
    return resolve(ref, ((c.id, c.name, c) for c in campaign.pcs), "character", ctx.lang)


def _skill(ctx: Context, names: Iterable[str], ref: str) -> str:
    return resolve(ref, ((name, name, name) for name in names), "skill", ctx.lang)


def _name_of(campaign: Campaign, ctx: Context, pc_id: str) -> str:
    names = {c.id: c.name for c in campaign.pcs}
    return names.get(pc_id) or ctx.who(pc_id)


def _listing(ctx: Context, items: Iterable[str]) -> str:
    return ", ".join(items) or ctx.tr("none")


# ---------------------------------------------------------------------------- scenes


@dataclass(frozen=True)
class Scenes:
    """``scenes``: the campaign's scene list (no words follow)."""


def parse_scenes(args: Tokens) -> Scenes:
    """Stage one of ``scenes``: nothing follows the verb."""
    return Scenes()


@verb(
    "scenes",
    "scenes",
    "List the campaign's scenes: prepared, running or finished.",
    aliases=("kohtaukset",),
    example="scenes",
    changes_scene=False,
    parse=parse_scenes,
)
def scenes(ctx: Context, args: Tokens, request: Scenes) -> Applied:
    """The scene list."""
    _, campaign = _campaign(ctx, args)
    lines = [ctx.tr("campaign.header", name=campaign.name, session=campaign.session)]
    for number, entry in enumerate(campaign.scenes, start=1):
        state = campaign.state_of(entry.key)
        line = ctx.tr(
            "campaign.scene_line",
            number=number,
            title=entry.title,
            file=entry.key,
            state=ctx.tr(f"campaign.state.{state.value}"),
        )
        if entry.problem:
            line += " · " + ctx.tr("campaign.scene_problem", problem=entry.problem)
        lines.append(line)
    return Applied(ctx.scene, tuple(lines))


def parse_play(args: Tokens) -> Play:
    """Stage one of ``play``: the scene as typed (a number, a title or a file)."""
    scene = args.take(args.words_in("SCENE"))
    args.done()
    return Play(scene)


@verb(
    "play",
    "play SCENE",
    "Start a prepared scene (by number, title or file): the GM pool is set from the PCs "
    "present, NPCs' carried points and unspent compel points; PCs' stress starts clear.",
    aliases=("pelaa",),
    example="play 1",
    parse=parse_play,
)
def play(ctx: Context, args: Tokens, request: Play) -> Applied:
    """Ask the session to open a scene of the campaign; a prepared one is started."""
    campaign_ctx, campaign = _campaign(ctx, args)
    ref = request.scene
    entries = campaign.scenes
    if ref.isdigit() and 1 <= int(ref) <= len(entries):
        entry = entries[int(ref) - 1]
    else:
        entry = resolve(ref, ((e.key, e.title, e) for e in entries), "scene", ctx.lang)
    state = campaign.state_of(entry.key)
    if campaign.running is not None and campaign.running != entry.key:
        running = campaign.entry(campaign.running).title
        raise CommandError(ctx.tr("campaign.still_running", title=running))
    if state is SceneState.RUNNING and campaign_ctx.scene_key == entry.key:
        raise CommandError(ctx.tr("campaign.already", title=entry.title))
    if state is SceneState.FINISHED:
        raise CommandError(ctx.tr("campaign.finished", title=entry.title))
    label = ctx.tr("campaign.label.play", title=entry.title)
    return CampaignApplied(
        ctx.scene, (), label, frozenset({"all"}), campaign=campaign, open_scene=entry.key
    )


# ---------------------------------------------------------------------------- scene end


def scene_end_lines(ctx: Context, campaign: Campaign, end: SceneEnd) -> list[str]:
    """A scene end as lines for the GM: what was cleared, delivered, carried and healed."""

    def points(items: Mapping[str, int]) -> str:
        return _listing(ctx, (f"{ctx.who(who)} +{n}" for who, n in items.items()))

    lines = [
        ctx.tr(
            "campaign.end",
            title=ctx.scene.title,
            characters=_listing(ctx, (ctx.who(i) for i in end.cleared)),
            boosts=end.boosts,
        ),
        ctx.tr("campaign.end.delivered", points=points(end.delivered)),
        ctx.tr("campaign.end.pool", pool=end.pool_left),
    ]
    if end.carried:
        lines.append(ctx.tr("campaign.end.carried", points=points(end.carried)))
    if end.aspects_gone:
        gone = (f'{ctx.who(who)}: "{name}"' for who, name in end.aspects_gone)
        lines.append(ctx.tr("campaign.end.aspects", aspects=_listing(ctx, gone)))
    if end.recovered:
        healed = (f'{_name_of(campaign, ctx, who)}: "{name}"' for who, name in end.recovered)
        lines.append(ctx.tr("campaign.end.recovered", items=_listing(ctx, healed)))
    if end.written:
        names = (_name_of(campaign, ctx, who) for who in end.written)
        lines.append(ctx.tr("campaign.end.written", names=_listing(ctx, names)))
    if end.compel_points:
        lines.append(ctx.tr("campaign.end.compels", count=end.compel_points))
    return lines


def parse_endscene(args: Tokens) -> EndScene:
    """Stage one of ``endscene``: the late compel points to carry, if any.

    Raises:
        CommandError: ``compels`` is not followed by a number from 0 to 100.
    """
    compels = None
    if _option(args, "compels"):
        compels = args.number(tr(args.lang, "what.compel_points"))
        if not 0 <= compels <= 100:
            raise CommandError(tr(args.lang, "campaign.compels_range"))
    return EndScene(compels)


@verb(
    "endscene",
    "endscene [compels N]",
    "End the scene: stress cleared, boosts gone, held points delivered, conflict closed. "
    "In a campaign also: PCs written back to party.toml, NPCs' earned points kept for their "
    "next scene, recovery clocks advanced, N late compel points carried to the next scene.",
    aliases=("end", "lopeta"),
    example="endscene compels 1",
    parse=parse_endscene,
)
def endscene(ctx: Context, args: Tokens, request: EndScene) -> Applied:
    """End the scene; in a campaign, the campaign's scene end."""
    if not isinstance(ctx, CampaignContext) or ctx.campaign is None:
        if request.compels is not None:
            # only a campaign carries compel points to a next scene
            raise ctx.error(
                "error.extra",
                verb=args.verb_word,
                extra=f"{args.words_in('compels')} {request.compels}",
                usage=args.usage,
            )
        return verbs_flow.endscene(ctx, args, request)
    campaign = ctx.campaign
    if not _running(ctx, campaign):
        raise CommandError(ctx.tr("campaign.no_scene"))
    end = end_scene(campaign, ctx.scene, request.compels)
    lines = scene_end_lines(ctx, campaign, end)
    label = ctx.tr("campaign.label.endscene", title=ctx.scene.title)
    return CampaignApplied(
        end.scene, tuple(lines), label, frozenset({"all"}), campaign=end.campaign, save=True
    )


# ---------------------------------------------------------------------------- session end


def session_end_lines(ctx: Context, campaign: Campaign, end: SessionEnd) -> list[str]:
    """A session end as lines for the GM: refreshed fate points, healed consequences and
    the milestones offered."""
    lines = [ctx.tr("campaign.session_end", number=campaign.session, next=campaign.session + 1)]
    for pc_id, before, after in end.refreshed:
        name = _name_of(campaign, ctx, pc_id)
        lines.append(ctx.tr("campaign.refresh", name=name, before=before, after=after))
    if end.recovered:
        healed = (f'{_name_of(campaign, ctx, who)}: "{name}"' for who, name in end.recovered)
        lines.append(ctx.tr("campaign.end.recovered", items=_listing(ctx, healed)))
    if end.milestones:
        names = (_name_of(campaign, ctx, who) for who in end.milestones)
        lines.append(ctx.tr("campaign.milestone_offer", names=_listing(ctx, names)))
    return lines


def parse_endsession(args: Tokens) -> EndSession:
    """Stage one of ``endsession``: nothing follows the verb."""
    return EndSession()


@verb(
    "endsession",
    "endsession",
    "End the session: fate points refreshed to at least refresh, moderate consequences "
    "treated a full session ago healed, the session number advanced, a milestone offered.",
    aliases=("lopetapelikerta", "lopetasessio"),
    example="endsession",
    parse=parse_endsession,
)
def endsession(ctx: Context, args: Tokens, request: EndSession) -> Applied:
    """End the session between scenes."""
    campaign_ctx, campaign = _campaign(ctx, args)
    _between_scenes(campaign_ctx, campaign, args)
    end = end_session(campaign)
    lines = session_end_lines(ctx, campaign, end)
    label = ctx.tr("campaign.label.endsession", number=campaign.session)
    return CampaignApplied(
        ctx.scene,
        tuple(lines),
        label,
        frozenset({"all", "party"}),
        campaign=end.campaign,
        save=True,
    )


# ---------------------------------------------------------------------------- advancement


def breakthrough_choices(
    ctx: Context, campaign: Campaign, character: Character, request: BreakthroughRequest
) -> tuple[Breakthrough, str]:
    """Stage two of ``breakthrough``: the options typed, read against the campaign (skills,
    consequences, the milestone), as the choices the rules' :func:`take_breakthrough`
    takes, with the history line that records them.

    Raises:
        CommandError: A skill, consequence or aspect named is unknown.
    """
    choices = Breakthrough()
    changes: list[str] = []
    raises: list[str] = []
    renames: list[Rename] = []
    for name, words in request.options:
        if name == "raise":
            raises += (_skill(ctx, campaign.skills, word) for word in words)
        elif name == "point":
            choices = replace(choices, extra_skill_point=True)
            changes.append(ctx.tr("advance.point"))
        elif name == "refresh":
            choices = replace(choices, extra_refresh=True)
            changes.append(ctx.tr("advance.refresh"))
        elif name == "extra":
            choices = replace(choices, extra_stunt=Stunt(words[0]))
            changes.append(ctx.tr("advance.extra", text=words[0]))
        elif name == "concept":
            choices = replace(choices, high_concept=words[0])
            changes.append(ctx.tr("advance.concept", text=words[0]))
        elif name == "rename":
            _, slot = _consequence(ctx, character, words[0])
            assert slot.aspect is not None
            renames.append(Rename(slot.aspect.name, words[1]))
            changes.append(ctx.tr("advance.aspect", old=slot.aspect.name, new=words[1]))
        else:
            option, change = _milestone_option(ctx, campaign, character, name, words)
            choices = replace(choices, milestone=option)
            changes.append(change)
    if raises:
        changes.insert(0, ctx.tr("advance.raise", skills=", ".join(raises)))
    choices = replace(choices, skill_raises=tuple(raises), recovering_names=tuple(renames))
    return choices, "; ".join(changes) or ctx.tr("advance.nothing")


_OPTION_WORDS = {
    "swap": ("what.skill", "what.skill"),
    "replace": ("what.skill", "what.skill"),
    "rewrite": ("what.number", "what.stunt"),
    "buy": ("what.stunt",),
    "aspect": ("what.aspect", "what.text"),
}
"""What each milestone option takes after its word (the catalog's words for them)."""


def _milestone_words(args: Tokens, name: str) -> tuple[str, ...]:
    """The words of one milestone option after its word, as typed (a stunt's number is
    checked to be one)."""
    words = tuple(args.take(tr(args.lang, what)) for what in _OPTION_WORDS[name])
    if name == "rewrite":
        try:
            parse_rating(words[0])
        except ValueError:
            raise args.not_a_number(words[0]) from None
    return words


def _milestone_option(
    ctx: Context, campaign: Campaign, character: Character, name: str, words: tuple[str, ...]
) -> tuple[MilestoneOption, str]:
    """One milestone option from its word and the words after it; returns it and its
    history line."""
    if name == "swap":
        first = _skill(ctx, character.skills, words[0])
        second = _skill(ctx, character.skills, words[1])
        change = ctx.tr("advance.swap", first=first, second=second)
        return SwapSkills(first, second), change
    if name == "replace":
        old = _skill(ctx, character.skills, words[0])
        new = _skill(ctx, campaign.skills, words[1])
        return ReplaceAverageSkill(old, new), ctx.tr("advance.replace", old=old, new=new)
    if name == "rewrite":
        number, text = parse_rating(words[0]), words[1]
        change = ctx.tr("advance.rewrite", number=number, text=text)
        return RewriteStunt(number - 1, Stunt(text)), change
    if name == "buy":
        text = words[0]
        return BuyStunt(Stunt(text)), ctx.tr("advance.buy", text=text)
    aspect = resolve(words[0], ((a.id, a.name, a) for a in character.aspects), "aspect", ctx.lang)
    new_name = words[1]
    change = ctx.tr("advance.aspect", old=aspect.name, new=new_name)
    return RewriteAspect(aspect.name, new_name), change


def parse_milestone(args: Tokens) -> Milestone:
    """Stage one of ``milestone``: the PC and the option with its words, as typed."""
    pc = args.take(args.words_in("PC"))
    name = _option(args, "skip", *MILESTONE_OPTIONS)
    if name is None:
        raise args.missing(args.words_in(*MILESTONE_OPTIONS, "skip", sep=" / "))
    values = () if name == "skip" else _milestone_words(args, name)
    args.done()
    return Milestone(pc, name, values)


@verb(
    "milestone",
    'milestone PC swap SKILL SKILL | replace SKILL NEWSKILL | rewrite N "STUNT" '
    '| buy "STUNT" | aspect ASPECT "NEW TEXT" | skip',
    "A milestone: swap two skills (or an Average one for a new one), rewrite a stunt, buy "
    "one for 1 refresh, or rewrite an aspect other than the high concept; or skip it.",
    aliases=("virstanpylväs",),
    example="milestone silbestre swap Fight Athletics",
    parse=parse_milestone,
)
def milestone(ctx: Context, args: Tokens, request: Milestone) -> Applied:
    """Apply a milestone option to a party member, between scenes."""
    campaign_ctx, campaign = _campaign(ctx, args)
    _between_scenes(campaign_ctx, campaign, args)
    character = _pc(ctx, campaign, request.pc)
    if request.option == "skip":
        option: MilestoneOption | None = None
        change = ctx.tr("advance.skip")
    else:
        option, change = _milestone_option(ctx, campaign, character, request.option, request.values)
    try:
        new = take_milestone(campaign, character.id, option, change)
    except RulesError as error:
        raise refused(error, ctx.lang) from None
    line = ctx.tr("campaign.milestone", name=character.name, change=change)
    return CampaignApplied(
        ctx.scene, (line,), line, frozenset({"party", f"pc:{character.id}"}), campaign=new
    )


def _consequence(ctx: Context, character: Character, ref: str) -> tuple[int, ConsequenceSlot]:
    filled = [(i, slot) for i, slot in enumerate(character.consequences) if slot.aspect]
    return resolve(
        ref,
        ((slot.aspect.id, slot.aspect.name, (i, slot)) for i, slot in filled if slot.aspect),
        "aspect",
        ctx.lang,
    )


@dataclass(frozen=True)
class BreakthroughRequest:
    """``breakthrough PC [OPTION WORDS...]...``: the PC, and each option with the words
    after it, as typed and in the order typed (skills and names are resolved later)."""

    pc: str
    options: tuple[tuple[str, tuple[str, ...]], ...] = ()


_BREAKTHROUGH_WORDS = {
    "point": (),
    "refresh": (),
    "extra": ("what.stunt",),
    "concept": ("what.text",),
    "rename": ("what.consequence", "what.new_name"),
}
"""What each breakthrough option (but ``raise``) takes after its word (the catalog's words
for them)."""


def parse_breakthrough(args: Tokens) -> BreakthroughRequest:
    """Stage one of ``breakthrough``: the PC and the options, with their words.

    Raises:
        CommandError: A word is missing, ``raise`` names no skill, an option is not one, or
            a second milestone option is given.
    """
    pc = args.take(args.words_in("PC"))
    options: list[tuple[str, tuple[str, ...]]] = []
    raised = 0
    milestone = False
    while args:
        name = _option(args, *BREAKTHROUGH_OPTIONS, *MILESTONE_OPTIONS)
        if name == "raise":
            skills: list[str] = []
            while args and fold(args.peek() or "") not in _OPTION_OF:
                skills.append(args.take(args.words_in("SKILL")))
            raised += len(skills)
            if not raised:
                raise args.missing(args.words_in("raise", "SKILL", sep=" "))
            options.append((name, tuple(skills)))
        elif name in _BREAKTHROUGH_WORDS:
            words = tuple(args.take(tr(args.lang, what)) for what in _BREAKTHROUGH_WORDS[name])
            options.append((name, words))
        elif name is not None:
            if milestone:
                raise CommandError(tr(args.lang, "campaign.one_milestone"))
            milestone = True
            options.append((name, _milestone_words(args, name)))
        else:
            args.done()
    return BreakthroughRequest(pc, tuple(options))


@verb(
    "breakthrough",
    'breakthrough PC [raise SKILL...] [point] [refresh] [extra "STUNT"] [concept "TEXT"] '
    '[rename CONSEQUENCE "NEW"]... [one milestone option]',
    "A breakthrough: +1 to a skill (point: a second one), optionally +1 refresh (extra: "
    "spend it on a stunt), a new high concept, a milestone option; consequences recovering "
    "are cleared and moderate and severe ones start recovering (rename them).",
    aliases=("läpimurto",),
    example='breakthrough silbestre raise Stealth Shoot point concept "Keeper of the archive"',
    parse=parse_breakthrough,
)
def breakthrough(ctx: Context, args: Tokens, request: BreakthroughRequest) -> Applied:
    """Apply a breakthrough to a party member, between scenes: parsed, the choices read
    against the campaign, the rules' :func:`take_breakthrough` applying them, said."""
    campaign_ctx, campaign = _campaign(ctx, args)
    _between_scenes(campaign_ctx, campaign, args)
    character = _pc(ctx, campaign, request.pc)
    choices, change = breakthrough_choices(ctx, campaign, character, request)
    try:
        taken = take_breakthrough(campaign, character.id, choices, change)
    except RulesError as error:
        raise refused(error, ctx.lang) from None
    lines = [ctx.tr("campaign.breakthrough", name=character.name, change=change)]
    if taken.recovered:
        healed = (f'"{name}"' for _, name in taken.recovered)
        lines.append(ctx.tr("campaign.end.recovered", items=_listing(ctx, healed)))
    if taken.skill_points:
        lines.append(ctx.tr("campaign.banked", count=taken.skill_points))
    return CampaignApplied(
        ctx.scene,
        tuple(lines),
        lines[0],
        frozenset({"party", f"pc:{character.id}"}),
        campaign=taken.campaign,
    )
