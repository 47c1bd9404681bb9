"""Compels: one key for a compel accepted on the trouble, or a dialog to choose the aspect
and accept (Enter) or refuse (r)."""

from __future__ import annotations

from textual.content import Content

from fatescreen.commands.requests import Compel
from fatescreen.rules.aspects import Aspect
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.ui.dialogs import ChoiceDialog
from fatescreen.ui.messages import RequestSubmitted
from fatescreen.ui.table import Table, apply_chosen


def compel_order(character: Character) -> list[Aspect]:
    """A character's aspects as a compel offers them: the trouble first."""
    return sorted(
        character.current_aspects, key=lambda a: (a.kind.value != "trouble", a.kind.value)
    )


def aspect_ref(character: Character, aspect: Aspect) -> str:
    """How a compel names one of a character's aspects."""
    return f"character:{character.id}/{aspect.id}"


class CompelFlow:
    """Compels on the selected character (else the first PC)."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def compelled(self) -> Character | None:
        """Who a compel is for: the selected character, else the first PC (None, with a
        notice, when there is no one with an aspect)."""
        table = self.table
        scene = table.scene
        character = scene.character_index.get(table.view_state.selected or "")
        if character is None:
            pcs = [c for c in scene.characters if c.kind is CharacterKind.PC]
            character = pcs[0] if pcs else None
        if character is None or not character.current_aspects:
            table.notify(table.tr("ui.no_character"), severity="warning", markup=False)
            return None
        return character

    def accepted(self) -> None:
        """The compel a player has just accepted, on the trouble (else the first aspect):
        +1 fate point (to the GM pool for an NPC)."""
        character = self.compelled()
        if character is None:
            return
        aspect = compel_order(character)[0]
        self.table.post_message(
            RequestSubmitted(Compel(character.id, aspect_ref(character, aspect), "accept"))
        )

    def choose(self) -> None:
        """Choose the aspect (trouble first): Enter accepts (+1 fate point to a PC, to the GM
        pool for an NPC), r refuses (one point paid)."""
        table = self.table
        character = self.compelled()
        if character is None:
            return
        aspects = compel_order(character)
        refs = [aspect_ref(character, aspect) for aspect in aspects]
        choices: list[tuple[str, Content | str]] = [
            (Compel(character.id, ref, "accept").command(), aspect.name)
            for ref, aspect in zip(refs, aspects, strict=True)
        ]
        refusals = [Compel(character.id, ref, "refuse").command() for ref in refs]
        table.push_screen(
            ChoiceDialog(
                table.view_state,
                table.tr("ui.compel_title", name=character.name),
                choices,
                note=table.tr("ui.compel_note"),
                alternates=[("r", table.tr("ui.compel_refuse"), refusals)],
            ).naming(character.name),
            apply_chosen(table),
        )


__all__ = ["CompelFlow", "compel_order"]
