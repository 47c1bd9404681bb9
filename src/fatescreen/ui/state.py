"""What the panes need besides the scene: the language and display choices of the GM."""

from __future__ import annotations

from dataclasses import dataclass

from fatescreen.i18n import tr


@dataclass(frozen=True)
class View:
    """Display settings shared by every pane."""

    lang: str = "en"
    ladder_names: bool = True
    selected: str | None = None
    """Id of the character shown in the stat block."""

    def tr(self, key: str, **values: object) -> str:
        """A message in the current language."""
        return tr(self.lang, key, **values)
