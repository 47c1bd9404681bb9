"""The ``import`` verb: characters from Fari's and Fate Core Official's files into the scene,
or into a campaign's party, one undoable step with a report of what was mapped and what was
left out."""

from __future__ import annotations

from fatescreen.commands.build import join_turn, new_pc, pool_for_new_pcs
from fatescreen.commands.campaign import CampaignApplied, CampaignContext
from fatescreen.commands.core import Applied, Context, Tokens, verb
from fatescreen.commands.fields import KINDS, character_kind, options_in
from fatescreen.commands.imports import (
    Record,
    data_line,
    data_records,
    fresh,
    party_character,
    party_record,
    read_files,
    report_lines,
    scene_character,
    scene_record,
    targets,
    unique_names,
)
from fatescreen.commands.names import fold
from fatescreen.commands.requests import ImportSheets
from fatescreen.i18n import tr
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.scene.campaign import Campaign, Member

AS_WORDS = ("as", "lajina")
TO_WORDS = ("to", "lisää")
PARTY_WORDS = ("party", "ryhmä", "ryhmään")
DATA_WORDS = ("data", "tiedot")
"""The words of ``import`` (its own: a keyword of every verb would read a Finnish message's
``party.toml`` as a command word)."""


def _at(args: Tokens, *words: tuple[str, ...]) -> bool:
    """Whether the next word is one of ``words`` (not consumed)."""
    word = args.peek()
    return word is not None and any(fold(word) in group for group in words)


def parse_import(args: Tokens) -> ImportSheets:
    """Stage one of ``import``: the files (or ``data`` and the records' JSON), the kind of
    character asked for after ``as``, and ``to party``.

    Raises:
        CommandError: No file, a kind that is not one, or a word that fits nowhere.
    """
    files: list[str] = []
    data: str | None = None
    if _at(args, DATA_WORDS):
        args.take(tr(args.lang, "what.data"))
        data = args.take(tr(args.lang, "what.data"))
    else:
        while args and not _at(args, AS_WORDS, TO_WORDS, PARTY_WORDS):
            files.append(args.take(tr(args.lang, "what.file")))
        if not files:
            raise args.missing(tr(args.lang, "what.file"))
    kind: str | None = None
    to_party = False
    while args:
        word = fold(args.take(tr(args.lang, "what.field")))
        if word in AS_WORDS:
            typed = args.take(tr(args.lang, "what.kind"))
            found = character_kind(typed)
            if found is None:
                raise args.error("build.choice", text=typed, options=options_in(KINDS, args.lang))
            kind = found.value
        elif word in TO_WORDS:
            typed = args.take(tr(args.lang, "what.party"))
            if fold(typed) not in PARTY_WORDS:
                raise args.error("build.choice", text=typed, options=args.words_in("party"))
            to_party = True
        elif word in PARTY_WORDS:
            to_party = True
        else:
            raise args.error(
                "build.unknown_field", field=word, fields=args.words_in("as", "to", "party")
            )
    return ImportSheets(tuple(files), data, kind, to_party)


@verb(
    "import",
    "import FILE... [as KIND] [to party] | import data JSON [as KIND] [to party]",
    aliases=("tuo",),
    example="import rozio",
    parse=parse_import,
)
def import_sheets(ctx: Context, args: Tokens, request: ImportSheets) -> Applied:
    """Characters from other tools' files (or from the journal's records)."""
    campaign = _party_of(ctx, request)
    kind = CharacterKind(request.kind or CharacterKind.PC.value)
    if campaign is not None and kind is not CharacterKind.PC:
        raise ctx.error("import.party_pcs")
    if request.data is not None:
        records = data_records(ctx, request.data)
        lines: list[str] = []
        fresh_ones = [False] * len(records)
    else:
        read = read_files(ctx, request.files, targets(ctx.scene.rules, kind, campaign))
        fitted = [one for file in read for one in file.fitted]
        records = [one.record for one in fitted]
        lines = report_lines(ctx.lang, read)
        fresh_ones = [fresh(one) for one in fitted]
    if campaign is not None:
        return _into_party(ctx, campaign, records, fresh_ones, lines)
    if request.data is not None and request.kind is not None:
        records = [{**record, "kind": request.kind} for record in records]
    made = [
        scene_character(ctx, record, fresh=is_fresh)
        for record, is_fresh in zip(records, fresh_ones, strict=True)
    ]
    unique_names(ctx, made, list(ctx.scene.characters))
    scene = ctx.scene
    for character in made:
        scene = scene.with_character(character)
    scene = join_turn(scene, [character.id for character in made])
    listing = ", ".join(character.name for character in made)
    said = (*lines, ctx.tr("build.added", names=listing))
    if scene.turn is not None:
        said = (*said, ctx.tr("build.joined_turn", names=listing))
    scene, said = pool_for_new_pcs(ctx, scene, made, said)
    kept = [scene_record(character, scene.rules) for character in made]
    line = ImportSheets(data=data_line(kept)).command()
    label = ctx.tr("import.label", names=listing)
    return Applied(scene, said, label, frozenset({"all"}), record=line)


def _party_of(ctx: Context, request: ImportSheets) -> Campaign | None:
    """The campaign whose party the characters join: asked for (``to party``), or the only
    place they can go, a campaign between scenes; None for the scene."""
    if not isinstance(ctx, CampaignContext) or ctx.campaign is None:
        if request.to_party:
            raise ctx.error("import.no_party")
        return None
    running = ctx.scene_key is not None and ctx.campaign.running == ctx.scene_key
    return ctx.campaign if request.to_party or not running else None


def _into_party(
    ctx: Context,
    campaign: Campaign,
    records: list[Record],
    fresh_ones: list[bool],
    lines: list[str],
) -> Applied:
    made: list[Character] = []
    for record, is_fresh in zip(records, fresh_ones, strict=True):
        character = party_character(ctx, _party_record(record), campaign)
        made.append(new_pc(character, record) if is_fresh else character)
    unique_names(ctx, made, list(campaign.pcs))
    joined = campaign
    for character in made:
        joined = joined.with_member(Member(character))
    listing = ", ".join(character.name for character in made)
    said = (*lines, ctx.tr("import.joined_party", names=listing))
    kept = [party_record(character, campaign.rules) for character in made]
    line = ImportSheets(data=data_line(kept), to_party=True).command()
    label = ctx.tr("import.label", names=listing)
    changed = frozenset({"party", *(f"pc:{character.id}" for character in made)})
    return CampaignApplied(ctx.scene, said, label, changed, record=line, campaign=joined, save=True)


def _party_record(record: Record) -> Record:
    """A record as party.toml holds it: without the keys that belong to a scene."""
    return {key: value for key, value in record.items() if key not in ("kind", "zone")}
