"""The catalogs: extracted from the code, complete, with the placeholders and plurals they need."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from diagnostics import ProblemsFound
from docset.build import load_site
from tests.conftest import ROOT
from tests.site.test_bad_input import time_bound
from tests.test_layers import CORE
from vocabulary import Message, checks, languages, message
from vocabulary.checks import catalog_problems, entry_problems

TEMPLATE = ROOT / "vocabulary" / "locales" / "riftbound.pot"
SOURCES = [*CORE, "plugins"]


def extracted(folder: Path) -> list[Message]:
    """Every message of the code, as `make catalogs` extracts it."""
    output = folder / "extracted.pot"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "extract",
            "--no-default-keywords",
            "--keyword=message:1c,2",
            "--keyword=plural_message:1c,2,3",
            f"--output-file={output}",
            *SOURCES,
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with output.open("rb") as file:
        catalog = read_po(file)
    return [
        Message(m.context or "", m.id)
        if isinstance(m.id, str)
        else Message(m.context or "", m.id[0], m.id[1])
        for m in catalog
        if m.id
    ]


@pytest.fixture(scope="module")
def code_messages(tmp_path_factory: pytest.TempPathFactory) -> list[Message]:
    return extracted(tmp_path_factory.mktemp("extract"))


def keys(found: list[Message]) -> set[tuple[str, str, str | None]]:
    return {(m.context, m.text, m.plural) for m in found}


def test_the_template_holds_exactly_the_messages_of_the_code(code_messages: list[Message]) -> None:
    with TEMPLATE.open("rb") as file:
        template = [
            Message(m.context or "", *((m.id,) if isinstance(m.id, str) else m.id))
            for m in read_po(file)
            if m.id
        ]
    assert keys(template) == keys(code_messages), "run `make catalogs` and translate what is new"


def test_every_catalog_translates_every_message_of_the_code(code_messages: list[Message]) -> None:
    assert len(languages()) >= 2
    assert [str(p) for p in catalog_problems(languages(), code_messages)] == []


def test_contexts_name_one_message_each(code_messages: list[Message]) -> None:
    contexts = [m.context for m in code_messages]
    assert len(contexts) == len(set(contexts))


def french(
    strings: dict[tuple[str, str | tuple[str, str]], str | tuple[str, ...]], fuzzy: bool = False
) -> Catalog:
    catalog = Catalog(locale="fr")
    for (context, text), string in strings.items():
        catalog.add(text, string, context=context, flags=["fuzzy"] if fuzzy else [])
    return catalog


# Built directly: not declared, so no catalog is asked for it.
DAMAGE_ID = ("{unit} takes {count} damage", "{unit} takes {count} damage")  # singular, plural
DAMAGE = Message("test:damage", *DAMAGE_ID)


@pytest.mark.parametrize(
    ("string", "found"),
    [
        (
            (
                "{unit} subit {count} dégât",
                "{unit} subit {count} de dégâts",
                "{unit} subit {count} dégâts",
            ),
            None,
        ),
        (
            (
                "{unit} subit un dégât",
                "{unit} subit {count} de dégâts",
                "{unit} subit {count} dégâts",
            ),
            None,
        ),
        (("{unite} subit {count} dégât", "x {unit}", "x {unit}"), "unknown placeholder ['unite']"),
        (("subit {count} dégât", "subit", "subit"), "the translation leaves out ['unit']"),
        (("{unit} subit", "", "{unit} subit"), "not translated"),
        (("{unit} subit", "{unit} subit"), "not translated"),
    ],
)
def test_a_translation_says_every_value_and_invents_none(
    string: tuple[str, ...], found: str | None
) -> None:
    catalog = french({(DAMAGE.context, DAMAGE_ID): string})
    problems = [p.message for p in entry_problems(catalog, DAMAGE, "fr.po")]
    assert problems == ([] if found is None else [f'"test:damage": {found}'])


def test_a_fuzzy_translation_does_not_ship() -> None:
    catalog = french({(DAMAGE.context, DAMAGE_ID): ("{unit} x",) * 3}, fuzzy=True)
    assert [p.message for p in entry_problems(catalog, DAMAGE, "fr.po")] == [
        '"test:damage": fuzzy: review the translation'
    ]


def test_an_edited_catalog_is_read_again_by_the_next_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``mkdocs serve`` rebuilds in one process: a translator's edit must show at the next
    build, not only after a restart."""
    from vocabulary import catalogs

    copy = tmp_path / "riftbound.po"
    copy.write_bytes(catalogs.catalog_path("fr").read_bytes())
    real = catalogs.catalog_path

    def path(lang: str, suffix: str = ".po") -> Any:
        return copy if lang == "fr" and suffix == ".po" else real(lang, suffix)

    trash = message("board:trash", "Trash")
    monkeypatch.setattr(catalogs, "catalog_path", path)
    catalogs.forget_changed_catalogs()
    catalogs.forget_compiled()
    try:
        assert trash("fr") == "Défausse"
        catalogs.forget_changed_catalogs()  # nothing changed: nothing forgotten
        assert catalogs.catalog.cache_info().currsize == 1
        text = copy.read_text(encoding="utf-8")
        copy.write_text(text.replace('msgstr "Défausse"', 'msgstr "Pile de défausse"'), "utf-8")
        catalogs.forget_changed_catalogs()
        assert trash("fr") == "Pile de défausse"
    finally:  # the real catalog again, for the tests after this one
        monkeypatch.undo()
        catalogs.forget_compiled()
        catalogs._COMPILED_FROM.clear()


