"""Characters from other tools' files for a scene or a campaign's party: the files read, the
characters fitted to where they go and checked as the loader checks a record, and the report
of what was mapped where and what was left out (docs/import.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from fatescreen.commands.build import checked, new_pc
from fatescreen.commands.core import Context
from fatescreen.commands.errors import CommandError
from fatescreen.commands.names import fold
from fatescreen.i18n import tr
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.scene import codec
from fatescreen.scene.campaign import MEMBER_KEYS, SCENE_ONLY_KEYS, Campaign, check_sheet
from fatescreen.scene.errors import said
from fatescreen.scene.model import RulesInPlay
from fatescreen.scene.reader import Reader
from fatescreen.scene.sheets.errors import SheetFileError, render_json_path
from fatescreen.scene.sheets.fit import Fitted, Mapped, Target, cut, fit
from fatescreen.scene.sheets.model import Dropped, SheetFile, Source
from fatescreen.scene.sheets.read import read_sheets
from fatescreen.scene.sheets.source import json_detail

Record = dict[str, Any]
MAX_SHOWN_PROBLEMS = 20
"""Problems of a file listed in one message; the rest are counted."""
MAX_DATA = 4 * 1024 * 1024
"""The longest ``import data`` a journal line may hold."""


@dataclass(frozen=True)
class ReadFile:
    """One file's characters, fitted to where they go."""

    shown: str
    """The file as the report names it (as the GM typed it)."""
    sheets: SheetFile
    fitted: tuple[Fitted, ...]


def file_path(typed: str, folder: Path | None) -> Path:
    """A file typed at the command bar: ``~`` is the home folder, and a relative path starts
    from the scene's folder (from the working folder for a scene without a file)."""
    path = Path(typed).expanduser()
    if path.is_absolute():
        return path
    return (folder or Path.cwd()) / path


def read_files(ctx: Context, files: tuple[str, ...], target: Target) -> list[ReadFile]:
    """Every file's characters, fitted to ``target``.

    Raises:
        CommandError: A file cannot be imported; the message lists its problems, each at
            its JSON path. Nothing is imported then.
    """
    read = []
    for typed in files:
        path = file_path(typed, ctx.folder)
        try:
            sheets = read_sheets(path)
        except SheetFileError as error:
            raise CommandError(_problems(ctx.lang, typed, error)) from None
        fitted = tuple(fit(sheet, target) for sheet in sheets.characters)
        read.append(ReadFile(typed, sheets, fitted))
    return read


def _problems(lang: str, typed: str, error: SheetFileError) -> str:
    lines = [tr(lang, "import.refused", file=typed)]
    shown = error.problems[:MAX_SHOWN_PROBLEMS]
    lines += ["  " + replace(problem, file=None).render(lang) for problem in shown]
    if len(error.problems) > len(shown):
        lines.append("  " + tr(lang, "import.more", count=len(error.problems) - len(shown)))
    return "\n".join(lines)


# ---------------------------------------------------------------------------- characters


def scene_character(ctx: Context, record: Record, *, fresh: bool) -> Character:
    """A character of the scene from its record, checked as the loader checks ``[[pc]]`` and
    ``[[npc]]``; a ``fresh`` PC (read from a file that gave it no fate points) starts with its
    refresh, as every new PC does.

    Raises:
        CommandError: The record breaks the scene format.
    """
    reader = Reader()
    name = str(record.get("name", ""))
    if reader.table(record, (), codec.CHARACTER_KEYS) is None:
        raise ctx.error("build.invalid", name=name, problems="?")
    kind = CharacterKind.PC if record.get("kind", "pc") == "pc" else CharacterKind.MAJOR
    found = codec.decode_character(reader, record, (), kind, ctx.scene.rules)
    character = checked(ctx, name, reader, found)
    return new_pc(character, record) if fresh else character


def party_character(ctx: Context, record: Record, campaign: Campaign) -> Character:
    """A PC of the campaign's party from its party.toml record, checked as the loader checks
    party.toml: the format, the campaign's skill list and its skill layout.

    Raises:
        CommandError: The record breaks the format or the campaign's skill rules.
    """
    reader = Reader()
    name = str(record.get("name", ""))
    if reader.table(record, (), MEMBER_KEYS) is None:
        raise ctx.error("build.invalid", name=name, problems="?")
    found = codec.decode_character(reader, record, (), CharacterKind.PC, campaign.rules)
    character = checked(ctx, name, reader, found)
    problems = check_sheet(character, campaign.skills, campaign.skill_layout)
    if problems:
        listed = "; ".join(said(problem, ctx.lang) for problem in problems)
        raise ctx.error("build.invalid", name=name, problems=listed)
    return character


