"""What a rule system declares: its id and names, what it can do, and where its parts live.

A part is named by a string, ``"package.module:attr"``, and imported only when it is first
used (:func:`load_part`): declaring every system costs nothing at start-up, and the
registry imports no system's code.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any, TextIO


class Capability(StrEnum):
    """What a system may or may not offer beyond playing a scene: declared, never guessed
    from its name. Each value is also the last part of the catalog key that says a
    system lacks it (``system.cannot.player-view``)."""

    CAMPAIGNS = "campaigns"
    """Campaign folders: a party, a scene list, sessions and advancement."""
    PLAYER_VIEW = "player-view"
    """``fatescreen players``: what the players may see, in a terminal or a browser."""
    IMPORT = "import"
    """``fatescreen import``: characters from other tools' files into a scene."""
    EXPORT = "export"
    """``fatescreen export``: a character as another tool's file (Fate's: ``--fari``,
    Fari's character JSON)."""


@cache
def load_part(reference: str) -> Any:
    """The object a part reference names, imported on first use and kept.

    Args:
        reference: ``"package.module:attr"``; the attribute may be dotted
            (``"fatescreen.ui.systems.shell:SystemApp.on_campaign"``).

    Raises:
        ValueError: The reference is not of that shape.
        ImportError: The module cannot be imported.
        AttributeError: The module has no such attribute.
    """
    module_name, colon, attribute = reference.partition(":")
    if not colon or not module_name or not attribute:
        raise ValueError(f"a part is 'package.module:attr', not {reference!r}")
    found: Any = importlib.import_module(module_name)
    for name in attribute.split("."):
        found = getattr(found, name)
    return found


PARTS = (
    "check",
    "session",
    "blank",
    "dashboard",
    "import_sheets",
    "export",
    "scene_format",
    "verbs",
    "screen",
    "public",
    "player_panes",
    "campaign_check",
    "campaign_session",
    "campaign_dashboard",
    "new_campaign",
    "party",
    "record",
)
"""The fields of :class:`RuleSystem` that name parts."""


@dataclass(frozen=True)
class Exported:
    """A character as a system's ``export`` part writes it: the file's text, and the notes
    on what the file has no place for, each one line in the GM's language (the console
    script writes the text to standard output or ``--out``, the notes to standard error)."""

    text: str
    left_out: tuple[str, ...] = ()


