"""Campaigns of the systems on the shared stack, for every registered system that declares
them: a new campaign from the command line, its scenes played in order, what each seed
says lasts carried from scene to scene and session to session, undo across both, saves
that keep the GM's comments, crash recovery, clear errors, the player view and the
dashboard."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from fatescreen import systems
from fatescreen.cli import main
from fatescreen.commands.follow import FollowState, follow_once
from fatescreen.commands.systems.campaign import (
    Play,
    SystemCampaignSession,
    open_system_campaign,
)
from fatescreen.commands.writer import open_writer
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.lock import SceneLocked
from fatescreen.scene.systems.campaign import load_campaign
from fatescreen.systems import Capability, RuleSystem
from fatescreen.ui.systems.shell import SystemApp


@dataclass(frozen=True)
class Carry:
    """How one system's sample campaign shows what lasts: a line changing a PC in scene 1,
    and how to read that PC's lasting state from a scene value or the party."""

    pc: str
    lines: tuple[str, ...]
    state: Callable[[Any], object]
    fresh: object
    changed: object
    written: str
    """What party.toml holds once the change is saved."""


def _mekanismi_damage(value: Any) -> object:
    return next(m.sheet.damage.taken for m in value.members if m.name == "Ragnar")


def _varjot_pool(value: Any) -> object:
    ilse = next(c for c in value.characters if c.name == "Ilse")
    return ilse.pool("Ruumis").left


def _objektit_condition(value: Any) -> object:
    return next(e.sheet.condition for e in value.entries if e.name == "Aino")


CARRIES = {
    "mekanismi": Carry("Ragnar", ("hurt Ragnar 2",), _mekanismi_damage, 0, 2, "damage = 2"),
    "menneisyyden-varjot": Carry(
        "Ilse",
        ("check Ilse Miekkailu vs Vartija Miekkailu", "pool Ilse Ruumis", "drop"),
        _varjot_pool,
        5,
        4,
        "Ruumis = { max = 5, left = 4 }",
    ),
    "objektien-luonti": Carry(
        "Aino", ("condition Aino 4",), _objektit_condition, 6, 4, "condition = 4"
    ),
    "toy-tally": Carry(
        "Loot", ("mark Loot",), lambda v: dict(v.counters)["Loot"], 0, 1, "Loot = 1"
    ),
}
"""What lasts, per system with campaigns on the shared stack: Mekanismi's damage, the
Varjot pools, the Objektit condition."""


def shared_campaign_systems() -> list[RuleSystem]:
    """Every registered system whose campaigns the shared stack plays."""
    return [s for s in systems.able(Capability.CAMPAIGNS) if s.party is not None]


def test_every_shared_campaign_system_is_covered() -> None:
    from tests.systems import toy

    assert {*(s.id for s in shared_campaign_systems()), toy.TOY} == set(CARRIES)


@pytest.fixture(params=[*(s.id for s in shared_campaign_systems()), "toy-tally"])
def system(request: pytest.FixtureRequest) -> Iterator[RuleSystem]:
    """Each registered system whose campaigns the shared stack plays, then the toy
    system (registered for the test: a fifth system's campaigns come with its folder)."""
    from tests.systems import toy

    if request.param == toy.TOY:
        toy.register()
        try:
            yield toy.SYSTEM
        finally:
            toy.unregister()
        return
    found = systems.named_by(request.param)
    assert found is not None
    yield found


def hidden_names(value: Any) -> list[str]:
    """The names a scene value keeps from the players."""
    if hasattr(value, "visibility"):
        return [name for name, secret in value.visibility().items() if secret]
    return list(value.hidden)


def has_players(system: RuleSystem) -> bool:
    """Whether the system's PCs have players (the toy's party is counters)."""
    return system.id != "toy-tally"


def new_campaign(system: RuleSystem, folder: Path, lang: str = "en") -> Path:
    """``fatescreen new-campaign FOLDER --system ID``: the system's sample campaign."""
    out = io.StringIO()
    args = ["new-campaign", str(folder), "--system", system.id, "--name", "Test", "--lang", lang]
    assert _run_cli(args, out) == 0, out.getvalue()
    return folder


