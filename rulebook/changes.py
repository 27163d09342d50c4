"""What changed from one version of the rules to the next: one page per pair and language.

The page counts the rules added, removed, renumbered and changed, lists each
with links to both versions, and shows each changed text word by word (words
struck out and words added, as ``<del>`` and ``<ins>``). The English text is
the official one: a French page shows our translation's difference and the
English one beside it. Every text is escaped word by word.

>>> word_difference("A Player has won a combat", "A Player has lost a combat")
'A Player has <del>won</del> <ins>lost</ins> a combat'
>>> word_difference("x <b>", "x <i>")
'x <del>&lt;b&gt;</del> <ins>&lt;i&gt;</ins>'
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher

import links
import markup
from rulebook.book import Rule
from rulebook.cite import ORIGINAL
from rulebook.numbering import RuleNumber
from rulebook.versions import Changes, Version
from vocabulary import SOURCE_LANGUAGE, message, plural_message

# Past this many words on either side a text is shown whole, struck out and added: comparing
# word by word costs up to the product of the two lengths.
MAX_COMPARED_WORDS = 600

TITLE = message("changes:title", "Changes from {older} to {newer}")
INTRO = message(
    "changes:intro",
    "What changed in the rules this site carries, from {older} to {newer}: each rule added, "
    "removed, renumbered or whose text changed, with links to the rule in each version. In a "
    "changed text, struck-out words are those of {older}, underlined words those of {newer}.",
)
COUNTS = message("changes:counts", "{added}, {removed}, {renumbered} and {changed}.")
ADDED = plural_message("changes:added", "{count} rule added", "{count} rules added")
REMOVED = plural_message("changes:removed", "{count} rule removed", "{count} rules removed")
RENUMBERED = plural_message(
    "changes:renumbered", "{count} rule renumbered", "{count} rules renumbered"
)
CHANGED = plural_message("changes:changed", "{count} rule changed", "{count} rules changed")
NONE = message("changes:none", "None.")
BOTH = message("changes:both", "The rules of {older}; the rules of {newer}.")
NOT_REVISED = message(
    "changes:not-revised",
    "Our translation of this rule has not yet been revised for {newer}; the English text prevails.",
)
LABEL = message("changes:label", "Our label, not a quoted text:")


def section_id(kind: str, number: RuleNumber) -> str:
    """The id of a rule's entry in a list of the page: ``changed-rule-466-3-a``."""
    return f"{kind}-{number.anchor}"


def word_difference(old: str, new: str) -> str:
    """``old`` → ``new`` word by word, as escaped HTML with ``<del>`` and ``<ins>``."""
    before, after = old.split(), new.split()
    if max(len(before), len(after)) > MAX_COMPARED_WORDS:
        pieces = [f"<del>{markup.text(old)}</del>", f"<ins>{markup.text(new)}</ins>"]
        return " ".join(pieces)
    out: list[str] = []
    matcher = SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            out.append(markup.text(" ".join(before[i1:i2])))
            continue
        if i2 > i1:
            out.append(f"<del>{markup.text(' '.join(before[i1:i2]))}</del>")
        if j2 > j1:
            out.append(f"<ins>{markup.text(' '.join(after[j1:j2]))}</ins>")
    return " ".join(out)


def page_of(lang: str, newer: Version) -> links.Page:
    """The changes page of ``newer`` (from the version before it) in ``lang``."""
    return links.changes_page(lang, newer.name)


