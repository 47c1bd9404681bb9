"""The players' record (``log --markdown``, and a campaign's record) of every system says
what the table saw change, step by step, made from what the players may see only: a hidden
character is *someone* there, and never named."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fatescreen.commands.record import read_record
from fatescreen.commands.systems.campaign import open_system_campaign
from fatescreen.commands.systems.session import open_system_session
from tests.systems import toy
from tests.systems.support import KUILU, SATAMASSA, SILLALLA

CASES = {
    "varjot": (
        SILLALLA,
        (
            "secret Vartija",
            "check Ilse Miekkailu vs Vartija Miekkailu",
            "pool Ilse Ruumis",
            "roll",
            "accept",
        ),
        ("Ilse: pools Ruumis 3/5", "Ilse: voimavarat Ruumis 3/5"),
        "Vartija",
    ),
    "mekanismi": (
        KUILU,
        (
            "check Ragnar Taistelu vs Rosvopäällikkö Taistelu",
            "roll 666 vs 111",
            "damage Rosvopäällikkö 1",
            "hurt Ragnar 1",
        ),
        ("someone [1] [1] [1] 0", "joku [1] [1] [1] 0"),
        "Rosvopäällikkö",
    ),
    "objektit": (
        SATAMASSA,
        ("check Merikotka nopea kapteeni", "roll 1 1", "condition Aino 4"),
        ("Aino: 4 Hurt", "Aino: 4 Vahingoittunut"),
        "Merikotka",
    ),
    "toy": (toy.SAMPLE, ("mark Goblins", "mark Traps"), ("Goblins: 1", "Goblins: 1"), "Traps"),
}


@pytest.fixture
def toy_registered() -> object:
    toy.register()
    yield None
    toy.unregister()


@pytest.mark.usefixtures("toy_registered")
@pytest.mark.parametrize("lang", ["en", "fi"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_record_says_what_the_table_saw_and_names_no_secret(
    case: str, lang: str, tmp_path: Path
) -> None:
    source, lines, said, secret = CASES[case]
    path = tmp_path / source.name
    shutil.copy(source, path)
    session = open_system_session(path, seed=3, lang=lang, journal=False)
    for line in lines:
        assert session.execute(line).ok, line
    record = session.log_lines(markdown=True)
    seen = "\n".join(record[2:])
    assert said[lang == "fi"] in seen, record
    assert secret not in seen
    # the GM's record holds every command, the secret among them
    assert secret in "\n".join(session.log_lines(markdown=True, gm=True))


def test_an_undone_step_leaves_the_record(tmp_path: Path) -> None:
    path = tmp_path / KUILU.name
    shutil.copy(KUILU, path)
    session = open_system_session(path, journal=False)
    assert session.execute("hurt Ragnar 1").ok and session.execute("undo").ok
    assert session.log_lines(markdown=True)[2:] == []


def test_a_campaigns_record_holds_what_the_players_saw_in_a_scene(tmp_path: Path) -> None:
    folder = tmp_path / "campaign"
    shutil.copytree(KUILU.parent / "campaign", folder)
    session = open_system_campaign(folder, lang="en", journal=False)
    for line in ("play 1", "check Ragnar Taistelu vs Rosvo Taistelu", "roll 666 vs 11"):
        assert session.execute(line).ok, line
    session.write_record()
    players = [line for entry in read_record(folder, 1) for line in entry.players]
    assert "Ragnar wins by 3: excellent success" in players
    # the GM's lines hold the odds, which the players never read
    assert not any("%" in line for line in players)


@pytest.mark.parametrize(
    ("source", "lines", "verdict"),
    [
        (
            SILLALLA,
            ("check Vartija Miekkailu vs Ilse Miekkailu", "roll", "accept"),
            ("wins by", "tie", "succeeds", "fails"),
        ),
        (KUILU, ("check Ragnar Taistelu vs Rosvo Taistelu", "roll 666 vs 11"), ("wins by",)),
    ],
)
def test_a_character_made_secret_or_public_is_no_new_check(
    source: Path, lines: tuple[str, ...], verdict: tuple[str, ...], tmp_path: Path
) -> None:
    path = tmp_path / source.name
    shutil.copy(source, path)
    session = open_system_session(path, seed=5, journal=False)
    other = "Vartija" if source == SILLALLA else "Rosvo"  # the GM's character in the check
    for line in (*lines, f"secret {other}", f"public {other}"):
        assert session.execute(line).ok, line
    record = session.log_lines(markdown=True)[2:]
    settled = [line for line in record if any(word in line for word in verdict)]
    assert len(settled) == 1, record


@pytest.mark.parametrize(
    ("lang", "lines", "said"),
    [
        (
            "en",
            (
                "initiative Aino vikkelä kiipeily +3 dice 1 1",
                "initiative Merikotka = 2",
                "initiative Bertil vikkelä - 0 dice 66",
                "initiative clear",
            ),
            [
                "- Initiative: 1. Aino",
                "- Initiative: 1. Aino · 2. Bertil",
                "- Initiative cleared for the next fight",
            ],
        ),
        (
            "fi",
            ("aloite Aino vikkelä kiipeily +3 nopat 1 1", "aloite Bertil = 6"),
            ["- Aloite: 1. Aino", "- Aloite: 1. Aino · 2. Bertil"],
        ),
    ],
)
def test_the_objektit_record_gives_the_acting_order_without_a_hidden_object(
    tmp_path: Path, lang: str, lines: tuple[str, ...], said: list[str]
) -> None:
    """«vain kerran "taistelun" alussa»: the order the table hears, names only (the rolls
    are the GM's), the hidden ship left out; a new fight says so."""
    path = tmp_path / SATAMASSA.name
    shutil.copy(SATAMASSA, path)
    session = open_system_session(path, lang=lang, journal=False)
    for line in lines:
        assert session.execute(line).ok, line
    record = session.log_lines(markdown=True)[2:]
    assert [line for line in record if "Initiative" in line or "Aloite" in line] == said
    assert not any("Merikotka" in line or "+6" in line for line in record)
