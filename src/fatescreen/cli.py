"""The ``fatescreen`` console script: open, check, run, roll, odds, and campaigns."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, cast

from fatescreen import __version__
from fatescreen.cli_parser import LocalParser, language, language_of
from fatescreen.i18n import LANGUAGES, tr

if TYPE_CHECKING:
    from fatescreen.commands.session import Session
    from fatescreen.systems import Capability, RuleSystem
    from fatescreen.ui.app import FatescreenApp
    from fatescreen.ui.systems.shell import SystemApp

SUBCOMMANDS = (
    "demo",
    "check",
    "run",
    "roll",
    "odds",
    "new",
    "new-campaign",
    "new-scene",
    "log",
    "players",
    "import",
    "export",
)

EXAMPLES: dict[str, tuple[str, ...]] = {
    "": (
        "fatescreen demo                          # {cli.example.demo}",
        "fatescreen my-campaign/                  # {cli.example.folder}",
        "fatescreen scenes/golden-mask.toml       # {cli.example.scene}",
        "fatescreen --theme fate-light --lang fi  # {cli.example.theme}",
    ),
    "demo": ("fatescreen demo", "fatescreen demo --theme fate-contrast"),
    "check": ("fatescreen check scenes/*.toml", "fatescreen check my-campaign/"),
    "run": (
        "fatescreen run scenes/golden-mask.toml --script moves.txt --seed 7",
        "echo 'attack leader rozio' | fatescreen run scene.toml --script - --save",
    ),
    "roll": ("fatescreen roll 3 vs 2", "fatescreen roll Good vs Fair +0-+ +2"),
    "odds": (
        "fatescreen odds 3 vs 2",
        "fatescreen odds 3 opposed 2",
        "fatescreen odds Good vs Fair invokes 1 rerolls 1",
    ),
    "new": ("fatescreen new ambush.toml", "fatescreen new my-campaign/ --kind contest"),
    "new-campaign": ("fatescreen new-campaign my-campaign --name 'The golden mask'",),
    "new-scene": ("fatescreen new-scene my-campaign/ --title 'Rooftop chase' --kind challenge",),
    "log": ("fatescreen log my-campaign/", "fatescreen log my-campaign/ --session 1 --out s1.md"),
    "players": (
        "fatescreen players my-campaign/              # {cli.example.players}",
        "fatescreen players my-campaign/ --serve --host 0.0.0.0  # {cli.example.serve}",
    ),
    "import": (
        "fatescreen import eira.fari.json --into my-campaign/",
        "fatescreen import npcs.json --into ambush.toml --as major --dry-run",
    ),
    "export": ("fatescreen export my-campaign/ Eira --fari > eira.fari.json",),
}
"""Example command lines for each subcommand's ``--help`` ("" for ``fatescreen`` itself);
``{KEY}`` is a comment from the catalog."""


def example_lines(name: str, lang: str) -> list[str]:
    """The examples of a subcommand's ``--help``, their comments in ``lang``."""
    return [
        re.sub(r"\{([\w.]+)\}", lambda found: tr(lang, found.group(1)), line)
        for line in EXAMPLES[name]
    ]


def _epilog(name: str, lang: str) -> str:
    lines = example_lines(name, lang)
    return tr(lang, "cli.examples") + "\n" + "\n".join("  " + line for line in lines)


def _common(parser: LocalParser) -> None:
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=None, help=tr(parser.lang, "cli.arg.lang")
    )


def build_parser(lang: str | None = None) -> LocalParser:
    """The parser for ``fatescreen [SCENE]`` (opening the dashboard), in ``lang`` (None:
    the locale's)."""
    lang = language(lang)
    parser = LocalParser(
        lang=lang,
        prog="fatescreen",
        description=tr(lang, "cli.about", names=", ".join(SUBCOMMANDS)),
        epilog=_epilog("", lang),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"fatescreen {__version__}",
        help=tr(lang, "cli.arg.version"),
    )
    parser.add_argument(
        "scene",
        nargs="?",
        type=Path,
        metavar=tr(lang, "cli.metavar.scene"),
        help=tr(lang, "cli.arg.scene"),
    )
    parser.add_argument(
        "--theme",
        metavar=tr(lang, "cli.metavar.theme"),
        default=None,
        help=tr(lang, "cli.arg.theme"),
    )
    parser.add_argument("--read-only", action="store_true", help=tr(lang, "cli.arg.read_only"))
    _common(parser)
    return parser


