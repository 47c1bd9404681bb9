"""Fuzzing the campaign loader: random campaign.toml and party.toml documents either load or
raise SceneFileError; nothing else escapes, and what loads saves and reads back the same."""

from __future__ import annotations

from typing import Any

import tomlkit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fatescreen.scene import codec
from fatescreen.scene.campaign import (
    ADVANCE_KEYS,
    CAMPAIGN_KEYS,
    MEMBER_KEYS,
    decode_campaign,
    render_campaign,
    render_party,
)
from fatescreen.scene.errors import SceneFileError
from tests.campaign.support import SAMPLE

KEYS = sorted({*CAMPAIGN_KEYS, *MEMBER_KEYS, *ADVANCE_KEYS, *codec.RULES_KEYS, "Fight", "Lore"})
WORDS = ["silbestre", "Silbestre", "golden-mask.toml", "default", "pyramid", "fi", "", "Fight"]

scalars = st.one_of(
    st.integers(min_value=-3, max_value=12),
    st.booleans(),
    st.sampled_from(WORDS),
    st.text(max_size=6),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(KEYS), inner, max_size=4)
    ),
    max_leaves=12,
)
documents = st.dictionaries(st.sampled_from(KEYS), values, max_size=8)


def as_toml(data: dict[str, Any]) -> str:
    return tomlkit.dumps(data)


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    campaign=documents,
    party=st.lists(documents, max_size=3),
    named=st.booleans(),
)
def test_random_campaigns_load_or_fail_cleanly(
    campaign: dict[str, Any], party: list[dict[str, Any]], named: bool
) -> None:
    if named:
        campaign = {"format": 1, "name": "Fuzz", **campaign}
    try:
        campaign_text = as_toml(campaign)
        party_text = as_toml({"format": 1, "pc": party}) if party else ""
    except (TypeError, ValueError):
        return  # not expressible as TOML
    try:
        loaded = decode_campaign(SAMPLE, campaign_text, party_text, ())
    except SceneFileError as error:
        assert error.problems
        return
    again = decode_campaign(
        SAMPLE,
        render_campaign(loaded, loaded.campaign),
        render_party(loaded, loaded.campaign),
        (),
    )
    assert again.campaign == loaded.campaign
