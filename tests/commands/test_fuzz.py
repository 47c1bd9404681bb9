"""Random command lines against the demo scene: nothing escapes, a rejected line changes
nothing, and undo after an accepted line restores the scene before it."""

from __future__ import annotations

from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from fatescreen.commands.core import KEYWORDS, registry
from fatescreen.commands.fate_session import fate_session
from fatescreen.scene.aspects import aspects_in_play
from fatescreen.scene.load import load_scene
from fatescreen.scene.model import Scene
from tests.commands.support import DEMO

REGISTRY = registry()

NOT_FUZZED = {"save"}
"""Verbs that write files: the fuzzed session has no file, but keep them out anyway."""


@cache
def demo() -> Scene:
    """The demo scene, loaded once."""
    return load_scene(DEMO).scene


@cache
def names() -> tuple[str, ...]:
    """Names and ids of everything in the demo scene, with a few prefixes."""
    scene = demo()
    found: list[str] = []
    for character in scene.characters:
        found += [character.id, character.name, character.name[:3]]
    for zone in scene.zones:
        found += [zone.id, zone.name]
    for aspect in aspects_in_play(scene):
        found += [aspect.key, aspect.aspect.name, aspect.aspect.name.split()[-1]]
    found += [c.name for c in scene.countdowns] + ["gm", "scene"]
    return tuple(found)


def verbs() -> list[str]:
    words = [v.name for v in REGISTRY.values() if v.name not in NOT_FUZZED]
    words += [a for v in REGISTRY.values() if v.name not in NOT_FUZZED for a in v.aliases]
    return sorted(words)


def quoted(word: str) -> str:
    return f'"{word}"' if " " in word else word


face = st.sampled_from("+0-")
faces = st.lists(face, min_size=4, max_size=4).map("".join)
d6 = st.lists(st.sampled_from("123456"), min_size=4, max_size=4).map("".join)
number = st.integers(-6, 12).map(str)
junk = st.text(alphabet=st.characters(codec="utf-8"), min_size=0, max_size=6)
keyword = st.sampled_from(sorted(KEYWORDS)).map(str)
name = st.sampled_from(names()).map(quoted)
helpers = st.lists(st.sampled_from(names()[:24]), min_size=1, max_size=3).map(
    lambda ids: ",".join(i for i in ids if " " not in i) or "rozio"
)
skill = st.sampled_from(["Fight", "Shoot", "Athletics", "Will", "Lore", "Provoke", "Crafts"])
argument = st.one_of(name, name, skill, number, faces, faces, d6, keyword, keyword, helpers, junk)


@cache
def ids(kind: str) -> tuple[str, ...]:
    """Ids of the demo's characters, zones or aspects (aspect names for aspects)."""
    scene = demo()
    if kind == "character":
        return tuple(c.id for c in scene.characters)
    if kind == "zone":
        return tuple(z.id for z in scene.zones)
    return tuple(quoted(a.aspect.name) for a in aspects_in_play(scene))


def maybe(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.just(""), strategy)


