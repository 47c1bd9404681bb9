"""The app runs the rules core: what a roll's outcome announces is a change in the scene, and
counts follow the seed (tests/scripts/rulebook.toml; see also tests/scripts/rulebook.txt)."""

from __future__ import annotations

from pathlib import Path

from fatescreen.rules.aspects import AspectKind
from tests.commands.support import SCRIPTS, run

RULEBOOK = SCRIPTS / "rulebook.toml"


def boosts(done_scene: object) -> dict[str, tuple[str, ...]]:
    """The scene's boosts: name -> who holds their free invoke."""
    aspects = getattr(done_scene, "aspects", ())
    return {a.name: a.free_invokes for a in aspects if a.kind is AspectKind.BOOST}


def test_an_attack_tie_gives_the_attacker_a_boost_in_the_scene(tmp_path: Path) -> None:
    """Seed «Hyökkää»: «Jos saat tasapelin, hyökkäykselläsi on jonkinlainen vaikutus. ...
    Joka tapauksessa, saat särmän.»"""
    line = "attack vil bob Fight 0000 vs +000"
    done = run(RULEBOOK, tmp_path, line)
    assert done.line(line).endswith('tie · Villain gets the boost "Reeling"')
    assert boosts(done.scene) == {"Reeling": ("vil",)}
    done.session.execute("undo")
    assert boosts(done.scene) == {}


def test_armor_that_cuts_a_hit_to_zero_gives_a_boost(tmp_path: Path) -> None:
    """Seed «Ase- ja panssariarvot»: «Jos osut kohteeseen, mutta tämän panssari vähentää
    vaurion nollaan, saat särmän, muttet tee vauriota, aivan kuin heitto olisi ollut
    tasapeli.»"""
    line = "attack vil bob Fight 0+00 vs +000"
    done = run(RULEBOOK, tmp_path, line)
    assert "armor stops it" in done.line(line)
    assert boosts(done.scene) == {"Reeling": ("vil",)}
    assert done.scene.pending_hit is None


def test_an_overcome_with_style_gives_a_boost(tmp_path: Path) -> None:
    """Seed «Ratkaise»: with style «saat ... lisäksi särmän»."""
    line = "overcome ann Athletics ++++ vs 2"
    done = run(RULEBOOK, tmp_path, line)
    assert done.line(line).endswith('success with style · Ann gets the boost "Momentum"')
    assert boosts(done.scene) == {"Momentum": ("ann",)}


def test_a_defense_with_style_gives_the_defender_a_boost(tmp_path: Path) -> None:
    """Seed «Puolusta»: «Jos onnistut tyylillä, lopputulos on sama kuin onnistumisessa, mutta
    saat lisäksi särmän» (the core's defend_outcome)."""
    line = "attack vil ann Fight 0000 vs ++++"
    done = run(RULEBOOK, tmp_path, line)
    assert done.line(line).endswith('miss · Ann gets the boost "Opening"')
    assert boosts(done.scene) == {"Opening": ("ann",)}
    # A defense that merely succeeds gives nothing.
    plain = "attack vil ann Fight 0000 vs +000"
    assert boosts(run(RULEBOOK, tmp_path, plain).scene) == {}


def test_an_overcome_tie_can_be_taken_as_a_fail_with_a_boost(tmp_path: Path) -> None:
    """Seed «Ratkaise»: «Jos saat tasapelin, onnistut pienellä hinnalla ... Vaihtoehtoisesti
    voit epäonnistua ja saada itse särmän.»"""
    roll = "overcome ann Athletics 0000 vs 3"
    done = run(RULEBOOK, tmp_path, roll, 'fail "Side door"')
    assert done.line(roll).endswith("success at a minor cost")
    assert done.lines('fail "Side door"')[1].endswith(
        'tie taken as a fail, with a boost · Ann gets the boost "Side door"'
    )
    assert boosts(done.scene) == {"Side door": ("ann",)}
    refused = run(RULEBOOK, tmp_path, "overcome ann Athletics +000 vs 3", "fail")
    assert "only a tied overcome" in refused.line("fail")


