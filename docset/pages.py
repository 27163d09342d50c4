"""The pages of every language: read and scanned once per build, before anything is rendered.

Source-language pages live in ``docs/``, those of another language in
``docs_<lang>/`` under the same file names. Reading every language up front
lets one build report every problem of every language at once, and gives
the rules browser its "cited by" links.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import links
from diagnostics import Problem, ProblemsFound, outside_problem, read_source, source_problem
from docset.scan import Kind, Reference, Scan, scan
from engine.loader import read_yaml
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
    # What is wrong with its front matter (the page is read all the same: its references are
    # known, so the rest of the build says nothing false about them).
    front_matter_problems: tuple[Problem, ...] = ()
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
        yield from self.front_matter_problems
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
    """A page as Markdown reads it: its line breaks (``\\r\\n``, a lone ``\\r``) made
    ``\\n``, so every line is counted as Markdown counts it."""
    display = f"{folder_of(lang)}/{path}"
    read = read_source(root / folder_of(lang) / path, display, MAX_PAGE_BYTES, root)
    text = read.replace("\r\n", "\n").replace("\r", "\n")
    markdown, first_line, kept = text, 1, frozenset[str]()
    front_matter: tuple[Problem, ...] = ()
    reviewed = None
    if m := FRONT_MATTER.match(text):
        markdown = text[m.end() :].lstrip("\n")
        first_line = 1 + text[: len(text) - len(markdown)].count("\n")
        try:
            data = front_matter_data(m.group(1), display)
            kept = terms_kept(data, display)
            reviewed = rules_reviewed(m.group(1), data)
        except ProblemsFound as found:
            front_matter = tuple(found.problems)
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
        front_matter,
        reviewed,
    )


def front_matter_data(front_matter: str, display: str) -> Any:
    """The front matter's data, read as a scenario is read (``engine.loader.read_yaml``: its
    size, nesting and values bounded, each problem one line, said as a scenario says it), at
    the page's lines (the front matter starts on line 2)."""
    try:
        data, _ = read_yaml(front_matter, display, table=None)
    except ProblemsFound as found:
        raise ProblemsFound(
            Problem(display, problem.line + 1, f"front matter: {problem.message}")
            for problem in found.problems
        ) from None
    return data


def terms_kept(data: Any, display: str) -> frozenset[str]:
    """The front matter's ``terms_kept``: a list of words, in lower case."""
    kept = data.get("terms_kept", []) if isinstance(data, dict) else []
    if not isinstance(kept, list) or not all(isinstance(k, str) for k in kept):
        raise ProblemsFound([Problem(display, 1, "front matter: terms_kept is a list of words")])
    return frozenset(" ".join(k.lower().split()) for k in kept)


REVIEWED = re.compile(r"^rules_reviewed[ \t]*:", re.M)


def rules_reviewed(front_matter: str, data: Any) -> tuple[str, int] | None:
    """The front matter's ``rules_reviewed`` as written (``v1.4``; ``docset.review`` checks
    it) and its line."""
    found = REVIEWED.search(front_matter)
    if found is None:
        return None
    line = 2 + front_matter.count("\n", 0, found.start())
    value = data.get("rules_reviewed") if isinstance(data, dict) else None
    return str(value), line


@dataclass(frozen=True)
class DocSet:
    root: Path
    languages: tuple[str, ...]
    pages: dict[tuple[str, str], PageSource]
    # (language, path) of the pages whose references are not known: not read, or not read
    # through (nested too deeply…). Their own problems say why; nothing else is said of them.
    unread: frozenset[tuple[str, str]] = frozenset()

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


def folder_files(root: Path, folder: str) -> tuple[list[str], list[Problem]]:
    """Every file of ``root/folder`` as MkDocs finds them (links to folders followed), by
    path in it, and the problems of those the build may not read or publish: anything but a
    regular file, a link out of the project, a link to a folder holding it (a loop)."""
    base = root / folder
    found: list[str] = []
    problems: list[Problem] = []
    for here, folders, names in os.walk(base, followlinks=True):
        at = Path(here)
        for name in sorted(folders):
            child = at / name
            shown = f"{folder}/{child.relative_to(base).as_posix()}"
            problem = outside_problem(child, shown, root) if child.is_symlink() else None
            if (
                problem is None
                and child.is_symlink()
                and at.resolve().is_relative_to(child.resolve())
            ):
                problem = Problem(shown, 0, "a link to a folder that holds it (a loop): not read")
            if problem is not None:
                problems.append(problem)
                folders.remove(name)
        folders.sort()
        for name in sorted(names):
            path = (at / name).relative_to(base).as_posix()
            problem = source_problem(at / name, f"{folder}/{path}", root)
            if problem is not None:
                problems.append(problem)
            else:
                found.append(path)
    return found, problems


def scan_docs(root: Path, languages: Sequence[str]) -> tuple[DocSet, list[Problem]]:
    """Every page of every language, and the problems of reading and scanning them (and of
    any other file there, which the site would publish)."""
    problems = list(folder_problems(root, languages))
    pages: dict[tuple[str, str], PageSource] = {}
    unread: set[tuple[str, str]] = set()
    for lang in languages:
        if not (root / folder_of(lang)).is_dir():
            continue
        files, unreadable = folder_files(root, folder_of(lang))
        problems += unreadable
        for path in files:
            if not path.endswith(".md"):
                continue
            try:
                page = read_page(root, lang, path)
            except ProblemsFound as found:
                problems += found.problems
                unread.add((lang, path))
                continue
            pages[(lang, path)] = page
            if not page.scanned.complete:
                unread.add((lang, path))
            problems += page.problems()
    return DocSet(root, tuple(languages), pages, frozenset(unread)), problems
