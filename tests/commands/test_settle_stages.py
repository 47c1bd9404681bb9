"""A roll takes effect in two stages: applying the rules' decision to the scene, then saying
what was applied. The say stage reads only what the apply stage returns (and the scene after
it), so every boost it announces is one the apply stage put in the scene."""

from __future__ import annotations

import random
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from fatescreen.commands.core import Context
from fatescreen.commands.session import Session
from fatescreen.commands.settle import (
    SETTLERS,
    Apply,
    CreateApplied,
    Say,
    Verdict,
    apply_attack,
    apply_create,
    apply_overcome,
    apply_targets,
    say_attack,
    say_create,
    say_overcome,
    say_targets,
    settle_targets,
)
from fatescreen.commands.verbs_contests import (
    ContestRolled,
    apply_contest_roll,
    say_contest_roll,
    settle_contest_roll,
)
from fatescreen.commands.verbs_obstacles import (
    Passed,
    Removed,
    apply_pass,
    apply_remove,
    say_pass,
    say_remove,
    settle_pass,
    settle_remove,
)
from fatescreen.rules.actions import Action
from fatescreen.rules.aspects import GM, AspectKind
from fatescreen.scene.model import RollPurpose, Scene
from tests.commands.support import CHASE, DEMO, MINE, SCRIPTS, open_session, played
from tests.commands.test_verb_replies import Reply, check, reply_id

RULEBOOK = SCRIPTS / "rulebook.toml"

STAGES = {
    "attack": (apply_attack, say_attack),
    "overcome": (apply_overcome, say_overcome),
    "create": (apply_create, say_create),
}


def _boosts(scene: Scene) -> set[tuple[str, tuple[str, ...]]]:
    return {(a.name, a.free_invokes) for a in scene.aspects if a.kind is AspectKind.BOOST}


def _stages(line: str) -> tuple[Scene, Scene, object, tuple[str, ...], Context]:
    """Run a roll through the session, then its apply stage again on the scene before it:
    the scene before, the applied scene, what was applied, the session's lines, a context."""
    session = open_session(RULEBOOK)
    said = session.execute(line)
    assert said.ok, said.lines
    pending = session.scene.pending_roll
    assert pending is not None and pending.base is not None
    on_roll = replace(pending.base, pending_roll=pending)
    ctx = Context(on_roll, random.Random(0))
    apply, say = STAGES[line.split()[0]]
    scene, applied = apply(ctx, on_roll, pending)  # type: ignore[operator]
    assert scene == session.scene
    assert say(ctx.on(scene), scene, pending, applied) == said.lines  # type: ignore[operator]
    return pending.base, scene, applied, said.lines, ctx


def _announced(applied: object) -> set[tuple[str, tuple[str, ...]]]:
    """The boosts an applied record holds for the say stage to announce."""
    struck = getattr(applied, "struck", None)
    granted = getattr(applied, "boosts", ()) if struck is None else struck.boosts
    return {(boost.name, (boost.owner,)) for boost in granted}


@pytest.mark.parametrize(
    ("line", "granted"),
    [
        # Seed «Hyökkää»: on a tie «Joka tapauksessa, saat särmän».
        ("attack vil bob Fight 0000 vs +000", {("Reeling", ("vil",))}),
        # Seed «Puolusta»: a defense with style «saat lisäksi särmän».
        ("attack vil ann Fight 0000 vs ++++", {("Opening", ("ann",))}),
        ("attack vil ann Fight ++++ vs 0000", set()),
        # Seed «Ratkaise»: with style «saat ... lisäksi särmän».
        ("overcome ann Athletics ++++ vs 2", {("Momentum", ("ann",))}),
        ("overcome ann Athletics 0000 vs 2", set()),
    ],
)
def test_every_boost_the_say_stage_announces_is_one_the_apply_stage_put_in_the_scene(
    line: str, granted: set[tuple[str, tuple[str, ...]]]
) -> None:
    before, scene, applied, _, _ = _stages(line)
    assert _boosts(scene) - _boosts(before) == granted
    assert _announced(applied) == granted