def test_concession_pays_for_consequences_taken_in_this_conflict_only(tmp_path: Path) -> None:
    """Seed «Luovuttaminen»: «saat fate-pisteen ja yhden lisää jokaisesta jäljestä, jonka
    hahmosi otti käynnissä olevassa kamppailussa». The Villain's scar is older."""
    done = run(RULEBOOK, tmp_path, "concede vil")
    assert done.line("concede vil").endswith("will get 1 fate point when the conflict ends")
    hurt = run(
        RULEBOOK,
        tmp_path,
        "attack vil ann Fight ++++ vs 0000",
        'absorb 2 "Twisted ankle"',
        "concede ann",
    )
    assert "will get 2 fate points" in hurt.line("concede ann")


def test_an_npc_carries_points_only_for_consequences_taken_this_scene(tmp_path: Path) -> None:
    """Seed «Fate-pisteesi»: a major NPC who «joutui ottamaan jäljen ... edellisessä
    kohtauksessa» adds those points to the GM pool; an old scar adds nothing."""
    quiet = run(RULEBOOK, tmp_path, "endscene")
    assert quiet.character("vil").fate_points == 0
    hurt = run(
        RULEBOOK,
        tmp_path,
        "attack bob vil Fight ++++ vs 0000",
        'absorb 3 "Cut hand"',
        "endscene",
    )
    assert hurt.character("vil").fate_points == 1
    assert not any(slot.taken_this_scene for slot in hurt.character("vil").consequences)


def variant(tmp_path: Path, rules: str, words: dict[str, str] | None = None) -> Path:
    """The rule-book scene with a ``[rules]`` table and some words replaced."""
    text = RULEBOOK.read_text(encoding="utf-8")
    for old, new in (words or {}).items():
        text = text.replace(old, new)
    text = text.replace("gm_pool = 2\n", f"gm_pool = 2\n\n[rules]\n{rules}\n", 1)
    path = tmp_path / "variant.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_conditions_replace_consequences_with_their_official_names(tmp_path: Path) -> None:
    """Seed «Tilat»: «jokaista jäljen vakavuutta vastaa nyt kaksi eri tilaa, kumpikin arvoltaan
    puolet alkuperäisestä vauriomäärästä»; the English UI uses Fate Condensed's names."""
    scene = variant(tmp_path, "conditions = true")
    hit = "attack vil ann Fight ++++ vs -000"
    done = run(scene, tmp_path, hit, "absorb 2")
    options = done.lines(hit)[1]
    assert "[2] 3 physical boxes + Hurt  [3] 3 physical boxes + Scared" in options
    assert "Injured" in options and "Demoralized" in options and "moderate" not in options
    assert done.line("absorb 2") == "Ann absorbs 4 shifts: 3 physical boxes + Hurt"
    slots = [(s.condition, s.shifts) for s in done.character("ann").consequences]
    assert slots == [
        ("hurt", 1),
        ("scared", 1),
        ("injured", 2),
        ("shaken", 2),
        ("wounded", 3),
        ("demoralized", 3),
    ]
    assert done.character("ann").consequences[0].aspect is not None


def test_extreme_consequences_add_an_extreme_slot(tmp_path: Path) -> None:
    """Seed «Äärimmäiset jäljet»: a fourth kind of consequence that absorbs 8 shifts."""
    hit = "attack vil bob Fight ++++ vs ----"
    plain = run(RULEBOOK, tmp_path, hit)
    assert "extreme" not in plain.lines(hit)[1]
    extreme = run(variant(tmp_path, "extreme_consequences = true"), tmp_path, hit)
    assert "[4] extreme  [5]" in extreme.lines(hit)[1]
    assert [s.severity.value for s in extreme.character("bob").consequences][-1] == "extreme"


FINNISH_WORDS = {
    "Athletics": "Urheilu",
    "Fight": "Tappelu",
    "Physique": "Kunto",
    "Will": "Tahdonvoima",
}


