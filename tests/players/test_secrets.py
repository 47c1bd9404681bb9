"""No secret ever appears on the player view, whatever the GM reveals, hides, undoes and
redoes (hypothesis drives the GM's session; the player view follows its journal)."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fatescreen.commands.session import Session
from fatescreen.scene.public import public_scene
from fatescreen.ui.players.app import PlayersApp
from tests.players.conftest import DATA
from tests.players.support import leaked, secrets_now
from tests.ui.support import screen_text, until

ELEMENTS = (
    "priest",
    "assassin",
    "keeper",
    "nave",
    "vestry",
    '"Sunken vault"',
    "trapdoor",
    "flagstone",
    "aspect:rain",
    '"Leader of the drowned cult"',
    '"Knee-deep brine"',
    "tide",
    "bells",
    "candles",
)
OTHER_STEPS = (
    "undo",
    "redo",
    "undo",
    'aspect add "Whispering walls" hidden',
    "aspect reveal whispering",
    'aspect add "Cold draught" on vestry free 1 for assassin',
    "place silbestre sunken-vault",
    "place assassin nave",
    "attack assassin silbestre Fight +0-0 vs 0000",
    "overcome silbestre Athletics ++00 vs 2",
    "stress priest physical 1",
    "tick bells",
)
steps = st.one_of(
    st.tuples(st.sampled_from(("secret", "public")), st.sampled_from(ELEMENTS)).map(" ".join),
    st.sampled_from(OTHER_STEPS),
)


async def follow(path: Path, lines: list[str]) -> None:
    gm = Session.open(path)
    app = PlayersApp(path, lang="en", poll_seconds=0.01)
    async with app.run_test(size=(120, 40)) as pilot:
        for line in lines:
            gm.execute(line)
            expected = public_scene(gm.scene)
            for _ in range(500):
                if app.followed is not None and app.followed.scene == expected:
                    break
                await pilot.pause(0.01)
            assert app.followed is not None and app.followed.scene == expected, line
            await pilot.pause()
            shown = screen_text(app) + "\n" + app.screen_text()
            found = leaked(shown, secrets_now(gm))
            assert not found, f"after {line!r} the players see {found}"


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.lists(steps, min_size=1, max_size=10))
def test_no_secret_reaches_the_player_view(lines: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "secrets.toml"
        shutil.copy(DATA / "secrets.toml", path)
        asyncio.run(follow(path, lines))


async def test_a_broken_or_gone_file_shows_the_players_no_path_and_no_problem(
    chapel: Path,
) -> None:
    """A file the GM breaks mid-game (here a hidden NPC placed in a misspelled zone, whose
    message lists the zones, hidden ones too) or moves away: the players read that the scene
    cannot be shown, never the problem nor where the file is."""
    secrets = secrets_now(Session.open(chapel))
    text = chapel.read_text(encoding="utf-8")
    app = PlayersApp(chapel, lang="en", poll_seconds=0.01)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.followed is not None and app.followed.scene is not None)
        chapel.write_text(text.replace('zone = "Sunken vault"', 'zone = "Sunken vaults"'))
        await until(pilot, lambda: app.followed is not None and app.followed.scene is None)
        await pilot.pause()
        shown = screen_text(app) + "\n" + app.screen_text()
        assert "the scene cannot be shown just now: the GM's file cannot be read as it is" in shown
        assert not leaked(shown, {*secrets, str(chapel.parent), chapel.name, "npc[3]"})
        chapel.unlink()
        await until(pilot, lambda: "its file is gone" in app.screen_text())
        shown = screen_text(app) + "\n" + app.screen_text()
        assert not leaked(shown, {*secrets, str(chapel.parent), chapel.name})
