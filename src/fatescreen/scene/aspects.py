"""Every aspect in play in a scene, addressed by where it lives, and replacing one of them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property

from fatescreen.rules.aspects import Aspect
from fatescreen.rules.character import Character
from fatescreen.scene.memo import ByIdentity
from fatescreen.scene.model import Scene

SCENE_HOLDER = "scene"
"""The holder of scene-wide situation aspects; zones are ``zone:ID``, characters
``character:ID`` and a character's consequence ``consequence:ID:SLOT``."""


@dataclass(frozen=True)
class AspectInPlay:
    """One aspect and where it lives."""

    holder: str
    aspect: Aspect

    @cached_property
    def key(self) -> str:
        """A key unique in the scene: the holder and the aspect's id."""
        return f"{self.holder}/{self.aspect.id}"

    @property
    def owner(self) -> str | None:
        """The character whose aspect (or consequence) this is, if any."""
        kind, _, rest = self.holder.partition(":")
        if kind in ("character", "consequence"):
            return rest.split(":")[0]
        return None


_last: list[tuple[Scene, tuple[AspectInPlay, ...]]] = []
"""The scenes last asked about and their aspects: scenes are immutable, and a keystroke
asks about the same few scenes several times (the dashboard, then the command it runs)."""


def aspects_in_play(scene: Scene) -> tuple[AspectInPlay, ...]:
    """Scene, zone, character aspects (with revealed forms' ones) and consequences."""
    for known, found in _last:
        if known is scene:
            return found
    found = _collect(scene)
    _last[:] = [(scene, found), *_last[:2]]
    return found


def first_aspect_in_play(
    scene: Scene, wanted: Callable[[AspectInPlay], bool]
) -> AspectInPlay | None:
    """The first aspect in play, in :func:`aspects_in_play`'s order, that is ``wanted``:
    looked for without listing all of a large scene's aspects first."""
    for known, found in _last:
        if known is scene:
            return next((aspect for aspect in found if wanted(aspect)), None)
    for aspect in scene.aspects:
        if wanted(in_play := AspectInPlay(SCENE_HOLDER, aspect)):
            return in_play
    for zone in scene.zones:
        for aspect in zone.aspects:
            if wanted(in_play := AspectInPlay(f"zone:{zone.id}", aspect)):
                return in_play
    for character in scene.characters:
        for in_play in _held(character):
            if wanted(in_play):
                return in_play
    return None


def aspect_by_key(scene: Scene, key: str) -> AspectInPlay | None:
    """The one aspect in play whose key is ``key`` (None if none, or several): found
    through its holder, without listing every aspect of a large scene."""
    holder, _, _ = key.partition("/")
    kind, _, rest = holder.partition(":")
    candidates: tuple[AspectInPlay, ...] = ()
    if kind == SCENE_HOLDER and not rest:
        candidates = tuple(AspectInPlay(SCENE_HOLDER, aspect) for aspect in scene.aspects)
    elif kind == "zone" and rest in scene.zone_index:
        zone = scene.zone_index[rest]
        candidates = tuple(AspectInPlay(holder, aspect) for aspect in zone.aspects)
    elif kind in ("character", "consequence"):
        character = scene.character_index.get(rest.split(":")[0])
        candidates = _held(character) if character is not None else ()
    matches = [found for found in candidates if found.key == key]
    return matches[0] if len(matches) == 1 else None


def _collect(scene: Scene) -> tuple[AspectInPlay, ...]:
    found = [AspectInPlay(SCENE_HOLDER, aspect) for aspect in scene.aspects]
    for zone in scene.zones:
        found += [AspectInPlay(f"zone:{zone.id}", aspect) for aspect in zone.aspects]
    for character in scene.characters:
        found += _held(character)
    return tuple(found)


