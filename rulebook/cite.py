"""Rule citations as footnotes: a number in the text, the rule's text in the page's language.

The markup is Python-Markdown's footnotes markup, which Material turns into
tooltips; it is written here, rule texts escaped, so a rule text shows as
written (``&``, ``<``, ``*`` and all) in the note, in its tooltip and in search.
Each citation of a rule links back from the note, in the page's language. A
note shows the rule as the current version has it, links to it there, and
links the rules its text refers to ("See rule 466.").
"""

from __future__ import annotations

import posixpath

import links
import markup
from rulebook.book import Rule, Rulebook
from rulebook.crossref import linked
from rulebook.numbering import RuleNumber
from rulebook.versions import label as version_label
from vocabulary import SOURCE_LANGUAGE, message

RULE = message("cite:rule", "Rule")
KEYWORD = message("cite:keyword", "Keyword")
NO_NUMBER = message(
    "cite:no-number",
    "Number not in our sources: they give this keyword no rule number, and this is our label "
    "for it.",
)
OPEN = message("cite:open", "Open in the rules browser")
UNOFFICIAL = message("cite:unofficial", "Unofficial translation; the English text prevails.")
NOT_QUOTED = message(
    "cite:not-quoted", "Wording not quoted by our sources; this is our label for the rule."
)
BACK = message("cite:back", "Back to citation {number} in the text")
# Before the official text, beside a translation (the rules browser, the changes pages).
ORIGINAL = message("browser:original", "Official English text:")
STALE = message(
    "cite:stale-translation",
    "This translation follows the English text of {version}, which has changed since: it is "
    "being revised.",
)


def translation_note(lang: str, source: str) -> str:
    """Said of a translation that follows an older version's English (``translated-from``)."""
    return STALE(lang, version=version_label(source))


# Citations written side by side read as one number ("¹²"): a comma separates them.
SEPARATOR = '<sup class="rb-cite-sep">,</sup>'


def note_id(number: str) -> str:
    return f"fn:rule-{number}"


def ref_id(number: str, nth: int) -> str:
    return f"fnref:rule-{number}" if nth == 1 else f"fnref{nth}:rule-{number}"


class Citations:
    """The citations of one page, numbered in order of first appearance."""

    def __init__(
        self,
        page: links.Page,
        book: Rulebook,
        version: links.RulesAt,
        said: dict[tuple[str, str], tuple[str, ...]] | None = None,
    ) -> None:
        """``book``: the rules of ``version``, the version citations cite. ``said``: each
        note's text as made for a page of one folder (its links are relative), kept for the
        other pages of that folder that cite the same rule: a site cites its rules again and
        again."""
        self.page = page
        self.book = book
        self.version = version
        self.said = said if said is not None else {}
        self.rules: dict[str, Rule] = {}
        self.shown: dict[str, int] = {}  # the number a rule's note is shown with
        self.counts: dict[str, int] = {}

    def cite(self, rule: Rule) -> str:
        """The footnote reference for one citation of ``rule``."""
        number = rule.number.text
        if number not in self.rules:
            self.rules[number] = rule
            self.shown[number] = len(self.rules)
        self.counts[number] = nth = self.counts.get(number, 0) + 1
        shown = self.shown[number]
        return (
            f'<sup id="{markup.attribute(ref_id(number, nth))}"><a class="footnote-ref" '
            f'href="#{markup.attribute(note_id(number))}">{shown}</a></sup>'
        )

    def anchors(self) -> set[str]:
        """The ids the citations and their notes add to the page."""
        found = {note_id(number) for number in self.rules}
        found |= {ref_id(n, nth) for n, count in self.counts.items() for nth in range(1, count + 1)}
        return found

    def notes(self) -> str:
        """The footnotes: one per rule cited, with a link back to each citation."""
        if not self.rules:
            return ""
        items = [self.note(rule) for rule in self.rules.values()]
        return f'<div class="footnote"><hr><ol>{"".join(items)}</ol></div>'

    def href(self, number: str) -> str | None:
        """Where a rule a note's text refers to is, if the cited version has it."""
        if number not in self.book:
            return None
        return links.rule(self.page, RuleNumber(number), version=self.version)

    def note(self, rule: Rule) -> str:
        lang, number = self.page.lang, rule.number.text
        shown = self.shown[number]
        key = (posixpath.dirname(self.page.output), number)
        said = self.said.get(key)
        if said is None:
            said = self.said[key] = self.text(rule)
        paragraphs = list(said)
        back = "".join(
            f'<a class="footnote-backref" href="#{markup.attribute(ref_id(number, nth))}" '
            f'title="{markup.attribute(BACK(lang, number=shown))}">&#8617;</a>'
            for nth in range(1, self.counts[number] + 1)
        )
        paragraphs[-1] += f"&#160;{back}"
        body = "".join(f"<p>{p}</p>" for p in paragraphs)
        return f'<li id="{markup.attribute(note_id(number))}">{body}</li>'

    def text(self, rule: Rule) -> tuple[str, ...]:
        """A note's paragraphs, the same on every page of a folder (all but its back links)."""
        lang = self.page.lang
        head = f"{KEYWORD(lang) if rule.number.is_keyword else RULE(lang)} {rule.name(lang)}."
        if rule.quoted:
            paragraphs = [linked(p, lang, self.href) for p in rule.paragraphs(lang)]
            paragraphs[0] = f"{markup.text(head)} {paragraphs[0]}"
            if lang != SOURCE_LANGUAGE:
                paragraphs[-1] += f" <em>({markup.text(UNOFFICIAL(lang))})</em>"
                if (source := rule.translated_from(lang)) is not None:
                    paragraphs[-1] += f" <em>({markup.text(translation_note(lang, source))})</em>"
        else:
            label = markup.text(rule.paragraphs(lang)[0])
            said = NO_NUMBER(lang) if rule.number.is_keyword else NOT_QUOTED(lang)
            paragraphs = [f"{markup.text(head[:-1])} ({label}). <em>{markup.text(said)}</em>"]
        href = links.rule(self.page, rule.number, version=self.version)
        paragraphs[-1] += (  # on screen only: paper has the rule's number, in rule-number order
            f' <a class="rb-open-rule" href="{markup.attribute(href)}">{markup.text(OPEN(lang))}</a>'
        )
        return tuple(paragraphs)