def test_a_scene_with_finnish_skills_plays_like_the_english_one(tmp_path: Path) -> None:
    """Seed «Taitolista» and «Mitä taitoja voin käyttää hyökätäkseni ja puolustaakseni?»:
    «Urheilulla voi puolustaa mitä tahansa fyysisiä hyökkäyksiä vastaan»; «Hahmon korkea
    Kunto tai Tahdonvoima voivat ... nostaa rasitusruutujen määrää»."""
    english = ["attack vil bob Fight 0+00 vs +000", "attack ann vil 0000 vs 0000"]
    finnish = [line.replace("Fight", "Tappelu") for line in english]
    en = run(variant(tmp_path, "weapons_and_armor = true"), tmp_path, *english)
    fi = run(variant(tmp_path, 'skills = "fi"', FINNISH_WORDS), tmp_path, *finnish)
    for ref in ("ann", "bob", "vil"):
        assert fi.character(ref).stress == en.character(ref).stress
        assert fi.character(ref).consequences == en.character(ref).consequences
    for en_line, fi_line in zip(english, finnish, strict=True):
        translated = en.lines(en_line)
        for old, new in FINNISH_WORDS.items():
            translated = [line.replace(old, new) for line in translated]
        assert fi.lines(fi_line) == translated
    assert "Bob's Urheilu Average (+1)" in fi.line(finnish[0])
    # Without the Finnish list the same file defends at +0 with an English default skill.
    wrong = run(variant(tmp_path, "", FINNISH_WORDS), tmp_path, finnish[0])
    assert "Bob's Athletics Mediocre (+0)" in wrong.line(finnish[0])


def test_a_defender_may_pay_for_an_aspect_the_attacker_paid_for(tmp_path: Path) -> None:
    """Seed «Puolusta»: the defense is an action of its own, so «one paid invoke per aspect
    per roll» (§3 «Piirteiden käyttäminen») counts each side's roll apart."""
    done = run(
        RULEBOOK,
        tmp_path,
        "attack vil ann Fight 0000 vs 0000",
        "invoke cobbles",
        "invoke cobbles by ann",
    )
    assert done.line("invoke cobbles by ann") == 'Ann invokes "Slick cobbles" (paid): +2'
    assert done.lines("invoke cobbles by ann")[1].endswith("= Superb (+5): miss")
    assert (done.scene.gm_pool, done.character("ann").fate_points) == (1, 2)
    twice = run(
        RULEBOOK,
        tmp_path,
        "attack vil ann Fight 0000 vs 0000",
        "invoke cobbles by ann",
        "invoke cobbles by ann",
    )
    assert "already invoked for a fate point" in twice.lines("invoke cobbles by ann")[-1]


def test_a_challenge_tie_counts_as_success_at_a_minor_cost(tmp_path: Path) -> None:
    """Seed «Ratkaise»: «Jos saat tasapelin, onnistut pienellä hinnalla»."""
    start = 'challenge start "Cross the yard" "Climb the wall:Athletics:3"'
    roll = "challenge roll wall ann 0000"
    done = run(RULEBOOK, tmp_path, start, roll)
    assert "at a cost: Climb the wall; failed: none" in done.lines(roll)[-2]
    assert done.lines(roll)[-1].endswith("a success at a cost")
    assert done.scene.challenges[0].task("Climb the wall").achieved


def test_a_harmful_block_without_a_weapon_harms_by_the_shortfall(tmp_path: Path) -> None:
    """Seed «Hidastavat esteet»: «Jos PH:n ratkaisuheiton tulos ei riitä hidastavan esteen
    taitotasoa vastaan, hahmo ottaa vauriota erotuksen verran. Tähän lisätään vielä esteen
    mahdollinen asearvo»; ``harmful = true`` says a block hurts in the scene file."""
    line = "block pass ann hedge 0---"
    done = run(RULEBOOK, tmp_path, line)
    assert "Ann falls 3 short of Barbed hedge: 3 shifts of harm" in done.lines(line)[1]
    hit = done.scene.pending_hit
    assert hit is not None and (hit.target, hit.shifts) == ("ann", 3)
    harmless = run(RULEBOOK, tmp_path, "set hedge harmful off", line)
    assert harmless.scene.pending_hit is None


def test_a_hazard_creating_an_advantage_meets_the_targets_real_defense(tmp_path: Path) -> None:
    """Seed «Vaaralliset esteet»: a hazard rolls its rating; the target defends with its own
    skill (Athletics Good (+3)), not with a skill named after the hazard at +0."""
    line = 'create tiles "Pinned down" on ann 00+0 vs ann 0000'
    done = run(RULEBOOK, tmp_path, line)
    assert "Good (+3) vs Good (+3) + [0 0 0 0] = Good (+3): tie" in done.line(line)


