"""Scene files round-trip: shipped scenes load, save unchanged byte-for-byte, and one change
rewrites exactly one value, in the GM's own layout."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
import tomlkit

from fatescreen.rules.aspects import Aspect, AspectKind
from fatescreen.rules.big_bads import Immunity
from fatescreen.rules.character import Character, CharacterKind, StressKind, StressTrack
from fatescreen.rules.conflict import TurnOrder
from fatescreen.rules.contests import Challenge
from fatescreen.rules.obstacles import Distraction, DistractionAnswer, Hazard
from fatescreen.rules.outcomes import Outcome
from fatescreen.scene.load import LoadedScene, load_scene, load_text
from fatescreen.scene.model import Link, Scene, Zone
from fatescreen.scene.save import render, save_scene
from tests.scene.support import (
    MID_CONFLICT,
    SCENES,
    SHIPPED,
    changed_lines,
    move,
    set_countdown,
    set_fate_points,
    set_scene_aspect,
    toggle_box,
)

ALL_SCENES = [*SHIPPED, MID_CONFLICT]
Change = Callable[[Scene], Scene]


def test_at_least_five_scenes_ship() -> None:
    """The product ships the demo and at least four more prepared scenes."""
    names = {path.name for path in SHIPPED}
    assert "golden-mask.toml" in names
    assert len(names) >= 5


@pytest.mark.parametrize("path", ALL_SCENES, ids=lambda p: p.name)
def test_scene_loads(path: Path) -> None:
    """Every scene loads with load_scene and has a title, zones and characters."""
    loaded = load_scene(path)
    assert loaded.scene.title
    assert loaded.scene.zones
    assert loaded.scene.characters


@pytest.mark.parametrize("path", ALL_SCENES, ids=lambda p: p.name)
def test_unchanged_scene_renders_byte_for_byte(path: Path) -> None:
    """Saving with nothing changed gives the file back exactly, and so does tomlkit's own
    parse and dump of it, which every real save goes through."""
    loaded = load_scene(path)
    assert render(loaded, replace(loaded.scene)) == loaded.text
    assert tomlkit.dumps(tomlkit.parse(loaded.text)) == loaded.text


def _scene_changes() -> list[tuple[str, str, Change, list[str]]]:
    def aspect_without_invokes(index: int) -> Change:
        return lambda s: set_scene_aspect(s, index, replace(s.aspects[index], free_invokes=()))

    def contest(**changes: object) -> Change:
        return lambda s: s.with_changes(contests=(replace(s.contests[0], **changes),))

    def pursuers_win_one(s: Scene) -> Scene:
        pursuers, mirel = s.contests[0].sides
        return contest(sides=(replace(pursuers, victories=2), mirel))(s)

    def codex_saved(s: Scene) -> Scene:
        challenge = s.challenges[0]
        tasks = list(challenge.tasks)
        tasks[2] = replace(tasks[2], outcome=Outcome.SUCCESS)
        return s.with_changes(challenges=(replace(challenge, tasks=tuple(tasks)),))

    def invoke_on_wound(s: Scene) -> Scene:
        silbestre = s.character("silbestre")
        slots = list(silbestre.consequences)
        assert slots[1].aspect is not None
        slots[1] = replace(slots[1], aspect=slots[1].aspect.with_free_invokes("gm"))
        return s.with_character(replace(silbestre, consequences=tuple(slots)))

    def alley_used(s: Scene) -> Scene:
        mirel = s.character("mirel")
        used = replace(mirel.aspects[1], free_invokes=())
        return s.with_character(replace(mirel, aspects=(mirel.aspects[0], used)))

    def riesa_acts(s: Scene) -> Scene:
        assert s.turn is not None
        return s.with_changes(turn=replace(s.turn, acted=(*s.turn.acted, "riesa"), up="riesa"))

    def members(character_id: str, count: int) -> Change:
        return lambda s: s.with_character(replace(s.character(character_id), members=count))

    physical = StressKind.PHYSICAL
    cases: list[tuple[str, str, Change, list[str]]] = [
        (
            "golden-mask.toml",
            "stress box on a PC",
            lambda s: toggle_box(s, "silbestre", 2, physical),
            ["+stress_checked = { physical = [2] }"],
        ),
        (
            "golden-mask.toml",
            "free invoke used",
            aspect_without_invokes(1),
            [
                '-aspects = ["Chanting echoes", { name = "Choking incense", free_invokes = 1 }]',
                '+aspects = ["Chanting echoes", "Choking incense"]',
            ],
        ),
        (
            "golden-mask.toml",
            "fate point spent",
            lambda s: set_fate_points(s, "rozio", 2),
            ["-fate_points = 3", "+fate_points = 2"],
        ),
        (
            "golden-mask.toml",
            "countdown ticks",
            lambda s: set_countdown(s, 0, 1),
            ["+checked = 1"],
        ),
        (
            "golden-mask.toml",
            "stress on a template instance",
            lambda s: toggle_box(s, "cultist-2", 1),
            ['+[npc.each."Cultist 2"]', "+stress_checked = [1]", "+"],
        ),
        (
            "brine-mother.toml",
            "stress on an instance with an overlay",
            lambda s: toggle_box(s, "drowned-acolyte-1", 1),
            ["+  stress_checked = [1]"],
        ),
        (
            "brine-mother.toml",
            "free invoke on a recovering consequence",
            invoke_on_wound,
            [
                '-consequences.moderate = { text = "Gaping chest wound", '
                "recovering_since = [3, 2] }",
                '+consequences.moderate = { text = "Gaping chest wound", '
                "recovering_since = [3, 2], free_invokes = 1 }",
            ],
        ),
        (
            "brine-mother.toml",
            "true form revealed",
            lambda s: s.with_character(replace(s.character("brine-mother"), form=1)),
            ["+revealed = 1"],
        ),
        (
            "brine-mother.toml",
            "a member of the mook group falls",
            members("eel-swarm", 4),
            ["+members = 4"],
        ),
        (
            "night-market-chase.toml",
            "contest exchange",
            contest(exchange=4),
            ["-exchange = 3", "+exchange = 4"],
        ),
        (
            "night-market-chase.toml",
            "contest victory",
            pursuers_win_one,
            [
                '-    { name = "Pursuers", members = ["rozio", "vitor"], victories = 1 },',
                '+    { name = "Pursuers", members = ["rozio", "vitor"], victories = 2 },',
            ],
        ),
        (
            "night-market-chase.toml",
            "free invoke on a character aspect used",
            alley_used,
            [
                '-aspects = [{ name = "Knows every alley", free_invokes = 1 }]',
                '+aspects = ["Knows every alley"]',
            ],
        ),
        (
            "burning-library.toml",
            "challenge task rolled",
            codex_saved,
            [
                '-    { name = "Save the Codex Aurea", skill = "Lore", difficulty = 4, '
                'note = "Silbestre knows which shelf" },',
                '+    { name = "Save the Codex Aurea", skill = "Lore", difficulty = 4, '
                'outcome = "success", note = "Silbestre knows which shelf" },',
            ],
        ),
        (
            "burning-library.toml",
            "GM pool",
            lambda s: s.with_changes(gm_pool=1),
            ["-gm_pool = 2", "+gm_pool = 1"],
        ),
        (
            "burning-library.toml",
            "countdown with checked boxes ticks",
            lambda s: set_countdown(s, 0, 2),
            ["-checked = 1", "+checked = 2"],
        ),
        (
            "kaarnakoski-mine.toml",
            "character moves to a zone given by id",
            lambda s: move(s, "riesa", "gallery"),
            ['-zone = "shaft"', '+zone = "Flooded gallery"'],
        ),
        (
            "kaarnakoski-mine.toml",
            "stress on an indented overlay",
            lambda s: toggle_box(s, "claim-jumper-3", 1),
            ["+  stress_checked = [1]"],
        ),
        (
            "kaarnakoski-mine.toml",
            "stress on a single template character",
            lambda s: toggle_box(s, "foreman", 2),
            ["+stress_checked = [2]"],
        ),
        (
            "mid-conflict.toml",
            "turn order: the next actor is up",
            riesa_acts,
            [
                '-acted = ["king", "silbestre", "rozio"]',
                '-up = "rozio"',
                '+acted = ["king", "silbestre", "rozio", "riesa"]',
                '+up = "riesa"',
            ],
        ),
        (
            "mid-conflict.toml",
            "stress on a dotted-key overlay",
            lambda s: toggle_box(s, "dockside-thug-2", 1),
            ["-  stress_checked = [2]", "+  stress_checked = [1, 2]"],
        ),
        (
            "mid-conflict.toml",
            "stress on an inline overlay written as each.NAME",
            lambda s: toggle_box(s, "bravo-1", 1),
            ['+each."Bravo 1" = { stress_checked = [1] }'],
        ),
        (
            "mid-conflict.toml",
            "stress of a revealed form",
            lambda s: toggle_box(s, "king", 4),
            ["-stress_checked = [1, 2, 3]", "+stress_checked = [1, 2, 3, 4]"],
        ),
    ]
    return cases


CHANGES = _scene_changes()
"""Scene file, what changes, the change, and the diff lines it must give."""


def _load(name: str) -> LoadedScene:
    return load_scene(MID_CONFLICT if name == MID_CONFLICT.name else SCENES / name)


@pytest.mark.parametrize(
    ("name", "what", "change", "expected"),
    [pytest.param(*case, id=f"{case[0]}: {case[1]}") for case in CHANGES],
)
def test_one_change_rewrites_one_value(
    name: str, what: str, change: Change, expected: list[str]
) -> None:
    """Changing one value of a scene changes exactly the lines holding it, and the saved text
    loads back as the changed scene."""
    loaded = _load(name)
    changed = change(loaded.scene)
    assert changed != loaded.scene, what
    text = render(loaded, changed)
    assert changed_lines(loaded.text, text) == expected
    assert load_text(text, loaded.path).scene == changed


def test_every_shipped_scene_takes_a_one_value_change() -> None:
    """The table above covers every shipped scene, so none is left untested."""
    covered = {name for name, *_ in CHANGES}
    assert {path.name for path in SHIPPED} <= covered


# ---------------------------------------------------------------------------- mid-conflict


def test_mid_conflict_state_reads_as_written() -> None:
    """The mid-conflict fixture's state of play is read into the model as written."""
    scene = load_scene(MID_CONFLICT).scene
    assert scene.turn == TurnOrder(
        2,
        (
            "silbestre",
            "rozio",
            "riesa",
            "king",
            "dockside-thug-2",
            "bravo-1",
            "bravo-2",
            "harbour-rats",
            "swinging-cargo-net",
        ),
        ("king", "silbestre", "rozio"),
        "rozio",
    )
    assert (scene.gm_pool, scene.compel_points) == (1, 1)
    assert [(e.who, e.delta, e.held_until_scene_end) for e in scene.held] == [
        ("silbestre", 1, True),
        ("riesa", 2, True),
    ]
    assert scene.aspects[1].free_invokes == ("rozio", "gm")
    assert scene.aspects[2].kind is AspectKind.BOOST
    assert scene.aspects[3].hidden
    silbestre = scene.character("silbestre")
    assert [sorted(t.checked) for t in silbestre.stress] == [[1, 3], [2]]
    mild, moderate, _ = silbestre.consequences
    assert mild.aspect is not None and mild.aspect.free_invokes == ("bravo-2",)
    assert moderate.recovery is not None and (
        moderate.recovery.session,
        moderate.recovery.scene,
    ) == (
        3,
        2,
    )
    king = scene.character("king")
    assert king.form == 2 and king.forms[0].soft and not king.forms[1].soft
    assert king.stress == (StressTrack(StressKind.COMBINED, 8, frozenset({1, 2, 3})),)
    thug_1, thug_2 = scene.character("dockside-thug-1"), scene.character("dockside-thug-2")
    assert thug_1.taken_out and sorted(thug_1.stress[0].checked) == [1, 2]
    assert thug_2.consequences[0].aspect is not None
    assert "dockside-thug-3" not in scene.character_index
    assert scene.character("bravo-2").fate_points == 1
    assert scene.character("riesa").conceded
    assert scene.character("harbour-rats").members == 3


