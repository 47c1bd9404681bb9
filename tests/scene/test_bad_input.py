"""Bad scene files: every mistake is a SceneFileError naming the line, the key path and what
was expected; never a traceback, never a partial scene."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from fatescreen.scene.errors import Problem, SceneFileError, render_path
from fatescreen.scene.load import load_scene, load_text
from fatescreen.scene.save import render
from tests.scene.support import changed_lines, set_fate_points

HEAD = 'format = 1\ntitle = "Test"\n'
"""Two lines every valid scene starts with here."""
ZONES = '\n[[zone]]\nname = "Hall"\n\n[[zone]]\nname = "Yard"\n'
"""Lines 3-8: two zones, Hall and Yard."""
ANN = '\n[[pc]]\nname = "Ann"\nzone = "Hall"\nskills = { Fight = 2, Physique = 1 }\n'
"""Five lines: a PC with 4 physical and 3 mental boxes."""
THUG = 'format = 1\n\n[[npc]]\nname = "Thug"\nkind = "minor"\nskills = { Fight = 1 }\nstress = 1\n'
"""A one-template library file."""


@dataclass(frozen=True)
class Case:
    """One bad file: its text, and the first problem's line, key path and message."""

    text: str
    line: int | None
    path: str
    message: str
    files: dict[str, str] = field(default_factory=dict)
    """Other files next to the scene (templates), by relative path."""


MEGABYTE = "x" * 1_000_000

