"""Style-preserving, crash-safe saving: only the values that changed are rewritten.

The loaded text is parsed by tomlkit only here, when a save happens. Each entity of the
scene is encoded in its canonical short form before and after the change; keys whose
encodings differ are patched into the GM's own document, element by element where the
shapes allow, so comments, order, blank lines and hand-written short forms survive.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import tomlkit
from tomlkit.container import Container, OutOfOrderTableProxy
from tomlkit.exceptions import ParseError
from tomlkit.items import AoT, Array, Comment, InlineTable, Item, Key, Table, Whitespace

from fatescreen.rules.aspects import make_id
from fatescreen.rules.character import Character, CharacterKind
from fatescreen.scene import codec
from fatescreen.scene.atomic import write_atomic
from fatescreen.scene.errors import KeyPath, TemplateFileError
from fatescreen.scene.library import entry_name, template_records
from fatescreen.scene.load import LoadedScene, Origin
from fatescreen.scene.model import RulesInPlay, Scene
from fatescreen.scene.shortforms import (
    block_names,
    character_data,
    embedded_party,
    render_value,
    same_records,
    top_data,
    with_zone_names,
)
from fatescreen.scene.splice import splice_save, spliced

T = TypeVar("T")
Data = dict[str, Any]
Encoder = Callable[[Any], Data]


def to_item(value: Any, *, line: bool = True) -> Item:
    """A plain value as a tomlkit item written the way a GM writes it by hand.

    ``line`` is for a key's value (it ends its line); array elements pass False.
    """
    item = tomlkit.parse("v = " + render_value(value) + ("\n" if line else "")).item("v")
    assert isinstance(item, Item)  # a value, never an out-of-order table
    return item


def to_record(value: Data) -> Table:
    """A record written as a ``[[section]]`` table; its ``form`` list as ``[[x.form]]``."""
    table = tomlkit.table()
    for key, item in value.items():
        if key == "form" and isinstance(item, list):
            forms = tomlkit.aot()
            for form in item:
                forms.append(to_record(form).indent(2))
            table[key] = forms
        else:
            table[key] = to_item(item)
    return table


def add_key(container: Any, key: str | Key | int, item: Item) -> None:
    """Add a key to a table before its trailing blank lines, so the layout stays intact.

    The new key takes the indentation of the table's last key (an indented ``[npc.each]``).
    """
    if not isinstance(container, Table) or isinstance(key, int):
        container[key] = item
        return
    body = container.value.body
    index = len(body)
    while index > 0 and body[index - 1][0] is None and isinstance(body[index - 1][1], Whitespace):
        index -= 1
    keyed = [value for name, value in body[:index] if name is not None]
    trivia = getattr(keyed[-1], "trivia", None) if keyed else None
    if trivia is not None and not isinstance(keyed[-1], (Table, AoT)):
        item.trivia.indent = trivia.indent
    if index == len(body) or not insert_at(container, index, key, item):
        container.append(key, item)


def insert_at(owner: Table | tomlkit.TOMLDocument, index: int, key: str | Key, item: Item) -> bool:
    """Insert ``key`` at position ``index`` of a table's (or the document's) statements,
    with tomlkit's public API only: the statements from ``index`` on are taken off and
    appended again after the new key, in order, as the parser appends them.

    Returns:
        False, with nothing changed, when a statement from ``index`` on is a dotted key,
        a key written twice (a table split in parts) or, in a table, a sub-table: taking
        those off and on again could move them.
    """
    container = owner.value if isinstance(owner, Table) else owner
    body = container.body
    tail = body[index:]
    names = [name for name, _ in tail if name is not None]
    if (
        any(name.is_dotted() for name in names)
        or len({name.key for name in names}) < len(names)
        or (
            isinstance(owner, Table)
            and any(isinstance(value, (Table, AoT)) for name, value in tail if name is not None)
        )
    ):
        return False
    for name in names:
        owner.remove(name)
    # Only blank lines, comments and the placeholders of the removed keys are left from
    # ``index`` on, and no key refers to them.
    del body[index:]
    append = owner.raw_append if isinstance(owner, Table) else container.append
    container.parsing(True)  # append in order, as the parser does
    try:
        append(key, item)
        for statement, value in tail:
            if statement is not None or isinstance(value, (Comment, Whitespace)):
                append(statement, value)
    finally:
        container.parsing(False)
    return True


def _plain(item: Any) -> Any:
    return item.unwrap() if hasattr(item, "unwrap") else item


def patch(container: Any, key: str | int, old: Any, new: Any) -> None:
    """Make ``container[key]`` hold ``new`` where it held ``old``, touching as little as possible.

    Descends into tables and same-length arrays only while the file still says exactly
    ``old`` there; anywhere the GM wrote another form, the whole value is replaced.
    """
    if old == new:
        return
    exists = key in container if isinstance(key, str) else key < len(container)
    if new is None:
        if exists:
            del container[key]
        return
    if not exists:
        add_key(container, key, to_item(new))
        return
    current = container[key]
    if _plain(current) == old:
        if isinstance(old, dict) and isinstance(new, dict) and isinstance(current, InlineTable):
            # one line either way: rewrite it whole, keeping the GM's key order
            order = [name for name in _plain(current) if name in new]
            merged = {name: new[name] for name in [*order, *new]}
            container[key] = to_item(merged, line=isinstance(key, str))
            return
        if (
            isinstance(old, dict)
            and isinstance(new, dict)
            and isinstance(current, (Table, OutOfOrderTableProxy))  # several dotted lines
        ):
            for name in [*old, *(k for k in new if k not in old)]:
                patch(current, name, old.get(name), new.get(name))
            return
        if (
            isinstance(old, list)
            and isinstance(new, list)
            and len(old) == len(new)
            and isinstance(current, Array)
        ):
            for index, (before, after) in enumerate(zip(old, new, strict=True)):
                if before != after:
                    current[index] = to_item(after, line=False)
            return
    item = to_item(new)
    if isinstance(current, Array) and isinstance(item, Array) and "\n" in current.as_string():
        item.multiline(True)  # the GM wrote it one element a line: keep it that way
    container[key] = item


def patch_record(table: Any, old: Data, new: Data) -> None:
    """Patch a record key by key (its file form may differ from the canonical one)."""
    for key in [*old, *(k for k in new if k not in old)]:
        if old.get(key) != new.get(key):
            if key == "form" and isinstance(new.get(key), list):
                table[key] = to_record({"form": new[key]})["form"]
            elif key == "consequences" and key not in table and isinstance(table, Table):
                # new consequences in the short form: consequences.mild = "Broken nose"
                for slot, value in new[key].items():
                    add_key(table, tomlkit.key([key, slot]), to_item(value))
            elif key not in table and new.get(key) is not None and isinstance(table, Table):
                _add_in_order(table, key, to_item(new[key]), list(new))
            else:
                patch(table, key, old.get(key), new.get(key))


def _add_in_order(table: Table, key: str, item: Item, order: list[str]) -> None:
    """Add a key where the canonical ``order`` puts it: after the nearest key before it that
    the table holds (``stunts`` after ``skills``), else as :func:`add_key` does."""
    body = table.value.body
    plain = {
        name.key: index
        for index, (name, value) in enumerate(body)
        if name is not None and not name.is_dotted() and not isinstance(value, (Table, AoT))
    }
    earlier = [plain[k] for k in order[: order.index(key)] if k in plain]
    anchor = max(earlier, default=-1)
    if anchor < 0 or all(name is None for name, _ in body[anchor + 1 :]):
        add_key(table, key, item)
        return
    trivia = getattr(body[anchor][1], "trivia", None)
    if trivia is not None:
        item.trivia.indent = trivia.indent
    if not insert_at(table, anchor + 1, key, item):
        add_key(table, key, item)


def _lookup(doc: Any, path: KeyPath) -> Any:
    node = doc
    for part in path:
        node = node[part]
    return node


def _instance_table(doc: Any, origin: Origin) -> Any:
    entry = _lookup(doc, origin.path)
    if "each" not in entry:
        entry.append("each", tomlkit.table(is_super_table=True))
    each = entry["each"]
    assert origin.instance is not None
    if origin.instance not in each:
        written_inline = isinstance(each, InlineTable) or any(
            key is not None and key.key == "each" and key.is_dotted() for key, _ in entry.value.body
        )
        if written_inline:
            # the GM wrote each."NAME" = { ... } or each = { ... }: follow that style
            each[origin.instance] = tomlkit.inline_table()
        else:
            overlay = tomlkit.table()
            overlay.add(tomlkit.nl())
            each.append(origin.instance, overlay)
    return each[origin.instance]


def _set_overlay(doc: Any, origin: Origin, overlay: Any, key: str, value: Any) -> Any:
    """Set one key of a template instance's overlay; returns the overlay (maybe a new item)."""
    if isinstance(overlay, InlineTable):
        # rewrite the one-line overlay whole, in the hand-written { a = 1 } style
        each = _lookup(doc, origin.path)["each"]
        each[origin.instance] = to_item({**overlay.unwrap(), key: value}, line=False)
        return each[origin.instance]
    if key in overlay:
        overlay[key] = to_item(value)
    else:
        add_key(overlay, key, to_item(value))
    return overlay