def build_subparser(name: str, lang: str | None = None) -> LocalParser:
    """The parser of one subcommand, in ``lang`` (None: the locale's)."""
    lang = language(lang)
    parser = LocalParser(
        lang=lang,
        prog=f"fatescreen {name}",
        description=tr(lang, f"cli.about.{name}"),
        epilog=_epilog(name, lang),
    )
    _common(parser)
    if name == "demo":
        parser.add_argument(
            "--theme",
            metavar=tr(lang, "cli.metavar.theme"),
            default=None,
            help=tr(lang, "cli.arg.theme"),
        )
    elif name == "check":
        parser.add_argument("files", nargs="+", type=Path, metavar=tr(lang, "cli.metavar.files"))
    elif name == "run":
        parser.add_argument("scene", type=Path, metavar=tr(lang, "cli.metavar.scene"))
        parser.add_argument(
            "--script",
            metavar=tr(lang, "cli.metavar.script"),
            required=True,
            help=tr(lang, "cli.arg.script"),
        )
        parser.add_argument(
            "--seed",
            metavar=tr(lang, "cli.metavar.seed"),
            type=int,
            default=None,
            help=tr(lang, "cli.arg.seed"),
        )
        parser.add_argument(
            "--save",
            nargs="?",
            const="",
            default=None,
            metavar=tr(lang, "usage.PATH"),
            help=tr(lang, "cli.arg.save"),
        )
        edited = parser.options.add_mutually_exclusive_group()
        edited.add_argument(
            "--replay",
            dest="hand_edit",
            action="store_const",
            const="replay",
            help=tr(lang, "cli.arg.replay"),
        )
        edited.add_argument(
            "--overwrite",
            dest="hand_edit",
            action="store_const",
            const="overwrite",
            help=tr(lang, "cli.arg.overwrite"),
        )
    elif name in CAMPAIGN_SUBCOMMANDS:
        _campaign_arguments(name, parser)
    elif name in ("import", "export"):
        _sheet_arguments(name, parser)
    elif name == "players":
        parser.add_argument(
            "scene",
            type=Path,
            metavar=tr(lang, "cli.metavar.scene"),
            help=tr(lang, "cli.arg.scene_or_folder"),
        )
        parser.add_argument("--serve", action="store_true", help=tr(lang, "cli.arg.serve"))
        parser.add_argument(
            "--host",
            metavar=tr(lang, "cli.metavar.host"),
            default="localhost",
            help=tr(lang, "cli.arg.host"),
        )
        parser.add_argument(
            "--port",
            metavar=tr(lang, "cli.metavar.port"),
            type=int,
            default=8000,
            help=tr(lang, "cli.arg.port"),
        )
    else:
        parser.add_argument("words", nargs="+", metavar=tr(lang, "cli.metavar.words"))
        parser.add_argument(
            "--seed",
            metavar=tr(lang, "cli.metavar.seed"),
            type=int,
            default=None,
            help=tr(lang, "cli.arg.seed"),
        )
        parser.add_argument(
            "--system",
            metavar=tr(lang, "cli.metavar.system"),
            default=None,
            help=tr(lang, "cli.arg.system"),
        )
    return parser


def check(files: Sequence[Path], out: TextIO, lang: str = "en") -> int:
    """Validate scene files, printing every problem; 1 if any file is invalid."""
    from fatescreen.scene.campaign import CAMPAIGN_FILE, PARTY_FILE
    from fatescreen.scene.errors import SceneFileError
    from fatescreen.systems import of_file

    status = 0
    for file in files:
        # a pipe or a device: the loader says what it is, without opening it
        special = file.exists() and not file.is_dir() and not file.is_file()
        reason = None if special else unopenable(file, lang)
        if reason:
            print(reason, file=out)
            status = 1
            continue
        try:
            if file.is_dir() or file.name in (CAMPAIGN_FILE, PARTY_FILE):
                folder = file if file.is_dir() else file.parent
                campaign_system(folder).check_campaign(folder)
            else:
                of_file(file).check_file(file)
        except SceneFileError as error:
            status = 1
            for problem in error.problems:
                print(problem.render(lang), file=out)
        else:
            print(tr(lang, "cli.check_ok", file=str(file)), file=out)
    return status


