"""The versions of the rules the site carries, side by side, and how each rule fares between them.

Two files of ``rules/`` declare them. ``versions.txt`` lists the versions,
oldest first, and names the current one (the one pages cite)::

    1.4
    1.5
    @current: 1.5
    @unversioned: 1.4
    @engine-reviewed: 1.4

``@unversioned`` is the version whose rules the site's addresses without a
version meant (``rules-browser/400.html#rule-466-3-a``, shared before the site
carried versions); ``@engine-reviewed`` the version the engine's step table was
last checked against. Both default to the oldest version. Version ``V``'s rules
are ``core-rules-V.<lang>.txt``.

``renumbering.txt`` lists the rules whose number changed from one version to
the next, under the pair's heading::

    [1.4 → 1.5]
    466.3.a → 466.3.e

A rule not listed keeps its number; a rule of the older version with no
successor was removed, one of the newer with no predecessor was added.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise
from pathlib import Path

import links
from diagnostics import Problem, ProblemsFound, read_source
from rulebook.book import Rule, Rulebook, read_rulebook
from rulebook.numbering import RuleNumber, is_version, version_key
from rulebook.paging import rules_at
from vocabulary import SOURCE_LANGUAGE

DECLARATION = "versions.txt"
RENUMBERING = "renumbering.txt"
DECLARED_KEYS = ("current", "unversioned", "engine-reviewed")

META_LINE = re.compile(r"^@(?P<key>[a-z-]+):\s*(?P<value>.*?)\s*$")
HEADING = re.compile(r"^\[\s*(?P<older>\S+)\s*(?:→|->)\s*(?P<newer>\S+)\s*\]$")
MOVE = re.compile(r"^(?P<old>\S+)\s*(?:→|->)\s*(?P<new>\S+)$")


def rules_stem(version: str) -> str:
    """The rules files of ``version``: ``core-rules-1.4.en.txt``, ``core-rules-1.4.fr.txt``."""
    return f"core-rules-{version}"


def label(version: str) -> str:
    """A version as readers see it, and as its addresses name it: ``v1.4``."""
    return f"v{version}"


# -- versions.txt ---------------------------------------------------------------


@dataclass(frozen=True)
class Declaration:
    path: str
    versions: tuple[str, ...]  # oldest first
    current: str
    unversioned: str
    engine_reviewed: str
    lines: Mapping[str, int] = field(default_factory=dict)  # a version or @key → its line


def parse_declaration(text: str, path: str) -> Declaration:
    """Parse ``versions.txt``; ProblemsFound lists every problem, each at its line."""
    problems: list[Problem] = []
    versions: list[str] = []
    lines: dict[str, int] = {}
    declared: dict[str, str] = {}
    written: set[str] = set()  # every version line, refused ones too (said once, at their line)
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if m := META_LINE.match(line):
            key, value = m["key"], m["value"]
            if key not in DECLARED_KEYS:
                known = ", ".join(f"@{k}" for k in DECLARED_KEYS)
                problems.append(Problem(path, lineno, f"unknown field @{key} ({known})"))
            elif key in declared:
                problems.append(Problem(path, lineno, f"@{key} declared twice"))
            else:
                declared[key], lines[f"@{key}"] = value, lineno
            continue
        written.add(line)
        if not is_version(line):
            problems.append(
                Problem(path, lineno, f"{line!r}: expected a version such as 1.4, or @current: 1.4")
            )
        elif line in lines:
            problems.append(
                Problem(path, lineno, f"{line} listed twice (first at line {lines[line]})")
            )
        elif versions and version_key(line) <= version_key(versions[-1]):
            problems.append(
                Problem(path, lineno, f"{line} listed after {versions[-1]}: oldest first")
            )
        else:
            versions.append(line)
            lines[line] = lineno
    if not versions and not problems:
        problems.append(
            Problem(path, 1, "no version listed: write one version a line, such as 1.4")
        )
    if "current" not in declared and versions:
        problems.append(
            Problem(
                path, 0, f"no @current: say which version pages cite (@current: {versions[-1]})"
            )
        )
    for key, value in declared.items():
        if versions and value not in written:  # a version refused at its line: said there
            listed = ", ".join(versions)
            problems.append(
                Problem(path, lines[f"@{key}"], f"@{key}: {value} is not listed ({listed})")
            )
    if problems:
        raise ProblemsFound(problems)
    oldest = versions[0]
    return Declaration(
        path,
        tuple(versions),
        declared["current"],
        declared.get("unversioned", oldest),
        declared.get("engine-reviewed", oldest),
        lines,
    )


# -- renumbering.txt --------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    old: str
    new: str
    line: int


@dataclass(frozen=True)
class Section:
    older: str
    newer: str
    line: int
    moves: tuple[Move, ...]


def parse_renumbering(text: str, path: str) -> tuple[list[Section], list[Problem]]:
    """The sections of ``renumbering.txt`` as written, and the problems of its syntax."""
    problems: list[Problem] = []
    sections: list[tuple[str, str, int, list[Move]]] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if m := HEADING.match(line):
            older, newer = m["older"], m["newer"]
            if not (is_version(older) and is_version(newer)):
                problems.append(Problem(path, lineno, f"{line}: expected [1.4 → 1.5]"))
            sections.append((older, newer, lineno, []))
        elif m := MOVE.match(line):
            if not sections:
                problems.append(
                    Problem(path, lineno, "a renumbered rule before any [1.4 → 1.5] heading")
                )
                continue
            old, new = m["old"], m["new"]
            bad = [n for n in (old, new) if not RuleNumber.is_valid(n)]
            if bad:
                problems.append(Problem(path, lineno, f"{bad[0]!r} is not a rule number"))
            elif old == new:
                problems.append(Problem(path, lineno, f"[{old}] renumbered to its own number"))
            else:
                sections[-1][3].append(Move(old, new, lineno))
        else:
            problems.append(
                Problem(path, lineno, f"{line!r}: expected [1.4 → 1.5] or 466.3.a → 466.3.e")
            )
    return [Section(o, n, line, tuple(m)) for o, n, line, m in sections], problems


# -- the model ------------------------------------------------------------------


@dataclass(frozen=True)
class Version:
    """One version of the rules: its name (``1.4``) and its rules in every language."""

    name: str
    book: Rulebook

    @property
    def label(self) -> str:
        return label(self.name)

    @cached_property
    def at(self) -> links.RulesAt:
        """This version as links to its rules need it: its name, and which of its ranges of
        rules its rules browser splits into parts (``rulebook.paging``)."""
        return rules_at(self.name, self.book)


@dataclass(frozen=True)
class Fate:
    """What became of a rule between two versions (``since`` → ``until``)."""

    number: str  # its number in ``since``, as something citing it wrote it
    since: Version
    until: Version
    successor: str | None  # its number in ``until``; None: removed
    removed_in: Version | None = None
    renumbered_in: Version | None = None  # the last version that changed its number
    changed_in: Version | None = None  # the last version that changed its text
    added_in: Version | None = None  # not in ``since``: the version that added it
    was: str | None = None  # not in ``since`` as numbered: its number there

    def describe(self) -> str:
        """What happened, in a few words, for a problem line: 'its text changed in v1.5'."""
        if self.added_in is not None:
            return f"added in {self.added_in.label}"
        if self.was is not None:
            return f"was {self.was} in {self.since.label}"
        if self.removed_in is not None:
            return f"removed in {self.removed_in.label}"
        parts = []
        if self.renumbered_in is not None:
            parts.append(f"is {self.successor} since {self.renumbered_in.label}")
        if self.changed_in is not None:
            parts.append(f"its text changed in {self.changed_in.label}")
        return " and ".join(parts)


@dataclass(frozen=True)
class History:
    """A rule of one version, looking back: since when its text is the same, and its numbers
    before. ``text_since`` is the oldest carried version from which the text is the same,
    ``text_changed`` whether its text changed there (False: it is the oldest version, or the
    first to quote the text, and what came before is not known); ``added_in`` the version
    that added it (None: the oldest carried version has it)."""

    text_since: Version
    text_changed: bool
    added_in: Version | None
    formerly: tuple[tuple[str, Version], ...]  # (an earlier number, the last version with it)


@dataclass(frozen=True)
class Changes:
    """What changed from one version to the next."""

    older: Version
    newer: Version
    added: tuple[Rule, ...]  # rules of ``newer``
    removed: tuple[Rule, ...]  # rules of ``older``
    renumbered: tuple[tuple[Rule, Rule], ...]  # (in ``older``, in ``newer``)
    changed: tuple[tuple[Rule, Rule], ...]  # text changed (renumbered or not)


class RuleVersions:
    """Every version the site carries, oldest first, and the renumbering between them."""

    def __init__(
        self,
        versions: Sequence[Version],
        declaration: Declaration,
        moves: Mapping[tuple[str, str], Mapping[str, str]] | None = None,
    ) -> None:
        self.versions = tuple(versions)
        self.declaration = declaration
        self.by_name = {v.name: v for v in self.versions}
        self.current = self.by_name[declaration.current]
        self.unversioned = self.by_name[declaration.unversioned]
        self.engine_reviewed = self.by_name[declaration.engine_reviewed]
        moves = moves or {}
        # Per consecutive pair (index i: versions[i] → versions[i + 1]).
        self._forward = [dict(moves.get((a.name, b.name), {})) for a, b in pairwise(self.versions)]
        self._backward = [{new: old for old, new in f.items()} for f in self._forward]
        self._position = {v.name: i for i, v in enumerate(self.versions)}
        # What every language's pages ask again: each rule's fate, each pair's changes.
        self._fates: dict[tuple[str, str, str], Fate | None] = {}
        self._changes: dict[str, Changes] = {}

    def __iter__(self) -> Iterator[Version]:
        return iter(self.versions)

    def __len__(self) -> int:
        return len(self.versions)

    def get(self, name: str) -> Version | None:
        return self.by_name.get(name)

    def position(self, version: Version) -> int:
        return self._position[version.name]

    @property
    def oldest(self) -> Version:
        return self.versions[0]

    def previous(self, version: Version) -> Version | None:
        i = self.position(version)
        return self.versions[i - 1] if i else None

    def following(self, version: Version) -> Version | None:
        i = self.position(version)
        return self.versions[i + 1] if i + 1 < len(self.versions) else None

    def renumbering(self, older: Version) -> dict[str, str]:
        """The renumbering from ``older`` to the version after it: old number → new."""
        return dict(self._forward[self.position(older)])

    # -- one step --------------------------------------------------------------

    def step_forward(self, number: str, i: int) -> str | None:
        """Rule ``number`` of ``versions[i]``: its number in ``versions[i + 1]``, or None."""
        moved = self._forward[i].get(number)
        if moved is not None:
            return moved
        newer = self.versions[i + 1].book
        return number if number in newer and number not in self._backward[i] else None

    def step_back(self, number: str, i: int) -> str | None:
        """Rule ``number`` of ``versions[i]``: its number in ``versions[i - 1]``, or None."""
        moved = self._backward[i - 1].get(number)
        if moved is not None:
            return moved
        older = self.versions[i - 1].book
        return number if number in older and number not in self._forward[i - 1] else None

    # -- across versions ---------------------------------------------------------

    def successor(self, number: str, older: Version, newer: Version) -> str | None:
        """Rule ``number`` of ``older``: its number in ``newer`` (None: removed on the way)."""
        current: str | None = number
        for i in range(self.position(older), self.position(newer)):
            if current is None:
                break
            current = self.step_forward(current, i)
        return current

    def predecessor(self, number: str, newer: Version, older: Version) -> str | None:
        """Rule ``number`` of ``newer``: its number in ``older`` (None: added since)."""
        current: str | None = number
        for i in range(self.position(newer), self.position(older), -1):
            if current is None:
                break
            current = self.step_back(current, i)
        return current

    def fate(self, number: str, since: Version, until: Version | None = None) -> Fate | None:
        """What became of rule ``number`` of ``since`` by ``until`` (the current version):
        None if nothing did (or if neither version has a rule ``number``)."""
        until = until or self.current
        key = (number, since.name, until.name)
        if key not in self._fates:
            self._fates[key] = self._fate(number, since, until)
        return self._fates[key]

    def _fate(self, number: str, since: Version, until: Version) -> Fate | None:
        start, end = self.position(since), self.position(until)
        if number not in since.book:
            if number not in until.book:
                return None
            was = self.predecessor(number, until, since)
            if was is not None:  # written with its new number, in a page reviewed before
                return Fate(number, since, until, number, was=was)
            added, traced = end, number
            while added > start and (back := self.step_back(traced, added)) is not None:
                added, traced = added - 1, back
            return Fate(number, since, until, number, added_in=self.versions[added])
        current = number
        renumbered_in: Version | None = None
        changed_in: Version | None = None
        for i in range(start, end):
            following = self.step_forward(current, i)
            if following is None:
                return Fate(number, since, until, None, removed_in=self.versions[i + 1])
            if following != current:
                renumbered_in = self.versions[i + 1]
            before = self.versions[i].book.get(current)
            after = self.versions[i + 1].book.get(following)
            if before is not None and after is not None and not before.same_text(after):
                changed_in = self.versions[i + 1]
            current = following
        first, last = since.book.get(number), until.book.get(current)
        if first is not None and last is not None and first.same_text(last):
            changed_in = None  # changed and changed back
        if current == number:
            renumbered_in = None
        if renumbered_in is None and changed_in is None:
            return None
        return Fate(number, since, until, current, None, renumbered_in, changed_in)

    @cached_property
    def _histories(self) -> dict[str, dict[str, History]]:
        histories: dict[str, dict[str, History]] = {}
        for i, version in enumerate(self.versions):
            previous = histories.get(self.versions[i - 1].name, {}) if i else {}
            mine: dict[str, History] = {}
            for rule in version.book:
                number = rule.number.text
                if i == 0:
                    mine[number] = History(version, False, None, ())
                    continue
                before = self.step_back(number, i)
                older = self.versions[i - 1].book.get(before) if before is not None else None
                if before is None or older is None:
                    mine[number] = History(version, True, version, ())
                    continue
                earlier = previous[before]
                formerly = earlier.formerly
                if before != number:
                    formerly = ((before, self.versions[i - 1]), *formerly)
                if not (older.quoted and rule.quoted):  # a label on either side: not known
                    history = History(version, False, earlier.added_in, formerly)
                elif older.same_text(rule):
                    history = History(
                        earlier.text_since, earlier.text_changed, earlier.added_in, formerly
                    )
                else:
                    history = History(version, True, earlier.added_in, formerly)
                mine[number] = history
            histories[version.name] = mine
        return histories

    def history(self, version: Version, number: str) -> History:
        """Rule ``number`` of ``version`` looking back over the versions before it."""
        return self._histories[version.name][number]

    def changes(self, older: Version) -> Changes:
        """What changed from ``older`` to the version after it."""
        if older.name not in self._changes:
            self._changes[older.name] = self._changes_from(older)
        return self._changes[older.name]

    def _changes_from(self, older: Version) -> Changes:
        i = self.position(older)
        newer = self.versions[i + 1]
        added, removed, renumbered, changed = [], [], [], []
        for rule in older.book:
            following = self.step_forward(rule.number.text, i)
            if following is None:
                removed.append(rule)
                continue
            after = newer.book.get(following)
            if after is None:  # the table names a rule the newer version lacks (reported)
                continue
            if following != rule.number.text:
                renumbered.append((rule, after))
            if not rule.same_text(after):
                changed.append((rule, after))
        for rule in newer.book:
            if self.step_back(rule.number.text, i + 1) is None:
                added.append(rule)
        return Changes(
            older, newer, tuple(added), tuple(removed), tuple(renumbered), tuple(changed)
        )

    def pairs(self) -> list[tuple[Version, Version]]:
        """Each version and the one after it."""
        return list(pairwise(self.versions))


# -- loading --------------------------------------------------------------------


def read_versions(
    directory: Path, languages: Sequence[str], display_root: Path | None = None
) -> tuple[RuleVersions | None, list[Problem]]:
    """Every version ``directory/versions.txt`` declares, and every problem of its files.

    None when a file does not read or parse, or the renumbering does not fit the rules
    (the problems say why). The rules' own problems come alone: while the English rules,
    ``versions.txt`` or ``renumbering.txt`` are wrong, nothing is said of the translations
    (what they lack or add may be the fault's doing: one fault, one message)."""

    def shown(path: Path) -> str:
        return str(path.relative_to(display_root)) if display_root else str(path)

    problems: list[Problem] = []  # the rules' own
    translations: list[Problem] = []  # said once there are none of those
    declared_at = directory / DECLARATION
    try:
        declaration = parse_declaration(
            read_source(declared_at, shown(declared_at)), shown(declared_at)
        )
    except ProblemsFound as unreadable:
        return None, list(unreadable.problems)
    problems += unlisted_files(directory, declaration, shown)
    versions: list[Version] = []
    for name in declaration.versions:
        book, found = read_rulebook(
            directory, rules_stem(name), languages, display_root, translations
        )
        problems += found
        if book is not None:
            versions.append(Version(name, book))
    if len(versions) < len(declaration.versions):
        return None, problems or translations
    by_name = {v.name: v for v in versions}
    translations += translation_problems(versions, by_name)
    renumbering_at = directory / RENUMBERING
    moves: dict[tuple[str, str], dict[str, str]] = {}
    if os.path.lexists(renumbering_at):
        try:
            text = read_source(renumbering_at, shown(renumbering_at))
        except ProblemsFound as unreadable:
            return None, problems + list(unreadable.problems)
        sections, syntax = parse_renumbering(text, shown(renumbering_at))
        problems += syntax
        fitted, misfits = fit_renumbering(sections, versions, shown(renumbering_at))
        problems += misfits
        if misfits:
            return None, problems
        moves = fitted
    return RuleVersions(versions, declaration, moves), problems or translations


# A rules file's name: its version and its language (``rules_stem``).
RULES_FILE = re.compile(r"core-rules-(?P<version>.+)\.(?P<lang>[^.]+)\.txt")


def unlisted_files(
    directory: Path, declaration: Declaration, shown: Callable[[Path], str]
) -> list[Problem]:
    """A problem for each rules file of a version ``versions.txt`` does not list: no build
    reads it (an import that stopped halfway left one, once), so it is said, not ignored."""
    problems = []
    for path in sorted(directory.glob("core-rules-*.txt")):
        named = RULES_FILE.fullmatch(path.name)
        if named and named["version"] not in declaration.versions:
            version = named["version"]
            problems.append(
                Problem(
                    shown(path),
                    0,
                    f"the rules of {version}, which {DECLARATION} does not list: no build reads "
                    f"them; list {version} there (python -m rulebook import adds a version "
                    "whole), or delete this file",
                )
            )
    return problems


def load_versions(
    directory: Path, languages: Sequence[str], display_root: Path | None = None
) -> RuleVersions:
    """``read_versions``, raising ProblemsFound with every problem if there is one."""
    versions, problems = read_versions(directory, languages, display_root)
    if problems or versions is None:
        raise ProblemsFound(problems)
    return versions


def fit_renumbering(
    sections: Sequence[Section], versions: Sequence[Version], path: str
) -> tuple[dict[tuple[str, str], dict[str, str]], list[Problem]]:
    """The sections as moves per consecutive pair, and every line that does not fit the rules."""
    problems: list[Problem] = []
    pairs = {(a.name, b.name): (a, b) for a, b in pairwise(versions)}
    moves: dict[tuple[str, str], dict[str, str]] = {}
    seen: dict[tuple[str, str], int] = {}
    for section in sections:
        pair = (section.older, section.newer)
        if pair not in pairs:
            names = " → ".join(v.name for v in versions)
            problems.append(
                Problem(
                    path,
                    section.line,
                    f"[{section.older} → {section.newer}] is not two consecutive versions of "
                    f"versions.txt ({names})",
                )
            )
            continue
        if pair in seen:
            problems.append(
                Problem(
                    path,
                    section.line,
                    f"a second [{section.older} → {section.newer}] (first at line {seen[pair]})",
                )
            )
            continue
        seen[pair] = section.line
        older, newer = pairs[pair]
        table: dict[str, str] = {}
        targets: dict[str, int] = {}
        sources: dict[str, int] = {}
        for move in section.moves:
            if move.old not in older.book:
                problems.append(
                    Problem(path, move.line, f"[{move.old}] is not a rule of {label(older.name)}")
                )
            elif move.new not in newer.book:
                problems.append(
                    Problem(path, move.line, f"[{move.new}] is not a rule of {label(newer.name)}")
                )
            elif move.old in sources:
                problems.append(
                    Problem(
                        path,
                        move.line,
                        f"[{move.old}] renumbered twice (first at line {sources[move.old]})",
                    )
                )
            elif move.new in targets:
                problems.append(
                    Problem(
                        path,
                        move.line,
                        f"[{move.new}] is the new number of two rules (first at line {targets[move.new]})",
                    )
                )
            else:
                sources[move.old], targets[move.new] = move.line, move.line
                table[move.old] = move.new
        moves[pair] = table
    return moves, problems


def translation_problems(
    versions: Sequence[Version], by_name: Mapping[str, Version]
) -> Iterator[Problem]:
    """A ``translated-from:`` names an older version the site carries."""
    for version in versions:
        for lang, file in version.book.files.items():
            if lang == SOURCE_LANGUAGE:  # rulebook.book reports a marker there
                continue
            for entry in file.entries:
                source = entry.translated_from
                if source is None or entry.number.text not in version.book:
                    continue
                if source not in by_name:
                    carried = ", ".join(by_name)
                    yield Problem(
                        file.path,
                        entry.line,
                        f"[{entry.number}] translated-from: {source} is not a version "
                        f"versions.txt lists ({carried})",
                    )
                elif version_key(source) >= version_key(version.name):
                    yield Problem(
                        file.path,
                        entry.line,
                        f"[{entry.number}] translated-from: {source} is not older than "
                        f"{version.name}, this file's version",
                    )