class ChangesPage:
    """The page of one pair of versions in one language."""

    def __init__(self, changes: Changes, lang: str) -> None:
        self.changes = changes
        self.lang = lang
        self.here = page_of(lang, changes.newer)

    def rule_link(self, version: Version, rule: Rule) -> str:
        href = links.rule(self.here, rule.number, version=version.at)
        return (
            f'<a href="{markup.attribute(href)}">'
            f"{markup.text(f'{rule.number} ({version.label})')}</a>"
        )

    def texts(self, rule: Rule, lang: str) -> str:
        return "\n\n".join(rule.paragraphs(lang))

    def text_html(self, rule: Rule) -> str:
        lang = self.lang
        if not rule.quoted:
            label = markup.text(rule.paragraphs(lang)[0])
            return f"<p><em>{markup.text(LABEL(lang))}</em> {label}</p>"
        out = [f"<p>{markup.text(p)}</p>" for p in rule.paragraphs(lang)]
        if lang != SOURCE_LANGUAGE:
            original = " ".join(markup.text(p) for p in rule.paragraphs(SOURCE_LANGUAGE))
            out.append(self.original(original))
        return "".join(out)

    def original(self, html: str) -> str:
        return (
            f'<p class="rb-original" lang="{SOURCE_LANGUAGE}"><span lang="{self.lang}">'
            f"{markup.text(ORIGINAL(self.lang))}</span> {html}</p>"
        )

    def difference_html(self, old: Rule, new: Rule) -> str:
        lang, newer = self.lang, self.changes.newer
        english = word_difference(
            self.texts(old, SOURCE_LANGUAGE), self.texts(new, SOURCE_LANGUAGE)
        )
        if lang == SOURCE_LANGUAGE:
            return f'<p class="rb-diff">{english}</p>'
        if new.translated_from(lang) is not None:
            note = f"<p><em>{markup.text(NOT_REVISED(lang, newer=newer.label))}</em></p>"
            return note + self.original(f'<span class="rb-diff">{english}</span>')
        mine = word_difference(self.texts(old, lang), self.texts(new, lang))
        return f'<p class="rb-diff">{mine}</p>' + self.original(
            f'<span class="rb-diff">{english}</span>'
        )

    def entry(self, kind: str, anchor_rule: Rule, head: str, body: str) -> str:
        return (
            f'<div class="rb-change" id="{section_id(kind, anchor_rule.number)}">'
            f'<p class="rb-change-head">{head}</p>{body}</div>'
        )

    def single(self, kind: str, version: Version, rules: Sequence[Rule]) -> str:
        if not rules:
            return f"<p>{markup.text(NONE(self.lang))}</p>"
        return "".join(
            self.entry(kind, rule, self.rule_link(version, rule), self.text_html(rule))
            for rule in rules
        )

    def paired(self, kind: str, pairs: Sequence[tuple[Rule, Rule]], show_difference: bool) -> str:
        if not pairs:
            return f"<p>{markup.text(NONE(self.lang))}</p>"
        older, newer = self.changes.older, self.changes.newer
        out = []
        for old, new in pairs:
            head = f"{self.rule_link(older, old)} → {self.rule_link(newer, new)}"
            body = self.difference_html(old, new) if show_difference else ""
            out.append(self.entry(kind, new, head, body))
        return "".join(out)

    def sections(self) -> list[tuple[str, str, str]]:
        """(id, heading, HTML) of each list, in the page's order."""
        c, lang = self.changes, self.lang
        return [
            ("added", ADDED(lang, len(c.added)), self.single("added", c.newer, c.added)),
            ("removed", REMOVED(lang, len(c.removed)), self.single("removed", c.older, c.removed)),
            (
                "renumbered",
                RENUMBERED(lang, len(c.renumbered)),
                self.paired("renumbered", c.renumbered, False),
            ),
            ("changed", CHANGED(lang, len(c.changed)), self.paired("changed", c.changed, True)),
        ]

    def intro(self) -> str:
        c, lang = self.changes, self.lang
        older, newer = c.older.label, c.newer.label
        counts = COUNTS(
            lang,
            added=ADDED(lang, len(c.added)),
            removed=REMOVED(lang, len(c.removed)),
            renumbered=RENUMBERED(lang, len(c.renumbered)),
            changed=CHANGED(lang, len(c.changed)),
        )
        both = BOTH(lang, older=markup.hole("older"), newer=markup.hole("newer"))
        indexes = {
            name: f'<a href="{markup.attribute(links.link(self.here, links.rules_index(lang, v.name)))}">'
            f"{markup.text(v.label)}</a>"
            for name, v in (("older", c.older), ("newer", c.newer))
        }
        return (
            f"<p>{markup.text(INTRO(lang, older=older, newer=newer))}</p>"
            f'<p class="rb-change-counts"><strong>{markup.text(counts)}</strong></p>'
            f"<p>{markup.text_with(both, indexes)}</p>"
        )

    def page(self) -> tuple[str, dict[str, str], tuple[str, ...]]:
        """The page's Markdown (title and headings), its searched inserts, and its late HTML
        (the entries: search finds each rule on its own)."""
        c, lang = self.changes, self.lang
        title = TITLE(lang, older=c.older.label, newer=c.newer.label)
        markdown = [f"# {markup.markdown_literal(title)}", "", markup.placeholder("intro"), ""]
        late: list[str] = []
        for name, heading, html in self.sections():
            markdown += [
                f"## {markup.markdown_literal(heading)} {{#{name}}}",
                "",
                markup.late(len(late)),
                "",
            ]
            late.append(html)
        return "\n".join(markdown), {"intro": self.intro()}, tuple(late)
