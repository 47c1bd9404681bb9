"""A campaign on the dashboard: the scene list, a scene started and ended, the session ended
with its milestones, PC sheets viewed and edited; each step undone, the files checked after."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from fatescreen.cli import main
from fatescreen.commands.campaign_session import CampaignSession
from fatescreen.resources import sample_campaign
from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.campaign import CampaignApp
from fatescreen.ui.config import Settings, load_settings, save_settings
from fatescreen.ui.dialogs import ChoiceDialog, ConfirmDialog, TextDialog
from fatescreen.ui.scene_list import SceneListScreen
from fatescreen.ui.sheet import SheetRow, SheetScreen
from tests.campaign.support import campaign_file, party_file
from tests.ui.support import CampaignFactory, Keys, log_text, screen_text, text_of, until

SIZE = (80, 24)
WIDE = (160, 50)


def session_of(app: CampaignApp) -> CampaignSession:
    """The campaign an app plays."""
    session = app.campaign_session
    assert session is not None
    return session


def sheet_of(app: CampaignApp) -> SheetScreen:
    """The PC sheet on top."""
    screen = app.screen
    assert isinstance(screen, SheetScreen)
    return screen


async def command(keys: Keys, line: str) -> None:
    """Type a command into the focused screen's command bar and run it."""
    await keys.press("colon")
    await keys.type(line)
    await keys.press("enter")


async def go_to(keys: Keys, app: CampaignApp, field: str) -> None:
    """Highlight a sheet's field by its key (``skills``, ``consequences.mild``) with j and k."""
    order = [row.field.key for row in app.screen.query(SheetRow) if row.field is not None]
    for _ in range(len(order)):
        await until(keys.pilot, lambda: isinstance(app.focused, SheetRow))  # a new sheet's row
        focused = app.focused
        assert isinstance(focused, SheetRow) and focused.field is not None
        here = order.index(focused.field.key)
        if order[here] == field:
            return
        await keys.press("j" if order.index(field) > here else "k")
    raise AssertionError(f"never got to {field}")


async def edit(keys: Keys, app: CampaignApp, field: str, text: str) -> None:
    """Edit a sheet's field in place: Enter, the new text, Enter."""
    await go_to(keys, app, field)
    await keys.press("enter")
    editor = app.focused
    assert isinstance(editor, Input)
    editor.value = ""
    await keys.type(text)
    await keys.press("enter")


@pytest.mark.parametrize(
    ("lang", "header"),
    [
        ("en", "session 3 · 2 of 8 scenes finished"),
        ("fi", "pelikerta 3 · päättyneitä kohtauksia 2/8"),
    ],
)
async def test_the_header_counts_the_scenes_the_list_shows_finished(
    make_campaign_app: CampaignFactory, lang: str, header: str
) -> None:
    """The campaign has started nine scenes (the count recovery is measured in) but the
    list holds eight, two of them finished: the header agrees with the list."""

    def played(text: str) -> str:
        state = 'session = 3\nscene = 9\nfinished = ["golden-mask.toml", "brine-mother.toml"]'
        return text.replace("session = 2\nscene = 4", state)

    app = make_campaign_app(lang=lang, edit=played)
    async with app.run_test(size=WIDE):
        shown = screen_text(app)
        assert header in shown
        assert "9" not in shown.splitlines()[0]


async def test_the_campaign_opens_on_its_scene_list(make_campaign_app: CampaignFactory) -> None:
    app = make_campaign_app()
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(pilot)
        assert isinstance(app.screen, SceneListScreen)
        shown = screen_text(app)
        assert "The golden mask · session 2 · 0 of 8 scenes finished" in shown
        assert "1 · Ambush in the archive" in shown
        assert "campaign/01-archive-ambush.toml" in shown  # the highlighted one's file
        assert "8 · The Brine Mother" in shown
        assert "Silbestre (Eevi)  ●●○ 2/3" in shown
        assert "moderate: Cracked ribs, strapped up ↻" in shown
        assert "Riesa (Sami)  ○○○ 0/3" in shown
        assert "mild: Sprained wrist" in shown
        await keys.press("a", "n")  # the dashboard's keys do nothing here
        assert isinstance(app.screen, SceneListScreen)
        await keys.press("S")
        assert len(app.screen_stack) == 1
        assert not session_of(app).running
        await keys.press("S")
        assert isinstance(app.screen, SceneListScreen)
        await keys.press("escape")
        assert len(app.screen_stack) == 1


