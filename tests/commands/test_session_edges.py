"""The session's own verbs at their edges: undo and redo (journaled, in Finnish, with extra
words), save without a file or to a folder that is not there, the journal after a save
elsewhere, the pending roll across a save, log and help in Finnish."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fatescreen.commands.core import Context, Tokens, find_verb, registry, verb_help
from fatescreen.commands.errors import CommandError
from fatescreen.commands.fate_session import fate_session
from fatescreen.commands.session import Session
from fatescreen.i18n import tr
from fatescreen.scene.load import load_scene
from fatescreen.scene.model import Scene
from tests.commands.support import DEMO, copy_demo


@pytest.fixture
def scene_file(tmp_path: Path) -> Path:
    return copy_demo(tmp_path)


def test_undo_and_redo_are_journaled_and_replay(scene_file: Path) -> None:
    session = Session.open(scene_file)
    assert session.execute("pool 6").ok
    undone = session.execute("undo")
    assert undone.changed and undone.label == "the GM pool is now 6"
    redone = session.execute("redo")
    assert redone.changed and redone.label == "the GM pool is now 6"
    assert session.execute("undo").ok
    again = Session.open(scene_file)
    assert [command for command, _ in again.recoverable()] == ["pool 6", "undo", "redo", "undo"]
    again.recover()
    assert again.scene == session.scene
    assert [entry.lines for entry in again.log][-1] == ("undone: the GM pool is now 6",)


def test_undo_and_redo_in_finnish() -> None:
    session = Session.open(DEMO, journal=False, lang="fi")
    assert session.execute("kumoa").lines == ("ei mitään peruttavaa",)
    assert session.execute("tee").lines == ("ei mitään uudelleen tehtävää",)
    assert session.execute("pool 6").ok
    assert session.execute("kumoa").lines[0].startswith("peruttu: ")
    assert session.execute("tee").lines[0].startswith("tehty uudelleen: ")
    assert session.execute("kumoa nyt heti").lines == (
        "kumoa: en ymmärtänyt kohtaa 'nyt heti'. Käyttö: kumoa",
    )


def test_redo_with_extra_words_says_its_finnish_word() -> None:
    session = Session.open(DEMO, journal=False, lang="fi")
    assert session.execute("redo 2").lines == ("tee: en ymmärtänyt kohtaa '2'. Käyttö: tee",)


def test_undo_with_extra_words_says_which() -> None:
    session = Session.open(DEMO, journal=False)
    assert session.execute("undo the last two").lines == (
        "undo: did not understand 'the last two'. Usage: undo",
    )


def test_save_without_a_file() -> None:
    for lang, message in (
        ("en", "this scene has no file: save PATH"),
        ("fi", "kohtauksella ei ole tiedostoa: tallenna POLKU"),
    ):
        result = fate_session(Scene("Loose"), lang=lang).execute("save")
        assert (result.ok, result.lines) == (False, (message,))


def test_a_save_that_fails_says_why(scene_file: Path) -> None:
    for lang, start in (("en", "could not save: "), ("fi", "tallennus epäonnistui: ")):
        session = Session.open(scene_file, journal=False, lang=lang)
        result = session.execute("save missing/folder/copy.toml")
        assert not result.ok
        assert result.lines[0].startswith(start)
        assert "No such file or directory" in result.lines[0]


def test_saving_elsewhere_carries_play_on_in_the_new_file(scene_file: Path) -> None:
    """``save OTHER`` is "save as": the old file stays as it was last saved, with nothing to
    recover; the changes after it are journaled for the new file, which a plain ``save``
    then writes."""
    session = Session.open(scene_file)
    assert session.execute("pool 6").ok
    assert session.execute("save copy.toml").ok
    assert Session.open(scene_file).recoverable() == []
    assert session.execute("pool 4").ok
    copy = scene_file.with_name("copy.toml")
    assert [command for command, _ in Session.open(copy).recoverable()] == ["pool 4"]
    assert session.execute("save").ok
    assert Session.open(copy).recoverable() == [] and Session.open(copy).scene.gm_pool == 4
    assert Session.open(scene_file).scene.gm_pool != 6


def test_the_save_line_is_logged_in_the_gms_language(scene_file: Path) -> None:
    session = Session.open(scene_file, journal=False, lang="fi")
    assert session.execute("tallenna").lines == (f"tallennettu: {scene_file}",)
    assert session.log_lines() == [f"tallennettu: {scene_file}"]


def test_a_pending_roll_survives_a_save(scene_file: Path) -> None:
    session = Session.open(scene_file, journal=False)
    assert session.execute("attack leader rozio Fight +0-- vs 0000").ok
    pending = session.scene.pending_hit
    assert pending is not None
    assert session.execute("save").ok
    assert session.scene.pending_hit == pending
    assert load_scene(scene_file).scene.pending_hit is None


def test_an_empty_log_and_help_in_finnish() -> None:
    session = Session.open(DEMO, journal=False, lang="fi")
    assert session.execute("loki").lines == ("loki on tyhjä",)
    assert session.execute("apua").lines[0] == "komennot (ohje KOMENTO kertoo lisää):"
    undo = find_verb("undo", "en")
    assert verb_help(undo, "fi") != verb_help(undo, "en")
    assert session.execute("apua kumoa").lines == (
        "kumoa",
        verb_help(undo, "fi"),
        "esim. kumoa",
        "muut nimet: u, kumoa",
    )
    listing = session.execute("apua").lines
    assert f"{'kumoa':<12} {verb_help(undo, 'fi')}" in listing


def test_blank_lines_and_comments_do_nothing() -> None:
    session = Session.open(DEMO, journal=False)
    for line in ("", "   ", "# the cult arrives", "  # pool 9"):
        result = session.execute(line)
        assert (result.ok, result.lines, result.changed) == (True, (), frozenset())
    assert session.scene.gm_pool == Session.open(DEMO, journal=False).scene.gm_pool
    assert session.log == []


def test_parsing_errors_speak_the_gms_language() -> None:
    session = Session.open(DEMO, journal=False, lang="fi")
    assert session.execute("bogus").lines == (
        "tuntematon komento 'bogus'; 'apua' listaa kaikki komennot",
    )
    # a Finnish verb typed without its ä and ö is found near
    assert session.execute("hyokkaa").lines == (
        "tuntematon komento 'hyokkaa'; tarkoititko hyökkää?",
    )
    assert session.execute('attack "leader rozio').lines == (
        "lainausmerkki jäi sulkematta: loppulainausmerkki puuttuu",
    )


def test_ladder_names_off_shows_numbers_only() -> None:
    session = Session.open(DEMO, journal=False)
    assert session.execute("set rules ladder_names off").ok
    assert session.execute("roll 3 vs 2 ++++").lines == (
        "+3 + [+ + + +] = +7 vs +2: success with style (5 shifts)",
    )


def test_an_accepted_change_says_what_changed_and_its_label() -> None:
    session = Session.open(DEMO, journal=False)
    result = session.execute("pool 5")
    assert result.changed and result.label == "the GM pool is now 5"


def test_the_log_escapes_control_characters_of_accepted_lines() -> None:
    """A tab separates words like a space, so ``pool<TAB>5`` is accepted: the log shows it
    escaped."""
    session = Session.open(DEMO, journal=False)
    result = session.execute("pool\t5")
    assert result.ok and result.line == "pool\\x095"
    assert session.log[-1].command == "pool\\x095"
    assert "- `pool\\x095`" in session.log_lines(markdown=True, gm=True)


def test_a_tab_in_a_name_is_escaped_in_the_result_its_label_and_the_log() -> None:
    """Names may hold a tab (the format allows it); what is printed shows it as ``\\x09``."""
    session = Session.open(DEMO, journal=False)
    result = session.execute('aspect add "Fog\tbank" on scene')
    shown = 'new aspect "Fog\\x09bank" on the scene'
    assert (result.ok, result.lines, result.label) == (True, (shown,), shown)
    assert session.log[-1].lines == (shown,)
    assert session.log_lines() == [shown]


def test_a_blank_line_answers_with_itself() -> None:
    assert Session.open(DEMO, journal=False).execute("  # note ").line == "# note"


def test_hidden_characters_in_a_save_name_are_refused_in_finnish(scene_file: Path) -> None:
    session = Session.open(scene_file, journal=False, lang="fi")
    assert session.execute('tallenna "a\u200bb.toml"').lines == (
        "ei tallenneta nimellä a\\u200bb.toml: nimessä on U+200B, ohjaus-, suunta- tai "
        "nollalevyinen merkki, joka kätkee oikean nimen",
    )


def test_a_session_opened_without_a_language_speaks_english() -> None:
    session = Session.open(DEMO, journal=False)
    (said,) = session.execute("set silbestre bogus 1").lines
    assert said.startswith("no field 'bogus' here; fields: name, kind, player, zone, skill,")


def test_help_on_an_unknown_verb_answers_in_the_gms_language() -> None:
    session = Session.open(DEMO, journal=False, lang="fi")
    result = session.execute("apua xyzzy")
    assert not result.ok
    assert result.lines == ("tuntematon komento 'xyzzy'; 'apua' listaa kaikki komennot",)


def test_a_read_only_session_saves_nothing_and_says_so(scene_file: Path) -> None:
    text = scene_file.read_text(encoding="utf-8")
    session = Session.open(scene_file, journal=False)
    session.read_only = True
    assert session.execute("pool 6").ok
    saved = session.execute("save")
    assert (saved.line, saved.ok) == ("save", True)
    assert saved.lines == (tr("en", "save.read_only"),)
    assert scene_file.read_text(encoding="utf-8") == text
    assert session.dirty


def test_the_record_hides_only_the_entries_that_name_a_secret() -> None:
    session = Session.open(DEMO, journal=False)
    assert session.execute('add minor "X"').ok
    assert session.execute("secret x").ok  # a one-letter secret name
    assert session.execute("pool 6").ok
    record = session.log_lines(markdown=True)
    assert "- GM pool 4 → 6" in record
    assert not any("X" in line for line in record[1:])


@pytest.mark.parametrize("name", ["undo", "redo", "save", "log", "help"])
def test_the_sessions_own_verbs_are_refused_outside_a_session(name: str) -> None:
    found = registry()[name]
    assert not found.changes_scene
    for lang, message in (
        ("en", "{verb} is handled by the session"),
        ("fi", "{verb}: tämän komennon hoitaa kojelauta"),
    ):
        ctx = Context(Scene(title="t"), random.Random(0), lang)
        with pytest.raises(CommandError) as refused:
            found.handler(ctx, Tokens(found, [], lang))
        assert str(refused.value) == message.format(verb=name)


def test_a_replay_counts_the_lines_that_applied_and_journals_none(scene_file: Path) -> None:
    session = Session.open(scene_file)
    assert session.journal is not None
    journaled = session.journal.path.read_bytes()
    entries = [("pool 6", ()), ("nonsense here", ()), ("pool 7", ())]
    assert session.replay(entries) == 2
    assert session.scene.gm_pool == 7
    assert [entry.command for entry in session.log] == ["pool 6", "pool 7"]
    assert session.journal.path.read_bytes() == journaled


def test_a_session_without_a_file_discards_nothing_and_plays_on() -> None:
    session = fate_session(load_scene(DEMO).scene)
    session.discard_recovery()  # no file, no journal: nothing to start again
    assert session.execute("pool 6").ok and session.scene.gm_pool == 6
