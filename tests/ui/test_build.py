"""Building and changing a scene from the dashboard: the build menu, the reinforcements key,
the stat block editor; every dialog makes one command, refused edits change nothing."""

from __future__ import annotations

import io
from collections.abc import Callable
from contextlib import redirect_stdout
from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Select, Static

from fatescreen import cli
from fatescreen.scene.load import load_scene
from fatescreen.scene.model import Link, Scene, Zone
from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.build import MENU, skill_words, stress_words
from fatescreen.ui.dialogs import ChoiceDialog, ConfirmDialog, Dialog
from fatescreen.ui.dialogs.form import FormDialog, FormError
from fatescreen.ui.panes.zones import draw_map
from fatescreen.ui.state import View
from tests.ui.support import AppFactory, Keys, log_text, until
from tests.ui.support import notices as given

DATA = Path(__file__).resolve().parent / "data"
SIZE = (100, 30)
EMPTY = 'format = 1\ntitle = "The golden mask"\n'


def playable(scene: Scene) -> Scene:
    """A scene without what is not written to the file (pending rolls and hits)."""
    return replace(scene, pending_roll=None, pending_hit=None, queued_hits=(), contest_rolls=())


async def choose(keys: Keys, label: str) -> None:
    """Highlight the option of the open choice dialog whose text starts with ``label``
    (spacing aside; arrow keys, counted), then Enter."""
    dialog = keys.pilot.app.screen
    assert isinstance(dialog, ChoiceDialog), dialog
    options = dialog.query_one(OptionList)
    texts = [" ".join(str(getattr(o.prompt, "plain", o.prompt)).split()) for o in options.options]
    found = [i for i, text in enumerate(texts) if text.startswith(" ".join(label.split()))]
    assert found, f"no option {label!r} in {texts}"
    current = options.highlighted or 0
    step = "down" if found[0] > current else "up"
    await keys.press(*[step] * abs(found[0] - current), "enter")


async def fill(keys: Keys, text: str) -> None:
    """Type into the focused text field, replacing what it held."""
    field = keys.pilot.app.focused
    assert isinstance(field, Input), field
    field.value = ""
    await keys.type(text)


async def pick(keys: Keys, field_id: str, label: str) -> None:
    """Choose an option of a form's picker by its label: a click opens it, arrows, Enter."""
    select = keys.pilot.app.screen.query_one(f"#{field_id}", Select)
    labels = [str(getattr(prompt, "plain", prompt)) for prompt, _ in select._options]
    values = [value for _, value in select._options]
    target, current = labels.index(label), values.index(select.value)
    keys.pilot.app.clear_notifications()  # notices piled up the right side cover the form
    await keys.pilot.pause()
    await keys.pilot.click(select)
    step = "down" if target > current else "up"
    await keys.press(*[step] * abs(target - current), "enter")
    assert select.value == values[target]


async def confirm(keys: Keys) -> None:
    """Click the form's Confirm button."""
    await keys.pilot.click("#confirm")


async def form(keys: Keys, *texts: str) -> None:
    """Fill the form's text fields in order (Tab between them; None-like "" skips one),
    then Enter in the last one filled."""
    for index, text in enumerate(texts):
        if index:
            await keys.press("tab")
        if text:
            await fill(keys, text)


def saved_file(app: FatescreenApp) -> str:
    """The scene file's text; asserts it passes ``fatescreen check`` and reloads to the
    scene on the dashboard."""
    assert app.scene_path is not None
    with redirect_stdout(io.StringIO()) as out:
        status = cli.main(["check", str(app.scene_path)])
    assert status == 0, out.getvalue()
    assert load_scene(app.scene_path).scene == playable(app.scene)
    return app.scene_path.read_text(encoding="utf-8")