async def test_a_scene_started_from_the_list_ends_with_its_summary_and_both_undo(
    make_campaign_app: CampaignFactory, scene_folder: Path
) -> None:
    app = make_campaign_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        session = session_of(app)
        await keys.press("enter")  # the first prepared scene is highlighted
        assert len(app.screen_stack) == 1
        assert session.running and app.scene.title == "Ambush in the archive"
        assert app.view_state.selected == "silbestre"
        assert campaign_file(scene_folder)["running"] == "campaign/01-archive-ambush.toml"
        assert "GM pool 2 = PCs 2 + carried by NPCs 0" in log_text(app)

        await command(keys, "fp give rozio 2 a gift")
        await keys.press("E")
        assert isinstance(app.screen, ConfirmDialog)
        summary = screen_text(app)
        assert "Ambush in the archive ends" in summary
        assert "written back to party.toml: Silbestre, Rozio" in summary
        assert party_file(scene_folder)["Rozio"]["fate_points"] == 1
        await keys.press("enter")
        assert isinstance(app.screen, SceneListScreen)
        assert party_file(scene_folder)["Rozio"]["fate_points"] == 3
        state = campaign_file(scene_folder)
        assert state["finished"] == ["campaign/01-archive-ambush.toml"]
        assert "running" not in state
        assert "1 ✓ Ambush in the archive" in screen_text(app)
        assert "Rozio (Tuomas)  ●●● 3/3" in screen_text(app)

        await keys.press("u")  # the scene end undone: the files say the scene runs again
        assert session.running
        assert campaign_file(scene_folder)["running"] == "campaign/01-archive-ambush.toml"
        assert "finished" not in campaign_file(scene_folder)
        assert "1 ▶ Ambush in the archive" in screen_text(app)
        await keys.press("enter")  # back into the running scene
        assert len(app.screen_stack) == 1
        assert app.scene.character("rozio").fate_points == 3
        await keys.press("u", "u")  # the gift, then the start
        assert not session.running
        assert app.scene.character("rozio").fate_points == 1
        assert party_file(scene_folder)["Rozio"]["fate_points"] == 1
        state = campaign_file(scene_folder)
        assert "running" not in state and state["scene"] == 4
        await keys.press("S")
        assert "1 · Ambush in the archive" in screen_text(app)


async def test_a_finished_scene_cannot_be_played_again(
    make_campaign_app: CampaignFactory,
) -> None:
    app = make_campaign_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("enter")
        await command(keys, "endscene")
        assert isinstance(app.screen, SceneListScreen)
        await keys.press("up", "enter")
        assert isinstance(app.screen, SceneListScreen)
        assert "Ambush in the archive is finished" in log_text(app)


async def test_a_pc_sheet_is_edited_in_place_and_the_edit_undone(
    make_campaign_app: CampaignFactory, scene_folder: Path
) -> None:
    app = make_campaign_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        session = session_of(app)
        await keys.press("tab", "down", "enter")  # Rozio in the party list
        sheet = sheet_of(app)
        assert sheet.pc_id == "rozio"
        assert "Knife-throwing smuggler with a conscience" in screen_text(app)

        await go_to(keys, app, "skills")
        await keys.press("enter")
        editor = app.focused
        assert isinstance(editor, Input)
        assert editor.value == (
            "Shoot 4, Athletics 3, Deceive 3, Contacts 2, Fight 2, Stealth 2, "
            "Burglary 1, Notice 1, Physique 1, Will 1"
        )
        editor.value = ""
        await keys.type(
            "Shoot 4, Athletics 3, Deceive 3, Contacts 2, Will 2, Stealth 2, "
            "Burglary 1, Notice 1, Physique 1, Fight 1"
        )
        await keys.press("enter")
        assert isinstance(app.focused, SheetRow)
        assert party_file(scene_folder)["Rozio"]["skills"]["Will"] == 2
        assert session.party().member("rozio").character.skills["Will"] == 2
        assert "Fair (+2): Contacts, Stealth, Will" in screen_text(app)
        assert "Rozio's sheet edited" in log_text(app)

        await keys.press("u")
        assert party_file(scene_folder)["Rozio"]["skills"]["Will"] == 1
        assert session.party().member("rozio").character.skills["Will"] == 1
        assert "Fair (+2): Contacts, Fight, Stealth" in screen_text(app)

        await edit(keys, app, "aspects", "Never trusts a harbourmaster")
        assert party_file(scene_folder)["Rozio"]["aspects"] == [
            "Silbestre's oldest friend",
            "A blade for every occasion",
            "Never trusts a harbourmaster",
        ]
        await edit(keys, app, "aspects.0", "")
        assert party_file(scene_folder)["Rozio"]["aspects"] == [
            "A blade for every occasion",
            "Never trusts a harbourmaster",
        ]
        await keys.press("u", "u")
        assert party_file(scene_folder)["Rozio"]["aspects"] == [
            "Silbestre's oldest friend",
            "A blade for every occasion",
        ]
        await keys.press("right_square_bracket")
        assert sheet_of(app).pc_id == "vitor"
        await keys.press("escape")
        assert isinstance(app.screen, SceneListScreen)


