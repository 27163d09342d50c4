"""Every word the site and the engine say, in each language, from gettext catalogs.

English is the source language: each message is written once, in English, where
it is used (``message("board:trash", "Trash")``), with a context naming it, and
translated in ``locales/<lang>/LC_MESSAGES/riftbound.po``, the format translators'
tools read. Plural forms follow each language's rule from the catalog's header
(French: 0 and 1 are singular). Text comes out typeset for its language
(``vocabulary.typography``): plain text, escaped by whoever puts it in a page.

>>> from vocabulary import plural_message
>>> damage = plural_message("board:damage", "{count} damage", "{count} damage")
>>> damage("en", 1), damage("fr", 0), damage("fr", 1), damage("fr", 2)
('1 damage', '0 dégât', '1 dégât', '2 dégâts')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from functools import cache
from importlib import resources
from typing import Protocol

from diagnostics import Line, Named, NodePath, Param, Place, Said, Term
from vocabulary.catalogs import (
    DOMAIN,
    SOURCE_LANGUAGE,
    Finished,
    Message,
    catalog_path,
    forget_changed_catalogs,
    forget_filled,
    languages,
    message,
    message_for,
    messages,
    plural_message,
    terminology_path,
)
from vocabulary.typography import excerpt, number, typeset

__all__ = [
    "DOMAIN",
    "LANGUAGE_NAMES",
    "SOURCE_LANGUAGE",
    "Finished",
    "Message",
    "catalog_path",
    "excerpt",
    "forget_changed_catalogs",
    "forget_filled",
    "join",
    "language_name",
    "languages",
    "localized",
    "long_date",
    "message",
    "message_for",
    "messages",
    "nested",
    "number",
    "plural_message",
    "say",
    "sequence",
    "terminology_path",
    "typeset",
]

AND = message("list:and", "{items} and {last}")
THEN = message("list:then", "{items}, then {last}")


# How a language writes the first day of a month, where it is not the plain number: French
# writes it as an ordinal (« 1er décembre »), which Babel's long format does not.
_FIRST_OF_THE_MONTH = {"fr": "1er"}


def long_date(iso: str, lang: str) -> str:
    """``2026-06-18`` as "June 18, 2026" or « 18 juin 2026 » (Babel's locale data); the first
    of a month as the language writes it.

    >>> long_date("2026-12-01", "fr"), long_date("2026-12-01", "en")
    ('1er décembre 2026', 'December 1, 2026')
    """
    from babel.dates import format_date

    day = date.fromisoformat(iso)
    said = format_date(day, format="long", locale=lang)
    first = _FIRST_OF_THE_MONTH.get(lang)
    if first and day.day == 1 and said.startswith("1 "):
        said = f"{first} {said[2:]}"
    return typeset(said, lang)


# Where the in-browser engine finds the languages' names, written at build from Babel's
# locale data (``browser_engine.pack``): Babel itself does not travel to the browser.
LANGUAGE_NAMES = "vocabulary/locales/language-names.json"


def language_name(code: str, lang: str) -> str:
    """The name of language ``code`` in ``lang`` ("anglais"), from Babel's locale data."""
    shipped = _shipped_language_names()
    if shipped is not None:
        return str(shipped.get(lang, {}).get(code, code))
    from babel import Locale

    name = Locale.parse(code).get_display_name(lang)
    return name or code


@cache
def _shipped_language_names() -> dict[str, dict[str, str]] | None:
    """The names the build wrote beside the engine's code, where it runs in a browser."""
    file = resources.files("vocabulary").joinpath(LANGUAGE_NAMES.removeprefix("vocabulary/"))
    if not file.is_file():
        return None
    names: dict[str, dict[str, str]] = json.loads(file.read_text(encoding="utf-8"))
    return names


def join(items: list[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` in ``lang``."""
    if len(items) <= 1:
        return "".join(items)
    return AND(lang, items=", ".join(items[:-1]), last=items[-1])


def sequence(items: list[str], lang: str) -> str:
    """Items that come one after the other: ``a``, ``a, then b``, ``a, then b, then c``."""
    said = items[0] if items else ""
    for item in items[1:]:
        said = THEN(lang, items=said, last=item)
    return said


# Quotation marks inside a quotation, per language: « … “…” … », “… ‘…’ …”.
_INNER_QUOTES = {
    "fr": (("«\u00a0", "“"), ("\u00a0»", "”"), ("« ", "“"), (" »", "”"), ("«", "“"), ("»", "”")),
    "en": (("“", "‘"), ("”", "’")),
}


def nested(text: str, lang: str) -> str:
    """``text`` as it stands inside a quotation: its own quotation marks become the inner ones.

    >>> nested("le combat se solde par « aucun résultat »", "fr")
    'le combat se solde par “aucun résultat”'
    """
    for outer, inner in _INNER_QUOTES.get(lang, ()):
        text = text.replace(outer, inner)
    return text


def localized(name: Mapping[str, str], lang: str) -> str:
    """A name given per language (``{"en": "Red", "fr": "Rouge"}``) in ``lang``, or in the
    source language where ``lang`` has none, typeset for ``lang``."""
    shared = name.get(SOURCE_LANGUAGE) or next(iter(name.values()), "")
    return typeset(name.get(lang) or shared, lang)


class Voice(Protocol):
    """How a message's places and names are said: as the command line writes them, or as a
    form shows them (its labels, the board's names)."""

    def place(self, at: NodePath, lang: str) -> str: ...

    def named(self, kind: str, id: str, lang: str) -> str: ...

    def line(self, number: int, at: NodePath, lang: str) -> str: ...


TOP = message("field:top", "(top)")  # the whole file, as a field
LINE = message("field:line", "line {number}")  # a line of a file, as the command line says it


class Plain:
    """The command line's voice: a field by its dotted path, a player or unit by its id."""

    def place(self, at: NodePath, lang: str) -> str:
        return ".".join(str(part) for part in at) or TOP(lang)

    def named(self, kind: str, id: str, lang: str) -> str:
        return id

    def line(self, number: int, at: NodePath, lang: str) -> str:
        return LINE(lang, number=number)


PLAIN = Plain()


def say(said: Said, lang: str, voice: Voice = PLAIN) -> Finished:
    """A message of the catalogs in ``lang``, its parameters said as ``voice`` says them; an
    integer ``count`` picks a plural form. A text parameter is data (the reader's value, a key,
    an id): it is said exactly as written, untouched by typography; the message's own words
    quote it (« ID invalide! l'an » stays as typed in French).
    """

    def shown(value: Param) -> object:
        if isinstance(value, Said):
            return say(value, lang, voice)
        if isinstance(value, Term):
            return message_for(value.key)(lang)
        if isinstance(value, Place):
            return Finished(voice.place(value.at, lang))
        if isinstance(value, Named):
            return Finished(voice.named(value.kind, value.id, lang))
        if isinstance(value, Line):
            return Finished(voice.line(value.number, value.at, lang))
        if isinstance(value, str):
            return Finished(value)
        return value

    entry = message_for(said.key)
    count = said.get("count")
    values: dict[str, object] = {name: shown(value) for name, value in said.params}
    if entry.plural is not None and isinstance(count, int):
        del values["count"]
        return entry.fill(lang, values, count)
    return entry.fill(lang, values)