# -- a catalog is data: every fault of its file is one line at its line, never a traceback ----

FR = "vocabulary/locales/fr/LC_MESSAGES/riftbound.po"
SITE_NAME = 'msgstr "Règles de combat de Riftbound"'
DEALS = 'msgstr[0] "Confrontation : {player} inflige {amount} dégât à l’unité {target}."'
UNUSED_FORM = 'msgstr[1] "Confrontation : {player} inflige {amount} de dégâts à l’unité {target}."'
PLURAL_RULE = "nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;"


def replaced(old: str, new: str, below: int = 0) -> Callable[[bytes], tuple[bytes, int]]:
    """The catalog with ``old`` (a line's text) made ``new``; the line it is on (``below`` it)."""

    def apply(data: bytes) -> tuple[bytes, int]:
        text = data.decode("utf-8")
        assert old in text, old
        line = text[: text.index(old)].count("\n") + 1 + below
        return text.replace(old, new, 1).encode("utf-8"), line

    return apply


def appended(entry: str) -> Callable[[bytes], tuple[bytes, int]]:
    def apply(data: bytes) -> tuple[bytes, int]:
        text = data.decode("utf-8").rstrip("\n") + "\n\n"
        return (text + entry).encode("utf-8"), text.count("\n") + 1 + entry.count(
            "\n", 0, entry.index("msgid")
        )

    return apply


NOT_FOUND = 'msgctxt "site:not-found"\nmsgid "Page not found"\nmsgstr "Page introuvable"\n'


def deleted(data: bytes) -> tuple[bytes, int]:
    """The 404 page's title deleted from the catalog: said with no line (there is none)."""
    text = data.decode("utf-8")
    assert NOT_FOUND in text
    return text.replace(NOT_FOUND, "", 1).encode("utf-8"), 0


def latin1_byte(data: bytes) -> tuple[bytes, int]:
    line = data[: data.index(SITE_NAME.encode())].count(b"\n") + 1
    return data.replace(SITE_NAME.encode(), 'msgstr "Côte"'.encode("latin-1"), 1), line


def bom(data: bytes) -> tuple[bytes, int]:
    return b"\xef\xbb\xbf" + data, 1