class _Patcher:
    def __init__(self, loaded: LoadedScene, doc: tomlkit.TOMLDocument) -> None:
        self.loaded = loaded
        self.doc = doc
        self.removals: list[KeyPath] = []

    def collection(
        self,
        old: Mapping[str, T],
        new: Mapping[str, T],
        origins: Mapping[str, Origin],
        encode_old: Callable[[T], Data],
        encode_new: Callable[[T], Data],
        section: Callable[[T], str],
        records: Mapping[str, Data | None] | None = None,
    ) -> None:
        """Patch changed records, append new ones and drop removed ones.

        The two encoders differ only in the zone names each scene gives its ids.
        ``records`` holds ready-made records for some new entries (None: another entry's
        record writes this one too).
        """
        ready = records or {}
        for key, value in new.items():
            before = old.get(key)
            origin = origins.get(key)
            if before is None or origin is None:
                if key not in ready:
                    self._append(section(value), encode_new(value))
                elif (record := ready[key]) is not None:
                    self._append(section(value), record)
            elif before is not value and before != value:
                old_data, new_data = encode_old(before), encode_new(value)
                if origin.instance is None:
                    patch_record(_lookup(self.doc, origin.path), old_data, new_data)
                else:
                    self._patch_instance(origin, old_data, new_data)
        for key in old:
            if key in new or key not in origins:
                continue
            origin = origins[key]
            if origin.instance is None:
                self.removals.append(origin.path)
            else:
                _set_overlay(self.doc, origin, _instance_table(self.doc, origin), "removed", True)

    def _patch_instance(self, origin: Origin, old: Data, new: Data) -> None:
        overlay = _instance_table(self.doc, origin)
        for key in [*old, *(k for k in new if k not in old)]:
            if old.get(key) == new.get(key):
                continue
            value = new.get(key, codec.OVERLAY_EMPTY.get(key))
            if value is not None:
                overlay = _set_overlay(self.doc, origin, overlay, key, value)

    def _append(self, section: str, data: Data) -> None:
        append_record(self.doc, section, data)

    def remove_pending(self) -> None:
        # Later items first, so earlier indices stay valid.
        for path in sorted(self.removals, key=lambda p: p[-1], reverse=True):
            parent = _lookup(self.doc, path[:-1])
            index = path[-1]
            assert isinstance(index, int)
            if isinstance(parent, AoT):
                # keep the comments that introduce what follows the removed record
                trailer = _detach_trailer(_last_table(parent[index]))
                if trailer and index > 0:
                    previous = _last_table(parent[index - 1])
                    for item in trailer:
                        previous.add(item)
            del parent[index]
            section = path[0]
            if len(parent) == 0 and len(path) == 2 and isinstance(section, str):
                del self.doc[section]  # an empty [[section]] would be written as section = []


