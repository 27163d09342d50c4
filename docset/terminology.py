"""One term per concept: every text of a language is checked against its list of variants.

A language's list (``vocabulary/locales/<lang>/terminology.txt``) pairs each
variant the glossary does not use, as a regular expression over its
inflections, with the term it does. Every text the site shows in that
language is read: pages (outside code), worked examples' titles, captions and
names, the catalog of interface words and narration, and the rule
translations. Quotations (« … », “ … ”, " … ") may use any word; so may a page
that lists a word in its front matter (``terms_kept``), for wording it quotes
from a source.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from diagnostics import Problem, ProblemsFound, read_source
from vocabulary import terminology_path

# Quotations: a quote may use any word.
QUOTED = re.compile(r"«[^»]*»|“[^”]*”|\"[^\"\n]*\"")


@dataclass(frozen=True, slots=True)
class Text:
    """A text in one language and where it comes from."""

    display: str
    line: int  # the line the text starts on
    text: str
    kept: frozenset[str] = frozenset()  # variants this text may use (lower case)
    field: str = ""  # in a data file, the field holding the text ("caption.fr")


@dataclass(frozen=True)
class Terminology:
    """A language's variants and their terms."""

    terms: dict[str, str]  # variant pattern → term

    def __post_init__(self) -> None:
        pattern = r"\b(" + "|".join(f"(?:{v})" for v in self.terms) + r")\b"
        object.__setattr__(self, "variant", re.compile(pattern, re.I))

    def term_for(self, variant: str) -> str:
        for pattern, term in self.terms.items():
            if re.fullmatch(pattern, variant, re.I):
                return term
        return "?"

    def variants(self, text: str) -> Iterator[tuple[int, str, str]]:
        """(line within ``text``, variant found, term to use), outside quotations."""
        if not self.terms:
            return
        found: re.Pattern[str] = self.variant  # type: ignore[attr-defined]
        blanked = QUOTED.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
        line, last = 1, 0
        for m in found.finditer(blanked):
            line += text.count("\n", last, m.start())
            last = m.start()
            variant = " ".join(m.group(0).split())
            yield line, variant, self.term_for(variant)

    def problems(self, texts: Iterable[Text]) -> Iterator[Problem]:
        for item in texts:
            for line, variant, term in self.variants(item.text):
                if variant.lower() not in item.kept:
                    where = f"{item.field}: " if item.field else ""
                    yield Problem(
                        item.display,
                        item.line + line - 1,
                        f"{where}'{variant}': the glossary's term is {term}",
                    )


def load_terminology(lang: str) -> Terminology | None:
    """``lang``'s list of variants, or None if it has none; ProblemsFound for a bad line."""
    path = terminology_path(lang)
    if not path.is_file():
        return None
    shown = f"vocabulary/locales/{lang}/terminology.txt"
    text = read_source(path, shown) if isinstance(path, Path) else path.read_text("utf-8")
    terms: dict[str, str] = {}
    problems = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        variant, tab, term = line.partition("\t")
        if not tab or not variant or not term.strip():
            problems.append(Problem(shown, number, "expected: a variant, a tab, the term"))
            continue
        try:
            re.compile(variant)
        except re.error as error:
            problems.append(Problem(shown, number, f"not a regular expression: {error}"))
            continue
        terms[variant] = term.strip()
    if problems:
        raise ProblemsFound(problems)
    return Terminology(terms)
