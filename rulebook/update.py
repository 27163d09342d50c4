"""Import a new official rules text as a new version: ``python -m rulebook import``.

One command, after a new version of the Core Rules is published::

    python -m rulebook import official-1.5.txt --version 1.5 \\
        --edition 'Riftbound Core Rules v1.5 "…"' --edition 'fr=Règles de base de Riftbound v1.5 « … »' \\
        --updated 2026-09-01 --published 2026-09-15

It converts the official text (``rulebook.convert``) into ``core-rules-1.5.en.txt``:
the text is the new version's wording of every rule it numbers, and a rule of
the previous version it does not number is removed, except our labels (rules
no source quotes, whose wording the new text does not give either): those are
carried over under their number. It writes each translation's file, carrying
over the previous version's text of every rule (following its number) and
marking ``translated-from: 1.4`` those whose English changed; finds the rules
that moved with their text unchanged and lists them in ``renumbering.txt``;
adds the version to ``versions.txt`` and makes it current. The build then
lists what the new version leaves to review (``docset.review``).

A text that numbers no rule, or fewer than ``MIN_SHARE`` of the rules the
previous version carries, is refused (a page, a chapter, an empty file is not
a rules text) unless ``--fewer-rules`` says it is meant. Nothing is written
unless everything is right: every file is written beside its target, read back
and checked as the build reads it, then moved into place
(``diagnostics.writing``); a write that fails leaves ``rules/`` as it was and
says why in one line.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from diagnostics import Problem, ProblemsFound, read_source
from diagnostics.writing import Unwritten, write_all
from rulebook.book import Rule, Rulebook, read_rulebook
from rulebook.convert import convert_official_text
from rulebook.numbering import is_version, version_key
from rulebook.textfile import (
    NUMBERED_LINE,
    RuleEntry,
    format_rules_text,
    is_date,
    parse_rules_text,
)
from rulebook.versions import (
    DECLARATION,
    RENUMBERING,
    Declaration,
    RuleVersions,
    Version,
    fit_renumbering,
    label,
    parse_declaration,
    parse_renumbering,
    rules_stem,
)
from vocabulary import SOURCE_LANGUAGE, message

# A new text numbering fewer than this share of the rules the previous version carries is not
# taken for the whole rules text unless the user says it is (--fewer-rules).
MIN_SHARE = 0.5

# The English file's own header (a translation's is in its language).
HEADER = (
    "Riftbound Core Rules {version}, imported from the official text by `python -m rulebook "
    "import`: its wording as converted by rulebook/convert.py. Riot Games' text prevails."
)
TRANSLATION_HEADER = message(
    "import:translation-header",
    "Our unofficial translation of the rules of {version}, carried over from {previous} where "
    "the English text did not change. An entry marked translated-from follows an older English "
    "text, changed since: revise it, then remove that line. A rule missing here has no "
    "translation yet: the build lists each one.",
)


@dataclass(frozen=True)
class Imported:
    """What an import wrote and found."""

    version: str
    previous: str
    written: tuple[str, ...]
    rules: int
    added: int
    removed: tuple[str, ...]
    changed: int
    moves: tuple[tuple[str, str], ...]
    to_revise: dict[str, int]  # language → translations marked translated-from
    untranslated: dict[str, int]  # language → rules with no translation

    def summary(self) -> str:
        lines = [
            f"Imported {label(self.version)}: {self.rules} rules; since {label(self.previous)}, "
            f"{self.added} added, {len(self.removed)} removed, {len(self.moves)} renumbered, "
            f"{self.changed} changed.",
            f"  wrote {', '.join(self.written)}",
        ]
        if self.removed:
            lines.append(
                f"  removed (not in the new text): {', '.join(self.removed)}; a rule the text "
                "only does not quote is not removed: put it back in the new files"
            )
        if self.moves:
            moved = ", ".join(f"{old} → {new}" for old, new in self.moves)
            lines.append(
                f"  renumbered with the same text (in {RENUMBERING}): {moved}; add any rule "
                "renumbered with a new text by hand"
            )
        for lang in self.to_revise:
            lines.append(
                f"  {lang}: {self.to_revise[lang]} translation(s) to revise (translated-from: "
                f"{self.previous}), {self.untranslated[lang]} rule(s) without a translation"
            )
        lines.append(
            f"  {label(self.version)} is now the current version ({DECLARATION}). Build the site: "
            "it lists every citation, worked example, engine step and translation to review."
        )
        return "\n".join(lines)


def find_moves(old: Rulebook, new: Rulebook) -> list[tuple[str, str]]:
    """Rules of ``old`` whose text ``new`` has under another number only, and nowhere else:
    (old number, new number), in the new order. A text found twice on either side is left
    for a person to decide."""

    def key(rule: Rule) -> tuple[tuple[str, ...], ...] | None:
        entry = rule.entries[SOURCE_LANGUAGE]
        return tuple(tuple(p.split()) for p in entry.paragraphs) if entry.quoted else None

    def stays(rule: Rule, other: Rulebook) -> bool:
        """The other book has the same number with the same text."""
        there = other.get(rule.number.text)
        return there is not None and rule.same_text(there)

    leaving: dict[tuple[tuple[str, ...], ...], list[str]] = {}
    for rule in old:
        if (k := key(rule)) is not None and not stays(rule, new):
            leaving.setdefault(k, []).append(rule.number.text)
    arriving: dict[tuple[tuple[str, ...], ...], list[str]] = {}
    for rule in new:
        if (k := key(rule)) is not None and not stays(rule, old):
            arriving.setdefault(k, []).append(rule.number.text)
    moves = []
    for k, numbers in arriving.items():
        sources = leaving.get(k, [])
        if len(numbers) == 1 and len(sources) == 1 and sources[0] != numbers[0]:
            moves.append((sources[0], numbers[0]))
    order = {rule.number.text: i for i, rule in enumerate(new)}
    return sorted(moves, key=lambda m: order[m[1]])


def carried_translation(
    versions: RuleVersions, previous: Version, new: Version, lang: str
) -> tuple[list[RuleEntry], int, int]:
    """The translation of each rule of ``new`` carried over from ``previous`` (its text,
    marked ``translated-from`` where the English changed), the number marked, the number
    with no text to carry."""
    entries: list[RuleEntry] = []
    marked = missing = 0
    for rule in new.book:
        before = versions.step_back(rule.number.text, versions.position(new))
        old = previous.book.get(before) if before is not None else None
        entry = old.entries.get(lang) if old is not None else None
        if old is None or entry is None or entry.quoted != rule.quoted:
            missing += 1
            continue
        source = entry.translated_from
        if source is None and not old.same_text(rule):
            source = previous.name
        marked += source is not None
        entries.append(replace(entry, number=rule.number, translated_from=source, line=0))
    return entries, marked, missing


def import_version(
    rules_dir: Path,
    official: Path,
    version: str,
    editions: Mapping[str, str],
    dates: Mapping[str, str],
    display_root: Path | None = None,
    fewer_rules: bool = False,
) -> Imported:
    """Import ``official`` as ``version`` into ``rules_dir``; ProblemsFound says what is wrong
    (nothing is written then). ``fewer_rules``: a text numbering fewer rules than
    ``MIN_SHARE`` of the previous version's, or none, is meant."""

    def shown(path: Path) -> str:
        if display_root is not None and path.is_relative_to(display_root):
            return str(path.relative_to(display_root))
        return str(path)

    declared_at = rules_dir / DECLARATION
    declaration = parse_declaration(
        read_source(declared_at, shown(declared_at)), shown(declared_at)
    )
    previous_name = declaration.versions[-1]
    problems: list[Problem] = []
    if not is_version(version):
        problems.append(Problem("--version", 0, f"{version!r} is not a version such as 1.5"))
    elif version_key(version) <= version_key(previous_name):
        problems.append(
            Problem("--version", 0, f"{version} is not after {previous_name}, the newest version")
        )
    new_version = not problems
    for key, value in dates.items():
        if not is_date(value):
            problems.append(Problem(f"--{key}", 0, f"{value!r}: not a date (write YYYY-MM-DD)"))
    stem = rules_stem(previous_name)
    languages = sorted(
        path.name.removeprefix(f"{stem}.").removesuffix(".txt")
        for path in rules_dir.glob(f"{stem}.*.txt")
    )
    old_book, found = read_rulebook(rules_dir, stem, languages, display_root)
    if old_book is None:
        raise ProblemsFound(found)
    for lang in old_book.languages:
        option = f"--edition {'' if lang == SOURCE_LANGUAGE else lang + '='}…"
        if not editions.get(lang, "").strip():
            problems.append(Problem("--edition", 0, f"no edition's name for '{lang}': {option}"))
        elif not editions[lang].strip().isprintable():  # a line break would end its header line
            problems.append(
                Problem("--edition", 0, f"the name for '{lang}' is not one line of text: {option}")
            )
    targets = [rules_dir / f"{rules_stem(version)}.{lang}.txt" for lang in old_book.languages]
    if new_version:  # else the same fault: the version is not a new one
        problems += [
            Problem(shown(t), 0, "already exists" + ("" if t.exists() else " (a link to nothing)"))
            for t in targets
            if os.path.lexists(t)
        ]
    if problems:
        raise ProblemsFound(problems)

    previous_meta = {lang: old_book.files[lang].meta for lang in old_book.languages}

    def meta(lang: str) -> dict[str, str]:
        out = {"edition": editions[lang].strip(), **dates, "language": lang}
        if status := previous_meta[lang].get("status"):
            out["status"] = status
        return out

    raw = read_source(official, shown(official))
    numbered = numbered_rules(raw)  # before converting: a text of prose is refused in one line
    carried = sum(rule.quoted for rule in old_book)
    if not fewer_rules and len(numbered) < MIN_SHARE * carried:
        said = (
            f"numbers {len(numbered)} rule(s), fewer than {MIN_SHARE:.0%} of the {carried} "
            f"rules {label(previous_name)} carries"
            if numbered
            else "numbers no rule (a rule is a line 'NUMBER. text', such as '466.3.a. A Player …')"
        )
        raise ProblemsFound(
            [
                Problem(
                    shown(official),
                    0,
                    f"{said}: not the whole rules text? Nothing is written (--fewer-rules if it "
                    "is meant)",
                )
            ]
        )
    converted = parse_rules_text(convert_official_text(raw, shown(official), {}), shown(targets[0]))
    labels = [
        rule.entries[SOURCE_LANGUAGE]
        for rule in old_book
        if not rule.quoted and rule.number.text not in numbered
    ]
    merged = sorted([*converted.entries, *labels], key=lambda e: e.number.sort_key)
    english = format_rules_text(meta(SOURCE_LANGUAGE), merged)
    parsed = parse_rules_text(english, shown(targets[0]))
    new_rules = tuple(
        sorted(
            (Rule(e.number, {SOURCE_LANGUAGE: e}) for e in parsed.entries),
            key=lambda r: r.number.sort_key,
        )
    )
    new = Version(version, Rulebook({SOURCE_LANGUAGE: parsed}, new_rules))
    previous = Version(previous_name, old_book)
    moves = find_moves(old_book, new.book)
    pair = Declaration(
        shown(declared_at), (previous_name, version), version, previous_name, previous_name
    )
    versions = RuleVersions([previous, new], pair, {(previous_name, version): dict(moves)})
    changes = versions.changes(previous)

    header = HEADER.format(version=label(version))
    texts = {targets[0]: comment(header) + english}
    to_revise: dict[str, int] = {}
    untranslated: dict[str, int] = {}
    for lang, target in zip(old_book.languages[1:], targets[1:], strict=True):
        entries, to_revise[lang], untranslated[lang] = carried_translation(
            versions, previous, new, lang
        )
        said = TRANSLATION_HEADER(lang, version=label(version), previous=label(previous_name))
        texts[target] = comment(said) + format_rules_text(meta(lang), entries)
    renumbering_at = rules_dir / RENUMBERING
    renumbering = (
        read_source(renumbering_at, shown(renumbering_at))
        if os.path.lexists(renumbering_at)
        else ""
    )
    section = [
        f"[{previous_name} → {version}]",
        *(f"{old} → {new_number}" for old, new_number in moves),
    ]
    renumbering = (
        renumbering.rstrip("\n")
        + ("\n\n" if renumbering.strip() else "")
        + "\n".join(section)
        + "\n"
    )
    declared = declare(read_source(declared_at, shown(declared_at)), declaration, version)
    texts[renumbering_at] = renumbering
    texts[declared_at] = declared
    check_written(texts, shown, [previous, new], version)
    try:
        write_all({path: text.encode("utf-8") for path, text in texts.items()})
    except Unwritten as failed:
        raise ProblemsFound(
            [Problem(shown(failed.path), 0, f"{failed.reason}: nothing was written")]
        ) from None
    return Imported(
        version,
        previous_name,
        tuple(shown(p) for p in texts),
        len(new.book),
        len(changes.added),
        tuple(r.number.text for r in changes.removed),
        len(changes.changed),
        tuple(moves),
        to_revise,
        untranslated,
    )


