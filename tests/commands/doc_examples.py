"""Run the examples of docs/commands.md on the shipped scenes they name."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.session import Session
from fatescreen.resources import shipped

CAMPAIGN = "the sample campaign"
"""What an example names to run on the sample campaign (the shipped ``scenes/`` folder)."""

_ON = re.compile(r"^    # on (.+?)(, after:)?$")


def run_section(scene: str, setup: list[str], examples: list[str]) -> list[list[str]] | None:
    """Run ``setup`` and then ``examples`` on a fresh copy of a shipped scene (or of the
    sample campaign), in its folder; each example's printed lines, or None if a line failed."""
    previous = Path.cwd()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp) / "scenes"
        shutil.copytree(shipped("scenes"), folder)
        os.chdir(folder)
        try:
            session: Session = (
                open_campaign(Path("."), seed=1, lang="en", journal=False)
                if scene == CAMPAIGN
                else Session.open(Path(scene), seed=1, lang="en", journal=False)
            )
            for line in setup:
                if not session.execute(line).ok:
                    return None
            printed = []
            for line in examples:
                result = session.execute(line)
                if not result.ok:
                    return None
                printed.append(list(result.lines))
            return printed
        finally:
            os.chdir(previous)


def section_examples(body: str) -> tuple[str | None, list[str], list[tuple[str, list[str]]]]:
    """A section's scene (``# on SCENE``), its setup lines (``#   LINE`` after ``after:``)
    and its examples, each with the lines the page says it prints."""
    scene: str | None = None
    setup: list[str] = []
    examples: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("## "):  # the next chapter: its examples are not this verb's
            break
        if match := _ON.match(line):
            scene = match.group(1)
        elif line.startswith("    #   "):
            setup.append(line[8:])
        elif line.startswith("    > "):
            examples.append((line[6:], []))
        elif line.startswith("      ") and examples:
            examples[-1][1].append(line[6:])
    return scene, setup, examples