def _run_cli(args: list[str], out: io.StringIO) -> int:
    with contextlib.redirect_stdout(out):
        return main(args)


def run(session: SystemCampaignSession, *lines: str) -> list[str]:
    said: list[str] = []
    for line in lines:
        result = session.execute(line)
        assert result.ok, (line, result.lines)
        said += result.lines
    return said


# ---- the command line --------------------------------------------------------------------


def test_new_campaign_writes_a_campaign_that_checks(system: RuleSystem, tmp_path: Path) -> None:
    folder = new_campaign(system, tmp_path / "c")
    assert sorted(p.name for p in folder.iterdir())[-2:] == ["campaign.toml", "party.toml"]
    loaded = load_campaign(folder)
    assert (loaded.system, loaded.name, loaded.language) == (system.id, "Test", "en")
    assert len(loaded.scenes) == 2 and loaded.state.running is None
    out = io.StringIO()
    assert _run_cli(["check", str(folder)], out) == 0, out.getvalue()
    assert f"{folder}: ok" in out.getvalue()


def test_new_campaign_refuses_a_system_without_campaigns(tmp_path: Path) -> None:
    out = io.StringIO()
    assert _run_cli(["new-campaign", str(tmp_path / "c"), "--system", "nosuch"], out) == 1
    assert "nosuch" in out.getvalue() and "mekanismi" in out.getvalue()
    assert not (tmp_path / "c").exists()


def test_a_script_plays_the_campaign_and_saves_it(system: RuleSystem, tmp_path: Path) -> None:
    folder = new_campaign(system, tmp_path / "c")
    carry = CARRIES[system.id]
    script = tmp_path / "play.txt"
    script.write_text("\n".join(("play 1", *carry.lines, "endscene", "play 2")), encoding="utf-8")
    out = io.StringIO()
    status = _run_cli(["run", str(folder), "--script", str(script), "--seed", "1", "--save"], out)
    assert status == 0, out.getvalue()
    loaded = load_campaign(folder)
    assert loaded.state.finished == (loaded.scenes[0],)
    assert loaded.state.running == loaded.scenes[1]
    assert carry.state(loaded.party) == carry.changed
    assert carry.written in loaded.party_text


def test_a_script_is_the_campaigns_one_writer(system: RuleSystem, tmp_path: Path) -> None:
    """A campaign saves at each scene's start and end, so a script that plays one writes
    it (without ``--save`` too, as Fate's): it is refused while a dashboard writes it."""
    folder = new_campaign(system, tmp_path / "c")
    script = tmp_path / "play.txt"
    script.write_text("play 1\n", encoding="utf-8")
    dashboard = open_writer(open_system_campaign, folder, lang="en")
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    out = io.StringIO()
    assert _run_cli(["run", str(folder), "--script", str(script)], out) == 2
    assert out.getvalue().endswith(
        "close that one first (a script that plays a campaign saves it as it goes)\n"
    ), out.getvalue()
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    dashboard.close()
    assert _run_cli(["run", str(folder), "--script", str(script)], io.StringIO()) == 0
    assert load_campaign(folder).state.running == load_campaign(folder).scenes[0]


# ---- play ------------------------------------------------------------------------------


def test_the_party_joins_each_scene_and_what_lasts_carries_over(
    system: RuleSystem, tmp_path: Path
) -> None:
    folder = new_campaign(system, tmp_path / "c")
    carry = CARRIES[system.id]
    session = open_system_campaign(folder, seed=3, lang="en")
    assert session.execute(carry.lines[0]).lines == (
        "no scene is running: play SCENE starts one (scenes lists them)",
    )
    run(session, "play 1")
    play: Play = session.value
    assert carry.pc in session.rules.members(play.scene)
    assert carry.state(play.scene) == carry.fresh
    run(session, *carry.lines)
    assert carry.state(session.value.scene) == carry.changed
    assert carry.state(session.value.party) == carry.fresh  # the party takes it at the end
    said = run(session, "endscene")
    assert said[0].endswith("has ended: play another scene (scenes lists them)")
    assert carry.state(session.value.party) == carry.changed
    run(session, "play 2")
    assert carry.state(session.value.scene) == carry.changed
    session.close()


