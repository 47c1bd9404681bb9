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
        module: The package of its one folder, holding its parts: ``FORMAT`` in
            ``MODULE.scene``, ``VERBS`` in ``MODULE.verbs`` and ``SCREEN`` in
            ``MODULE.screen``. With :attr:`Capability.PLAYER_VIEW`, what the players see
            is ``PUBLIC`` in ``MODULE.public``, how it is shown ``PLAYERS`` in
            ``MODULE.players`` and the players' record ``players_record`` in
            ``MODULE.record``. With :attr:`Capability.CAMPAIGNS`, what of its party lasts
            from scene to scene is ``PARTY`` in ``MODULE.party``, and its sample campaign is
            written by ``new_campaign`` there; the campaign folders themselves are read,
            played and shown by the shared stack. With :attr:`Capability.EXPORT`, its
            ``export`` part is ``EXPORT`` in ``MODULE.export``. The built-in systems are
            ``fatescreen.systems.NAME``; a test's is its own folder (``tests.systems.toy``).
        sample: Its sample scene (:attr:`RuleSystem.sample`): a path under the shipped
            ``scenes`` folder, or an absolute one.
        rules: Its pure rules package, if it has one: a built-in system's is
            ``MODULE.rules``, in its folder.
        export_format: With :attr:`Capability.EXPORT`, the format its export writes and
            the option that asks for it (:attr:`RuleSystem.export_format`).
    """
    scene, verbs, screen = f"{module}.scene", f"{module}.verbs", f"{module}.screen"
    public, players = f"{module}.public", f"{module}.players"
    record = f"{module}.record"
    party, export = f"{module}.party", f"{module}.export"
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