def run_script(
    scene: Path,
    script: str,
    seed: int | None,
    save: str | None,
    lang: str | None,
    out: TextIO,
    hand_edit: str | None = None,
) -> int:
    """Apply a script of commands headless to a scene file or a campaign folder; non-zero if
    any command failed. ``lang`` None takes the campaign's language, else the locale's.

    With ``save``, the script runs as the scene's one writer: refused while a dashboard (or
    another script) writes it, and the save never writes over a hand edit made while the
    script ran unless ``hand_edit`` says what to do (``replay`` or ``overwrite``).
    """
    from fatescreen.commands.errors import CommandError
    from fatescreen.commands.session import same_file
    from fatescreen.commands.writer import locked_message
    from fatescreen.scene.errors import SceneFileError
    from fatescreen.scene.journal import Journal
    from fatescreen.scene.lock import SceneLocked, lock_of
    from fatescreen.systems import of_file

    # saving over the scene takes its writer lock; saving a copy, the copy's
    writes = save == "" or (save is not None and same_file(Path(save), scene))
    if save is not None:
        refusal = data_folder_problem(language(lang))
        if refusal:
            print(refusal, file=out)
            return 2
    session: Session[Any]
    with contextlib.ExitStack() as held:
        try:
            if save and not writes:
                copy = lock_of(Journal(Path(save)).path, Path(save))
                copy.acquire()
                held.callback(copy.release)
            if scene.is_dir():
                # a campaign saves at each scene's start and end: the script is its writer
                session = campaign_system(scene).open_campaign(
                    scene, seed=seed, lang=lang, journal=False, lock=True
                )
            else:
                session = of_file(scene).open_session(
                    scene, seed=seed, lang=language(lang), journal=False, lock=writes
                )
        except SceneFileError as error:
            for problem in error.problems:
                print(problem.render(language(lang)), file=out)
            return 2
        except CommandError as error:
            print(error, file=out)
            return 2
        except SceneLocked as error:
            said = language(lang)
            hint = tr(
                said, "cli.locked_run_campaign_hint" if scene.is_dir() else "cli.locked_run_hint"
            )
            print(f"{locked_message(error, said)}: {hint}", file=out)
            return 2
        held.callback(session.close)
        said = language(lang)
        return _run_lines(session, script, "" if writes else save, hand_edit, out, said)


def _run_lines(
    session: Session[Any],
    script: str,
    save: str | None,
    hand_edit: str | None,
    out: TextIO,
    lang: str,
) -> int:
    """The script's lines through ``session``, then the save asked for (see
    :func:`run_script`); ``lang`` is the command line's language, the session's the results'."""
    import shlex

    from fatescreen.commands.requests import Save

    if script == "-":
        lines = sys.stdin.read().splitlines()
    else:
        try:
            lines = Path(script).read_text(encoding="utf-8").splitlines()
        except OSError as error:
            print(
                tr(lang, "cli.script_unreadable", file=script, reason=error.strerror),
                file=out,
            )
            return 2
    failed = 0
    error_prefix = "  " + tr(session.lang, "cli.failed") + " "
    for line in lines:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        result = session.execute(line)
        print(f"> {line}", file=out)
        for text in result.lines:
            print(("  " if result.ok else error_prefix) + text, file=out)
        failed += not result.ok
    if save is not None:
        edited = session.hand_edited() if not save else ()
        if edited and hand_edit is None:
            paths = ", ".join(str(path) for path in edited)
            count = len(session.unsaved)
            print(tr(session.lang, "cli.hand_edited", paths=paths, count=count), file=out)
            return 1
        # --save PATH is a path of the shell's, relative to where it runs
        line = Save(hand_edit).command()
        if save:
            line += " " + shlex.quote(str(Path(save).absolute()))
        result = session.execute(line)
        for text in result.lines:
            print(("  " if result.ok else error_prefix) + text, file=out)
        failed += not result.ok
    return 1 if failed else 0