def test_a_create_says_the_aspect_its_apply_stage_made() -> None:
    """Seed «Luo etu»: success makes the aspect with a free invoke; on a tie «saat särmän»
    instead, which is in the scene under the name the verdict says."""
    before, scene, applied, lines, _ = _stages('create ann Athletics "Cornered" +000 vs 2')
    assert isinstance(applied, CreateApplied)
    assert applied.verdict == Verdict("success", "Cornered")
    made = {(a.name, a.free_invokes) for a in scene.aspects} - {
        (a.name, a.free_invokes) for a in before.aspects
    }
    assert made == {("Cornered", ("ann",))}
    assert lines[0].endswith('"Cornered" with 1 free invoke for Ann')
    before, scene, applied, lines, _ = _stages('create ann Athletics "Cornered" -000 vs 2')
    assert isinstance(applied, CreateApplied)
    assert applied.verdict == Verdict("tie_boost", "Cornered")
    assert _boosts(scene) - _boosts(before) == {("Cornered", ("ann",))}
    assert '"Cornered"' in lines[0]


def test_a_split_attack_says_nothing_happened_until_every_target_defends() -> None:
    """§8: a split attack waits for the split; its apply stage changes nothing till then."""
    session = open_session(RULEBOOK)
    said = session.execute("attack vil ann,bob Fight ++++")
    assert said.ok, said.lines
    pending = session.scene.pending_roll
    assert pending is not None
    ctx = Context(session.scene, random.Random(0))
    scene, struck = apply_targets(ctx, session.scene, pending)
    assert struck == () and scene == session.scene
    assert say_targets(ctx, scene, pending, struck) == said.lines
    assert SETTLERS[pending.action, pending.purpose] is settle_targets


def _applied_then_said(
    session: Session, line: str, apply: Apply[object], say: Say[object]
) -> tuple[Scene, object]:
    """Run ``line`` through the session, then the roll's apply stage again on the scene
    before it: the applied scene equals the session's, and the say stage its lines."""
    said = session.execute(line)
    assert said.ok, said.lines
    pending = session.scene.pending_roll
    assert pending is not None and pending.base is not None
    on_roll = replace(pending.base, pending_roll=pending)
    ctx = Context(on_roll, random.Random(0))
    scene, applied = apply(ctx, on_roll, pending)
    assert scene == session.scene
    assert say(ctx.on(scene), scene, pending, applied) == said.lines
    return scene, applied


def test_falling_short_of_a_harmful_block_puts_the_hit_it_announces_in_the_scene() -> None:
    """Seed «Hidastavat esteet»: «hahmo ottaa vauriota erotuksen verran»; the pass settler's
    apply stage leaves the hit waiting, and its say stage announces that hit."""
    scene, passed = _applied_then_said(
        open_session(RULEBOOK), "block pass ann hedge 0---", apply_pass, say_pass
    )
    assert isinstance(passed, Passed) and passed.hit is not None
    assert scene.pending_hit == passed.hit
    assert (passed.hit.target, passed.hit.shifts) == ("ann", 3)
    assert SETTLERS[Action.OVERCOME, RollPurpose.PASS_BLOCK] is settle_pass


def test_a_removed_block_is_gone_from_the_scene_its_say_stage_reads() -> None:
    """Seed «Hidastavat esteet»: getting rid of a block takes its rating plus two; success
    removes it from the scene and from the way it stood on."""
    session = played(MINE)
    scene, removed = _applied_then_said(
        session, "block remove riesa portcullis Physique ++0+", apply_remove, say_remove
    )
    assert isinstance(removed, Removed) and removed.gone
    assert removed.block.id not in scene.obstacle_index
    assert all(link.block is None for link in scene.links)
    assert SETTLERS[Action.OVERCOME, RollPurpose.REMOVE_BLOCK] is settle_remove


def test_a_contest_roll_resolves_the_exchange_its_say_stage_reports() -> None:
    """Seed «Kilpailut»: once every side has rolled, «suurimman erotuksen saanut puoli
    merkkaa itselleen yhden voiton»; the apply stage records it, the say stage reads it."""
    session = played(CHASE)
    _, first = _applied_then_said(
        session, "contest roll rozio Athletics +0+0", apply_contest_roll, say_contest_roll
    )
    assert isinstance(first, ContestRolled)
    assert first.exchange.waiting == ("Mirel",) and first.exchange.outcome is None
    scene, second = _applied_then_said(
        session, "contest roll mirel Athletics 0000", apply_contest_roll, say_contest_roll
    )
    assert isinstance(second, ContestRolled) and second.exchange.outcome is not None
    assert second.exchange.outcome.leader == "Pursuers"
    assert second.exchange.after == next(c for c in scene.contests if c.name == "Catch the courier")
    assert SETTLERS[Action.OVERCOME, RollPurpose.CONTEST] is settle_contest_roll


