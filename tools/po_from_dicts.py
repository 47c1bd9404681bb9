"""Move messages from the old dict catalogs (``src/fatescreen/i18n/{en,fi}*.py``, each a
``MESSAGES`` dict) into the gettext catalogs (``src/fatescreen/i18n/locale/LANG/LC_MESSAGES/
fatescreen.po``), where they live now.

Re-runnable: a key the catalog already has keeps its text there (hand edits, plural forms
and terminology fixes survive); a key only the dicts have is added, its Finnish text put
in the seed's terms first (FINNISH_TERMS, for Fate's catalogs fi.py and fi_ui.py only:
the other systems follow their own seeds); keys whose dict text differs from the catalog's
are counted (``--verbose`` lists them, ``--prefer-dicts`` takes the dicts' texts, hand
fixes included, so prefer editing the .po). ``--remove`` then deletes the dict modules it
read; ``--reapply-terms`` puts every Finnish message in the seed's terms again.

A branch that still adds keys to the dicts, merged after the dicts were removed (git
reports "deleted in HEAD and modified in theirs" for ``src/fatescreen/i18n/en.py`` and the
like): keep the branch's dict modules (``git checkout --theirs -- src/fatescreen/i18n/``
on those paths; keep this ``src/fatescreen/i18n/__init__.py``), then run

    .venv/bin/python tools/po_from_dicts.py --remove

and commit the .po files (``tests/i18n/test_po_files.py`` fails while a dict module is
left). Needs Babel (in the test extras).
"""

from __future__ import annotations

import argparse
import datetime
import re
import runpy
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "src" / "fatescreen" / "i18n"
LANGUAGES = ("en", "fi")
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
"""The catalogs' header dates, fixed so that a re-run changes nothing it need not."""

FINNISH_TERMS: tuple[tuple[str, str], ...] = (
    # the seed's own terms (seed 000, "Fate pähkinänkuoressa"); docs/glossary.md lists them
    (r"\bGM\b", "PJ"),
    (r"\bNPC\b", "PJH"),
    (r"\bPC\b", "PH"),
    (r"\bSeuraukse(t|n|lla|lle|en|ssa|sta)\b", r"Jälje\1"),
    (r"\bseuraukse(t|n|lla|lle|en|ssa|sta)\b", r"jälje\1"),
    (r"\bSeuraus\b", "Jälki"),
    (r"\bseuraus\b", "jälki"),
    (r"\bseurausta\b", "jälkeä"),
    (r"\bseurauksia\b", "jälkiä"),
    (r"\bKeskinkertainen\b", "Keskiverto"),
    (r"\bkeskinkertainen\b", "Keskiverto"),
    (r"\bKeskinkertaista\b", "Keskivertoa"),
    (r"\bKeskinkertaisen\b", "Keskiverron"),
    (r"\bFysiikka(a)?\b", r"Kunto\1"),
    (r"\bFysiikan\b", "Kunnon"),
    (r"\bFysiikalla\b", "Kunnolla"),
    (r"\bTahto(a)?\b", r"Tahdonvoima\1"),
    (r"\bTahdon\b", "Tahdonvoiman"),
    (r"\bTahdolla\b", "Tahdonvoimalla"),
    (r"\brasitusjälki\b", "rasituslinja"),
    (r"\brasitusjälkeä\b", "rasituslinjaa"),
    (r"\brasitusjäljet\b", "rasituslinjat"),
    (r"\brasitusjäljen\b", "rasituslinjan"),
    (r"\bselvitä\b", "ratkaise"),
    (r"\bSelvitä\b", "Ratkaise"),
    (r"\bpakota\b", "painosta"),
    (r"\bPakota\b", "Painosta"),
    (r"\blopetasessio\b", "lopetapelikerta"),
    (r"\bsessio(n|ssa|sta|lla|t)?\b", "pelikerta"),
    (r"\bvirkistys\b", "lähtölataus"),
    (r"\bvirkistyksen\b", "lähtölatauksen"),
    (r"\buusinta\b", "uudelleenheitto"),
    (r"\buusinnat\b", "uudelleenheitot"),
    (r"\buusintoja\b", "uudelleenheittoja"),
    (r"\bvaara\b", "vaarallinen este"),
    (r"\bVaara\b", "Vaarallinen este"),
    (r"\bhidaste\b", "hidastava este"),
    (r"\bHidaste\b", "Hidastava este"),
    (r"\bhäiriö\b", "häiritsevä este"),
    (r"\bHäiriö\b", "Häiritsevä este"),
    (r"(?<!tikittävä )\bkello\b", "tikittävä kello"),
    (r"\bKello\b", "Tikittävä kello"),
    (r"(?<!tikittävää )\bkelloa\b", "tikittävää kelloa"),
    (r"(?<!tikittävän )\bkellon\b", "tikittävän kellon"),
    (r"(?<!tikittäviä )\bkelloja\b", "tikittäviä kelloja"),
    (r"(?<!tikittävät )\bkellot\b", "tikittävät kellot"),
)
"""Finnish words the seed says otherwise, as regular expressions and their replacements."""


def seed_terms(text: str) -> str:
    """A Finnish text in the seed's terms (placeholders such as ``{session}`` untouched)."""
    parts = re.split(r"(\{[^{}]*\})", text)
    for index in range(0, len(parts), 2):
        for pattern, replacement in FINNISH_TERMS:
            parts[index] = re.sub(pattern, replacement, parts[index])
    return "".join(parts)