def append_record(doc: tomlkit.TOMLDocument, section: str, data: Data) -> None:
    """Append a record at the end of its ``[[section]]`` (a new section at the end of the
    file), set off by a blank line like the records before it."""
    if section not in doc:
        _end_with_blank_line(doc)
        doc.append(section, tomlkit.aot())
    records = doc[section]
    if isinstance(records, AoT):
        record = to_record(data)
        last = _last_table(records.body[-1]) if records.body else None
        if last is not None:
            trailer = _detach_trailer(last)
            if _ends_blank(last):
                record.add(tomlkit.nl())  # records here end with a blank line: so does this
            for item in trailer:
                record.add(item)
        records.append(record)
        if last is not None and not _ends_blank(last) and "\n" not in record.trivia.indent:
            last.add(tomlkit.nl())  # the file's last record: set the new one off from it
    else:
        records.append(to_item(data))


def _body(container: Any) -> list[tuple[Key | None, Item]]:
    body: list[tuple[Key | None, Item]] = (
        container.body if isinstance(container, Container) else container.value.body
    )
    return body


def _last_table(container: Any) -> Any:
    """The table whose lines come last in ``container`` (its last sub-table, if any)."""
    body = _body(container)
    if body and isinstance(body[-1][1], AoT) and body[-1][1].body:
        return _last_table(body[-1][1].body[-1])
    if body and isinstance(body[-1][1], Table):
        return _last_table(body[-1][1])
    return container


