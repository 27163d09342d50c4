"""A rule citation as a Markdown footnote: number, text in the page's language, browser link."""

from __future__ import annotations

from rulebook.book import Rule
from rulebook.labels import label


def footnote_id(number: str) -> str:
    return f"rule-{number}"


def footnote_markdown(rule: Rule, lang: str, browser_link: str) -> str:
    """The footnote definition for ``rule``, ``browser_link`` pointing at its anchor.

    One paragraph per paragraph of the rule; the link to the rules browser
    (and, in French, the unofficial-translation notice) closes the last one.
    """
    number = rule.number.text
    head = f"{label('rule', lang)} {number}."
    if rule.quoted:
        paragraphs = [escape(p) for p in rule.paragraphs(lang)]
        paragraphs[0] = f"{head} {paragraphs[0]}"
        if label("unofficial", lang):
            paragraphs[-1] += f" *({label('unofficial', lang)})*"
    else:
        name = escape(rule.paragraphs(lang)[0])
        paragraphs = [f"{head[:-1]} ({name}). *{label('not-quoted', lang)}*"]
    paragraphs[-1] += f" [{label('open', lang)}]({browser_link})"
    body = "\n\n".join(f"    {p}" for p in paragraphs[1:])
    first = f"[^{footnote_id(number)}]: {paragraphs[0]}"
    return f"{first}\n\n{body}" if body else first


def escape(text: str) -> str:
    """Keep a rule text literal in Markdown."""
    for char in "\\*_[]`<":
        text = text.replace(char, "\\" + char)
    return text
