"""The rules browser: one page per hundred rules, and an index, in each language.

Every rule is a heading whose id (``rule-466-3-a``) is the same in every
language, so a citation, a search hit or a link shared between a French and an
English reader lands on the same rule. The pages are a Markdown head (the
title) and HTML rendered here, every rule text escaped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import links
import markup
from rulebook.book import Rule, Rulebook
from rulebook.cite import NOT_QUOTED
from rulebook.numbering import RuleNumber
from vocabulary import SOURCE_LANGUAGE, long_date, message

BROWSER = message("browser:title", "Rules browser")
CHAPTER = message("browser:chapter", "Rules {start}–{end}")
ORIGINAL = message("browser:original", "Official English text:")
NOTE = message("browser:note", "Editor's note:")
CITED_BY = message("browser:cited-by", "Cited by:")
SHOWN_IN = message("browser:shown-in", "Applied in worked examples:")
INTRO = message(
    "browser:intro",
    "The rules this site cites or mentions, by number. Each rule has a stable address, the same "
    "in every language: {address} for rule 466.3.a.",
)
# On screen only (class rb-screen): paper has no search box.
SEARCH_HINT = message(
    "browser:search-hint", "Type a rule number such as 466.3.a in the search box to jump to it."
)


@dataclass(frozen=True)
class Citing:
    """A page, or a place in it, that cites or applies a rule."""

    page: links.Page
    title: str
    anchor: str = ""


@dataclass(frozen=True)
class BrowserPage:
    """A generated page: Markdown (title, headings), the HTML for each placeholder's name, and
    late HTML (the lists of pages and examples, which search need not read)."""

    markdown: str
    inserts: dict[str, str]
    late: tuple[str, ...] = ()
    anchors: frozenset[str] = frozenset()


def index_page(lang: str) -> links.Page:
    return links.Page(lang, f"{links.RULES_FOLDER}/index.md")


def chapter_title(chapter: int, lang: str) -> str:
    return CHAPTER(lang, start=chapter, end=chapter + 99)


UPDATED = message("browser:updated", "updated {date}")


def edition_text(book: Rulebook, lang: str) -> str:
    """The edition, its last update (a date in the reader's language) and the text's status."""
    updated = book.meta(lang, "updated")
    parts = [
        book.meta(lang, "edition"),
        UPDATED(lang, date=long_date(updated, lang)) if updated else "",
        book.meta(lang, "status"),
    ]
    return " · ".join(p for p in parts if p)


def edition_line(book: Rulebook, lang: str) -> str:
    return f"<p><em>{markup.text(edition_text(book, lang))}</em></p>"


def head(title: str, toc: bool = False) -> list[str]:
    hide = [] if toc else ["---", "hide:", "  - toc", "---", ""]
    return [*hide, f"# {markup.markdown_literal(title)}", ""]


def chapter_page(
    book: Rulebook,
    chapter: int,
    lang: str,
    cited_by: Mapping[str, Sequence[Citing]],
    shown_in: Mapping[str, Sequence[Citing]],
) -> BrowserPage:
    """``cited_by``: pages citing each rule; ``shown_in``: worked examples applying it."""
    here = links.rule_page(lang, book.chapters()[chapter][0].number)
    rules = book.chapters()[chapter]
    body = edition_line(book, lang) + "".join(
        rule_html(book, r, here, cited_by.get(r.number.text, ()), shown_in.get(r.number.text, ()))
        for r in rules
    )
    markdown = "\n".join([*head(chapter_title(chapter, lang)), markup.late(0), ""])
    anchors = frozenset(r.number.anchor for r in rules)
    # Late: search gets each rule from search_entries, not by parsing thousands of them.
    return BrowserPage(markdown, {}, (body,), anchors)


def search_entries(book: Rulebook, lang: str) -> list[dict[str, str]]:
    """One search entry per rule (its number, its text in ``lang``), located from the
    language's root, as the theme's search index holds them."""
    home = links.Page(lang, "index.md")
    entries = []
    for rule in book:
        text = "".join(f"<p>{markup.text(p)}</p>" for p in rule.paragraphs(lang))
        location = links.link(home, links.rule_page(lang, rule.number), rule.number.anchor)
        entries.append({"location": location, "title": rule.number.text, "text": text})
    return entries


def depth(book: Rulebook, rule: Rule) -> int:
    level, parent = 0, book.parent_of(rule)
    while parent is not None:
        level, parent = level + 1, book.parent_of(parent)
    return level


def rule_html(
    book: Rulebook,
    rule: Rule,
    here: links.Page,
    citing: Sequence[Citing],
    examples: Sequence[Citing] = (),
) -> str:
    """A rule's heading, text, and the pages and worked examples that cite or apply it."""
    lang = here.lang
    level = min(2 + depth(book, rule), 6)
    number = rule.number
    out = [f'<h{level} id="{number.anchor}" class="rb-rule-number">{number}</h{level}>']
    if rule.quoted:
        out += [f"<p>{markup.text(p)}</p>" for p in rule.paragraphs(lang)]
        if lang != SOURCE_LANGUAGE:
            original = " ".join(markup.text(p) for p in rule.paragraphs(SOURCE_LANGUAGE))
            out.append(
                f'<p class="rb-original" lang="{SOURCE_LANGUAGE}"><span lang="{lang}">'
                f"{markup.text(ORIGINAL(lang))}</span> {original}</p>"
            )
    else:
        name = markup.text(rule.paragraphs(lang)[0])
        out.append(f"<p><strong>{name}</strong>. <em>{markup.text(NOT_QUOTED(lang))}</em></p>")
    if note := rule.note(lang):
        out.append(f"<p><em>{markup.text(NOTE(lang))} {markup.text(note)}</em></p>")
    for label, places in ((CITED_BY, citing), (SHOWN_IN, examples)):
        if places:
            anchors = ", ".join(
                f'<a href="{markup.attribute(links.link(here, p.page, p.anchor))}">'
                f"{markup.text(p.title)}</a>"
                for p in places
            )
            out.append(
                f'<p><span class="rb-cited-by">{markup.text(label(lang))}</span> {anchors}</p>'
            )
    return "\n".join(out) + "\n"


def index(book: Rulebook, lang: str) -> BrowserPage:
    """The browser's first page: each chapter, and the sections in it."""
    here = index_page(lang)
    example = RuleNumber("466.3.a")
    address = links.link(
        links.Page(lang, "index.md"), links.rule_page(lang, example), example.anchor
    )
    inserts = {
        "intro": edition_line(book, lang)
        + f"<p>{markup.text(INTRO(lang, address=address))} "
        + f'<span class="rb-screen">{markup.text(SEARCH_HINT(lang))}</span></p>'
    }
    markdown = [*head(BROWSER(lang), toc=True), markup.placeholder("intro"), ""]
    for chapter, rules in book.chapters().items():
        title = markup.markdown_literal(chapter_title(chapter, lang))
        page = links.rule_page(lang, rules[0].number)
        markdown += [
            f"## [{title}]({links.link(here, page, markdown=True)})",
            "",
            markup.placeholder(f"chapter-{chapter}"),
            "",
        ]
        items = []
        for rule in (r for r in rules if book.parent_of(r) is None):
            first = rule.paragraphs(lang)[0]
            text = first if len(first) < 90 else first[:87].rstrip() + "…"
            href = links.rule(here, rule.number)
            items.append(
                f'<li><a href="{markup.attribute(href)}">{rule.number}</a> {markup.text(text)}</li>'
            )
        inserts[f"chapter-{chapter}"] = f"<ul>{''.join(items)}</ul>"
    return BrowserPage("\n".join(markdown), inserts)
