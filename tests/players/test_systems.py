"""The player view of Menneisyyden varjot, Mekanismi and Objektien luonti: the GM plays the
sample scene in a session; the players' app follows its journal and shows the public state,
in English and Finnish, and none of the secrets (worked out in ``system_secrets.py`` from
what the scene marks, apart from the systems' ``public`` parts); undo reaches the players."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from fatescreen import systems
from fatescreen.commands.follow import Followed, Follower
from fatescreen.ui.players.app import PlayersApp
from tests.players.system_secrets import SECRETS, leaked
from tests.systems.support import SCENES, SILLALLA, copied
from tests.ui.support import screen_text

SIZE = (160, 50)


@dataclass
class Table:
    """The GM's session on a copy of a sample scene and the players' app following it."""

    path: Path
    gm: Any
    app: PlayersApp
    pilot: Pilot[None]

    async def play(self, line: str) -> str:
        """Apply one line on the GM's side; what the players' app shows once it has caught
        up, checked for every secret of the scene as it is now."""
        result = self.gm.execute(line)
        assert result.ok, (line, result.lines)
        expected = self.app.follower.system.part("public").maker()(self.gm.value)
        for _ in range(500):
            followed = self.app.followed
            if followed is not None and followed.scene == expected:
                break
            await self.pilot.pause(0.01)
        assert self.app.followed is not None and self.app.followed.scene == expected, line
        await self.pilot.pause()
        shown = self.shown()
        secrets = SECRETS[self.gm.system](self.path, self.gm.value)
        assert not leaked(shown, secrets), (
            f"after {line!r} the players see {leaked(shown, secrets)}"
        )
        return shown

    def shown(self) -> str:
        """Everything on the players' screen and in its panes (scrolled or not)."""
        return screen_text(self.app) + "\n" + self.app.screen_text()


@asynccontextmanager
async def table(tmp_path: Path, scene: str, lang: str) -> AsyncIterator[Table]:
    path = copied(tmp_path, SCENES / scene)
    gm = systems.of_file(path).open_session(path, seed=3)
    app = PlayersApp(path, lang=lang, poll_seconds=0.01)
    async with app.run_test(size=SIZE) as pilot:
        yield Table(path, gm, app, pilot)


def pane(app: PlayersApp, name: str) -> str:
    """One pane's text as shown."""
    return app.shown[name].plain


TITLES = {
    "varjot/sillalla.toml": {
        "en": ("Characters", "Check", "Gift dice"),
        "fi": ("Hahmot", "Kykytarkistus", "Lahjanopat"),
    },
    "mekanismi/kuilun-reunalla.toml": {
        "en": ("Characters", "Check"),
        "fi": ("Hahmot", "Kykytarkistus"),
    },
    "objektit/satamassa.toml": {
        "en": ("Objects", "Conflict", "Initiative"),
        "fi": ("Objektit", "Konflikti", "Aloite"),
    },
}
SOMEONE = {"en": "someone", "fi": "joku"}


def titled(shown: str, titles: Sequence[str]) -> None:
    for title in titles:
        assert title in shown, title


