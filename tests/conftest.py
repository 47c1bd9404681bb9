"""Test-wide settings: a clean environment for Textual and deterministic hypothesis runs."""

from __future__ import annotations

import os

from hypothesis import settings

for variable in list(os.environ):
    if variable.startswith("TEXTUAL_") or variable == "NO_COLOR":
        del os.environ[variable]

settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