INVALID_SHEET_EDITS = [
    ("name", "", "name: expected a non-empty string"),
    ("refresh", "lots", "'lots' is not a whole number"),
    ("fate_points", "-1", "fate_points: -1 is too small (at least 0)"),
    ("skills", "Lore 4, Piloting 3", "Piloting is not on the campaign's skill list"),
    ("skills", "Lore 4, Athletics", "cannot read 'Athletics': write names and numbers"),
    ("skills", "Lore 5", "Superb (+5) holds 1 skill but Great (+4) below it only 0"),
    ("stress", "physical 3, spiritual 2", "unknown key 'spiritual'"),
]
"""Sheet edits the campaign refuses: the field, the text typed, what the sheet says."""


async def test_an_invalid_sheet_edit_is_refused_and_changes_nothing(
    make_campaign_app: CampaignFactory, scene_folder: Path
) -> None:
    """Each edit of INVALID_SHEET_EDITS in turn on one sheet (one dashboard start serves
    them all): refused with its reason, the editor kept open, nothing changed."""
    app = make_campaign_app()
    party_before = (scene_folder / "party.toml").read_text(encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        session = session_of(app)
        sheet_before = session.party()
        await keys.press("P")  # the first PC, highlighted in the party list
        sheet = sheet_of(app)
        for field, text, message in INVALID_SHEET_EDITS:
            case = f"{field} = {text!r}"
            await edit(keys, app, field, text)
            shown = text_of(sheet.message)
            assert shown.startswith("not changed: "), case
            assert message in shown, case
            assert isinstance(app.focused, Input), case  # still editing, to put it right
            await keys.press("escape")
            assert isinstance(app.focused, SheetRow), case
            assert session.party() == sheet_before, case
            assert session.history.done == (), case
            assert (scene_folder / "party.toml").read_text(encoding="utf-8") == party_before
    assert (scene_folder / "party.toml").read_text(encoding="utf-8") == party_before


async def test_treatment_of_a_consequence_starts_and_stops_on_the_sheet(
    make_campaign_app: CampaignFactory, scene_folder: Path
) -> None:
    app = make_campaign_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("P", "left_square_bracket")  # from Silbestre back to Riesa
        assert sheet_of(app).pc_id == "riesa"
        await go_to(keys, app, "consequences.mild")
        await keys.press("r")
        assert party_file(scene_folder)["Riesa"]["consequences"]["mild"] == {
            "text": "Sprained wrist",
            "recovering_since": [2, 4],
        }
        assert "recovering since session 2, scene 4" in screen_text(app)
        await keys.press("r")
        assert party_file(scene_folder)["Riesa"]["consequences"]["mild"] == "Sprained wrist"
        await keys.press("u")
        assert "recovering_since" in party_file(scene_folder)["Riesa"]["consequences"]["mild"]
        await go_to(keys, app, "consequences.moderate")
        await keys.press("r")
        assert "no consequence to treat" in text_of(sheet_of(app).message)


async def test_the_sheet_of_the_selected_pc_opens_from_the_dashboard(
    make_campaign_app: CampaignFactory, scene_folder: Path
) -> None:
    app = make_campaign_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("enter")
        await keys.press("right_square_bracket")  # Rozio in the stat block
        assert app.view_state.selected == "rozio"
        await keys.press("P")
        assert sheet_of(app).pc_id == "rozio"
        placed = app.scene.character("rozio").zone
        assert placed == "reading-room"  # the party starts in the scene's first zone
        await edit(keys, app, "fate_points", "5")
        assert app.scene.character("rozio").fate_points == 5
        assert app.scene.character("rozio").zone == placed
        assert party_file(scene_folder)["Rozio"]["fate_points"] == 5
        await keys.press("escape")
        assert len(app.screen_stack) == 1
        assert "Fate points 5 (refresh 3)" in text_of(app.query_one("#statblock"))
        await keys.press("u")
        assert app.scene.character("rozio").fate_points == 1
        assert party_file(scene_folder)["Rozio"]["fate_points"] == 1


@pytest.mark.parametrize(
    ("lang", "pool"),
    [
        ("en", "GM pool reset: the 1 point left unspent goes"),
        ("fi", "PJ:n varanto nollautuu: käyttämättömät pisteet (1) poistuvat"),
    ],
)
async def test_the_scene_end_summary_says_the_gm_pool_is_reset(
    make_campaign_app: CampaignFactory, lang: str, pool: str
) -> None:
    """The summary before a campaign's scene ends names what the GM pool does, as the
    README's scene end promises: the points left go, the next scene starts its own."""
    app = make_campaign_app(lang=lang)
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(pilot)
        await keys.press("enter")  # Ambush in the archive: a pool of 2 for its 2 PCs
        assert app.scene.gm_pool == 2
        await command(keys, "fp spend gm")
        await keys.press("E")
        assert isinstance(app.screen, ConfirmDialog)
        assert pool in screen_text(app)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            'Riesa plays this scene with what the scene gives: Weapon 2, stunt "Riposte"; the '
            "party's sheet keeps its own",
        ),
        (
            "fi",
            'Riesa pelaa tämän kohtauksen kohtauksen antamin varustein: Ase 2, temppu "Riposte"; '
            "ryhmän lomake pysyy ennallaan",
        ),
    ],
)
async def test_the_gear_a_scene_gives_a_party_pc_is_played_there_and_not_kept(
    make_campaign_app: CampaignFactory, scene_folder: Path, lang: str, said: str
) -> None:
    """The Brine Mother gives Riesa her sabre (weapon 2) and Riposte beyond the party's
    sheet: she plays the scene with them, play says so, a save and the scene's end leave
    party.toml without them."""
    assert "weapon" not in party_file(scene_folder)["Riesa"]
    app = make_campaign_app(lang=lang)
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(pilot)
        await command(keys, "play 8")
        assert said in log_text(app)
        riesa = app.scene.character("riesa")
        assert riesa.weapon == 2 and [s.text.split(":")[0] for s in riesa.stunts] == ["Riposte"]
        assert riesa.fate_points == 0  # the party's sheet, not the scene's 3
        await keys.press("ctrl+s")
        await until(pilot, lambda: "Riesa" in party_file(scene_folder))
        assert {"weapon", "stunts"}.isdisjoint(party_file(scene_folder)["Riesa"])
        await keys.press("E", "enter")
        assert isinstance(app.screen, SceneListScreen)
        record = party_file(scene_folder)["Riesa"]
        assert {"weapon", "stunts"}.isdisjoint(record)
        assert session_of(app).campaign.member("riesa").character.weapon == 0


