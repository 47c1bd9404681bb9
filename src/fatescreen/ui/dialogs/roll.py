"""The roll dialog: actor, action, skill, target or difficulty, with the odds shown live."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal
from textual.content import Content
from textual.widgets import Button, Input, Label, Select, Static

from fatescreen.commands.core import keyword_of
from fatescreen.commands.requests import MAX_REASONS, Attack, Create, Overcome
from fatescreen.rules.actions import best_defense, default_attack_skill, difficulty_for
from fatescreen.rules.big_bads import acting_scale
from fatescreen.rules.character import Character, CharacterKind, Scale
from fatescreen.rules.conflict import creates_without_roll, scale_levels
from fatescreen.rules.dice import looks_like_faces
from fatescreen.rules.ladder import describe, parse_rating
from fatescreen.rules.obstacles import Hazard
from fatescreen.rules.odds import Odds, scaled_odds
from fatescreen.rules.outcomes import Outcome
from fatescreen.scene.aspects import aspects_in_play
from fatescreen.scene.model import Scene
from fatescreen.ui.dialogs import Dialog
from fatescreen.ui.state import View

ACTIONS = ("attack", "overcome", "create")


def entered_dice(text: str, *, opposed: bool) -> tuple[str, ...] | None:
    """The dice typed in the Dice field, or None if they are not dice.

    The field holds nothing (roll), the roller's faces, or for an attack also the
    defender's faces: ``+0++ -000`` or ``+0++ vs -000`` (``vastaan`` in Finnish).
    """
    words = tuple(word for word in text.split() if keyword_of(word) != "vs")
    if len(words) > (2 if opposed else 1) or not all(looks_like_faces(w) for w in words):
        return None
    return words


class RollDialog(Dialog):
    """Build one action step by step; Enter rolls (or uses the typed dice faces)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="dialog.cancel"),
        Binding("ctrl+r", "roll", "Roll", id="dialog.roll"),
        Binding("down", "next_target(1)", "Next target", id="dialog.next_target"),
        Binding("up", "next_target(-1)", "Previous target", id="dialog.previous_target"),
    ]

    def __init__(
        self,
        view: View,
        scene: Scene,
        *,
        action: str = "attack",
        actor: str | None = None,
        target: str | None = None,
    ) -> None:
        super().__init__(view, view.tr("ui.roll_title"))
        self.scene = scene
        self.action = action
        people = [(c.name, c.id) for c in scene.characters if not c.taken_out]
        hazards = [(o.name, o.id) for o in scene.obstacles if isinstance(o, Hazard)]
        self.actors = people + hazards
        ids = [i for _, i in self.actors]
        self.actor = actor if actor in ids else (ids[0] if ids else None)
        self.targets = self._targets_for(self.actor)
        target_ids = [i for _, i in self.targets]
        self.target = target if target in target_ids else (target_ids[0] if target_ids else None)
        self.opponent: str | None = None
        """Who actively opposes an overcome or a create an advantage (None: a difficulty)."""
        self.chosen: Attack | Overcome | Create | None = None
        """The action rolled, once Enter is pressed (the dialog closes with its line)."""

    def _targets_for(self, actor: str | None) -> list[tuple[str, str]]:
        """Who ``actor`` can attack: its opponents first (PCs for an NPC or a hazard, NPCs
        for a PC), then the rest; never the actor."""
        acting = self.scene.character_index.get(actor or "")
        acting_pc = acting is not None and acting.kind is CharacterKind.PC
        standing = [c for c in self.scene.characters if not c.taken_out and c.id != actor]
        standing.sort(key=lambda c: (c.kind is CharacterKind.PC) == acting_pc)
        return [(c.name, c.id) for c in standing]

    def compose(self) -> ComposeResult:
        tr = self.view.tr
        with self.body():
            with Grid(id="roll-grid"):
                yield Label(tr("ui.action"))
                yield Select(
                    [(tr(f"ui.action.{a}"), a) for a in ACTIONS],
                    value=self.action,
                    allow_blank=False,
                    id="action",
                )
                yield Label(tr("ui.actor"))
                yield Select(
                    self.actors,
                    value=self.actor or Select.NULL,
                    id="actor",
                    allow_blank=self.actor is None,
                )
                yield Label(tr("ui.skill"))
                yield Select(self._skills(), id="skill", allow_blank=True)
                yield Label(tr("ui.target"))
                yield Select(
                    self.targets, value=self.target or Select.NULL, id="target", allow_blank=True
                )
                yield Label(tr("ui.reasons"))
                yield Select(
                    self._reason_options(),
                    id="reasons",
                    allow_blank=True,
                    prompt=tr("ui.reasons_none"),
                )
                yield Label(tr("ui.opposed_by"))
                yield Select(
                    self.targets,
                    id="opponent",
                    allow_blank=True,
                    prompt=tr("ui.no_opponent"),
                )
                yield Label(tr("ui.difficulty"))
                yield Input(value="2", id="difficulty")
                yield Label(tr("ui.opposing_skill"))
                yield Select([], id="opponent-skill", allow_blank=True)
                yield Label(tr("ui.on_aspect"))
                yield Select(
                    self._aspects(), id="existing", allow_blank=True, prompt=tr("ui.new_aspect")
                )
                yield Label(tr("ui.aspect_name"))
                yield Input(placeholder=tr("ui.aspect_placeholder"), id="aspect")
                yield Label(tr("ui.dice"))
                yield Input(id="dice")
            yield Static(id="odds")
            with Horizontal(classes="dialog-buttons"):
                yield Button(tr("ui.roll"), variant="primary", id="roll", compact=True)
                yield Button(tr("ui.cancel"), id="cancel", compact=True)

    def on_mount(self) -> None:
        """Preselect the likely skill and focus the dice (the aspect's name, to create an
        advantage): type faces or not, Enter rolls."""
        self._sync()
        aspect = self.query_one("#aspect", Input)
        (aspect if aspect.display else self.query_one("#dice", Input)).focus()

    def _reason_options(self) -> list[tuple[str, int]]:
        """How many reasons the task is hard, each with the difficulty the rules make of
        them (§1: one reason Fair (+2), +2 per extra reason)."""
        view = self.view
        return [
            (
                view.tr(
                    "ui.reasons_option",
                    count=count,
                    rating=describe(difficulty_for(count), view.lang, view.ladder_names),
                ),
                count,
            )
            for count in range(1, MAX_REASONS + 1)
        ]

    def _reasons(self) -> int | None:
        """The number of reasons chosen (None: the difficulty is typed as a number)."""
        value = self.query_one("#reasons", Select).value
        return value if isinstance(value, int) else None

    def _aspects(self) -> list[tuple[str, str]]:
        """The aspects in play an advantage can be created on (boosts cannot), by key."""
        return [
            (found.aspect.name, found.key)
            for found in aspects_in_play(self.scene)
            if not found.aspect.is_boost
        ]

    def _skills(self, who: str | None = None) -> list[tuple[str, str]]:
        character = self.scene.character_index.get(who or self.actor or "")
        if character is None:
            return []
        ranked = sorted(character.current_skills.items(), key=lambda item: -item[1])
        options = [(f"{name} {value:+d}", name) for name, value in ranked]
        attack = self._default_attack() if who is None else None
        if attack is not None and attack not in character.current_skills:
            # the rules' default for this target, at Mediocre (+0) when not on the sheet
            options.append((f"{attack} {character.skill(attack):+d}", attack))
        return options

    def _default_attack(self) -> str | None:
        """The skill the rules attack the chosen target with when none is named, as the
        ``attack`` command does (None: not an attack by a character)."""
        character = self.scene.character_index.get(self.actor or "")
        if self.action != "attack" or character is None:
            return None
        target = self.scene.character_index.get(self.target or "")
        defenders = [target] if target is not None else []
        return default_attack_skill(character, defenders, roles=self.scene.rules.roles)

    def _default_skill(self) -> str | None:
        if self.action == "attack":
            return self._default_attack()
        skills = self._skills()
        return skills[0][1] if skills else None

    def _sync(self, *, keep_skill: bool = False) -> None:
        """Show the fields the chosen action needs and refresh the skill list and odds
        (``keep_skill``: the skill chosen stays, as when only the opposition changed)."""
        is_attack = self.action == "attack"
        is_hazard = self.actor in self.scene.obstacle_index
        if is_hazard and self.opponent is not None:  # a hazard rolls against a difficulty
            self.opponent = None
            self.query_one("#opponent", Select).clear()
        opposed = self.opponent is not None and not is_attack
        self.query_one("#dice", Input).placeholder = self.view.tr(
            "ui.dice_placeholder_opposed" if is_attack or opposed else "ui.dice_placeholder"
        )
        is_create = self.action == "create"
        self.query_one("#target").display = is_attack
        self.query_one("#opponent").display = not is_attack and not is_hazard
        self.query_one("#reasons").display = not is_attack and not opposed
        self.query_one("#difficulty").display = (
            not is_attack and not opposed and self._reasons() is None
        )
        self.query_one("#opponent-skill").display = opposed
        self.query_one("#existing").display = is_create and bool(self._aspects())
        self.query_one("#aspect").display = is_create and not self._existing()
        self.query_one("#skill").display = not is_hazard
        for label, widget in zip(
            self.query(Label),
            (
                "action",
                "actor",
                "skill",
                "target",
                "reasons",
                "opponent",
                "difficulty",
                "opponent-skill",
                "existing",
                "aspect",
                "dice",
            ),
            strict=True,
        ):
            label.display = self.query_one(f"#{widget}").display
        skill = self.query_one("#skill", Select)
        options = self._skills()
        chosen = skill.value
        skill.set_options(options)
        default = chosen if keep_skill else self._default_skill()
        if default in [value for _, value in options]:
            skill.value = default
        self._sync_opponent_skill()
        self._odds()

    def _existing(self) -> str | None:
        """The key of the aspect in play chosen to create the advantage on, if any."""
        value = self.query_one("#existing", Select).value
        return value if isinstance(value, str) else None

    def _sync_opponent_skill(self) -> None:
        """The active opponent's skills, the actor's own skill chosen (as the command
        line's default; +0 when not listed), else the opponent's best."""
        select = self.query_one("#opponent-skill", Select)
        if self.opponent is None:
            select.set_options([])
            return
        options = self._skills(self.opponent)
        skill = self.query_one("#skill", Select).value
        if isinstance(skill, str) and skill not in [value for _, value in options]:
            options.append((f"{skill} +0", skill))  # a skill not listed is Mediocre (+0)
        select.set_options(options)
        if isinstance(skill, str):
            select.value = skill
        elif options:
            select.value = options[0][1]

    def _rating(self) -> int:
        obstacle = self.scene.obstacle_index.get(self.actor or "")
        if isinstance(obstacle, Hazard):
            return obstacle.rating
        character = self.scene.character_index.get(self.actor or "")
        skill = self.query_one("#skill", Select).value
        if character is None or not isinstance(skill, str):
            return 0
        return character.skill(skill)

    def _scale_levels(self, defender: Character) -> tuple[int, int]:
        """The levels the actor stands above the defender, and the defender above the
        actor (§8; each side's roll bonus unless it picks another), at the scales the
        rules' :func:`acting_scale` gives them."""
        in_play = self.scene.rules.scale
        actor = self.scene.character_index.get(self.actor or "")
        actor_scale = acting_scale(actor, in_play) if actor is not None else Scale.MUNDANE
        defender_scale = acting_scale(defender, in_play)
        return scale_levels(actor_scale, defender_scale), scale_levels(defender_scale, actor_scale)

    def _unrolled(self) -> bool:
        """Whether the create an advantage the dialog stands for takes no roll (§8, the
        rules' :func:`creates_without_roll`): an actor above mundane scale, no opponent, no
        reasons and no difficulty typed, and the aspect not on another character."""
        actor = self.scene.character_index.get(self.actor or "")
        if self.action != "create" or actor is None or self.opponent is not None:
            return False
        if self._reasons() is not None or self.query_one("#difficulty", Input).value.strip():
            return False
        key = self._existing()
        owner = next((a.owner for a in aspects_in_play(self.scene) if a.key == key), None)
        return creates_without_roll(
            acting_scale(actor, self.scene.rules.scale),
            opposed=False,
            aimed_at_another=owner not in (None, actor.id),
        )

    def _odds(self) -> None:
        if self._unrolled():
            self.query_one("#odds", Static).update(self.view.tr("ui.odds_unrolled"))
            return
        rating = self._rating()
        opposed = self.action == "attack" or self.opponent is not None
        opposition = 0
        above = below = 0
        if self.action != "attack" and self.opponent is not None:
            against = self.scene.character(self.opponent)
            skill = self.query_one("#opponent-skill", Select).value
            opposition = against.skill(skill) if isinstance(skill, str) else 0
        elif opposed:
            defender = self.scene.character_index.get(self.target or "")
            skill = self.query_one("#skill", Select).value
            if defender is not None:
                # A hazard attacks with its own name: the defender's general defense.
                hazard = self.actor in self.scene.obstacle_index
                attack_skill = skill if isinstance(skill, str) and not hazard else ""
                roles = self.scene.rules.roles
                opposition = defender.skill(best_defense(defender, attack_skill, roles=roles))
                above, below = self._scale_levels(defender)
        elif (reasons := self._reasons()) is not None:
            opposition = difficulty_for(reasons)
        else:
            try:
                opposition = parse_rating(self.query_one("#difficulty", Input).value or "0")
            except ValueError:
                self.query_one("#odds", Static).update(self.view.tr("ui.bad_difficulty"))
                return
        found = scaled_odds(rating, opposition, opposed=opposed, above=above, below=below)
        text = self._chances("ui.odds", found.on_roll)
        if found.on_result is not None:
            # The other use of a level the dialog can show: +2 per level on a success (§8).
            text += "\n" + self._chances("ui.odds_scale_result", found.on_result)
        self.query_one("#odds", Static).update(Content(text))

    def _chances(self, key: str, found: Odds) -> str:
        chances = found.as_percentages()
        return self.view.tr(
            key,
            fail=f"{chances[Outcome.FAIL]:.0f}%",
            tie=f"{chances[Outcome.TIE]:.0f}%",
            success=f"{chances[Outcome.SUCCESS]:.0f}%",
            style=f"{chances[Outcome.STYLE]:.0f}%",
        )

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        value = event.value
        if event.select.id == "action" and isinstance(value, str):
            self.action = value
            self._sync()
        elif event.select.id == "actor" and isinstance(value, str):
            self.actor = value
            self.targets = self._targets_for(value)
            target = self.query_one("#target", Select)
            target.set_options(self.targets)
            ids = [i for _, i in self.targets]
            self.target = self.target if self.target in ids else (ids[0] if ids else None)
            if self.target is not None:
                target.value = self.target
            opponent = self.query_one("#opponent", Select)
            opponent.set_options(self.targets)
            self.opponent = self.opponent if self.opponent in ids else None
            if self.opponent is not None:
                opponent.value = self.opponent
            self._sync()
        elif event.select.id == "target":
            self._aim(value if isinstance(value, str) else None)
        elif event.select.id == "opponent":
            self.opponent = value if isinstance(value, str) else None
            self._sync(keep_skill=True)
        elif event.select.id in ("existing", "reasons"):
            self._sync(keep_skill=True)
        elif event.select.id == "skill":
            self._sync_opponent_skill()
            self._odds()
        else:
            self._odds()

    def action_next_target(self, step: int) -> None:
        """Up and down in a text field: the next or previous target, opponents first."""
        if self.action != "attack" or not self.targets:
            return
        ids = [i for _, i in self.targets]
        index = ids.index(self.target) if self.target in ids else -step
        self._aim(ids[(index + step) % len(ids)])
        self.query_one("#target", Select).value = self.target

    def _aim(self, target: str | None) -> None:
        """A new target: the skill follows the rules' default for it (Shoot across zones)
        unless the GM chose another one."""
        defaulted = self.query_one("#skill", Select).value == self._default_attack()
        self.target = target
        self._sync(keep_skill=not defaulted)

    @on(Input.Changed, "#difficulty")
    def _difficulty_changed(self) -> None:
        self._odds()

    def on_input_submitted(self) -> None:
        """Enter in any field rolls."""
        self.action_roll()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Roll or cancel."""
        if event.button.id == "roll":
            self.action_roll()
        else:
            self.dismiss(None)

    def action_roll(self) -> None:
        """Dismiss with the command line the action's request renders."""
        request = self.request()
        if request is not None:
            self.chosen = request
            self.dismiss(request.command())

    def request(self) -> Attack | Overcome | Create | None:
        """The action the dialog stands for, or None (with a notice) if incomplete."""
        tr = self.view.tr
        if self.actor is None:
            self.notify(tr("ui.fill_in"), severity="warning", markup=False)
            return None
        opposed = self.action == "attack" or self.opponent is not None
        dice = entered_dice(self.query_one("#dice", Input).value, opposed=opposed)
        if dice is None:
            self.notify(tr("ui.bad_dice"), severity="error", markup=False)
            return None
        own = dice[0] if dice else None
        value = self.query_one("#skill", Select).value
        skill = value if isinstance(value, str) else None
        if self.action == "attack":
            if self.target is None:
                self.notify(tr("ui.fill_in"), severity="warning", markup=False)
                return None
            hazard = self.actor in self.scene.obstacle_index
            return Attack(
                self.actor,
                self.target,
                None if hazard else skill,
                own,
                dice[1:],
                hazard,
            )
        reasons = None if self.opponent else self._reasons()
        typed = self.query_one("#difficulty", Input).value.strip()
        # A create with no difficulty names no opposition: the verb's default (Mediocre),
        # or no roll at all above mundane scale (§8).
        opposition: str | None = (
            self.opponent or typed or (None if self.action == "create" else "0")
        )
        if reasons is not None:
            opposition = None  # the reasons decide the difficulty (``vs hard N``)
        value = self.query_one("#opponent-skill", Select).value
        opponent_skill = value if isinstance(value, str) and self.opponent else None
        against = dice[1] if len(dice) > 1 else None
        if self.action == "overcome":
            return Overcome(
                self.actor,
                skill,
                opposition,
                own,
                opponent_skill=opponent_skill,
                opponent_dice=against,
                reasons=reasons,
            )
        aspect = self._existing() or self.query_one("#aspect", Input).value.strip()
        if not aspect:
            self.notify(tr("ui.fill_in"), severity="warning", markup=False)
            self.query_one("#aspect", Input).focus()
            return None
        return Create(
            self.actor,
            skill,
            aspect,
            opposition,
            own,
            opponent_skill=opponent_skill,
            opponent_dice=against,
            reasons=reasons,
        )


__all__ = ["RollDialog"]
