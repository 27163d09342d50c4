"""A rulebook: every rule we carry, in every language, looked up by number."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from diagnostics import Problem, ProblemsFound, read_source
from rulebook.numbering import RuleNumber
from rulebook.textfile import RuleEntry, RulesFile, parse_rules_text
from vocabulary import SOURCE_LANGUAGE, typeset


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

    def note(self, lang: str) -> str | None:
        note = self.entries[lang].note
        return typeset(note, lang) if note else None


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
        grouped: dict[int, list[Rule]] = {}
        for rule in self.rules:
            grouped.setdefault(rule.number.chapter, []).append(rule)
        return grouped


def rule_files(directory: Path, edition: str, languages: Sequence[str]) -> dict[str, Path]:
    return {lang: directory / f"{edition}.{lang}.txt" for lang in languages}


class RulebookProblems(ProblemsFound):
    """The rules files' problems, and the numbers of the source language's rules when its
    file read whole (citations are checked against them: a translation's fault does not
    hide a page's), else None."""

    def __init__(self, problems: Iterable[Problem], numbers: frozenset[str] | None) -> None:
        super().__init__(problems)
        self.numbers = numbers


def load_rulebook(
    directory: Path,
    edition: str,
    languages: Sequence[str],
    display_root: Path | None = None,
) -> Rulebook:
    """Load ``{edition}.en.txt`` and its translations; report every problem at once
    (``RulebookProblems``)."""
    problems: list[Problem] = []
    files: dict[str, RulesFile] = {}
    languages = [SOURCE_LANGUAGE, *(lang for lang in languages if lang != SOURCE_LANGUAGE)]
    for lang, path in rule_files(directory, edition, languages).items():
        shown = str(path.relative_to(display_root)) if display_root else str(path)
        if not path.exists():
            problems.append(Problem(shown, 0, f"missing rules file for language '{lang}'"))
            continue
        try:
            files[lang] = parse_rules_text(read_source(path, shown, root=display_root), shown)
        except ProblemsFound as found:
            problems.extend(found.problems)

    def numbers() -> frozenset[str] | None:
        source = files.get(SOURCE_LANGUAGE)
        return frozenset(e.number.text for e in source.entries) if source else None

    if problems:
        raise RulebookProblems(problems, numbers())

    by_lang = {lang: {e.number.text: e for e in f.entries} for lang, f in files.items()}
    source = files[SOURCE_LANGUAGE]
    rules: list[Rule] = []
    for entry in source.entries:
        entries = {SOURCE_LANGUAGE: entry}
        for lang in languages[1:]:
            translated = by_lang[lang].get(entry.number.text)
            if translated is None:
                problems.append(
                    Problem(
                        source.path,
                        entry.line,
                        f"[{entry.number}] no {lang} text in {files[lang].path}",
                    )
                )
                continue
            if translated.quoted != entry.quoted:
                problems.append(
                    Problem(
                        files[lang].path,
                        translated.line,
                        f"[{entry.number}] is a [label] in one language and rule text in the other",
                    )
                )
            entries[lang] = translated
        rules.append(Rule(entry.number, entries))
    for lang in languages[1:]:
        for number, translated in by_lang[lang].items():
            if number not in by_lang[SOURCE_LANGUAGE]:
                problems.append(
                    Problem(
                        files[lang].path,
                        translated.line,
                        f"[{number}] not in the English rules {source.path}",
                    )
                )
    if problems:
        raise RulebookProblems(problems, numbers())
    rules.sort(key=lambda r: r.number.sort_key)
    return Rulebook(files, tuple(rules))