def _cleared(scene: Scene) -> Scene:
    """The scene as prepared: no stress, consequences, invokes, turns or held points."""

    def clear(character: Character) -> Character:
        return replace(
            character,
            stress=tuple(track.cleared() for track in character.stress),
            consequences=tuple(slot.emptied() for slot in character.consequences),
            aspects=tuple(replace(a, free_invokes=()) for a in character.aspects),
            taken_out=False,
            conceded=False,
            form=0,
            fate_points=0,
        )

    return scene.with_changes(
        characters=tuple(clear(c) for c in scene.characters),
        aspects=tuple(replace(a, free_invokes=()) for a in scene.aspects if not a.is_boost),
        zones=tuple(
            replace(z, aspects=tuple(replace(a, free_invokes=()) for a in z.aspects))
            for z in scene.zones
        ),
        turn=None,
        held=(),
        gm_pool=0,
        compel_points=0,
        countdowns=tuple(replace(c, checked=0) for c in scene.countdowns),
    )


def test_mid_conflict_state_is_written_and_read_back_exactly() -> None:
    """Clearing every piece of play state and saving, then saving the mid-conflict state
    over that prepared file, gives back the very same scene: turn order, checked stress,
    consequences with free invokes and recovery, held points, revealed forms and template
    instances with overlays all survive the file."""
    loaded = load_scene(MID_CONFLICT)
    prepared = _cleared(loaded.scene)
    prepared_text = render(loaded, prepared)
    reloaded = load_text(prepared_text, MID_CONFLICT)
    assert reloaded.scene == prepared
    assert "[turn]" not in prepared_text and "held" not in prepared_text
    again = load_text(render(reloaded, loaded.scene), MID_CONFLICT)
    assert again.scene == loaded.scene