def scene_record(character: Character, rules: RulesInPlay) -> Record:
    """A character of the scene as the record the journal keeps: every value as it is (its
    id, kind and fate points written even where the defaults would do)."""
    data = codec.encode_character(character, rules)
    data["id"] = character.id
    data["kind"] = character.kind.value
    data["fate_points"] = character.fate_points
    return data


def party_record(character: Character, rules: RulesInPlay) -> Record:
    """A PC of the party as the record the journal keeps (party.toml's keys only)."""
    data = scene_record(character, rules)
    for key in SCENE_ONLY_KEYS:
        data.pop(key, None)
    return data


def data_line(records: list[Record]) -> str:
    """Records as the JSON of an ``import data`` line."""
    return json.dumps(records, ensure_ascii=False, separators=(",", ":"))


def data_records(ctx: Context, data: str) -> list[Record]:
    """The records of an ``import data`` line.

    Raises:
        CommandError: Not a JSON array of objects.
    """
    if len(data) > MAX_DATA:
        raise ctx.error("import.bad_data", detail=tr(ctx.lang, "import.data_too_long"))
    try:
        found = json.loads(data)
    except json.JSONDecodeError as error:
        detail = said(json_detail(error.msg), ctx.lang)
        where = tr(ctx.lang, "import.data_column", column=error.colno)
        raise ctx.error("import.bad_data", detail=f"{detail} ({where})") from None
    except (ValueError, RecursionError) as error:
        raise ctx.error("import.bad_data", detail=str(error)[:200]) from None
    if not isinstance(found, list) or not all(isinstance(item, dict) for item in found):
        raise ctx.error("import.bad_data", detail=tr(ctx.lang, "import.data_shape"))
    if not found:
        raise ctx.error("import.bad_data", detail=tr(ctx.lang, "import.data_shape"))
    return found


def unique_names(ctx: Context, characters: list[Character], existing: list[Character]) -> None:
    """Refuse a newcomer whose id or name another character already has (or another of the
    newcomers has).

    Raises:
        CommandError: Naming both.
    """
    seen = list(existing)
    for character in characters:
        for other in seen:
            if other.id == character.id or fold(other.name) == fold(character.name):
                raise ctx.error(
                    "build.duplicate",
                    what=ctx.tr("kind.character"),
                    name=character.name,
                    other=other.name,
                )
        seen.append(character)


def fresh(fitted: Fitted) -> bool:
    """Whether a fitted character's sheet gave it no fate points (a new PC then starts with
    its refresh)."""
    return "fate_points" not in fitted.record


def with_kind(record: Record, kind: CharacterKind) -> Record:
    """A record of a kind, as the scene writes it."""
    return {**record, "kind": kind.value}


# ---------------------------------------------------------------------------- the report


def _source(source: Source) -> str:
    return " › ".join(label for label in source.labels if label) or render_json_path(source.path)


def _field(lang: str, name: str) -> str:
    return tr(lang, f"import.field.{name}")


def _row(lang: str, mapped: Mapped) -> tuple[str, str, str]:
    value = said(mapped.value, lang)
    where = _source(mapped.source)
    if mapped.note is not None:
        where += " · " + mapped.note.render(lang)
    return _field(lang, mapped.field), cut(value), where


def _dropped(lang: str, dropped: Dropped) -> str:
    labels = " › ".join(label for label in dropped.source.labels if label)
    path = render_json_path(dropped.source.path)
    where = f"{labels} ({path})" if labels else path
    return tr(lang, "import.left_out", where=where, reason=dropped.reason.render(lang))


def report_lines(lang: str, read: list[ReadFile]) -> list[str]:
    """What an import did, character by character: a table of the fields mapped (field, value,
    where on the sheet, and how it was changed), then each item left out with its reason."""
    lines: list[str] = []
    for file in read:
        for fitted in file.fitted:
            sheet = fitted.sheet
            lines.append(
                tr(
                    lang,
                    "import.heading",
                    name=sheet.name.value,
                    origin=sheet.origin,
                    file=file.shown,
                )
            )
            rows = [_row(lang, mapped) for mapped in fitted.mapped]
            widths = [max(len(row[column]) for row in rows) for column in range(2)]
            lines += [
                f"  {field.ljust(widths[0])}  {value.ljust(widths[1])}  {where}"
                for field, value, where in rows
            ]
            lines += ["  " + _dropped(lang, dropped) for dropped in fitted.dropped]
        lines += [_dropped(lang, dropped) for dropped in file.sheets.skipped]
    return lines


def targets(rules: RulesInPlay, kind: CharacterKind, campaign: Campaign | None) -> Target:
    """Where an import goes: a scene under ``rules`` (a character of ``kind``), or a
    campaign's party (PCs on its skill list)."""
    if campaign is None:
        return Target(rules, kind)
    return Target(campaign.rules, CharacterKind.PC, campaign.skills, party=True)
