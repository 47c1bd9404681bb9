"""The template library from the command line: list the templates a scene can use, and
save a character or an obstacle as a new one."""

from __future__ import annotations

import os
from pathlib import Path

from fatescreen.commands.build import OBSTACLE_TYPES, PLACEABLE, checked, find_record
from fatescreen.commands.core import Applied, Context, Tokens, keyword_of, verb
from fatescreen.commands.names import fold
from fatescreen.commands.paths import target_in_folder
from fatescreen.commands.requests import ListTemplates, SaveTemplate, TemplateRequest
from fatescreen.i18n import tr
from fatescreen.rules.aspects import make_id
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.rules.copies import base_name
from fatescreen.scene import codec, library, save
from fatescreen.scene.errors import TemplateFileError
from fatescreen.scene.reader import Reader

AS_WORDS = ("as", "nimellä")
TO_WORDS = ("to", "tiedostoon")


def parse_template(args: Tokens) -> TemplateRequest:
    """Stage one of ``template``: a listing, or what to save under which name and file
    (the record and the file as typed)."""
    action = args.take(args.words_in("list", "save", sep="/"))
    if fold(action) in ("list", "listaa"):
        args.done()
        return ListTemplates()
    if fold(action) not in ("save", "tallenna"):
        raise args.error("build.choice", text=action, options=args.words_in("list", "save"))
    target = args.take(tr(args.lang, "what.placeable"))
    name: str | None = None
    file: str | None = None
    while args:
        word = fold(args.take(tr(args.lang, "what.field")))
        if word in AS_WORDS:
            name = _text(args, "what.name")
        elif word in TO_WORDS or keyword_of(word) == "to":
            file = _text(args, "what.file")
        else:
            raise args.error("build.unknown_field", field=word, fields=args.words_in("as", "to"))
    return SaveTemplate(target, name, file)


def _text(args: Tokens, what: str) -> str:
    """The next word as a text that is not blank."""
    value = args.take(tr(args.lang, what)).strip()
    if not value:
        raise args.missing(tr(args.lang, what))
    return value


@verb(
    "template",
    'template list | template save NAME [as "TEMPLATE NAME"] [to FILE]',
    aliases=("tpl", "malli"),
    example="template save cultist-4",
    changes_scene=False,
    parse=parse_template,
)
def template(ctx: Context, args: Tokens, request: TemplateRequest) -> Applied:
    """List the library's templates, or save a character or an obstacle as a template."""
    if isinstance(request, ListTemplates):
        return Applied(ctx.scene, tuple(_listing(ctx)))
    if ctx.folder is None:
        raise ctx.error("build.no_file")
    found = find_record(ctx, request.target, PLACEABLE, "placeable")
    assert isinstance(found, (Character, *OBSTACLE_TYPES))
    name = base_name(found.name) if request.name is None else request.name
    file = None if request.file is None else _file(ctx, request.file)
    key = make_id(name)
    if isinstance(found, Character):
        section, data = "npc", library.character_record(found, ctx.scene.rules, name)
        reader = Reader()
        pc = CharacterKind.PC if found.kind is CharacterKind.PC else CharacterKind.MAJOR
        checked(ctx, name, reader, codec.decode_character(reader, data, (), pc, ctx.scene.rules))
    else:
        section, data = "obstacle", library.obstacle_record(found, name)
        reader = Reader()
        checked(ctx, name, reader, codec.decode_obstacle(reader, data, ()))
    target = file or library.saving_folder(ctx.folder) / f"{key}.toml"
    try:
        replaced = save.write_template(target, section, key, data)
    except (OSError, TemplateFileError) as error:
        raise ctx.error("build.template_failed", detail=str(error)) from None
    shown = Path(os.path.relpath(target, ctx.folder.resolve())).as_posix()
    line = ctx.tr("build.template_replaced" if replaced else "build.template_saved", name=name)
    return Applied(ctx.scene, (f"{line}: {shown}",))


def _file(ctx: Context, typed: str) -> Path:
    """A library file named by the GM, in the scene's folder (or a folder under it).

    Raises:
        CommandError: The name leads out of the scene's folder or hides what the file is
            called (:func:`target_in_folder`).
    """
    assert ctx.folder is not None
    path = target_in_folder(typed, ctx.folder, ctx.lang)
    return path if path.suffix == ".toml" else path.with_name(path.name + ".toml")


def _listing(ctx: Context) -> list[str]:
    if ctx.folder is None:
        raise ctx.error("build.no_file")
    found = library.templates(library.library_folders(ctx.folder))
    if not found:
        raise ctx.error("build.no_library", folder=str(ctx.folder / library.LIBRARY_FOLDER))
    lines = []
    for entry in found:
        kind = ctx.tr(f"kind.{'character' if entry.section == 'npc' else 'obstacle'}")
        ref = library.reference(entry, ctx.folder)
        lines.append(ctx.tr("build.template_line", name=entry.name, kind=kind, ref=ref))
    return lines
