"""English messages for the rules wired through from the rules core (boosts, options, roles)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "boost.gained": "{owner} gets the boost {aspect}",
    "defend.boost_name": "Opening",
    "overcome.boost_name": "Momentum",
    "overcome.tie_boost": "tie taken as a fail, with a boost",
    "fail.line": "{actor} takes the tie as a fail, with a boost",
    "error.no_tie_boost": "only a tied overcome can be taken as a fail with a boost (this roll: {outcome})",
    "verb.fail": "After a tied overcome: fail instead of succeeding at a minor cost, and take a boost (named, or a default name).",
    "condition.hurt": "Hurt",
    "condition.scared": "Scared",
    "condition.injured": "Injured",
    "condition.shaken": "Shaken",
    "condition.wounded": "Wounded",
    "condition.demoralized": "Demoralized",
    "error.no_difficulty": "{name} has no difficulty of its own: give one (vs NUMBER)",
    "what.opponent": "character or obstacle",
    "bonus.scale": "scale",
    "bonus.solo": "solo",
    "attack.immune": "{name} cannot be harmed until {until} is won",
    "fulldefense.for": "{name} covers {other}: +2 to {other}'s defenses",
}
