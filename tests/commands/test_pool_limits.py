"""The GM pool may be spent down to nothing and no further (docs/rules.md §3 «Fate-pisteesi»)."""

from __future__ import annotations

from pathlib import Path

from tests.commands.support import DEMO, run


def test_the_gm_pool_spends_to_zero_and_refuses_below(tmp_path: Path) -> None:
    """Spending the whole pool leaves 0; one more point is refused with what is left, and
    the refusal changes nothing."""
    done = run(
        DEMO, tmp_path, "pool 2", "fp spend gm 2", "fp spend gm 1", "pool 3", "fp spend gm 5"
    )
    assert done.line("fp spend gm 2") == "the GM pool spends 2 fate points: now 0"
    assert done.line("fp spend gm 1") == "error: the GM pool has only 0 fate points"
    assert done.line("fp spend gm 5") == "error: the GM pool has only 3 fate points"
    assert done.scene.gm_pool == 3