def numbered_rules(raw: str) -> set[str]:
    """The numbers of the rules ``raw`` gives a text (``rulebook.convert`` reads each line
    'NUMBER. text' as one)."""
    numbers = set()
    for line in raw.splitlines():
        m = NUMBERED_LINE.match(" ".join(line.split()))
        if m and m["text"]:
            numbers.add(m["number"])
    return numbers


def check_written(
    texts: Mapping[Path, str], shown: Callable[[Path], str], versions: list[Version], new: str
) -> None:
    """Each file as the build will read it: the rules files parse, ``renumbering.txt`` fits
    the two versions, ``versions.txt`` makes ``new`` current. A problem here is ours, not the
    user's: nothing is written."""
    problems: list[Problem] = []
    for path, text in texts.items():
        where = shown(path)
        try:
            if path.name == DECLARATION:
                if parse_declaration(text, where).current != new:
                    problems.append(Problem(where, 0, f"would not make {new} current"))
            elif path.name == RENUMBERING:
                sections, syntax = parse_renumbering(text, where)
                fitted = [s for s in sections if (s.older, s.newer) == (versions[0].name, new)]
                problems += syntax + fit_renumbering(fitted, versions, where)[1]
            else:
                parse_rules_text(text, where)
        except ProblemsFound as found:
            problems += found.problems
    if problems:
        raise ProblemsFound(
            [replace(p, message=f"{p.message} (as the import would write it)") for p in problems]
        )


