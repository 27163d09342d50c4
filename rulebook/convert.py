"""Convert the official numbered rules text (as copied from the PDF) to a rules file.

The official text wraps long rules over several lines and runs examples on
after their rule. Conversion is mechanical: a line starting with a rule
number begins a rule, an ``Example:`` line begins a new paragraph, any other
line continues the paragraph above. Lines holding only a page number are
dropped. A rule number alone on its line just before the same number with its
text (a PDF copy does that) is the one rule; alone anywhere else, it is a
problem, never text of the rule above. Nothing is reworded.
"""

from __future__ import annotations

import re

from diagnostics import Problem, ProblemsFound
from rulebook.numbering import RuleNumber
from rulebook.textfile import NUMBERED_LINE, RuleEntry, format_rules_text

PAGE_NUMBER = re.compile(r"^\s*\d{1,3}\s*$")
NEW_PARAGRAPH = re.compile(r"^(Example|Exemple)\s*:")


def convert_official_text(raw: str, path: str, meta: dict[str, str]) -> str:
    """Return the rules-file text for ``raw``; ProblemsFound lists every problem."""
    problems: list[Problem] = []
    entries: list[RuleEntry] = []
    seen: dict[str, int] = {}
    number: RuleNumber | None = None
    paragraphs: list[str] = []
    start = 0
    previous: RuleNumber | None = None

    def finish() -> None:
        if number is not None:
            entries.append(RuleEntry(number, tuple(paragraphs), True, (), start))

    bare: tuple[str, int] | None = None  # a rule number alone on its line, and that line
    leading: list[int] = []  # the lines of text before the first rule: one problem

    def said_leading() -> None:
        if leading:
            lines = f" (lines {leading[0]} to {leading[-1]})" if len(leading) > 1 else ""
            problems.append(
                Problem(path, leading[0], f"text before the first numbered rule{lines}")
            )
            leading.clear()

    for lineno, line in enumerate(raw.splitlines(), start=1):
        text = " ".join(line.split())
        if not text or PAGE_NUMBER.match(line):
            continue
        m = NUMBERED_LINE.match(text)
        if bare is not None:
            if not (m and m["text"] and m["number"] == bare[0]):
                problems.append(alone(path, *bare))
            bare = None
        if m and not m["text"]:
            bare = (m["number"], lineno)
            continue
        if m and m["text"]:
            said_leading()
            finish()
            number, paragraphs, start = RuleNumber(m["number"]), [m["text"]], lineno
            if number.text in seen:
                problems.append(
                    Problem(
                        path, lineno, f"[{number}] duplicate (first at line {seen[number.text]})"
                    )
                )
            elif previous is not None and number < previous:
                problems.append(Problem(path, lineno, f"[{number}] out of order after {previous}"))
            seen[number.text] = lineno
            previous = number
        elif number is None:
            leading.append(lineno)
        elif NEW_PARAGRAPH.match(text):
            paragraphs.append(text)
        else:
            paragraphs[-1] = f"{paragraphs[-1]} {text}"
    if bare is not None:
        problems.append(alone(path, *bare))
    said_leading()
    problems.sort(key=lambda p: p.line)
    finish()
    if problems:
        raise ProblemsFound(problems)
    return format_rules_text(meta, entries)


def alone(path: str, number: str, line: int) -> Problem:
    return Problem(
        path,
        line,
        f"[{number}] a rule number alone on its line, not followed by that rule: put the "
        "rule's text after its number, on its line",
    )
