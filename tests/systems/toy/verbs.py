"""The toy system's one verb: ``mark NAME`` adds one to a counter."""

from __future__ import annotations

from dataclasses import replace

from fatescreen.commands.names import fold
from fatescreen.commands.systems.base import SystemApplied, SystemContext, VerbSet, Words
from tests.systems.toy.scene import ToyScene

VERBS = VerbSet("toy", {})


@VERBS.verb("mark", "mark NAME", aliases=("merkitse",), example="mark Goblins")
def mark(ctx: SystemContext[ToyScene], words: Words) -> SystemApplied[ToyScene]:
    """Parse the name, decide which counter it is, apply one more, say the new count."""
    typed = words.take("NAME")
    words.done()
    names = [name for name, _ in ctx.value.counters]
    found = next((name for name in names if fold(name) == fold(typed)), None)
    if found is None:
        raise ctx.error("toy.unknown", name=typed, names=", ".join(names))
    counters = tuple((name, count + (name == found)) for name, count in ctx.value.counters)
    line = ctx.tr("toy.mark.line", name=found, count=dict(counters)[found])
    return SystemApplied(replace(ctx.value, counters=counters), (line,), line)
