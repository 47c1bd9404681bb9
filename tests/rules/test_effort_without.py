"""An effort without the bonuses of some kinds (docs/rules.md §2: effort = rating + dice +
bonuses)."""

from __future__ import annotations

from fatescreen.rules.dice import parse_faces
from fatescreen.rules.outcomes import Bonus, Effort


def test_an_effort_without_some_kinds_keeps_the_other_bonuses() -> None:
    scale = Bonus("scale", 1, kind="scale")
    invoke = Bonus("Distracted", 2, kind="invoke")
    effort = Effort(2, parse_faces("0+0-"), (scale, invoke))
    assert effort.without("scale") == Effort(2, parse_faces("0+0-"), (invoke,))
    assert effort.without("scale").total == 4
    assert effort.without("scale", "invoke").bonuses == ()
    assert effort.without("teamwork") == effort