def test_overcoming_a_distraction_faces_its_difficulty(tmp_path: Path) -> None:
    """Seed «Häiritsevät esteet»: «Häiritsevän esteen vaikeustaso toimii vastuksena
    pelaajahahmojen estettä vastaan suunnatuille heitoille»."""
    line = "overcome ann Athletics 0000 vs cart"
    done = run(RULEBOOK, tmp_path, line)
    assert done.line(line).endswith("Good (+3) vs Fair (+2): success")


def test_scale_gives_the_higher_side_its_roll_bonus(tmp_path: Path) -> None:
    """Seed «Skaala»: the side a level higher gets +1 to its roll per level (the advantage
    chosen before rolling). Without the option a PC's scale changes nothing, but an NPC's
    does: a big bad scaled up «vaikkei skaala olisikaan normaalisti osa kampanjaanne»
    (seed «Ylöspäin skaalaaminen»)."""
    words = {
        'consequences = { moderate = "Old scar across the face" }': (
            'consequences = { moderate = "Old scar across the face" }\nscale = "supernatural"'
        )
    }
    attack = "attack vil ann Fight 0000 vs 0000"
    defense = "attack ann vil 0000 vs 0000"
    done = run(variant(tmp_path, "scale = true", words), tmp_path, attack)
    assert "Fair (+2) + [0 0 0 0] + 1 (scale) = Good (+3)" in done.line(attack)
    defended = run(variant(tmp_path, "scale = true", words), tmp_path, defense)
    assert "Villain's Fight Fair (+2) + [0 0 0 0] + 1 (scale) = Good (+3)" in defended.line(defense)
    off = run(variant(tmp_path, "scale = false", words), tmp_path, attack)
    assert "Fair (+2) + [0 0 0 0] + 1 (scale) = Good (+3)" in off.line(attack)
    pc_words = {'name = "Ann"': 'name = "Ann"\nscale = "supernatural"'}
    pc_off = run(variant(tmp_path, "scale = false", pc_words), tmp_path, defense)
    assert "(scale)" not in pc_off.line(defense)
    pc_on = run(variant(tmp_path, "scale = true", pc_words), tmp_path, defense)
    assert "+ 1 (scale)" in pc_on.line(defense)


def test_a_minor_npc_with_more_than_three_boxes_is_refused_at_load(tmp_path: Path) -> None:
    """Seed «Vähäisemmät PJH:t»: «anna hänelle nollasta kolmeen rastitusruutua»."""
    from fatescreen.scene.errors import SceneFileError
    from fatescreen.scene.load import load_scene

    text = RULEBOOK.read_text(encoding="utf-8") + (
        '\n[[npc]]\nname = "Thug"\nkind = "minor"\nstress = 4\n'
    )
    path = tmp_path / "thug.toml"
    path.write_text(text, encoding="utf-8")
    try:
        load_scene(path)
    except SceneFileError as error:
        message = str(error)
    else:
        raise AssertionError("a minor NPC with 4 boxes loaded")
    line = text.splitlines().index('name = "Thug"') + 1
    assert f"thug.toml:{line + 2}: npc[2].stress: Thug: a minor NPC has 0 to 3" in message


BIG_BADS = SCRIPTS / "big-bads.toml"


def test_a_solo_big_bad_gets_its_skill_bonus_and_harm_reduction(tmp_path: Path) -> None:
    """Seed «Soolobonus»: (a) +(PCs - 1) to its skill rolls, never above double the skill;
    (b) each hit reduced by half the PCs, rounded up (big_bads.solo_skill_bonus, solo_harm)."""
    attack = "attack dragon ann Fight 0000 vs 0000"
    hit = "attack ann dragon Fight ++++ vs ----"
    done = run(BIG_BADS, tmp_path, attack, "absorb 1", hit)
    assert "Great (+4) + [0 0 0 0] + 2 (solo) = Fantastic (+6)" in done.line(attack)
    assert "hit with style for 2 shifts" in done.line(hit)
    pending = done.scene.pending_hit
    assert pending is not None and (pending.target, pending.shifts) == ("dragon", 2)


