"""The declaration of a system that runs on the shared stack: its scene file read by the
shared loader through its ``SceneFormat``, played in a ``Session`` with its
``VerbSet``, shown by the ``SystemApp`` shell with its ``SystemScreen``."""

from __future__ import annotations

from collections.abc import Iterable

from fatescreen.systems.base import Capability, RuleSystem


def system_on_shared_stack(
    system_id: str,
    aliases: Iterable[str],
    title: str,
    capabilities: Iterable[Capability],
    *,
    module: str,
    sample: str | None = None,
    rules: str | None = None,
    export_format: str | None = None,
) -> RuleSystem:
    """A system whose parts are a scene format, verbs and a screen.

    Args:
        system_id: The name its scene files give with ``system = "..."``.
        aliases: Other names the GM may type.
        title: The system's own name.
        capabilities: What it offers (:attr:`Capability.IMPORT`: CSV sheets, one
            character a row, through its scene format's columns).
        module: Where its parts are. A plain name (``"varjot"``) is a system built in,
            its parts ``FORMAT`` in ``fatescreen.scene.systems.NAME``, ``VERBS`` in
            ``fatescreen.commands.systems.NAME`` and ``SCREEN`` in
            ``fatescreen.ui.systems.NAME``; a dotted package (``"my_game"``) is one
            folder holding them as ``my_game.scene:FORMAT``, ``my_game.verbs:VERBS`` and
            ``my_game.screen:SCREEN``. With :attr:`Capability.PLAYER_VIEW`, what the
            players see is ``PUBLIC`` in ``fatescreen.scene.systems.NAME_public`` and how
            it is shown ``PLAYERS`` in ``fatescreen.ui.systems.NAME_players``, and the
            players' record ``players_record`` in ``fatescreen.commands.systems.NAME_record``
            (``my_game.public:PUBLIC``, ``my_game.players:PLAYERS`` and
            ``my_game.record:players_record`` in a folder).
            With :attr:`Capability.CAMPAIGNS`, what of its party lasts from scene to scene
            is ``PARTY`` in ``fatescreen.scene.systems.NAME_party``, and its sample
            campaign is written by ``new_campaign`` there (``my_game.party:PARTY`` and
            ``my_game.party:new_campaign`` in a folder); the campaign folders themselves
            are read, played and shown by the shared stack. With :attr:`Capability.EXPORT`,
            its ``export`` part is ``EXPORT`` in ``fatescreen.commands.systems.NAME_export``
            (``my_game.export:EXPORT`` in a folder).
        sample: Its sample scene (:attr:`RuleSystem.sample`): a path under the shipped
            ``scenes`` folder, or an absolute one.
        rules: Its pure rules package; a system built in has ``fatescreen.rules.NAME``.
        export_format: With :attr:`Capability.EXPORT`, the format its export writes and
            the option that asks for it (:attr:`RuleSystem.export_format`).
    """
    if "." in module:
        scene, verbs, screen = f"{module}.scene", f"{module}.verbs", f"{module}.screen"
        public, players = f"{module}.public", f"{module}.players"
        record = f"{module}.record"
        party, export = f"{module}.party", f"{module}.export"
    else:
        scene, verbs, screen = (
            f"fatescreen.{layer}.systems.{module}" for layer in ("scene", "commands", "ui")
        )
        public, players = f"{scene}_public", f"{screen}_players"
        record = f"{verbs}_record"
        party, export = f"{scene}_party", f"{verbs}_export"
        rules = rules or f"fatescreen.rules.{module}"
    declared = frozenset(capabilities)
    shown = Capability.PLAYER_VIEW in declared
    campaigns = Capability.CAMPAIGNS in declared
    exports = Capability.EXPORT in declared
    return RuleSystem(
        id=system_id,
        aliases=tuple(aliases),
        title=title,
        capabilities=declared,
        check="fatescreen.scene.systems:load_system_scene",
        session="fatescreen.commands.systems.session:open_system_session",
        blank="fatescreen.commands.systems.session:blank_session",
        dashboard="fatescreen.ui.systems.shell:SystemApp",
        import_sheets="fatescreen.cli_import:as_sheet_rows"
        if Capability.IMPORT in declared
        else None,
        export=f"{export}:EXPORT" if exports else None,
        export_format=export_format if exports else None,
        scene_format=f"{scene}:FORMAT",
        verbs=f"{verbs}:VERBS",
        screen=f"{screen}:SCREEN",
        public=f"{public}:PUBLIC" if shown else None,
        player_panes=f"{players}:PLAYERS" if shown else None,
        record=f"{record}:players_record" if shown else None,
        campaign_check="fatescreen.scene.systems.campaign:load_campaign" if campaigns else None,
        campaign_session="fatescreen.commands.systems.campaign:open_system_campaign"
        if campaigns
        else None,
        campaign_dashboard="fatescreen.ui.systems.shell:SystemApp.on_campaign"
        if campaigns
        else None,
        new_campaign=f"{party}:new_campaign" if campaigns else None,
        party=f"{party}:PARTY" if campaigns else None,
        sample=sample,
        rules=rules,
    )
