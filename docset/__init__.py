"""The bilingual set of pages: what each page cites and embeds, checked before any build.

English pages live in ``docs/``, French ones in ``docs_fr/`` under the same
file names. Scanning both folders up front lets one build report every
problem of both languages at once, and gives the rules browser its
"cited by" links. Knows nothing of MkDocs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from docset.terminology import variants
from engine.diagnostics import Problem
from rulebook import Rulebook
from rulebook.references import Reference, find_references

LANGUAGE_FOLDERS = {"en": "docs", "fr": "docs_fr"}
FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
TITLE = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.M)
# mkdocs-static-i18n treats a top-level folder named like a locale as a language.
LOCALE_LIKE = re.compile(r"^[a-z]{2}(?:[_-][A-Za-z]{2})?$")


@dataclass(frozen=True)
class PageSource:
    lang: str
    path: str  # relative to its language folder, e.g. "resolution-step.md"
    display: str  # as shown in messages, e.g. "docs_fr/resolution-step.md"
    title: str
    references: tuple[Reference, ...]
    body: str  # the Markdown, front matter blanked (line numbers kept)

    def rules(self) -> list[Reference]:
        return [r for r in self.references if r.kind == "rule"]

    def examples(self) -> list[Reference]:
        return [r for r in self.references if r.kind in ("example", "stepper")]


def read_page(root: Path, lang: str, path: str) -> PageSource:
    folder = LANGUAGE_FOLDERS[lang]
    text = (root / folder / path).read_text(encoding="utf-8")
    body = FRONT_MATTER.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    title = TITLE.search(body)
    return PageSource(
        lang,
        path,
        f"{folder}/{path}",
        title.group(1) if title else path,
        tuple(find_references(body)),
        body,
    )


@dataclass(frozen=True)
class DocSet:
    root: Path
    pages: dict[tuple[str, str], PageSource]

    def in_language(self, lang: str) -> list[PageSource]:
        return [p for (page_lang, _), p in sorted(self.pages.items()) if page_lang == lang]

    def cited_by(self, lang: str) -> dict[str, list[PageSource]]:
        """For each rule number, the pages of ``lang`` that cite it, in path order."""
        cited: dict[str, list[PageSource]] = {}
        for page in self.in_language(lang):
            for number in dict.fromkeys(r.value for r in page.rules()):
                cited.setdefault(number, []).append(page)
        return cited

    def embedded_examples(self) -> dict[str, list[tuple[PageSource, Reference]]]:
        found: dict[str, list[tuple[PageSource, Reference]]] = {}
        for page in self.pages.values():
            for ref in page.examples():
                found.setdefault(ref.value, []).append((page, ref))
        return found

    def problems(self, rules: Rulebook, example_ids: Iterable[str]) -> list[Problem]:
        """Every problem of every page, in both languages."""
        examples = set(example_ids)
        found: list[Problem] = list(self._folder_problems())
        for page in self.pages.values():
            for ref in page.references:
                if ref.kind == "invalid":
                    found.append(
                        Problem(
                            page.display,
                            ref.line,
                            f"[[{ref.value}]]: not a reference; write [[466.3.a]] for a rule "
                            "or [[example: id]] for a worked example",
                        )
                    )
                elif ref.kind == "rule" and ref.value not in rules:
                    found.append(
                        Problem(
                            page.display, ref.line, f"[{ref.value}] unknown rule: not in rules/"
                        )
                    )
                elif ref.kind in ("example", "stepper") and ref.value not in examples:
                    found.append(
                        Problem(
                            page.display,
                            ref.line,
                            f"[{ref.value}] unknown example: no examples/{ref.value}.yml",
                        )
                    )
        found += self._parity_problems()
        for page in self.in_language("fr"):
            for line, variant, term in variants(page.body):
                found.append(
                    Problem(page.display, line, f"'{variant}': the glossary's term is '{term}'")
                )
        return found

    def _folder_problems(self) -> Iterator[Problem]:
        for lang, folder in LANGUAGE_FOLDERS.items():
            base = self.root / folder
            if not base.is_dir():
                yield Problem(folder, 0, f"missing folder for language '{lang}'")
                continue
            for child in sorted(base.iterdir()):
                if child.is_dir() and LOCALE_LIKE.match(child.name):
                    yield Problem(
                        f"{folder}/{child.name}",
                        0,
                        "a top-level folder named like a language is dropped by the i18n plugin: rename it",
                    )

    def _parity_problems(self) -> Iterator[Problem]:
        """Each page has a twin in the other language, citing the same rules and examples in order."""
        for (lang, path), page in sorted(self.pages.items()):
            other = "fr" if lang == "en" else "en"
            twin = self.pages.get((other, path))
            if twin is None:
                yield Problem(
                    page.display,
                    1,
                    f"no {LANGUAGE_NAMES[other]} twin: add {LANGUAGE_FOLDERS[other]}/{path}",
                )
            elif lang == "fr":
                yield from sequence_problems(twin, page, "rule", lambda p: p.rules())
                yield from sequence_problems(twin, page, "example", lambda p: p.examples())


LANGUAGE_NAMES = {"en": "English", "fr": "French"}


def sequence_problems(
    english: PageSource,
    french: PageSource,
    kind: str,
    pick: Callable[[PageSource], list[Reference]],
) -> Iterator[Problem]:
    """The French page must cite the same rules (or embed the same examples) in the same order."""
    en_refs = first_occurrences(pick(english))
    fr_refs = first_occurrences(pick(french))
    for i in range(max(len(en_refs), len(fr_refs))):
        en = en_refs[i] if i < len(en_refs) else None
        fr = fr_refs[i] if i < len(fr_refs) else None
        if en is not None and fr is not None and en.value == fr.value:
            continue
        if fr is None and en is not None:
            yield Problem(
                french.display,
                1,
                f"[{en.value}] {english.display}:{en.line} has this {kind}; the French page does not",
            )
        elif en is None and fr is not None:
            yield Problem(french.display, fr.line, f"[{fr.value}] {kind} not in {english.display}")
        elif en is not None and fr is not None:
            yield Problem(
                french.display,
                fr.line,
                f"[{fr.value}] {kind} where {english.display}:{en.line} has [{en.value}] "
                "(both languages cite the same ones, in the same order)",
            )
        return  # after the first difference the rest would only repeat it


def first_occurrences(refs: list[Reference]) -> list[Reference]:
    seen: dict[str, Reference] = {}
    for ref in refs:
        seen.setdefault(ref.value, ref)
    return list(seen.values())


def scan_docs(root: Path) -> DocSet:
    pages: dict[tuple[str, str], PageSource] = {}
    for lang, folder in LANGUAGE_FOLDERS.items():
        base = root / folder
        if not base.is_dir():
            continue
        for file in sorted(base.rglob("*.md")):
            path = file.relative_to(base).as_posix()
            pages[(lang, path)] = read_page(root, lang, path)
    return DocSet(root, pages)
