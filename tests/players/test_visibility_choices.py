"""The dashboard's secret-or-public pick: every element with its state, the selected
character's first, each line a command that flips it."""

from __future__ import annotations

from pathlib import Path

from fatescreen.commands.requests import Visibility
from fatescreen.commands.session import Session
from fatescreen.scene.load import load_scene
from fatescreen.ui.state import View
from fatescreen.ui.visibility import visibility_choices


def test_the_selected_npc_and_its_aspects_come_first(chapel: Path) -> None:
    scene = load_scene(chapel).scene
    choices = visibility_choices(scene, View(selected="priest"))
    assert choices[:3] == [
        (Visibility("character:priest", secret=True), "Father Oskari: public"),
        (
            Visibility("aspect:character:priest/kindly-old-priest", secret=True),
            "Kindly old priest: public",
        ),
        (
            Visibility("aspect:character:priest/leader-of-the-drowned-cult", secret=False),
            "Leader of the drowned cult: secret",
        ),
    ]
    labels = [label for _, label in choices]
    assert "Sunken vault: secret" in labels
    assert "The tide rises: secret" in labels
    assert "Bells toll: secret" in labels  # only its boxes show: its name is secret
    assert "Candles burn down: public" in labels
    assert "Hooded assassin: secret" in labels
    assert not any(label.startswith("Silbestre:") for label in labels)  # PCs are public


def test_each_choice_flips_its_element(chapel: Path) -> None:
    gm = Session.open(chapel, journal=False)
    for request, label in visibility_choices(gm.scene, View(selected="silbestre")):
        line = request.command()
        result = gm.execute(line)
        assert result.ok, (line, result.lines)
        now = {lab.rsplit(": ", 1)[0]: lab for _, lab in visibility_choices(gm.scene, View())}
        assert now[label.rsplit(": ", 1)[0]] != label, line
