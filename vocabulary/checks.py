"""What a catalog must be before it ships: a well-formed file, complete, not fuzzy, saying what
the English says with nothing the English does not have.

Checked by every site build for the languages it builds, and by the tests for
every catalog. A catalog is data, edited by translators in web tools: it is
read once (``read_catalog``), through the one reader of sources (UTF-8, size
bounded), and every problem is one line at its line of the ``.po`` file, never
a traceback. The file itself: every line a comment, a keyword with its string
or a string continued (a string left open is refused, not read with its last
character dropped), its escapes those Babel reads (``\\x00`` or ``\\q`` would be shown as
written), UTF-8 declared, one entry per context and text, a
``Plural-Forms`` header that is the language's rule in Babel's locale data.
Each translation: present, not fuzzy, every form filled; the ``{placeholders}``
of the English and no other, with no format spec or conversion the English
lacks (``{player:>3000000}`` formats three million spaces, ``{x!r}`` a
representation), braces balanced; no markup (tags, comments, entities) the
English lacks: the site prints translations as text, and a translation must
not rely on it printing them as anything else.
"""

from __future__ import annotations

import io
import re
import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.catalog import Message as Entry
from babel.messages.plurals import get_plural
from babel.messages.pofile import PoFileError, PoFileParser

from diagnostics import Problem, ProblemsFound, decode_source, read_source
from vocabulary.catalogs import DOMAIN, SOURCE_LANGUAGE, Message, catalog_path, messages

# The lines of a .po file: a keyword and its string, a string continued, a comment, nothing.
STRING = r'"(?:[^"\\\n]|\\.)*"'
KEYWORD_LINE = re.compile(rf"(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)[ \t]+{STRING}[ \t]*")
CONTINUED_LINE = re.compile(rf"[ \t]*{STRING}[ \t]*")
# Markup: a tag or comment (or its start), an entity.
MARKUP = re.compile(r"<[A-Za-z/!?][^<>]*>?|&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#[xX][0-9A-Fa-f]+);")
UTF8 = re.compile(r"^utf-?8$", re.I)
# An escape in a string (a backslash and what follows it), and those Babel reads back.
ESCAPE = re.compile(r"\\(?:x[0-9A-Fa-f]*|[0-7]{1,3}|.)")
READ_ESCAPES = ("\\\\", '\\"', "\\n", "\\t")
PLURAL_FORMS = re.compile(r'"Plural-Forms:(?P<rule>.*?)(?:\\n)?"')
PLURAL_RULE = re.compile(
    r"\s*nplurals\s*=\s*(?P<count>\d+)\s*;\s*plural\s*=(?P<expression>[^;]+);?\s*"
)


def display(lang: str) -> str:
    return f"vocabulary/locales/{lang}/LC_MESSAGES/{DOMAIN}.po"


@dataclass(frozen=True)
class CatalogRead:
    """A language's catalog as read once, and the problems of the file itself."""

    lang: str
    shown: str
    catalog: Catalog | None  # None: there is none, or it could not be read
    problems: tuple[Problem, ...] = ()
    lines: Sequence[str] = ()  # the file's, to point at the line of a translation


class _Recording(Catalog):
    """A catalog that notes each entry added twice (Babel keeps one, silently)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.seen: dict[tuple[str, str | None], int] = {}
        self.twice: list[tuple[int, int, str]] = []  # (line, first line, context or text)

    def __setitem__(self, id: str | tuple[str, ...] | list[str], message: Entry) -> None:
        text = id if isinstance(id, str) else id[0]
        if text:
            key, line = (text, message.context), message.lineno or 0
            if key in self.seen:
                self.twice.append((line, self.seen[key], message.context or text))
            self.seen.setdefault(key, line)
        super().__setitem__(id, message)


def read_catalog(lang: str) -> CatalogRead:
    """``lang``'s catalog and the problems of its file; never raises."""
    shown = display(lang)
    path = catalog_path(lang)
    try:
        if not path.is_file():
            problem = Problem(shown, 0, f"no catalog for language '{lang}' (run `make catalogs`)")
            return CatalogRead(lang, shown, None, (problem,))
        if isinstance(path, Path):
            text = read_source(path, shown)
        else:  # inside an archive: bounded by the archive
            text = decode_source(path.read_bytes(), shown)
    except ProblemsFound as found:
        return CatalogRead(lang, shown, None, tuple(found.problems))
    except OSError as error:
        return CatalogRead(lang, shown, None, (Problem(shown, 0, f"cannot read: {error}"),))
    lines = text.split("\n")
    problems = [
        Problem(shown, number, "not a line of a catalog (a string left open?)")
        for number, line in enumerate(lines, start=1)
        if line.strip()
        and not line.startswith("#")
        and not KEYWORD_LINE.fullmatch(line)
        and not CONTINUED_LINE.fullmatch(line)
    ]
    problems += _escape_problems(shown, lines)
    problems += _plural_problems(lang, shown, lines)
    if problems:
        return CatalogRead(lang, shown, None, tuple(problems), lines)
    catalog = _Recording(locale=lang, domain=DOMAIN)
    try:
        PoFileParser(catalog, abort_invalid=True).parse(io.StringIO(text))
    except PoFileError as error:
        line = error.lineno or 0
        what = f"not a valid catalog: {str(error).removesuffix(f' on {line}')}"
        return CatalogRead(lang, shown, None, (Problem(shown, line, what),), lines)
    problems += [
        Problem(shown, line, f'"{key}": a second entry (the first is on line {first})')
        for line, first, key in catalog.twice
    ]
    problems += _charset_problems(catalog, shown, lines)
    return CatalogRead(lang, shown, catalog, tuple(problems), lines)


