"""The player view follows every change: updated as the GM's session goes it shows what a
player view opened fresh on the same scene shows; and its banner goes when the GM's
dashboard comes after the view opened."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from textual.widgets import Static

from fatescreen.commands.session import Session
from fatescreen.scene import presence
from fatescreen.ui.players.app import PlayersApp
from tests.ui.fresh import player_sequences, player_view_differences, screen_rows
from tests.ui.support import until

SIZE = (120, 40)
NOT_RUNNING = "the GM's session is not running"
FOLLOWING = "following the GM's session"


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(player_sequences())
def test_an_updated_player_view_shows_what_a_fresh_one_shows(lines: list[str]) -> None:
    """After random sequences of the GM's commands on a scene full of secrets
    (``tests/ui/fresh.py``: those of the dashboard's property, and secrets made public and
    hidden again), with the view let catch up at random moments between them and the GM's
    dashboard opening and closing at others, then once the view has taken in the last, each
    of its parts (the status line, the banner, every pane) shows at 120×40 what it shows on
    a player view opened fresh on the scene: on the screen, in full and at the same place.
    ``make stress`` runs this at length.

    Left out, for they differ by right: where each column is scrolled (both are scrolled to
    their start first), and saves (after a save a fresh view cannot know the rolls made
    before it, which the one that watched them keeps showing)."""
    assert asyncio.run(player_view_differences(lines)) == []


def banner(app: PlayersApp) -> Static:
    """The view's banner of bad news."""
    return app.query_one("#banner", Static)


async def test_the_banner_goes_when_the_gms_dashboard_comes_after_the_view(
    chapel: Path,
) -> None:
    """The view opens on a scene nobody runs (the banner says so); the GM's dashboard then
    opens it: the banner goes from the screen, and comes back when the dashboard closes."""
    app = PlayersApp(chapel, lang="en", poll_seconds=0.01)
    async with app.run_test(size=SIZE) as pilot:
        assert banner(app).display and NOT_RUNNING in "\n".join(screen_rows(app))
        gm = Session.open(chapel)
        assert gm.journal is not None
        presence.claim(gm.journal)
        try:
            await until(pilot, lambda: FOLLOWING in "\n".join(screen_rows(app)))
            await pilot.pause()
            shown = "\n".join(screen_rows(app))
            assert not banner(app).display and NOT_RUNNING not in shown
            assert "Rows of pews" in shown  # the scene stays
        finally:
            presence.release(gm.journal)
        await until(pilot, lambda: NOT_RUNNING in "\n".join(screen_rows(app)))
        assert banner(app).display and FOLLOWING not in "\n".join(screen_rows(app))