def one_off(
    verb: str,
    words: Sequence[str],
    seed: int | None,
    lang: str,
    out: TextIO,
    system: str | None = None,
) -> int:
    """``roll`` and ``odds`` without a scene, in the default system or the one ``system``
    names (an id or an alias)."""
    import shlex

    from fatescreen import systems

    line = verb + " " + " ".join(shlex.quote(w) for w in words)
    chosen = systems.default() if system is None else systems.find(system)
    if chosen is None:
        known = ", ".join(systems.ids())
        print(tr(lang, "system.unknown", system=system, names=known), file=out)
        return 2
    result = chosen.blank_session(seed=seed, lang=lang).execute(line)
    for text in result.lines:
        print(text, file=out)
    return 0 if result.ok else 1


# ---- campaigns -------------------------------------------------------------------------

CAMPAIGN_SUBCOMMANDS = ("new", "new-campaign", "new-scene", "log")


def _campaign_arguments(name: str, parser: LocalParser) -> None:
    from fatescreen.scene.scaffold import SceneKind

    lang = parser.lang
    if name == "new-campaign":
        parser.add_argument("folder", type=Path, metavar=tr(lang, "cli.metavar.folder"))
        parser.add_argument(
            "--name",
            metavar=tr(lang, "cli.metavar.name"),
            default=None,
            help=tr(lang, "cli.arg.name"),
        )
        parser.add_argument(
            "--system",
            metavar=tr(lang, "cli.metavar.system"),
            default=None,
            help=tr(lang, "cli.arg.campaign_system"),
        )
    elif name in ("new", "new-scene"):
        parser.add_argument(
            "file", type=Path, metavar=tr(lang, "usage.FILE"), help=tr(lang, "cli.arg.file")
        )
        parser.add_argument(
            "--title",
            metavar=tr(lang, "cli.metavar.title"),
            default=None,
            help=tr(lang, "cli.arg.title"),
        )
        parser.add_argument(
            "--kind",
            choices=[kind.value for kind in SceneKind],
            default=SceneKind.CONFLICT.value,
            help=tr(lang, "cli.arg.kind"),
        )
    else:
        parser.add_argument("campaign", type=Path, metavar=tr(lang, "cli.metavar.folder"))
        parser.add_argument(
            "--session",
            metavar=tr(lang, "cli.metavar.session"),
            type=int,
            default=None,
            help=tr(lang, "cli.arg.session"),
        )
        parser.add_argument(
            "--out",
            metavar=tr(lang, "cli.metavar.out"),
            type=Path,
            default=None,
            help=tr(lang, "cli.arg.out"),
        )
        parser.add_argument("--gm", action="store_true", help=tr(lang, "cli.arg.gm"))


# ---- characters from and to other tools ------------------------------------------------


def _sheet_arguments(name: str, parser: LocalParser) -> None:
    from fatescreen.rules.character import CharacterKind

    lang = parser.lang
    if name == "import":
        parser.add_argument(
            "files",
            nargs="+",
            type=Path,
            metavar=tr(lang, "cli.metavar.files"),
            help=tr(lang, "cli.arg.import_files"),
        )
        parser.add_argument(
            "--into",
            type=Path,
            required=True,
            metavar=tr(lang, "cli.metavar.scene"),
            help=tr(lang, "cli.arg.into"),
        )
        parser.add_argument(
            "--as",
            dest="kind",
            choices=[kind.value for kind in CharacterKind],
            default=None,
            help=tr(lang, "cli.arg.as"),
        )
        parser.add_argument("--dry-run", action="store_true", help=tr(lang, "cli.arg.dry_run"))
    else:
        parser.add_argument(
            "scene",
            type=Path,
            metavar=tr(lang, "cli.metavar.scene"),
            help=tr(lang, "cli.arg.scene_or_folder"),
        )
        parser.add_argument(
            "character",
            metavar=tr(lang, "cli.metavar.character"),
            help=tr(lang, "cli.arg.character"),
        )
        _export_formats(parser)
        parser.add_argument(
            "--out",
            metavar=tr(lang, "cli.metavar.out"),
            type=Path,
            default=None,
            help=tr(lang, "cli.arg.out"),
        )