async def test_a_small_scene_built_from_an_empty_one_with_keys_and_dialogs(
    make_app: AppFactory, scene_folder: Path
) -> None:
    """Two zones with a block between them, a PC, a big bad with a true form and three
    minions from a template, a hazard and a countdown: saved, the file passes check,
    reloads to the same scene and reads like the hand-written golden file."""
    (scene_folder / "built.toml").write_text(EMPTY, encoding="utf-8")
    app = make_app("built.toml")
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        # two zones, a block between them
        await keys.press("Z")
        await fill(keys, "Ritual hall")
        await keys.press("enter")
        await keys.press("Z")
        await fill(keys, "Crypt")
        await keys.press("enter")
        await keys.press("b", "b")
        assert isinstance(app.screen, FormDialog)
        await form(keys, "Rusted gate", "2")
        await pick(keys, "form-between_1", "Ritual hall")
        await pick(keys, "form-between_2", "Crypt")
        await confirm(keys)
        assert not isinstance(app.screen, Dialog)
        # a PC, with a high concept, a trouble and a stunt
        await keys.press("b", "p")
        await form(keys, "Silbestre", "Eevi", "Lore 4, Athletics 3, Physique 1")
        await keys.press("enter")
        # the selection arrives as a message after the dialog closes
        await until(keys.pilot, lambda: app.view_state.selected == "silbestre")
        await keys.press("e")
        await keys.press("c")
        await fill(keys, "Haunted scholar of the old books")
        await keys.press("enter")
        await keys.press("t")
        await fill(keys, "Can't leave a mystery alone")
        await keys.press("enter")
        await keys.press("u")
        await form(
            keys,
            "Because I have read everything, +2 to Lore when I create an advantage about "
            "the occult.",
            "2",
            "Lore",
        )
        await pick(keys, "form-action", "Create an advantage")
        await confirm(keys)
        await keys.press("escape")
        # the big bad, its true form and its minions
        await keys.press("b", "m")
        await form(keys, "Masked leader", "Fight 4, Provoke 3, Will 2, Physique 2")
        await pick(keys, "form-zone", "Crypt")
        await confirm(keys)
        # the selection arrives as a message after the dialog closes
        await until(keys.pilot, lambda: app.view_state.selected == "masked-leader")
        await keys.press("e")
        await keys.press("c")
        await fill(keys, "Golden mask of the Elder Cult")
        await keys.press("enter")
        await keys.press("w")
        await fill(keys, "1")
        await keys.press("enter")
        await keys.press("o")
        await form(keys, "The Elder's vessel")
        await pick(keys, "form-reveal", "soft: consequences stepped down")
        await keys.pilot.click("#form-skills")
        await form(keys, "Fight 6", "Tentacles of gold", "physical 6, mental 4")
        await keys.press("enter")
        await keys.press("escape")
        await keys.press("r")
        await choose(keys, "Cultist")
        await keys.type("3")
        await keys.press("enter", "enter")
        await keys.press("e")
        await keys.press("i")
        await fill(keys, "cultist")
        await keys.press("enter", "escape")
        # a hazard and a countdown
        await keys.press("b", "h")
        await form(keys, "Falling rocks", "3", "2")
        await pick(keys, "form-zone", "Ritual hall")
        await confirm(keys)
        await keys.press("b", "c")
        await form(keys, "The ritual completes", "4", "end of each exchange", "The Elder wakes")
        await pick(keys, "form-visible", "players see the boxes")
        await confirm(keys)
        assert not isinstance(app.screen, Dialog)
        assert "error" not in log_text(app).casefold(), log_text(app)
        await keys.press("ctrl+s")

        scene = app.scene
        assert scene.link_between("ritual-hall", "crypt") == Link(
            ("ritual-hall", "crypt"), None, "rusted-gate"
        )
        assert scene.character("masked-leader").form_count == 2
        assert [c.id for c in scene.characters][-3:] == ["cultist-1", "cultist-2", "cultist-3"]
        expected = (DATA / "built-on-the-dashboard.toml").read_text(encoding="utf-8")
        assert saved_file(app) == expected
        # every dialog made one command: the log lists them, one undo step each
        assert app.session is not None
        assert len(app.session.history.done) == 15


