"""Every public output keeps every secret: the terminal player view, ``log --markdown`` and
``fatescreen log CAMPAIGN``, on the sample campaign and on a scene full of secrets, after
play that touches each kind of secret (a hidden NPC acting, its fate points, an NPC's
refresh and armor, the notes, hidden aspects, a distraction, countdowns shown as boxes or
hidden).

The secret strings are worked out here from what the scene marks hidden, apart from
``fatescreen.scene.public``. A scene of each other system (whose sessions keep no Markdown
record) is read on the player view after play that touches its secrets, its secret strings
worked out apart from the system's ``public`` part (``system_secrets.py``).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path

import pytest

from fatescreen import systems
from fatescreen.cli import main
from fatescreen.commands.campaign_session import open_campaign
from fatescreen.commands.session import Session
from fatescreen.resources import sample_campaign
from fatescreen.rules.aspects import Aspect
from fatescreen.rules.character import CharacterKind
from fatescreen.rules.obstacles import CountdownVisibility, Distraction
from fatescreen.scene.campaign import load_campaign, party_of
from fatescreen.scene.load import load_scene
from fatescreen.scene.model import Scene
from fatescreen.ui.players.app import PlayersApp
from tests.players.conftest import DATA, SCENES
from tests.players.system_secrets import SECRETS
from tests.ui.support import screen_text

SHORTEST = 4
"""Shorter strings (a one-letter name) would be found inside ordinary words."""

PLAY = (
    'add major "Hooded watcher" in {zone} hidden on',
    'aspect add "Watcher in the rafters" on watcher hidden',
    'aspect add "Poisoned inkwell" hidden',
    "set watcher fp 3 refresh 4",
    "set {npc} refresh 2 armor 1",
    'add distraction "Burning ledger" "Save the ledger or the clerk" difficulty 3',
    'add countdown "Reinforcements arrive" 3 visible hidden trigger "each exchange"',
    'add countdown "Distant bells toll" 4 visible boxes trigger "each failed roll" '
    'outcome "The bishop wakes"',
    'set scene notes "The watcher works for the bishop"',
    "attack watcher {pc}",
    "tick reinforcements",
    "tick distant",
    "stress {npc} physical 1",
    "fp give {pc} 1 a fine speech",
)
"""Play that touches every kind of secret, and some public changes."""


def _aspects(scene: Scene) -> Iterable[Aspect]:
    yield from scene.aspects
    for zone in scene.zones:
        yield from zone.aspects
    for character in scene.characters:
        yield from character.aspects
        for form in character.forms:
            yield from form.aspects


def hidden_strings(scene: Scene) -> set[str]:
    """What ``scene`` marks secret, as texts: the notes, hidden aspects, hidden zones (no PC
    in them) and what is in them, hidden NPCs and those in a secret zone with their
    aspects, every NPC's stunts and unrevealed true forms, countdowns not shown in full
    (name, triggers, outcome), distractions (name, choice, answers), the held points'
    reasons."""
    strings = {line.strip() for line in scene.notes.splitlines()}
    strings |= {a.name for a in _aspects(scene) if a.hidden}
    pcs_in = {c.zone for c in scene.characters if c.kind is CharacterKind.PC}
    secret_zones = {z.id for z in scene.zones if z.hidden and z.id not in pcs_in}
    for zone in scene.zones:
        if zone.id in secret_zones:
            strings.add(zone.name)
            strings |= {a.name for a in zone.aspects}
    for npc in scene.characters:
        if npc.kind is CharacterKind.PC:
            continue
        if npc.hidden or npc.zone in secret_zones:
            strings.add(npc.name)
            strings |= {a.name for a in npc.aspects}
        strings |= {stunt.text for stunt in npc.stunts}
        for form in npc.forms[npc.form :]:
            strings.add(form.name)
            strings |= {a.name for a in form.aspects}
    for countdown in scene.countdowns:
        if countdown.visibility is not CountdownVisibility.FULL:
            strings |= {countdown.name, countdown.outcome, *countdown.triggers}
    for obstacle in scene.obstacles:
        if isinstance(obstacle, Distraction):
            strings |= {obstacle.name, obstacle.choice}
            for answer in obstacle.answers:
                strings |= {answer.answer, answer.consequence}
    strings |= {entry.reason for entry in scene.held}
    return {text for text in strings if len(text) >= SHORTEST}


def found_in(text: str, secrets: set[str]) -> list[str]:
    folded = text.casefold()
    return sorted(secret for secret in secrets if secret.casefold() in folded)


async def player_view_text(path: Path) -> str:
    """Everything the terminal player view shows of ``path`` once it has followed the GM."""
    app = PlayersApp(path, lang="en", poll_seconds=0.01)
    async with app.run_test(size=(160, 60)) as pilot:
        for _ in range(500):
            if app.followed is not None:
                break
            await pilot.pause(0.01)
        await pilot.pause(0.2)  # the journal read after the files
        assert app.followed is not None
        return screen_text(app) + "\n" + app.screen_text()


def play(session: Session, **names: str) -> None:
    for line in PLAY:
        result = session.execute(line.format(**names))
        assert result.ok, (line, result.lines)


async def test_the_sample_campaign_keeps_its_secrets(capsys: pytest.CaptureFixture[str]) -> None:
    folder = sample_campaign()
    gm = open_campaign(folder, lang="en", seed=3)
    assert gm.execute("play 1").ok
    play(gm, zone="stacks", npc="dolors", pc="silbestre")
    secrets: set[str] = hidden_strings(gm.scene)
    party = party_of(load_campaign(folder).campaign)
    for path in sorted((folder / "campaign").glob("*.toml")):
        secrets |= hidden_strings(load_scene(path, party=party).scene)
    made_here = {"Hooded watcher", "Poisoned inkwell", "Distant bells toll"}
    assert made_here | {"A ladder on rails"} <= secrets
    outputs = {"player view": await player_view_text(folder)}
    outputs["log --markdown"] = "\n".join(gm.execute("log --markdown").lines)
    assert gm.execute("save").ok
    capsys.readouterr()
    assert main(["log", str(folder)]) == 0
    outputs["fatescreen log"] = capsys.readouterr().out
    leaks = {name: found_in(text, secrets) for name, text in outputs.items()}
    assert {name: found for name, found in leaks.items() if found} == {}
    # what the players saw is there
    assert "Rozio" in outputs["player view"] and "Silbestre" in outputs["fatescreen log"]
    # the GM's full record holds the secrets
    assert main(["log", str(folder), "--gm"]) == 0
    assert "Hooded watcher" in capsys.readouterr().out


async def test_a_scene_full_of_secrets_keeps_them(tmp_path: Path) -> None:
    path = tmp_path / "secrets.toml"
    shutil.copy(DATA / "secrets.toml", path)
    gm = Session.open(path, seed=3)
    play(gm, zone="nave", npc="priest", pc="silbestre")
    secrets = hidden_strings(gm.scene) | hidden_strings(load_scene(path).scene)
    assert {"Hooded watcher", "Hooded assassin", "STUNT-TEXT"} & secrets
    outputs = {
        "player view": await player_view_text(path),
        "log --markdown": "\n".join(gm.execute("log --markdown").lines),
    }
    leaks = {name: found_in(text, secrets) for name, text in outputs.items()}
    assert {name: found for name, found in leaks.items() if found} == {}
    assert "Hooded watcher" in "\n".join(gm.execute("log --markdown --gm").lines)


SYSTEM_PLAY = {
    "varjot/sillalla.toml": (
        "check Aarne Vakuuttelu vs Vartija Tarkkaavaisuus",
        "roll",
        "accept",
        "check Ilse Miekkailu vs Kalmanlordi Kalmantaikuus",
        "penalty 2 on Ilse",
        "penalty 1 on Kalmanlordi Kalmankosketus",
        "bonus 1 on Ilse Vanhaloitsu",
        "gift PJ to Ilse",
        "roll",
    ),
    "mekanismi/kuilun-reunalla.toml": (
        "check Sigrid Ammunta vs Rosvopäällikkö+Perämies Taistelu ranged",
        "advantage major for Rosvopäällikkö Jousimiesten tuli",
        "disadvantage for Sigrid Sumuinen vuono",
        "roll",
        "hurt Rosvopäällikkö 1",
        "check Ragnar Kiipeily vs 3",
        "advantage for actor Köysi vyöllä",
    ),
    "objektit/satamassa.toml": (
        "initiative Merikotka = 3",
        "initiative Bertil vikkelä merimiestaidot dice 2 5",
        "check Merikotka ohjattava miehistö -2",
        "roll 4 4",
        "condition Merikotka 5",
        "check Bertil kätevä veitsitaistelu +3",
    ),
}
"""Play in each other system that puts its hidden character and the GM's reasons on the
table, leaving a check open."""


@pytest.mark.parametrize("scene", sorted(SYSTEM_PLAY), ids=lambda scene: scene.split("/")[0])
async def test_a_scene_of_each_other_system_keeps_its_secrets(tmp_path: Path, scene: str) -> None:
    path = tmp_path / Path(scene).name
    shutil.copy(SCENES / scene, path)
    system = systems.of_file(path)
    gm = system.open_session(path, seed=3)
    secrets = set(SECRETS[system.id](path, gm.value))
    for line in SYSTEM_PLAY[scene]:
        result = gm.execute(line)
        assert result.ok, (line, result.lines)
        secrets |= SECRETS[system.id](path, gm.value)
    assert len(secrets) >= 3
    shown = await player_view_text(path)
    assert found_in(shown, secrets) == []
    assert "someone" in shown  # the hidden character acted
