"""Invoking on the roll just made: the aspects someone can invoke (free invokes first), and
the one key that spends the first free invoke their side holds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from textual.content import Content

from fatescreen.commands.requests import Invoke
from fatescreen.rules.aspects import GM
from fatescreen.rules.invokes import free_invoke_holders
from fatescreen.scene.aspects import aspects_in_play, first_aspect_in_play
from fatescreen.ui.dialogs import ChoiceDialog
from fatescreen.ui.table import Table
from fatescreen.ui.text import assemble


class InvokeFlow:
    """The invoke dialog (Enter +2, r reroll, o +2 to the opposition) and free invokes."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def roller(self) -> str:
        """Who made the pending roll: a character, a hazard or other obstacle, else the GM."""
        scene = self.table.scene
        pending = scene.pending_roll
        assert pending is not None
        actor = pending.actor
        if actor in scene.character_index or actor in scene.obstacle_index:
            return actor
        return GM

    def choose(self, invoker: str, *, then: Callable[[], None] | None = None) -> None:
        """The aspects ``invoker`` can invoke: its free invokes first, then paid ones (a
        fate point each); Esc, or an invoke that leaves the hit as it was, runs ``then``
        (the dialog the invoke came from)."""
        table = self.table
        scene = table.scene
        names = {c.id: c.name for c in scene.characters}
        pcs = frozenset(c.id for c in scene.pcs)
        free_first: list[tuple[Invoke, Content | str]] = []
        paid: list[tuple[Invoke, Content | str]] = []
        gm = table.view_state.tr("gm.name")
        paid_mark = table.tr("ui.paid_mark") + " "
        for found in aspects_in_play(scene):
            label = found.aspect.name
            if free_invoke_holders(found.aspect, invoker, pcs):
                mark = (table.tr("ui.free_mark") + " ", "$success")
                free_first.append((Invoke(found.key, invoker, "free"), assemble(mark, label)))
            if not found.aspect.is_boost:
                owners = {names.get(o, gm) for o in found.aspect.free_invokes}
                extra = f"  ({', '.join(sorted(owners))})" if owners else ""
                paid.append(
                    (
                        Invoke(found.key, invoker),
                        assemble((paid_mark, "$warning"), label, (extra, "$text-muted")),
                    )
                )
        options = free_first + paid

        def chosen(line: str | None) -> None:
            hit = table.scene.pending_hit
            if line:
                table.run_command(line)
            if then is not None and (not line or table.scene.pending_hit == hit):
                then()

        def way(use: str) -> list[str]:
            """Each option's line with another use of the invoke (reroll, oppose)."""
            return [replace(invoke, effect=use).command() for invoke, _ in options]

        who = names.get(invoker, table.tr("ui.gm") if invoker == GM else invoker)
        table.push_screen(
            ChoiceDialog(
                table.view_state,
                table.tr("ui.invoke_title_by", name=who),
                [(invoke.command(), label) for invoke, label in options],
                note=table.tr("ui.invoke_note"),
                alternates=[
                    ("r", table.tr("ui.invoke_reroll"), way("reroll")),
                    ("o", table.tr("ui.invoke_oppose"), way("oppose")),
                ],
            ),
            chosen,
        )

    def spend_free(self, invoker: str) -> bool:
        """Invoke the first aspect on which ``invoker``'s side holds a free invoke; False
        when it holds none."""
        table = self.table
        pcs = frozenset(c.id for c in table.scene.pcs)
        found = first_aspect_in_play(
            table.scene,
            # most aspects hold no free invoke: skip them before asking whose they are
            lambda a: bool(a.aspect.free_invokes and free_invoke_holders(a.aspect, invoker, pcs)),
        )
        if found is None:
            return False
        table.run_command(Invoke(found.key, invoker, "free"))
        return True


__all__ = ["InvokeFlow"]