async def test_three_more_cultists_burst_in_mid_conflict_in_4_keys(make_app: AppFactory) -> None:
    """r, Enter on the Cultist template (offered first: its copies are in the scene), the
    count typed, Enter, Enter on the Crypt (where the cultists stand): Cultist 4 to 6 join the
    zone and the turn order as not yet acted; one u takes all three back."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert (result := app.run_command("next rozio")) is not None and result.ok
        before = app.scene
        keys = Keys(pilot)
        await keys.press("r", "enter")
        await keys.type("3")
        await keys.press("enter", "enter")
        assert keys.count <= 4
        new = ("cultist-4", "cultist-5", "cultist-6")
        scene = app.scene
        assert all(scene.character(i).zone == "crypt" for i in new)
        assert scene.turn is not None
        assert scene.turn.participants[-3:] == new
        assert not set(new) & set(scene.turn.acted)
        assert "in the turn order, not acted yet this exchange: Cultist 4" in log_text(app)
        await keys.press("u")
        assert app.scene == before
        assert "undone: add Cultist 4, Cultist 5, Cultist 6" in log_text(app)


def error_shown(app: FatescreenApp) -> str:
    """The refusal the open dialog shows."""
    dialog = app.screen
    assert isinstance(dialog, Dialog), dialog
    return " ".join(
        str(getattr(line.visual, "plain", line.visual))
        for line in dialog.query(".dialog-error").results(Static)
        if line.display
    )


def notices(app: FatescreenApp) -> list[str]:
    """The notifications given."""
    return [message for message, _ in given(app)]


async def test_refused_edits_keep_the_dialog_open_say_why_and_change_nothing(
    make_app: AppFactory,
) -> None:
    """A negative weapon rating, a name another character has, a block between one zone
    only, no copies of a template, and a link to a zone that does not exist (typed: the
    dialogs offer only zones that are there): each refused with the loader's (or the form's)
    message, in the dialog and the log, with the scene unchanged."""
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        before = app.scene
        keys = Keys(pilot)
        await keys.press("e")
        await keys.press("w")
        await fill(keys, "-1")
        await keys.press("enter")
        refusal = "Silbestre: weapon: -1 is too small (at least 0); nothing changed"
        assert isinstance(app.screen, FormDialog)
        assert error_shown(app) == refusal
        assert app.screen.values()["weapon"] == "-1"
        assert refusal in notices(app) and refusal in log_text(app)
        assert app.scene is before

        await keys.press("escape")
        await keys.press("n")
        await fill(keys, "Rozio")
        await keys.press("enter")
        duplicate = "another character is already called Rozio (names and ids must differ): Rozio"
        assert error_shown(app) == duplicate
        assert duplicate in notices(app)
        assert app.scene is before
        await keys.press("escape", "escape")
        assert not isinstance(app.screen, Dialog)

        await keys.press("b", "b")
        await form(keys, "Rusted gate", "2")
        await pick(keys, "form-between_1", "Crypt")
        await confirm(keys)
        assert error_shown(app) == "a block stands between two zones: choose both, or neither"
        await keys.press("escape")

        await keys.press("r", "enter")
        await keys.type("0")
        await keys.press("enter")
        assert error_shown(app) == "how many is a number from 1 to 100, not '0'"
        await keys.press("escape")

        await keys.press("colon")
        await keys.type("link hall attic")
        await keys.press("enter")
        missing = "no zone 'attic'; known: Ritual hall, Crypt, Stairs"
        assert missing in notices(app) and missing in log_text(app)
        assert app.scene is before
        assert app.session is not None and not app.session.history.done


async def test_every_build_dialog_closes_with_escape_and_changes_nothing(
    make_app: AppFactory,
) -> None:
    """Each entry of the build menu (and the field chooser) opens its first dialog; Esc
    closes it and the scene is as it was, with nothing logged."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        before = app.scene
        keys = Keys(pilot)
        await keys.press("b")
        menu = app.screen
        assert isinstance(menu, ChoiceDialog)
        entries = [line for line, _ in menu.options]
        assert entries == [entry for entry, _ in MENU]
        await keys.press("escape")
        for entry in entries:
            app.builder().start(entry)
            await pilot.pause()  # the editor opens once the app has the message
            assert isinstance(app.screen, Dialog), entry
            await keys.press("escape")
            assert not isinstance(app.screen, Dialog), entry
        assert app.scene is before
        assert log_text(app) == ""


