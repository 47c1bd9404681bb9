"""The player view app: follows the GM's session and shows only what is public, in the panes
the scene's system declares (its ``player_panes`` part)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.dom import DOMNode
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import get_current_worker

from fatescreen.commands.follow import Followed, Follower, FollowState
from fatescreen.i18n import default_language, tr
from fatescreen.scene.public_view import PublicValue
from fatescreen.ui.lines import line_key
from fatescreen.ui.players.panes import COLUMNS, PlayerPanes
from fatescreen.ui.text import Part as TextPart
from fatescreen.ui.text import assemble
from fatescreen.ui.themes import DEFAULT_THEME, load_themes

POLL_SECONDS = 0.2
"""How often the files are looked at (a few ``stat`` calls; a change shows within two)."""

PAGE_SECONDS = 12.0
"""How long a page of a view too tall for the screen stays before the next shows: the
audience cannot scroll, so the view turns its pages itself, slowly enough to read one."""


class Part(Static):
    """One part of the view (a bordered block of text)."""


def page_starts(tops: Sequence[int], height: int, total: int) -> list[int]:
    """The first row of each page of a column ``total`` rows tall shown ``height`` rows at
    a time: a page ends before the last pane that begins on it and does not end on it
    (``tops``: where the panes begin), so that the pane starts the next page whole; a pane
    taller than a page goes on over as many pages as it needs."""
    starts = [0]
    while height > 0 and starts[-1] + height < total:
        start = starts[-1]
        limit = start + height
        breaks = [top for top in tops if start < top <= limit]
        starts.append(max(breaks) if breaks else limit)
    return starts


class PlayersApp(App[None]):
    """A read-only view of a scene or campaign for the players: no key changes anything."""

    CSS_PATH = Path(__file__).parent / "players.tcss"
    TITLE = "fatescreen"
    ENABLE_COMMAND_PALETTE = False
    """Nothing to command: the view is read-only (and served, it must not save files)."""
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (90, "-wide")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", id="quit", show=False),
    ]

    class SessionFollowed(Message):
        """What the players may see changed (or the session's state did)."""

        def __init__(self, followed: Followed) -> None:
            super().__init__()
            self.followed = followed

    def __init__(
        self,
        path: Path,
        *,
        lang: str | None = None,
        poll_seconds: float = POLL_SECONDS,
        page_seconds: float = PAGE_SECONDS,
    ) -> None:
        super().__init__()
        self.path = path
        self.lang = lang or default_language()
        self.poll_seconds = poll_seconds
        self.follower = Follower(path, lang=self.lang)
        self.panes: PlayerPanes = self.follower.system.part("player_panes")
        """The panes the scene's system shows."""
        self.followed: Followed | None = None
        """What is shown now."""
        self.followed_scene: PublicValue | None = None
        """The last scene shown (it stays when the file goes)."""
        self.shown: dict[str, Content] = {}
        """The text of each part as last shown."""
        self.updated_at = 0.0
        """When the view last showed a change (``time.monotonic``)."""
        self.page_seconds = page_seconds
        self.page = 0
        """How many pages were turned (each column too tall shows its page this many
        pages on, from its first after its last)."""
        self._status: list[TextPart] = []
        for theme in load_themes():
            self.register_theme(theme)
        self.theme = DEFAULT_THEME

    def compose(self) -> ComposeResult:
        """The status line, a banner for bad news, and the system's panes in their
        columns."""
        yield Static(id="status")
        yield Static(id="banner")
        with Vertical(id="columns"):
            for column in COLUMNS:
                panes = self.panes.in_column(column)
                if not panes:
                    continue
                with VerticalScroll(id=column, classes="column"):
                    for pane in panes:
                        part = Part(id=pane.name, classes="part")
                        part.border_title = tr(self.lang, pane.title)
                        yield part

    def on_mount(self) -> None:
        """Show the scene as it is, then follow it."""
        self.title = tr(self.lang, "players.title")
        first = self.follower.poll()
        if first is not None:
            self.show(first)
        self.follow()
        self.set_interval(self.page_seconds, self.turn_page)

    def pagers(self) -> list[Widget]:
        """What scrolls because it is too tall for the screen: the columns side by side,
        or the one column they make on a narrow screen."""
        found: list[Widget] = [self.query_one("#columns"), *self.query(".column")]
        return [
            widget
            for widget in found
            if widget.max_scroll_y > 0 and widget.scrollable_content_region.height > 0
        ]

    def page_starts(self, widget: Widget) -> list[int]:
        """Where each page of a column too tall for the screen starts (see
        :func:`page_starts`): at the top of a pane where one begins on the page."""
        tops: list[int] = []
        for part in widget.query(Part):
            top = 0
            node: DOMNode | None = part
            while node is not widget and isinstance(node, Widget):
                top += node.virtual_region.y
                node = node.parent
            tops.append(top)
        height = widget.scrollable_content_region.height
        return page_starts(tops, height, widget.virtual_size.height)

    def pages(self) -> int:
        """How many pages the tallest column takes (1 when everything fits)."""
        return max((len(self.page_starts(widget)) for widget in self.pagers()), default=1)

    def turn_page(self) -> None:
        """Show the next page of each column too tall for the screen (its first after its
        last); the status line says which page of how many shows."""
        self.page += 1
        self.show_page()

    def show_page(self) -> None:
        """Scroll each column too tall for the screen to the page :attr:`page` says."""
        for widget in self.pagers():
            starts = self.page_starts(widget)
            top = starts[self.page % len(starts)]
            widget.scroll_to(y=min(top, widget.max_scroll_y), animate=False)
        self._show_status()

    def on_resize(self) -> None:
        """A new size: the pages start again from the first."""
        self.page = 0
        self.call_after_refresh(self.show_page)

    def _show_status(self) -> None:
        parts = list(self._status)
        pages = self.pages()
        if pages > 1:
            page = tr(self.lang, "players.page", page=self.page % pages + 1, pages=pages)
            # right after the title: a narrow screen cuts the line's end, never the page
            parts[3:3] = [" · ", (page, "$text-muted")]
        status_text = assemble(*parts)
        self.shown["status"] = status_text
        self.query_one("#status", Static).update(status_text)

    @work(thread=True, exclusive=True, group="follow", exit_on_error=False)
    def follow(self) -> None:
        """Look at the files every few tenths of a second; post what changed."""
        worker = get_current_worker()
        while not worker.is_cancelled:
            time.sleep(self.poll_seconds)
            followed = self.follower.poll()
            if followed is not None and not worker.is_cancelled:
                self.post_message(self.SessionFollowed(followed))

    def on_players_app_session_followed(self, message: SessionFollowed) -> None:
        """Show what changed."""
        self.show(message.followed)

    def show(self, followed: Followed) -> None:
        """Show a followed state: the parts that changed, the status and the banner."""
        self.followed = followed
        self.updated_at = time.monotonic()
        lang = self.lang
        scene = followed.scene
        if scene is not None:
            self.followed_scene = scene
        last = self.followed_scene
        title = last.title if last is not None else self.path.name
        status: list[TextPart] = [("fatescreen", "bold $accent"), " · ", (title, "bold")]
        if scene is not None and (said := self.panes.status(scene, lang)):
            status += [" · ", *said]
        if followed.state is FollowState.LIVE:
            status += [" · ", (tr(lang, "players.following"), "$success")]
        self._status = status
        self._show_status()
        self._banner(followed)
        if scene is None:
            return
        texts = {pane.name: pane.render(scene, followed.rolls, lang) for pane in self.panes.panes}
        for name, text in texts.items():
            if name not in self.shown or line_key(self.shown[name]) != line_key(text):
                self.shown[name] = text
                self.query_one(f"#{name}", Part).update(text)

    def _banner(self, followed: Followed) -> None:
        banner = self.query_one("#banner", Static)
        state = followed.state
        if state is FollowState.LIVE:
            message, level = "", ""
        elif state is FollowState.NOT_RUNNING:
            message, level = tr(self.lang, "players.ended"), "-warning"
        elif state is FollowState.GONE:
            # never the file's path nor the problem: both may name what the players must not
            # know (a hidden zone in a message, a scene's file name); the GM's screen says why
            message, level = tr(self.lang, "players.view.gone"), "-error"
        else:
            message, level = tr(self.lang, "players.view.invalid"), "-error"
        self.shown["banner"] = Content(message if level else "")
        banner.update(Content(message))
        banner.set_class(bool(level), "-shown")
        banner.set_class(level == "-warning", "-warning")
        banner.set_class(level == "-error", "-error")

    def screen_text(self) -> str:
        """Every text the view shows now (its parts in full, scrolled or not)."""
        return "\n".join(text.plain for text in self.shown.values())
