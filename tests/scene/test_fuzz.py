"""Fuzzing the loader: random TOML documents and random text either load as a valid scene or
raise SceneFileError; nothing else ever escapes."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import tomlkit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fatescreen.scene import codec, load
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.load import LoadedScene, load_text
from fatescreen.scene.model import Scene
from fatescreen.scene.save import render
from tests.scene.support import MID_CONFLICT, SCENES, SHIPPED

KEYS = sorted(
    {
        *load.TOP_KEYS,
        *codec.CHARACTER_KEYS,
        *codec.TEMPLATE_KEYS,
        *codec.FORM_KEYS,
        *codec.SLOT_NAMES,
        *codec.CONSEQUENCE_KEYS,
        *codec.ASPECT_KEYS,
        *codec.ZONE_KEYS,
        *codec.LINK_KEYS,
        *codec.OBSTACLE_KEYS,
        *codec.COUNTDOWN_KEYS,
        *codec.CONTEST_KEYS,
        *codec.SIDE_KEYS,
        *codec.CHALLENGE_KEYS,
        *codec.TASK_KEYS,
        *codec.TURN_KEYS,
        *codec.HELD_KEYS,
        *codec.RULES_KEYS,
        "physical",
        "mental",
        "stress",
        "gm",
        "Fight",
        "Physique",
        "Will",
        "removed",
        "Cultist 1",
    }
)
"""Every key name the format knows, plus a few ids and names they refer to."""
WORDS = [
    "Ritual hall",
    "Crypt",
    "crypt",
    "silbestre",
    "leader",
    "cultist",
    "cultist-1",
    "soft",
    "full",
    "minor",
    "mooks",
    "major",
    "mild",
    "physical",
    "boxes",
    "hidden",
    "tie",
    "success",
    "library/cultist.toml",
    "library/drowned.toml#eel-swarm",
    "library/missing.toml",
    "[bold red]x[/]",
    "\x1b[2J",
    "",
]

texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30)
scalars = st.one_of(
    st.integers(-5, 12),
    st.integers(),
    st.booleans(),
    st.floats(allow_nan=False),
    st.sampled_from(WORDS),
    texts,
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(KEYS) | texts, inner, max_size=5),
    ),
    max_leaves=12,
)
records = st.dictionaries(st.sampled_from(KEYS), values, max_size=6)
documents = st.fixed_dictionaries(
    {},
    optional={
        "format": st.sampled_from([1, 1, 1, 2, "1"]),
        "title": st.sampled_from(["A scene", "", 3]),
        **{
            section: st.lists(records, max_size=3)
            for section in ("zone", "link", "pc", "npc", "obstacle", "countdown", "contest")
        },
        "turn": records,
        "rules": records,
        "aspects": values,
        "held": values,
    },
).flatmap(
    lambda doc: st.dictionaries(st.sampled_from(KEYS), values, max_size=3).map(
        lambda extra: {**extra, **doc}
    )
)


def _load_or_error(text: str, folder: Path = SCENES) -> LoadedScene | None:
    """Load ``text`` as a scene next to ``folder``'s templates; None for a SceneFileError."""
    try:
        loaded = load_text(text, folder / "fuzzed.toml")
    except SceneFileError as error:
        assert error.problems
        assert all(str(problem) for problem in error.problems)
        return None
    assert isinstance(loaded.scene, Scene)
    assert render(loaded, loaded.scene) == text
    return loaded


def _dump(document: dict[str, Any]) -> str | None:
    try:
        return tomlkit.dumps(document)
    except Exception:  # tomlkit cannot write every random structure; nothing to test then
        return None


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(documents)
def test_random_documents(document: dict[str, Any]) -> None:
    """Random documents built from the format's own key names load or fail cleanly."""
    text = _dump(document)
    if text is not None:
        _load_or_error(text)


@settings(max_examples=200)
@given(st.text(max_size=300))
def test_random_text(text: str) -> None:
    """Random text, mostly not TOML at all, fails cleanly."""
    _load_or_error(text)


@settings(max_examples=200)
@given(
    st.lists(
        st.sampled_from(
            [
                "format = 1\n",
                'title = "T"\n',
                "[[npc]]\n",
                "[[zone]]\n",
                'name = "X"\n',
                "[turn]\n",
                "[[npc.form]]\n",
                "= =\n",
                '[npc.each."X 1"]\n',
                "zone = 'X'\n",
                "stress = 2\n",
                "stress_checked = [1, 3]\n",
                'template = "library/cultist.toml"\n',
                "count = 2\n",
                "[[link]]\n",
                'zones = ["X", "Y"]\n',
            ]
        ),
        max_size=25,
    )
)
def test_random_lines(lines: list[str]) -> None:
    """Random sequences of plausible scene lines, often valid TOML, load or fail cleanly."""
    _load_or_error("".join(lines))


SHIPPED_DATA = [
    (path, tomllib.loads(path.read_text(encoding="utf-8"))) for path in [*SHIPPED, MID_CONFLICT]
]


def _places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path inside a parsed document."""
    found = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += _places(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _places(value, (*path, index))
    return found


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(range(len(SHIPPED_DATA))),
    st.lists(st.tuples(st.integers(0, 10_000), values), min_size=1, max_size=3),
)
def test_mutated_shipped_scenes(which: int, mutations: list[tuple[int, Any]]) -> None:
    """A shipped scene with a few values replaced by random ones loads or fails cleanly:
    this reaches deep into records that random documents rarely make valid enough."""
    source, original = SHIPPED_DATA[which]
    document = copy.deepcopy(original)
    for place, value in mutations:
        places = _places(document)
        if not places:
            break
        path = places[place % len(places)]
        parent = document
        for part in path[:-1]:
            parent = parent[part]
        parent[path[-1]] = value
    text = _dump(document)
    if text is not None:
        _load_or_error(text, source.parent)