async def test_remove_the_selected_character_after_a_confirmation(make_app: AppFactory) -> None:
    """Del asks first (Esc keeps Cultist 2); Enter removes it, the stat block shows the next
    character, and one undo brings it back."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.select_character("cultist-2")
        before = app.scene
        keys = Keys(pilot)
        await keys.press("delete")
        assert isinstance(app.screen, ConfirmDialog)
        await keys.press("escape")
        assert app.scene is before
        await keys.press("delete", "enter")
        assert "cultist-2" not in app.scene.character_index
        assert app.view_state.selected == "cultist-3"
        assert "removed: Cultist 2" in log_text(app)
        await keys.press("u")
        assert app.scene == before


async def test_a_skill_from_the_ladder_and_a_barrier_on_a_new_link(make_app: AppFactory) -> None:
    """In the field chooser, a skill's line opens the ladder: 5 makes Lore Superb; the
    stunt's line rewrites its text. Then l links the Crypt and the Stairs
    with a barrier of 3, choosing the zones from lists."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("e")
        await choose(keys, "Skill Lore")
        assert isinstance(app.screen, ChoiceDialog)
        await keys.press("5")
        assert app.scene.character("silbestre").skills["Lore"] == 5
        assert "Silbestre: skills changed" in log_text(app)
        await choose(keys, "Stunt Because")
        await fill(keys, "Archive rat: +2 to Lore when I create an advantage.")
        await keys.press("enter", "escape")
        [stunt] = app.scene.character("silbestre").stunts
        assert stunt.text == "Archive rat: +2 to Lore when I create an advantage."
        await keys.press("l")
        await choose(keys, "Crypt")
        await choose(keys, "Stairs")
        await fill(keys, "3")
        await keys.press("enter")
        assert app.scene.link_between("crypt", "stairs") == Link(("crypt", "stairs"), 3)
        assert not isinstance(app.screen, Dialog)


async def test_a_countdown_changed_and_a_template_saved_from_the_build_menu(
    make_app: AppFactory, scene_folder: Path
) -> None:
    """b o picks the ritual countdown from the list and gives it 6 boxes (one step); b s
    saves Cultist 2 to the library as "Crypt keeper" and says where."""
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        keys = Keys(pilot)
        await keys.press("b", "o")
        await choose(keys, "countdown The ritual completes")
        await keys.press("tab")
        await fill(keys, "6")
        await keys.press("enter")
        assert app.scene.countdowns[0].boxes == 6
        assert app.session is not None and len(app.session.history.done) == 1
        app.select_character("cultist-2")
        await keys.press("b", "s")
        await fill(keys, "Crypt keeper")
        await keys.press("enter")
        saved = "template Crypt keeper saved: library/crypt-keeper.toml"
        assert saved in notices(app)
        text = (scene_folder / "library" / "crypt-keeper.toml").read_text(encoding="utf-8")
        assert 'name = "Crypt keeper"' in text
        assert len(app.session.history.done) == 1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Fight 3, Athletics Good", ["Fight", "3", "Athletics", "Good"]),
        ("Resources: -1,", ["Resources", "-1"]),
        ("Ranged Combat +2", ["Ranged Combat", "+2"]),
        ("", []),
    ],
)
def test_typed_skills_become_the_words_of_a_skill_field(text: str, words: list[str]) -> None:
    assert skill_words(text, "en") == words


@pytest.mark.parametrize(
    ("text", "words", "lang"),
    [
        ("3", ["3"], "en"),
        ("physical 4, mental 3", ["physical", "4", "mental", "3"], "en"),
        ("fyysinen 2", ["physical", "2"], "fi"),
        ("", ["default"], "en"),
    ],
)
def test_typed_stress_becomes_the_words_of_a_stress_field(
    text: str, words: list[str], lang: str
) -> None:
    assert stress_words(text, lang) == words