def test_a_settler_is_filed_under_each_purpose_it_settles(monkeypatch: pytest.MonkeyPatch) -> None:
    from fatescreen.commands import settle

    filed: dict[tuple[Action, RollPurpose], object] = {}
    monkeypatch.setattr(settle, "SETTLERS", filed)
    stages = settle.staged(apply_targets, say_targets)
    assert isinstance(stages, settle.Staged)
    assert (stages.apply, stages.say) == (apply_targets, say_targets)
    purposes = (RollPurpose.SPLIT, RollPurpose.ZONE_ATTACK)
    assert settle.settles(Action.ATTACK, *purposes)(stages) is stages
    assert filed == {(Action.ATTACK, purpose): stages for purpose in purposes}


SPLIT_WITH_HELP = (
    "set rules weapons_and_armor off",
    "attack leader rozio,silbestre Fight ++00 with cultist-1",
)


@pytest.mark.parametrize(
    "reply",
    [
        Reply(
            SPLIT_WITH_HELP[:1],
            SPLIT_WITH_HELP[1],
            (
                "Masked leader attacks Rozio, Silbestre with Fight: Great (+4) + [+ + 0 0] + 1 "
                "(teamwork) = Epic (+7) (teamwork: Cultist 1)",
                "split the 7 among the 2 targets, at least 1 each: split N N… [vs FACES…]",
            ),
        ),
        Reply(
            SPLIT_WITH_HELP,
            "split 3 4 vs 0000 0000",
            (
                "Masked leader splits the effort: Rozio 3, Silbestre 4",
                "Rozio defends against Good (+3) with Athletics Good (+3) + [0 0 0 0] = Good (+3): "
                'tie · Masked leader gets the boost "Reeling"',
                "Silbestre defends against Great (+4) with Athletics Good (+3) + [0 0 0 0] = "
                "Good (+3): hit for 1 shift",
                "Silbestre takes 1 shift: [1] 1 physical box  [2] mild  [3] moderate  [4] severe",
            ),
        ),
        Reply(
            ("aseta säännöt ase_ja_panssariarvot pois", SPLIT_WITH_HELP[1]),
            "jaa 3 4 vs 0000 0000",
            (
                "Masked leader jakaa vaikutuksen: Rozio 3, Silbestre 4",
                "Rozio puolustaa, Athletics Hyvä (+3) + [0 0 0 0] = Hyvä (+3) vs. hyökkäys "
                'Hyvä (+3): tasapeli · Masked leader saa särmän "Horjahtanut"',
                "Silbestre puolustaa, Athletics Hyvä (+3) + [0 0 0 0] = Hyvä (+3) vs. hyökkäys "
                "Mahtava (+4): osuma, vaurio 1",
                "Silbestre ottaa 1 vaurion osuman: [1] 1 × fyysinen  [2] lievä  [3] merkittävä  "
                "[4] vakava",
            ),
            lang="fi",
        ),
    ],
    ids=reply_id,
)
def test_a_split_attack_with_help_and_a_tie(reply: Reply) -> None:
    check(reply)


DEMO_ROZIO = "Rozio creates an advantage "