@dataclass(frozen=True)
class RuleSystem:
    """One rule system as the framework sees it: names, capabilities and parts.

    Every part is a ``"package.module:attr"`` string (see :func:`load_part`):

    - ``check(path)`` reads a scene file and raises ``SceneFileError`` listing every
      problem;
    - ``session(path, *, seed, lang, journal, lock)`` opens a scene file for play (the
      one path by which it changes);
    - ``blank(system_id, *, seed, lang)`` is a session on an empty scene, for rolls and odds
      from the shell;
    - ``dashboard(path, *, lang, theme, read_only)`` is the dashboard app on a scene file;
    - ``import_sheets(target, files, *, kind, dry_run, lang, out)`` imports characters
      into a scene file, reporting on ``out``, and returns the exit status (with
      :attr:`Capability.IMPORT`);
    - ``export(source, character, *, lang)`` writes one character of a scene file, or of a
      campaign folder's party, as the file another tool reads, an :class:`Exported`; it
      raises ``SceneFileError`` if the scene or campaign cannot be read and
      ``CommandError`` if no character (or several) answers to ``character`` (with
      :attr:`Capability.EXPORT`, and ``export_format``: the option that asks for it);
    - ``scene_format``, ``verbs`` and ``screen`` are a system's ``SceneFormat``, its
      ``VerbSet`` and its ``SystemScreen`` class, for a system that runs on the shared
      session and dashboard shell (None for one with a stack of its own);
    - ``public`` is what the players may see of the system's scenes, a
      :class:`~fatescreen.scene.public_view.PublicPart`, and ``player_panes`` how the
      player view shows it, a :class:`~fatescreen.ui.players.panes.PlayerPanes` (both with
      :attr:`Capability.PLAYER_VIEW`);
    - ``record(before, after, lang)`` (with :attr:`Capability.PLAYER_VIEW`, optional) is
      the players' record of one step: the lines saying what the table saw change from
      one public value to the next (``before`` None when a scene opened), made from the
      public values only, so that no line can hold a secret; without it the players'
      record holds the scenes' starts and ends only;
    - with :attr:`Capability.CAMPAIGNS`, ``campaign_check(folder)`` reads a campaign folder
      and raises ``SceneFileError`` listing every problem, ``campaign_session(folder, *,
      seed, lang, journal, lock)`` opens it for play, ``campaign_dashboard(folder, *, lang,
      theme, read_only)`` is the dashboard app on it, and ``new_campaign(folder, name,
      lang)`` writes a new one with a sample party; ``party`` is a system on the shared
      stack's :class:`~fatescreen.scene.systems.campaign.PartyRules`, what of its PCs lasts
      from scene to scene.

    ``sample`` and ``rules`` are not parts but places: its sample scene file and its rules
    package, which the tools that run for every system (``make stress``, ``make bench``,
    ``make mutate``) read.
    """

    id: str
    """The name a scene file's ``system`` key gives."""
    aliases: tuple[str, ...]
    """Other names the GM may type (``--system varjot``)."""
    title: str
    """The system's own name, as its text writes it."""
    capabilities: frozenset[Capability]
    check: str
    session: str
    blank: str
    dashboard: str
    import_sheets: str | None = None
    export: str | None = None
    export_format: str | None = None
    """With :attr:`Capability.EXPORT`: the format its ``export`` part writes, a word of
    lower-case letters, and the option of ``fatescreen export`` that asks for it
    (``"fari"``: ``--fari``, its help the catalog key ``cli.arg.fari``)."""
    scene_format: str | None = None
    verbs: str | None = None
    screen: str | None = None
    public: str | None = None
    player_panes: str | None = None
    campaign_check: str | None = None
    campaign_session: str | None = None
    campaign_dashboard: str | None = None
    new_campaign: str | None = None
    party: str | None = None
    record: str | None = None
    sample: str | None = None
    """Its sample scene: a path relative to the shipped ``scenes`` folder
    (``"varjot/sillalla.toml"``), or an absolute path (a system that does not ship). The
    test suites, ``make stress`` and ``make bench`` play it for every system."""
    rules: str | None = None
    """Its pure rules package, dotted (``"fatescreen.systems.varjot.rules"``): the modules
    ``make mutate`` measures for it, besides its ``verbs`` part's module. A package that
    holds other systems' packages (Fate's ``fatescreen.rules``) counts without them."""

    def __post_init__(self) -> None:
        if Capability.IMPORT in self.capabilities and self.import_sheets is None:
            raise ValueError(f"{self.id} declares {Capability.IMPORT} without import_sheets")
        if Capability.EXPORT in self.capabilities and None in (self.export, self.export_format):
            raise ValueError(
                f"{self.id} declares {Capability.EXPORT} without export and export_format"
            )
        if self.export_format is not None and not re.fullmatch("[a-z]+", self.export_format):
            raise ValueError(
                f"{self.id}.export_format is a word of lower-case letters, "
                f"not {self.export_format!r}"
            )
        if Capability.PLAYER_VIEW in self.capabilities and None in (
            self.public,
            self.player_panes,
        ):
            raise ValueError(
                f"{self.id} declares {Capability.PLAYER_VIEW} without public and player_panes"
            )
        if Capability.CAMPAIGNS in self.capabilities and None in (
            self.campaign_check,
            self.campaign_session,
            self.campaign_dashboard,
            self.new_campaign,
        ):
            raise ValueError(
                f"{self.id} declares {Capability.CAMPAIGNS} without its campaign parts"
            )
        for name in PARTS:
            reference = getattr(self, name)
            if reference is not None and ":" not in reference:
                raise ValueError(f"{self.id}.{name} is 'package.module:attr', not {reference!r}")

    def can(self, capability: Capability) -> bool:
        """Whether the system offers ``capability``."""
        return capability in self.capabilities

    def names(self) -> tuple[str, ...]:
        """Its id, then its aliases."""
        return (self.id, *self.aliases)

    def part(self, name: str) -> Any:
        """One of its parts, imported on first use.

        Raises:
            LookupError: ``name`` is not a part, or the system has none of that name.
        """
        if name not in PARTS:
            raise LookupError(f"{name!r} is not a part of a rule system")
        reference: str | None = getattr(self, name)
        if reference is None:
            raise LookupError(f"{self.id} has no {name}")
        return load_part(reference)

    def check_file(self, path: Path) -> None:
        """Read a scene file of this system, as opening it would.

        Raises:
            SceneFileError: Every problem found, with its line and key path.
        """
        self.part("check")(path)

    def open_session(
        self,
        path: Path,
        *,
        seed: int | None = None,
        lang: str = "en",
        journal: bool = True,
        lock: bool = False,
    ) -> Any:
        """A session on a scene file of this system (``lock``: as its one writer).

        Raises:
            SceneFileError: The file is invalid (every problem listed).
            SceneLocked: ``lock`` and another process writes the scene.
        """
        return self.part("session")(path, seed=seed, lang=lang, journal=journal, lock=lock)

    def blank_session(self, *, seed: int | None = None, lang: str = "en") -> Any:
        """A session on an empty scene of this system: rolls and odds from the shell."""
        return self.part("blank")(self.id, seed=seed, lang=lang)

    def open_dashboard(
        self,
        path: Path,
        *,
        lang: str | None = None,
        theme: str | None = None,
        read_only: bool = False,
    ) -> Any:
        """The dashboard app on a scene file of this system (not yet running)."""
        return self.part("dashboard")(path, lang=lang, theme=theme, read_only=read_only)

    def import_into(
        self,
        target: Path,
        files: Sequence[Path],
        *,
        kind: str | None,
        dry_run: bool,
        lang: str,
        out: TextIO,
    ) -> int:
        """Characters from other tools' files into a scene file of this system, the report
        written to ``out``; the exit status (0 done, 1 refused, 2 the scene cannot be
        opened).

        Raises:
            LookupError: The system lacks :attr:`Capability.IMPORT`.
        """
        status: int = self.part("import_sheets")(
            target, files, kind=kind, dry_run=dry_run, lang=lang, out=out
        )
        return status

    def export_character(self, source: Path, character: str, *, lang: str) -> Exported:
        """One character of a scene file, or of a campaign folder's party, as the file its
        ``export`` part writes (in the format ``export_format`` names).

        Raises:
            LookupError: The system lacks :attr:`Capability.EXPORT`.
            SceneFileError: The scene or campaign cannot be read (every problem listed).
            CommandError: No character, or more than one, answers to ``character``.
        """
        exported: Exported = self.part("export")(source, character, lang=lang)
        return exported

    def check_campaign(self, folder: Path) -> Any:
        """Read a campaign folder of this system, as opening it would; the campaign as read
        (its ``name``, ``language``, ``session`` and ``running`` scene).

        Raises:
            SceneFileError: Every problem found, with its file, line and key path.
        """
        return self.part("campaign_check")(folder)

    def open_campaign(
        self,
        folder: Path,
        *,
        seed: int | None = None,
        lang: str | None = None,
        journal: bool = True,
        lock: bool = False,
    ) -> Any:
        """A session on a campaign folder of this system (``lang`` None: the campaign's).

        Raises:
            SceneFileError: A file is invalid (every problem listed).
            SceneLocked: ``lock`` and another process writes the campaign.
        """
        return self.part("campaign_session")(
            folder, seed=seed, lang=lang, journal=journal, lock=lock
        )

    def open_campaign_dashboard(
        self,
        folder: Path,
        *,
        lang: str | None = None,
        theme: str | None = None,
        read_only: bool = False,
    ) -> Any:
        """The dashboard app on a campaign folder of this system (not yet running)."""
        return self.part("campaign_dashboard")(folder, lang=lang, theme=theme, read_only=read_only)

    def write_new_campaign(self, folder: Path, name: str, lang: str) -> None:
        """Write a new campaign folder of this system with a sample party and scenes.

        Raises:
            FileExistsError: The folder holds a campaign already.
        """
        self.part("new_campaign")(folder, name, lang)