def _ends_blank(container: Any) -> bool:
    body = _body(container)
    return bool(body) and body[-1][0] is None and isinstance(body[-1][1], Whitespace)


def _end_with_blank_line(doc: tomlkit.TOMLDocument) -> None:
    """Make sure a new section added at the end is set off by a blank line."""
    last = _last_table(doc)
    if _body(last) and not _ends_blank(last):
        last.add(tomlkit.nl())


def _detach_trailer(table: Any) -> list[Comment | Whitespace]:
    """Take the comments that close a table off it, with the blank lines around them.

    Such comments introduce what follows (``# ---- the party ----``), so they move with
    the end of the section. The first blank line after the last key stays.
    """
    body = _body(table)
    keyed = [index for index, (name, _) in enumerate(body) if name is not None]
    start = keyed[-1] + 1 if keyed else 0
    if start < len(body) and isinstance(body[start][1], Whitespace):
        start += 1
    rest = [item for _, item in body[start:] if isinstance(item, (Comment, Whitespace))]
    if len(rest) < len(body) - start or not any(isinstance(item, Comment) for item in rest):
        return []
    del body[start:]
    return rest


def render(loaded: LoadedScene, scene: Scene) -> str:
    """The text of ``scene`` written over the GM's file, changing only what changed."""
    text = spliced(loaded, scene)
    return text if text is not None else tomlkit.dumps(patched_document(loaded, scene))