CATALOG_CASES = {
    "markup": (replaced(SITE_NAME, 'msgstr "<script>alert(1)</script>Règles"'), "markup"),
    "an-entity": (replaced(SITE_NAME, 'msgstr "Règles &amp; combat"'), "markup"),
    "a-width": (replaced(DEALS, DEALS.replace("{player}", "{player:>3000000}")), "a format"),
    "a-conversion": (replaced(DEALS, DEALS.replace("{player}", "{player!r}")), "a format"),
    "a-spec-in-a-form-rarely-used": (
        replaced(UNUSED_FORM, UNUSED_FORM.replace("{amount}", "{amount:,}")),
        "a format",
    ),
    "an-attribute": (
        replaced(DEALS, DEALS.replace("{player}", "{player.__class__}")),
        "unknown placeholder",
    ),
    "a-positional-field": (replaced(DEALS, DEALS.replace("{player}", "{}")), "unknown placeholder"),
    "an-unbalanced-brace": (replaced(DEALS, DEALS.replace("{player}", "{player")), "braces"),
    "a-lone-closing-brace": (replaced(DEALS, DEALS.replace("{player}", "player}")), "braces"),
    "plural-forms-not-a-rule": (replaced(PLURAL_RULE, "nplurals=x; plural=;"), "Plural-Forms"),
    "plural-forms-of-another-language": (
        replaced(PLURAL_RULE, "nplurals=2; plural=(n != 1);"),
        "Plural-Forms",
    ),
    "plural-forms-code": (
        replaced(PLURAL_RULE, "nplurals=3; plural=__import__('os').system('x');"),
        "Plural-Forms",
    ),
    "a-duplicate-entry": (
        appended('msgctxt "site:name"\nmsgid "Riftbound Combat Rules"\nmsgstr "Autre nom"\n'),
        "a second entry",
    ),
    "an-unterminated-msgstr": (replaced(SITE_NAME, SITE_NAME.removesuffix('"')), "left open"),
    "a-line-of-nothing": (replaced(SITE_NAME, SITE_NAME + "\nRègles", below=1), "left open"),
    "a-deleted-entry": (deleted, 'missing msgctxt "site:not-found"'),
    "an-escape-babel-does-not-read": (
        replaced('msgstr "Page introuvable"', 'msgstr "Page\\x00introuvable"'),
        "\\x00: an escape the catalog's reader does not read",
    ),
    "an-escape-gettext-does-not-define": (
        replaced('msgstr "Page introuvable"', 'msgstr "Page\\x00introuvable \\q"'),
        "\\x00, \\q: an escape",
    ),
    "not-utf-8": (latin1_byte, "UTF-8"),
    "a-byte-order-mark": (bom, "byte-order mark"),
    "charset-latin-1": (replaced("charset=utf-8", "charset=ISO-8859-1"), "UTF-8"),
}


@pytest.fixture
def catalog_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The French catalog read from a copy (the build's checks and its words alike)."""
    from vocabulary import catalogs

    copy = tmp_path / "riftbound.po"
    copy.write_bytes(catalogs.catalog_path("fr").read_bytes())
    real = catalogs.catalog_path

    def path(lang: str, suffix: str = ".po") -> Any:
        return copy if lang == "fr" and suffix == ".po" else real(lang, suffix)

    monkeypatch.setattr(catalogs, "catalog_path", path)
    monkeypatch.setattr(checks, "catalog_path", path)
    catalogs.forget_compiled()
    yield copy
    monkeypatch.undo()  # the real catalog again, for the tests after this one
    catalogs.forget_compiled()
    catalogs._COMPILED_FROM.clear()


@pytest.mark.parametrize("case", list(CATALOG_CASES))
def test_a_fault_of_the_catalog_fails_the_build_with_one_line(
    catalog_file: Path, case: str
) -> None:
    change, says = CATALOG_CASES[case]
    data, line = change(catalog_file.read_bytes())
    catalog_file.write_bytes(data)
    with time_bound(), pytest.raises(ProblemsFound) as raised:
        load_site(ROOT, "rules", "examples", None, languages())
    said = [str(p) for p in raised.value.problems]
    assert [p.path for p in raised.value.problems] == [FR], said
    [problem] = raised.value.problems
    assert problem.line == line and says in problem.message, said


def test_the_catalogs_of_the_site_format_no_value_past_what_the_english_does() -> None:
    """Every form of every entry: nothing but plain {name} fields where the English has them."""
    for lang in languages()[1:]:
        found = checks.read_catalog(lang)
        assert found.problems == () and found.catalog is not None
        for entry in found.catalog:
            for form in checks.translations(entry.string):
                assert all(
                    not spec and not conversion for _, spec, conversion in checks.fields(form)
                )