# ---------------------------------------------------------------------------- add and remove

GUARD = Character(
    "Temple guard",
    CharacterKind.MINOR,
    aspects=(Aspect("Bored", AspectKind.CHARACTER),),
    skills={"Fight": 2, "Notice": 1},
    stress=(StressTrack(StressKind.COMBINED, 2),),
    zone="stairs",
)


def _golden() -> LoadedScene:
    return load_scene(SCENES / "golden-mask.toml")


def _saved(loaded: LoadedScene, scene: Scene) -> list[str]:
    text = render(loaded, scene)
    assert load_text(text, loaded.path).scene == scene
    return changed_lines(loaded.text, text)


def test_new_character_is_written_in_short_forms() -> None:
    """A new NPC becomes an [[npc]] record in short forms (bare-string aspects, an inline
    skill table, a box count), set off by a blank line like its neighbours."""
    loaded = _golden()
    assert _saved(loaded, loaded.scene.with_character(GUARD)) == [
        "+[[npc]]",
        '+name = "Temple guard"',
        '+kind = "minor"',
        '+zone = "Stairs"',
        '+aspects = ["Bored"]',
        "+skills = { Fight = 2, Notice = 1 }",
        "+stress = 2",
        "+",
    ]


def test_new_zone_and_link_keep_the_section_comment_in_place() -> None:
    """A new zone goes after the other zones and its link after the other links, before
    the comment that opens the next section of the file."""
    loaded = _golden()
    scene = loaded.scene
    changed = scene.with_changes(
        zones=(*scene.zones, Zone("Bell tower", aspects=(Aspect("Windy"),))),
        links=(*scene.links, Link(("stairs", "bell-tower"), 1)),
    )
    text = render(loaded, changed)
    assert load_text(text, loaded.path).scene == changed
    assert '[[link]]\nzones = ["Stairs", "Bell tower"]\nbarrier = 1\n\n# ---- the party ---' in text
    assert changed_lines(loaded.text, text) == [
        "+[[zone]]",
        '+name = "Bell tower"',
        '+aspects = ["Windy"]',
        "+",
        "+",
        "+[[link]]",
        '+zones = ["Stairs", "Bell tower"]',
        "+barrier = 1",
    ]