CASES: dict[str, Case] = {
    "malformed TOML": Case(HEAD + 'notes = "no end\n', 3, "notes", "not valid TOML"),
    "key written twice": Case(
        HEAD + 'title = "Again"\n', 3, "title", "not valid TOML: Cannot overwrite"
    ),
    "malformed TOML in an entry": Case(
        HEAD + '\n[[npc]]\nname = "A"\n\n[[npc]]\nname = "B"\nskills = { Fight = 2\n',
        9,
        "npc[2].skills",
        "not valid TOML: Unclosed inline table",
    ),
    "a key written twice in a table": Case(
        HEAD + "\n[rules]\nscale = true\nscale = false\n", 6, "rules.scale", "Cannot overwrite"
    ),
    "format 2": Case('format = 2\ntitle = "T"\n', 1, "format", "format 2 is not supported"),
    "format as text": Case(
        'format = "1"\ntitle = "T"\n', 1, "format", "format '1' is not supported"
    ),
    "format missing": Case('title = "T"\n', 1, "format", "the first line should be"),
    "title missing": Case("format = 1\n", 1, "title", "every scene needs a title"),
    "title not text": Case("format = 1\ntitle = 3\n", 2, "title", "expected a string, found an"),
    "unknown top-level key": Case(
        HEAD + 'titel = "x"\n', 3, "titel", "unknown key 'titel' (did you mean 'title'?)"
    ),
    "unknown character key": Case(
        HEAD + '\n[[pc]]\nname = "Ann"\nskils = { Fight = 2 }\n',
        6,
        "pc[1].skils",
        "did you mean 'skills'?",
    ),
    "unknown aspect key": Case(
        HEAD + '\n[[zone]]\nname = "Hall"\naspects = [{ name = "Dark", hiden = true }]\n',
        6,
        "zone[1].aspects[1].hiden",
        "did you mean 'hidden'?",
    ),
    "unknown rules key": Case(
        HEAD + "\n[rules]\nscael = true\n", 5, "rules.scael", "did you mean 'scale'?"
    ),
    "unknown skill role": Case(
        HEAD + '\n[rules]\nskills = "fi"\nmele = "Miekka"\n',
        6,
        "rules.mele",
        "unknown key 'mele' (did you mean 'melee'?)",
    ),
    "text for a number": Case(
        HEAD + 'gm_pool = "three"\n', 3, "gm_pool", "expected an integer, found a string"
    ),
    "boolean for a number": Case(
        HEAD + ZONES + ANN + "fate_points = true\n",
        14,
        "pc[1].fate_points",
        "expected an integer, found a boolean",
    ),
    "fraction for a number": Case(
        HEAD + ZONES + ANN + "refresh = 2.5\n",
        14,
        "pc[1].refresh",
        "expected an integer, found a number",
    ),
    "unknown character kind": Case(
        HEAD + '\n[[npc]]\nname = "Boss"\nkind = "boss"\n',
        6,
        "npc[1].kind",
        "expected one of 'pc', 'major', 'minor', 'mooks', found 'boss'",
    ),
    "negative stress boxes": Case(
        HEAD + '\n[[npc]]\nname = "Thug"\nkind = "minor"\nstress = -1\n',
        7,
        "npc[1].stress",
        "-1 is too small (at least 0)",
    ),
    "countdown without boxes": Case(
        HEAD + '\n[[countdown]]\nname = "Doom"\nboxes = 0\n',
        6,
        "countdown[1].boxes",
        "0 is too small (at least 1)",
    ),
    "stress box past the track": Case(
        HEAD + '\n[[npc]]\nname = "Thug"\nkind = "minor"\nstress = 2\nstress_checked = [1, 3]\n',
        8,
        "npc[1].stress_checked[2]",
        "box 3 is past the end of the stress track (2 boxes)",
    ),
    "mental box past the track": Case(
        HEAD + ZONES + ANN + "stress_checked = { mental = [4] }\n",
        14,
        "pc[1].stress_checked.mental[1]",
        "box 4 is past the end of the mental track (3 boxes)",
    ),
    "stress box zero": Case(
        HEAD + ZONES + ANN + "stress_checked = { physical = [0] }\n",
        14,
        "pc[1].stress_checked.physical[1]",
        "0 is too small (at least 1)",
    ),
    "checked boxes without a track": Case(
        HEAD + '\n[[npc]]\nname = "Thug"\nkind = "minor"\nstress_checked = [1]\n',
        7,
        "npc[1].stress_checked",
        "has no stress track",
    ),
    "zone that does not exist": Case(
        HEAD + ZONES + '\n[[pc]]\nname = "Ann"\nzone = "Cellar"\n',
        12,
        "pc[1].zone",
        "no zone 'Cellar' in this scene (known: Hall, Yard)",
    ),
    "link to nowhere": Case(
        HEAD + ZONES + '\n[[link]]\nzones = ["Hall", "Moon"]\n',
        11,
        "link[1].zones[2]",
        "no zone 'Moon' in this scene",
    ),
    "link from a zone to itself": Case(
        HEAD + ZONES + '\n[[link]]\nzones = ["Hall", "hall"]\n',
        11,
        "link[1].zones",
        "a link joins two different zones",
    ),
    "link with one zone": Case(
        HEAD + ZONES + '\n[[link]]\nzones = ["Hall"]\n',
        11,
        "link[1].zones",
        "a link joins exactly two zones",
    ),
    "duplicate character ids": Case(
        HEAD + ZONES + ANN + '\n[[pc]]\nname = "ANN"\n',
        16,
        "pc[2].name",
        "duplicate character id 'ann'",
    ),
    "duplicate zone ids": Case(
        HEAD + ZONES + '\n[[zone]]\nname = "hall"\n',
        11,
        "zone[3].name",
        "duplicate zone id 'hall'",
    ),
    "zone table instead of array": Case(
        HEAD + '\n[zone]\nname = "Hall"\n',
        4,
        "zone",
        "write [[zone]] (an array of tables), not [zone]",
    ),
    "terminal escape in a name": Case(
        HEAD + '\n[[npc]]\nname = "Boss\\u001b[2J"\n',
        5,
        "npc[1].name",
        "control or escape character U+001B is not allowed",
    ),
    "bell character in an aspect": Case(
        HEAD + 'aspects = ["Ring \\u0007"]\n',
        3,
        "aspects[1]",
        "control or escape character U+0007",
    ),
    "line break in a name": Case(
        HEAD + '\n[[zone]]\nname = """Two\nlines"""\n',
        5,
        "zone[1].name",
        "control or escape character U+000A",
    ),
    "right-to-left override in a name": Case(
        HEAD + '\n[[zone]]\nname = "Hall\\u202e"\n',
        5,
        "zone[1].name",
        "U+202E",
    ),
    "1 MB name": Case(
        HEAD + f'\n[[zone]]\nname = "{MEGABYTE}"\n',
        5,
        "zone[1].name",
        "text of 1000000 characters is too long (at most 200)",
    ),
    "1 MB notes": Case(
        HEAD + f'notes = "{MEGABYTE}"\n',
        3,
        "notes",
        "text of 1000000 characters is too long (at most 4000)",
    ),
    "1 MB unknown key": Case(
        HEAD + f"{MEGABYTE} = 1\n",
        3,
        '"' + "x" * 60 + '..."',
        "unknown key 'xxxxxxxxxx",
    ),
    "arrays nested past the parser's depth": Case(
        HEAD + "aspects = " + "[" * 100_000 + "]" * 100_000 + "\n",
        3,
        "aspects",
        "not valid TOML: nested too deeply",
    ),
    "arrays nested deep": Case(
        HEAD + "aspects = " + "[" * 200 + '"x"' + "]" * 200 + "\n",
        3,
        "aspects[1]",
        "expected a table, found an array",
    ),
    "tables nested deep": Case(
        HEAD + "notes = " + "{ a = " * 200 + "1" + " }" * 200 + "\n",
        3,
        "notes",
        "expected a string, found a table",
    ),
    "template file missing": Case(
        HEAD + '\n[[npc]]\ntemplate = "library/nope.toml"\ncount = 2\n',
        5,
        "npc[1].template",
        "cannot read template file 'library/nope.toml'",
    ),
    "template not in its file": Case(
        HEAD + '\n[[npc]]\ntemplate = "library/thug.toml#ghost"\n',
        5,
        "npc[1].template",
        "no template 'ghost' in 'library/thug.toml' (known: 'Thug')",
        {"library/thug.toml": THUG},
    ),
    "template with an unknown key": Case(
        HEAD + '\n[[npc]]\ntemplate = "library/thug.toml"\n',
        5,
        "npc[1].template.skils",
        "unknown key 'skils' (did you mean 'skills'?)",
        {"library/thug.toml": THUG + "skils = { Fight = 1 }\n"},
    ),
    "template file not TOML": Case(
        HEAD + '\n[[npc]]\ntemplate = "library/thug.toml"\n',
        5,
        "npc[1].template",
        "template file 'library/thug.toml' is not valid TOML",
        {"library/thug.toml": "[[npc]\n"},
    ),
    "count without a template": Case(
        HEAD + '\n[[npc]]\nname = "Thug"\ncount = 3\n',
        6,
        "npc[1].count",
        "'count' is only for entries with a 'template'",
    ),
    "overlay for a character that is not made": Case(
        HEAD + '\n[[npc]]\ntemplate = "library/thug.toml"\ncount = 2\n\n'
        '  [npc.each."Thug 3"]\n  fate_points = 1\n',
        8,
        'npc[1].each."Thug 3"',
        "no character 'Thug 3' comes from this entry",
        {"library/thug.toml": THUG},
    ),
    "minions that do not exist": Case(
        HEAD + '\n[[npc]]\nname = "Boss"\nminions = ["ghouls"]\n',
        6,
        "npc[1].minions",
        "no character 'ghouls' in this scene",
    ),
    "character id with a colon": Case(
        HEAD + '\n[[npc]]\nname = "Boss"\nid = "boss:1"\n',
        6,
        "npc[1].id",
        "a character's id may not hold ':' (boss:1): it separates the parts of a reference",
    ),
    "form revealed that is not listed": Case(
        HEAD + '\n[[npc]]\nname = "Boss"\nrevealed = 2\n\n  [[npc.form]]\n  name = "Beast"\n',
        6,
        "npc[1].revealed",
        "only 1 later forms are listed",
    ),
    "form with an unknown reveal": Case(
        HEAD + '\n[[npc]]\nname = "Boss"\n\n  [[npc.form]]\n  name = "Beast"\n'
        '  reveal = "partial"\n',
        9,
        "npc[1].form[1].reveal",
        "expected one of 'full', 'soft', found 'partial'",
    ),
    "consequence slot that does not exist": Case(
        HEAD + ZONES + ANN + 'consequences.critical = "Dead"\n',
        14,
        "pc[1].consequences.critical",
        "unknown key 'critical'",
    ),
    "recovery written wrong": Case(
        HEAD + ZONES + ANN + 'consequences.mild = { text = "Bruised", recovering_since = [2] }\n',
        14,
        "pc[1].consequences.mild.recovering_since",
        "expected [session, scene], e.g. [2, 1]",
    ),
    "obstacle of two kinds": Case(
        HEAD + '\n[[obstacle]]\nhazard = "Fire"\nblock = "Wall"\nrating = 2\n',
        4,
        "obstacle[1]",
        "an obstacle has exactly one of",
    ),
    "hazard without a rating": Case(
        HEAD + '\n[[obstacle]]\nhazard = "Fire"\n', 4, "obstacle[1]", "a hazard needs a 'rating'"
    ),
    "hazard with a distraction's key": Case(
        HEAD + '\n[[obstacle]]\nhazard = "Fire"\nrating = 2\nchoice = "Run?"\n',
        7,
        "obstacle[1].choice",
        "a hazard has no 'choice'",
    ),
    "distraction without a choice": Case(
        HEAD + '\n[[obstacle]]\ndistraction = "Screams"\n',
        4,
        "obstacle[1].choice",
        "expected a non-empty string",
    ),
    "link blocked by a hazard": Case(
        HEAD + ZONES + '\n[[link]]\nzones = ["Hall", "Yard"]\nblock = "Fire"\n\n'
        '[[obstacle]]\nhazard = "Fire"\nrating = 2\n',
        12,
        "link[1].block",
        "'Fire' is not a block",
    ),
    "countdown overfull": Case(
        HEAD + '\n[[countdown]]\nname = "Doom"\nboxes = 2\nchecked = 3\n',
        7,
        "countdown[1].checked",
        "3 checked boxes but only 2 boxes",
    ),
    "countdown visibility": Case(
        HEAD + '\n[[countdown]]\nname = "Doom"\nboxes = 2\nvisible = "some"\n',
        7,
        "countdown[1].visible",
        "expected one of 'hidden', 'boxes', 'full', found 'some'",
    ),
    "contest with one side": Case(
        HEAD + '\n[[contest]]\nname = "Race"\nsides = [{ name = "Us" }]\n',
        6,
        "contest[1].sides",
        "a contest needs at least two sides",
    ),
    "contest needing too many victories": Case(
        HEAD + '\n[[contest]]\nname = "Race"\nvictories = 7\n'
        'sides = [{ name = "Us" }, { name = "Them" }]\n',
        4,
        "contest[1]",
        "victories needed must be 3 to 5, not 7",
    ),
    "contest member unknown": Case(
        HEAD + '\n[[contest]]\nname = "Race"\nsides = [{ name = "Us", members = ["zed"] }, '
        '{ name = "Them" }]\n',
        6,
        "contest[1].sides[1].members",
        "no character 'zed' in this scene",
    ),
    "challenge task cost on a success": Case(
        HEAD + '\n[[challenge]]\nname = "Fire"\ntasks = [{ name = "Douse", skill = "Crafts", '
        'difficulty = 2, outcome = "success", cost = "Burns" }]\n',
        6,
        "challenge[1].tasks[1].cost",
        "only a tie or a failure is bought with a cost",
    ),
    "challenge task outcome": Case(
        HEAD + '\n[[challenge]]\nname = "Fire"\ntasks = [{ name = "Douse", skill = "Crafts", '
        'difficulty = 2, outcome = "win" }]\n',
        6,
        "challenge[1].tasks[1].outcome",
        "expected one of 'fail', 'tie', 'success', 'style', found 'win'",
    ),
    "turn participant unknown": Case(
        HEAD + ZONES + ANN + '\n[turn]\nparticipants = ["ann", "zed"]\n',
        16,
        "turn.participants",
        "no participant 'zed' in this scene (known: ann)",
    ),
    "turn: up but not acted": Case(
        HEAD + ZONES + ANN + '\n[turn]\nparticipants = ["ann"]\nup = "ann"\n',
        17,
        "turn.up",
        "'ann' is up, so must be in both participants and acted",
    ),
    "turn: acted twice": Case(
        HEAD + ZONES + ANN + '\n[turn]\nparticipants = ["ann"]\nacted = ["ann", "ann"]\n',
        17,
        "turn.acted",
        "'ann' listed twice",
    ),
    "held point for nobody": Case(
        HEAD + 'held = [{ to = "zed" }]\n',
        3,
        "held[1].to",
        "no character 'zed' in this scene",
    ),
    "free invoke owner with an escape": Case(
        HEAD + 'aspects = [{ name = "Fog", free_invokes = { "gm\\u001b" = 1 } }]\n',
        3,
        'aspects[1].free_invokes."gm\\u001B"',
        "control or escape character U+001B",
    ),
    "party scene without a party": Case(
        HEAD + 'pcs = ["ann"]\n', 3, "pcs", "no party.toml was found"
    ),
    "party PC placed without its id": Case(
        HEAD + 'pcs = [{ zone = "Hall" }]\n' + ZONES,
        3,
        "pcs[1]",
        "a PC of the party placed here needs its 'id'",
    ),
    "party PC placed in a zone the scene lacks": Case(
        HEAD + 'pcs = [{ id = "ann", zone = "Cellar" }]\n' + ZONES,
        3,
        "pcs[1].zone",
        "no zone 'Cellar' in this scene (known: Hall, Yard)",
    ),
    "party PC listed twice": Case(
        HEAD + 'pcs = ["ann", { id = "ann", zone = "Hall" }]\n' + ZONES,
        3,
        "pcs[2]",
        "duplicate character id 'ann'",
    ),
    "party PC's place with an unknown key": Case(
        HEAD + 'pcs = [{ id = "ann", zon = "Hall" }]\n' + ZONES,
        3,
        "pcs[1].zon",
        "unknown key 'zon' (did you mean 'zone'?); expected one of: id, zone",
    ),
    "immunity to an unknown harm": Case(
        HEAD + '\n[[npc]]\nname = "Lich"\nimmune_until = "Break it"\nimmune_to = "fire"\n',
        7,
        "npc[1].immune_to",
        "expected one of 'both', 'physical', 'mental'",
    ),
    "immunity to a harm with no challenge to wait for": Case(
        HEAD + '\n[[npc]]\nname = "Lich"\nimmune_to = "mental"\n',
        6,
        "npc[1].immune_to",
        "immune_to needs immune_until",
    ),
    "immunity by a way with no challenge to wait for": Case(
        HEAD + '\n[[npc]]\nname = "Lich"\nimmune_via = "contest"\n',
        6,
        "npc[1].immune_via",
        "immune_via needs immune_until",
    ),
}


