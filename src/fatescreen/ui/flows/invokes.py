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
from fatescreen.ui.messages import AfterRequest, RequestSubmitted
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
        options = free_first + self._opposing_free(invoker) + paid

        def chosen(line: str | None) -> None:
            hit = table.scene.pending_hit

            def back(_result: object = None) -> None:
                if then is not None and table.scene.pending_hit == hit:
                    then()

            if line:
                table.post_message(RequestSubmitted(line, then=back))
            else:
                back()

        def way(use: str) -> list[str]:
            """Each option's line with another use of the invoke (reroll, oppose); the
            other side's free invokes only ever oppose."""
            return [
                (invoke if invoke.by != invoker else replace(invoke, effect=use)).command()
                for invoke, _ in options
            ]

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
            ).naming(who),
            chosen,
        )

    def _opposing_free(self, invoker: str) -> list[tuple[Invoke, Content | str]]:
        """On a PC's roll, the free invokes the other side holds (an NPC's, a hazard's, a
        block's or the GM's), each spent by the GM as +2 to the opposition."""
        table = self.table
        scene = table.scene
        pcs = frozenset(c.id for c in scene.pcs)
        if invoker not in pcs:
            return []
        names = {c.id: c.name for c in scene.characters}
        names.update({o.id: o.name for o in scene.obstacles})
        gm = table.tr("ui.gm")
        mark = (table.tr("ui.free_mark") + " ", "$success")
        oppose = table.tr("ui.invoke_oppose")
        found_options: list[tuple[Invoke, Content | str]] = []
        for found in aspects_in_play(scene):
            if not found.aspect.free_invokes:
                continue
            holders = free_invoke_holders(found.aspect, GM, pcs)
            if holders:
                who = ", ".join(names.get(holder, gm) for holder in holders)
                found_options.append(
                    (
                        Invoke(found.key, GM, "free", "oppose"),
                        assemble(mark, found.aspect.name, (f"  {oppose} ({who})", "$text-muted")),
                    )
                )
        return found_options

    def spend_free(self, invoker: str, *, then: AfterRequest | None = None) -> bool:
        """Invoke the first aspect on which ``invoker``'s side holds a free invoke (then
        ``then``); False when it holds none."""
        table = self.table
        pcs = frozenset(c.id for c in table.scene.pcs)
        found = first_aspect_in_play(
            table.scene,
            # most aspects hold no free invoke: skip them before asking whose they are
            lambda a: bool(a.aspect.free_invokes and free_invoke_holders(a.aspect, invoker, pcs)),
        )
        if found is None:
            return False
        table.post_message(RequestSubmitted(Invoke(found.key, invoker, "free"), then=then))
        return True


__all__ = ["InvokeFlow"]