def comment(text: str) -> str:
    """``text`` as comment lines at the top of a rules file."""
    return "".join(f"# {line}\n" for line in textwrap.wrap(text, width=96)) + "\n"


def declare(text: str, declaration: Declaration, version: str) -> str:
    """``versions.txt`` with ``version`` listed after the newest, and made current."""
    lines = text.splitlines()
    last = declaration.lines[declaration.versions[-1]]
    lines.insert(last, version)
    current = declaration.lines.get("@current")
    if current is not None:
        at = current + (current > last)
        lines[at - 1] = f"@current: {version}"
    else:
        lines.append(f"@current: {version}")
    return "\n".join(lines) + "\n"


def parse_editions(values: Sequence[str]) -> dict[str, str]:
    """``--edition TEXT`` (English) and ``--edition fr=TEXT``."""
    editions: dict[str, str] = {}
    for value in values:
        lang, sep, text = value.partition("=")
        if sep and lang.isalpha() and lang.islower() and 2 <= len(lang) <= 3:
            editions[lang] = text
        else:
            editions[SOURCE_LANGUAGE] = value
    return editions


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rulebook", description="The rules the site carries."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser(
        "import", help="import a new official rules text as a new version, made current"
    )
    command.add_argument(
        "official", type=Path, help="the official numbered text, as copied from the PDF"
    )
    command.add_argument("--version", required=True, help="its version, such as 1.5")
    command.add_argument(
        "--edition",
        action="append",
        default=[],
        help="the edition's name: --edition 'Riftbound Core Rules v1.5 \"…\"' for English, "
        "--edition 'fr=…' for each translation",
    )
    command.add_argument("--updated", help="the date the text was last updated (YYYY-MM-DD)")
    command.add_argument("--published", help="the date it was published (YYYY-MM-DD)")
    command.add_argument("--rules-dir", type=Path, default=Path("rules"), help="default: rules")
    command.add_argument(
        "--fewer-rules",
        action="store_true",
        help=f"the text is meant to number fewer than {MIN_SHARE * 100:.0f}%% of the rules the "
        "previous version carries, or none (refused otherwise: not the whole rules text)",
    )
    args = parser.parse_args(argv)
    dates = {key: getattr(args, key) for key in ("updated", "published") if getattr(args, key)}
    rules_dir = args.rules_dir.resolve()
    # Files are named from here, inside the current folder; a rules folder elsewhere by its
    # whole path (a relative name would not reach it).
    root = Path.cwd() if rules_dir.is_relative_to(Path.cwd()) else None
    # Ended politely (Ctrl-C, kill, the terminal closed): the files being written are deleted,
    # and rules/ is left as it was (diagnostics.writing holds these back while files move).
    polite = {sig: signal.signal(sig, interrupted) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        imported = import_version(
            rules_dir,
            args.official.resolve(),
            args.version,
            parse_editions(args.edition),
            dates,
            display_root=root,
            fewer_rules=args.fewer_rules,
        )
    except ProblemsFound as found:
        print(found, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        if current_version(rules_dir) == args.version:  # versions.txt moves last
            print(f"interrupted once {label(args.version)} was imported, whole", file=sys.stderr)
        else:
            print("interrupted: nothing was written", file=sys.stderr)
        return 130
    finally:
        for sig, handler in polite.items():
            signal.signal(sig, handler)
    print(imported.summary())
    return 0


def interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def current_version(rules_dir: Path) -> str | None:
    """The version ``versions.txt`` makes current now, if it reads."""
    try:
        at = rules_dir / DECLARATION
        return parse_declaration(read_source(at, str(at)), str(at)).current
    except ProblemsFound:
        return None
