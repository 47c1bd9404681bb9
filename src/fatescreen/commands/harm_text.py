"""Describing a pending hit: its legal absorption options, minion armor, taken out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fatescreen.rules.big_bads import minion_armor_options
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.rules.harm import Absorption, absorption_options
from fatescreen.scene.model import PendingHit, Scene

if TYPE_CHECKING:
    from fatescreen.commands.core import Context


def options_for(scene: Scene, hit: PendingHit) -> tuple[Absorption, ...]:
    """The legal ways the hit's target can absorb it, the most likely first."""
    target = scene.character(hit.target)
    return absorption_options(target, hit.shifts, hit.kind, scene.rules.harm_options)


def option_text(ctx: Context, character: Character, option: Absorption) -> str:
    """``1 physical box + moderate`` as the GM reads it."""
    parts = []
    kind = ctx.tr(f"ui.stress.{option.stress_kind.value}")
    if option.boxes:
        parts.append(ctx.tr("hit.boxes", count=option.boxes, kind=kind))
    if option.box:
        parts.append(ctx.tr("hit.box", box=option.box, kind=kind))
    for index in option.consequences:
        slot = character.consequences[index]
        parts.append(
            ctx.tr(f"condition.{slot.condition}")
            if slot.condition
            else ctx.tr(f"ui.severity.{slot.severity.value}")
        )
    return " + ".join(parts) or ctx.tr("none")


def hit_lines(ctx: Context, scene: Scene, hit: PendingHit) -> tuple[str, ...]:
    """The lines that offer the absorption options (and minion armor) for a hit."""
    target = scene.character(hit.target)
    options = () if target.kind is CharacterKind.MOOKS else options_for(scene, hit)
    lines = []
    if target.kind is CharacterKind.MOOKS:
        lines.append(ctx.tr("hit.group", name=target.name, shifts=hit.shifts))
    elif options:
        listed = "  ".join(
            ctx.tr("hit.option", number=number, text=option_text(ctx, target, option))
            for number, option in enumerate(options, start=1)
        )
        lines.append(ctx.tr("hit.options", name=target.name, shifts=hit.shifts, options=listed))
    else:
        lines.append(ctx.tr("hit.taken_out_only", name=target.name, shifts=hit.shifts))
    minions = minion_armor_options(target, scene.character_index)
    if minions:
        names = ", ".join(scene.character(m).name for m in minions)
        lines.append(ctx.tr("hit.minions", names=names))
    return tuple(lines)
