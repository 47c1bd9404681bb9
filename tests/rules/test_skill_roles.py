"""A custom skill list: the built-in lists' roles with some skills renamed (docs/rules.md §2,
§9 «Taitolista»)."""

from __future__ import annotations

import pytest

from fatescreen.rules.skills import ENGLISH_ROLES, FINNISH_ROLES, ROLE_NAMES, skill_roles


def test_the_english_list_is_the_default_and_renames_replace_roles() -> None:
    assert skill_roles() == ENGLISH_ROLES
    assert skill_roles("fi") == FINNISH_ROLES
    renamed = skill_roles(melee="Brawl", ranged="")
    assert (renamed.melee, renamed.ranged, renamed.physical_defense) == (
        "Brawl",
        "Shoot",
        "Athletics",
    )
    assert skill_roles("fi", mental_attack="Pilkka").mental_attack == "Pilkka"


def test_unknown_lists_and_roles_are_refused_with_the_choices() -> None:
    with pytest.raises(ValueError) as unknown_list:
        skill_roles("sv")
    assert str(unknown_list.value) == "unknown skill list 'sv': choose en, fi"
    with pytest.raises(ValueError) as unknown_role:
        skill_roles(melee="Brawl", sneak="Stealth", dodge="Athletics")
    assert str(unknown_role.value) == (
        f"unknown skill role 'sneak': choose {', '.join(ROLE_NAMES)}"
    )
    assert ROLE_NAMES[:2] == ("physical_stress", "mental_stress")
