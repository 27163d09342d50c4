"""Which ranges of a version's rules get a page for each part: no rules-browser page too large
to load on a phone, whatever the rules' distribution (all of them in one chapter included).

A chapter (400: rules 400–499) is one page while its rules fit ``PAGE_BUDGET``; past it,
the chapter's page lists its parts, ten sections each (400–409, 410–419…), and each part
that does not fit is split again, into its sections (466), then into each rule with the
rules under it (466.3), and so on down (``links.rule_range`` names the ranges,
``links.rule_page`` says which page holds a rule). The split depends only on the rules'
texts, the same in every language, so a rule has the same address in each; adding a rule
to one part moves no rule of another, and a page that becomes a list of parts keeps the old
address of each of its rules working (``rulebook.browser``: its script sends the reader on).

A rule's weight is a bound on what it adds to its page in any language: its text in every
language escaped as a page shows it (a page in French shows the English too), each
cross-reference as a link, and the heading, notes and lists around it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import links
import markup
from rulebook.book import Rule, Rulebook
from rulebook.crossref import RULE_WORD
from rulebook.numbering import NUMBERED_PATTERN

# Bytes of rules on one page at most; the theme's frame, navigation and the lists of pages
# citing each rule stay well within the 300 KB a page may weigh.
PAGE_BUDGET = 200_000
# What a rule adds besides its text: heading, paragraphs, original, history, lists.
RULE_OVERHEAD = 400
# What a cross-reference adds when it becomes a link (its address and markup).
LINK_OVERHEAD = 120


# A range's name, as ``links.rule_range`` makes them: 400, 400/460-469, 400/466, 400/466.3.
_RANGE_NAME = re.compile(
    rf"^(?:{links.KEYWORDS_PAGE}|[1-9]00(?:/(?:[1-9]\d0-[1-9]\d9|{NUMBERED_PATTERN}))?)$"
)


def is_range_name(text: str) -> bool:
    """Whether ``text`` names a range of rules (a request from the reader's browser may name
    any: it is checked before it becomes part of an address).

    >>> [is_range_name(t) for t in ("400", "400/460-469", "400/466.3", "400/../x", "466")]
    [True, True, True, False, False]
    """
    return bool(_RANGE_NAME.match(text))


def weight(rule: Rule, languages: Sequence[str]) -> int:
    total = RULE_OVERHEAD
    for lang in languages:
        entry = rule.entries.get(lang)
        if entry is None:
            continue
        texts = [*entry.paragraphs, *entry.notes]
        word = RULE_WORD(lang).casefold()
        for text in texts:
            total += len(markup.text(text).encode())
            total += LINK_OVERHEAD * text.casefold().count(word)
    return total


def split_ranges(book: Rulebook, budget: int = PAGE_BUDGET) -> frozenset[str]:
    """The ranges of ``book``'s rules (``links.rule_range``'s names) too heavy for one page."""
    languages = book.languages
    split: set[str] = set()

    def visit(rules: list[tuple[Rule, int]], name: str, level: int) -> None:
        if sum(w for _, w in rules) <= budget:
            return
        parts: dict[str, list[tuple[Rule, int]]] = {}
        for rule, w in rules:
            part = links.rule_range(rule.number, level + 1)
            if part is not None:
                parts.setdefault(part, []).append((rule, w))
        if not parts:  # the range's own rule alone: a page of its own, however long
            return
        split.add(name)
        for part, members in parts.items():
            visit(members, part, level + 1)

    for chapter, rules in book.chapters().items():
        visit([(rule, weight(rule, languages)) for rule in rules], links.chapter_range(chapter), 0)
    return frozenset(split)


def rules_at(name: str, book: Rulebook) -> links.RulesAt:
    """Version ``name`` of the rules, as links to its rules need it."""
    return links.RulesAt(name, split_ranges(book))