def test_scene_files_keep_only_their_own_characters(system: RuleSystem, tmp_path: Path) -> None:
    folder = new_campaign(system, tmp_path / "c")
    carry = CARRIES[system.id]
    key = load_campaign(folder).scenes[0]
    scene_before = (folder / key).read_text(encoding="utf-8")
    session = open_system_campaign(folder, seed=3, lang="en", lock=True)
    run(session, "play 1", *carry.lines, "save", "endscene")
    session.close()
    assert f'name = "{carry.pc}"' not in (folder / key).read_text(encoding="utf-8")
    assert (folder / key).read_text(encoding="utf-8") == scene_before
    party = (folder / "party.toml").read_text(encoding="utf-8")
    assert carry.written in party
    assert party.startswith("format = 1\n") and "#" in party  # the GM's comments stay


def test_refusals_change_nothing(system: RuleSystem, tmp_path: Path) -> None:
    folder = new_campaign(system, tmp_path / "c")
    session = open_system_campaign(folder, lang="en")
    before = session.value
    for line, said in (
        ("endscene", "no scene is running: play SCENE starts one (scenes lists them)"),
        ("play 9", "no scene '9'; known: "),
        ("play", "play: missing SCENE"),
        ("endsession now", "endsession: did not understand 'now'"),
    ):
        result = session.execute(line)
        assert not result.ok and result.lines[0].startswith(said), (line, result.lines)
        assert session.value is before
    run(session, "play 1")
    result = session.execute("endsession")
    assert not result.ok and "is still running: endscene first" in result.lines[0]
    result = session.execute("play 2")
    assert not result.ok and "end the running scene first" in result.lines[0]


def test_a_finished_scene_is_not_played_again(system: RuleSystem, tmp_path: Path) -> None:
    session = open_system_campaign(new_campaign(system, tmp_path / "c"), lang="en")
    run(session, "play 1", "endscene")
    result = session.execute("play 1")
    assert not result.ok and "is finished" in result.lines[0]


def test_undo_goes_back_across_the_scene_end_and_start(system: RuleSystem, tmp_path: Path) -> None:
    folder = new_campaign(system, tmp_path / "c")
    carry = CARRIES[system.id]
    session = open_writer(open_system_campaign, folder, lang="en", seed=2)
    assert isinstance(session, SystemCampaignSession)
    run(session, "play 1", *carry.lines, "endscene")
    assert "finished" in (folder / "campaign.toml").read_text(encoding="utf-8")
    undone = run(session, "undo")
    # the scene's end was saved at once: undoing it writes the files again at once
    assert undone[-1].startswith("that went back past the last save")
    assert session.value.state.running == load_campaign(folder).scenes[0]
    assert load_campaign(folder).state.running == session.value.state.running
    assert carry.state(session.value.scene) == carry.changed
    for _ in carry.lines:
        run(session, "undo")
    run(session, "undo")  # the scene's start
    assert session.value.scene is None and load_campaign(folder).state.running is None
    run(session, "redo")
    assert session.value.state.running is not None
    session.close()


def test_a_session_end_starts_the_next_session(system: RuleSystem, tmp_path: Path) -> None:
    folder = new_campaign(system, tmp_path / "c")
    session = open_writer(open_system_campaign, folder, lang="en")
    assert isinstance(session, SystemCampaignSession)
    run(session, "play 1", "endscene")
    said = run(session, "endsession")
    assert said[0] == "session 1 ends; next is session 2"
    assert load_campaign(folder).state.session == 2
    assert run(session, "scenes")[0] == "Test, session 2:"
    session.close()


