"""Verbs that decide what the players see: ``secret`` and ``public`` (docs/player-view.md)."""

from __future__ import annotations

from dataclasses import replace

from fatescreen.commands.build import find_record
from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.errors import CommandError
from fatescreen.commands.requests import Visibility
from fatescreen.commands.text import quoted
from fatescreen.i18n import tr
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.rules.obstacles import Countdown, CountdownVisibility
from fatescreen.scene.aspects import AspectInPlay, replace_aspect
from fatescreen.scene.model import Scene, Zone

VISIBLE_KINDS = ("character", "zone", "countdown")
"""Records that can be secret, besides aspects (``aspect:NAME`` looks among aspects only)."""

Element = Character | Zone | Countdown | AspectInPlay


def find_element(ctx: Context, ref: str) -> Element:
    """An NPC, a zone, a countdown or an aspect by id, name or prefix; records first,
    ``aspect:NAME`` for an aspect that shares a record's name.

    Raises:
        CommandError: Nothing, or more than one thing, matches.
    """
    kind, colon, rest = ref.partition(":")
    if colon and kind == "aspect":
        return ctx.aspect(rest)
    try:
        found = find_record(ctx, ref, VISIBLE_KINDS, "secret")
    except CommandError:
        if colon and kind in VISIBLE_KINDS:
            raise
        try:
            return ctx.aspect(ref)
        except CommandError:
            raise ctx.error("error.unknown_secret", ref=ref) from None
    assert isinstance(found, Character | Zone | Countdown)
    return found


def is_secret(element: Element) -> bool:
    """Whether the players are kept from seeing an element."""
    if isinstance(element, AspectInPlay):
        return element.aspect.hidden
    if isinstance(element, Countdown):
        return element.visibility is not CountdownVisibility.FULL
    return element.hidden


def element_name(element: Element) -> str:
    """An element's name as the GM reads it."""
    return element.aspect.name if isinstance(element, AspectInPlay) else element.name


def with_secret(scene: Scene, element: Element, secret: bool) -> tuple[Scene, frozenset[str]]:
    """The scene with an element secret or public, and the parts of the dashboard that
    change."""
    if isinstance(element, AspectInPlay):
        aspect = replace(element.aspect, hidden=secret)
        return replace_aspect(scene, element.holder, element.aspect, aspect), frozenset(
            {"aspects", "zones", *(f"character:{o}" for o in [element.owner] if o)}
        )
    if isinstance(element, Countdown):
        visibility = CountdownVisibility.HIDDEN if secret else CountdownVisibility.FULL
        countdown = replace(element, visibility=visibility)
        countdowns = tuple(countdown if c.id == element.id else c for c in scene.countdowns)
        return scene.with_changes(countdowns=countdowns), frozenset({"countdowns"})
    if isinstance(element, Zone):
        zone = replace(element, hidden=secret)
        zones = tuple(zone if z.id == element.id else z for z in scene.zones)
        return scene.with_changes(zones=zones), frozenset({"zones", "aspects"})
    character = replace(element, hidden=secret)
    return scene.with_character(character), frozenset({f"character:{element.id}", "zones", "turn"})


def parse_visibility(args: Tokens, *, secret: bool) -> Visibility:
    """Stage one of ``secret`` and ``public``: the one thing named."""
    ref = args.take(tr(args.lang, "what.secret"))
    args.done()
    return Visibility(ref, secret)


def parse_secret(args: Tokens) -> Visibility:
    """Stage one of ``secret``: the one thing to hide."""
    return parse_visibility(args, secret=True)


def parse_public(args: Tokens) -> Visibility:
    """Stage one of ``public``: the one thing to show."""
    return parse_visibility(args, secret=False)


def _mark(ctx: Context, request: Visibility) -> Applied:
    secret = request.secret
    element = find_element(ctx, request.target)
    name = quoted(element_name(element))
    if isinstance(element, Character) and element.kind is CharacterKind.PC:
        raise ctx.error("error.pc_public", name=name)
    if is_secret(element) == secret:
        raise ctx.error("error.already_secret" if secret else "error.already_public", name=name)
    scene, changed = with_secret(ctx.scene, element, secret)
    word = "secret" if secret else "public"
    line = ctx.tr(f"visibility.{word}", name=name)
    return Applied(scene, (line,), ctx.tr(f"visibility.label.{word}", name=name), changed)


@verb(
    "secret",
    "secret NAME|aspect:NAME",
    aliases=("salaa",),
    example='secret "Secret trapdoor"',
    parse=parse_secret,
)
def secret(ctx: Context, args: Tokens, request: Visibility) -> Applied:
    """Keep an aspect, an NPC, a zone or a countdown from the players."""
    return _mark(ctx, request)


@verb(
    "public",
    "public NAME|aspect:NAME",
    aliases=("julkista",),
    example="public leader",
    parse=parse_public,
)
def public(ctx: Context, args: Tokens, request: Visibility) -> Applied:
    """Show an aspect, an NPC, a zone or a countdown to the players."""
    return _mark(ctx, request)
