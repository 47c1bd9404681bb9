"""Nothing a GM has is lost across a change of the code: scenes of each system and a
campaign, each with the journal of changes not yet saved, written by the release before
the system registry (the files in this folder, kept as that release wrote them), open,
recover every change and save what that release saved.

Each case is a scene (or the sample campaign) as shipped then, the pending journal a crash
would have left after a few commands of play, and the files that release wrote when the
same play was saved.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fatescreen.commands.campaign_session import open_campaign
from fatescreen.scene.journal import Journal
from fatescreen.systems import of_file

HERE = Path(__file__).resolve().parent
SCENES = {
    "fate": ("golden-mask.toml", 8),
    "varjot": ("sillalla.toml", 5),
    "mekanismi": ("kuilun-reunalla.toml", 5),
    "objektit": ("satamassa.toml", 5),
}
"""Each case: the scene's file name and how many commands its journal holds."""


def pending_into(journal: Journal, case: Path) -> None:
    """The release's pending journal, where the journal of the scene's new place is kept."""
    journal.path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(case / "pending.jsonl", journal.path)


@pytest.mark.parametrize("case", sorted(SCENES))
def test_a_scene_and_its_pending_journal_recover_as_that_release_saved_them(
    case: str, tmp_path: Path
) -> None:
    name, commands = SCENES[case]
    folder = HERE / case
    scene = tmp_path / name
    shutil.copy(folder / "scene.toml", scene)
    if (folder / "library").is_dir():
        shutil.copytree(folder / "library", tmp_path / "library")
    pending_into(Journal(scene), folder)
    system = of_file(scene)
    session = system.open_session(scene, lang="en", journal=True)
    assert len(session.recoverable()) == commands
    assert session.recover() == commands
    assert session.execute("save").ok
    assert scene.read_text(encoding="utf-8") == (folder / "saved.toml").read_text("utf-8")


def test_a_campaign_and_its_pending_journal_recover_as_that_release_saved_them(
    tmp_path: Path,
) -> None:
    case = HERE / "campaign"
    folder = tmp_path / "campaign"
    shutil.copytree(case / "folder", folder)
    pending_into(Journal(folder / "campaign.toml"), case)
    session = open_campaign(folder, lang="en", journal=True)
    assert len(session.recoverable()) == 3
    assert session.recover() == 3
    assert session.execute("save").ok
    for saved in sorted((case / "saved").rglob("*.toml")):
        written = folder / saved.relative_to(case / "saved")
        assert written.read_text(encoding="utf-8") == saved.read_text(encoding="utf-8"), written
