"""Turn order: the exchange, who has acted, who is up; contests and challenges in progress."""

from __future__ import annotations

from rich.cells import cell_len
from textual.content import Content
from textual.geometry import Region, Size
from textual.layout import DockArrangeResult

from fatescreen.rules.conflict import FULL_DEFENSE_BONUS, TurnOrder, may_pick
from fatescreen.scene.model import Scene
from fatescreen.ui.lines import LinesView
from fatescreen.ui.panes.base import Pane, shows_gm_mark, touches
from fatescreen.ui.state import View
from fatescreen.ui.text import Part, assemble, end_cut, middle_cut, secret_mark


def turn_lines(
    scene: Scene, view: View, cursor: str | None, width: int | None = None
) -> list[Content]:
    """One line per participant: ✓ acted, ▶ up, · still to act; the "(up)" after the name
    only where it fits in ``width`` (the ▶ says it too); "defense +2" after each one a full
    defense covers (the bonus their defenses get)."""
    order = scene.turn
    characters, obstacles = scene.character_index, scene.obstacle_index
    mark = secret_mark(view.tr("gm.name"))

    def name_of(pid: str) -> tuple[str, str]:
        """The participant's name and the GM's mark after it (or "")."""
        # looked up for the participants only: a large scene has thousands of characters
        obstacle = obstacles.get(pid)
        if obstacle is not None:
            return "⚠ " + obstacle.name, ""
        character = characters.get(pid)
        if character is None:
            return pid, ""
        # the players cannot see it: the GM's mark (docs/player-view.md)
        return character.shown_name, (mark if shows_gm_mark(scene, character) else "")

    if order is None:
        from fatescreen.commands.flow import default_participants

        order = TurnOrder(participants=default_participants(scene))
        head = view.tr("ui.no_exchange")
    else:
        head = view.tr("ui.exchange", number=order.exchange)
    lines = [assemble((head if width is None else end_cut(head, width), "bold $secondary"))]
    waiting = set(may_pick(order)) if order.started else set(order.participants)
    up_label = view.tr("ui.up")
    covered = {full_defense.target for full_defense in scene.full_defenses}
    defense_label = (
        view.tr("ui.full_defense_mark", bonus=f"{FULL_DEFENSE_BONUS:+d}") if covered else ""
    )
    for pid in order.participants:
        name, secret = name_of(pid)
        state = "up" if pid == order.up else "acted" if pid in order.acted else "waiting"
        defense = defense_label if pid in covered else ""
        tail = f"  {defense}" if defense else ""
        if width is not None:
            # a name too long for the pane keeps its start and its end (the number of a
            # numbered NPC), never just its start, and the GM's mark whole after it
            name = middle_cut(name, width - cell_len(f"›▶ {secret}{tail}"))
        name += secret
        fits = width is None or cell_len(f"›▶ {name}  {up_label}{tail}") <= width
        key = (name, state, pid == cursor, up_label if fits else "", defense)
        line = _participant_lines.get(key)
        if line is None:
            line = _participant_line(*key)
            if len(_participant_lines) > 4096:
                _participant_lines.clear()
            _participant_lines[key] = line
        lines.append(line)
    if order.started and not waiting:
        lines.append(assemble((view.tr("ui.all_acted"), "$warning")))
    return lines


def participants_shown(scene: Scene) -> tuple[tuple[str, str, bool], ...]:
    """What the turn order shows of each participant: its id, its name and whether it gets
    the GM's mark. With no turn order they are those a conflict would start with, which
    any character taken out, conceding or renamed, or any hazard added, changes."""
    if scene.turn is None:
        from fatescreen.commands.flow import default_participants

        participants = tuple(default_participants(scene))
    else:
        participants = scene.turn.participants
    characters, obstacles = scene.character_index, scene.obstacle_index
    shown = []
    for pid in participants:
        character = characters.get(pid)
        if character is not None:
            shown.append((pid, character.shown_name, shows_gm_mark(scene, character)))
        else:
            obstacle = obstacles.get(pid)
            shown.append((pid, obstacle.name if obstacle is not None else pid, False))
    return tuple(shown)