def _held_by(character: Character) -> tuple[AspectInPlay, ...]:
    """A character's aspects in play (with its consequences)."""
    holder = f"character:{character.id}"
    own = [AspectInPlay(holder, aspect) for aspect in character.current_aspects]
    own += [
        AspectInPlay(f"consequence:{character.id}:{index}", slot.aspect)
        for index, slot in enumerate(character.consequences)
        if slot.aspect is not None
    ]
    return tuple(own)


def _swap(aspects: tuple[Aspect, ...], old: Aspect, new: Aspect | None) -> tuple[Aspect, ...]:
    if old not in aspects:
        raise KeyError(old.name)
    index = aspects.index(old)
    rest = aspects[:index] + aspects[index + 1 :]
    return rest if new is None else (*rest[:index], new, *rest[index:])


def replace_aspect(scene: Scene, holder: str, old: Aspect, new: Aspect | None) -> Scene:
    """A scene with ``old`` (held by ``holder``) replaced by ``new``, or removed if None."""
    kind, _, rest = holder.partition(":")
    if kind == SCENE_HOLDER:
        return replace(scene, aspects=_swap(scene.aspects, old, new))
    if kind == "zone":
        zones = tuple(
            replace(zone, aspects=_swap(zone.aspects, old, new)) if zone.id == rest else zone
            for zone in scene.zones
        )
        return replace(scene, zones=zones)
    if kind == "character":
        character = scene.character(rest)
        if old in character.aspects:
            return scene.with_character(
                replace(character, aspects=_swap(character.aspects, old, new))
            )
        forms = tuple(
            replace(form, aspects=_swap(form.aspects, old, new)) if old in form.aspects else form
            for form in character.forms
        )
        return scene.with_character(replace(character, forms=forms))
    if kind == "consequence":
        character_id, _, slot_text = rest.partition(":")
        character = scene.character(character_id)
        index = int(slot_text)
        slots = list(character.consequences)
        slot = slots[index]
        slots[index] = slot.emptied() if new is None else replace(slot, aspect=new)
        return scene.with_character(replace(character, consequences=tuple(slots)))
    raise KeyError(holder)


def without_invokes_of(scene: Scene, owner: str) -> Scene:
    """A scene where ``owner`` holds no free invoke (it is leaving the scene): its boosts
    are gone, its free invokes on other aspects too."""
    for found in aspects_in_play(scene):
        if owner in found.aspect.free_invokes:
            stripped = _strip(found.aspect, owner)
            new = None if stripped.is_boost and not stripped.free_invokes else stripped
            return without_invokes_of(replace_aspect(scene, found.holder, found.aspect, new), owner)
    for character in scene.characters:  # forms not revealed yet are not in play
        if any(owner in a.free_invokes for form in character.forms for a in form.aspects):
            forms = tuple(
                replace(form, aspects=tuple(_strip(a, owner) for a in form.aspects))
                for form in character.forms
            )
            scene = scene.with_character(replace(character, forms=forms))
    return scene


def _strip(aspect: Aspect, owner: str) -> Aspect:
    kept = tuple(who for who in aspect.free_invokes if who != owner)
    return aspect if kept == aspect.free_invokes else replace(aspect, free_invokes=kept)


def add_aspect(scene: Scene, holder: str, aspect: Aspect) -> Scene:
    """A scene with a new aspect on the scene, a zone or a character."""
    kind, _, rest = holder.partition(":")
    if kind == SCENE_HOLDER:
        return replace(scene, aspects=(*scene.aspects, aspect))
    if kind == "zone":
        zones = tuple(
            replace(zone, aspects=(*zone.aspects, aspect)) if zone.id == rest else zone
            for zone in scene.zones
        )
        return replace(scene, zones=zones)
    if kind == "character":
        character = scene.character(rest)
        return scene.with_character(replace(character, aspects=(*character.aspects, aspect)))
    raise KeyError(holder)


_held = ByIdentity(_held_by, limit=1 << 16)
"""Each character's aspects in play, by the character object: most commands change one
character, and the others' are the same objects as before (room for the largest scenes'
characters, or it forgets them all each time it fills)."""
