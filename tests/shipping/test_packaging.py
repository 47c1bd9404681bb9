"""The package's metadata: compatible ranges with exact pins kept for tests, a licence and
the CC BY attribution of Fate Condensed, project URLs, classifiers, an install section."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
NAME = re.compile(r"^[A-Za-z0-9_.-]+")


def pins() -> dict[str, str]:
    lines = (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
    found = {}
    for line in lines:
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            found[name.lower().replace("_", "-")] = version
    return found


def test_runtime_dependencies_are_ranges_and_constraints_pin_them() -> None:
    pinned = pins()
    for requirement in PROJECT["dependencies"]:
        assert "==" not in requirement, requirement
        name = NAME.match(requirement)
        assert name is not None
        assert name.group(0).lower() in pinned, f"constraints.txt does not pin {requirement}"


def test_make_installs_the_pinned_versions() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert makefile.count("-c constraints.txt") == 2
    assert "test-install" in makefile.split("\ntest:")[1].splitlines()[0]


def test_licence_notice_urls_and_classifiers() -> None:
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    notice = (ROOT / "NOTICE").read_text(encoding="utf-8")
    for words in (
        "Fate Condensed",
        "Evil Hat Productions",
        "Creative Commons Attribution 3.0 Unported",
        "Fate pähkinänkuoressa",
    ):
        assert words in notice
    assert PROJECT["license"] == "MIT"
    assert {"Homepage", "Source", "Issues"} <= set(PROJECT["urls"])
    assert "Topic :: Games/Entertainment :: Role-Playing" in PROJECT["classifiers"]
    assert "Natural Language :: Finnish" in PROJECT["classifiers"]


def test_readme_says_how_to_install_and_credits_fate_condensed() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    install = readme[readme.index("## Installing") :]
    assert "pipx install ." in install
    assert "fatescreen demo" in install
    assert "Creative Commons Attribution" in readme


def test_project_urls_are_one_projects_and_the_readme_lists_them() -> None:
    """Homepage, source, documentation, issues and changelog all live under the project's
    one address; the documentation's folder is the repository's docs/; README's Project
    section lists each of them."""
    urls = PROJECT["urls"]
    assert set(urls) == {"Homepage", "Source", "Documentation", "Issues", "Changelog"}
    home = urls["Homepage"]
    assert re.fullmatch(r"https://github\.com/[\w-]+/fatescreen", home), home
    assert urls["Source"] == home
    assert all(url == home or url.startswith(home + "/") for url in urls.values()), urls
    docs = urls["Documentation"].removeprefix(home + "/tree/main/")
    assert (ROOT / docs).is_dir(), docs
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    project = readme[readme.index("## Project") :]
    project = project[: project.index("\n## ")]
    for url in urls.values():
        assert f"<{url}>" in project, url