@pytest.mark.parametrize(
    ("obstacle", "lines"),
    [
        (
            Hazard("Poison darts", 3, 1, "crypt"),
            ['+hazard = "Poison darts"', "+rating = 3", "+weapon = 1", '+zone = "Sunken nave"'],
        ),
        (
            Distraction(
                "The bowl tips",
                "Save the relic or stop the leader?",
                (DistractionAnswer("Relic", "The leader escapes"),),
                3,
            ),
            [
                '+distraction = "The bowl tips"',
                '+choice = "Save the relic or stop the leader?"',
                '+answers = { Relic = "The leader escapes" }',
                "+difficulty = 3",
            ],
        ),
    ],
    ids=["hazard", "distraction"],
)
def test_first_obstacle_starts_a_new_section(
    obstacle: Hazard | Distraction, lines: list[str]
) -> None:
    """A scene without obstacles gets an [[obstacle]] section at the end, after a blank line."""
    loaded = load_scene(SCENES / "brine-mother.toml")
    assert loaded.scene.obstacles == ()
    zone = loaded.scene.zones[0].id
    obstacle = replace(obstacle, zone=zone) if isinstance(obstacle, Hazard) else obstacle
    changed = loaded.scene.with_changes(obstacles=(obstacle,))
    assert _saved(loaded, changed) == ["+", "+[[obstacle]]", *lines]


def test_removing_a_character_removes_its_record() -> None:
    """Removing an NPC deletes its whole record and nothing else."""
    loaded = load_scene(SCENES / "burning-library.toml")
    scene = loaded.scene
    changed = scene.with_changes(characters=tuple(c for c in scene.characters if c.id != "aalto"))
    record = (
        '[[npc]]\nname = "Captain Aalto"\nid = "aalto"\nkind = "minor"\nzone = "Wheelhouse"\n'
        'high_concept = "Old sea dog who will not abandon ship"\n'
        "skills = { Drive = 3, Physique = 2, Notice = 1 }\nstress = 2\n\n"
    )
    assert loaded.text.count(record) == 1
    text = render(loaded, changed)
    assert text == loaded.text.replace(record, "")
    assert load_text(text, loaded.path).scene == changed


