"""The ``fatescreen`` console script."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = argparse.ArgumentParser(
        prog="fatescreen", description="A game-master dashboard for Fate Condensed."
    )
    parser.add_argument("scene", nargs="?", type=Path, help="scene file or campaign folder")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the console script; returns the exit status."""
    args = build_parser().parse_args(argv)
    from fatescreen.ui.app import FatescreenApp

    FatescreenApp(args.scene).run()
    return 0
