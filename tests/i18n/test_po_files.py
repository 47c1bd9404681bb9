"""The gettext catalogs: Babel reads them as fatescreen does, their plural forms are the
languages' own, and no message is left in the old dict catalogs."""

from __future__ import annotations

import string

import pytest
from babel import Locale
from babel.messages.pofile import read_po

from fatescreen import i18n
from fatescreen.commands.fate_session import fate_session
from fatescreen.i18n import LANGUAGES, PO, catalog_path, tr


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def babel_catalog(lang: str):  # type: ignore[no-untyped-def]
    with catalog_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang, domain="fatescreen")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_babel_reads_each_catalog_as_fatescreen_does(lang: str) -> None:
    catalog = babel_catalog(lang)
    singular = {m.id: m.string for m in catalog if m.id and not m.pluralizable}
    plural = {m.id[0]: tuple(m.string) for m in catalog if m.id and m.pluralizable}
    assert singular == {k: v for k, v in PO[lang].messages.items() if k not in plural}
    assert plural == {key: forms for key, (_, forms) in PO[lang].plurals.items()}
    assert not [m.id for m in catalog if m.fuzzy and m.id], "no fuzzy entries"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_plural_forms_are_the_languages_own(lang: str) -> None:
    catalog = babel_catalog(lang)
    assert catalog.num_plurals == len(Locale.parse(lang).plural_form.tags) + 1 == 2  # + other
    assert catalog.plural_expr == "(n != 1)"
    for n, form in ((0, 1), (1, 0), (2, 1), (21, 1)):
        assert PO[lang].plural_form(n) == form


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_plural_entry_has_every_form_and_names_its_number(lang: str) -> None:
    for key, (number, forms) in PO[lang].plurals.items():
        assert len(forms) == 2, key
        for form in forms:
            assert number in placeholders(form), f"{key}: the form does not show {number}"
            assert placeholders(form) == placeholders(forms[0]), key


@pytest.mark.parametrize(
    ("lang", "count", "expected"),
    [
        ("en", 1, "Good (+3) vs Fair (+2) with 1 invoke:"),
        ("en", 2, "Good (+3) vs Fair (+2) with 2 invokes:"),
        ("fi", 1, "Hyvä (+3) vs. Kohtalainen (+2), 1 piirteen käyttö:"),
        ("fi", 2, "Hyvä (+3) vs. Kohtalainen (+2), 2 piirteen käyttöä:"),
    ],
)
def test_a_plural_message_takes_the_form_of_its_number(
    lang: str, count: int, expected: str
) -> None:
    from fatescreen.scene.model import Scene

    session = fate_session(Scene("-"), lang=lang)
    line = session.execute(f"odds 3 vs 2 invokes {count}").lines[0]
    assert line.startswith(expected)
    assert tr(lang, "odds.invokes", count=count) in line


def test_tr_keeps_its_signature_and_falls_back_to_english() -> None:
    assert tr("fi", "outcome.tie") == "tasapeli"
    assert tr("sv", "outcome.tie") == "tie"
    assert tr("fi", "no.such.key") == "no.such.key"
    assert i18n.CATALOGS["fi"]["outcome.tie"] == "tasapeli"


def test_no_message_is_left_in_the_old_dict_catalogs() -> None:
    """A branch that still adds keys to ``src/fatescreen/i18n/{en,fi}*.py``: run
    ``.venv/bin/python tools/po_from_dicts.py --remove`` (tools/po_from_dicts.py says more)."""
    folder = catalog_path("en").parents[2]
    left = sorted(p.name for p in folder.glob("*.py") if p.stem[:2] in LANGUAGES)
    assert left == [], "run: .venv/bin/python tools/po_from_dicts.py --remove"