def _write(tmp_path: Path, case: Case) -> Path:
    for name, text in case.files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    path = tmp_path / "scene.toml"
    path.write_text(case.text, encoding="utf-8")
    return path


def _problems(path: Path) -> list[Problem]:
    with pytest.raises(SceneFileError) as caught:
        load_scene(path)
    return caught.value.problems


def test_at_least_thirty_cases() -> None:
    """The table holds at least 30 distinct kinds of bad input."""
    assert len(CASES) >= 30


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_bad_input_is_located_and_explained(case: Case, tmp_path: Path) -> None:
    """The first problem names the file, the line, the key path and what was expected."""
    path = _write(tmp_path, case)
    problem = _problems(path)[0]
    assert problem.file == path
    assert problem.line == case.line
    assert render_path(problem.path) == case.path
    assert case.message in problem.message
    assert len(str(problem)) < 2000, "a huge value must not flood the message"


def test_several_problems_are_reported_at_once(tmp_path: Path) -> None:
    """One load reports every problem of the file, each at its own line, in file order."""
    text = (
        "format = 1\n"  # 1
        'title = "Many mistakes"\n'  # 2
        "gm_pool = -1\n"  # 3
        "\n"  # 4
        "[[zone]]\n"  # 5
        'name = "Hall"\n'  # 6
        'aspectz = ["Dark"]\n'  # 7
        "\n"  # 8
        "[[pc]]\n"  # 9
        'name = "Ann"\n'  # 10
        'zone = "Attic"\n'  # 11
        "fate_points = 1.5\n"  # 12
    )
    path = tmp_path / "many.toml"
    path.write_text(text, encoding="utf-8")
    problems = _problems(path)
    assert len(problems) == 4
    assert [(p.line, render_path(p.path)) for p in problems] == [
        (3, "gm_pool"),
        (7, "zone[1].aspectz"),
        (12, "pc[1].fate_points"),
        (11, "pc[1].zone"),
    ]
    assert str(problems[0]) == f"{path}:3: gm_pool: -1 is too small (at least 0)"