async def test_the_session_ends_from_the_scene_list_and_offers_each_pc_a_milestone(
    make_campaign_app: CampaignFactory, scene_folder: Path
) -> None:
    app = make_campaign_app()
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(pilot)
        session = session_of(app)
        await keys.press("E")
        assert isinstance(app.screen, ConfirmDialog)
        summary = screen_text(app)
        assert "End session 2?" in summary
        assert "session 2 ends; next is session 3" in summary
        assert "Silbestre: 2 → 3 fate points (refresh)" in summary
        assert 'healed: Silbestre: "Cracked ribs, strapped up"' in summary
        await keys.press("enter")
        state = campaign_file(scene_folder)
        assert state["session"] == 3
        assert state["milestones"] == ["silbestre", "rozio", "vitor", "riesa"]
        assert party_file(scene_folder)["Silbestre"]["fate_points"] == 3
        assert "consequences" not in party_file(scene_folder)["Silbestre"]

        assert isinstance(app.screen, ChoiceDialog)
        assert "Silbestre's milestone" in screen_text(app)
        await keys.press("down", "enter")  # swap two skills
        assert isinstance(app.screen, TextDialog)
        await keys.type("Lore")
        await keys.press("enter")
        await keys.type("Athletics")
        await keys.press("enter")
        silbestre = session.campaign.member("silbestre")
        assert silbestre.character.skills["Athletics"] == 4
        assert silbestre.advances[-1].change == "swapped Lore and Athletics"
        assert isinstance(app.screen, ChoiceDialog)
        assert "Rozio's milestone" in screen_text(app)
        await keys.press("enter")  # no change
        assert "Vitor's milestone" in screen_text(app)
        await keys.press("escape")  # the rest later
        assert isinstance(app.screen, SceneListScreen)
        assert session.campaign.milestones == ("vitor", "riesa")
        shown = screen_text(app)
        assert "Vitor (Anni)  ●●●● 4/3  ★ milestone due" in shown
        assert "Silbestre (Eevi)  ●●● 3/3  " in shown
        assert "Silbestre (Eevi)  ●●● 3/3  ★" not in shown

        await keys.press("tab", "down", "down", "m")  # Vitor's milestone from the list
        assert "Vitor's milestone" in screen_text(app)
        await keys.press("escape")
        await keys.press("u", "u", "u")  # Rozio's, Silbestre's, then the session end
        assert session.campaign.session == 2
        state = campaign_file(scene_folder)
        assert state["session"] == 2 and "milestones" not in state
        assert party_file(scene_folder)["Silbestre"]["fate_points"] == 2