def _participant_line(name: str, state: str, cursor: bool, up_label: str, defense: str) -> Content:
    """One name in the turn order: ✓ acted, ▶ up, · still to act; › under the cursor; the
    full defense covering them (``defense``, empty for none) last."""
    if state == "up":
        parts: list[Part] = [
            ("▶ ", "$accent bold"),
            (name, "$accent bold"),
            ("  " + up_label if up_label else "", "$accent"),
        ]
    elif state == "acted":
        parts = [("✓ ", "$success"), (name, "$text-muted")]
    else:
        parts = [("· ", "$text-muted"), (name, "")]
    parts = [("›", "$accent bold"), *parts] if cursor else [" ", *parts]
    if defense:
        parts.append(("  " + defense, "$success"))
    return assemble(*parts)


_participant_lines: dict[tuple[str, str, bool, str, str], Content] = {}
"""Lines by what they show: a hand-off changes two names' lines, the others are the very
same line objects as before (the line view then skips them)."""


def contest_lines(scene: Scene, view: View, width: int | None = None) -> list[Content]:
    """Victory boards of contests and checklists of challenges; a contest's notes go on
    lines of their own where they do not fit beside its name in ``width``."""
    lines: list[Content] = []
    for contest in scene.contests:
        notes = [view.tr("ui.victories_needed", count=contest.victories_needed)]
        if contest.faster:
            notes.append(view.tr("ui.contest_faster"))
        if contest.threat is not None:
            threat = scene.obstacle_index.get(contest.threat)
            name = threat.name if threat is not None else contest.threat
            notes.append(view.tr("ui.contest_threat", name=name))
        said = f"({' · '.join(notes)})"
        if width is None or cell_len(f"{contest.name}  {said}") <= width:
            lines.append(assemble((contest.name, "bold $secondary"), (f"  {said}", "$text-muted")))
        else:  # one note a line, each in the pane
            lines.append(assemble((middle_cut(contest.name, width), "bold $secondary")))
            lines += [
                assemble(("  " + middle_cut(note, width - 2), "$text-muted")) for note in notes
            ]
        for side in contest.sides:
            marks = "■" * side.victories + "□" * max(contest.victories_needed - side.victories, 0)
            winner = "  ★" if contest.winner == side.name else ""
            room = 14 if width is None else max(min(14, width - len(marks) - len(winner) - 3), 3)
            name = middle_cut(side.name, room)
            lines.append(
                assemble(
                    f"  {name}{' ' * (room - cell_len(name))} ",
                    (marks, "$accent"),
                    (winner, "$success"),
                )
            )
    for challenge in scene.challenges:
        from fatescreen.rules.contests import challenge_progress  # (see scene/model.py)

        progress = challenge_progress(challenge)
        # the rules core names the tasks by how they went; a tie is achieved at a cost
        achieved = len(progress.successes) + len(progress.costs)
        lines.append(
            assemble(
                (challenge.name, "bold $secondary"),
                (f"  {achieved}✓ {len(progress.failures)}✗", "$text-muted"),
            )
        )
        for task in challenge.tasks:
            mark = {"success": "✓", "style": "✓✓", "tie": "~", "fail": "✗"}.get(
                task.outcome.value if task.outcome else "", "·"
            )
            lines.append(
                assemble(
                    f"  {mark} {task.name} ",
                    (f"({task.skill} {task.difficulty:+d})", "$text-muted"),
                )
            )
    return lines


