"""The compiled methods of fatescreen's dataclasses, kept between runs (fatescreen.cache)."""

from __future__ import annotations

import dataclasses
import sys
import types
from pathlib import Path

import pytest

from fatescreen import cache
from fatescreen.cache import CompiledMethods

SOURCE = """
from dataclasses import dataclass


@dataclass(frozen=True)
class Crate:
    label: str
    weight: int = 2
"""


def define(module: str) -> type:
    """Import ``SOURCE`` as the module ``module``; its dataclass."""
    namespace = types.ModuleType(module)
    sys.modules[module] = namespace
    try:
        exec(SOURCE, namespace.__dict__)
    finally:
        del sys.modules[module]
    crate: type = namespace.Crate
    return crate


@pytest.fixture
def compiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CompiledMethods:
    """Kept code in a folder of the test's own."""
    methods = CompiledMethods(tmp_path)
    monkeypatch.setattr(cache, "_compiled", methods)
    monkeypatch.setattr(dataclasses, "exec", cache._exec, raising=False)
    return methods


def no_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled again")

    monkeypatch.setattr(cache, "compile", refuse, raising=False)


def test_a_dataclass_is_made_from_kept_code_at_the_next_start(
    compiled: CompiledMethods, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    define("fatescreen.crates")
    # init, repr, eq, hash, set, del: one source each, or since Python 3.13 one for all
    assert len(compiled.used["fatescreen.crates"]) == (6 if sys.version_info < (3, 13) else 1)
    compiled.save()
    monkeypatch.setattr(cache, "_compiled", CompiledMethods(tmp_path))
    no_compiling(monkeypatch)
    crate = define("fatescreen.crates")
    first, same, other = crate("nets"), crate("nets", 2), crate("ropes", 3)
    assert first == same and first != other and hash(first) == hash(same)
    assert repr(other) == "Crate(label='ropes', weight=3)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.label = "chains"  # type: ignore[attr-defined]


def test_only_fatescreen_modules_are_kept(compiled: CompiledMethods) -> None:
    define("elsewhere.crates")
    compiled.save()
    assert compiled.used == {}
    assert list(compiled.folder.glob("*")) == []


def test_the_file_keeps_only_what_the_module_uses_now(
    compiled: CompiledMethods, tmp_path: Path
) -> None:
    compiled.code("fatescreen.crates", "gone = 1")
    compiled.save()
    again = CompiledMethods(tmp_path)
    again.code("fatescreen.crates", "kept = 2")
    again.save()
    assert list(CompiledMethods(tmp_path)._read("fatescreen.crates")) == ["kept = 2"]


def test_an_unreadable_file_is_compiled_as_ever(compiled: CompiledMethods, tmp_path: Path) -> None:
    (tmp_path / "fatescreen.crates.marshal").write_bytes(b"not marshal data")
    code = compiled.code("fatescreen.crates", "weight = 2")
    namespace: dict[str, object] = {}
    exec(code, namespace)
    assert namespace["weight"] == 2
    compiled.save()
    assert list(CompiledMethods(tmp_path)._read("fatescreen.crates")) == ["weight = 2"]


def test_an_unwritable_folder_leaves_the_code_unkept(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    methods = CompiledMethods(tmp_path / "file" / "below")
    methods.code("fatescreen.crates", "weight = 2")
    methods.save()  # no error
    assert methods.kept == {"fatescreen.crates": {}}