@pytest.mark.parametrize("lang", ["en", "fi"])
async def test_menneisyyden_varjot(tmp_path: Path, lang: str) -> None:
    async with table(tmp_path, "varjot/sillalla.toml", lang) as at:
        shown = await at.play("check Ilse Miekkailu vs Vartija Miekkailu")
        titled(shown, TITLES["varjot/sillalla.toml"][lang])
        assert "Ilse · Miekkailu 3" in pane(at.app, "varjot-check")
        assert "Vartija" in pane(at.app, "varjot-check")
        await at.play("pool Ilse Ruumis")
        await at.play("gift Tuomas to Ilse")
        await at.play("penalty 1 on Vartija")
        await at.play("penalty 1 on Ilse Myrkkysumu")
        shown = await at.play("bonus 1 on Ilse Sukutaika")
        check = pane(at.app, "varjot-check")
        assert "Ruumis" in check and "Tuomas" in check  # the players' own dice
        await at.play("roll -0++0 vs 0+0-")
        rolled = pane(at.app, "varjot-check")
        assert "Ilse" in pane(at.app, "varjot-characters")
        assert "Ruumis 3/5" in pane(at.app, "varjot-characters")
        gifts = pane(at.app, "varjot-gifts")
        assert "Tuomas ●●● 3" in gifts and "Eevi ●●●● 4" in gifts
        assert "PJ" not in gifts  # the GM's own gift dice are the GM's
        settled = await at.play("accept")
        assert "Miekkailu" not in pane(at.app, "varjot-check")
        assert ("Ilse wins by 4" if lang == "en" else "Ilse voittaa") in settled
        # a check against the hidden GM's character: its side is someone's
        await at.play("check Saga Loitsut vs Kalmanlordi Kalmantaikuus")
        check = pane(at.app, "varjot-check")
        assert SOMEONE[lang] in check and "Saga · Loitsut 4" in check
        assert "Kalmanlordi" not in at.shown() and "Kalmantaikuus" not in at.shown()
        # undo reaches the players: undone means never happened
        await at.play("undo")
        assert "Saga" not in pane(at.app, "varjot-check")
        await at.play("undo")
        assert pane(at.app, "varjot-check") == rolled  # the rolled check, not yet accepted
        redone = await at.play("redo")
        assert ("Ilse wins by 4" if lang == "en" else "Ilse voittaa") in redone


@pytest.mark.parametrize("lang", ["en", "fi"])
async def test_mekanismi(tmp_path: Path, lang: str) -> None:
    async with table(tmp_path, "mekanismi/kuilun-reunalla.toml", lang) as at:
        shown = await at.play("check Ragnar Taistelu vs Rosvopäällikkö+Rosvo Taistelu")
        titled(shown, TITLES["mekanismi/kuilun-reunalla.toml"][lang])
        check = pane(at.app, "mekanismi-check")
        assert "Ragnar · Taistelu" in check
        assert f"{SOMEONE[lang]}, Rosvo" in check  # the hidden chief leads the bandits
        assert "Rosvopäällikkö" not in shown
        await at.play("advantage for Ragnar Korkeampi maasto")
        await at.play("disadvantage for Ragnar Liukas kallio")
        check = pane(at.app, "mekanismi-check")
        assert "5d6" in check  # Ragnar's 3 dice, an advantage and the other side's haitta
        await at.play("roll")
        check = pane(at.app, "mekanismi-check")
        assert "Ragnar" in check and "[" in check
        characters = pane(at.app, "mekanismi-characters")
        assert "Ragnar (Eevi)" in characters and "Perämies" in characters
        hurt = await at.play("hurt Rosvo 1")
        out = "out" if lang == "en" else "poissa"
        rosvo = next(
            line
            for line in pane(at.app, "mekanismi-characters").splitlines()
            if line.startswith("Rosvo ")
        )
        assert out in rosvo
        assert "Rosvopäällikkö" not in hurt
        await at.play("undo")
        rosvo = next(
            line
            for line in pane(at.app, "mekanismi-characters").splitlines()
            if line.startswith("Rosvo")
        )
        assert out not in rosvo
        await at.play("undo")  # the roll
        assert "[" not in pane(at.app, "mekanismi-check")