async def test_the_session_does_not_end_while_a_scene_runs(
    make_campaign_app: CampaignFactory,
) -> None:
    app = make_campaign_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("enter", "S", "E")
        assert isinstance(app.screen, SceneListScreen)
        assert session_of(app).campaign.session == 2


async def test_markup_in_a_pc_name_is_shown_literally(
    make_campaign_app: CampaignFactory, scene_folder: Path
) -> None:
    app = make_campaign_app()
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(pilot)
        await keys.press("P")
        await edit(keys, app, "name", "[b]Silbestre[/b]")
        assert party_file(scene_folder)["[b]Silbestre[/b]"]["id"] == "silbestre"
        assert "[b]Silbestre[/b] — Eevi" in screen_text(app)
        await keys.press("escape")
        assert "[b]Silbestre[/b] (Eevi)" in screen_text(app)
        await keys.press("m")
        assert "[b]Silbestre[/b]'s milestone" in screen_text(app)
        await keys.press("down", "enter")
        assert "[b]Silbestre[/b]'s milestone: Swap two skills" in screen_text(app)


async def test_a_running_scene_reopens_on_the_dashboard_and_lost_changes_are_offered(
    make_campaign_app: CampaignFactory,
) -> None:
    app = make_campaign_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("enter")  # started and saved at once
        await command(keys, "fp give rozio 2 a gift")  # journaled only
    reopened = make_campaign_app()
    async with reopened.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        assert isinstance(reopened.screen, ConfirmDialog)
        assert [type(s).__name__ for s in reopened.screen_stack] == [
            "DashboardScreen",
            "ConfirmDialog",
        ]
        await keys.press("enter")
        assert len(reopened.screen_stack) == 1
        assert session_of(reopened).running
        assert reopened.scene.character("rozio").fate_points == 3


