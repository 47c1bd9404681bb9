"""Shared helpers for the campaign tests: the sample campaign and its files as plain data."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

SAMPLE = Path(__file__).resolve().parents[2] / "scenes"
"""The sample campaign that ships in scenes/."""


def party_file(folder: Path) -> dict[str, dict[str, Any]]:
    """party.toml as plain data, each PC's record by name."""
    data = tomllib.loads((folder / "party.toml").read_text(encoding="utf-8"))
    return {record["name"]: record for record in data["pc"]}


def campaign_file(folder: Path) -> dict[str, Any]:
    """campaign.toml as plain data."""
    return tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))


def option(lines: tuple[str, ...], consequences: str) -> str:
    """The number of the offered absorption option whose consequences are exactly these
    (``"mild"``, ``"moderate"``), read from a hit's option line."""
    for line in lines:
        for number, text in re.findall(r"\[(\d+)\] ([^\[]+)", line):
            taken = [w for w in ("mild", "moderate", "severe") if w in text]
            if taken == consequences.split():
                return str(number)
    raise AssertionError(f"no option with {consequences} in {lines}")