@pytest.mark.parametrize(
    "reply",
    [
        # the free invoke of a failed create goes to the active opponent, else to the owner
        # of the aspect worked on, unless that is the actor (then the GM, against a PC)
        Reply(
            (),
            'create rozio Deceive "A blade for every occasion" on rozio vs 3 ----',
            (
                DEMO_ROZIO + '"A blade for every occasion" with Deceive: Good (+3) + [- - - -] = '
                'Poor (-1) vs Good (+3): fail: GM gets a free invoke on "A blade for every '
                'occasion"',
            ),
        ),
        Reply(
            (),
            'create rozio Deceive "Owes Rozio his life" on silbestre vs 3 ----',
            (
                DEMO_ROZIO + '"Owes Rozio his life" with Deceive: Good (+3) + [- - - -] = '
                "Poor (-1) vs Good (+3): fail: Silbestre gets a free invoke on "
                '"Owes Rozio his life"',
            ),
        ),
        Reply(
            (),
            'create rozio Deceive "Owes Rozio his life" on silbestre ---- vs leader Will 0000',
            (
                DEMO_ROZIO + '"Owes Rozio his life" with Deceive: Good (+3) + [- - - -] = '
                "Poor (-1) vs Fair (+2) + [0 0 0 0] = Fair (+2): fail: Masked leader gets a free "
                'invoke on "Owes Rozio his life" · Masked leader gets the boost "Opening"',
            ),
        ),
        Reply(
            (),
            'create rozio Athletics "Cornered" ---- with silbestre vs leader Will 0000',
            (
                DEMO_ROZIO + '"Cornered" with Athletics: Good (+3) + [- - - -] + 1 (teamwork) = '
                "Mediocre (+0) vs Fair (+2) + [0 0 0 0] = Fair (+2): fail: no aspect (or it is "
                "created and the opposition gets its free invoke) (teamwork: Silbestre)",
            ),
        ),
        # a higher scale adds free invokes only when the actor takes them as its advantage
        Reply(
            (),
            'create wraith Lore "Cold" on ann ++00 vs ann Will 0000',
            (
                'Wraith creates an advantage "Cold" with Lore: Fair (+2) + [+ + 0 0] + 1 (scale) '
                '= Superb (+5) vs Average (+1) + [0 0 0 0] = Average (+1): "Cold" with 2 free '
                "invokes for Wraith",
            ),
            scene=SCRIPTS / "scale.toml",
        ),
    ],
    ids=reply_id,
)
def test_what_a_create_gives_and_to_whom(reply: Reply) -> None:
    check(reply)


@pytest.mark.parametrize(
    "line",
    [
        "overcome rozio Athletics ++00 vs leader Athletics 0000",
        'create rozio Deceive "Cornered" ++00 vs leader Will 0000',
    ],
)
def test_a_roll_against_a_full_defense_uses_it(line: str) -> None:
    session = played(DEMO, "fulldefense leader", line)
    assert [fd.defended for fd in session.scene.full_defenses] == [True]


def test_a_create_failed_at_a_cost_gives_the_opposition_its_free_invoke() -> None:
    session = played(
        DEMO, 'create rozio Deceive "Cornered" ---- vs leader Will 0000', "cost a debt"
    )
    cornered = next(a for a in session.scene.aspects if a.name == "Cornered")
    assert cornered.free_invokes == ("leader",)


def test_in_a_contest_a_create_kept_at_a_cost_gives_the_other_side_its_free_invoke() -> None:
    session = played(CHASE, 'create rozio Athletics "Shortcut" vs 3 ----', "cost a twisted ankle")
    shortcut = next(a for a in session.scene.aspects if a.name == "Shortcut")
    assert (shortcut.kind, shortcut.free_invokes) == (AspectKind.SITUATION, ("mirel",))


def test_a_tie_on_a_hidden_aspect_gives_the_actor_a_boost() -> None:
    session = played(DEMO, 'create rozio Stealth "Dark corners" on crypt vs 2 0000')
    boost = next(a for a in session.scene.aspects if a.name == "A moment's edge")
    assert (boost.kind, boost.free_invokes) == (AspectKind.BOOST, ("rozio",))


def test_the_free_invoke_of_a_cost_goes_to_whom_the_table_names() -> None:
    session = played(DEMO, 'create rozio Deceive "Cornered" ---- vs 3')
    assert (
        session.execute("cost for vitor a debt")
        .lines[1]
        .endswith('"Cornered" is created at a serious cost: Vitor holds its free invoke')
    )
    cornered = next(a for a in session.scene.aspects if a.name == "Cornered")
    assert cornered.free_invokes == ("vitor",)


def test_a_hazards_free_invokes_are_the_gms() -> None:
    session = played(MINE, 'create rocks "Rubble" vs 1 ++++')
    rubble = next(a for a in session.scene.aspects if a.name == "Rubble")
    assert rubble.free_invokes == (GM, GM)


