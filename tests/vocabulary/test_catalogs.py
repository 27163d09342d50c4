"""The catalogs: extracted from the code, complete, with the placeholders and plurals they need."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from tests.conftest import ROOT
from tests.test_layers import CORE
from vocabulary import Message, languages, message
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
    catalogs.catalog.cache_clear()
    catalogs._template.cache_clear()
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
        catalogs.catalog.cache_clear()
        catalogs._template.cache_clear()
        catalogs._COMPILED_FROM.clear()
