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
    path: str  # relative to the language's docs folder
    title: str


def chapter_title(chapter: int, lang: str) -> str:
    return label("chapter", lang).format(start=chapter, end=chapter + 99)


def edition_line(book: Rulebook, lang: str) -> str:
    parts = [book.edition(lang), book.meta(lang, "updated"), book.meta(lang, "status")]
    return " · ".join(escape(p) for p in parts if p)


def chapter_markdown(
    book: Rulebook, chapter: int, lang: str, cited_by: Mapping[str, Sequence[CitingPage]]
) -> str:
    rules = book.chapters()[chapter]
    out = [
        "---",
        "hide:",
        "  - toc",
        "---",
        "",
        f"# {chapter_title(chapter, lang)}",
        "",
        f"*{edition_line(book, lang)}*",
        "",
    ]
    for rule in rules:
        out += rule_markdown(book, rule, lang, cited_by.get(rule.number.text, ()))
    return "\n".join(out) + "\n"


def rule_markdown(book: Rulebook, rule: Rule, lang: str, citing: Sequence[CitingPage]) -> list[str]:
    level = 2
    parent = book.parent_of(rule)
    while parent is not None and level < 6:
        level += 1
        parent = book.parent_of(parent)
    number = rule.number
    out = [f"{'#' * level} {number} {{#{number.anchor} .rb-rule-number}}", ""]
    colon = " :" if lang == "fr" else ":"
    if rule.quoted:
        out += [escape(p) + "\n" for p in rule.paragraphs(lang)]
        if lang != SOURCE_LANGUAGE:
            original = " ".join(html.escape(p) for p in rule.paragraphs(SOURCE_LANGUAGE))
            out += [
                f'<p class="rb-original" lang="en"><span lang="{lang}">'
                f"{label('original', lang)}{colon}</span> {original}</p>",
                "",
            ]
    else:
        out += [f"**{escape(rule.paragraphs(lang)[0])}**. *{label('not-quoted', lang)}*", ""]
    if note := rule.note(lang):
        out += [f"*{label('note', lang)}{colon} {escape(note)}*", ""]
    if citing:
        links = ", ".join(f"[{escape(p.title)}](../{p.path})" for p in citing)
        out += [f'<span class="rb-cited-by">{label("cited-by", lang)}{colon}</span> {links}', ""]
    return out


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
