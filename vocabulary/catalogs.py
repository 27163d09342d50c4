"""Messages and the gettext catalogs that translate them.

A catalog is read once per process. On CPython it is compiled from its ``.po``
file with Babel; where a compiled ``.mo`` sits beside it (the in-browser engine
ships those, compiled by Babel at build), that is read instead: one catalog,
two forms of the same file. Either way Python's ``gettext`` does the lookup.
"""

from __future__ import annotations

import gettext
import io
import string
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from importlib.resources.abc import Traversable

from vocabulary.typography import number, typeset

SOURCE_LANGUAGE = "en"
DOMAIN = "riftbound"

_REGISTRY: dict[tuple[str, str], Message] = {}
_BY_CONTEXT: dict[str, Message] = {}


@dataclass(frozen=True, slots=True)
class Message:
    """One message: its context (a stable key), its English text and plural."""

    context: str
    text: str
    plural: str | None = None

    def __call__(self, lang: str, count: int | None = None, **values: object) -> str:
        """The message in ``lang``, placeholders filled, typeset; ``count`` picks the plural.

        Remembered: a site says the same few thousand sentences a hundred thousand times
        (each value by its type too: the reader's ``Finished`` text is not typeset, a plain
        ``str`` is)."""
        try:
            return _filled(self, lang, count, tuple((k, type(v), v) for k, v in values.items()))
        except TypeError:  # a value that cannot be a key: filled each time
            return self.fill(lang, values, count)

    def fill(self, lang: str, values: dict[str, object], count: int | None = None) -> Finished:
        """The message in ``lang`` with ``values`` in its placeholders, typeset: its own words
        and each plain text value typeset for ``lang``, each number written as ``lang`` writes
        numbers, and what is already ``Finished`` (another message, the reader's own text)
        put in as it is, so typography never changes a value the reader typed."""
        n = (1 if count is None else count) if self.plural is not None else None
        if n is not None or count is not None:  # a message without plural may say a count too
            values.setdefault("count", n if n is not None else count)
        filled = {name: _value(value, lang) for name, value in values.items()}
        return Finished(typeset(self.template(lang, n), lang).format(**filled))

    def template(self, lang: str, n: int | None) -> str:
        """The translation in ``lang`` (its form for ``n``, for a plural message)."""
        return _template(self.context, self.text, self.plural, lang, n)

    @property
    def placeholders(self) -> frozenset[str]:
        return placeholders(self.text) | placeholders(self.plural or "")


class Finished(str):
    """Text a message puts in as it is: another message's text (already typeset), or the
    reader's own text, which the site quotes exactly as typed (``vocabulary.say``)."""


def _value(value: object, lang: str) -> object:
    if isinstance(value, Finished):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value, lang)
    if isinstance(value, str):
        return typeset(value, lang)
    return value


@lru_cache(maxsize=8192)
def _filled(
    message: Message, lang: str, count: int | None, values: tuple[tuple[str, type, object], ...]
) -> Finished:
    return message.fill(lang, {name: value for name, _, value in values}, count)


@lru_cache(maxsize=8192)
def _template(context: str, text: str, plural: str | None, lang: str, n: int | None) -> str:
    translations = catalog(lang)
    if plural is None or n is None:
        return translations.pgettext(context, text)
    return translations.npgettext(context, text, plural, n)


def placeholders(template: str) -> frozenset[str]:
    """The ``{names}`` a template fills."""
    return frozenset(field for _, field, _, _ in string.Formatter().parse(template) if field)


def _register(entry: Message) -> Message:
    known = _REGISTRY.setdefault((entry.context, entry.text), entry)
    if known != entry:
        raise ValueError(f"message {entry.context!r} declared twice with different plurals")
    _BY_CONTEXT.setdefault(entry.context, known)
    return known


def message_for(context: str) -> Message:
    """The message declared with this context (a key such as ``problem:unknown-unit``)."""
    try:
        return _BY_CONTEXT[context]
    except KeyError:
        raise LookupError(
            f"no message {context!r} is declared (its module is not imported)"
        ) from None


def message(context: str, text: str) -> Message:
    """A message with no plural. Extracted by ``make catalogs`` (keyword ``message:1c,2``)."""
    return _register(Message(context, text))


def plural_message(context: str, singular: str, plural: str) -> Message:
    """A message whose wording depends on a number (keyword ``plural_message:1c,2,3``)."""
    return _register(Message(context, singular, plural))


def messages() -> list[Message]:
    """Every message declared by the modules imported so far."""
    return list(_REGISTRY.values())


def _locales() -> Traversable:
    return resources.files("vocabulary").joinpath("locales")


def catalog_path(lang: str, suffix: str = ".po") -> Traversable:
    return _locales().joinpath(lang, "LC_MESSAGES", DOMAIN + suffix)


def terminology_path(lang: str) -> Traversable:
    """A language's list of term variants the site does not use (``docset.terminology``)."""
    return _locales().joinpath(lang, "terminology.txt")


@cache
def languages() -> tuple[str, ...]:
    """English, then every language with a catalog, in alphabetical order."""
    found = sorted(
        entry.name
        for entry in _locales().iterdir()
        if entry.is_dir()
        and (catalog_path(entry.name).is_file() or catalog_path(entry.name, ".mo").is_file())
    )
    return (SOURCE_LANGUAGE, *found)


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    if lang not in languages():
        known = ", ".join(languages())
        raise LookupError(f"no catalog for language {lang!r} (known: {known})")
    compiled = catalog_path(lang, ".mo")
    data = compiled.read_bytes() if compiled.is_file() else compile_catalog(lang)
    return gettext.GNUTranslations(io.BytesIO(data))


# Each ``.po`` catalog as it was when compiled: ``forget_changed_catalogs`` compares.
_COMPILED_FROM: dict[str, bytes] = {}


def compile_catalog(lang: str) -> bytes:
    """The ``.po`` catalog compiled to ``.mo`` bytes by Babel (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    source = catalog_path(lang).read_bytes()
    _COMPILED_FROM[lang] = source
    parsed = read_po(io.BytesIO(source), locale=lang, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, parsed)
    return buffer.getvalue()


def forget_filled() -> None:
    """Forget the messages filled and the texts typeset so far: a language's build calls it
    once its pages are written (what it said is not said again in another language)."""
    _filled.cache_clear()
    typeset.cache_clear()


def forget_compiled() -> None:
    """Forget every catalog compiled and every message filled from one."""
    catalog.cache_clear()
    _template.cache_clear()
    _filled.cache_clear()


def forget_changed_catalogs() -> None:
    """Compile again, at next use, every catalog whose ``.po`` changed since it was compiled
    (``mkdocs serve`` rebuilds in one process: a translator's edit shows at the next one)."""

    def changed(lang: str, was: bytes) -> bool:
        try:
            return catalog_path(lang).read_bytes() != was
        except OSError:  # gone or unreadable: the build's catalog check says so
            return True

    if any(changed(lang, was) for lang, was in _COMPILED_FROM.items()):
        _COMPILED_FROM.clear()
        forget_compiled()
