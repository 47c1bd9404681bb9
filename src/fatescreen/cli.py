"""The ``fatescreen`` console script: open, check, run, roll and odds."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from fatescreen.i18n import LANGUAGES, default_language

DEMO_SCENE = Path(__file__).resolve().parents[2] / "scenes" / "golden-mask.toml"
SUBCOMMANDS = ("check", "run", "roll", "odds")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=None, help="language (default: from the locale)"
    )


def build_parser() -> argparse.ArgumentParser:
    """The parser for ``fatescreen [SCENE]`` (opening the dashboard)."""
    parser = argparse.ArgumentParser(
        prog="fatescreen",
        description="A game-master dashboard for Fate Condensed. Subcommands: "
        + ", ".join(SUBCOMMANDS)
        + " (fatescreen SUBCOMMAND --help).",
    )
    parser.add_argument("scene", nargs="?", type=Path, help="scene file (default: the demo)")
    parser.add_argument("--theme", default=None, help="colour theme (remembered)")
    _common(parser)
    return parser


def build_subparser(name: str) -> argparse.ArgumentParser:
    """The parser of one subcommand."""
    parser = argparse.ArgumentParser(prog=f"fatescreen {name}")
    _common(parser)
    if name == "check":
        parser.description = "Validate scene files; exit status 1 if any is invalid."
        parser.add_argument("files", nargs="+", type=Path)
    elif name == "run":
        parser.description = "Apply commands to a scene without the dashboard."
        parser.add_argument("scene", type=Path)
        parser.add_argument("--script", required=True, help="file of commands, or - for stdin")
        parser.add_argument("--seed", type=int, default=None, help="seed for reproducible dice")
        parser.add_argument(
            "--save", nargs="?", const="", default=None, metavar="PATH",
            help="save the scene afterwards (over the file, or to PATH)",
        )
    else:
        parser.description = (
            "Roll 4dF: fatescreen roll 3 vs 2 [+0-+]" if name == "roll"
            else "Exact odds: fatescreen odds 3 vs 2 [invokes N] [rerolls N]"
        )
        parser.add_argument("words", nargs="+")
        parser.add_argument("--seed", type=int, default=None)
    return parser


def check(files: Sequence[Path], out: TextIO) -> int:
    """Validate scene files, printing every problem; 1 if any file is invalid."""
    from fatescreen.scene.errors import SceneFileError
    from fatescreen.scene.load import load_scene

    status = 0
    for file in files:
        try:
            load_scene(file)
        except SceneFileError as error:
            status = 1
            for problem in error.problems:
                print(problem, file=out)
        else:
            print(f"{file}: ok", file=out)
    return status


def run_script(
    scene: Path, script: str, seed: int | None, save: str | None, lang: str, out: TextIO
) -> int:
    """Apply a script of commands headless; non-zero if any command failed."""
    from fatescreen.commands.session import Session
    from fatescreen.scene.errors import SceneFileError

    try:
        session = Session.open(scene, seed=seed, lang=lang, journal=False)
    except SceneFileError as error:
        for problem in error.problems:
            print(problem, file=out)
        return 2
    if script == "-":
        lines = sys.stdin.read().splitlines()
    else:
        try:
            lines = Path(script).read_text(encoding="utf-8").splitlines()
        except OSError as error:
            print(f"cannot read {script}: {error.strerror}", file=out)
            return 2
    failed = 0
    for line in lines:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        result = session.execute(line)
        print(f"> {line}", file=out)
        for text in result.lines:
            print(("  " if result.ok else "  error: ") + text, file=out)
        failed += not result.ok
    if save is not None:
        result = session.execute("save " + save if save else "save")
        for text in result.lines:
            print(("  " if result.ok else "  error: ") + text, file=out)
        failed += not result.ok
    return 1 if failed else 0


def one_off(verb: str, words: Sequence[str], seed: int | None, lang: str, out: TextIO) -> int:
    """``roll`` and ``odds`` without a scene."""
    import shlex

    from fatescreen.commands.session import Session
    from fatescreen.scene.model import Scene

    session = Session(Scene("-"), rng=random.Random(seed), lang=lang)
    result = session.execute(verb + " " + " ".join(shlex.quote(w) for w in words))
    for text in result.lines:
        print(text, file=out)
    return 0 if result.ok else 1


def _subcommand(args: list[str]) -> str | None:
    """The subcommand named by the first word that is not an option (or its value)."""
    skip = False
    for word in args:
        if skip:
            skip = False
        elif word in ("--lang", "--theme"):
            skip = True
        elif not word.startswith("-"):
            return word if word in SUBCOMMANDS else None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the console script; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    out = sys.stdout
    name = _subcommand(args_list)
    if name is not None:
        args_list.remove(name)
        args = build_subparser(name).parse_args(args_list)
        lang = args.lang or default_language()
        if name == "check":
            return check(args.files, out)
        if name == "run":
            return run_script(args.scene, args.script, args.seed, args.save, lang, out)
        return one_off(name, args.words, args.seed, lang, out)
    args = build_parser().parse_args(args_list)
    lang = args.lang or default_language()
    scene = args.scene or DEMO_SCENE
    from fatescreen.ui.app import FatescreenApp

    FatescreenApp(scene).run()
    return 0
