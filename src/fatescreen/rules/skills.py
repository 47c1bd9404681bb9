"""Skills by role: which skills size the stress tracks, attack and defend by default (§2, §6).

The rules name roles, not words: Physique sizes the physical track in English and Kunto in
Finnish. A scene or campaign picks a skill list (``en`` or ``fi``, the seed's «Taitolista»)
and may rename any role for a custom list, so that the same scene written in either language
plays the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from types import MappingProxyType
from typing import Final

from fatescreen.rules.character import StressKind


@dataclass(frozen=True)
class SkillRoles:
    """The skill filling each role the rules give a skill (§2 «Mitä taitoja voin käyttää
    hyökätäkseni ja puolustaakseni?», §6)."""

    physical_stress: str = "Physique"
    """Sizes the physical stress track and gives the extra physical mild slot."""
    mental_stress: str = "Will"
    """Sizes the mental stress track and gives the extra mental mild slot."""
    physical_defense: str = "Athletics"
    """Defends against any physical attack; also the default skill for moving."""
    mental_defense: str = "Will"
    """Defends against mental attacks."""
    melee: str = "Fight"
    """Attacks physically in one's own zone, and defends against a melee attack."""
    ranged: str = "Shoot"
    """Attacks physically, also into other zones."""
    mental_attack: str = "Provoke"
    """Attacks mentally."""

    def attack_kind(self, skill: str) -> StressKind | None:
        """The harm an attack with ``skill`` deals by default, or None when the skill does
        not attack by default (the GM or the table may still allow it)."""
        folded = skill.strip().casefold()
        if folded in (self.melee.casefold(), self.ranged.casefold()):
            return StressKind.PHYSICAL
        if folded == self.mental_attack.casefold():
            return StressKind.MENTAL
        return None

    def defenses(self, attack_skill: str, kind: StressKind | None = None) -> tuple[str, ...]:
        """The default skills that defend against ``attack_skill`` (§2), the general one
        first: Athletics (and Fight against a Fight attack) for physical harm, Will for
        mental. ``kind`` is the harm when the attack skill does not say (a hazard, a named
        skill that does not attack by default)."""
        harm = self.attack_kind(attack_skill) or kind or StressKind.PHYSICAL
        if harm is StressKind.MENTAL:
            return (self.mental_defense,)
        if attack_skill.strip().casefold() == self.melee.casefold():
            return (self.physical_defense, self.melee)
        return (self.physical_defense,)

    @property
    def attacks(self) -> tuple[str, ...]:
        """The physical attack skills, melee first."""
        return (self.melee, self.ranged)


ENGLISH_ROLES: Final = SkillRoles()
"""The English skill list's roles."""

FINNISH_ROLES: Final = SkillRoles(
    physical_stress="Kunto",
    mental_stress="Tahdonvoima",
    physical_defense="Urheilu",
    mental_defense="Tahdonvoima",
    melee="Tappelu",
    ranged="Ampuminen",
    mental_attack="Yllyttäminen",
)
"""The seed's skill list («Taitolista»): «Tappelulla ja Ampumisella voi tehdä fyysisiä
hyökkäyksiä. Urheilulla voi puolustaa ... Yllyttämisellä voi tehdä henkisiä hyökkäyksiä.
Tahdonvoimalla voi puolustaa henkisiä hyökkäyksiä vastaan.»"""

SKILL_LISTS: Final[Mapping[str, SkillRoles]] = MappingProxyType(
    {"en": ENGLISH_ROLES, "fi": FINNISH_ROLES}
)
"""The built-in skill lists by name."""

ROLE_NAMES: Final = tuple(field.name for field in fields(SkillRoles))
"""The roles a scene may rename, in order."""


def skill_roles(skill_list: str = "en", **renamed: str) -> SkillRoles:
    """The roles of a built-in skill list with some renamed (a custom skill list).

    Args:
        skill_list: ``en`` or ``fi``.
        renamed: Role name to skill name; empty names keep the list's skill.

    Raises:
        ValueError: An unknown list or role.
    """
    if skill_list not in SKILL_LISTS:
        raise ValueError(f"unknown skill list {skill_list!r}: choose {', '.join(SKILL_LISTS)}")
    unknown = [role for role in renamed if role not in ROLE_NAMES]
    if unknown:
        raise ValueError(f"unknown skill role {unknown[0]!r}: choose {', '.join(ROLE_NAMES)}")
    return replace(SKILL_LISTS[skill_list], **{k: v for k, v in renamed.items() if v})


SKILL_PAIRS: Final = (
    ("Academics", "Tieteet"),
    ("Athletics", "Urheilu"),
    ("Burglary", "Hämärähommat"),
    ("Contacts", "Verkosto"),
    ("Crafts", "Kädentaidot"),
    ("Deceive", "Huijaaminen"),
    ("Drive", "Ajaminen"),
    ("Empathy", "Empatia"),
    ("Fight", "Tappelu"),
    ("Investigate", "Tutkiminen"),
    ("Lore", "Tarut"),
    ("Notice", "Havainnointi"),
    ("Physique", "Kunto"),
    ("Provoke", "Yllyttäminen"),
    ("Rapport", "Yhteishenki"),
    ("Resources", "Varallisuus"),
    ("Shoot", "Ampuminen"),
    ("Stealth", "Hiippailu"),
    ("Will", "Tahdonvoima"),
)
"""The 19 default skills, each as the English list and the seed's «Taitolista» name it."""


def listed_skill(name: str, skill_list: str) -> str | None:
    """A skill of the default list named in either language (case ignored), as ``skill_list``
    (``en`` or ``fi``) names it; None for a skill that is not on the default list.

    ``listed_skill("URHEILU", "en")`` is ``"Athletics"``; ``listed_skill("Pilot", "fi")`` is
    None.
    """
    folded = name.strip().casefold()
    column = 1 if skill_list == "fi" else 0
    for pair in SKILL_PAIRS:
        if folded in (pair[0].casefold(), pair[1].casefold()):
            return pair[column]
    return None
