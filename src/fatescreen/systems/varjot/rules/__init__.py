"""Menneisyyden varjot (docs/rules.md §10, seed 002): the ability check and its dice, pure, typed.

- :mod:`.dice` — Fudge dice, bonus and penalty dice cancelling, keeping the best or worst
  three, dice added after the roll.
- :mod:`.sheet` — abilities 0–4, pools, characters, gift dice per player.
- :mod:`.check` — one side of a check, independent and opposed checks with the tie rule,
  support chains, secondary abilities, the margin carried into an extended conflict.
- :mod:`.odds` — exact odds of every level and of winning an opposed check (icepool).
"""