class TurnPane(Pane):
    """Popcorn turn order with a cursor: the highlighted name is who acts on ``a``, ``o``
    and ``c`` and who ``n`` hands the turn to (on the one who is up, ``n`` hands it to the
    first still to act)."""

    TITLE_KEY = "ui.turn_order"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.body = LinesView(wrap=False, id="turn-body")
        self.cursor: str | None = None
        self._scene: Scene | None = None
        self._view: View | None = None
        self._laid_out = 0
        """The width the pane's lines were last laid out at (0: not yet)."""
        self._participants: tuple[tuple[str, str, bool], ...] = ()
        """The participants of the last scene shown (see :func:`participants_shown`)."""

    def compose(self):  # type: ignore[no-untyped-def]
        yield self.body

    def show(self, scene: Scene, view: View, changed: frozenset[str]) -> None:
        """Redraw when the turn order, contests or the participants change."""
        previous = self._scene
        # what the participants are and how they show comes from these alone
        same_people = (
            previous is not None
            and scene.turn is previous.turn
            and scene.characters is previous.characters
            and scene.obstacles is previous.obstacles
            and scene.zones is previous.zones
        )
        participants = self._participants if same_people else participants_shown(scene)
        if (
            previous is not None
            and view == self._view
            and not touches(changed, "turn", "contests", "challenges")
            and scene.turn is previous.turn
            and scene.contests is previous.contests
            and participants == self._participants
        ):
            self._scene = scene
            return
        self._participants = participants
        up = scene.turn.up if scene.turn is not None else None
        if up is not None and (
            self._scene is None or self._scene.turn is None or self._scene.turn.up != up
        ):
            self.cursor = up  # the one handed the turn is highlighted: who acts now
        self._scene, self._view = scene, view
        self._fix_cursor()
        self._redraw()

    def arrange(self, size: Size, optimal: bool = False) -> DockArrangeResult:
        """Fit the names to the width the pane is laid out at, before its lines are first
        drawn: the first frame cuts a long name as every later one does."""
        if not self._measuring and size.width and size.width != self._laid_out:
            self._laid_out = size.width
            if not self.body.scrollable_content_region.width:
                self._redraw(size.width)
        return super().arrange(size, optimal)

    def _redraw(self, width: int | None = None) -> None:
        """Draw the lines, cut to the width of the lines view (``width`` before it has
        one): beside its scrollbar when they are more than it has rows, so that a name
        that comes with the scrollbar leaves none of them under it."""
        if self._scene is None or self._view is None:
            return
        body = self.body
        full = max(body.size.width - body.styles.gutter.width, 0) or width or None
        lines = self._lines(full)
        bar = body.styles.scrollbar_size_vertical
        rows = body.scrollable_content_region.height
        if full is not None and bar and rows and len(lines) > rows and full > bar:
            lines = self._lines(full - bar)
        body.set_lines(lines)
        order = self._scene.turn
        if order is None:
            from fatescreen.commands.flow import default_participants

            participants = default_participants(self._scene)
        else:
            participants = order.participants
        if self.cursor in participants:
            # the highlight stays in sight: a line each after the heading, none wraps
            row = 1 + participants.index(self.cursor)
            self.call_after_refresh(self._show_row, row)

    def _show_row(self, row: int) -> None:
        self.body.scroll_to_region(Region(0, row, 1, 1), animate=False, immediate=True)

    def _lines(self, width: int | None) -> list[Content]:
        assert self._scene is not None and self._view is not None
        return turn_lines(self._scene, self._view, self.cursor, width) + contest_lines(
            self._scene, self._view, width
        )

    def on_resize(self) -> None:
        """A new width may leave room for "(up)", or none."""
        self._redraw()

    def candidates(self) -> list[str]:
        """Who the highlight may rest on, in list order: who may be handed the turn, and
        who is up."""
        if self._scene is None:
            return []
        from fatescreen.commands.flow import may_highlight

        return list(may_highlight(self._scene))

    def _fix_cursor(self) -> None:
        options = self.candidates()
        if self.cursor not in options:
            self.cursor = options[0] if options else None

    def point_at(self, pid: str) -> bool:
        """Highlight ``pid`` if the turn may be handed to them or they are up; False (the
        highlight stays) when not."""
        if pid not in self.candidates():
            return False
        if pid != self.cursor:
            self.cursor = pid
            self._redraw()
        return True

    def move_cursor(self, step: int) -> None:
        """Move the highlight among those who may act next."""
        options = self.candidates()
        if not options:
            return
        index = options.index(self.cursor) if self.cursor in options else -1
        self.cursor = options[(index + step) % len(options)]
        self._redraw()