def test_an_immune_big_bad_takes_no_harm_until_the_challenge_is_won(tmp_path: Path) -> None:
    """Seed «Hirviöt, Isot pahikset ja muut uhat»: immune until the PCs win a named
    challenge or contest (big_bads.can_be_harmed)."""
    before = run(BIG_BADS, tmp_path, "attack ann lich Fight ++++ vs 0000")
    assert before.scene.pending_hit is None
    assert "cannot be harmed until Break the phylactery is won" in before.line(
        "attack ann lich Fight ++++ vs 0000"
    )
    after = run(
        BIG_BADS,
        tmp_path,
        'challenge start "Break the phylactery" "Smash it:Fight:0"',
        "challenge roll smash ann 0000",
        "attack ann lich Fight ++++ vs 0000",
    )
    assert after.scene.pending_hit is not None


def test_a_full_defense_can_cover_another_character(tmp_path: Path) -> None:
    """Seed «Täysi puolustus»: «voit halutessasi myös sanoa puolustavasi toista hahmoa»; «saat
    +2 kaikkiin kohteen määrittelyn mukaisiin puolustusheittoihin»."""
    attack = "attack vil bob Fight 0000 vs 0000"
    done = run(RULEBOOK, tmp_path, "fulldefense ann for bob", attack)
    assert "Ann covers Bob" in done.line("fulldefense ann for bob")
    assert "Bob's Athletics Average (+1) + [0 0 0 0] + 2 (full defense) = Good (+3)" in (
        done.line(attack)
    )
    assert done.scene.full_defenses[0].defended


def test_time_is_measured_by_the_last_rolls_shifts(tmp_path: Path) -> None:
    """Seed «Ajankulun mittaaminen»: «Jokainen piste erotusta siirtää aikaa yhden pykälän ylös
    tai alaspäin lähtötilanteesta»; the amounts are «puoli, noin yksi, muutama, useita»."""
    faster = run(RULEBOOK, tmp_path, "overcome ann Athletics ++00 vs 3", "duration few hours")
    assert faster.line("duration few hours").endswith("it takes half an hour")
    slower = run(RULEBOOK, tmp_path, "overcome ann Athletics --00 vs 3", "duration few hours")
    assert slower.line("duration few hours").endswith("it takes half a day")
    assert "no amount 'lots'" in run(
        RULEBOOK, tmp_path, "overcome ann Athletics vs 3", "duration lots days"
    ).line("duration lots days")


def test_a_hidden_aspects_owner_may_reveal_it_for_a_free_invoke(tmp_path: Path) -> None:
    """Seed «Luo etu»: «Jos se oli vielä tuntematon, piirteen omistaja voi halutessaan
    paljastaa sen saadakseen siihen ilmaisen käytön» (``cost`` takes that reading)."""
    roll = 'create ann Notice "Owes the harbour guild" 0000 vs vil Deceive 0+00'
    done = run(RULEBOOK, tmp_path, roll, "cost")
    assert done.line(roll).endswith('fail: "Owes the harbour guild" stays hidden')
    assert done.line("cost") == 'the owner reveals "Owes the harbour guild" and takes a free ' + (
        "invoke on it"
    )
    aspect = next(a for a in done.character("vil").aspects if a.name.startswith("Owes"))
    assert not aspect.hidden and aspect.free_invokes_of("vil") == 1


def test_a_supernatural_create_with_no_direct_opposition_puts_the_aspect_in_play(
    tmp_path: Path,
) -> None:
    """Seed «Miten skaala toimii, kun luot edun yliluonnollisilla kyvyillä?»: no roll, the
    aspect with one free invoke («yhdellä ilmaisella käytöllä»); the same line again gives
    the known aspect another free invoke; nothing is left to invoke on, as nothing rolled."""
    line = 'create wraith Lore "Ward" ----'
    done = run(SCRIPTS / "scale.toml", tmp_path, line, line)
    (ward,) = [aspect for aspect in done.scene.aspects if aspect.name == "Ward"]
    assert ward.free_invokes == ("wraith", "wraith")
    assert done.scene.pending_roll is None
