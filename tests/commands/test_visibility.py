"""The secret and public verbs, hidden zones and NPCs in the file, and the Markdown record."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fatescreen.commands.session import Session
from fatescreen.rules.obstacles import CountdownVisibility
from fatescreen.scene.errors import SceneFileError
from fatescreen.scene.load import load_scene
from fatescreen.scene.public import public_scene
from tests.commands.support import DEMO, open_session

SECRETS = Path(__file__).resolve().parents[1] / "players" / "data" / "secrets.toml"


@pytest.fixture
def chapel(tmp_path: Path) -> Session:
    path = tmp_path / "secrets.toml"
    shutil.copy(SECRETS, path)
    return Session.open(path, journal=False)


def test_secret_and_public_flip_each_kind_of_element(chapel: Session) -> None:
    for line, check in (
        ("public assassin", lambda s: not s.character("assassin").hidden),
        ("secret priest", lambda s: s.character("priest").hidden),
        ('public "Sunken vault"', lambda s: not s.zone("sunken-vault").hidden),
        ("secret vestry", lambda s: s.zone("vestry").hidden),
        ("public trapdoor", lambda s: not s.aspects[1].hidden),
        ("secret aspect:rain", lambda s: s.aspects[0].hidden),
        (
            "public tide",
            lambda s: s.countdowns[0].visibility is CountdownVisibility.FULL,
        ),
        (
            "secret candles",
            lambda s: s.countdowns[2].visibility is CountdownVisibility.HIDDEN,
        ),
    ):
        result = chapel.execute(line)
        assert result.ok, result.lines
        assert check(chapel.scene), line


def test_the_verbs_say_what_they_did_and_undo_takes_it_back(chapel: Session) -> None:
    result = chapel.execute("public assassin")
    assert result.lines == ('"Hooded assassin" is public now: the players see it',)
    assert "Hooded assassin" in [c.name for c in public_scene(chapel.scene).npcs]
    chapel.execute("undo")
    assert chapel.scene.character("assassin").hidden
    finnish = chapel.execute("salaa priest")
    assert finnish.ok and chapel.scene.character("priest").hidden


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("secret silbestre", '"Silbestre" is a PC: the players always see the PCs'),
        ("public nave", '"Nave" is already public'),
        ("public assassin extra", "did not understand"),
        ("secret assassin", '"Hooded assassin" is already secret'),
        ("public nowhere-at-all", "no aspect, NPC, zone or countdown 'nowhere-at-all'"),
        ("secret", "missing"),
    ],
)
def test_refusals_change_nothing(chapel: Session, line: str, message: str) -> None:
    before = chapel.scene
    result = chapel.execute(line)
    assert not result.ok
    assert message in result.lines[0]
    assert chapel.scene is before


def test_hidden_zones_and_npcs_survive_a_save(chapel: Session, tmp_path: Path) -> None:
    chapel.execute("public assassin")
    chapel.execute("secret nave")
    chapel.execute("save")
    text = (tmp_path / "secrets.toml").read_text(encoding="utf-8")
    scene = load_scene(tmp_path / "secrets.toml").scene
    assert not scene.character("assassin").hidden
    assert scene.zone("nave").hidden
    assert scene.zone("sunken-vault").hidden
    assert 'name = "Hooded assassin"\nid = "assassin"\nzone = "Vestry"\nhigh_concept' in text


def test_a_hidden_pc_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    text = SECRETS.read_text(encoding="utf-8").replace(
        'player = "Eevi"', 'player = "Eevi"\nhidden = true'
    )
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SceneFileError) as caught:
        load_scene(path)
    assert str(caught.value.problems[0]) == (
        f"{path}:28: pc[1].hidden: a PC is always known to the players; only NPCs hide"
    )


def test_the_markdown_record_leaves_out_entries_that_name_a_secret(chapel: Session) -> None:
    chapel.execute('aspect add "Poisoned wine" hidden')
    chapel.execute('aspect add "Open door" free 1')
    chapel.execute("public assassin")
    chapel.execute("secret assassin")
    chapel.execute('add major "Second assassin" in vestry')
    chapel.execute("secret second")
    chapel.execute("remove second")
    record = "\n".join(chapel.log_lines(markdown=True))
    assert "Open door" in record
    for secret in ("Poisoned wine", "Hooded assassin", "Second assassin"):
        assert secret not in record
    chapel.execute("public assassin")
    chapel.execute("public aspect:poisoned")
    record = "\n".join(chapel.log_lines(markdown=True))
    assert "Poisoned wine" in record and "Hooded assassin" in record
    assert "Second assassin" not in record  # removed while secret: never met


def test_a_new_npc_or_zone_can_be_secret_from_the_start(chapel: Session) -> None:
    result = chapel.execute('add major "Sniper" in vestry hidden on')
    assert result.ok, result.lines
    assert chapel.scene.character("sniper").hidden
    assert "Sniper" not in repr(public_scene(chapel.scene))
    assert chapel.execute('add zone "Bell tower" hidden on').ok
    assert chapel.scene.zone("bell-tower").hidden
    assert chapel.execute("set sniper hidden off").ok
    assert not chapel.scene.character("sniper").hidden
    refused = chapel.execute("set silbestre hidden on")
    assert not refused.ok
    assert "a PC is always known to the players" in refused.lines[0]


@pytest.mark.parametrize(
    ("lang", "add", "secret", "said"),
    [
        (
            "en",
            'aspect add "Stairs: slick" on stairs',
            'secret "aspect:Stairs: slick"',
            '"Stairs: slick" is secret now: the players do not see it',
        ),
        (
            "fi",
            'piirre lisää "Stairs: slick" on stairs',
            'salaa "aspect:Stairs: slick"',
            '"Stairs: slick" on nyt salainen: pelaajat eivät näe sitä',
        ),
    ],
)
def test_an_aspect_with_a_colon_in_its_name_is_found_after_aspect(
    lang: str, add: str, secret: str, said: str
) -> None:
    """``aspect:NAME`` splits at the first colon: the rest, colons and all, is the name."""
    session = open_session(DEMO, lang)
    assert session.execute(add).ok
    assert session.execute(secret).lines == (said,)
    stairs = next(z for z in session.scene.zones if z.id == "stairs")
    assert [(a.name, a.hidden) for a in stairs.aspects if ":" in a.name] == [
        ("Stairs: slick", True)
    ]
