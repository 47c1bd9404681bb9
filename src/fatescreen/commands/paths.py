"""Where a command writes a file the GM names: relative to the scene's folder, never under a
name that hides what the file is called, and, where asked, never outside that folder."""

from __future__ import annotations

from pathlib import Path

from fatescreen.commands.errors import CommandError
from fatescreen.i18n import tr
from fatescreen.scene.errors import escape_controls, unshown


def save_target(name: str, folder: Path | None, lang: str) -> Path:
    """Where ``save NAME`` writes: ``NAME`` relative to the scene's folder (not to the
    folder the program was started in).

    Raises:
        CommandError: The name starts with ``-`` (an option, mistyped), or holds a control,
            bidirectional or zero-width character that would hide what the file is called.
    """
    bad = next((char for char in name if unshown(char)), None)
    if bad is not None:
        shown, code = escape_controls(name), f"U+{ord(bad):04X}"
        raise CommandError(tr(lang, "error.save_name_char", name=shown, code=code))
    path = Path(name)
    if path.name.startswith("-"):
        raise CommandError(tr(lang, "error.save_name_dash", name=name))
    return path if path.is_absolute() or folder is None else folder / path


def target_in_folder(name: str, folder: Path, lang: str) -> Path:
    """Where a file named ``name`` goes when it must stay in the scene's folder (or a
    folder under it): :func:`save_target`, resolved.

    Raises:
        CommandError: As :func:`save_target`, or the name leads out of ``folder`` (an
            absolute path elsewhere, ``..``, or a link pointing out).
    """
    base = folder.resolve()
    target = save_target(name, base, lang).resolve()
    if not target.is_relative_to(base):
        raise CommandError(tr(lang, "error.save_outside", name=name, folder=str(base)))
    return target