def test_varjot_gift_dice_are_dealt_again_at_each_session(tmp_path: Path) -> None:
    """«Kunkin pelikerran alussa jokainen pelaaja, myös pelinjohtaja, saa niin monta
    lahjanoppaa kuin pöydän ympärillä on pelaajia»: spent in one scene, still spent in the
    next scene of the session, a full hand again in the next session."""
    varjot = systems.find("varjot")
    assert varjot is not None
    folder = new_campaign(varjot, tmp_path / "c")
    session = open_writer(open_system_campaign, folder, lang="en")
    assert isinstance(session, SystemCampaignSession)
    run(session, "play 1", "check Ilse Miekkailu", "gift Tuomas", "drop", "endscene")
    assert session.value.party.gifts.by_player["Tuomas"] == 3
    run(session, "play 2")
    assert session.value.scene.gifts.by_player["Tuomas"] == 3
    run(session, "endscene")
    assert "gift_dice" in (folder / "party.toml").read_text(encoding="utf-8")
    run(session, "endsession")
    assert session.value.party.gifts.by_player == {"Eevi": 4, "Tuomas": 4, "Anni": 4, "PJ": 4}
    session.close()


# ---- the files -------------------------------------------------------------------------


def test_a_crash_loses_nothing(system: RuleSystem, tmp_path: Path) -> None:
    folder = new_campaign(system, tmp_path / "c")
    carry = CARRIES[system.id]
    session = open_writer(open_system_campaign, folder, lang="en", seed=5)
    assert isinstance(session, SystemCampaignSession)
    run(session, "play 1", *carry.lines)
    session.close()  # no save: the process dies here
    again = open_writer(open_system_campaign, folder, lang="en")
    assert isinstance(again, SystemCampaignSession)
    assert [command for command, _ in again.recoverable()] == list(carry.lines)
    assert again.recover() == len(carry.lines)
    assert carry.state(again.value.scene) == carry.changed
    run(again, "save")
    assert carry.written in (folder / "party.toml").read_text(encoding="utf-8")
    assert again.recoverable() == []
    again.close()


def test_one_writer_at_a_time(system: RuleSystem, tmp_path: Path) -> None:
    folder = new_campaign(system, tmp_path / "c")
    first = open_writer(open_system_campaign, folder, lang="en")
    with pytest.raises(SceneLocked):
        open_writer(open_system_campaign, folder, lang="en")
    second = open_writer(open_system_campaign, folder, lang="en", read_only=True)
    assert not second.execute("play 1").lines[-1].startswith("saved")
    first.close()


def test_a_hand_edit_of_a_prepared_scene_is_read_when_it_is_played(
    system: RuleSystem, tmp_path: Path
) -> None:
    folder = new_campaign(system, tmp_path / "c")
    session = open_writer(open_system_campaign, folder, lang="en")
    assert isinstance(session, SystemCampaignSession)
    run(session, "scenes")
    key = load_campaign(folder).scenes[0]
    path = folder / key
    path.write_text(
        path.read_text(encoding="utf-8").replace('title = "', 'title = "Edited ', 1),
        encoding="utf-8",
    )
    assert session.hand_edited() == ()  # the campaign does not write a scene not played
    said = run(session, "play 1")
    assert "Edited " in said[0]
    session.close()


def test_errors_name_the_file_the_line_and_the_key(system: RuleSystem, tmp_path: Path) -> None:
    folder = new_campaign(system, tmp_path / "c")
    campaign = folder / "campaign.toml"
    text = campaign.read_text(encoding="utf-8")
    campaign.write_text(text.replace('.toml", "', '.toml", "missing.toml", "', 1), encoding="utf-8")
    with pytest.raises(SceneFileError) as caught:
        load_campaign(folder)
    line = next(
        n for n, t in enumerate(campaign.read_text().splitlines(), 1) if t.startswith("scenes")
    )
    assert [str(p) for p in caught.value.problems] == [
        f"{campaign}:{line}: scenes[2]: no scene file missing.toml in the campaign folder"
    ]
    out = io.StringIO()
    assert _run_cli(["check", str(folder)], out) == 1
    assert f"{campaign}:{line}: scenes[2]" in out.getvalue()


