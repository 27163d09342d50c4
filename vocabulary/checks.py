"""What a catalog must be before it ships: complete, not fuzzy, with the same placeholders.

Checked by every site build for the languages it builds, and by the tests
for every catalog: a missing or fuzzy translation, a ``{placeholder}`` that
differs from the English, or plural forms that disagree with the language's
rule in Babel's locale data is a problem at its line of the ``.po`` file.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import PoFileError, read_po

from diagnostics import Problem
from vocabulary.catalogs import (
    DOMAIN,
    SOURCE_LANGUAGE,
    Message,
    catalog_path,
    messages,
    placeholders,
)


def display(lang: str) -> str:
    return f"vocabulary/locales/{lang}/LC_MESSAGES/{DOMAIN}.po"


def read_catalog(lang: str) -> Catalog:
    with catalog_path(lang).open("rb") as source:
        return read_po(source, locale=lang, domain=DOMAIN, abort_invalid=True)


def catalog_problems(
    languages: Sequence[str], declared: Sequence[Message] | None = None
) -> Iterator[Problem]:
    """Every problem of the catalogs of ``languages`` for the messages ``declared`` (all known)."""
    wanted = list(messages() if declared is None else declared)
    for lang in languages:
        if lang == SOURCE_LANGUAGE:
            continue
        shown = display(lang)
        if not catalog_path(lang).is_file():
            yield Problem(shown, 0, f"no catalog for language '{lang}' (run `make catalogs`)")
            continue
        try:
            catalog = read_catalog(lang)
        except PoFileError as error:
            yield Problem(shown, error.lineno, f"not a valid catalog: {error}")
            continue
        except UnicodeDecodeError:
            yield Problem(shown, 0, "not UTF-8 text")
            continue
        yield from _plural_problems(catalog, lang, shown)
        for entry in wanted:
            yield from entry_problems(catalog, entry, shown)


def entry_problems(catalog: Catalog, entry: Message, shown: str) -> Iterator[Problem]:
    """What is wrong with ``entry``'s translation in ``catalog``, if anything."""
    key = entry.text if entry.plural is None else (entry.text, entry.plural)
    found = catalog.get(key, context=entry.context)
    if found is None:
        yield Problem(shown, 0, f'missing msgctxt "{entry.context}" (run `make catalogs`)')
        return
    line = found.lineno or 0
    strings = translations(found.string)
    if found.fuzzy:
        yield Problem(shown, line, f'"{entry.context}": fuzzy: review the translation')
    elif not all(strings) or len(strings) != (1 if entry.plural is None else catalog.num_plurals):
        yield Problem(shown, line, f'"{entry.context}": not translated')
    else:
        yield from _placeholder_problems(entry, strings, shown, line)


def translations(string: object) -> tuple[str, ...]:
    """A catalog entry's translation, or its plural forms, as a tuple of strings."""
    forms = string if isinstance(string, (tuple, list)) else (string,)
    return tuple(form if isinstance(form, str) else "" for form in forms)


def _placeholder_problems(
    entry: Message, strings: tuple[str, ...], shown: str, line: int
) -> Iterator[Problem]:
    """A translation fills no placeholder the English lacks, and says every value it says.

    A plural form may leave out a number it spells out ("le prochain dégât").
    """
    allowed = entry.placeholders | ({"count"} if entry.plural else set())
    used = [placeholders(text) for text in strings]
    unknown = set().union(*used) - allowed
    said = used[0] if entry.plural is None else set().union(*used)
    missing = entry.placeholders - said - {"count"}
    if unknown:
        yield Problem(shown, line, f'"{entry.context}": unknown placeholder {sorted(unknown)}')
    if missing:
        yield Problem(
            shown, line, f'"{entry.context}": the translation leaves out {sorted(missing)}'
        )


def _plural_problems(catalog: Catalog, lang: str, shown: str) -> Iterator[Problem]:
    rule = get_plural(lang)
    same_rule = catalog.plural_expr.replace(" ", "") == rule.plural_expr.replace(" ", "")
    if catalog.num_plurals != rule.num_plurals or not same_rule:
        yield Problem(
            shown,
            0,
            f"Plural-Forms header is nplurals={catalog.num_plurals}; plural={catalog.plural_expr}, "
            f"but {lang} has nplurals={rule.num_plurals}; plural={rule.plural_expr}",
        )


def catalog_texts(lang: str) -> Iterator[tuple[str, int, str]]:
    """(file, line, text) of every translation in ``lang``'s catalog, for wording checks."""
    if not catalog_path(lang).is_file():
        return
    for entry in read_catalog(lang):
        if entry.id:
            for text in translations(entry.string):
                if text:
                    yield display(lang), entry.lineno or 0, text
