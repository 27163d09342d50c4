"""The one reader of a page's Markdown: its references, and its prose outside code.

``[[466.3.a]]`` cites a rule, ``[[example: id]]`` embeds a worked example,
``[[stepper: id]]`` embeds one open, with linkable steps, and ``[[table: name]]`` a table
the site generates (``docset.tables``). What counts as code
is decided here once, as Python-Markdown (with the site's extensions) decides
it: fenced blocks, indented code blocks (not list or admonition content),
code spans, and raw ``<code>``, ``<pre>``, ``<kbd>``, ``<samp>``, ``<script>``,
``<style>`` and comments. A reference in code stays as written; so does one
whose first bracket is escaped (``\\[[466]]``). Broken brackets, padded ids
and plain footnotes are problems, each with its line. One pass over the
text, lines found by bisection: linear in the page.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from enum import StrEnum

from rulebook.numbering import RuleNumber


class Kind(StrEnum):
    RULE = "rule"
    EXAMPLE = "example"  # collapsed
    STEPPER = "stepper"  # open, steps linkable
    TABLE = "table"  # a table the site generates, by name


@dataclass(frozen=True, slots=True)
class Reference:
    kind: Kind
    value: str  # a rule number or an example id
    line: int
    start: int  # offsets in the scanned text
    end: int


@dataclass(frozen=True)
class Scan:
    references: tuple[Reference, ...]
    problems: tuple[tuple[int, str], ...]  # (line, what is wrong)
    prose: str  # the text with code blanked (lines kept), for checks of wording

    def of_kind(self, *kinds: Kind) -> list[Reference]:
        return [r for r in self.references if r.kind in kinds]


FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
LIST_ITEM = re.compile(r"^[ \t]*(?:[*+-]|\d+\.)[ \t]+\S")
QUOTE = re.compile(r"[ \t]*(?:>[ \t]*)*")
CONTAINER = re.compile(r"^[ \t]*(?:!!!|\?\?\?\+?)[ \t]")  # admonitions, details: content indented
# Code in running text: raw code elements and comments, or a code span (not across a blank line).
INLINE_CODE = re.compile(
    r"<(?P<tag>code|pre|kbd|samp|script|style)\b[^>]*>.*?</(?P=tag)\s*>"
    r"|<!--.*?-->"
    r"|(?<!\\)(?P<ticks>`+)(?:(?!\n[ \t]*\n).)+?(?<!`)(?P=ticks)(?!`)",
    re.S | re.I,
)
BRACKETS = re.compile(r"\[\[|\]\]|\[\^")
REFERENCE = re.compile(r"\[\[(?P<body>[^\[\]\n]*)\]\]")
NUMBER_LIKE = re.compile(r"^\d{3}(?:\.[0-9a-z]+)*$")
DIRECTIVE = re.compile(r"^(?P<kind>example|stepper|table):[ \t]*(?P<id>[a-z0-9][a-z0-9-]*)$")

SYNTAX = "write [[466.3.a]] for a rule, [[example: id]] or [[stepper: id]] for a worked example"


def blank(text: str) -> str:
    """The same length and lines, every other character a space."""
    return re.sub(r"[^\n]", " ", text)


def indent_of(line: str) -> int:
    width = 0
    for char in line:
        if char == " ":
            width += 1
        elif char == "\t":
            width += 4 - width % 4
        else:
            break
    return width


# Lists, admonitions and quotes nested deeper than this are refused: Python-Markdown parses
# them by recursion, and a few hundred levels exhaust Python's stack.
MAX_NESTING = 20


class TooDeep(Exception):
    def __init__(self, line: int) -> None:
        self.line = line


def code_blocks(text: str) -> str:
    """``text`` with fenced and indented code blocks blanked; TooDeep past ``MAX_NESTING``."""
    out: list[str] = []
    fence: str | None = None
    depth = 0  # list or admonition nesting: content is indented 4 spaces a level
    blank_before = True
    in_code = False
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        opening = FENCE.match(line)
        if fence is not None:
            out.append(blank(line))
            mark = opening.group(1) if opening else ""
            if (
                mark
                and mark[0] == fence[0]
                and len(mark) >= len(fence)
                and not line.strip(" \t\r\n`~")
            ):
                fence = None
            continue
        if not line.strip():
            out.append(line)
            blank_before = True
            continue
        indent = indent_of(line)
        if in_code and indent >= 4 * (depth + 1):
            out.append(blank(line))
            continue
        in_code = False
        if opening:
            fence = opening.group(1)
            out.append(blank(line))
        elif blank_before and indent >= 4 * (depth + 1):
            in_code = True
            out.append(blank(line))
        else:
            if LIST_ITEM.match(line) or CONTAINER.match(line):
                depth = indent // 4 + 1
            elif indent == 0 and blank_before:
                depth = 0
            quoted = QUOTE.match(line)
            quotes = quoted.group(0).count(">") if quoted else 0
            if depth > MAX_NESTING or quotes > MAX_NESTING:
                raise TooDeep(number)
            out.append(line)
        blank_before = False
    return "".join(out)


# Characters the build marks citations with (docset.build): a page may not hold them.
RESERVED = re.compile("[\ue000\ue001]")


def scan(markdown: str, first_line: int = 1) -> Scan:
    """Everything the site reads in a page; ``first_line``: the line ``markdown`` starts at."""
    if reserved := RESERVED.search(markdown):
        line = markdown.count("\n", 0, reserved.start()) + first_line
        code = f"U+{ord(reserved.group(0)):04X}"
        return Scan((), ((line, f"the character {code} is reserved by the build"),), "")
    prose_parts: list[str] = []
    try:
        blocks = code_blocks(markdown)
    except TooDeep as deep:
        line = deep.line + first_line - 1
        return Scan(
            (), ((line, f"nested too deeply (lists, quotes: over {MAX_NESTING} levels)"),), ""
        )
    last = 0
    for m in INLINE_CODE.finditer(blocks):
        prose_parts += [blocks[last : m.start()], blank(m.group(0))]
        last = m.end()
    prose_parts.append(blocks[last:])
    prose = "".join(prose_parts)

    starts = [0, *(m.end() for m in re.finditer("\n", markdown))]

    def line_at(offset: int) -> int:
        return bisect_right(starts, offset) - 1 + first_line

    references: list[Reference] = []
    problems: list[tuple[int, str]] = []
    taken: set[int] = set()
    for m in REFERENCE.finditer(prose):
        start, end = m.span()
        taken.update((start, end - 2))
        if start and prose[start - 1] == "\\":
            continue  # \[[…]] is written to be read as it is
        line, body = line_at(start), m["body"]
        if (start and prose[start - 1] == "[") or prose.startswith("]", end):
            problems.append((line, f"[[{body}]]: a stray bracket beside it; {SYNTAX}"))
            continue
        if body != body.strip():
            problems.append(
                (line, f"[[{body}]]: no spaces inside the brackets: [[{body.strip()}]]")
            )
            continue
        if RuleNumber.is_valid(body):
            references.append(Reference(Kind.RULE, body, line, start, end))
        elif directive := DIRECTIVE.match(body):
            row_start = starts[line - first_line]
            row_end = markdown.find("\n", end)
            row = markdown[row_start : len(markdown) if row_end < 0 else row_end]
            if row.strip() != m.group(0):
                problems.append((line, f"[[{body}]]: an example goes on a line of its own"))
                continue
            kind = Kind(directive["kind"])
            references.append(Reference(kind, directive["id"], line, start, end))
        elif NUMBER_LIKE.match(body):
            problems.append((line, f"[[{body}]]: not a rule number (no leading zeros: 466.1)"))
        else:
            problems.append((line, f"[[{body}]]: not a reference; {SYNTAX}"))
    for m in BRACKETS.finditer(prose):
        if m.start() in taken or (m.start() and prose[m.start() - 1] == "\\"):
            continue
        if m.group(0) == "[^":
            problems.append(
                (
                    line_at(m.start()),
                    "plain footnotes are not used here: cite a rule as [[466.3.a]]",
                )
            )
        elif m.group(0) == "[[" and m.start() + 1 not in taken and m.start() - 1 not in taken:
            problems.append((line_at(m.start()), f"'[[' is never closed on its line; {SYNTAX}"))
        elif m.group(0) == "]]" and m.start() - 1 not in taken and m.start() + 1 not in taken:
            problems.append((line_at(m.start()), f"']]' closes nothing; {SYNTAX}"))
    return Scan(tuple(references), tuple(problems), prose)


def replace(markdown: str, references: list[Reference], replacement: dict[int, str]) -> str:
    """``markdown`` with each reference replaced by ``replacement[reference.start]``, in one pass."""
    parts: list[str] = []
    last = 0
    for ref in sorted(references, key=lambda r: r.start):
        parts += [markdown[last : ref.start], replacement[ref.start]]
        last = ref.end
    parts.append(markdown[last:])
    return "".join(parts)
