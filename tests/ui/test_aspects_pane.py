"""The aspects pane rebuilds only the groups of the characters a command changed, and
shows exactly what a pane worked out from scratch shows."""

from __future__ import annotations

from fatescreen.rules.character import CharacterKind
from fatescreen.ui.panes.aspects import AspectsPane, shown_characters
from tests.ui.support import AppFactory, text_of

WIDE = (160, 50)


async def test_a_command_rebuilds_the_groups_of_the_characters_it_changed(
    make_app: AppFactory,
) -> None:
    """A free invoke on a PC's new aspect rebuilds that PC's group and no other (their
    lines are the very same objects); an NPC that gets a free invoke joins the pane; after
    each, the pane reads as one worked out afresh (a language switch there and back)."""
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        pane = app.query_one(AspectsPane)
        pc = next(c for c in app.scene.characters if c.kind is CharacterKind.PC)
        scene_group = list(pane.body.lines[:2])
        app.run_command(f'aspect add "Sure footing" on {pc.id} free 1 for {pc.id}', flow=False)
        await pilot.pause()
        assert "Sure footing" in pane.body.plain
        assert all(a is b for a, b in zip(pane.body.lines[:2], scene_group, strict=True))
        hidden = next(
            c
            for c in app.scene.characters
            if c not in shown_characters(app.scene, app.view_state.selected)
        )
        assert hidden.name not in pane.body.plain
        app.run_command(f'aspect add "Cornered" on {hidden.id} free 1 for {pc.id}', flow=False)
        await pilot.pause()
        assert "Cornered" in pane.body.plain and hidden.name in text_of(pane)
        shown = pane.body.plain
        app.action_toggle_language()
        app.action_toggle_language()
        await pilot.pause()
        assert pane.body.plain == shown