def catalog_problems(
    languages: Sequence[str],
    declared: Sequence[Message] | None = None,
    read: Mapping[str, CatalogRead] | None = None,
) -> Iterator[Problem]:
    """Every problem of the catalogs of ``languages`` for the messages ``declared`` (all known),
    from the catalogs as ``read`` (read here if not given)."""
    wanted = list(messages() if declared is None else declared)
    for lang in languages:
        if lang == SOURCE_LANGUAGE:
            continue
        found = read[lang] if read is not None and lang in read else read_catalog(lang)
        yield from found.problems
        if found.catalog is None:
            continue
        for entry in wanted:
            yield from entry_problems(found.catalog, entry, found.shown, found.lines)


def entry_problems(
    catalog: Catalog, entry: Message, shown: str, lines: Sequence[str] = ()
) -> Iterator[Problem]:
    """What is wrong with ``entry``'s translation in ``catalog``, if anything: at the line of
    the form at fault (``msgstr[1] …``) where the file's ``lines`` are given, else at the
    entry's."""
    key = entry.text if entry.plural is None else (entry.text, entry.plural)
    found = catalog.get(key, context=entry.context)
    if found is None:
        yield Problem(shown, 0, f'missing msgctxt "{entry.context}" (run `make catalogs`)')
        return
    line = found.lineno or 0
    strings = translations(found.string)

    def line_of(form: int) -> int:
        keyword = "msgstr " if entry.plural is None else f"msgstr[{form}] "
        rows = range(line, min(line + 200, len(lines)))
        return next((n + 1 for n in rows if lines[n].startswith(keyword)), line)

    if found.fuzzy:
        yield Problem(shown, line, f'"{entry.context}": fuzzy: review the translation')
    elif not all(strings) or len(strings) != (1 if entry.plural is None else catalog.num_plurals):
        yield Problem(shown, line, f'"{entry.context}": not translated')
    else:
        yield from _placeholder_problems(entry, strings, shown, line_of)
        yield from _markup_problems(entry, strings, shown, line_of)


def translations(string: object) -> tuple[str, ...]:
    """A catalog entry's translation, or its plural forms, as a tuple of strings."""
    forms = string if isinstance(string, (tuple, list)) else (string,)
    return tuple(form if isinstance(form, str) else "" for form in forms)


# A field of a template: its name, format spec and conversion ("!r"), as ``str.format`` reads it.
Field = tuple[str, str, str | None]


def fields(template: str) -> list[Field]:
    """The replacement fields of ``template``; ValueError for braces that do not balance."""
    return [
        (name, spec or "", conversion)
        for _, name, spec, conversion in string.Formatter().parse(template)
        if name is not None
    ]


def shown_field(field: Field) -> str:
    """A field as written: ``{player!r:>9}``."""
    name, spec, conversion = field
    return (
        "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
    )