@pytest.mark.parametrize("lang", ["en", "fi"])
async def test_objektien_luonti(tmp_path: Path, lang: str) -> None:
    async with table(tmp_path, "objektit/satamassa.toml", lang) as at:
        shown = await at.play("initiative Aino vikkelä poliisi dice 3 4")
        titled(shown, TITLES["objektit/satamassa.toml"][lang])
        objects = pane(at.app, "objektit-objects")
        assert "Aino (Eevi)" in objects and "Melko kyvykäs poliisi" in objects
        assert "Bertil" in objects and "Kuluneet saappaat, arpi leuassa." in objects
        await at.play("initiative Merikotka = 2")
        await at.play("initiative Bertil vikkelä - dice 2 2")
        order = pane(at.app, "objektit-initiative")
        assert "Aino" in order and "Bertil" in order and "Merikotka" not in order
        await at.play("check Bertil vikkelä veitsitaistelu +2")
        assert "Bertil" in pane(at.app, "objektit-conflict")
        resolved = await at.play("roll 3 5")
        assert "Bertil: +1" in resolved
        await at.play("condition Aino 4")
        assert "■■■■□□ 4" in pane(at.app, "objektit-objects")
        await at.play("check Merikotka nopea kapteeni")
        assert SOMEONE[lang] in pane(at.app, "objektit-conflict")
        await at.play("undo")
        assert SOMEONE[lang] not in pane(at.app, "objektit-conflict")
        await at.play("undo")
        assert "■■■■□□ 4" not in pane(at.app, "objektit-objects")


def test_a_save_keeps_the_check_and_an_undo_past_it_reaches_the_players(tmp_path: Path) -> None:
    """The GM saves with a check under way (no file holds it): the players still see it,
    and an undo past the save takes the roll back for them too."""
    path = copied(tmp_path, SILLALLA)
    gm = systems.of_file(path).open_session(path, seed=3)
    follower = Follower(path, lang="en")
    try:
        for line in ("check Ilse Miekkailu vs Vartija Miekkailu", "pool Ilse Ruumis", "roll"):
            assert gm.execute(line).ok, line
        rolled = follower.poll()
        assert rolled is not None and rolled.scene is not None
        assert gm.execute("save").ok
        saved = follower.poll()
        assert saved is None or saved.scene == rolled.scene
        assert gm.execute("undo").ok
        undone = follower.poll()
        assert undone is not None and undone.scene is not None
        check = undone.scene.check
        assert check is not None and all(side.level is None for side in check)
        assert undone.scene.characters[0].pools[0].left == 3  # the point spent stays spent
    finally:
        follower.close()


@pytest.mark.parametrize(
    ("scene", "hidden", "shown", "pc"),
    [
        ("varjot/sillalla.toml", "Kalmanlordi", "Vartija", "Ilse"),
        ("mekanismi/kuilun-reunalla.toml", "Rosvopäällikkö", "Renttu", "Ragnar"),
        ("objektit/satamassa.toml", "Merikotka", "Bertil", "Aino"),
    ],
    ids=["varjot", "mekanismi", "objektit"],
)
def test_secret_and_public_reach_the_players_and_the_file(
    tmp_path: Path, scene: str, hidden: str, shown: str, pc: str
) -> None:
    """``public`` shows a hidden GM's character, ``secret`` hides one, each an undoable
    step the players follow; a save writes ``hidden`` (or takes it out); a player's
    character cannot be secret."""
    path = copied(tmp_path, SCENES / scene)
    gm = systems.of_file(path).open_session(path, seed=3, lang="en")
    follower = Follower(path, lang="en")
    seen: list[Followed] = []

    def names() -> str:
        """What the players' view holds now (a poll says nothing when nothing changed)."""
        followed = follower.poll()
        seen.extend([followed] if followed is not None else [])
        return repr(seen[-1].scene)

    try:
        assert hidden not in names() and shown in names()
        assert gm.execute(f"public {hidden}").lines == (
            f"{hidden} is public now: the players see it",
        )
        assert gm.execute(f"secret {shown}").ok
        assert hidden in names() and shown not in names()
        assert gm.execute("undo").ok
        assert shown in names()
        assert gm.execute("redo").ok
        assert gm.execute(f"salaa {pc}").lines == (f"{pc} is a PC: the players always see the PCs",)
        assert gm.execute(f"secret {shown}").lines == (f"{shown} is already secret",)
        assert gm.execute("save").ok
        text = path.read_text(encoding="utf-8")
        assert text.count("hidden = true") == 1
        assert "# Kept off the player view" in text  # the GM's comment stays
        assert hidden in names() and shown not in names()
        again = systems.of_file(path).open_session(path, journal=False)
        assert again.value == gm.value
    finally:
        follower.close()
