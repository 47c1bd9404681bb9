"""The ``[rules]`` table's skill roles: one mapping of role to skill in the model, its keys
the fields of SkillRoles, so that a new role is added in rules/skills.py alone."""

from __future__ import annotations

import pytest

from fatescreen.rules.skills import FINNISH_ROLES, ROLE_NAMES
from fatescreen.scene import codec
from fatescreen.scene.model import RulesInPlay
from fatescreen.scene.reader import Reader


def test_each_role_is_a_rules_key_and_the_model_holds_only_those_renamed() -> None:
    table = {"skills": "fi", "melee": "Miekka", "ranged": ""}
    reader = Reader()
    rules = codec.decode_rules(reader, table, ("rules",))
    assert reader.problems == []
    assert rules.renamed_roles == (("melee", "Miekka"),)
    assert rules.roles.melee == "Miekka"
    assert rules.roles.ranged == FINNISH_ROLES.ranged
    assert codec.encode_rules(rules) == {"skills": "fi", "melee": "Miekka"}
    assert codec.RULES_KEYS[-len(ROLE_NAMES) :] == ROLE_NAMES


def test_roles_come_in_the_order_of_the_skill_roles_whatever_the_file_order() -> None:
    reader = Reader()
    table = {"mental_attack": "Taunt", "physical_stress": "Brawn"}
    rules = codec.decode_rules(reader, table, ("rules",))
    assert rules.renamed_roles == (("physical_stress", "Brawn"), ("mental_attack", "Taunt"))
    assert rules == codec.rules_from_values(codec.rules_values(rules))


def test_a_role_not_of_the_skill_roles_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown skill role 'sneak'"):
        RulesInPlay(renamed_roles=(("sneak", "Stealth"),))
