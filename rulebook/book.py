"""A rulebook: every rule we carry, in every language, looked up by number."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from diagnostics import Problem, ProblemsFound, read_source
from rulebook.numbering import RuleNumber
from rulebook.textfile import RuleEntry, RulesFile, parse_rules_text
from vocabulary import SOURCE_LANGUAGE, typeset

# A keyword's name at the start of its label: the words before its number ("N") or its colon.
KEYWORD_NAME = re.compile(r"([^\W\d_][\w’'-]*(?: (?!N\b)[^\W\d_][\w’'-]*)*)(?= N\b|\s*:)")


@dataclass(frozen=True)
class Rule:
    """One rule, with its entry in each language."""

    number: RuleNumber
    entries: Mapping[str, RuleEntry]

    @property
    def quoted(self) -> bool:
        """False when no source quotes the wording: we only carry a label."""
        return self.entries[SOURCE_LANGUAGE].quoted

    def paragraphs(self, lang: str) -> tuple[str, ...]:
        """The rule's paragraphs in ``lang``, typeset for it."""
        return tuple(typeset(p, lang) for p in self.entries[lang].paragraphs)

    def name(self, lang: str) -> str:
        """The rule as a reader of ``lang`` names it: its number, or a keyword's name in that
        language, which its label there starts with (``Shield`` is « Bouclier » in French, from
        « [Bouclier N : …] »)."""
        entry = self.entries.get(lang)
        if not self.number.is_keyword or lang == SOURCE_LANGUAGE or entry is None:
            return self.number.text
        named = KEYWORD_NAME.match(entry.paragraphs[0]) if entry.paragraphs else None
        return named.group(1) if named else self.number.text

    def notes(self, lang: str) -> tuple[str, ...]:
        """The editor's notes on the rule in ``lang``, typeset for it: a paragraph each."""
        return tuple(typeset(note, lang) for note in self.entries[lang].notes)

    def same_text(self, other: Rule) -> bool:
        """Whether the two carry the same English wording, white space aside. Our labels are
        not wording: a rule we only label compares as unchanged (we cannot know)."""
        if not (self.quoted and other.quoted):
            return True
        return self.english_words == other.english_words

    @cached_property
    def english_words(self) -> tuple[tuple[str, ...], ...]:
        """The English wording's words, paragraph by paragraph (compared across versions)."""
        return words(self.entries[SOURCE_LANGUAGE].paragraphs)

    def translated_from(self, lang: str) -> str | None:
        """The older version whose English this translation follows (None: this one's)."""
        entry = self.entries.get(lang)
        return entry.translated_from if entry is not None else None


def words(paragraphs: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(p.split()) for p in paragraphs)


@dataclass(frozen=True)
class Rulebook:
    """The rules of one edition, in the order of their numbers."""

    files: Mapping[str, RulesFile]
    rules: tuple[Rule, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_number", {r.number.text: r for r in self.rules})

    def get(self, number: str) -> Rule | None:
        by_number: dict[str, Rule] = self._by_number  # type: ignore[attr-defined]
        return by_number.get(number)

    def __contains__(self, number: object) -> bool:
        return isinstance(number, str) and self.get(number) is not None

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.files)

    def meta(self, lang: str, key: str) -> str:
        return typeset(self.files[lang].meta.get(key, ""), lang)

    def parent_of(self, rule: Rule) -> Rule | None:
        """The nearest rule above this one that we carry (466.3 may be absent for 466.3.a)."""
        number = rule.number.parent
        while number is not None:
            if (found := self.get(number.text)) is not None:
                return found
            number = number.parent
        return None

    def chapters(self) -> dict[int, list[Rule]]:
        """Rules grouped by hundred (100–199, …): one rules-browser page each."""
        return self._chapters

    @cached_property
    def _chapters(self) -> dict[int, list[Rule]]:
        grouped: dict[int, list[Rule]] = {}
        for rule in self.rules:
            grouped.setdefault(rule.number.chapter, []).append(rule)
        return grouped


def rule_files(directory: Path, edition: str, languages: Sequence[str]) -> dict[str, Path]:
    return {lang: directory / f"{edition}.{lang}.txt" for lang in languages}


def load_rulebook(
    directory: Path,
    edition: str,
    languages: Sequence[str],
    display_root: Path | None = None,
) -> Rulebook:
    """Load ``{edition}.en.txt`` and its translations; report every problem at once."""
    book, problems = read_rulebook(directory, edition, languages, display_root)
    if problems or book is None:
        raise ProblemsFound(problems)
    return book


def read_rulebook(
    directory: Path,
    edition: str,
    languages: Sequence[str],
    display_root: Path | None = None,
    translations: list[Problem] | None = None,
) -> tuple[Rulebook | None, list[Problem]]:
    """``{edition}.en.txt`` and its translations, and every problem of them.

    The book is None only when a file does not read or parse. A rule missing its
    translation is a problem, but the book still holds it (without that language), so
    what depends on the English alone can still be checked. With ``translations``, what a
    translation lacks or adds (a file, a rule's text) goes there, to be said once the rules
    themselves are right (it may be their fault's doing); a file's own faults are said at once.
    """
    problems: list[Problem] = []
    translated = problems if translations is None else translations
    files: dict[str, RulesFile] = {}
    languages = [SOURCE_LANGUAGE, *(lang for lang in languages if lang != SOURCE_LANGUAGE)]
    for lang, path in rule_files(directory, edition, languages).items():
        shown = str(path.relative_to(display_root)) if display_root else str(path)
        if not os.path.lexists(path):
            missing = problems if lang == SOURCE_LANGUAGE else translated
            missing.append(Problem(shown, 0, f"missing rules file for language '{lang}'"))
            continue
        try:
            files[lang] = parse_rules_text(read_source(path, shown, root=display_root), shown)
        except ProblemsFound as found:  # a file's own faults: each said, whatever the language
            problems.extend(found.problems)

    if len(files) < len(languages):
        return None, problems

    by_lang = {lang: {e.number.text: e for e in f.entries} for lang, f in files.items()}
    source = files[SOURCE_LANGUAGE]
    rules: list[Rule] = []
    for entry in source.entries:
        if entry.translated_from:
            problems.append(
                Problem(
                    source.path,
                    entry.line,
                    f"[{entry.number}] translated-from: only a translation follows another "
                    "version's English",
                )
            )
        entries = {SOURCE_LANGUAGE: entry}
        for lang in languages[1:]:
            translation = by_lang[lang].get(entry.number.text)
            if translation is None:
                translated.append(
                    Problem(
                        source.path,
                        entry.line,
                        f"[{entry.number}] no {lang} text in {files[lang].path}",
                    )
                )
                continue
            if translation.quoted != entry.quoted:
                translated.append(
                    Problem(
                        files[lang].path,
                        translation.line,
                        f"[{entry.number}] is a [label] in one language and rule text in the other",
                    )
                )
            entries[lang] = translation
        rules.append(Rule(entry.number, entries))
    for lang in languages[1:]:
        for number, translation in by_lang[lang].items():
            if number not in by_lang[SOURCE_LANGUAGE]:
                translated.append(
                    Problem(
                        files[lang].path,
                        translation.line,
                        f"[{number}] not in the English rules {source.path}",
                    )
                )
    rules.sort(key=lambda r: r.number.sort_key)
    return Rulebook(files, tuple(rules)), problems
