"""The rules browser: one Markdown page per hundred rules, and an index, in each language.

Every rule is a heading whose id (``rule-466-3-a``) is the same in both
languages, so a citation, a search hit or a link shared between a French and
an English reader lands on the same rule.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rulebook.book import SOURCE_LANGUAGE, Rule, Rulebook
from rulebook.cite import escape
from rulebook.labels import label

FOLDER = "rules-browser"


def chapter_path(rule: Rule) -> str:
    return f"{FOLDER}/{rule.number.chapter}.md"


def rule_link(rule: Rule, from_page: str) -> str:
    """A relative link from the page ``from_page`` (e.g. "guide/x.md") to the rule's anchor."""
    depth = from_page.count("/")
    return "../" * depth + f"{chapter_path(rule)}#{rule.number.anchor}"


@dataclass(frozen=True)
class CitingPage:
    """A page (or a place in it) that cites a rule."""

    path: str  # relative to the language's docs folder
    title: str
    anchor: str = ""

    def href(self) -> str:
        """From a rules-browser page."""
        target = f"../{self.path.removesuffix('.md')}.html"
        return f"{target}#{self.anchor}" if self.anchor else target


def chapter_title(chapter: int, lang: str) -> str:
    return label("chapter", lang).format(start=chapter, end=chapter + 99)


def edition_line(book: Rulebook, lang: str) -> str:
    parts = [book.edition(lang), book.meta(lang, "updated"), book.meta(lang, "status")]
    return " · ".join(escape(p) for p in parts if p)


@dataclass(frozen=True)
class ChapterPage:
    """A chapter's page: a short Markdown head, then its rules as ready HTML.

    The rules skip Markdown (a full rules text is thousands of them): the site
    inserts ``body`` where ``PLACEHOLDER`` stands, and declares ``anchors``.
    """

    markdown: str
    body: str
    anchors: frozenset[str]


PLACEHOLDER = "<!-- rules-browser-chapter -->"


def chapter_page(
    book: Rulebook,
    chapter: int,
    lang: str,
    cited_by: Mapping[str, Sequence[CitingPage]],
    shown_in: Mapping[str, Sequence[CitingPage]] | None = None,
) -> ChapterPage:
    """``cited_by``: pages citing each rule; ``shown_in``: worked examples applying it."""
    shown_in = shown_in or {}
    rules = book.chapters()[chapter]
    head = [
        "---",
        "hide:",
        "  - toc",
        "---",
        "",
        f"# {chapter_title(chapter, lang)}",
        "",
        f"*{edition_line(book, lang)}*",
        "",
        PLACEHOLDER,
        "",
    ]
    body = "".join(
        rule_html(book, r, lang, cited_by.get(r.number.text, ()), shown_in.get(r.number.text, ()))
        for r in rules
    )
    return ChapterPage("\n".join(head), body, frozenset(r.number.anchor for r in rules))


def rule_html(
    book: Rulebook,
    rule: Rule,
    lang: str,
    citing: Sequence[CitingPage],
    examples: Sequence[CitingPage] = (),
) -> str:
    level = 2
    parent = book.parent_of(rule)
    while parent is not None and level < 6:
        level += 1
        parent = book.parent_of(parent)
    number = rule.number
    colon = " :" if lang == "fr" else ":"
    out = [f'<h{level} id="{number.anchor}" class="rb-rule-number">{number}</h{level}>']
    if rule.quoted:
        out += [f"<p>{html.escape(p)}</p>" for p in rule.paragraphs(lang)]
        if lang != SOURCE_LANGUAGE:
            original = " ".join(html.escape(p) for p in rule.paragraphs(SOURCE_LANGUAGE))
            out.append(
                f'<p class="rb-original" lang="en"><span lang="{lang}">'
                f"{label('original', lang)}{colon}</span> {original}</p>"
            )
    else:
        name = html.escape(rule.paragraphs(lang)[0])
        out.append(f"<p><strong>{name}</strong>. <em>{label('not-quoted', lang)}</em></p>")
    if note := rule.note(lang):
        out.append(f"<p><em>{label('note', lang)}{colon} {html.escape(note)}</em></p>")
    for key, places in (("cited-by", citing), ("shown-in", examples)):
        if places:
            links = ", ".join(
                f'<a href="{html.escape(p.href())}">{html.escape(p.title)}</a>' for p in places
            )
            out.append(f'<p><span class="rb-cited-by">{label(key, lang)}{colon}</span> {links}</p>')
    return "\n".join(out) + "\n"


def index_markdown(book: Rulebook, lang: str) -> str:
    intro = {
        "en": (
            "Every rule this site cites, by number. Each rule has a stable address, the same in "
            "English and French: `rules-browser/400.html#rule-466-3-a` for rule 466.3.a. Type a "
            "rule number such as 466.3.a in the search box to jump to it."
        ),
        "fr": (
            "Toutes les règles que ce site cite, par numéro. Chaque règle a une adresse stable, "
            "la même en anglais et en français : `rules-browser/400.html#rule-466-3-a` pour la "
            "règle 466.3.a. Tapez un numéro de règle comme 466.3.a dans la recherche pour y aller."
        ),
    }[lang]
    out = [f"# {label('browser', lang)}", "", f"*{edition_line(book, lang)}*", "", intro, ""]
    for chapter, rules in book.chapters().items():
        out += [f"## [{chapter_title(chapter, lang)}]({chapter}.md)", ""]
        sections = [r for r in rules if book.parent_of(r) is None]
        for rule in sections:
            first = rule.paragraphs(lang)[0]
            text = first if len(first) < 90 else first[:87].rstrip() + "…"
            out.append(f"- [{rule.number}]({chapter}.md#{rule.number.anchor}) {escape(text)}")
        out.append("")
    return "\n".join(out) + "\n"
