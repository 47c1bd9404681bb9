"""The cyclic garbage collector while the dashboard starts.

Starting the dashboard allocates some hundred thousand long-lived objects (Textual's
widgets and styles, the scene model), and the collector would walk them again and again
while they are made: about a tenth of the time to the first frame. It is paused for the
start and, once the first frame is up, those objects are frozen (moved out of the
collector's generations, still freed as usual when nothing refers to them) and the
collector resumes, so later keystrokes never pay for walking them either.
"""

from __future__ import annotations

import gc


def pause() -> None:
    """Stop automatic collection until :func:`resume` (call before importing the UI)."""
    gc.disable()


def resume() -> None:
    """Freeze what the start made and collect automatically again (if it was paused)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()
