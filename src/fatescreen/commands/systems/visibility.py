"""``secret NAME`` and ``public NAME`` for the systems on the shared stack: keep one of the
GM's characters off the player view, or show it, as one undoable step (the same words and
messages as Fate's ``secret`` and ``public``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, Self

from fatescreen.commands.names import resolve
from fatescreen.commands.systems.base import SystemApplied, SystemContext, VerbSet, Words


class Hideable(Protocol):
    """A scene value whose GM's characters the players may be kept from seeing."""

    def visibility(self) -> Mapping[str, bool | None]:
        """Every character by name: whether the players do not see it (None for a player's
        character, which they always see)."""
        ...

    def with_hidden(self, name: str, hidden: bool) -> Self:
        """The scene with the GM's character ``name`` kept from the players, or shown."""
        ...


def _change(
    ctx: SystemContext[Any], words: Words, what: str, *, hidden: bool
) -> SystemApplied[Any]:
    ref = words.take(ctx.tr(f"what.{what}"))
    words.done()
    value: Hideable = ctx.value
    known = value.visibility()
    name: str = resolve(ref, ((name, name, name) for name in known), what, ctx.lang)
    if known[name] is None:
        raise ctx.error("error.pc_public", name=name)
    if known[name] is hidden:
        raise ctx.error("error.already_secret" if hidden else "error.already_public", name=name)
    word = "secret" if hidden else "public"
    line = ctx.tr(f"visibility.{word}", name=name)
    label = ctx.tr(f"visibility.label.{word}", name=name)
    return SystemApplied(value.with_hidden(name, hidden), (line,), label)


def add_visibility_verbs(verbs: VerbSet, what: str, example: str) -> None:
    """Give a system's verbs ``secret NAME`` and ``public NAME``.

    Args:
        verbs: The system's verbs; their scene value is :class:`Hideable`. Each verb's help
            is the catalog's ``PREFIX.verb.secret`` and ``PREFIX.verb.public``.
        what: What a name names, for messages: ``character`` or ``object``.
        example: A GM's character of the system's sample scene, for the examples.
    """

    @verbs.verb("secret", "secret NAME", aliases=("salaa",), example=f"secret {example}")
    def secret_verb(ctx: SystemContext[Any], words: Words) -> SystemApplied[Any]:
        """Keep one of the GM's characters off the player view."""
        return _change(ctx, words, what, hidden=True)

    @verbs.verb("public", "public NAME", aliases=("julkista",), example=f"public {example}")
    def public_verb(ctx: SystemContext[Any], words: Words) -> SystemApplied[Any]:
        """Show one of the GM's characters on the player view."""
        return _change(ctx, words, what, hidden=False)
