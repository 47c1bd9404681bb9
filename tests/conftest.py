"""Test-wide settings: a clean environment for Textual, deterministic hypothesis runs, user
folders of the run's own, and the tests that ``make pytest`` runs apart from the others."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# Textual's own settings are cleared; the snapshot plugin's TEXTUAL_SNAPSHOT_* are not: the
# main process hands its report folder to the xdist workers in TEXTUAL_SNAPSHOT_TEMPDIR.
for variable in list(os.environ):
    if (
        variable.startswith("TEXTUAL_") and not variable.startswith("TEXTUAL_SNAPSHOT_")
    ) or variable == "NO_COLOR":
        del os.environ[variable]

settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

ALONE = "alone"
"""The marker of the tests ``make pytest`` runs in a second, single-process pass after the
parallel one: snapshot tests (syrupy finds orphaned pictures only when one process runs
them all) and tests that measure wall time (another worker beside them would skew it)."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{ALONE}: runs in make pytest's single-process pass (snapshots, wall-time measurements)",
    )


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--alone",
        action="store_true",
        help=f"run only the tests marked {ALONE} (make pytest's second pass)",
    )
    parser.addoption(
        "--no-snapshots",
        action="store_true",
        help="leave out the snapshot tests (make test-latest: the pictures are taken with "
        "the pinned Textual and Rich)",
    )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """With ``--alone``, a test module whose text names neither ``snap_compare`` nor
    ``mark.alone`` has nothing for the pass and is not even imported (collecting the whole
    suite would cost the pass a fifth of its time)."""
    if not config.getoption("--alone"):
        return None
    if collection_path.suffix != ".py" or not collection_path.name.startswith("test_"):
        return None
    text = collection_path.read_text(encoding="utf-8")
    return None if "snap_compare" in text or "mark.alone" in text else True


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test that takes a snapshot runs alone, wherever it is written. With
    ``--alone`` the others are left out before syrupy sees the collection, so that it takes
    the run for a whole one and fails on orphaned snapshots (``-m`` would hide them)."""
    if config.getoption("--no-snapshots"):
        pictures = [item for item in items if "snap_compare" in getattr(item, "fixturenames", ())]
        items[:] = [item for item in items if item not in pictures]
        if pictures:
            config.hook.pytest_deselected(items=pictures)
    for item in items:
        if "snap_compare" in getattr(item, "fixturenames", ()):
            item.add_marker(ALONE)
    if config.getoption("--alone"):
        left_out = [item for item in items if item.get_closest_marker(ALONE) is None]
        items[:] = [item for item in items if item.get_closest_marker(ALONE) is not None]
        if left_out:
            config.hook.pytest_deselected(items=left_out)


@pytest.fixture(autouse=True, scope="session")
def _own_user_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Journals and settings of a test that names no folders of its own go to the run's
    (each xdist worker's) temporary folders, never the user's nor another worker's."""
    with pytest.MonkeyPatch.context() as patch:
        for variable, name in (
            ("FATESCREEN_DATA_DIR", "data"),
            ("FATESCREEN_CONFIG_DIR", "config"),
        ):
            if variable not in os.environ:
                patch.setenv(variable, str(tmp_path_factory.mktemp(name)))
        # the language a test's dashboard remembers must not speak for the next test: a
        # test of the remembered language takes this out
        if "FATESCREEN_LANG" not in os.environ:
            patch.setenv("FATESCREEN_LANG", "en")
        yield


def every_system_id() -> list[str]:
    """The id of every registered system, and the toy system's (``tests/systems/toy``),
    which the suites that run for every system register for the test."""
    from fatescreen import systems
    from tests.systems import toy

    return [*systems.ids(), toy.TOY]


@pytest.fixture(params=every_system_id())
def every_system(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each registered system's id in turn, the toy system's last (registered, with its
    messages, for that test only)."""
    from tests.systems import toy

    if request.param == toy.TOY:
        toy.register()
        try:
            yield toy.TOY
        finally:
            toy.unregister()
    else:
        yield request.param