def after(word: str, strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return strategy.map(lambda value: f"{word} {value}")


character = st.sampled_from(ids("character"))
zone = st.sampled_from(ids("zone"))
aspect = st.one_of(st.sampled_from(ids("aspect")), st.just('"A new aspect"'))
text = st.sampled_from(['"Cut arm"', '"Bruised"', "the lamp goes out", '"Arm in a cast"'])
small = st.integers(0, 5).map(str)
opposition = maybe(after("vs", st.one_of(number, character.map(str))))
TEMPLATES: dict[str, list[st.SearchStrategy[str]]] = {
    "attack": [character, character, maybe(skill), maybe(faces), maybe(after("vs", faces))],
    "overcome": [character, skill, maybe(faces), maybe(after("with", helpers)), opposition],
    "create": [
        character,
        skill,
        aspect,
        maybe(after("on", st.one_of(zone, character))),
        maybe(faces),
        opposition,
    ],
    "invoke": [
        aspect,
        maybe(after("by", character)),
        maybe(st.sampled_from(["free", "paid", "hostile", "oppose", "reroll"])),
        maybe(faces),
    ],
    "stunt": [maybe(character), small],
    "cost": [maybe(text)],
    "trade": [maybe(text)],
    "defend": [maybe(character), maybe(skill), maybe(faces)],
    "split": [small, small, maybe(small), maybe(after("vs", faces))],
    "absorb": [maybe(small), maybe(text), maybe(text)],
    "takeout": [maybe(character)],
    "concede": [character],
    "minion": [maybe(character)],
    "reveal": [character],
    "stress": [character, maybe(st.sampled_from(["physical", "mental"])), small],
    "recover": [character, skill, st.just("cut"), maybe(text), maybe(faces)],
    "fulldefense": [character],
    "move": [character, zone, maybe(faces)],
    "next": [character],
    "exchange": [character],
    "tick": [st.just("ritual"), maybe(st.just("back")), maybe(small)],
    "pool": [number],
    "fp": [st.sampled_from(["give", "spend"]), st.one_of(character, st.just("gm")), maybe(small)],
    "compel": [character, aspect, st.sampled_from(["offer", "accept", "refuse"])],
    "aspect": [st.sampled_from(["add", "remove", "reveal", "rename"]), aspect, maybe(text)],
    "free": [st.sampled_from(["add", "spend", "pass"]), aspect, maybe(character), maybe(character)],
    "boost": [character, text],
    "contest": [
        st.sampled_from(["start Race", "roll", "forfeit", "show", "end"]),
        maybe(st.one_of(character, st.just("a=rozio b=leader"))),
        maybe(skill),
        maybe(faces),
    ],
    "challenge": [
        st.sampled_from(['start Ritual "Read:Lore:3"', "roll read", "show", "end"]),
        maybe(character),
        maybe(faces),
    ],
    "roll": [number, maybe(after("vs", number)), maybe(faces)],
    "odds": [number, after("vs", number), maybe(after("invokes", small))],
    "add": [
        st.sampled_from(["pc Ana", "mooks Rats 3", 'hazard "Rocks" 3', "zone Attic", "cultist 2"]),
        maybe(after("in", zone)),
        maybe(st.sampled_from(["weapon 2", "skill Fight 3", "stress 2", "rating -1"])),
    ],
    "remove": [st.one_of(character, zone, st.just("completes"))],
    "set": [
        st.one_of(character, zone, st.just("completes"), st.just("rules"), st.just("scene")),
        st.sampled_from(
            [
                "weapon 2",
                "skill Fight Great",
                "stress physical 1",
                "consequences mild",
                "form add Beast skill Fight 5",
                "form 1 stress 2",
                "minions cultist",
                "boxes 2",
                "name Crypt",
                "scale on",
                "title X",
            ]
        ),
    ],
    "place": [character, st.one_of(zone, st.just("none"))],
    "link": [zone, zone, maybe(st.sampled_from(["barrier 2", "barrier none", "block none"]))],
    "unlink": [zone, zone],
    "undo": [],
    "redo": [],
}


def structured(verb: str) -> st.SearchStrategy[str]:
    return st.tuples(*TEMPLATES[verb]).map(
        lambda parts: " ".join(part for part in (verb, *parts) if part)
    )


@st.composite
def command_line(draw: st.DrawFn) -> str:
    """A line shaped like a real command (most of the time), or verbs and words at random."""
    if draw(st.integers(0, 9)) < 7:
        line = draw(st.sampled_from(sorted(TEMPLATES)).flatmap(structured))
        if draw(st.booleans()):
            return line
        words = line.split(" ")
        index = draw(st.integers(0, len(words)))
        return " ".join([*words[:index], draw(argument), *words[index + 1 :]])
    verb = draw(st.sampled_from(verbs()))
    words = draw(st.lists(argument, max_size=7))
    return " ".join([verb, *words])


ROLLS = ("attack", "overcome", "create", "split", "recover", "contest", "challenge")
AFTER_A_ROLL = (
    "invoke",
    "stunt",
    "defend",
    "split",
    "cost",
    "trade",
    "absorb",
    "takeout",
    "minion",
)


@st.composite
def a_roll_and_after(draw: st.DrawFn) -> list[str]:
    """A roll and what usually follows it: invokes, stunts, defenses, harm."""
    roll = draw(st.sampled_from(ROLLS[:3]).flatmap(structured))
    more = draw(st.lists(st.sampled_from(AFTER_A_ROLL).flatmap(structured), max_size=4))
    return [roll, *more]


scenario = st.lists(
    st.one_of(command_line().map(lambda line: [line]), a_roll_and_after()), min_size=1, max_size=6
).map(lambda groups: [line for group in groups for line in group])


@given(scenario)
def test_random_lines_never_escape_and_keep_undo_exact(lines: list[str]) -> None:
    session = fate_session(demo())
    for line in lines:
        before = session.scene
        steps = len(session.history.done)
        result = session.execute(line)
        if not result.ok:
            assert result.lines and all(isinstance(text, str) for text in result.lines)
            assert session.scene == before, line
            assert len(session.history.done) == steps, line
            continue
        if len(session.history.done) > steps and line.split()[0] not in ("undo", "u", "kumoa"):
            after = session.scene
            assert session.execute("undo").ok
            assert session.scene == before, line
            assert session.execute("redo").ok
            assert session.scene == after, line
