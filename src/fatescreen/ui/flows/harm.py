"""Absorbing a hit and revealing a true form: the dialogs that follow a hit, and what each
choice asks of the table."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from fatescreen.commands.harm_text import option_text, options_for
from fatescreen.commands.requests import Absorb, Minion, Request, RevealForm, TakeOut, Trade
from fatescreen.commands.session import Result
from fatescreen.rules.actions import style_trade
from fatescreen.rules.big_bads import minion_armor_options
from fatescreen.ui.dialogs import ChoiceDialog, TextDialog
from fatescreen.ui.flows.invokes import InvokeFlow
from fatescreen.ui.messages import RequestSubmitted
from fatescreen.ui.table import Table, apply_chosen
from fatescreen.ui.text import assemble

FREE_INVOKE = "@free"
"""The absorb dialog's answer for f: the defender spends a free invoke first."""
INVOKE = "@invoke"
"""The absorb dialog's answer for i: the defender chooses an aspect to invoke first."""
ATTACKER_FREE_INVOKE = "@attacker-free"
"""The absorb dialog's answer for F: the attacker spends a free invoke on the roll first."""
ATTACKER_INVOKE = "@attacker-invoke"
"""The absorb dialog's answer for I: the attacker chooses an aspect to invoke first."""
REVEAL = "@reveal"
"""The absorb dialog's answer for r: taken out, and the next true form revealed."""
INVOKES = {
    FREE_INVOKE: (False, True),
    INVOKE: (False, False),
    ATTACKER_FREE_INVOKE: (True, True),
    ATTACKER_INVOKE: (True, False),
}
"""Each invoke answer: whether the attacker invokes (else the defender), and whether free."""