def test_the_party_holds_player_characters_only(system: RuleSystem, tmp_path: Path) -> None:
    if not has_players(system):
        pytest.skip("the toy's party has no characters")
    folder = new_campaign(system, tmp_path / "c")
    party = folder / "party.toml"
    text = party.read_text(encoding="utf-8")
    carry = CARRIES[system.id]
    party.write_text(text.replace('player = "Eevi"\n', "", 1), encoding="utf-8")
    with pytest.raises(SceneFileError) as caught:
        load_campaign(folder)
    assert any(
        f"{carry.pc} has no player" in str(p) or "player" in str(p) for p in caught.value.problems
    )
    assert all(p.file == party and p.line is not None for p in caught.value.problems)


def test_a_scene_holding_a_party_member_is_refused_at_its_start(
    system: RuleSystem, tmp_path: Path
) -> None:
    if not has_players(system):
        pytest.skip("the toy's party has no characters")
    folder = new_campaign(system, tmp_path / "c")
    loaded = load_campaign(folder)
    party_text = (folder / "party.toml").read_text(encoding="utf-8")
    # the party's tables (and its table of players, for Varjot), as a scene writes them
    records = party_text[party_text.index("[[") :]
    players = ""
    if "players = " in party_text:
        players = party_text[party_text.index("players = ") : party_text.index("gm = ")]
    scene = folder / loaded.scenes[0]
    head, cut, rest = scene.read_text(encoding="utf-8").partition("\n[")
    scene.write_text(f"{head}\n{players}\n{records}\n{cut}{rest}", encoding="utf-8")
    session = open_system_campaign(folder, lang="en")
    result = session.execute("play 1")
    assert not result.ok and "who is in the party" in result.lines[0]
    assert session.value.scene is None


# ---- what the players see -----------------------------------------------------------------


def test_the_player_view_follows_a_campaign(system: RuleSystem, tmp_path: Path) -> None:
    folder = new_campaign(system, tmp_path / "c")
    carry = CARRIES[system.id]
    between = follow_once(folder)
    assert between.state is FollowState.NOT_RUNNING and between.scene is not None
    assert between.scene.title == "Test · session 1"
    session = open_writer(open_system_campaign, folder, lang="en")
    assert isinstance(session, SystemCampaignSession)
    run(session, "play 2")
    seen = follow_once(folder)
    assert seen.state is FollowState.NOT_RUNNING and seen.scene is not None
    assert seen.scene.title == f"Test · {session.value.scene.title}"
    shown = repr(seen.scene)
    assert carry.pc in shown
    # the GM's hidden character of the second scene stays hidden
    hidden = hidden_names(session.value.scene)
    assert hidden and all(f"{name!r}" not in shown for name in hidden)
    assert f"{carry.pc!r}" in shown
    session.close()


# ---- the dashboard ---------------------------------------------------------------------


async def test_the_dashboard_plays_the_campaign(system: RuleSystem, tmp_path: Path) -> None:
    folder = new_campaign(system, tmp_path / "c", lang="fi")
    app = SystemApp.on_campaign(folder)
    app.remember = False
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        status = app.screen.query_one("#status", Static)
        assert "Test · pelikerta 1" in str(status.render())
        assert isinstance(app.session, SystemCampaignSession)
        assert app.view_state.lang == "fi"  # the campaign's language
        await pilot.press("S", "1", "enter")
        await pilot.pause()
        assert app.session.scene_key == load_campaign(folder).scenes[0]
        assert app.screen.focused is None  # the keys are the dashboard's again
        assert "Test · " in str(status.render())
        await pilot.press("E")
        await pilot.pause()
        assert app.session.scene_key is None
        assert load_campaign(folder).state.finished == (load_campaign(folder).scenes[0],)
        await pilot.press("u")
        await pilot.pause()
        assert app.session.scene_key is not None


