"""Hypothesis strategies that write valid scene files, built from docs/scene-format.md: zones
and links, PCs and NPCs with skills, stress, consequences and aspects whose free invokes are
held by the GM or a character of the scene, hazards and distractions, countdowns, the turn
order and held fate points. Every reference points at something the document defines, every
number is in its range, so the loader should accept each document it draws."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from fatescreen.rules.aspects import GM, make_id

Data = dict[str, Any]

SKILLS = ("Fight", "Shoot", "Athletics", "Physique", "Will", "Lore", "Provoke", "Notice")
KINDS = ("pc", "major", "minor", "mooks")

# Letters, digits, punctuation and spaces from any script (no controls, no separators but
# the plain space): what a GM types in a name.
_CHARACTERS = st.characters(
    categories=("Lu", "Ll", "Lo", "Nd", "Pd", "Po", "Zs", "So"),
    exclude_characters="\x85\xa0\u2028\u2029",
)
words = st.text(_CHARACTERS, min_size=0, max_size=12)
free_text = st.one_of(words, st.lists(words, min_size=1, max_size=3).map("\n".join), st.just(""))


def label(prefix: str) -> st.SearchStrategy[str]:
    """A name that starts with ``prefix`` (which keeps ids unique and never empty) and goes
    on with anything a GM might type."""
    return words.map(lambda tail: f"{prefix} {tail}".strip())


def free_invokes(owners: list[str]) -> st.SearchStrategy[Any]:
    """A count for the default owner, or a table naming owners among ``owners``."""
    return st.one_of(
        st.integers(0, 3),
        st.dictionaries(st.sampled_from(owners), st.integers(0, 3), min_size=1, max_size=3),
    )


def aspect(owners: list[str], prefix: str) -> st.SearchStrategy[Any]:
    """A bare aspect name, or the table form with free invokes, hidden or boost."""
    table = st.fixed_dictionaries(
        {"name": label(prefix)},
        optional={
            "free_invokes": free_invokes(owners),
            "hidden": st.booleans(),
        },
    )
    return st.one_of(label(prefix), table)


def aspects(owners: list[str], prefix: str) -> st.SearchStrategy[list[Any]]:
    """Aspects with distinct names (their ids must differ where they live)."""
    return st.integers(0, 3).flatmap(
        lambda count: st.tuples(*(aspect(owners, f"{prefix}{i}") for i in range(count))).map(list)
    )


@st.composite
def character(
    draw: st.DrawFn, name: str, section: str, zones: list[str], owners: list[str]
) -> Data:
    """One ``[[pc]]`` or ``[[npc]]`` record."""
    data: Data = {"name": name}
    kind = "pc" if section == "pc" else draw(st.sampled_from(KINDS[1:]))
    if section == "npc" and kind != "major":
        data["kind"] = kind
    if zones and draw(st.booleans()):
        data["zone"] = draw(st.sampled_from(zones))
    if draw(st.booleans()):
        data["high_concept"] = draw(label("Concept"))
    if draw(st.booleans()):
        data["aspects"] = draw(aspects(owners, "Trait"))
    data["skills"] = draw(st.dictionaries(st.sampled_from(SKILLS), st.integers(-2, 6), max_size=5))
    if draw(st.booleans()):
        data["fate_points"] = draw(st.integers(0, 5))
    if kind == "mooks":
        data["members"] = draw(st.integers(1, 6))  # a group standing has a member
    if draw(st.booleans()):
        data["weapon"] = draw(st.integers(0, 3))
    size = draw(st.integers(1, 3 if kind in ("minor", "mooks") else 4))  # minor NPCs: 0-3
    if kind in ("minor", "mooks") or draw(st.booleans()):
        data["stress"] = size
        checked = draw(st.sets(st.integers(1, size)))
        if checked:
            data["stress_checked"] = sorted(checked)
    else:
        data["stress"] = {"physical": size, "mental": size + 1}
        checked = draw(st.sets(st.integers(1, size)))
        if checked:
            data["stress_checked"] = {"physical": sorted(checked)}
    if kind in ("pc", "major") and draw(st.booleans()):
        slot = draw(st.sampled_from(["mild", "moderate", "severe"]))
        text = draw(label("Wound"))
        if draw(st.booleans()):
            data["consequences"] = {slot: text}
        else:
            data["consequences"] = {
                slot: {"text": text, "free_invokes": draw(free_invokes(owners))}
            }
    if draw(st.integers(0, 5)) == 0:
        data["taken_out"] = True
    return data


@st.composite
def scene_document(draw: st.DrawFn) -> Data:
    """A whole valid scene as plain data, ready for ``tomlkit.dumps``."""
    zone_names = [draw(label(f"Zone{i}")) for i in range(draw(st.integers(0, 4)))]
    zone_refs = [ref for name in zone_names for ref in (name, make_id(name))]
    pcs = [draw(label(f"Pc{i}")) for i in range(draw(st.integers(0, 3)))]
    npcs = [draw(label(f"Npc{i}")) for i in range(draw(st.integers(0, 4)))]
    ids = [make_id(name) for name in pcs + npcs]
    owners = [GM, *ids]

    doc: Data = {"format": 1, "title": draw(label("Scene"))}
    if draw(st.booleans()):
        doc["notes"] = draw(free_text)
    if draw(st.booleans()):
        doc["gm_pool"] = draw(st.integers(0, 10))
    if draw(st.booleans()):
        doc["aspects"] = draw(aspects(owners, "Situation"))
    if draw(st.booleans()):
        doc["rules"] = draw(
            st.fixed_dictionaries(
                {},
                optional={
                    "weapons_and_armor": st.booleans(),
                    "full_defense": st.booleans(),
                    "ladder_names": st.booleans(),
                    "extra_stress_boxes": st.integers(0, 2),
                    "contest_victories": st.integers(3, 5),
                },
            )
        )
    if zone_names:
        doc["zone"] = [
            {"name": name, **({"aspects": draw(aspects(owners, "Place"))} if i % 2 else {})}
            for i, name in enumerate(zone_names)
        ]
    pairs = [(a, b) for a in range(len(zone_names)) for b in range(a + 1, len(zone_names))]
    linked = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=4)) if pairs else []
    if linked:
        doc["link"] = [
            {
                "zones": [draw(st.sampled_from(zone_refs[2 * a : 2 * a + 2])), zone_names[b]],
                **({"barrier": draw(st.integers(0, 4))} if draw(st.booleans()) else {}),
            }
            for a, b in linked
        ]
    if pcs:
        doc["pc"] = [draw(character(name, "pc", zone_refs, owners)) for name in pcs]
    if npcs:
        doc["npc"] = [draw(character(name, "npc", zone_refs, owners)) for name in npcs]

    hazards = [draw(label(f"Hazard{i}")) for i in range(draw(st.integers(0, 2)))]
    obstacles: list[Data] = [
        {"hazard": name, "rating": draw(st.integers(0, 5))}
        | ({"zone": draw(st.sampled_from(zone_refs))} if zone_refs else {})
        for name in hazards
    ]
    if draw(st.booleans()):
        obstacles.append(
            {
                "distraction": draw(label("Distraction")),
                "choice": draw(label("Choose")),
                "answers": {draw(label("Yes")): draw(label("Then"))},
            }
        )
    if obstacles:
        doc["obstacle"] = obstacles
    countdowns = []
    for i in range(draw(st.integers(0, 2))):
        boxes = draw(st.integers(1, 6))
        countdowns.append(
            {
                "name": draw(label(f"Clock{i}")),
                "boxes": boxes,
                "checked": draw(st.integers(0, boxes)),
                "outcome": draw(free_text),
                "visible": draw(st.sampled_from(["hidden", "boxes", "full"])),
            }
        )
    if countdowns:
        doc["countdown"] = countdowns

    actors = ids + [make_id(name) for name in hazards]
    if actors and draw(st.booleans()):
        participants = draw(st.lists(st.sampled_from(actors), unique=True, min_size=1))
        acted = draw(st.lists(st.sampled_from(participants), unique=True))
        turn: Data = {"exchange": draw(st.integers(1, 5)), "participants": participants}
        if acted:
            turn["acted"] = acted
            if draw(st.booleans()):
                turn["up"] = draw(st.sampled_from(acted))
        doc["turn"] = turn
    if ids and draw(st.booleans()):
        doc["held"] = [
            {"to": draw(st.sampled_from(ids)), "points": draw(st.integers(1, 3))}
            for _ in range(draw(st.integers(1, 2)))
        ]
    return doc