def test_removing_a_template_instance_marks_it_removed() -> None:
    """A character made from a template entry cannot lose its own record: its overlay says
    removed = true."""
    loaded = _golden()
    scene = loaded.scene
    changed = scene.with_changes(
        characters=tuple(c for c in scene.characters if c.id != "cultist-3")
    )
    assert _saved(loaded, changed) == ['+[npc.each."Cultist 3"]', "+removed = true", "+"]


def test_removing_a_zone_keeps_the_next_section_comment() -> None:
    """Removing a zone and its link keeps the comment that opens the party section."""
    loaded = _golden()
    scene = loaded.scene
    changed = scene.with_changes(
        zones=scene.zones[:2],
        links=scene.links[:1],
        characters=tuple(
            replace(c, zone="ritual-hall") if c.zone == "stairs" else c for c in scene.characters
        ),
    )
    text = render(loaded, changed)
    assert load_text(text, loaded.path).scene == changed
    assert "# ---- the party ---" in text
    assert '"Stairs"' not in text


def test_removing_the_last_record_of_a_kind_drops_the_section() -> None:
    """With its only countdown gone the file has no [[countdown]] left, not countdown = []."""
    loaded = _golden()
    changed = loaded.scene.with_changes(countdowns=())
    text = render(loaded, changed)
    assert load_text(text, loaded.path).scene == changed
    assert "countdown" not in text


def test_new_challenge_and_turn_are_appended() -> None:
    """A challenge and a [turn] table added to a prepared scene are written and read back."""
    loaded = _golden()
    changed = loaded.scene.with_changes(
        challenges=(Challenge("Stop the ritual", ()),),
        turn=TurnOrder(1, ("silbestre", "leader"), ("leader",), "leader"),
    )
    text = render(loaded, changed)
    assert load_text(text, loaded.path).scene == changed
    assert text.endswith(
        '[turn]\nexchange = 1\nparticipants = ["silbestre", "leader"]\n'
        'acted = ["leader"]\nup = "leader"\n'
    )


def test_save_scene_writes_file_and_backup(tmp_path: Path) -> None:
    """save_scene replaces the file, keeps the previous text as NAME.toml.bak and returns
    the saved state; saving that again unchanged leaves the bytes alone."""
    source = SCENES / "golden-mask.toml"
    library = tmp_path / "library"
    library.mkdir()
    (library / "cultist.toml").write_text(
        (SCENES / "library" / "cultist.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    path = tmp_path / "golden-mask.toml"
    path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    loaded = load_scene(path)
    changed = set_fate_points(loaded.scene, "rozio", 1)
    saved = save_scene(loaded, changed)
    assert saved.scene == changed
    assert path.with_name("golden-mask.toml.bak").read_text(encoding="utf-8") == loaded.text
    assert path.read_text(encoding="utf-8") == saved.text
    save_scene(saved, saved.scene)
    assert path.read_text(encoding="utf-8") == saved.text


LICH = """format = 1
title = "The lich's tower"

[[zone]]
name = "Crypt"

[[npc]]
name = "Lich"
zone = "Crypt"
skills = { Will = 4 }
immune_until = "Break the phylactery"
immune_to   = 'mental'   # her mind is past harm; her bones are not
fate_points = 1
"""
"""A big bad immune to mental harm only, the kind written in the GM's own spacing, quotes
and comment."""


def test_an_immunity_to_one_kind_of_harm_reads_and_saves_back_as_written() -> None:
    """§7 «Immuniteetti haasteella»: immunity «fyysisesti, henkisesti, tai kummallakaan
    tavalla». ``immune_to`` reads as the kinds the rules core stops; another change to the
    big bad leaves its line exactly as written; a new big bad immune to physical harm is
    written with the key, one immune to both without it (the default)."""
    loaded = load_text(LICH, Path("lich.toml"))
    lich = loaded.scene.character("lich")
    assert lich.immunity is not None
    assert lich.immunity.kinds == frozenset({StressKind.MENTAL})
    assert _saved(loaded, set_fate_points(loaded.scene, "lich", 2)) == [
        "-fate_points = 1",
        "+fate_points = 2",
    ]
    golem = replace(
        lich,
        name="Golem",
        id="golem",
        immunity=replace(lich.immunity, kinds=frozenset({StressKind.PHYSICAL})),
    )
    added = _saved(loaded, loaded.scene.with_character(golem))
    assert '+immune_to = "physical"' in added
    both = replace(golem, name="Wraith", id="wraith", immunity=Immunity("Break the phylactery"))
    assert not any(
        "immune_to" in line for line in _saved(loaded, loaded.scene.with_character(both))
    )
