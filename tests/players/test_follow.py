"""Following a GM's session from its files: the journal replayed, saves, the GM leaving,
the file gone, a campaign."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.follow import Follower, FollowState, follow_once
from fatescreen.commands.session import Session
from fatescreen.scene import presence


def test_each_command_reaches_the_follower_and_nothing_is_written(chapel: Path) -> None:
    text = chapel.read_text(encoding="utf-8")
    gm = Session.open(chapel)
    follower = Follower(chapel)
    first = follower.poll()
    assert first is not None and first.scene is not None
    assert first.state is FollowState.NOT_RUNNING
    assert follower.poll() is None  # nothing changed: nothing to show

    gm.execute('aspect add "Smoke" free 2')
    followed = follower.poll()
    assert followed is not None and followed.scene is not None
    assert [a.name for a in followed.scene.aspects] == ["Rain on the windows", "Smoke"]
    assert followed.scene.aspects[1].free_invokes == (("", 2),)

    gm.execute('aspect add "Poison" hidden')
    assert follower.poll() is None  # a secret changed: the players see nothing new

    gm.execute('public "Sunken vault"')
    followed = follower.poll()
    assert followed is not None and followed.scene is not None
    assert [z.name for z in followed.scene.zones] == ["Nave", "Vestry", "Sunken vault"]
    gm.execute("undo")
    followed = follower.poll()
    assert followed is not None and followed.scene is not None
    assert [z.name for z in followed.scene.zones] == ["Nave", "Vestry"]
    assert chapel.read_text(encoding="utf-8") == text


def test_rolls_as_the_table_saw_them(chapel: Path) -> None:
    gm = Session.open(chapel)
    follower = Follower(chapel)
    follower.poll()
    gm.execute("overcome silbestre Athletics ++00 vs 2")
    gm.execute("attack priest silbestre Fight +0-0 vs 0000")
    followed = follower.poll()
    assert followed is not None
    first, second = followed.rolls
    assert (first.actor, first.action, first.skill, first.dice, first.effort) == (
        "Silbestre",
        "overcome",
        "Athletics",
        "++00",
        5,
    )
    assert (first.opposition, first.outcome) == (2, "style")
    # an NPC's roll: its total as announced, never its skill
    assert (second.actor, second.target, second.skill, second.effort) == (
        "Father Oskari",
        "Silbestre",
        "",
        2,
    )


def test_a_save_and_a_run_save_show_up(chapel: Path) -> None:
    gm = Session.open(chapel)
    follower = Follower(chapel)
    follower.poll()
    gm.execute('aspect add "Smoke" free 1')
    gm.execute("save")
    followed = follower.poll()
    assert followed is not None and followed.scene is not None
    assert "Smoke" in [a.name for a in followed.scene.aspects]
    # another program saving the file (fatescreen run --save)
    other = Session.open(chapel, journal=False)
    other.execute('aspect add "Fog" free 1')
    other.execute("save")
    followed = follower.poll()
    assert followed is not None and followed.scene is not None
    assert [a.name for a in followed.scene.aspects][-2:] == ["Smoke", "Fog"]


def test_the_gm_arriving_and_leaving(chapel: Path) -> None:
    gm = Session.open(chapel)
    assert gm.journal is not None
    follower = Follower(chapel)
    assert follower.poll().state is FollowState.NOT_RUNNING  # type: ignore[union-attr]
    presence.claim(gm.journal)
    assert follower.poll().state is FollowState.LIVE  # type: ignore[union-attr]
    presence.release(gm.journal)
    assert follower.poll().state is FollowState.NOT_RUNNING  # type: ignore[union-attr]


def test_a_file_gone_or_broken_says_so_and_comes_back(chapel: Path) -> None:
    follower = Follower(chapel)
    follower.poll()
    text = chapel.read_text(encoding="utf-8")
    chapel.write_text(text.replace("format = 1", "format = 1\nbroken ="), encoding="utf-8")
    followed = follower.poll()
    assert followed is not None and followed.state is FollowState.INVALID
    assert "secrets.toml:2" in followed.detail
    chapel.unlink()
    followed = follower.poll()
    assert followed is not None and followed.state is FollowState.GONE
    assert followed.detail == str(chapel)
    chapel.write_text(text, encoding="utf-8")
    followed = follower.poll()
    assert followed is not None and followed.state is FollowState.NOT_RUNNING
    assert followed.scene is not None
    assert [z.name for z in followed.scene.zones] == ["Nave", "Vestry"]


def test_a_campaign_follows_its_running_scene(campaign: Path) -> None:
    gm = open_campaign(campaign)
    follower = Follower(campaign)
    first = follower.poll()
    assert first is not None
    gm.execute("play golden")
    gm.execute('aspect add "Smoke in the hall" free 1')
    followed = follower.poll()
    assert followed is not None and followed.scene is not None
    assert followed.scene.title == "The golden mask"
    assert "Smoke in the hall" in [a.name for a in followed.scene.aspects]
    after_gm = {path: path.read_text(encoding="utf-8") for path in campaign.rglob("*.toml")}
    follow_once(campaign)
    assert {path: path.read_text(encoding="utf-8") for path in campaign.rglob("*.toml")} == (
        after_gm
    )


def test_a_dashboard_that_crashed_is_not_running(chapel: Path) -> None:
    journal = Session.open(chapel).journal
    assert journal is not None
    # another process claims the scene, as a dashboard does, and dies without a word
    claim = "from fatescreen.scene import presence; import sys; presence.claim(JOURNAL); "
    claim += "sys.stdin.read()"
    dashboard = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from fatescreen.scene.journal import Journal; from pathlib import Path; "
            f"JOURNAL = Journal(Path({str(chapel)!r})); " + claim,
        ],
        stdin=subprocess.PIPE,
    )
    try:
        follower = Follower(chapel)
        for _ in range(100):
            if presence.presence_path(journal).exists():
                break
            time.sleep(0.05)
        assert follower.poll().state is FollowState.LIVE  # type: ignore[union-attr]
    finally:
        dashboard.kill()
        dashboard.wait()
    before = presence.presence_path(journal).stat()
    assert follower.poll().state is FollowState.NOT_RUNNING  # type: ignore[union-attr]
    assert presence.presence_path(journal).stat() == before  # the file left as it was


def test_a_roller_made_secret_again_is_someone_in_the_last_rolls(chapel: Path) -> None:
    gm = Session.open(chapel)
    follower = Follower(chapel)
    follower.poll()
    gm.execute("public assassin")
    gm.execute("attack assassin silbestre Fight +0-0 vs 0000")
    followed = follower.poll()
    assert followed is not None and followed.rolls[-1].actor == "Hooded assassin"
    gm.execute("secret assassin")
    followed = follower.poll()
    assert followed is not None
    assert (followed.rolls[-1].actor, followed.rolls[-1].target) == ("", "Silbestre")
