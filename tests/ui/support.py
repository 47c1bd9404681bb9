"""Helpers for dashboard tests: the screen as text, pane texts, and a key-counting driver."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, Static

from fatescreen.ui.app import FatescreenApp
from fatescreen.ui.campaign import CampaignApp
from fatescreen.ui.groups import GroupsView
from fatescreen.ui.lines import LinesView
from fatescreen.ui.panes.log import LogPane
from fatescreen.ui.panes.zones import MapView

AppFactory = Callable[..., FatescreenApp]
"""The ``make_app`` fixture: a dashboard on a copy of a shipped scene."""

CampaignFactory = Callable[..., CampaignApp]
"""The ``make_campaign_app`` fixture: a dashboard on a copy of the sample campaign."""


def screen_text(app: App[None]) -> str:
    """Everything on the terminal (dialogs over the dashboard), as plain text: read from
    the app's screenshot, the one public way to the picture as drawn."""
    from tests.ui.fresh import screen_rows

    return "\n".join(screen_rows(app, blank=True))


def text_of(widget: Widget) -> str:
    """The plain text a widget and its children show (static text and line views)."""
    parts = [widget, *widget.query("*")]
    texts = []
    for part in parts:
        if isinstance(part, LinesView | GroupsView | MapView):
            texts.append(part.plain)
        elif isinstance(part, Static):
            texts.append(str(getattr(part.visual, "plain", part.visual)))
    return "\n".join(texts)


_GIVEN: weakref.WeakKeyDictionary[App[Any], list[tuple[str, str]]] = weakref.WeakKeyDictionary()


def record_notices(app: App[Any]) -> None:
    """Keep every notification ``app`` gives from now on, with its severity (Textual keeps
    the ones it shows in a list of its own, which is not for its users to read)."""
    given = _GIVEN.setdefault(app, [])
    notify = app.notify

    def recorded(
        message: str,
        *,
        title: str = "",
        severity: Any = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        given.append((str(message), str(severity)))
        notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    app.notify = recorded  # type: ignore[method-assign]


def notices(app: App[Any]) -> list[tuple[str, str]]:
    """The notifications ``app`` gave since :func:`record_notices`: message, severity."""
    return _GIVEN.get(app, [])


def log_text(app: App[None]) -> str:
    """The log pane, newest entry first."""
    return "\n".join(entry.text for entry in app.query_one(LogPane).entries)


async def until(pilot: Pilot[None], condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait for work the app does in the background (workers, searches) to show."""
    for _ in range(int(timeout / 0.05)):
        if condition():
            return
        await pilot.pause(0.05)
    raise AssertionError("the app never got there")


class Keys:
    """Presses keys through a pilot and counts them; typed text is not counted."""

    def __init__(self, pilot: Pilot[None]) -> None:
        self.pilot = pilot
        self.count = 0

    async def press(self, *keys: str) -> None:
        """Press keys one by one; the pilot lets the app settle after each."""
        self.count += len(keys)
        await self.pilot.press(*keys)

    async def type(self, text: str) -> None:
        """Type text (dice faces, names) into the focused field; not counted as key presses.

        The text goes in as one insertion, as a paste would: pressing each character
        costs a screen update per character and adds nothing the tests need.
        """
        field = self.pilot.app.focused
        assert isinstance(field, Input), f"typing needs a text field, not {field!r}"
        field.insert_text_at_cursor(text)
        await self.pilot.pause()


BURST_NAMES = {" ": "space", ":": "colon", "\r": "enter"}
"""Pilot's names of the characters that are not their own key's name."""


def burst(app: App[None], text: str) -> None:
    """Type ``text`` as a terminal delivers a fast typist's keys: every key read before the
    first is handled (``\r`` is Enter)."""
    from textual import events

    for char in text:
        event = events.Key(BURST_NAMES.get(char, char), char)
        event.set_sender(app)  # as the terminal driver sends it
        app.post_message(event)
