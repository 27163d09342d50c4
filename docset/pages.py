"""The pages of every language: read and scanned once per build, before anything is rendered.

Source-language pages live in ``docs/``, those of another language in
``docs_<lang>/`` under the same file names. Reading every language up front
lets one build report every problem of every language at once, and gives
the rules browser its "cited by" links.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

import links
from diagnostics import Problem, ProblemsFound, read_source
from docset.scan import Kind, Reference, Scan, scan
from vocabulary import SOURCE_LANGUAGE

# MkDocs' own front matter rule (mkdocs.utils.meta), so lines are counted as it counts them.
FRONT_MATTER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.S)
TITLE = re.compile(r"^#[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
# mkdocs-static-i18n treats a top-level folder named like a locale as a language.
LOCALE_LIKE = re.compile(r"^[a-z]{2}(?:[_-][A-Za-z]{2})?$")
# The largest page the build reads.
MAX_PAGE_BYTES = 8 * 1024 * 1024


def folder_of(lang: str) -> str:
    """The folder of a language's pages: ``docs`` or ``docs_fr``."""
    return "docs" if lang == SOURCE_LANGUAGE else f"docs_{lang}"


@dataclass(frozen=True)
class PageSource:
    page: links.Page
    display: str  # as shown in messages, e.g. "docs_fr/resolution-step.md"
    text: str  # the whole file
    title: str
    markdown: str  # as MkDocs reads it: front matter and the blank lines after it removed
    first_line: int  # the file's line the Markdown starts on
    scanned: Scan
    # Words the terminology check lets this page use (front matter ``terms_kept``): wording a
    # page quotes from a source.
    terms_kept: frozenset[str] = frozenset()
    # The version of the rules its author last checked its citations against (front matter
    # ``rules_reviewed: v1.4``) as written, and the line that says so; None: not said.
    rules_reviewed: tuple[str, int] | None = None

    @property
    def lang(self) -> str:
        return self.page.lang

    @property
    def path(self) -> str:
        return self.page.path

    @property
    def references(self) -> tuple[Reference, ...]:
        return self.scanned.references

    def rules(self) -> list[Reference]:
        return self.scanned.of_kind(Kind.RULE)

    def examples(self) -> list[Reference]:
        return self.scanned.of_kind(Kind.EXAMPLE, Kind.STEPPER)

    def problems(self) -> Iterator[Problem]:
        for line, message in self.scanned.problems:
            yield Problem(self.display, line, message)
        seen: dict[str, int] = {}
        for ref in self.examples():
            if ref.value in seen:
                yield Problem(
                    self.display,
                    ref.line,
                    f"[{ref.value}] already embedded on this page (line {seen[ref.value]})",
                )
            seen.setdefault(ref.value, ref.line)


def read_page(root: Path, lang: str, path: str) -> PageSource:
    display = f"{folder_of(lang)}/{path}"
    text = read_source(root / folder_of(lang) / path, display, MAX_PAGE_BYTES)
    markdown, first_line, kept = text, 1, frozenset[str]()
    reviewed = None
    if m := FRONT_MATTER.match(text):
        markdown = text[m.end() :].lstrip("\n")
        first_line = 1 + text[: len(text) - len(markdown)].count("\n")
        kept = terms_kept(m.group(1), display)
        reviewed = rules_reviewed(m.group(1))
    title = TITLE.search(markdown)
    return PageSource(
        links.Page(lang, path),
        display,
        text,
        title.group(1) if title else path,
        markdown,
        first_line,
        scan(markdown, first_line),
        kept,
        reviewed,
    )


def terms_kept(front_matter: str, display: str) -> frozenset[str]:
    """The front matter's ``terms_kept``: a list of words, in lower case."""
    try:
        data = yaml.safe_load(front_matter)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 2 if mark else 1
        raise ProblemsFound([Problem(display, line, "front matter: not valid YAML")]) from None
    kept = data.get("terms_kept", []) if isinstance(data, dict) else []
    if not isinstance(kept, list) or not all(isinstance(k, str) for k in kept):
        raise ProblemsFound([Problem(display, 1, "front matter: terms_kept is a list of words")])
    return frozenset(" ".join(k.lower().split()) for k in kept)


REVIEWED = re.compile(r"^rules_reviewed[ \t]*:", re.M)


def rules_reviewed(front_matter: str) -> tuple[str, int] | None:
    """The front matter's ``rules_reviewed`` as written (``v1.4``; ``docset.review`` checks
    it) and its line."""
    found = REVIEWED.search(front_matter)
    if found is None:
        return None
    line = 2 + front_matter.count("\n", 0, found.start())
    try:
        data = yaml.safe_load(front_matter)
    except yaml.YAMLError:
        return None  # terms_kept reports it
    value = data.get("rules_reviewed") if isinstance(data, dict) else None
    return str(value), line


@dataclass(frozen=True)
class DocSet:
    root: Path
    languages: tuple[str, ...]
    pages: dict[tuple[str, str], PageSource]

    def in_language(self, lang: str) -> list[PageSource]:
        return [p for (page_lang, _), p in sorted(self.pages.items()) if page_lang == lang]

    def get(self, lang: str, path: str) -> PageSource | None:
        return self.pages.get((lang, path))

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


def folder_problems(root: Path, languages: Sequence[str]) -> Iterator[Problem]:
    for lang in languages:
        folder = folder_of(lang)
        base = root / folder
        if not base.is_dir():
            yield Problem(folder, 0, f"missing folder for language '{lang}'")
            continue
        for child in sorted(base.iterdir()):
            if child.is_dir() and LOCALE_LIKE.match(child.name):
                yield Problem(
                    f"{folder}/{child.name}",
                    0,
                    "a top-level folder named like a language is dropped by the i18n plugin: "
                    "rename it",
                )


def scan_docs(root: Path, languages: Sequence[str]) -> tuple[DocSet, list[Problem]]:
    """Every page of every language, and the problems of reading and scanning them."""
    problems = list(folder_problems(root, languages))
    pages: dict[tuple[str, str], PageSource] = {}
    for lang in languages:
        base = root / folder_of(lang)
        if not base.is_dir():
            continue
        for file in sorted(base.rglob("*.md")):
            path = file.relative_to(base).as_posix()
            try:
                page = read_page(root, lang, path)
            except ProblemsFound as found:
                problems += found.problems
                continue
            pages[(lang, path)] = page
            problems += page.problems()
    return DocSet(root, tuple(languages), pages), problems