async def test_a_pc_moved_and_saved_is_where_the_gm_left_it_when_the_campaign_reopens(
    make_campaign_app: CampaignFactory, scene_folder: Path
) -> None:
    app = make_campaign_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("enter")  # Ambush in the archive starts
        await command(keys, "move rozio stacks")
        assert app.scene.character("rozio").zone == "stacks"
        await keys.press("ctrl+s")
        assert not session_of(app).dirty
    reopened = make_campaign_app()
    async with reopened.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert len(reopened.screen_stack) == 1  # nothing to recover: the dashboard
        assert session_of(reopened).running
        assert reopened.scene.character("rozio").zone == "stacks"
        assert reopened.scene.character("silbestre").zone == "reading-room"


async def test_changes_lost_between_scenes_are_offered_over_the_scene_list(
    make_campaign_app: CampaignFactory,
) -> None:
    app = make_campaign_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("E", "enter")  # the session ends, saved at once
        await keys.press("enter")  # Silbestre takes no change (journaled only)
        await keys.press("escape")
        assert session_of(app).campaign.milestones == ("rozio", "vitor", "riesa")
    reopened = make_campaign_app()
    async with reopened.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await pilot.pause()
        assert [type(s).__name__ for s in reopened.screen_stack] == [
            "DashboardScreen",
            "SceneListScreen",
            "ConfirmDialog",
        ]
        assert session_of(reopened).campaign.milestones == ("silbestre", "rozio", "vitor", "riesa")
        await keys.press("enter")
        assert isinstance(reopened.screen, SceneListScreen)
        assert session_of(reopened).campaign.milestones == ("rozio", "vitor", "riesa")
        assert "Silbestre (Eevi)  ●●● 3/3  ★" not in screen_text(reopened)


async def test_a_campaign_that_cannot_be_opened_says_why(scene_folder: Path) -> None:
    (scene_folder / "party.toml").write_text("format = 1\n[[pc]]\nname = 3\n", encoding="utf-8")
    app = CampaignApp(scene_folder, remember=False, lang="en", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.campaign_session is None
        assert len(app.screen_stack) == 1
        assert "could not open" in screen_text(app)
        assert "pc[1].name: expected a string, found an integer" in log_text(app)
        await pilot.press("S", "P", "E")
        assert len(app.screen_stack) == 1


async def test_the_dashboard_remembers_the_campaign_it_opened(scene_folder: Path) -> None:
    app = CampaignApp(scene_folder, lang="en", cursor_blink=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
    assert load_settings().last_scene == str(scene_folder.resolve())


def test_fatescreen_opens_a_campaign_folder_or_the_one_opened_last(
    monkeypatch: pytest.MonkeyPatch, scene_folder: Path
) -> None:
    opened: list[tuple[str, Path | None]] = []

    def record(app: FatescreenApp) -> None:
        opened.append((type(app).__name__, app.scene_path))

    monkeypatch.setattr(FatescreenApp, "run", record)
    demo = sample_campaign()  # the sample campaign, copied into the data folder
    assert main([]) == 0
    assert opened[-1] == ("CampaignApp", demo)
    assert main([str(scene_folder)]) == 0
    assert opened[-1] == ("CampaignApp", scene_folder)
    assert main([str(scene_folder / "campaign.toml")]) == 0
    assert opened[-1] == ("CampaignApp", scene_folder)
    save_settings(Settings(last_scene=str(scene_folder)))
    assert main([]) == 0
    assert opened[-1] == ("CampaignApp", scene_folder)
    assert main([str(scene_folder / "golden-mask.toml")]) == 0
    assert opened[-1] == ("FatescreenApp", scene_folder / "golden-mask.toml")
    save_settings(Settings(last_scene=str(scene_folder / "golden-mask.toml")))
    assert main([]) == 0
    assert opened[-1] == ("CampaignApp", demo)


async def test_j_and_k_walk_the_scene_list_and_enter_plays_the_one_walked_to(
    make_campaign_app: CampaignFactory,
) -> None:
    app = make_campaign_app()
    async with app.run_test(size=WIDE) as pilot:
        keys = Keys(pilot)
        assert isinstance(app.screen, SceneListScreen)
        await keys.press("j")
        assert "campaign/02-rooftop-chase.toml" in screen_text(app)  # the highlighted file
        await keys.press("j", "k")
        assert "campaign/02-rooftop-chase.toml" in screen_text(app)
        await keys.press("enter")
        await until(pilot, lambda: len(app.screen_stack) == 1)
        assert app.scene.title == "Across the rooftops"
