"""The French glossary calls no word official without its source: every term it gives without
*(à confirmer)* is in the French version of the article on triggers (seed 003), is the one
word it cites from the French Riftbound Origins FAQ (« marquer »), is an everyday word its
introduction names as such, or is an acronym kept as the sources write it (FEPR)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import seed

GLOSSARY = Path(__file__).resolve().parents[2] / "docs_fr" / "glossary.md"
MARK = "*(à confirmer)*"
WORD = re.compile(r"[^\W\d_]+")
# A word's first letters, enough to find its inflections in the seed (prévenir, préviennent).
STEM = 4


def entries() -> list[tuple[str, bool]]:
    """Each French term of the glossary's tables (a cell's terms are separated by « · »; « a, b »
    is one term in two forms), and whether it carries the mark."""
    found = []
    for row in GLOSSARY.read_text("utf-8").splitlines():
        if not row.startswith("| ") or row.startswith(("| Français", "| ---")):
            continue
        for term in row.split("|")[1].split(" · "):
            found.append((re.sub(r"\*\(à confirmer\)\*|\([^)]*\)", "", term).strip(), MARK in term))
    return found


def introduction() -> str:
    text = GLOSSARY.read_text("utf-8")
    return text[: text.index("## ")]


def everyday_words(intro: str) -> set[str]:
    """The words the introduction's sentence on everyday words names (« main », « perdre »)."""
    start = intro.index("Un mot courant")
    return set(re.findall(r"« (\w+) »", intro[start : intro.index(".", start)]))


def in_seed(term: str, words: set[str]) -> bool:
    """Every content word of ``term`` (or of one of its forms) is in the seed, inflected or not."""
    forms = [form for form in term.split(", ") if form]

    def found(word: str) -> bool:
        stem = word[: max(STEM, len(word) - STEM)]
        return any(w.startswith(stem) for w in words)

    return any(all(found(w) for w in WORD.findall(form.lower()) if len(w) > 3) for form in forms)


def test_every_french_term_the_glossary_gives_unmarked_has_its_source() -> None:
    words = set(WORD.findall(seed("003").lower()))
    intro = introduction()
    everyday = everyday_words(intro)
    assert {"main", "perdre"} <= everyday, "the introduction names its everyday words"
    assert "« Marquer des points »" in intro and "Foire aux questions" in intro
    unsourced = [
        term
        for term, marked in entries()
        if not marked
        and not in_seed(term, words)
        and term not in everyday | {"marquer"}
        and not term.isupper()
    ]
    assert unsourced == [], "mark these *(à confirmer)* or name their source"
    assert len(entries()) > 40


def test_a_term_the_glossary_marks_is_one_the_seed_does_not_have() -> None:
    """The mark is kept only where a source is missing: a marked term is not the seed's."""
    words = set(WORD.findall(seed("003").lower()))
    marked = [term for term, mark in entries() if mark]
    assert {"éliminer", "Agonie", "tenir", "bannissement"} <= set(marked)
    sourced = [term for term in marked if in_seed(term, words) and "«" not in term]
    assert sourced == [], "these are in the seed: drop their mark"
    everyday = everyday_words(introduction())
    assert everyday and not everyday & set(marked), "an everyday word needs no mark"
