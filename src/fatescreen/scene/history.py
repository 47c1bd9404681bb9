"""Undo and redo: every change to a scene is one labelled step that keeps both values.

:class:`UndoStep` and :class:`UndoHistory` hold any value (each rule system has its own
scene value); :data:`Step` and :data:`History` are the Fate scene's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from fatescreen.scene.model import Scene

V = TypeVar("V")
"""The value a history keeps: a scene of some rule system."""


@dataclass(frozen=True)
class UndoStep(Generic[V]):
    """One undoable change: its label ("Mark 2 physical stress on Silbestre") and the scene
    before and after."""

    label: str
    before: V
    after: V


class NothingToUndo(Exception):
    """Undo or redo was asked for with no step to take."""


@dataclass(frozen=True)
class UndoHistory(Generic[V]):
    """The steps taken (newest last) and the steps undone (next redo last)."""

    done: tuple[UndoStep[V], ...] = ()
    undone: tuple[UndoStep[V], ...] = ()
    limit: int = 500

    def record(self, step: UndoStep[V]) -> UndoHistory[V]:
        """A history with ``step`` taken; whatever was undone can no longer be redone."""
        done = (*self.done, step)[-self.limit :]
        return replace(self, done=done, undone=())

    def undo(self) -> tuple[UndoHistory[V], UndoStep[V]]:
        """Take back the newest step; the caller restores ``step.before``.

        Raises:
            NothingToUndo: No step has been taken.
        """
        if not self.done:
            raise NothingToUndo("nothing to undo")
        step = self.done[-1]
        return replace(self, done=self.done[:-1], undone=(*self.undone, step)), step

    def redo(self) -> tuple[UndoHistory[V], UndoStep[V]]:
        """Take again the step undone last; the caller restores ``step.after``.

        Raises:
            NothingToUndo: Nothing has been undone.
        """
        if not self.undone:
            raise NothingToUndo("nothing to redo")
        step = self.undone[-1]
        return replace(self, done=(*self.done, step), undone=self.undone[:-1]), step


Step = UndoStep[Scene]
"""One undoable change of a Fate scene."""
History = UndoHistory[Scene]
"""The undo history of a Fate scene."""
