"""Launched as a separate process: time one load or one save of a scene, or its floor.

``python bench/loadsave.py KIND SCENE`` prints the milliseconds of one operation done in
this fresh process, after its imports:

- ``load``: ``load_text`` (validation and the scene model) of the scene's text;
- ``tomllib``: ``tomllib.loads`` of the same text (the load's floor);
- ``save``: one stress box checked and saved, as the dashboard saves it (a change of values
  is written over its own span of the text; nothing is parsed ahead);
- ``save-record``: a zone added and saved (spliced at the end of its section, with where
  each record now stands: the save's new baseline, without reading the file again);
- ``dumps``: ``tomlkit.dumps`` of the parsed document (the save's floor);
- ``system-load``: the scene's system reads and checks the file (its ``check`` part), as
  ``fatescreen check`` does, for any registered system;
- ``system-save LINE...``: a session of the scene's system (no journal) plays the command
  lines, then saves the change; the save is timed.
"""

from __future__ import annotations

import sys
import time
import tomllib
from pathlib import Path


def main() -> None:
    kind, path = sys.argv[1], Path(sys.argv[2])
    text = path.read_text(encoding="utf-8")
    import tomlkit

    from fatescreen.scene.load import load_text
    from fatescreen.scene.save import render
    from fatescreen.scene.splice import splice_save

    operation = None
    if kind.startswith("system-"):
        from fatescreen import systems

        system = systems.of_file(path)
        if kind == "system-load":

            def operation() -> object:
                return system.check_file(path)

        else:
            session = system.open_session(path, seed=1, journal=False)
            for line in sys.argv[3:]:
                if not session.execute(line).ok:
                    raise SystemExit(f"{line!r} was refused")
            if not session.dirty:
                raise SystemExit("nothing to save")

            def operation() -> object:
                if not session.execute("save").ok:
                    raise SystemExit("the save was refused")
                return None

    elif kind == "load":

        def operation() -> object:
            return load_text(text, path)

    elif kind == "tomllib":

        def operation() -> object:
            return tomllib.loads(text)

    elif kind in ("save", "save-record"):
        from fatescreen.scene.model import Zone

        loaded = load_text(text, path)
        character = next(c for c in loaded.scene.characters if c.stress and c.stress[0].boxes)
        changed = loaded.scene.with_character(character.with_track(character.stress[0].toggle(1)))
        if kind == "save-record":
            changed = loaded.scene.with_changes(zones=(*loaded.scene.zones, Zone("Bench yard")))

        def operation() -> object:
            if kind == "save-record":
                return splice_save(loaded, changed) or render(loaded, changed)
            return render(loaded, changed)

    elif kind == "dumps":
        document = tomlkit.parse(text)

        def operation() -> object:
            return tomlkit.dumps(document)

    if operation is None:
        raise SystemExit(f"unknown kind {kind!r}")
    start = time.perf_counter()
    operation()
    print((time.perf_counter() - start) * 1000)


if __name__ == "__main__":
    main()