def import_characters(args: argparse.Namespace, lang: str, out: TextIO) -> int:
    """``import``: characters from other tools' files into a scene file or a campaign's party,
    each the way its system takes them (:mod:`fatescreen.cli_import`), with the report;
    ``--dry-run`` shows the report and writes nothing. 1 if the import was refused, 2 if
    the scene or campaign cannot be opened or its system imports no characters."""
    from fatescreen.cli_import import into_party
    from fatescreen.systems import Capability, of_file

    target: Path = args.into
    problem = unopenable(target, lang)
    if problem:
        print(problem, file=out)
        return 2
    folder = campaign_folder(target)
    if folder is not None:
        return into_party(
            folder, args.files, kind=args.kind, dry_run=args.dry_run, lang=lang, out=out
        )
    system = of_file(target)
    if not system.can(Capability.IMPORT):
        print(cannot(system, Capability.IMPORT, lang), file=out)
        return 2
    return system.import_into(
        target, args.files, kind=args.kind, dry_run=args.dry_run, lang=lang, out=out
    )


def cannot(system: RuleSystem, capability: Capability, lang: str) -> str:
    """Why a scene of ``system`` cannot have what ``capability`` offers: one line naming
    the systems that offer it."""
    from fatescreen.systems import able

    names = ", ".join(other.title for other in able(capability))
    return tr(
        lang, f"system.cannot.{capability}", title=system.title, system=system.id, names=names
    )


def _export_formats(parser: LocalParser) -> None:
    """One option a format the registered systems export to (``--fari``); each option's
    help is the catalog key ``cli.arg.FORMAT``. Which one the scene's system writes is
    asked for after its system is known (a system that exports none says so first)."""
    from fatescreen.systems import Capability, able

    lang = parser.lang
    declared = (system.export_format for system in able(Capability.EXPORT))
    formats = list(dict.fromkeys(name for name in declared if name is not None))
    several = len(formats) > 1
    group = parser.options.add_mutually_exclusive_group() if several else None
    for name in formats:
        options: dict[str, Any] = {
            "dest": "export_format",
            "action": "store_const",
            "const": name,
            "help": tr(lang, f"cli.arg.{name}"),
        }
        if group is not None:
            group.add_argument(f"--{name}", **options)
        else:
            parser.add_argument(f"--{name}", **options)


def export_character(args: argparse.Namespace, lang: str, out: TextIO) -> int:
    """``export``: one character of a scene or of a campaign's party as the file its system
    writes for another tool (Fate: Fari's character JSON, ``--fari``), on standard output or
    into ``--out``; what that file has no place for is said on standard error. 1 if there is
    no such character, 2 if the scene cannot be read or its system exports no characters or
    not in the format asked for."""
    from fatescreen.commands.errors import CommandError
    from fatescreen.scene.errors import SceneFileError
    from fatescreen.systems import Capability, of_file

    path: Path = args.scene
    problem = unopenable(path, lang)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    folder = campaign_folder(path)
    system = of_file(path) if folder is None else campaign_system(folder)
    if not system.can(Capability.EXPORT):
        print(cannot(system, Capability.EXPORT, lang), file=sys.stderr)
        return 2
    if args.export_format != system.export_format:
        option = f"--{system.export_format}"
        message = tr(lang, "cli.export.format", title=system.title, system=system.id, option=option)
        print(message, file=sys.stderr)
        return 2
    try:
        exported = system.export_character(folder or path, args.character, lang=lang)
    except SceneFileError as error:
        for problem_found in error.problems:
            print(problem_found.render(lang), file=sys.stderr)
        return 2
    except CommandError as error:
        print(error, file=sys.stderr)
        return 1
    if args.out is None:
        out.write(exported.text)
    else:
        args.out.write_text(exported.text, encoding="utf-8")
    for line in exported.left_out:
        print(line, file=sys.stderr)
    return 0