@pytest.mark.parametrize(
    "reply",
    [
        Reply(
            ("overcome rozio Athletics 0000 vs 3",),
            "cost a bruise",
            (
                "Rozio takes success at a cost: a bruise",
                "Rozio overcomes with Athletics: Good (+3) + [0 0 0 0] = Good (+3) vs Good (+3): "
                "success at a minor cost: a bruise",
            ),
        ),
        Reply(
            ("overcome rozio Athletics ---- vs 3",),
            "cost",
            (
                "Rozio takes success at a cost: the table names it",
                "Rozio overcomes with Athletics: Good (+3) + [- - - -] = Poor (-1) vs Good (+3): "
                "success at a serious cost: the table names it",
            ),
        ),
        Reply(
            ("overcome rozio Athletics ---- vs 3",),
            "hinta",
            (
                "Rozio valitsee onnistumisen hinnalla: hinnan päättää pöytä",
                "Rozio ratkaisee taidolla Athletics: Hyvä (+3) + [- - - -] = Heikko (-1) vs. "
                "Hyvä (+3): onnistuminen merkittävällä hinnalla: hinnan päättää pöytä",
            ),
            lang="fi",
        ),
    ],
    ids=reply_id,
)
def test_an_overcomes_cost(reply: Reply) -> None:
    check(reply)


@pytest.mark.parametrize(
    ("winner", "holder"), [("", "Mirel the courier"), ('winner = "Mirel"\n', "GM")]
)
def test_a_contest_over_no_longer_opposes_a_create(
    tmp_path: Path, winner: str, holder: str
) -> None:
    """The other side of a running contest gets a failed create's free invoke; once the
    contest is won, no one opposes the actor but the GM."""
    text = CHASE.read_text(encoding="utf-8")
    twists = 'twists = ["Laundry lines everywhere"]\n'
    (tmp_path / CHASE.name).write_text(text.replace(twists, twists + winner), encoding="utf-8")
    shutil.copytree(CHASE.parent / "library", tmp_path / "library")
    session = open_session(tmp_path / CHASE.name)
    said = session.execute('create rozio Athletics "A blade for every occasion" on rozio vs 3 ----')
    assert said.lines[0].endswith(
        f'fail: {holder} gets a free invoke on "A blade for every occasion"'
    )


def test_an_attack_in_a_scene_with_a_won_contest(tmp_path: Path) -> None:
    """A big bad's immunity looks at the contests the PCs have won: a contest won by the
    other side is none of them."""
    text = CHASE.read_text(encoding="utf-8")
    twists = 'twists = ["Laundry lines everywhere"]\n'
    (tmp_path / CHASE.name).write_text(
        text.replace(twists, twists + 'winner = "Mirel"\n'), encoding="utf-8"
    )
    shutil.copytree(CHASE.parent / "library", tmp_path / "library")
    session = open_session(tmp_path / CHASE.name)
    assert session.execute("attack rozio mirel Fight 0000 vs 0000").lines == (
        "Rozio attacks Mirel the courier with Fight: Fair (+2) + [0 0 0 0] = Fair (+2) vs Mirel "
        "the "
        "courier's Athletics Great (+4) + [0 0 0 0] = Great (+4): miss",
    )


def test_a_hazard_that_ties_adds_its_weapon() -> None:
    """A hazard's attack (§7): its Weapon counts on a tie or better, so a tie hits."""
    session = played(MINE)
    assert session.execute("hazard rocks riesa 0000 vs 0000").lines == (
        "Falling rocks attacks Riesa: Good (+3) + [0 0 0 0] = Good (+3) vs Riesa's Athletics "
        "Good (+3) + [0 0 0 0] = Good (+3): hit for 2 shifts",
        "Riesa takes 2 shifts: [1] 2 physical boxes  [2] mild  [3] moderate  [4] severe",
    )


def test_an_invoke_on_a_hazards_attack_counts_in_its_hit() -> None:
    session = played(MINE, "hazard rocks riesa -000 vs 0000")
    assert session.execute('invoke "Unstable ceiling" by gm').lines == (
        'GM invokes "Unstable ceiling" (paid): +2',
        "Falling rocks attacks Riesa: Good (+3) + [- 0 0 0] + 2 (invoke: Unstable ceiling) = "
        "Great (+4) vs Riesa's Athletics Good (+3) + [0 0 0 0] = Good (+3): hit for 3 shifts",
        "Riesa takes 3 shifts: [1] 3 physical boxes  [2] 1 physical box + mild  [3] moderate  "
        "[4] severe",
    )


def test_a_roll_uses_only_its_opponents_full_defense() -> None:
    session = played(
        DEMO,
        "fulldefense leader",
        "fulldefense silbestre",
        "overcome rozio Athletics ++00 vs leader Athletics 0000",
    )
    used = {fd.defender: fd.defended for fd in session.scene.full_defenses}
    assert used == {"leader": True, "silbestre": False}


