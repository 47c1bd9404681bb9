"""Following a GM's session from its files: the journal replayed, saves, the GM leaving,
the file gone, a campaign."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from fatescreen.commands import campaign_session
from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.follow import Followed, Follower, FollowState, follow_once
from fatescreen.commands.session import Session
from fatescreen.scene import presence
from fatescreen.scene.campaign import CAMPAIGN_FILE
from fatescreen.scene.journal import Journal


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
            if presence.claimant(journal) is not None:  # the file written, not only made
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


def _aspects(followed: Followed | None) -> list[str]:
    assert followed is not None and followed.scene is not None
    return [aspect.name for aspect in followed.scene.aspects]


def _copy(scene: Path, name: str) -> Path:
    path = scene.with_name(name)
    path.write_text(scene.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_a_scene_nobody_runs_is_followed_without_writing_a_journal(chapel: Path) -> None:
    followed = follow_once(chapel)
    assert followed.state is FollowState.NOT_RUNNING
    assert not Journal(chapel).path.exists()


def test_a_campaign_nobody_runs_is_followed_without_writing_a_journal(campaign: Path) -> None:
    followed = follow_once(campaign)
    assert followed.state is FollowState.NOT_RUNNING
    assert not Journal(campaign / CAMPAIGN_FILE).path.exists()


def test_a_boost_the_rules_name_is_named_in_the_players_language(chapel: Path) -> None:
    defended = "attack priest silbestre Fight ---- vs ++++"  # Silbestre defends with style
    Session.open(chapel, lang="fi").execute(defended)
    assert _aspects(Follower(chapel, lang="fi").poll())[-1] == "Tilaisuus"
    assert _aspects(follow_once(chapel, lang="fi"))[-1] == "Tilaisuus"
    english = _copy(chapel, "english.toml")
    Session.open(english).execute(defended)
    assert _aspects(follow_once(english))[-1] == "Opening"


def test_a_campaign_is_followed_in_the_players_language(campaign: Path) -> None:
    gm = open_campaign(campaign, lang="fi")
    gm.execute("play golden")
    follower = Follower(campaign, lang="fi")
    follower.poll()
    pc = next(c for c in gm.scene.characters if c.id in gm.scene.party)
    npc = next(c for c in gm.scene.characters if c.id not in gm.scene.party)
    gm.execute(f"attack {npc.id} {pc.id} ---- vs ++++")
    assert _aspects(follower.poll())[-1] == "Tilaisuus"


def test_a_file_missing_at_the_first_look_is_gone(chapel: Path) -> None:
    chapel.unlink()
    followed = follow_once(chapel)
    assert (followed.state, followed.scene, followed.rolls) == (FollowState.GONE, None, ())


def test_an_empty_file_is_invalid(chapel: Path) -> None:
    chapel.write_text("", encoding="utf-8")
    assert follow_once(chapel).state is FollowState.INVALID


def test_the_last_rolls_stay_while_the_file_is_broken_or_gone(chapel: Path) -> None:
    gm = Session.open(chapel)
    follower = Follower(chapel)
    gm.execute("overcome silbestre Athletics ++00 vs 2")
    rolls = follower.poll().rolls  # type: ignore[union-attr]
    assert [roll.dice for roll in rolls] == ["++00"]
    text = chapel.read_text(encoding="utf-8")
    chapel.write_text(text.replace("format = 1", "format = 1\nbroken ="), encoding="utf-8")
    broken = follower.poll()
    assert broken is not None and (broken.state, broken.rolls) == (FollowState.INVALID, rolls)
    chapel.unlink()
    gone = follower.poll()
    assert gone is not None and (gone.state, gone.rolls) == (FollowState.GONE, rolls)


def test_a_broken_file_mended_is_followed_again(chapel: Path) -> None:
    follower = Follower(chapel)
    follower.poll()
    text = chapel.read_text(encoding="utf-8")
    chapel.write_text(text + "\nbroken =", encoding="utf-8")
    assert follower.poll().state is FollowState.INVALID  # type: ignore[union-attr]
    chapel.write_text(text, encoding="utf-8")
    assert _aspects(follower.poll()) == ["Rain on the windows"]


def test_a_campaigns_broken_running_scene_says_so_and_keeps_the_rolls(campaign: Path) -> None:
    gm = open_campaign(campaign)
    gm.execute("play golden")
    pc = next(c for c in gm.scene.characters if c.id in gm.scene.party)
    gm.execute(f"overcome {pc.id} Athletics ++00 vs 2")
    follower = Follower(campaign)
    rolls = follower.poll().rolls  # type: ignore[union-attr]
    assert [roll.dice for roll in rolls] == ["++00"]
    scene = campaign / "golden-mask.toml"
    text = scene.read_text(encoding="utf-8")
    scene.write_text(text + "\nbroken =", encoding="utf-8")
    broken = follower.poll()
    assert broken is not None
    assert (broken.state, broken.scene, broken.rolls) == (FollowState.INVALID, None, rolls)
    assert "golden-mask.toml" in broken.detail
    scene.write_text(text, encoding="utf-8")
    mended = follower.poll()
    assert mended is not None and mended.state is FollowState.NOT_RUNNING
    assert mended.scene is not None and mended.scene.title == "The golden mask"


def test_a_campaigns_running_scene_deleted_is_invalid(campaign: Path) -> None:
    open_campaign(campaign).execute("play golden")
    follower = Follower(campaign)
    follower.poll()
    (campaign / "golden-mask.toml").unlink()
    followed = follower.poll()
    assert followed is not None and followed.state is FollowState.INVALID
    assert "golden-mask.toml" in followed.detail


def test_a_campaign_without_its_campaign_file_is_gone(campaign: Path) -> None:
    (campaign / CAMPAIGN_FILE).unlink()
    followed = follow_once(campaign)
    assert (followed.state, followed.detail) == (FollowState.GONE, str(campaign / CAMPAIGN_FILE))


def test_each_command_of_a_running_campaign_scene_reaches_the_follower(campaign: Path) -> None:
    gm = open_campaign(campaign)
    follower = Follower(campaign)
    gm.execute("play golden")
    follower.poll()
    gm.execute('aspect add "Smoke in the hall" free 1')
    assert "Smoke in the hall" in _aspects(follower.poll())
    assert follower.poll() is None  # settled: the running scene's files are watched
    gm.execute('aspect add "Chanting louder" free 1')
    assert "Chanting louder" in _aspects(follower.poll())


def test_a_campaign_scene_edited_by_hand_shows_up(campaign: Path) -> None:
    open_campaign(campaign).execute("play golden")
    follower = Follower(campaign)
    assert follower.poll() is not None
    scene = campaign / "golden-mask.toml"
    text = scene.read_text(encoding="utf-8")
    scene.write_text(text.replace('title = "The golden mask"', 'title = "The gilded mask"'))
    followed = follower.poll()
    assert followed is not None and followed.scene is not None
    assert followed.scene.title == "The gilded mask"


def test_a_command_that_rolls_nothing_adds_no_roll(chapel: Path) -> None:
    gm = Session.open(chapel)
    follower = Follower(chapel)
    gm.execute("overcome silbestre Athletics ++00 vs 2")
    gm.execute('aspect add "Smoke" free 1')
    assert len(follower.poll().rolls) == 1  # type: ignore[union-attr]
    gm.execute('aspect add "Fog" free 1')
    followed = follower.poll()
    assert followed is not None and "Fog" in _aspects(followed)
    assert len(followed.rolls) == 1


def test_an_invoke_changes_the_roll_it_invokes_on(chapel: Path) -> None:
    gm = Session.open(chapel)
    follower = Follower(chapel)
    gm.execute("overcome silbestre Athletics 0000 vs 5")
    assert [roll.effort for roll in follower.poll().rolls] == [3]  # type: ignore[union-attr]
    gm.execute('invoke "Rain on the windows"')
    assert [roll.effort for roll in follower.poll().rolls] == [5]  # type: ignore[union-attr]


def test_a_roll_of_the_gms_dice_shows_those_dice(chapel: Path) -> None:
    gm = Session.open(chapel, seed=7)
    gm.execute("overcome silbestre Athletics vs 2")
    assert gm.scene.pending_roll is not None
    dice = gm.scene.pending_roll.result.effort.dice.symbols
    followed = follow_once(chapel)
    assert [roll.dice for roll in followed.rolls] == [dice]


def test_after_a_save_of_the_same_text_the_follower_goes_on(chapel: Path) -> None:
    gm = Session.open(chapel)
    follower = Follower(chapel)
    follower.poll()
    gm.execute('aspect add "Smoke" free 1')
    gm.execute("undo")
    follower.poll()
    gm.execute("save")  # the file as it was: the journal starts again
    gm.execute('aspect add "Fog" free 1')
    assert _aspects(follower.poll()) == ["Rain on the windows", "Fog"]


def test_a_campaign_without_a_party_yet_is_followed(campaign: Path) -> None:
    (campaign / "party.toml").unlink()
    followed = follow_once(campaign)
    assert followed.state is FollowState.NOT_RUNNING
    assert followed.scene is not None and followed.scene.title == "The golden mask"


def test_a_running_scene_broken_before_the_first_look_is_followed_once_mended(
    campaign: Path,
) -> None:
    open_campaign(campaign).execute("play golden")
    scene = campaign / "golden-mask.toml"
    text = scene.read_text(encoding="utf-8")
    scene.write_text(text + "\nbroken =", encoding="utf-8")
    follower = Follower(campaign)
    assert follower.poll().state is FollowState.INVALID  # type: ignore[union-attr]
    scene.write_text(text, encoding="utf-8")
    mended = follower.poll()
    assert mended is not None and mended.scene is not None
    assert mended.scene.title == "The golden mask"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_given_as_the_scene_is_invalid_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "scene.toml"
    os.mkfifo(fifo)
    seen: list[Followed] = []
    looking = threading.Thread(target=lambda: seen.append(follow_once(fifo)), daemon=True)
    looking.start()
    looking.join(timeout=20)
    waited = looking.is_alive()
    if waited:  # blocked until a writer comes: let it go before failing
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        looking.join(timeout=20)
    assert not waited
    (followed,) = seen
    assert followed.state is FollowState.INVALID
    assert followed.detail.endswith("not a regular file (a named pipe); a scene is a .toml file")


def test_a_save_the_gm_could_not_make_is_not_made_by_the_player_view(
    campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gm = open_campaign(campaign)
    gm.execute("play golden")

    def disk_full(*args: object, **kwargs: object) -> None:
        raise OSError("No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(campaign_session, "save_campaign", disk_full)
        ended = gm.execute("endscene")  # journaled, then its save fails
    assert ended.ok and "No space left on device" in ended.lines[-1]
    files = {path: path.read_bytes() for path in campaign.rglob("*") if path.is_file()}
    followed = follow_once(campaign)
    assert followed.scene is not None and followed.scene.title == "The golden mask"
    assert {path: path.read_bytes() for path in campaign.rglob("*") if path.is_file()} == files


def test_a_party_sheet_edited_by_hand_shows_up(campaign: Path) -> None:
    open_campaign(campaign).execute("play golden")
    follower = Follower(campaign)
    first = follower.poll()
    assert first is not None and first.scene is not None
    assert {c.name: c.fate_points for c in first.scene.pcs}["Vitor"] == 4
    party = campaign / "party.toml"
    text = party.read_text(encoding="utf-8")
    party.write_text(text.replace("fate_points = 4", "fate_points = 5"), encoding="utf-8")
    followed = follower.poll()
    assert followed is not None and followed.scene is not None
    assert {c.name: c.fate_points for c in followed.scene.pcs}["Vitor"] == 5


def test_a_command_journaled_while_the_follower_reads_shows_at_the_next_poll(
    chapel: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The GM's next command may reach the journal while the player view is still reading
    the last one: the next poll shows it (it was lost until some later change)."""
    gm = Session.open(chapel)
    follower = Follower(chapel)
    follower.poll()
    gm.execute('aspect add "Smoke in the nave" free 2')
    read = Follower._follow

    def read_then_gm_acts(self: Follower, *args: Any) -> Followed:
        followed = read(self, *args)
        monkeypatch.setattr(Follower, "_follow", read)
        gm.execute("public assassin")  # lands just after the journal was read
        return followed

    monkeypatch.setattr(Follower, "_follow", read_then_gm_acts)
    followed = follower.poll()
    assert followed is not None and followed.scene is not None
    assert "Smoke in the nave" in [a.name for a in followed.scene.aspects]
    assert "Hooded assassin" not in [c.name for c in followed.scene.npcs]
    followed = follower.poll()
    assert followed is not None and followed.scene is not None
    assert "Hooded assassin" in [c.name for c in followed.scene.npcs]


@pytest.mark.parametrize("recovered", [True, False])
def test_a_crash_and_its_recovery_leave_each_roll_shown_once(chapel: Path, recovered: bool) -> None:
    """The GM's dashboard dies; the next one replays its journal (the same rolls, in a
    journal of its own) or discards it (the rolls never happened): the players see each
    roll once, or not at all. A save by the same dashboard keeps its rolls (see
    test_undo.py)."""
    gm = Session.open(chapel, lock=True)
    follower = Follower(chapel)
    gm.execute("overcome silbestre Athletics ++00 vs 2")
    first = follower.poll()
    assert first is not None and [roll.dice for roll in first.rolls] == ["++00"]
    assert gm.writer_lock is not None
    gm.writer_lock.release()  # the process died: the OS lets its lock go, nothing else
    again = Session.open(chapel, lock=True)
    if recovered:
        assert again.recover() == 1
    else:
        again.discard_recovery()
    followed = follower.poll() or first  # None: nothing the players see changed
    assert [roll.dice for roll in followed.rolls] == (["++00"] if recovered else [])
    again.close()
