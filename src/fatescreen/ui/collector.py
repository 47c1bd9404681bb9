"""The cyclic garbage collector while the dashboard runs.

Starting the dashboard allocates some hundred thousand long-lived objects (Textual's
widgets and styles, the scene model), and the collector would walk them again and again
while they are made: about a tenth of the time to the first frame. It is paused for the
start and, once the first frame is up, those objects are frozen (moved out of the
collector's generations, still freed as usual when nothing refers to them) and the
collector resumes, so later keystrokes never pay for walking them either.

A keystroke allocates a thousand objects or two, which would set off a collection or two
in the middle of its work (Python collects its youngest objects every 700 allocations).
While the dashboard runs, the youngest objects are collected once the frame that shows a
command's change is drawn (:func:`tidy`), in the pause before the next key, and
automatically only after :data:`YOUNG` allocations without such a pause (keys that run no
command, keys pressed faster than frames are drawn, or a large change).
"""

from __future__ import annotations

import gc

YOUNG = 20_000
"""Allocations after which the youngest objects are collected automatically."""


def pause() -> None:
    """Stop automatic collection until :func:`resume` (call before importing the UI)."""
    gc.disable()


def resume() -> None:
    """Freeze what the start made and collect automatically again (if it was paused),
    the youngest objects only after :data:`YOUNG` allocations."""
    if not gc.isenabled():
        gc.freeze()
        gc.set_threshold(YOUNG, *gc.get_threshold()[1:])
        gc.enable()


def tidy() -> None:
    """Collect the youngest objects (and an older generation when as many collections of
    the one below it have run as Python's own thresholds allow), as Python would have
    during the command just drawn."""
    if not gc.isenabled():
        return
    counts, thresholds = gc.get_count(), gc.get_threshold()
    generation = 0
    for older in (1, 2):
        if counts[older] + 1 >= thresholds[older]:
            generation = older
    gc.collect(generation)
