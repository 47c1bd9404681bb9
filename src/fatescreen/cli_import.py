"""``fatescreen import``: characters from other tools' files into a scene file or a
campaign's party, each way a rule system takes them, with the report the GM reads.

A system names its way as its ``import_sheets`` part (``fatescreen.systems``):
:func:`through_session` runs the scene's own ``import`` command, journaled and saved like
any change; :func:`as_sheet_rows` appends CSV rows to the file, read again by the system's
loader before it is written. Both write the same report (docs/import.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from fatescreen.i18n import tr

if TYPE_CHECKING:
    from fatescreen.commands.session import Session
    from fatescreen.scene.model import Scene


def through_session(
    target: Path,
    files: Sequence[Path],
    *,
    kind: str | None,
    dry_run: bool,
    lang: str,
    out: TextIO,
) -> int:
    """Into a scene file, by its session's ``import`` command; ``dry_run`` shows the report
    and writes nothing. 1 if the import was refused, 2 if the scene cannot be opened."""
    from fatescreen.commands.session import Session

    def opened() -> Session[Scene]:
        # as the scene's one writer: never behind a dashboard that has it open
        return Session.open(target, lang=lang, journal=not dry_run, lock=not dry_run)

    return _into_session(
        opened, target, None, files, kind=kind, dry_run=dry_run, lang=lang, out=out
    )


def into_party(
    folder: Path,
    files: Sequence[Path],
    *,
    kind: str | None,
    dry_run: bool,
    lang: str,
    out: TextIO,
) -> int:
    """Into a campaign's party, by the campaign session's ``import`` command; see
    :func:`through_session`."""
    from fatescreen.commands.campaign_session import open_campaign

    def opened() -> Session[Scene]:
        return open_campaign(folder, lang=lang, journal=not dry_run, lock=not dry_run)

    return _into_session(
        opened, folder, folder, files, kind=kind, dry_run=dry_run, lang=lang, out=out
    )


def _into_session(
    opened: Callable[[], Session[Scene]],
    target: Path,
    folder: Path | None,
    files: Sequence[Path],
    *,
    kind: str | None,
    dry_run: bool,
    lang: str,
    out: TextIO,
) -> int:
    from fatescreen.commands.errors import CommandError
    from fatescreen.commands.writer import locked_message
    from fatescreen.scene.errors import SceneFileError
    from fatescreen.scene.lock import SceneLocked
    from fatescreen.scene.scaffold import find_campaign

    try:
        session = opened()
    except SceneLocked as error:
        print(locked_message(error, lang), file=out)
        return 2
    except SceneFileError as error:
        for found in error.problems:
            print(found.render(lang), file=out)
        owner = find_campaign(target) if folder is None else None
        if owner is not None:
            print(tr(lang, "cli.import.campaign_scene", folder=str(owner)), file=out)
        return 2
    except CommandError as error:
        print(error, file=out)
        return 2
    try:
        return _imported(
            session, target, folder, files, kind=kind, dry_run=dry_run, lang=lang, out=out
        )
    finally:
        session.close()  # the writer's lock, let go


def _imported(
    session: Session[Scene],
    target: Path,
    folder: Path | None,
    files: Sequence[Path],
    *,
    kind: str | None,
    dry_run: bool,
    lang: str,
    out: TextIO,
) -> int:
    from fatescreen.commands.requests import ImportSheets

    if session.recovery_pending:
        print(tr(lang, "cli.import.pending", path=str(target)), file=out)
        return 2
    session.read_only = dry_run
    shown = tuple(str(file.absolute()) for file in files)
    request = ImportSheets(shown, kind=kind, to_party=folder is not None)
    result = session.execute(request.command())
    error_prefix = tr(lang, "cli.failed") + " "
    if dry_run and result.ok:
        print(tr(lang, "cli.import.dry_run"), file=out)
    for line in result.lines:
        print(line if result.ok else error_prefix + line, file=out)
    if not result.ok:
        return 1
    if dry_run:
        return 0
    if folder is None:
        saved = session.execute("save")
        for line in saved.lines:
            print(line if saved.ok else error_prefix + line, file=out)
        return 0 if saved.ok else 1
    return 1 if session.dirty else 0


def as_sheet_rows(
    target: Path,
    files: Sequence[Path],
    *,
    kind: str | None,
    dry_run: bool,
    lang: str,
    out: TextIO,
) -> int:
    """Into a scene of a system on the shared stack: characters from CSV sheets, one a row,
    appended to the scene file and read again by the system's loader before it is written
    (``kind`` is the sheet's to say: its columns name the section). 1 if the import was
    refused, 2 if the scene cannot be opened (or another process writes it)."""
    from fatescreen.commands.writer import locked_message, take_writer_lock
    from fatescreen.scene.lock import SceneLocked

    try:
        # as the scene's one writer: never behind a dashboard that has it open
        held = None if dry_run else take_writer_lock(target, None)
    except SceneLocked as error:
        print(locked_message(error, lang), file=out)
        return 2
    try:
        return _rows_into(target, files, dry_run=dry_run, lang=lang, out=out)
    finally:
        if held is not None:
            held.release()


def _rows_into(
    target: Path, files: Sequence[Path], *, dry_run: bool, lang: str, out: TextIO
) -> int:
    from fatescreen.scene.atomic import write_atomic
    from fatescreen.scene.errors import SceneFileError
    from fatescreen.scene.journal import Journal
    from fatescreen.scene.systems import load_system_scene
    from fatescreen.scene.systems.sheets import SheetError, SheetRow, read_sheet, with_rows

    error_prefix = tr(lang, "cli.failed") + " "
    try:
        loaded = load_system_scene(target)
    except SceneFileError as error:
        for found in error.problems:
            print(found.render(lang), file=out)
        return 2
    if not dry_run and Journal(target).pending(loaded.text):
        print(tr(lang, "cli.import.pending", path=str(target)), file=out)
        return 2
    rows: list[SheetRow] = []
    lines: list[str] = []
    for file in files:
        if file.suffix.lower() != ".csv":
            print(error_prefix + tr(lang, "import.csv.only", system=loaded.system), file=out)
            return 1
        try:
            found_rows = read_sheet(file, loaded.system)
        except SheetError as error:
            print(error_prefix + tr(lang, "import.refused", file=str(file)), file=out)
            for problem in error.problems:
                print("  " + problem.render(lang), file=out)
            return 1
        rows += found_rows
        lines += sheet_report(lang, str(file), found_rows)
    try:
        changed = with_rows(loaded, rows)
    except SheetError as error:
        # the rows were read: it is what they hold that the scene cannot take
        sheets = ", ".join(str(file) for file in files)
        said = tr(lang, "import.rows_refused", sheets=sheets, file=str(target))
        print(error_prefix + said, file=out)
        for problem in error.problems:
            print("  " + problem.render(lang), file=out)
        return 1
    names = ", ".join(str(row.record["name"]) for row in rows)
    if dry_run:
        print(tr(lang, "cli.import.dry_run"), file=out)
    for line in [*lines, tr(lang, "build.added", names=names)]:
        print(line, file=out)
    if dry_run:
        return 0
    write_atomic(target, changed.text)
    print(tr(lang, "save.line", path=str(target)), file=out)
    return 0


def sheet_report(lang: str, file: str, rows: Sequence[Any]) -> list[str]:
    """What a CSV sheet's rows brought: each column taken, then each left out."""
    lines: list[str] = []
    for row in rows:
        first = row.mapped[0][0].row if row.mapped else 0
        lines.append(tr(lang, "import.csv.heading", name=row.record["name"], file=file, row=first))
        width = max(len(cell.column) for cell, _ in row.mapped)
        lines += [f"  {cell.column.ljust(width)}  {value}" for cell, value in row.mapped]
        for cell, reason in row.dropped:
            where = tr(lang, "import.csv.row", row=cell.row) + f", {cell.column}"
            lines.append(
                "  " + tr(lang, "import.left_out", where=where, reason=reason.render(lang))
            )
    return lines
