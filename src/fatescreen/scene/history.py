"""Undo and redo: every change to a scene is one labelled step that keeps both values."""

from __future__ import annotations

from dataclasses import dataclass, replace

from fatescreen.scene.model import Scene


@dataclass(frozen=True)
class Step:
    """One undoable change: its label ("Mark 2 physical stress on Silbestre") and the scene
    before and after."""

    label: str
    before: Scene
    after: Scene


class NothingToUndo(Exception):
    """Undo or redo was asked for with no step to take."""


@dataclass(frozen=True)
class History:
    """The steps taken (newest last) and the steps undone (next redo last)."""

    done: tuple[Step, ...] = ()
    undone: tuple[Step, ...] = ()
    limit: int = 500

    def record(self, step: Step) -> History:
        """A history with ``step`` taken; whatever was undone can no longer be redone."""
        done = (*self.done, step)[-self.limit :]
        return replace(self, done=done, undone=())

    def undo(self) -> tuple[History, Step]:
        """Take back the newest step; the caller restores ``step.before``.

        Raises:
            NothingToUndo: No step has been taken.
        """
        if not self.done:
            raise NothingToUndo("nothing to undo")
        step = self.done[-1]
        return replace(self, done=self.done[:-1], undone=(*self.undone, step)), step

    def redo(self) -> tuple[History, Step]:
        """Take again the step undone last; the caller restores ``step.after``.

        Raises:
            NothingToUndo: Nothing has been undone.
        """
        if not self.undone:
            raise NothingToUndo("nothing to redo")
        step = self.undone[-1]
        return replace(self, done=(*self.done, step), undone=self.undone[:-1]), step