def campaign_subcommand(name: str, args: argparse.Namespace, lang: str, out: TextIO) -> int:
    """``new-campaign``, ``new-scene`` and ``log``; exit status 1 on an error."""
    from fatescreen.commands.record import read_record, record_markdown
    from fatescreen.i18n import tr
    from fatescreen.scene.errors import SceneFileError
    from fatescreen.scene.scaffold import SceneKind, find_campaign, new_scene, scene_file_name
    from fatescreen.systems import Capability, default, find, ids

    try:
        if name == "new-campaign":
            title = args.name or args.folder.resolve().name
            system = find(args.system) if args.system else default()
            if system is None:
                known = ", ".join(ids())
                print(tr(lang, "system.unknown", system=args.system, names=known), file=out)
                return 1
            if not system.can(Capability.CAMPAIGNS):
                print(cannot(system, Capability.CAMPAIGNS, lang), file=out)
                return 1
            system.write_new_campaign(args.folder, title, lang)
            print(tr(lang, "new.campaign", name=title, path=str(args.folder)), file=out)
        elif name in ("new", "new-scene"):
            path: Path = args.file
            title = args.title or (path.stem.replace("-", " ").capitalize() if path.suffix else "")
            if path.is_dir() or not path.suffix:
                title = args.title or tr(lang, "new.title")
                path = path / scene_file_name(title)
            owner = find_campaign(path)
            with contextlib.ExitStack() as held:
                if owner is not None:
                    # the scene goes into the campaign's list: not behind its writer's back
                    refusal = _hold_campaign(owner, held, lang)
                    if refusal:
                        print(refusal, file=out)
                        return 2
                if owner is not None and campaign_system(owner).party is not None:
                    from fatescreen.scene.systems.campaign import new_campaign_scene

                    new_campaign_scene(owner, path, title)
                else:
                    new_scene(path, title, SceneKind(args.kind), lang)
            print(tr(lang, "new.scene", title=title, path=str(path)), file=out)
        else:
            campaign = campaign_system(args.campaign).check_campaign(args.campaign)
            number = args.session or campaign.session
            entries = read_record(args.campaign, number)
            text = record_markdown(campaign.name, number, entries, lang, gm=args.gm)
            if args.out is None:
                out.write(text)
            else:
                args.out.write_text(text, encoding="utf-8")
    except FileExistsError as error:
        print(tr(lang, "new.exists", path=str(error)), file=out)
        return 1
    except SceneFileError as error:
        for problem in error.problems:
            print(problem.render(lang), file=out)
        return 1
    except OSError as error:
        print(f"{error.filename}: {error.strerror}", file=out)
        return 1
    return 0


def _hold_campaign(folder: Path, held: contextlib.ExitStack, lang: str) -> str | None:
    """Take a campaign folder's writer lock until ``held`` closes; why not, if it cannot be
    taken (a dashboard has the campaign open)."""
    from fatescreen.commands.writer import locked_message
    from fatescreen.scene.campaign import CAMPAIGN_FILE
    from fatescreen.scene.journal import Journal
    from fatescreen.scene.lock import SceneLocked, lock_of

    target = folder / CAMPAIGN_FILE
    lock = lock_of(Journal(target).path, target)
    try:
        lock.acquire()
    except SceneLocked as error:
        return f"{locked_message(error, lang)}: {tr(lang, 'cli.locked_new_scene_hint')}"
    except OSError:
        return None  # no data folder to keep locks in: nothing else writes it either
    held.callback(lock.release)
    return None


def _words_last(args: list[str]) -> list[str]:
    """``roll`` and ``odds`` arguments with the options first and the words after ``--``, so
    that dice such as ``-0+-`` are not taken for options."""
    options: list[str] = []
    words: list[str] = []
    remaining = iter(args)
    for word in remaining:
        if word in ("--lang", "--seed", "--system"):
            options += [word, next(remaining, "")]
        elif word.startswith(("--lang=", "--seed=", "--system=")) or word in ("-h", "--help"):
            options.append(word)
        elif word != "--":
            words.append(word)
    return [*options, "--", *words]


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


