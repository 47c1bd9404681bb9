"""Characters: PCs, major and minor NPCs and mook groups, with stress and consequences."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING

from fatescreen.rules.aspects import Aspect, AspectKind, make_id
from fatescreen.rules.errors import InvalidValue
from fatescreen.rules.stress_kinds import StressKind as StressKind

if TYPE_CHECKING:
    from fatescreen.rules.big_bad_traits import Immunity, SoloBonus, Swarm


class CharacterKind(StrEnum):
    """The kinds of characters the rules treat differently."""

    PC = "pc"
    MAJOR = "major"
    MINOR = "minor"
    MOOKS = "mooks"


class Severity(StrEnum):
    """Consequence severities with the shifts each absorbs (§6, extreme from §8)."""

    MILD = "mild"
    MODERATE = "moderate"
    SEVERE = "severe"
    EXTREME = "extreme"

    @property
    def shifts(self) -> int:
        """Shifts this severity absorbs: 2, 4, 6 or 8."""
        return {"mild": 2, "moderate": 4, "severe": 6, "extreme": 8}[self.value]


class Scale(StrEnum):
    """Scale levels (§8), lowest first."""

    MUNDANE = "mundane"
    SUPERNATURAL = "supernatural"
    OTHERWORLDLY = "otherworldly"
    LEGENDARY = "legendary"
    GODLIKE = "godlike"

    @property
    def level(self) -> int:
        """0 for mundane up to 4 for godlike."""
        return list(Scale).index(self)


@dataclass(frozen=True)
class StressTrack:
    """A track of 1-point stress boxes; ``checked`` holds 1-based box numbers."""

    kind: StressKind
    boxes: int
    checked: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if self.boxes < 0:
            raise InvalidValue(
                "a stress track cannot have a negative number of boxes", code="stress.negative"
            )
        bad = [box for box in self.checked if not 1 <= box <= self.boxes] if self.checked else []
        if bad:
            raise InvalidValue(
                f"box {min(bad)} is not on a track of {self.boxes} boxes",
                code="stress.off_track",
                box=min(bad),
                boxes=self.boxes,
            )

    @property
    def free(self) -> int:
        """How many boxes are still empty."""
        return self.boxes - len(self.checked)

    def empty_boxes(self) -> tuple[int, ...]:
        """The empty boxes' numbers, lowest first."""
        return tuple(box for box in range(1, self.boxes + 1) if box not in self.checked)

    def check(self, count: int) -> StressTrack:
        """Check ``count`` empty boxes, lowest first.

        Raises:
            ValueError: Fewer than ``count`` boxes are empty.
        """
        empty = self.empty_boxes()
        if count > len(empty):
            raise ValueError(f"only {len(empty)} empty {self.kind.value} boxes, not {count}")
        return replace(self, checked=self.checked | frozenset(empty[:count]))

    def toggle(self, box: int) -> StressTrack:
        """Check an empty box or clear a checked one."""
        if not 1 <= box <= self.boxes:
            raise ValueError(f"box {box} is not on a track of {self.boxes} boxes")
        return replace(self, checked=self.checked ^ {box})

    def cleared(self) -> StressTrack:
        """All boxes empty."""
        return replace(self, checked=frozenset())


@dataclass(frozen=True)
class Recovery:
    """When treatment of a consequence began: the session and the scene counter then."""

    session: int
    scene: int


@dataclass(frozen=True)
class ConsequenceSlot:
    """One consequence slot; ``aspect`` is the consequence taken in it, or None if free.

    ``kind`` restricts the slot to physical or mental harm (the extra mild slot of a
    Superb+ Physique or Will); None takes any harm. ``condition`` names the condition
    (``"hurt"``, ``"scared"``...) when conditions replace consequences (§8); such a slot
    absorbs half its severity's shifts.
    """

    severity: Severity
    kind: StressKind | None = None
    aspect: Aspect | None = None
    recovery: Recovery | None = None
    condition: str | None = None
    taken_this_scene: bool = False
    """The consequence was taken in the current scene's conflict: it counts for a concession
    and for the points an NPC carries into the GM pool of its next scene (§3, §6)."""

    @property
    def free(self) -> bool:
        """True when no consequence fills the slot."""
        return self.aspect is None

    @property
    def recovering(self) -> bool:
        """True when treatment of the consequence in the slot has begun."""
        return self.recovery is not None

    @property
    def shifts(self) -> int:
        """The shifts the slot absorbs: the severity's, or half of it for a condition."""
        return self.severity.shifts // 2 if self.condition else self.severity.shifts

    def filled(self, text: str, inflicted_by: str | None = None) -> ConsequenceSlot:
        """The slot holding a new consequence; whoever inflicted it gets a free invoke."""
        invokes = (inflicted_by,) if inflicted_by else ()
        aspect = Aspect(name=text, kind=AspectKind.CONSEQUENCE, free_invokes=invokes)
        return replace(self, aspect=aspect, recovery=None, taken_this_scene=True)

    def emptied(self) -> ConsequenceSlot:
        """The slot with its consequence gone."""
        return replace(self, aspect=None, recovery=None, taken_this_scene=False)


