"""Fate's side of a session (:class:`~fatescreen.commands.session.Session`): its verbs,
its dice, what a change repaints, how a scene is saved and what the players may read."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from fatescreen.commands.core import (
    Applied,
    Context,
    FateVerb,
    Tokens,
    find_verb,
    register_verb,
    registry,
)
from fatescreen.commands.session import SESSION_VERBS, Session, session_on_file
from fatescreen.rules.dice import parse_faces
from fatescreen.rules.errors import RulesError
from fatescreen.scene import preload
from fatescreen.scene.load import LoadedScene
from fatescreen.scene.model import Scene, changes

FATE = "fate-condensed"
"""Fate's id (as :mod:`fatescreen.systems.fate` declares it)."""

TRANSIENT = (
    "pending_roll",
    "pending_hit",
    "queued_hits",
    "full_defenses",
    "contest_rolls",
    "session",
    "scene_number",
)
"""Scene fields the file does not hold; a save keeps them as they were."""


def are_faces(text: str) -> bool:
    """Whether a journal record's dice are four Fate dice faces."""
    try:
        parse_faces(text)
    except RulesError:
        return False
    return True


for _verb in SESSION_VERBS.values():
    register_verb(_verb)  # a prefix finds them too (``sav``), as Fate's verbs


@dataclass(frozen=True)
class FateCommands:
    """What a session of Fate asks of Fate (see
    :class:`~fatescreen.commands.session.SessionCommands`)."""

    system: str = FATE

    def find(self, word: str, lang: str) -> FateVerb:
        """The verb a word names (see :func:`~fatescreen.commands.core.find_verb`)."""
        return find_verb(word, lang)

    def verbs(self) -> Iterable[FateVerb]:
        """Every verb of Fate's language, the session's own among them."""
        return registry().values()

    def context(self, session: Session[Scene], replay: list[str]) -> Context:
        """The context a verb runs in (a campaign's adds the campaign to it)."""
        scene: Scene = session.scene
        return Context(
            scene,
            session.rng,
            session.lang,
            scene.rules.ladder_names,
            replay=[parse_faces(dice) for dice in replay],
            folder=session.scene_folder,
        )

    def run(
        self, session: Session[Scene], found: FateVerb, words: list[str], replay: list[str]
    ) -> tuple[Applied, tuple[str, ...]]:
        """Run a verb's stages on the session's scene; the dice it rolled, as faces."""
        ctx = self.context(session, replay)
        applied = found.handler(ctx, Tokens(found, words, session.lang))
        return applied, tuple(dice.symbols for dice in ctx.rolled)

    def changes(self, before: Scene, after: Scene) -> frozenset[str]:
        """The panes a change repaints (see :func:`~fatescreen.scene.model.changes`)."""
        return changes(before, after)

    def carried(self, saved: Scene, now: Scene) -> Scene:
        """The saved scene with the fields no file holds (:data:`TRANSIENT`) from ``now``."""
        return replace(saved, **{name: getattr(now, name) for name in TRANSIENT})

    def dirty(self, saved: Scene, now: Scene) -> bool:
        """Whether the scene holds other than its file."""
        return self.carried(saved, now) != now

    def save(
        self,
        loaded: LoadedScene,
        value: Scene,
        target: Path | None,
        before_write: Callable[[str], None] | None,
    ) -> LoadedScene:
        """Write the scene over its file or into ``target``, in the GM's own style."""
        from fatescreen.scene.save import save_scene  # tomlkit is needed only to save

        return save_scene(loaded, value, target, before_write=before_write)

    def open(self, path: Path, *, lang: str, journal: bool) -> Session[Scene]:
        """A session on a Fate scene file as it is now."""
        return open_session(path, lang=lang, journal=journal)

    def readable(
        self, entries: Iterable[tuple[str, tuple[str, ...]]]
    ) -> list[tuple[str, tuple[str, ...]]]:
        """The records whose dice are Fate dice; one whose faces no roll could show is
        damaged and left out."""
        return [(command, dice) for command, dice in entries if all(map(are_faces, dice))]

    def players_lines(self, before: Scene | None, after: Scene, lang: str) -> tuple[str, ...]:
        """What the players saw of a step (see
        :func:`fatescreen.scene.public_text.players_lines`)."""
        # imported here: the dashboard's start needs none of the player view's values
        from fatescreen.scene.public_text import players_lines

        return players_lines(before, after, lang)

    def secret_names(self, value: Scene) -> frozenset[str]:
        """Hidden aspects, zones, NPCs and the rest (see
        :func:`fatescreen.scene.public.secret_names`)."""
        from fatescreen.scene.public import secret_names

        return secret_names(value)

    def public_names(self, value: Scene) -> frozenset[str]:
        """What the player view shows by name."""
        from fatescreen.scene.public import public_names

        return public_names(value)


FATE_COMMANDS = FateCommands()


def fate_session(scene: Scene, **options: Any) -> Session[Scene]:
    """A session of Fate on ``scene`` (``options``: the session's other fields)."""
    return Session(scene, FATE_COMMANDS, **options)


def open_session(
    path: Path,
    *,
    seed: int | None = None,
    lang: str = "en",
    journal: bool = True,
    lock: bool = False,
) -> Session[Scene]:
    """Load a Fate scene file and start a session on it (see
    :meth:`~fatescreen.commands.session.Session.open`).

    Raises:
        SceneFileError: The file is invalid (every problem listed).
        SceneLocked: ``lock`` and another process writes the scene.
        OSError: ``lock`` and the lock file cannot be made.
    """
    # loaded by a child process started for it, if any
    return session_on_file(
        path,
        preload.load,
        lambda loaded: FATE_COMMANDS,
        faces=are_faces,
        seed=seed,
        lang=lang,
        journal=journal,
        lock=lock,
    )


def blank_session(system: str, *, seed: int | None = None, lang: str = "en") -> Session[Scene]:
    """A session on an empty Fate scene: quick rolls and odds from the shell (``system`` is
    Fate's id, as every system's blank session is asked for by its id)."""
    return fate_session(Scene("-"), rng=random.Random(seed), lang=lang)
