"""The README is a front door and the repository stands on its own: a short README that
names only commands that exist and links every page of docs/, and no file that names a path
outside the repository or cites a rules section docs/rules.md does not have."""

from __future__ import annotations

import re
from pathlib import Path

from fatescreen.cli import SUBCOMMANDS

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CHECKED = ("src", "tests", "docs", "bench", "tools", ".ci", "themes", "scenes")
CHECKED_FILES = ("README.md", "Makefile", "pyproject.toml", "constraints.txt", "NOTICE")
TEXT_SUFFIXES = frozenset({".py", ".md", ".txt", ".toml", ".tcss", ".cfg", ".ini", ""})


def repository_texts() -> dict[Path, str]:
    """The project's own text files: source, tests, docs, tools and the files at the top."""
    files = [ROOT / name for name in CHECKED_FILES]
    for folder in CHECKED:
        files += [
            path
            for path in (ROOT / folder).rglob("*")
            if path.is_file()
            and path.suffix in TEXT_SUFFIXES
            and not {"__pycache__", "__snapshots__", ".hypothesis"} & set(path.parts)
        ]
    return {path: path.read_text(encoding="utf-8", errors="replace") for path in files}


def test_the_readme_is_short() -> None:
    lines = README.splitlines()
    assert len(lines) <= 200
    assert [line for line in lines if len(line) > 100] == []


def test_the_readme_names_only_commands_the_installed_tool_has() -> None:
    """Every ``fatescreen WORD`` in the README's code (inline or in a block) is a subcommand
    of the console script, a file or folder, or an option."""
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    prose = re.sub(r"```.*?```", "", README, flags=re.S)
    code = "\n".join([*blocks, *re.findall(r"`([^`\n]+)`", prose)])
    named = set(re.findall(r"(?:^|[\s`(])fatescreen ([a-z][\w-]*)", code, re.M))
    assert named, "no command found: the pattern is wrong"
    unknown = {word for word in named if word not in SUBCOMMANDS and not re.search(r"[/.]", word)}
    assert unknown == set(), unknown


def test_the_readme_links_every_page_of_the_docs() -> None:
    named = set(re.findall(r"docs/([\w-]+\.(?:md|svg))", README))
    pages = {path.name for path in (ROOT / "docs").iterdir() if path.suffix == ".md"}
    assert named - {path.name for path in (ROOT / "docs").iterdir()} == set()
    assert pages - named == set()


def test_no_file_names_a_path_outside_the_repository() -> None:
    outside = re.compile(r"/" + r"work/|/" + r"home/|\.\./" + r"shared|\bshared/[A-Z]")
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path, text in repository_texts().items()
        for number, line in enumerate(text.splitlines(), 1)
        if outside.search(line)
    ]
    assert found == []


def test_every_rules_citation_names_a_section_of_docs_rules_md() -> None:
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^## (\d+)\. ", rules, re.M))
    assert sections == {str(number) for number in range(1, 13)}
    cited: set[str] = set()
    for path, text in repository_texts().items():
        assert "RULES" + ".md" not in text, f"{path.relative_to(ROOT)} cites a file we lack"
        for citation in re.findall(r"rules\.md\)? ((?:§\d+(?:[-–]§?\d+)?(?:, )?)+)", text):
            cited |= set(re.findall(r"\d+", citation))
    assert cited, "no citation found: the pattern is wrong"
    assert cited - sections == set()