@dataclass(frozen=True)
class Stunt:
    """A stunt: its text, and for the common "+2 to SKILL when ACTION" form, the bonus."""

    text: str
    skill: str | None = None
    action: str | None = None
    bonus: int = 0


def _frozen_skills() -> Mapping[str, int]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Form:
    """A later true form of a big bad, applied on top of the character when revealed (§7)."""

    name: str
    aspects: tuple[Aspect, ...] = ()
    skills: Mapping[str, int] = field(default_factory=_frozen_skills)
    stunts: tuple[Stunt, ...] = ()
    stress: tuple[StressTrack, ...] = ()
    consequences: tuple[ConsequenceSlot, ...] = ()
    soft: bool = False
    """Soft reveal: keep consequences, clearing mild and stepping the others down."""


def default_consequences() -> tuple[ConsequenceSlot, ...]:
    """The standard mild, moderate and severe slots."""
    return (
        ConsequenceSlot(Severity.MILD),
        ConsequenceSlot(Severity.MODERATE),
        ConsequenceSlot(Severity.SEVERE),
    )


@dataclass(frozen=True)
class Character:
    """A PC, NPC or mook group as the rules see it; every field is a plain value.

    For a big bad with true forms, ``forms`` lists the later forms and ``form`` is the
    number of forms already revealed (0: the first form is showing).
    For a mook group, ``members`` is how many members still stand; the stat line and the
    stress track are one member's.
    """

    name: str
    kind: CharacterKind = CharacterKind.MAJOR
    id: str = ""
    aspects: tuple[Aspect, ...] = ()
    skills: Mapping[str, int] = field(default_factory=_frozen_skills)
    stunts: tuple[Stunt, ...] = ()
    stress: tuple[StressTrack, ...] = ()
    consequences: tuple[ConsequenceSlot, ...] = ()
    fate_points: int = 0
    refresh: int = 0
    zone: str | None = None
    scale: Scale = Scale.MUNDANE
    weapon: int = 0
    armor: int = 0
    forms: tuple[Form, ...] = ()
    form: int = 0
    minions: tuple[str, ...] = ()
    members: int = 1
    taken_out: bool = False
    conceded: bool = False
    player: str = ""
    hidden: bool = False
    """An NPC the players have not met: nothing of it is shown to them."""
    solo: SoloBonus | None = None
    """A big bad's solo-bonus options against a group of PCs (§7), or None."""
    immunity: Immunity | None = None
    """A big bad that cannot be harmed until a named challenge or contest is won (§7)."""
    swarm: Swarm | None = None
    """A big bad made of parts whose heart this character is (§7 threat as a swarm)."""
    notes: str = ""
    """The GM's notes on the character: extras and whatever else its sheet holds that the
    rules do not use (an imported sheet's extras land here)."""

    def __post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", make_id(self.name))
        if not isinstance(self.skills, MappingProxyType):
            object.__setattr__(self, "skills", MappingProxyType(dict(self.skills)))

    def skill(self, name: str) -> int:
        """The rating in a skill, with revealed forms applied; unlisted skills are +0."""
        rating = self.skills.get(name, 0)
        for form in self.revealed_forms:
            rating = form.skills.get(name, rating)
        return rating

    @property
    def revealed_forms(self) -> tuple[Form, ...]:
        """The later forms revealed so far, in order."""
        return self.forms[: self.form]

    @property
    def current_skills(self) -> Mapping[str, int]:
        """All skills with revealed forms applied."""
        merged = dict(self.skills)
        for form in self.revealed_forms:
            merged.update(form.skills)
        return MappingProxyType(merged)

    @property
    def current_aspects(self) -> tuple[Aspect, ...]:
        """Character aspects plus those of revealed forms."""
        extra = tuple(aspect for form in self.revealed_forms for aspect in form.aspects)
        return self.aspects + extra

    @property
    def current_stunts(self) -> tuple[Stunt, ...]:
        """Stunts plus those of revealed forms."""
        return self.stunts + tuple(stunt for form in self.revealed_forms for stunt in form.stunts)

    @property
    def shown_name(self) -> str:
        """The name of the last revealed true form (the character's own before any)."""
        named = [form.name for form in self.revealed_forms if form.name]
        return named[-1] if named else self.name

    @property
    def form_count(self) -> int:
        """How many forms the character has in all (1 without true forms)."""
        return 1 + len(self.forms)

    @property
    def consequence_aspects(self) -> tuple[Aspect, ...]:
        """The consequences currently taken, as aspects."""
        return tuple(slot.aspect for slot in self.consequences if slot.aspect is not None)

    def track(self, kind: StressKind) -> StressTrack | None:
        """The stress track of that kind, or None."""
        return next((track for track in self.stress if track.kind is kind), None)

    def with_track(self, track: StressTrack) -> Character:
        """A copy with the track of the same kind replaced."""
        return replace(
            self,
            stress=tuple(track if old.kind is track.kind else old for old in self.stress),
        )