@pytest.mark.parametrize(
    ("lang", "lines", "said"),
    [
        (
            "en",
            ("attack ann lich Fight ++++ vs 0000", "trade"),
            (
                'Ann trades a shift of the hit for the boost "Reeling"',
                "Ann attacks Lich with Fight: Fair (+2) + [+ + + +] = Fantastic (+6) vs Lich's "
                "Athletics "
                "Average (+1) + [0 0 0 0] = Average (+1): Lich cannot be harmed until Break the "
                'phylactery is won · Ann takes the boost "Reeling" for one shift less',
            ),
        ),
        (
            "fi",
            ("hyökkää ann lich Fight ++++ vastaan 0000", "särmäksi"),
            (
                'Ann vaihtaa osumasta yhden vaurion särmään "Horjahtanut"',
                "Ann hyökkää taidolla Fight, Lich puolustaa: Kohtalainen (+2) + [+ + + +] = "
                "Fantastinen (+6) "
                "vs. Athletics Keskiverto (+1) + [0 0 0 0] = Keskiverto (+1): Lich: ei voi "
                "vahingoittaa ennen kuin Break the phylactery on voitettu · Ann vaihtaa yhden "
                'vaurion särmään "Horjahtanut"',
            ),
        ),
    ],
)
def test_a_style_hit_traded_for_a_boost_on_an_immune_big_bad_is_a_success(
    lang: str, lines: tuple[str, str], said: tuple[str, ...]
) -> None:
    session = open_session(SCRIPTS / "big-bads.toml", lang)
    assert session.execute(lines[0]).ok
    assert session.execute(lines[1]).lines == said


def test_a_roll_keeps_the_scene_before_it_without_the_roll_before() -> None:
    """A roll's base is the scene it settles on, less the earlier roll (which a new roll
    closes): the bases do not chain back through every roll of the scene."""
    session = played(
        DEMO, "overcome rozio Athletics 0000 vs 2", "overcome vitor Athletics ++00 vs 2"
    )
    pending = session.scene.pending_roll
    assert pending is not None and pending.base is not None
    assert (pending.actor, pending.base.pending_roll) == ("vitor", None)


@pytest.mark.parametrize(
    ("lang", "lines", "said"),
    [
        (
            "en",
            ('add hazard "Rocks" 3', "hazard rocks lich +000 vs 0000"),
            "Rocks attacks Lich: Good (+3) + [+ 0 0 0] = Great (+4) vs Lich's Athletics Average "
            "(+1) + [0 0 0 0] = Average (+1): Lich cannot be harmed until Break the phylactery "
            "is won",
        ),
        (
            "en",
            ('add hazard "Rocks" 3', "hazard rocks ann 0000 vs 0000"),
            "Rocks attacks Ann: Good (+3) + [0 0 0 0] = Good (+3) vs Ann's Athletics Good (+3) "
            '+ [0 0 0 0] = Good (+3): tie · GM gets the boost "Reeling"',
        ),
        (
            "fi",
            ('lisää vaarallinen "Rocks" 3', "vaarallinen rocks lich +000 vastaan 0000"),
            "Rocks hyökkää, Lich puolustaa: Hyvä (+3) + [+ 0 0 0] = Mahtava (+4) vs. Athletics "
            "Keskiverto (+1) + [0 0 0 0] = Keskiverto (+1): Lich: ei voi vahingoittaa ennen kuin "
            "Break the phylactery on voitettu",
        ),
        (
            "fi",
            ('lisää vaarallinen "Rocks" 3', "vaarallinen rocks ann 0000 vastaan 0000"),
            "Rocks hyökkää, Ann puolustaa: Hyvä (+3) + [0 0 0 0] = Hyvä (+3) vs. Athletics Hyvä "
            '(+3) + [0 0 0 0] = Hyvä (+3): tasapeli · PJ saa särmän "Horjahtanut"',
        ),
    ],
)
def test_a_hazard_without_a_weapon_gives_a_boost_on_a_tie_and_cannot_harm_the_immune(
    lang: str, lines: tuple[str, str], said: str
) -> None:
    session = open_session(SCRIPTS / "big-bads.toml", lang)
    assert session.execute(lines[0]).ok
    result = session.execute(lines[1])
    assert (result.lines, session.scene.pending_hit) == ((said,), None)
