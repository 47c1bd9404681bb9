"""The files that ship with fatescreen: the sample campaign with its scenes, and the themes."""

from __future__ import annotations

import shutil
from pathlib import Path

from fatescreen.scene.journal import data_dir, private_folder
from fatescreen.systems import RuleSystem

SAMPLE_CAMPAIGN = "sample-campaign"
"""The folder, in the user's data folder, that ``fatescreen demo`` copies the sample into."""


def shipped(name: str) -> Path:
    """A folder that ships with fatescreen: ``scenes`` or ``themes``.

    An installed wheel holds them as package data (``fatescreen/data/NAME``); a source
    checkout (an editable install) has them at the top of the repository. (The package is
    always a folder of files: importlib.resources would find the same folder, at the cost
    of importing it and zipfile at every start.)
    """
    packaged = Path(__file__).resolve().parent / "data" / name
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / name


def sample_campaign() -> Path:
    """The GM's own copy of the sample campaign, copied from the shipped one on first use
    (a copy made earlier is kept as it is: it holds the GM's play)."""
    target = data_dir() / SAMPLE_CAMPAIGN
    if not (target / "campaign.toml").is_file():
        private_folder(target.parent)
        shutil.copytree(shipped("scenes"), target, dirs_exist_ok=True)
    return target


def sample_scene(system: RuleSystem) -> Path:
    """A system's sample scene file (``RuleSystem.sample``): under the shipped ``scenes``
    folder unless the declaration gives an absolute path.

    Raises:
        LookupError: The system declares no sample scene.
    """
    if system.sample is None:
        raise LookupError(f"{system.id} declares no sample scene")
    path = Path(system.sample)
    return path if path.is_absolute() else shipped("scenes") / path