def test_file_that_is_not_utf8(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 are reported at their line, not as a decoding traceback."""
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'format = 1\ntitle = "Caf\xe9"\n')
    problem = _problems(path)[0]
    assert (problem.line, problem.message) == (2, "the file is not valid UTF-8")


def test_missing_file(tmp_path: Path) -> None:
    """A scene file that does not exist is a SceneFileError naming the file."""
    problem = _problems(tmp_path / "nowhere.toml")[0]
    assert problem.file == tmp_path / "nowhere.toml"
    assert "cannot read the file" in problem.message


def test_rich_markup_in_names_is_kept_literally() -> None:
    """Rich markup is just text in a scene file: it loads, and is kept and saved as written."""
    text = (
        HEAD
        + 'aspects = ["[bold red]x[/]", "[link=https://example.com]click[/link]"]\n'
        + '\n[[zone]]\nname = "[blink]Hall[/blink]"\n'
        + '\n[[pc]]\nname = "[reverse]Ann[/]"\nzone = "[blink]Hall[/blink]"\n'
    )
    loaded = load_text(text)
    scene = loaded.scene
    assert [a.name for a in scene.aspects] == [
        "[bold red]x[/]",
        "[link=https://example.com]click[/link]",
    ]
    assert scene.zones[0].name == "[blink]Hall[/blink]"
    ann = scene.characters[0]
    assert (ann.name, ann.zone) == ("[reverse]Ann[/]", scene.zones[0].id)
    changed = set_fate_points(scene, ann.id, 2)
    saved = render(loaded, changed)
    assert changed_lines(loaded.text, saved) == ["+fate_points = 2"]
    assert load_text(saved).scene == changed


def test_finnish_names_make_ids() -> None:
    """Names in any language load, and ids are derived from them with their letters kept."""
    text = HEAD + '\n[[zone]]\nname = "Yläkäytävä"\n\n[[pc]]\nname = "Äijä"\nzone = "yläkäytävä"\n'
    scene = load_text(text).scene
    assert scene.zones[0].id == "yläkäytävä"
    assert scene.character("äijä").zone == "yläkäytävä"


@pytest.mark.parametrize("parts", [33, 30_000])
def test_a_dotted_key_of_too_many_parts_is_refused_at_once(tmp_path: Path, parts: int) -> None:
    """``x.a.a.…`` with thousands of parts made the TOML parser take seconds and gigabytes
    (its time grows with the square of the parts): refused before parsing, with the line."""
    import time

    from fatescreen.scene.errors import SceneFileError
    from fatescreen.scene.load import load_scene
    from fatescreen.scene.source import MAX_KEY_PARTS

    path = tmp_path / "dotted.toml"
    path.write_text('format = 1\ntitle = "x"\nx' + ".a" * (parts - 1) + " = 1\n", "utf-8")
    started = time.perf_counter()
    with pytest.raises(SceneFileError) as raised:
        load_scene(path)
    assert time.perf_counter() - started < 2
    problem = raised.value.problems[0]
    assert problem.line == 3 and f"more than {MAX_KEY_PARTS} dotted parts" in problem.message


def test_a_key_of_the_most_parts_a_scene_may_use_is_read(tmp_path: Path) -> None:
    from fatescreen.scene.errors import SceneFileError
    from fatescreen.scene.load import load_scene
    from fatescreen.scene.source import MAX_KEY_PARTS

    path = tmp_path / "dotted.toml"
    path.write_text('format = 1\ntitle = "x"\nx' + ".a" * (MAX_KEY_PARTS - 1) + " = 1\n", "utf-8")
    with pytest.raises(SceneFileError) as raised:
        load_scene(path)
    assert "unknown key 'x'" in raised.value.problems[0].message  # parsed, then read


def test_an_immunity_key_without_immune_until_is_named_in_finnish_too(tmp_path: Path) -> None:
    """``immune_to`` alone has no challenge to wait for: the GM reads it in their language."""
    path = tmp_path / "scene.toml"
    path.write_text(HEAD + '\n[[npc]]\nname = "Lich"\nimmune_to = "mental"\n', encoding="utf-8")
    problem = _problems(path)[0]
    assert problem.render("fi").endswith(
        "npc[1].immune_to: immune_to tarvitsee avaimen immune_until: haaste tai kilpailu, johon "
        "asti immuniteetti kestää"
    )
