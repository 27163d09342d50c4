"""Rule citations as footnotes: a number in the text, the rule's text in the page's language.

The markup is Python-Markdown's footnotes markup, which Material turns into
tooltips; it is written here, rule texts escaped, so a rule text shows as
written (``&``, ``<``, ``*`` and all) in the note, in its tooltip and in search.
Each citation of a rule links back from the note, in the page's language.
"""

from __future__ import annotations

import links
import markup
from rulebook.book import Rule
from vocabulary import SOURCE_LANGUAGE, message

RULE = message("cite:rule", "Rule")
OPEN = message("cite:open", "Open in the rules browser")
UNOFFICIAL = message("cite:unofficial", "Unofficial translation; the English text prevails.")
NOT_QUOTED = message(
    "cite:not-quoted", "Wording not quoted by our sources; this is our label for the rule."
)
BACK = message("cite:back", "Back to citation {number} in the text")
# Citations written side by side read as one number ("¹²"): a comma separates them.
SEPARATOR = '<sup class="rb-cite-sep">,</sup>'


def note_id(number: str) -> str:
    return f"fn:rule-{number}"


def ref_id(number: str, nth: int) -> str:
    return f"fnref:rule-{number}" if nth == 1 else f"fnref{nth}:rule-{number}"


class Citations:
    """The citations of one page, numbered in order of first appearance."""

    def __init__(self, page: links.Page) -> None:
        self.page = page
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

    def note(self, rule: Rule) -> str:
        lang, number = self.page.lang, rule.number.text
        shown = self.shown[number]
        head = f"{RULE(lang)} {number}."
        if rule.quoted:
            paragraphs = [markup.text(p) for p in rule.paragraphs(lang)]
            paragraphs[0] = f"{markup.text(head)} {paragraphs[0]}"
            if lang != SOURCE_LANGUAGE:
                paragraphs[-1] += f" <em>({markup.text(UNOFFICIAL(lang))})</em>"
        else:
            label = markup.text(rule.paragraphs(lang)[0])
            paragraphs = [
                f"{markup.text(head[:-1])} ({label}). <em>{markup.text(NOT_QUOTED(lang))}</em>"
            ]
        href = links.rule(self.page, rule.number)
        paragraphs[-1] += (  # on screen only: paper has the rule's number, in rule-number order
            f' <a class="rb-open-rule" href="{markup.attribute(href)}">{markup.text(OPEN(lang))}</a>'
        )
        back = "".join(
            f'<a class="footnote-backref" href="#{markup.attribute(ref_id(number, nth))}" '
            f'title="{markup.attribute(BACK(lang, number=shown))}">&#8617;</a>'
            for nth in range(1, self.counts[number] + 1)
        )
        paragraphs[-1] += f"&#160;{back}"
        body = "".join(f"<p>{p}</p>" for p in paragraphs)
        return f'<li id="{markup.attribute(note_id(number))}">{body}</li>'
