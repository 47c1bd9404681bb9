"""Fate Condensed, the first registered system: every capability, on its own stack (its
loader, its session with typed requests, its dashboard)."""

from __future__ import annotations

from fatescreen.systems.base import Capability, RuleSystem

FATE = "fate-condensed"
"""Fate's id: what a scene file names with ``system = "fate-condensed"`` (or by naming none)."""

SYSTEM = RuleSystem(
    id=FATE,
    aliases=("fate",),
    title="Fate Condensed",
    capabilities=frozenset(Capability),
    check="fatescreen.scene.scaffold:check_scene_file",
    session="fatescreen.commands.fate_session:open_session",
    blank="fatescreen.commands.fate_session:blank_session",
    dashboard="fatescreen.ui.app:FatescreenApp",
    import_sheets="fatescreen.cli_import:through_session",
    export="fatescreen.cli_export:to_fari",
    export_format="fari",
    public="fatescreen.scene.public:PUBLIC",
    player_panes="fatescreen.ui.players.render:PANES",
    campaign_check="fatescreen.scene.campaign:load_campaign",
    campaign_session="fatescreen.commands.campaign_session:open_campaign",
    campaign_dashboard="fatescreen.ui.campaign:CampaignApp",
    new_campaign="fatescreen.scene.scaffold:new_campaign",
    sample="golden-mask.toml",
    rules="fatescreen.rules",
)
