"""Files that cannot be imported get the care bad scenes get: a clear error at a JSON path,
and nothing written. Every error path has its message checked, and a fuzz test asserts that
nothing but those errors escapes the reader."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fatescreen.cli import main
from fatescreen.scene.sheets.errors import SheetFileError, render_json_path
from fatescreen.scene.sheets.read import read_sheets, sheets_of
from fatescreen.scene.sheets.source import MAX_BYTES
from tests.imports.support import fixture


def refusal(file: Path) -> list[str]:
    """The problems a file is refused with, as a GM reads them (without the file name)."""
    with pytest.raises(SheetFileError) as refused:
        read_sheets(file)
    return [f"{render_json_path(p.path)}: {p.text.render('en')}" for p in refused.value.problems]


def changed(name: str, change: Callable[[dict[str, Any]], object], target: Path) -> Path:
    """A fixture with one change made to its JSON, written to ``target``."""
    data = json.loads(fixture(name).read_text(encoding="utf-8"))
    change(data)
    target.write_text(json.dumps(data), encoding="utf-8")
    return target


def test_a_truncated_file_says_it_is_cut_short(tmp_path: Path) -> None:
    text = fixture("fari-v6-eira.json").read_text(encoding="utf-8")
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) // 2], encoding="utf-8")
    (said,) = refusal(cut)
    assert said.startswith("$: the JSON ends too soon, at line ")
    assert "the file is cut short" in said


def test_a_file_cut_inside_a_text_is_truncated_too(tmp_path: Path) -> None:
    cut = tmp_path / "cut.json"
    cut.write_text('{"name": "Eira Va', encoding="utf-8")
    assert "the JSON ends too soon" in refusal(cut)[0]


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"", "$: the file is empty"),
        (b"name = 'Eira'\n", "$: not JSON, at line 1, column 1: a value was expected"),
        (b'{"name": NaN}', "$: not JSON: NaN is not a JSON value"),
        (b'{"name": "Eira \xff"}', "$: not UTF-8 text (byte 15)"),
        (b'"Eira"', "$: expected an object, found a string"),
        (b"[]", "$: the file holds no characters"),
        (b'{"name": "Eira"}', "$: neither a Fari character nor a Fate Core Official actor"),
        (b"[" * 100_000, "$: the JSON is nested too deeply to read"),
    ],
)
def test_not_a_character_file(tmp_path: Path, content: bytes, said: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    assert refusal(bad)[0].startswith(said)


def test_a_file_over_ten_megabytes_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)  # sparse: nothing is written, nothing read
    assert refusal(big) == ["$: 10.0 MB is more than the 10.0 MB an import reads"]
    big.unlink()
    with big.open("wb") as handle:
        handle.truncate(12 * 1024 * 1024)
    assert refusal(big) == ["$: 12.0 MB is more than the 10.0 MB an import reads"]


def test_a_folder_and_a_missing_file(tmp_path: Path) -> None:
    assert refusal(tmp_path) == ["$: not a regular file"]
    assert refusal(tmp_path / "gone.json") == ["$: cannot be read: No such file or directory"]


@pytest.mark.parametrize(
    ("version", "said"),
    [
        (7, "$.version: Fari version 7 is not one this reads (3 to 6); open the character"),
        (2, "$.version: Fari version 2 is not one this reads (3 to 6)"),
        ("6", "$.version: expected an integer, found a string"),
    ],
)
def test_an_unknown_fari_version(tmp_path: Path, version: object, said: str) -> None:
    def set_version(data: dict[str, Any]) -> None:
        data["version"] = version

    file = changed("fari-v6-eira.json", set_version, tmp_path / "eira.json")
    assert refusal(file)[0].startswith(said)


def test_a_fari_character_without_a_version(tmp_path: Path) -> None:
    file = changed("fari-v6-eira.json", lambda data: data.pop("version"), tmp_path / "eira.json")
    assert refusal(file) == [
        "$.version: a Fari character without a version: this reads Fari's versions 3 to 6"
    ]


def _block(data: dict[str, Any], section: int, block: int) -> dict[str, Any]:
    found: dict[str, Any] = data["pages"][0]["rows"][0]["columns"][1]["sections"][section][
        "blocks"
    ][block]
    return found


def test_a_skill_name_breaking_the_text_rule_names_its_label(tmp_path: Path) -> None:
    def escape(data: dict[str, Any]) -> None:
        _block(data, 2, 1)["label"] = "WILL\x1b[2J"

    file = changed("fari-v6-eira.json", escape, tmp_path / "eira.json")
    assert refusal(file) == [
        "$.pages[0].rows[0].columns[1].sections[2].blocks[1].label: control or escape "
        "character U+001B is not allowed in text"
    ]


def test_an_aspect_too_long_for_a_name(tmp_path: Path) -> None:
    def lengthen(data: dict[str, Any]) -> None:
        data["pages"][0]["rows"][0]["columns"][0]["sections"][0]["blocks"][0]["value"] = "x" * 201

    file = changed("fari-v6-eira.json", lengthen, tmp_path / "eira.json")
    assert refusal(file) == [
        "$.pages[0].rows[0].columns[0].sections[0].blocks[0].value: text of 201 characters "
        "is too long (at most 200)"
    ]


def test_every_problem_of_a_file_is_listed(tmp_path: Path) -> None:
    def spoil(data: dict[str, Any]) -> None:
        data["name"] = ""
        _block(data, 2, 0)["value"] = "lots"
        _block(data, 2, 1)["value"] = "25"
        data["pages"][0]["rows"][0]["columns"][0]["sections"][3]["blocks"][0]["meta"]["max"] = "-1"

    file = changed("fari-v6-eira.json", spoil, tmp_path / "eira.json")
    skills = "$.pages[0].rows[0].columns[1].sections[2].blocks"
    assert refusal(file) == [
        "$.name: the character has no name",
        "$.pages[0].rows[0].columns[0].sections[3].blocks[0].meta.max: -1 is out of range "
        "(0 to 100)",
        f"{skills}[0].value: not a whole number: 'lots'",
        f"{skills}[1].value: 25 is out of range (-10 to 20)",
    ]


def test_a_shape_of_the_wrong_type_names_its_path(tmp_path: Path) -> None:
    def flatten(data: dict[str, Any]) -> None:
        data["pages"][0]["rows"] = {"columns": []}

    file = changed("fari-v6-eira.json", flatten, tmp_path / "eira.json")
    assert refusal(file) == ["$.pages[0].rows: expected an array, found an object"]


def test_an_actor_with_a_control_character_in_an_aspect(tmp_path: Path) -> None:
    def escape(data: dict[str, Any]) -> None:
        data["system"]["aspects"]["VHJvdWJsZQ=="]["value"] = "Never\u202e leaves"

    file = changed("fco-veli-routa.json", escape, tmp_path / "veli.json")
    assert refusal(file) == [
        "$.system.aspects['VHJvdWJsZQ=='].value: control or escape character U+202E "
        "is not allowed in text"
    ]


def test_a_thing_alone_is_not_a_character(tmp_path: Path) -> None:
    things = json.loads(fixture("fco-bulk.json").read_text(encoding="utf-8"))
    thing = tmp_path / "crate.json"
    thing.write_text(json.dumps(things[2]), encoding="utf-8")
    assert refusal(thing) == ["$: a Fate Core Official thing, not a character"]


def test_a_bulk_export_with_one_bad_entry_imports_nothing(tmp_path: Path) -> None:
    entries = json.loads(fixture("fco-bulk.json").read_text(encoding="utf-8"))
    entries.append({"name": "Not an actor"})
    bulk = tmp_path / "bulk.json"
    bulk.write_text(json.dumps(entries), encoding="utf-8")
    assert refusal(bulk) == [
        "$[3]: neither a Fari character nor a Fate Core Official actor (a Fari character has "
        "pages and a version; an actor has type fate-core-official and system)"
    ]


def test_the_cli_writes_nothing_for_a_bad_file(tmp_path: Path, scenes: Path) -> None:
    scene = scenes / "golden-mask.toml"
    before = scene.read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_text('{"pages": [], "version": 9, "name": "X"}', encoding="utf-8")
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["import", str(bad), "--into", str(scene), "--lang", "en"])
    assert status == 1
    assert f"error: nothing imported: {bad} cannot be read" in out.getvalue()
    assert "$.version: Fari version 9 is not one this reads (3 to 6)" in out.getvalue()
    assert scene.read_bytes() == before
    assert not list(scenes.glob("golden-mask.toml.bak"))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "pages",
                    "version",
                    "name",
                    "rows",
                    "columns",
                    "sections",
                    "blocks",
                    "type",
                    "label",
                    "value",
                    "meta",
                    "system",
                    "aspects",
                    "skills",
                    "stunts",
                    "tracks",
                    "fariType",
                    "characters",
                    "actors",
                    "items",
                    "details",
                    "fatePoints",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(document=JSON, version=st.sampled_from([3, 4, 5, 6]), kind=st.sampled_from(["fari", "fco"]))
def test_any_json_is_read_or_refused_with_problems(
    document: object, version: int, kind: str
) -> None:
    """Whatever shape the JSON has, the reader returns characters or raises its own error."""
    if isinstance(document, dict):
        if kind == "fari":
            document = {**document, "version": version, "name": "X"}
            document.setdefault("pages", [])
        else:
            document = {**document, "type": "fate-core-official", "name": "X"}
            document.setdefault("system", {})
    try:
        sheets_of(document)
    except SheetFileError as error:
        assert error.problems


def test_the_fixtures_are_small_text_files() -> None:
    for path in fixture("x").parent.glob("*.json"):
        assert path.stat().st_size < 64 * 1024
        assert os.access(path, os.R_OK)


@pytest.mark.parametrize(
    ("content", "english", "finnish"),
    [
        (b"name", "a value was expected", "odotettiin arvoa"),
        (b'{"name": "Eira",, }', "a key in double quotes was expected", "odotettiin avainta"),
        (b'{"name" "Eira"}', "':' was expected after the key", "odotettiin ':'"),
        (b'{"name": "Eira" "x": 1}', "',' or a closing bracket", "odotettiin ','"),
        (b'{"name": "Ei\tra"}', "a control character inside a string", "ohjausmerkki"),
        (b'{"name": "\\q"}', "an escape with \\ that JSON does not have", "-koodi, jota"),
        (b'{"name": "\\u12"}', "a \\u escape that is not four hex digits", "\\u-koodi"),
        (b'{"name": "Eira"} {}', "there is more after the end of the JSON", "on vielä tekstiä"),
    ],
)
def test_what_the_json_reader_finds_wrong_is_said_in_the_gms_language(
    tmp_path: Path, content: bytes, english: str, finnish: str
) -> None:
    """Every message of the JSON reader a hand-edited file meets is in the catalog: none
    reaches the GM in the reader's own English."""
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    with pytest.raises(SheetFileError) as refused:
        read_sheets(bad)
    (problem,) = refused.value.problems
    assert english in problem.text.render("en")
    assert finnish in problem.text.render("fi")
    assert "Expecting" not in problem.text.render("fi")