def patched_document(
    loaded: LoadedScene, scene: Scene, folder: Path | None = None
) -> tomlkit.TOMLDocument:
    """The GM's document with the changes from ``loaded.scene`` to ``scene`` patched in.

    Takes the document cached by ``loaded`` (parsing it if needed). ``folder`` is where
    the text will be written (the loaded file's folder by default): new template entries
    refer to their library from there.
    """
    old = loaded.scene
    doc: tomlkit.TOMLDocument = loaded.take_document()
    if folder is not None and loaded.path is not None:
        _rebase_templates(doc, loaded.path.parent, folder)
    if scene == old:
        return doc
    zone_names = {zone.id: zone.name for zone in scene.zones}
    old_zone_names = {zone.id: zone.name for zone in old.zones}
    patcher = _Patcher(loaded, doc)
    origins = loaded.origins
    renamed = {
        old_zone_names[key]: name
        for key, name in zone_names.items()
        if key in old_zone_names and old_zone_names[key] != name
    }
    if renamed:
        _rename_zone_refs(doc, renamed)
    # A kind of record whose tuple is the very same object in both scenes has nothing
    # changed in it (the model is immutable): its records are left as they are.
    if scene.zones is not old.zones:
        patcher.collection(
            {z.id: z for z in old.zones},
            {z.id: z for z in scene.zones},
            origins.zones,
            codec.encode_zone,
            codec.encode_zone,
            lambda _: "zone",
        )

    def link_data(names: Mapping[str, str], blocks: Mapping[str, str]) -> Callable[[Any], Data]:
        def encode(link: Any) -> Data:
            data = codec.encode_link(link)
            data["zones"] = [names.get(z, z) for z in data["zones"]]
            if "block" in data:
                data["block"] = blocks.get(data["block"], data["block"])
            return data

        return encode

    link_key = {"|".join(link.zones): link for link in scene.links}
    old_link_key = {"|".join(link.zones): link for link in old.links}
    link_origins = {"|".join(k): v for k, v in origins.links.items()}
    if scene.links is not old.links:
        patcher.collection(
            old_link_key,
            link_key,
            link_origins,
            link_data(old_zone_names, block_names(old)),
            link_data(zone_names, block_names(scene)),
            lambda _: "link",
        )

    embedded = embedded_party(old, scene, origins.characters)

    def character_encoder(names: Mapping[str, str]) -> Callable[[Character], Data]:
        def encode(character: Character, rules: RulesInPlay = scene.rules) -> Data:
            return character_data(character, rules, names, embedded)

        return encode

    def section(character: Character) -> str:
        return "pc" if character.kind is CharacterKind.PC else "npc"

    # the party's PCs that ``pcs`` lists are written there (see _patch_top)
    listed = {*old.party, *scene.party} - embedded
    old_characters = {c.id: c for c in old.characters if c.id not in listed}
    new_characters = {c.id: c for c in scene.characters if c.id not in listed}
    added = [c for c in new_characters.values() if c.id not in origins.characters]
    if added:
        # PCs first, so that a file that gets both sections gets [[pc]] before [[npc]]
        new_characters = {
            c.id: c
            for c in sorted(new_characters.values(), key=lambda c: c.kind is not CharacterKind.PC)
        }
    records: dict[str, Data | None] = {}
    if added and scene.sources:
        home = folder or (loaded.path.parent if loaded.path else Path.cwd())
        records = {
            key: None if record is None else with_zone_names(record, zone_names)
            for key, record in template_records(added, scene.sources, home, scene.rules).items()
        }
    if scene.characters is not old.characters:
        patcher.collection(
            old_characters,
            new_characters,
            origins.characters,
            character_encoder(old_zone_names),
            character_encoder(zone_names),
            section,
            records,
        )

    def obstacle_data(names: Mapping[str, str]) -> Callable[[Any], Data]:
        def encode(obstacle: Any) -> Data:
            data = with_zone_names(codec.encode_obstacle(obstacle), names)
            if "between" in data:
                data["between"] = [names.get(z, z) for z in data["between"]]
            return data

        return encode

    if scene.obstacles is not old.obstacles:
        patcher.collection(
            {o.id: o for o in old.obstacles},
            {o.id: o for o in scene.obstacles},
            origins.obstacles,
            obstacle_data(old_zone_names),
            obstacle_data(zone_names),
            lambda _: "obstacle",
        )
    # Records without zone names in them encode the same in both scenes.
    same_encoder: tuple[tuple[str, Callable[[Any], Data], Callable[[Any], str], Any, Any], ...] = (
        ("countdown", codec.encode_countdown, lambda c: c.id, old.countdowns, scene.countdowns),
        ("contest", codec.encode_contest, lambda c: c.name, old.contests, scene.contests),
        ("challenge", codec.encode_challenge, lambda c: c.name, old.challenges, scene.challenges),
    )
    for kind, encode, key, before, after in same_encoder:
        if before is after:
            continue
        patcher.collection(
            {key(item): item for item in before},
            {key(item): item for item in after},
            getattr(origins, kind + "s"),
            encode,
            encode,
            _section_named(kind),
        )
    patcher.remove_pending()
    _patch_top(doc, old, scene, embedded)
    return doc