@pytest.mark.parametrize(
    ("read", "text", "message"),
    [
        (skill_words, "Fight", "'Fight' is not a skill and a rating (e.g. Fight 3, Will Good)"),
        (skill_words, "Fight lots", "'Fight lots' is not a skill and a rating"),
        (stress_words, "spiritual 2", "'spiritual 2' is not a track and its boxes"),
        (stress_words, "physical many", "'physical many' is not a track and its boxes"),
    ],
)
def test_typed_skills_and_stress_that_cannot_be_read_are_refused(
    read: Callable[[str, str], list[str]], text: str, message: str
) -> None:
    with pytest.raises(FormError) as error:
        read(text, "en")
    assert str(error.value).startswith(message)


def map_scene(count: int, extra: tuple[tuple[int, int], ...] = ()) -> Scene:
    """Zones Z1..Zn in a chain (each linked to the one before), plus extra links."""
    zones = tuple(Zone(f"Zone {number}") for number in range(1, count + 1))
    pairs = [(index - 1, index) for index in range(1, count)] + list(extra)
    links = tuple(Link((zones[a].id, zones[b].id), barrier=2 if a == 0 else None) for a, b in pairs)
    return Scene("Map", zones=zones, links=links)


@pytest.mark.parametrize("count", [1, 2, 5, 20])
@pytest.mark.parametrize("width", [76, 62], ids=["80-columns", "160-columns"])
def test_the_zones_map_fits_its_pane_and_draws_a_chain_without_a_list(
    count: int, width: int
) -> None:
    """Every zone is drawn within the pane's width (the compact pane at 80 columns, the
    map's column at 160); a chain of zones is laid out so that every link is a line on
    the map, none left to the list of far links below it."""
    drawn = "\n".join(line.plain for line in draw_map(map_scene(count), View(), width))
    lines = drawn.split("\n")
    assert max(len(line) for line in lines) <= width
    for number in range(1, count + 1):
        assert f"Zone {number} " in drawn
    assert "↔" not in drawn
    assert drawn.count("+2") == (1 if count > 1 else 0)


def test_the_zones_map_lists_a_link_it_cannot_draw_below_it() -> None:
    """Zone 1 linked to five others cannot touch them all on the grid: the links it cannot
    draw are listed below the map with both zones' names and the barrier."""
    zones = tuple(Zone(f"Zone {number}") for number in range(1, 7))
    links = tuple(Link((zones[0].id, zone.id), barrier=2) for zone in zones[1:])
    star = Scene("Star", zones=zones, links=links)
    drawn = "\n".join(line.plain for line in draw_map(star, View(), 76))
    listed = [line for line in drawn.split("\n") if "↔" in line]
    assert listed and all(line.startswith("  ↔ Zone 1 — Zone ") for line in listed)
    assert all(line.endswith(" +2") for line in listed)
    assert drawn.count("+2") == 5


async def test_a_dialog_chosen_twice_before_the_app_answers_applies_once(
    make_app: AppFactory,
) -> None:
    """A dialog that applies its command asks the app with a message: a second Enter
    before the answer (a double press) neither adds the reinforcements again nor fails when
    the answer closes the dialog."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        keys = Keys(pilot)
        await keys.press("r", "enter")
        await keys.type("3")
        await keys.press("enter")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        highlighted = dialog.query_one(OptionList).highlighted or 0
        dialog.submit(dialog.options[highlighted][0])
        dialog.submit(dialog.options[highlighted][0])
        await pilot.pause()
        assert not isinstance(app.screen, Dialog)
        cultists = [c.id for c in app.scene.characters if c.id.startswith("cultist-")]
        assert cultists == [f"cultist-{n}" for n in range(1, 7)]
        assert app.session is not None and len(app.session.history.done) == 1