def po_path(lang: str) -> Path:
    """Where a language's catalog lives."""
    return I18N / "locale" / lang / "LC_MESSAGES" / "fatescreen.po"


def dict_modules(lang: str) -> list[Path]:
    """The old dict catalogs of a language (``en.py``, ``en_ui.py``, ...)."""
    return sorted(
        path
        for path in I18N.glob(f"{lang}*.py")
        if path.stem == lang or path.stem.startswith(f"{lang}_")
    )


OTHER_SYSTEMS = ("varjot", "mekanismi", "objektit", "system")
"""The key namespaces of the other game systems (``varjot.*``, ``ui.key.varjot.*``, ...)."""


def is_fate_key(key: str) -> bool:
    """True for a message of Fate's own (not of another system's namespace)."""
    parts = key.split(".")
    if parts[0] in OTHER_SYSTEMS:
        return False
    return not (parts[:2] == ["ui", "key"] and len(parts) > 3 and parts[2] in OTHER_SYSTEMS)


FATE_MODULES = ("fi", "fi_ui")
"""The dict catalogs of Fate's own messages: only these take FINNISH_TERMS (the other
systems' catalogs, fi_varjot.py and the like, follow their own seeds' terms)."""


def dict_messages(lang: str) -> dict[str, str]:
    """Every message of a language's dict catalogs (Fate's in the seed's terms)."""
    messages: dict[str, str] = {}
    for path in dict_modules(lang):
        module = runpy.run_path(str(path))
        for key, text in module["MESSAGES"].items():
            messages[key] = seed_terms(text) if path.stem in FATE_MODULES else text
    return messages


def read_catalog(lang: str) -> Catalog:
    """A language's catalog (a new, empty one if there is none yet)."""
    path = po_path(lang)
    if path.is_file():
        with path.open("rb") as handle:
            return read_po(handle, locale=lang, domain="fatescreen")
    return Catalog(locale=lang, domain="fatescreen")


def write_catalog(lang: str, catalog: Catalog) -> None:
    """Write a catalog with a fixed header, its entries sorted by key."""
    catalog.project = "fatescreen"
    catalog.version = ""
    catalog.copyright_holder = "The fatescreen developers"
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "The fatescreen developers"
    catalog.language_team = {"en": "English", "fi": "Finnish"}[lang]
    catalog.creation_date = FIXED_DATE
    catalog.revision_date = FIXED_DATE
    catalog.fuzzy = False
    catalog.header_comment = (
        f"# {catalog.language_team} messages of fatescreen: msgid is the message key that\n"
        "# fatescreen.i18n.tr(lang, key, ...) takes. A plural entry chooses its form by the\n"
        "# number named in its '#. plural:' comment (count if none).\n"
    )
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0, sort_output=True, include_lineno=False)


def text_of(message_string: object) -> str:
    """A catalog entry's text: the singular form of a plural one."""
    if isinstance(message_string, (tuple, list)):
        return str(message_string[0])
    return str(message_string)


def reapply_terms() -> None:
    """Put every Finnish message of Fate's in the seed's terms (FINNISH_TERMS)."""
    catalog = read_catalog("fi")
    for message in catalog:
        key = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
        if not key or not is_fate_key(key):
            continue
        if isinstance(message.string, (tuple, list)):
            message.string = tuple(seed_terms(str(form)) for form in message.string)
        else:
            message.string = seed_terms(str(message.string))
    write_catalog("fi", catalog)


def convert(prefer_dicts: bool) -> list[str]:
    """Merge the dicts into the catalogs; the keys whose texts differ, as report lines."""
    report: list[str] = []
    for lang in LANGUAGES:
        messages = dict_messages(lang)
        catalog = read_catalog(lang)
        for key, text in messages.items():
            found = catalog.get(key)
            if found is None:
                catalog.add(key, text)
            elif text_of(found.string) != text and not found.pluralizable:
                if prefer_dicts:
                    found.string = text
                else:
                    report.append(f"{lang} {key}: kept {text_of(found.string)!r}, dict {text!r}")
        write_catalog(lang, catalog)
    return report


def main(argv: list[str] | None = None) -> int:
    """Run the conversion; 0 when done."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--prefer-dicts", action="store_true", help="take the dicts' texts")
    parser.add_argument("--verbose", action="store_true", help="list the texts that differ")
    parser.add_argument("--remove", action="store_true", help="delete the dict modules read")
    parser.add_argument(
        "--reapply-terms", action="store_true", help="the seed's terms in every Finnish message"
    )
    args = parser.parse_args(argv)
    differ = convert(args.prefer_dicts)
    for line in differ if args.verbose else ():
        print(line, file=sys.stderr)
    if differ and not args.verbose:
        print(
            f"{len(differ)} texts differ between the dicts and the catalogs: the catalogs' kept "
            "(--verbose lists them, --prefer-dicts takes the dicts')",
            file=sys.stderr,
        )
    if args.reapply_terms:
        reapply_terms()
    if args.remove:
        for lang in LANGUAGES:
            for path in dict_modules(lang):
                path.unlink()
                print(f"removed {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