class _Shown(io.TextIOBase):
    """An output that escapes control characters (``\\x1b``): nothing a scene file, a script
    or a command line holds can clear the screen or reorder what the terminal shows."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        from fatescreen.scene.errors import escape_controls

        self.stream.write(escape_controls(text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the console script; returns the exit status. An unexpected error ends in a
    short message and a log file (fatescreen.ui.crash), never a traceback on screen."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        return _main(args_list)
    except Exception as error:
        from fatescreen.ui.crash import crashed

        return crashed(error, language_of(args_list))


def _main(args_list: list[str]) -> int:
    out = cast(TextIO, _Shown(sys.stdout))
    name = _subcommand(args_list)
    if name is not None:
        args_list.remove(name)
        if name in ("roll", "odds"):
            args_list = _words_last(args_list)
        args = build_subparser(name, language_of(args_list)).parse_args(args_list)
        lang = language(args.lang)
        if name == "demo":
            return open_dashboard(None, args.lang, args.theme)
        if name == "check":
            return check(args.files, out, lang)
        if name == "run":
            try:
                return run_script(
                    args.scene, args.script, args.seed, args.save, args.lang, out, args.hand_edit
                )
            except BrokenPipeError:
                # the reader (e.g. ``head``) stopped reading: stop quietly, as other tools do
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
                return 1
        if name in CAMPAIGN_SUBCOMMANDS:
            return campaign_subcommand(name, args, lang, out)
        if name == "players":
            return players(args, lang, out)
        if name == "import":
            return import_characters(args, lang, out)
        if name == "export":
            return export_character(args, lang, out)
        return one_off(name, args.words, args.seed, lang, out, args.system)
    args = build_parser(language_of(args_list)).parse_args(args_list)
    lang = language(args.lang)
    if args.scene is not None:
        problem = unopenable(args.scene, lang)
        if problem:
            print(problem, file=sys.stderr)
            return 2
    return open_dashboard(args.scene or last_campaign(), args.lang, args.theme, args.read_only)


def open_dashboard(
    scene: Path | None, lang: str | None, theme: str | None, read_only: bool = False
) -> int:
    """Open the dashboard on a scene or a campaign folder (None: the sample campaign, copied
    into the user's data folder on first use); 2 if the theme or the keymap is wrong, the
    data folder cannot be written, or another process writes the scene (unless
    ``read_only``: then it opens without writing anything)."""
    from fatescreen.scene import preload

    if scene is not None and scene.is_file() and campaign_folder(scene) is None:
        preload.start(scene)  # first: loaded on another core while the UI is imported
    said = language(lang)
    problem = (
        theme_problem(theme, said)
        or keymap_problem(said)
        or (None if read_only and scene is not None else data_folder_problem(said))
    )
    if problem:
        if scene is not None:
            preload.forget(scene)
        print(problem, file=sys.stderr)
        return 2
    from fatescreen.ui import collector
    from fatescreen.ui.crash import run_app

    collector.pause()  # until the first frame: see fatescreen.ui.collector
    if scene is None:
        from fatescreen.resources import sample_campaign

        scene = sample_campaign()
    folder = campaign_folder(scene)
    app: FatescreenApp | SystemApp
    if folder is not None:
        app = campaign_system(folder).open_campaign_dashboard(
            folder, lang=lang, theme=theme, read_only=read_only
        )
    else:
        from fatescreen.systems import of_file

        app = of_file(scene).open_dashboard(scene, lang=lang, theme=theme, read_only=read_only)
        preload.forget(scene)  # a loader that wanted the child's scene has claimed it
    if app.refusal:
        collector.resume()
        playing = campaign_playing(scene) if folder is None else None
        if playing is not None:
            # read-only on the file alone would show the scene's own copies of the PCs
            hint = tr(
                app.view_state.lang, "cli.locked_campaign_hint", path=shlex_quote(str(playing))
            )
        else:
            hint = tr(app.view_state.lang, "cli.locked_open_hint", path=shlex_quote(str(scene)))
        print(f"{app.refusal}: {hint}", file=sys.stderr)
        return 2
    try:
        return run_app(app, said)
    finally:
        if app.session is not None:
            app.session.close()  # the scene is free for the next writer, however the app ended


def shlex_quote(text: str) -> str:
    """A path as one word of a shell command line."""
    import shlex

    return shlex.quote(text)


def data_folder_problem(lang: str) -> str | None:
    """Why fatescreen cannot start writing (one line naming the data folder and
    ``FATESCREEN_DATA_DIR``), or None when its data folder can be written."""
    from fatescreen.scene.journal import DATA_DIR_VARIABLE, data_dir, data_dir_problem

    reason = data_dir_problem()
    if reason is None:
        return None
    return tr(
        lang,
        "cli.data_dir_unwritable",
        folder=str(data_dir()),
        reason=reason,
        variable=DATA_DIR_VARIABLE,
    )


def unopenable(path: Path, lang: str) -> str | None:
    """Why a scene file or campaign folder cannot be opened (one line), or None if it can."""
    if path.is_dir():
        return None
    if not path.exists():
        return tr(lang, "cli.no_file", path=str(path))
    if not path.is_file():
        return tr(lang, "cli.not_a_file", path=str(path))
    try:
        with path.open("rb"):
            pass
    except OSError as error:
        return tr(lang, "cli.unreadable", path=str(path), reason=error.strerror or str(error))
    return None


def theme_problem(theme: str | None, lang: str) -> str | None:
    """Why the theme asked for cannot be used (a broken theme file, or no such theme)."""
    from fatescreen.ui.themes import all_themes, theme_names

    try:
        themes = all_themes()
    except ValueError as error:
        return str(error)
    if theme is None or theme in theme_names(themes):
        return None
    names = ", ".join(sorted(theme_names(themes)))
    return tr(lang, "cli.unknown_theme", name=theme, names=names)


def keymap_problem(lang: str = "en") -> str | None:
    """What is wrong with the GM's keys.toml, if anything (in ``lang``)."""
    from fatescreen.ui.keymap import KeymapError
    from fatescreen.ui.keymap_check import load_keymap

    try:
        load_keymap(lang=lang)
    except KeymapError as error:
        return str(error)
    return None


def players(args: argparse.Namespace, lang: str, out: TextIO) -> int:
    """``players``: the player view in this terminal, or served to browsers."""
    from fatescreen.i18n import tr
    from fatescreen.systems import Capability, of_file

    path: Path = args.scene
    if not path.exists():
        print(tr(lang, "players.gone", path=str(path)), file=out)
        return 2
    if args.lang is None and path.is_dir():
        lang = campaign_language(path) or lang
    if path.is_file() and not (system := of_file(path)).can(Capability.PLAYER_VIEW):
        print(cannot(system, Capability.PLAYER_VIEW, lang), file=out)
        return 2
    if args.serve:
        from fatescreen.ui.players.serve import serve

        return serve(path, lang, args.host, args.port, out)
    from fatescreen.ui.crash import run_app
    from fatescreen.ui.players.app import PlayersApp

    return run_app(PlayersApp(path, lang=lang), lang)


def campaign_language(folder: Path) -> str | None:
    """The language a campaign folder names for play (None: none, or it cannot be read)."""
    from fatescreen.scene.errors import SceneFileError

    try:
        language: str | None = campaign_system(folder).check_campaign(folder).language
    except (SceneFileError, OSError):
        return None
    return language


def campaign_system(folder: Path) -> RuleSystem:
    """The system a campaign folder plays, as its campaign.toml names it (Fate if it names
    none or cannot be read: Fate's loader then says why)."""
    from fatescreen.scene.campaign import CAMPAIGN_FILE
    from fatescreen.systems import Capability, default, of_file

    system = of_file(folder / CAMPAIGN_FILE)
    return system if system.can(Capability.CAMPAIGNS) else default()


def campaign_folder(path: Path) -> Path | None:
    """The campaign folder a path names (the folder, or its campaign.toml); None for a scene."""
    if path.is_dir():
        return path
    return path.parent if path.name == "campaign.toml" else None


def campaign_playing(scene: Path) -> Path | None:
    """The campaign folder that runs the scene file ``scene`` now (the nearest campaign
    above it), if any."""
    from fatescreen.scene.errors import SceneFileError
    from fatescreen.scene.library import campaign_folder as nearest_campaign

    folder = nearest_campaign(scene.parent)
    if folder is None:
        return None
    try:
        key = scene.resolve().relative_to(folder).as_posix()
        running = campaign_system(folder).check_campaign(folder).running
    except (ValueError, OSError, SceneFileError):
        return None
    return folder if running == key else None


def last_campaign() -> Path | None:
    """The path opened last, if it was a campaign folder that is still there."""
    from fatescreen.ui.config import load_settings

    last = load_settings().last_scene
    if last and (Path(last) / "campaign.toml").is_file():
        return Path(last)
    return None