ZONE_REFS = {"pc": ("zone",), "npc": ("zone",), "obstacle": ("zone", "between"), "link": ("zones",)}
"""Where records refer to zones, by section."""


def _rename_zone_refs(doc: tomlkit.TOMLDocument, renamed: Mapping[str, str]) -> None:
    """Rewrite references to renamed zones that the file makes by name (names ignore case,
    as the loader reads them); references by id stay valid as they are."""
    folded = {old.casefold(): new for old, new in renamed.items()}

    def fix(table: Any, keys: tuple[str, ...]) -> None:
        for key in keys:
            value = table.get(key)
            if isinstance(value, str) and value.casefold() in folded:
                table[key] = folded[value.casefold()]
            elif isinstance(value, list):
                for index, item in enumerate(value):
                    if isinstance(item, str) and item.casefold() in folded:
                        value[index] = folded[item.casefold()]
        each = table.get("each") if "zone" in keys else None
        if isinstance(each, dict):
            for overlay in each.values():
                if isinstance(overlay, dict):
                    fix(overlay, ("zone",))

    for section, keys in ZONE_REFS.items():
        records = doc.get(section)
        if isinstance(records, list):
            for record in records:
                if isinstance(record, dict):
                    fix(record, keys)


def _rebase_templates(doc: tomlkit.TOMLDocument, source: Path, target: Path) -> None:
    """Make template references relative to the folder the file is saved to, when it is
    saved somewhere else than where it was read from."""
    if source.resolve() == target.resolve():
        return
    for section in ("pc", "npc"):
        records = doc.get(section)
        if not isinstance(records, list):
            continue
        for record in records:
            ref = record.get("template") if isinstance(record, dict) else None
            if isinstance(ref, str):
                file, hash_mark, entry = ref.partition("#")
                moved = os.path.relpath((source / file).resolve(), target.resolve())
                record["template"] = Path(moved).as_posix() + hash_mark + entry


def _section_named(kind: str) -> Callable[[Any], str]:
    """The section a new record of one kind is appended to (``[[countdown]]``...)."""
    return lambda _: kind


def _patch_top(doc: tomlkit.TOMLDocument, old: Scene, new: Scene, embedded: frozenset[str]) -> None:
    before, after = top_data(old, embedded), top_data(new, embedded)
    for key in [*before, *(k for k in after if k not in before)]:
        if before.get(key) == after.get(key):
            continue
        if key not in doc and after.get(key) is not None:
            insert_top_key(doc, key, after[key])
        else:
            patch(doc, key, before.get(key), after.get(key))
    rules_before, rules_after = codec.encode_rules(old.rules), codec.encode_rules(new.rules)
    if rules_before != rules_after:
        if "rules" not in doc:
            doc.append("rules", tomlkit.table())
        rules = doc["rules"]
        old_values, new_values = codec.rules_values(old.rules), codec.rules_values(new.rules)
        for key in codec.RULES_KEYS:
            if old_values[key] != new_values[key]:
                rules[key] = new_values[key]
    turn_before = codec.encode_turn(old.turn) if old.turn else None
    turn_after = codec.encode_turn(new.turn) if new.turn else None
    if turn_before != turn_after:
        if turn_after is None:
            del doc["turn"]
        elif "turn" not in doc:
            table = tomlkit.table()
            for key, value in turn_after.items():
                table[key] = to_item(value)
            doc.append("turn", table)
        else:
            patch_record(doc["turn"], turn_before or {}, turn_after)