def _placeholder_problems(
    entry: Message, strings: tuple[str, ...], shown: str, line_of: Callable[[int], int]
) -> Iterator[Problem]:
    """A translation fills no placeholder the English lacks, formats each as the English does,
    and says every value it says. A plural form may leave out a number it spells out ("le
    prochain dégât"). Each problem at the first form that has it."""
    english = fields(entry.text) + fields(entry.plural or "")
    allowed = {name for name, _, _ in english} | ({"count"} if entry.plural else set())
    formats = set(english)
    used: list[set[str]] = []
    unknown: dict[str, int] = {}
    formatted: dict[str, int] = {}
    for form, text in enumerate(strings):
        try:
            found = fields(text)
        except ValueError:
            yield Problem(
                shown,
                line_of(form),
                f'"{entry.context}": braces that do not balance: write {{{{ and }}}} for '
                "a brace, {name} for a value",
            )
            return
        used.append({name for name, _, _ in found})
        for field in found:
            if field[0] not in allowed:
                unknown.setdefault(field[0] or "{}", form)
            elif (field[1] or field[2]) and field not in formats:
                formatted.setdefault(shown_field(field), form)
    said = used[0] if entry.plural is None else set().union(*used)
    missing = {name for name, _, _ in english} - said - {"count"}
    if unknown:
        yield Problem(
            shown,
            line_of(min(unknown.values())),
            f'"{entry.context}": unknown placeholder {sorted(unknown)}',
        )
    if formatted:
        yield Problem(
            shown,
            line_of(min(formatted.values())),
            f'"{entry.context}": {", ".join(sorted(formatted))}: a format the English does not '
            "have (write the placeholder as the English does)",
        )
    if missing:
        yield Problem(
            shown, line_of(0), f'"{entry.context}": the translation leaves out {sorted(missing)}'
        )


def _markup_problems(
    entry: Message, strings: tuple[str, ...], shown: str, line_of: Callable[[int], int]
) -> Iterator[Problem]:
    allowed = set(MARKUP.findall(entry.text)) | set(MARKUP.findall(entry.plural or ""))
    found = {form: sorted(set(MARKUP.findall(text)) - allowed) for form, text in enumerate(strings)}
    faulty = [form for form, markup in found.items() if markup]
    if faulty:
        every = sorted({m for markup in found.values() for m in markup})
        yield Problem(
            shown,
            line_of(faulty[0]),
            f'"{entry.context}": markup the English does not have: {", ".join(every)} '
            "(the site shows a translation as text)",
        )


def _escape_problems(shown: str, lines: Sequence[str]) -> Iterator[Problem]:
    """Each string escapes only what Babel reads back (a backslash, a quote, a line break, a
    tab): any other would be shown as written, backslash and all (``\\x00``, ``\\101``, which
    gettext reads and Babel does not; ``\\q``, which neither defines). One problem a line,
    naming each."""
    for number, line in enumerate(lines, start=1):
        if "\\" not in line or line.startswith("#"):
            continue
        found = [
            m.group(0)
            for literal in re.finditer(STRING, line)
            for m in ESCAPE.finditer(literal.group(0)[1:-1])
            if m.group(0) not in READ_ESCAPES
        ]
        if found:
            yield Problem(
                shown,
                number,
                f"{', '.join(dict.fromkeys(found))}: an escape the catalog's reader does not read "
                "(the site would show it as written): write the character itself; the escapes "
                f"are {' '.join(READ_ESCAPES)}",
            )


def _line_of(lines: Sequence[str], field: str) -> int:
    """The line of a header field (``"Plural-Forms: …"``), or 1."""
    return next((n for n, row in enumerate(lines, 1) if row.startswith(f'"{field}:')), 1)


def _plural_problems(lang: str, shown: str, lines: Sequence[str]) -> Iterator[Problem]:
    """The header's Plural-Forms is the language's rule in Babel's locale data (read from the
    file, before Babel parses entries by it)."""
    rule = get_plural(lang)
    line = _line_of(lines, "Plural-Forms")
    found = PLURAL_FORMS.fullmatch(lines[line - 1].strip()) if lines else None
    if found is None:  # none: Babel takes the language's rule
        return
    declared = PLURAL_RULE.fullmatch(found["rule"])
    if declared is None:
        yield Problem(shown, line, "Plural-Forms header is not 'nplurals=N; plural=EXPRESSION;'")
        return
    count, expression = int(declared["count"]), declared["expression"].strip()
    if count != rule.num_plurals or expression.replace(" ", "") != rule.plural_expr.replace(
        " ", ""
    ):
        yield Problem(
            shown,
            line,
            f"Plural-Forms header is nplurals={count}; plural={expression}, "
            f"but {lang} has nplurals={rule.num_plurals}; plural={rule.plural_expr}",
        )


def _charset_problems(catalog: Catalog, shown: str, lines: Sequence[str]) -> Iterator[Problem]:
    charset = catalog.charset or ""
    if not UTF8.match(charset):
        yield Problem(
            shown,
            _line_of(lines, "Content-Type"),
            f"charset={charset}: a catalog is UTF-8 (charset=utf-8)",
        )


def catalog_texts(read: CatalogRead) -> Iterator[tuple[str, int, str]]:
    """(file, line, text) of every translation of a catalog as read, for wording checks."""
    if read.catalog is None:
        return
    for entry in read.catalog:
        if entry.id:
            for text in translations(entry.string):
                if text:
                    yield read.shown, entry.lineno or 0, text