async def test_a_scene_file_has_no_campaign_keys(tmp_path: Path) -> None:
    from fatescreen.ui.systems.shell import SystemScreen

    path = tmp_path / "k.toml"
    source = Path(__file__).resolve().parents[2] / "scenes" / "mekanismi" / "kuilun-reunalla.toml"
    path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    app = SystemApp(path, lang="en", remember=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SystemScreen)
        assert screen.check_action("scenes", ()) is False
        assert screen.check_action("command", ("endscene",)) is False
        await pilot.press("S")
        await pilot.pause()
        line = screen.query_one("#command")
        assert screen.focused is not line and getattr(line, "value", None) == ""


def test_every_key_that_starts_a_line_is_read_first() -> None:
    """A key that moves the keys to the command line is a priority binding: a burst of
    keys typed right after it is the line's (in a real terminal the keys read with it are
    sent where the focus was before a key that is not a priority one is handled)."""
    from textual.binding import Binding

    from fatescreen.ui.systems.shell import SystemScreen, screen_of

    # the actions that move the focus: to the command line, to a pane
    focusing = ("command_bar", "prefill", "scenes", "show_pane", "extra_die")
    screens = [SystemScreen, *(screen_of(s.id) for s in systems.registered() if s.screen)]
    checked = 0
    for screen in screens:
        for binding in screen.BINDINGS:
            assert isinstance(binding, Binding)
            if binding.action.split("(")[0] in focusing:
                assert binding.priority, (screen.__name__, binding.key)
                checked += 1
    assert checked > 20


async def test_fatescreen_alone_opens_the_campaign_played_last(
    system: RuleSystem, tmp_path: Path
) -> None:
    from fatescreen.cli import last_campaign

    folder = new_campaign(system, tmp_path / "c")
    app = SystemApp.on_campaign(folder, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
    assert last_campaign() == folder.resolve()


def test_the_running_scene_has_one_writer(system: RuleSystem, tmp_path: Path) -> None:
    """While the campaign plays a scene, a dashboard on that scene file alone is refused
    (it would write the file too), and the other way round."""
    from fatescreen.commands.systems.session import open_system_session

    folder = new_campaign(system, tmp_path / "c")
    keys = load_campaign(folder).scenes
    alone = open_writer(open_system_session, folder / keys[1], lang="en")
    session = open_writer(open_system_campaign, folder, lang="en")
    assert isinstance(session, SystemCampaignSession)
    result = session.execute("play 2")
    assert not result.ok and "is open for writing in another fatescreen" in result.lines[0]
    assert session.value.scene is None
    alone.close()
    run(session, "play 1")
    with pytest.raises(SceneLocked):
        open_writer(open_system_session, folder / keys[0], lang="en")
    session.close()
    reopened = open_writer(open_system_campaign, folder, lang="en")  # the scene runs still
    with pytest.raises(SceneLocked):
        open_writer(open_system_session, folder / keys[0], lang="en")
    reopened.close()
    open_writer(open_system_session, folder / keys[0], lang="en").close()


def test_the_record_of_a_session(system: RuleSystem, tmp_path: Path) -> None:
    """``fatescreen log FOLDER --gm``: every command with what it said, scene by scene;
    ``fatescreen log FOLDER``: the players' record, the scenes' starts and ends, and nothing
    a line of the GM's may hold (a GM's character's ability, the odds)."""
    folder = new_campaign(system, tmp_path / "c")
    carry = CARRIES[system.id]
    session = open_writer(open_system_campaign, folder, lang="en", seed=4)
    assert isinstance(session, SystemCampaignSession)
    run(session, "play 1", *carry.lines, "endscene", "play 2", "undo", "play 2")
    titles = [session._title(key)[0] for key in load_campaign(folder).scenes]
    run(session, "save")
    session.close()
    out = io.StringIO()
    assert _run_cli(["log", str(folder), "--gm"], out) == 0
    gm = out.getvalue()
    assert gm.startswith(f"# Test: session 1\n\n## {titles[0]}\n\n- `play 1`\n")
    for line in carry.lines:
        assert f"- `{line}`" in gm
    assert f"## {titles[1]}\n\n- `play 2`" in gm
    out = io.StringIO()
    assert _run_cli(["log", str(folder)], out) == 0
    record = out.getvalue()
    head = f"# Test: session 1\n\n## {titles[0]}\n\n- start {titles[0]}\n"
    tail = (
        f"- end {titles[0]}\n\n## {titles[1]}\n\n- start {titles[1]}\n"
        f"- undone: start {titles[1]}\n- start {titles[1]}\n"
    )
    assert record.startswith(head) and record.endswith(tail)
    # within the scene, what the table saw as the system's record says it: never a GM's
    # line (the odds), never a command
    within = record[len(head) : -len(tail)]
    assert "%" not in within and "`" not in within
    assert all(line.startswith("- ") for line in within.splitlines())


def test_a_verb_the_campaign_does_otherwise_is_refused(tmp_path: Path) -> None:
    """Varjot's ``session`` deals the gift dice: in a campaign the session's end does, and
    the verb is refused (it would deal them with the campaign still on the same session)."""
    varjot = systems.find("varjot")
    assert varjot is not None
    session = open_system_campaign(new_campaign(varjot, tmp_path / "c"), lang="en")
    run(session, "play 1")
    before = session.value
    result = session.execute("session")
    assert not result.ok
    assert result.lines == ("session: in a campaign, endsession does this (between scenes)",)
    assert session.value is before


async def test_the_campaign_keys_and_the_read_only_mark(tmp_path: Path) -> None:
    from fatescreen.ui.systems.shell import SystemScreen

    varjot = systems.find("varjot")
    assert varjot is not None
    folder = new_campaign(varjot, tmp_path / "c")
    writer = open_writer(open_system_campaign, folder, lang="en")
    app = SystemApp.on_campaign(folder, lang="en", read_only=True)
    app.remember = False
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SystemScreen)
        status = str(screen.query_one("#status", Static).render())
        assert status.startswith("fatescreen · read-only · ") or "read-only" in status, status
        # the gift dice of a new session are the campaign's session end's to deal
        assert screen.check_action("prefill", ("session",)) is False
        assert screen.check_action("prefill", ("check ",)) is not False
    writer.close()