def insert_top_key(doc: tomlkit.TOMLDocument, key: str, value: Any) -> None:
    """Add a top-level key right after the last top-level key before the first table (the
    comments and blank lines that lead to the first table stay where they are)."""
    body = doc.body
    first_table = next(
        (
            i
            for i, (name, item) in enumerate(body)
            if name is not None and isinstance(item, (Table, AoT))
        ),
        len(body),
    )
    keyed = [i for i, (name, _) in enumerate(body[:first_table]) if name is not None]
    index = keyed[-1] + 1 if keyed else 0
    item = to_item(value)
    if index >= len(body) or not insert_at(doc, index, key, item):
        doc.append(key, item)


def save_scene(
    loaded: LoadedScene,
    scene: Scene,
    path: Path | None = None,
    *,
    before_write: Callable[[str], None] | None = None,
) -> LoadedScene:
    """Write ``scene`` over its file (or to ``path``) and return the new saved state.

    The returned value is what later saves and undo compare against. ``before_write`` is
    called with the new text before the file is replaced (the journal marks the save).
    """
    from fatescreen.scene.load import load_text

    target = path or loaded.path
    if target is None:
        raise ValueError("this scene has no file yet: give a path to save it to")
    done = splice_save(loaded, scene, target.parent)
    if done is not None:
        # each change written over its own span of the text: no document needed, and the
        # splicer knows where every record now stands
        text, origins = done
        if before_write is not None:
            before_write(text)
        write_atomic(target, text)
        saved = replace(scene, pending_roll=None, pending_hit=None)
        return LoadedScene(saved, target, text, origins)
    document = patched_document(loaded, scene, target.parent)
    text = tomlkit.dumps(document)
    if before_write is not None:
        before_write(text)
    write_atomic(target, text)
    if same_records(loaded.scene, scene):
        # Values changed but no record came or went: every record is where it was, so the
        # saved scene is the new baseline without reading the file again.
        saved = replace(scene, pending_roll=None, pending_hit=None)
        return LoadedScene(saved, target, text, loaded.origins).with_document(document)
    return load_text(text, target, _party_of(scene)).with_document(document)


def _party_of(scene: Scene) -> Callable[[tuple[str, ...]], Mapping[str, Character]] | None:
    if not scene.party:
        return None
    by_id = {c.id: c for c in scene.characters}
    return lambda ids: {i: by_id[i] for i in ids if i in by_id}


def write_template(file: Path, section: str, key: str, data: Data) -> bool:
    """Write a template entry into a library file, replacing the entry with the same id
    (its comments and layout kept) or appending it; the file is created if needed.

    Returns:
        True when an entry was replaced, False when one was added.

    Raises:
        OSError: The file cannot be written.
        TemplateFileError: The file exists but is not a TOML file fatescreen can add to.
    """
    text = file.read_text(encoding="utf-8") if file.exists() else "format = 1\n"
    try:
        doc = tomlkit.parse(text)
    except ParseError as error:
        raise TemplateFileError(f"{file.name}: not valid TOML: {error}") from None
    entries = doc.get(section)
    replaced = False
    if isinstance(entries, list):
        for table in entries:
            entry = table.unwrap() if hasattr(table, "unwrap") else dict(table)
            name = entry_name(section, entry)
            if name is not None and (entry.get("id") or make_id(name)) == key:
                patch_record(table, entry, data)
                replaced = True
                break
    elif entries is not None:
        raise TemplateFileError(f"{file.name}: {section} is not a list of [[{section}]] entries")
    if not replaced:
        append_record(doc, section, data)
    file.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(file, tomlkit.dumps(doc), backup=False)
    return replaced
