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

from datetime import date

from vocabulary.catalogs import (
    DOMAIN,
    SOURCE_LANGUAGE,
    Message,
    catalog_path,
    forget_changed_catalogs,
    languages,
    message,
    messages,
    plural_message,
    terminology_path,
)
from vocabulary.typography import typeset

__all__ = [
    "DOMAIN",
    "SOURCE_LANGUAGE",
    "Message",
    "catalog_path",
    "forget_changed_catalogs",
    "join",
    "language_name",
    "languages",
    "long_date",
    "message",
    "messages",
    "plural_message",
    "terminology_path",
    "typeset",
]

AND = message("list:and", "{items} and {last}")


def long_date(iso: str, lang: str) -> str:
    """``2026-06-18`` as "June 18, 2026" or « 18 juin 2026 » (Babel's locale data)."""
    from babel.dates import format_date

    return typeset(format_date(date.fromisoformat(iso), format="long", locale=lang), lang)


def language_name(code: str, lang: str) -> str:
    """The name of language ``code`` in ``lang`` ("anglais"), from Babel's locale data."""
    from babel import Locale

    name = Locale.parse(code).get_display_name(lang)
    return name or code


def join(items: list[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` in ``lang``."""
    if len(items) <= 1:
        return "".join(items)
    return AND(lang, items=", ".join(items[:-1]), last=items[-1])