def test_new_scene_in_a_campaign_writes_a_scene_of_its_system(
    system: RuleSystem, tmp_path: Path
) -> None:
    folder = new_campaign(system, tmp_path / "c")
    out = io.StringIO()
    path = folder / "03-new.toml"
    assert _run_cli(["new-scene", str(path), "--title", "Uusi"], out) == 0, out.getvalue()
    loaded = load_campaign(folder)
    assert loaded.scenes[-1] == "03-new.toml"
    text = path.read_text(encoding="utf-8")
    assert f'system = "{system.id}"' in text and 'title = "Uusi"' in text
    assert "notes" not in text
    session = open_system_campaign(folder, lang="en")
    assert run(session, "play 3")[0] == "scene 3 of the campaign (session 1): Uusi"
    assert _run_cli(["new-scene", str(path), "--title", "Again"], io.StringIO()) == 1


def test_the_player_view_speaks_the_campaigns_language(
    system: RuleSystem, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fatescreen import cli

    folder = new_campaign(system, tmp_path / "c", lang="fi")
    spoken: list[str] = []

    class Heard:
        def __init__(self, path: Path, *, lang: str) -> None:
            spoken.append(lang)

    monkeypatch.setattr("fatescreen.ui.players.app.PlayersApp", Heard)
    monkeypatch.setattr("fatescreen.ui.crash.run_app", lambda app, lang: 0)
    assert cli.main(["players", str(folder)]) == 0
    assert cli.main(["players", str(folder), "--lang", "en"]) == 0
    assert spoken == ["fi", "en"]


def test_the_record_holds_a_scene_end_the_gm_quits_after(
    system: RuleSystem, tmp_path: Path
) -> None:
    """A scene's or a session's start or end saves at once: its record entry is written
    with it, so quitting right after leaves nothing out."""
    folder = new_campaign(system, tmp_path / "c")
    session = open_writer(open_system_campaign, folder, lang="en")
    assert isinstance(session, SystemCampaignSession)
    run(session, "play 1", "endscene", "endsession")
    session.close()  # quits without a save
    out = io.StringIO()
    assert _run_cli(["log", str(folder), "--gm", "--session", "1"], out) == 0
    assert "- `endscene`" in out.getvalue() and "- `endsession`" in out.getvalue()
    out = io.StringIO()
    assert _run_cli(["log", str(folder), "--session", "1"], out) == 0
    assert "## \n" not in out.getvalue() and "## Test\n" in out.getvalue()


def test_a_new_session_says_what_it_dealt(tmp_path: Path) -> None:
    varjot = systems.find("varjot")
    assert varjot is not None
    session = open_system_campaign(new_campaign(varjot, tmp_path / "c"), lang="en")
    said = run(session, "endsession")
    assert said[0] == "session 1 ends; next is session 2"
    assert "4" in said[1] and "Eevi, Tuomas, Anni, PJ" in said[1]


def test_a_new_scene_waits_for_the_campaigns_dashboard(system: RuleSystem, tmp_path: Path) -> None:
    folder = new_campaign(system, tmp_path / "c")
    dashboard = open_writer(open_system_campaign, folder, lang="en")
    before = (folder / "campaign.toml").read_bytes()
    out = io.StringIO()
    assert _run_cli(["new-scene", str(folder / "03-x.toml"), "--title", "X"], out) == 2
    assert "close it first, then add the scene" in out.getvalue()
    assert not (folder / "03-x.toml").exists()
    assert (folder / "campaign.toml").read_bytes() == before
    dashboard.close()


def test_a_recovery_says_what_it_could_not_make_again(tmp_path: Path) -> None:
    """A check under way is not saved: the roll of it journaled after a save cannot be made
    again after a crash, and the recovery says so instead of dropping it without a word."""
    from fatescreen.commands.systems.session import open_system_session

    source = Path(__file__).resolve().parents[2] / "scenes" / "mekanismi" / "kuilun-reunalla.toml"
    path = tmp_path / "k.toml"
    path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    gm = open_writer(open_system_session, path, lang="en")
    for line in (
        "check Ragnar Taistelu vs Rosvo Taistelu",
        "save",
        "roll 666 vs 11",
        "hurt Sigrid 1",
    ):
        assert gm.execute(line).ok, line
    gm.close()  # killed: nothing saved since
    again = open_writer(open_system_session, path, lang="en")
    assert again.recover() == 1
    assert [command for command, _ in again.not_recovered] == ["roll 666 vs 11"]
    again.close()


async def test_e_ends_the_session_between_scenes(tmp_path: Path) -> None:
    from fatescreen.ui.systems.shell import SystemScreen

    varjot = systems.find("varjot")
    assert varjot is not None
    folder = new_campaign(varjot, tmp_path / "c")
    app = SystemApp.on_campaign(folder, lang="en")
    app.remember = False
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SystemScreen)
        offered = {binding.id for binding in screen.offered_bindings()}
        assert "system.endsession" in offered and "system.endscene" not in offered
        assert "varjot.session" not in offered  # the campaign's session end deals the dice
        await pilot.press("E")
        await pilot.pause()
        assert isinstance(app.session, SystemCampaignSession)
        assert app.session.value.state.session == 1  # asked first: what it ends, what it deals
        assert type(app.screen).__name__ == "ConfirmDialog"
        await pilot.press("escape")
        await pilot.pause()
        assert app.session.value.state.session == 1
        await pilot.press("E")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.value.state.session == 2
        await pilot.press("S", "1", "enter")
        await pilot.pause()
        offered = {binding.id for binding in screen.offered_bindings()}
        assert "system.endscene" in offered and "system.endsession" not in offered
        await pilot.press("E")
        await pilot.pause()
        assert app.session.scene_key is None and app.session.value.state.session == 2
