"""The fatescreen Textual application."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class FatescreenApp(App[None]):
    """The GM dashboard."""

    TITLE = "fatescreen"

    def __init__(self, scene_path: Path | None = None) -> None:
        super().__init__()
        self.scene_path = scene_path

    def compose(self) -> ComposeResult:
        yield Header()
        name = str(self.scene_path) if self.scene_path else "no scene"
        yield Static(Text(f"fatescreen: {name}"), id="placeholder")
        yield Footer()