class HarmFlow:
    """The absorb dialog for the pending hit (and the consequence names it asks for), the
    defender's invokes against the hit, and the reveal of a big bad's next true form."""

    def __init__(self, table: Table, invokes: InvokeFlow) -> None:
        self.table = table
        self.invokes = invokes

    def absorb(self) -> None:
        """Offer the legal ways to absorb the pending hit (the likeliest highlighted), each
        minion that can take it for a big bad (the first on m), taken out (r: taken out,
        revealing a big bad's next true form), the defender's invokes (f free, i any) and
        the attacker's (F free, I any) that change the hit before it is absorbed."""
        table = self.table
        scene = table.scene
        hit = scene.pending_hit
        if hit is None:
            return
        target = scene.character(hit.target)
        options = options_for(scene, hit)
        context = table.context()
        choices: list[tuple[str, Content | str]] = [
            (Absorb(number).command(), option_text(context, target, option))
            for number, option in enumerate(options, start=1)
        ]
        minions = minion_armor_options(target, scene.character_index)
        for index, minion_id in enumerate(minions):
            label = table.tr(
                "ui.minion_takes", minion=scene.character(minion_id).name, shifts=hit.shifts
            )
            mark = "[m] " if not index else "    "
            choices.append((Minion(minion_id).command(), assemble((mark, "bold"), label)))
        takeout = TakeOut().command()
        choices.append((takeout, table.tr("ui.taken_out_choice")))
        keys = [("t", table.tr("ui.taken_out_choice"), takeout)]
        if minions:
            keys.insert(0, ("m", table.tr("ui.minion_choice"), Minion(minions[0]).command()))
        if target.form < len(target.forms):
            form = target.forms[target.form].name
            keys.append(("r", table.tr("ui.taken_out_reveal", form=form), REVEAL))
        keys += [
            ("f", table.tr("ui.defender_free_invoke"), FREE_INVOKE),
            ("i", table.tr("ui.defender_invoke"), INVOKE),
        ]
        pending = scene.pending_roll
        attacker = self.invokes.roller() if pending is not None else None
        if attacker is not None and attacker != target.id:
            name = self._name(attacker)
            keys += [
                ("F", table.tr("ui.attacker_free_invoke", name=name), ATTACKER_FREE_INVOKE),
                ("I", table.tr("ui.attacker_invoke", name=name), ATTACKER_INVOKE),
            ]
        trade = None if pending is None else style_trade(pending.result)
        if trade is not None and hit.shifts > trade.traded_shifts:
            keys.append(("b", table.tr("ui.trade_boost"), Trade().command()))
        title = table.tr("ui.absorb_title", name=target.name, shifts=hit.shifts)
        needed = {
            Absorb(number).command(): len(option.consequences)
            for number, option in enumerate(options, start=1)
        }

        def chosen(line: str | None) -> None:
            if line is None:
                table.notify(table.tr("ui.reopen_hint"), timeout=4, markup=False)
            elif line in INVOKES:
                by_attacker, free = INVOKES[line]
                invoker = attacker if by_attacker and attacker is not None else target.id
                self.invokes_against(invoker, free=free)
            elif line == REVEAL:
                self.taken_out_revealed(target.id)
            elif needed.get(line):
                self._name_consequences(title, target.name, int(line.split()[1]), needed[line])
            else:
                table.post_message(RequestSubmitted(line))

        table.push_screen(
            ChoiceDialog(table.view_state, title, choices, keys=keys).naming(target.name), chosen
        )

    def _name_consequences(self, title: str, name: str, option: int, count: int) -> None:
        """Ask for the name of each consequence the chosen option takes, then absorb."""
        table = self.table
        fields = [(table.tr("ui.consequence_text", number=i + 1), "") for i in range(count)]

        def line(texts: Sequence[str]) -> Absorb:
            return Absorb(option, tuple(texts))

        table.push_screen(
            TextDialog(table.view_state, title, fields, line).naming(name), apply_chosen(table)
        )

    def _name(self, pid: str) -> str:
        """A character's or an obstacle's name (the GM for the GM's side)."""
        scene = self.table.scene
        found = scene.character_index.get(pid) or scene.obstacle_index.get(pid)
        return found.name if found is not None else self.table.tr("ui.gm")

    def invokes_against(self, invoker: str, *, free: bool) -> None:
        """The defender invokes against the hit, or the attacker on it (free: the first
        free invoke their side holds); the absorb dialog comes back with the hit the invoke
        left (the dashboard opens it again for a hit that changed)."""
        table = self.table
        if not free:
            self.invokes.choose(invoker, then=self.absorb)
            return
        hit = table.scene.pending_hit

        def back(_result: Result | None = None) -> None:
            if table.scene.pending_hit is not None and table.scene.pending_hit == hit:
                self.absorb()

        if not self.invokes.spend_free(invoker, then=back):
            table.notify(table.tr("ui.no_free_invokes"), severity="warning", markup=False)
            back()

    def taken_out_revealed(self, character_id: str) -> None:
        """A big bad taken out by the hit, and its next true form revealed as the form
        says (soft or full), in one choice."""
        table = self.table

        def reveal(result: Result | None) -> None:
            if result is not None and result.ok:
                table.post_message(RequestSubmitted(RevealForm(character_id)))

        table.post_message(RequestSubmitted(TakeOut(), flow=False, then=reveal))

    def reveal(self, character_id: str) -> None:
        """Offer the ways to reveal a taken-out big bad's next true form."""
        table = self.table
        character = table.scene.character(character_id)
        form = character.forms[character.form]
        requests: list[tuple[Request, str]] = [
            (RevealForm(character_id), table.tr("ui.reveal_default", form=form.name)),
            (RevealForm(character_id, "soft"), table.tr("ui.reveal_soft")),
            (RevealForm(character_id, "full"), table.tr("ui.reveal_full")),
        ]
        choices: list[tuple[str, Content | str]] = [
            (request.command(), label) for request, label in requests
        ]
        title = table.tr("ui.reveal_title", name=character.name)
        table.push_screen(
            ChoiceDialog(table.view_state, title, choices).naming(character.name),
            apply_chosen(table),
        )


__all__ = ["HarmFlow"]
