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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import pairwise

import markup
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
    complete: bool = True  # False: read no further than its first problem (no references)

    def of_kind(self, *kinds: Kind) -> list[Reference]:
        return [r for r in self.references if r.kind in kinds]


FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
LIST_ITEM = re.compile(r"^[ \t]*(?:[*+-]|\d+\.)[ \t]+\S")
QUOTE = re.compile(r"[ \t]*(?:>[ \t]*)*")
CONTAINER = re.compile(r"^[ \t]*(?:!!!|\?\?\?\+?)[ \t]")  # admonitions, details: content indented
# Code in running text: raw code elements and comments (to their closing), or a code span (to
# a run of as many backticks, not across a blank line). ``inline_code`` finds them.
CODE_TAGS = ("code", "pre", "kbd", "samp", "script", "style")
INLINE_OPENING = re.compile(
    r"<(?P<tag>" + "|".join(CODE_TAGS) + r")\b|(?P<comment><!--)|(?<!\\)`+", re.I
)
BLANK_LINE = re.compile(r"\n(?=[ \t]*\n)")
# Raw code elements whose tags and content are HTML to the browser and the search index (a
# ``<script>``'s or ``<style>``'s content is not, nor a comment's).
RAW_ELEMENT = re.compile(r"<(?:code|pre|kbd|samp)\b", re.I)
BRACKETS = re.compile(r"\[\[|\]\]|\[\^")
REFERENCE = re.compile(r"\[\[(?P<body>[^\[\]\n]*)\]\]")
NUMBER_LIKE = re.compile(r"^\d{3}(?:\.[0-9a-z]+)*$")
DIRECTIVE = re.compile(r"^(?P<kind>example|stepper|table):[ \t]*(?P<id>[a-z0-9][a-z0-9-]*)$")

SYNTAX = "write [[466.3.a]] for a rule, [[example: id]] or [[stepper: id]] for a worked example"


class Following:
    """The first match of ``pattern`` at or after each of increasing positions, found by one
    search per answer: a text with no match after some point is searched to its end once,
    not once per question (an unclosed ``<code>`` repeated is linear, not quadratic)."""

    def __init__(self, pattern: re.Pattern[str], text: str) -> None:
        self.pattern, self.text = pattern, text
        self.asked: int | None = None
        self.found: re.Match[str] | None = None

    def at(self, position: int) -> re.Match[str] | None:
        known = self.asked is not None and self.asked <= position
        if not (known and (self.found is None or self.found.start() >= position)):
            self.asked, self.found = position, self.pattern.search(self.text, position)
        return self.found


def inline_code(text: str) -> Iterator[tuple[int, int]]:
    """The spans of code in running text, left to right, as Python-Markdown reads them: raw
    ``<code>`` (``<pre>``, ``<kbd>``…) to its closing tag, comments to ``-->``, and code spans:
    a run of backticks (not after a backslash) to the first later run of as many, not across
    a blank line; failing that, of fewer (the most it can). Linear in the text: each kind
    of closing is searched for from increasing positions (``Following``), and backtick runs
    are looked up by length."""
    runs: dict[int, list[int]] = {}
    for run in re.finditer("`+", text):
        runs.setdefault(len(run.group(0)), []).append(run.start())
    blank_lines = [m.start() for m in BLANK_LINE.finditer(text)]
    ends = Following(re.compile(">"), text)
    comments = Following(re.compile("-->"), text)
    closings = {tag: Following(re.compile(rf"</{tag}\s*>", re.I), text) for tag in CODE_TAGS}
    position = 0
    while opening := INLINE_OPENING.search(text, position):
        start = opening.start()
        end: int | None = None
        if tag := opening["tag"]:
            gt = ends.at(opening.end())
            close = closings[tag.lower()].at(gt.end()) if gt else None
            end = close.end() if close else None
        elif opening["comment"]:
            close = comments.at(opening.end())
            end = close.end() if close else None
        else:
            after = opening.end()  # a run of backticks ends here: a closing starts later
            limit_at = bisect_right(blank_lines, after - 1)
            limit = blank_lines[limit_at] if limit_at < len(blank_lines) else len(text)
            for ticks in range(after - start, 0, -1):
                starts = runs.get(ticks, [])
                found = bisect_right(starts, after)
                if found < len(starts) and starts[found] < limit:
                    end = starts[found] + ticks
                    break
        if end is None:
            position = opening.end() if not opening["tag"] else start + 1
            continue
        yield start, end
        position = end


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


def lines_of(text: str) -> list[str]:
    """``text``'s lines, each with its ``\\n``: Markdown breaks lines there only (a page is
    read with ``\\r`` and ``\\r\\n`` made ``\\n``, as Markdown does)."""
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def code_blocks(text: str) -> tuple[str, str]:
    """``text`` with fenced and indented code blocks blanked, and with fenced ones only (what
    Markdown's HTML reader sees: superfences keeps fences from it); TooDeep past
    ``MAX_NESTING``."""
    out: list[str] = []
    fenced: list[str] = []  # the lines of ``out`` that are not indented code
    fence: str | None = None
    depth = 0  # list or admonition nesting: content is indented 4 spaces a level
    blank_before = True
    in_code = False
    for number, line in enumerate(lines_of(text), start=1):
        opening = FENCE.match(line)
        if fence is not None:
            out.append(blank(line))
            fenced.append(out[-1])
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
            fenced.append(line)
            blank_before = True
            continue
        indent = indent_of(line)
        if in_code and indent >= 4 * (depth + 1):
            out.append(blank(line))
            fenced.append(line)
            continue
        in_code = False
        if opening:
            fence = opening.group(1)
            out.append(blank(line))
            fenced.append(out[-1])
        elif blank_before and indent >= 4 * (depth + 1):
            in_code = True
            out.append(blank(line))
            fenced.append(line)
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
            fenced.append(line)
        blank_before = False
    return "".join(out), "".join(fenced)


# -- what Python-Markdown's work on a page grows with --------------------------------------

# Characters Python-Markdown may read per character of a page. Some of its readers start
# again from each opening that does not close: a link's ``[`` (or an image's ``![``) reads
# to its paragraph's end looking for the ``]``, a ``](`` to the end for the ``)``, a ``<a``
# to the page's end for the ``>`` (a 32 KB paragraph of ``![`` took 120 s). Past this bound
# the page is refused before Markdown reads it: linear, with a clear line.
MARKDOWN_WORK = 32
# Marks an inline pattern of Markdown may start at (code spans, escapes, links, images, tags,
# entities, emphasis): it rebuilds a paragraph's text at each match, so the marks of one
# paragraph are bounded too (16,000 in 128 KB took 2 s, four times that per doubling).
INLINE_MARK = re.compile(r"[`\\\[!<&*_]")
MAX_INLINE_MARKS = 2000
TAG_OPENING = re.compile(r"<[a-zA-Z]")
ESCAPED = re.compile(r"\\[\\`*_{}\[\]()#+\-.!:|&<>]")  # Markdown's backslash escapes


def bracket_work(prose: str, start: int, end: int) -> tuple[int, int]:
    """(characters Markdown's link readers read in ``prose[start:end]``, one paragraph, at
    most; the offset of the first bracket left open, or ``start``). Each ``[`` reads to its
    ``]`` (counting nested ones) or the end; each ``(`` just after a link's ``]`` to its
    ``)``, or the end if a quote comes first (a title may hold anything)."""
    text = ESCAPED.sub("  ", prose[start:end])
    length = len(text)
    work, first_open = 0, -1
    brackets: list[int] = []
    parens: list[int] = []
    links: list[int] = []  # the ``(`` just after a ``]`` that closes a ``[``
    closing: dict[int, int] = {}  # ``(`` → its ``)``
    quotes = [0]  # quotes before each offset
    for offset, char in enumerate(text):
        if char == "[":
            brackets.append(offset)
        elif char == "]" and brackets:
            work += offset - brackets.pop()
            if text.startswith("(", offset + 1):
                links.append(offset + 1)
        elif char == "(":
            parens.append(offset)
        elif char == ")" and parens:
            closing[parens.pop()] = offset
        quotes.append(quotes[-1] + (char in "'\""))
    for opened in brackets:
        work += length - opened
    for opened in links:
        close = closing.get(opened)
        unquoted = close is not None and quotes[close] == quotes[opened]
        work += (close if unquoted and close is not None else length) - opened
        if not unquoted:
            first_open = opened if first_open < 0 else min(first_open, opened)
    if brackets:
        first_open = brackets[0] if first_open < 0 else min(first_open, brackets[0])
    return work, start + (first_open if first_open >= 0 else 0)


def tag_work(text: str, bound: int) -> tuple[int, int]:
    """(characters Markdown's HTML reader reads for the ``<`` of start tags in ``text``, up to
    past ``bound``; the offset of the first that never ends, or 0). It is Python's HTML
    parser with Markdown's own tag pattern: a tag that reaches the end of the text unclosed
    is given up, and reading starts again one character further."""
    from markdown import htmlparser as markdown_html  # its copy of Python's, patched

    tag_end: re.Pattern[str] = vars(markdown_html)["htmlparser"].locatestarttagend_tolerant
    openings = [m.start() for m in TAG_OPENING.finditer(text)]
    length, work, position = len(text), 0, 0
    for index, opened in enumerate(openings):
        if opened < position:
            continue
        match = tag_end.match(text, opened)
        after = match.end() if match else opened + 1
        work += after - opened
        following = text[after : after + 1]
        if not following:  # unclosed to the end: so may be every later one
            later = openings[index + 1 :]
            return work + len(later) * length - sum(later), opened
        if following == ">" or text.startswith("/>", after):
            position = after + 1
        elif following.isalpha() or following in "=/":
            position = opened + 1  # given up: read again from the next character
        else:
            position = after
        if work > bound:
            break
    return work, 0


# -- what the search index's reader does with HTML elements left open ------------------------

# Elements that have no end tag (those Material's search reader does not keep open).
VOID_ELEMENTS = "area base br col embed hr img input link meta param source track wbr"
VOID = frozenset(VOID_ELEMENTS.split())
# md_in_html's attribute that makes a block's content Markdown (its paragraphs included).
MARKDOWN_INSIDE = re.compile(
    r"\smarkdown(?:\s*=\s*[\"']?(?:1|block|span|markdown)\b|(?=[\s/>]))", re.I
)
# A raw tag's name, as Python's HTML parser reads it (lower-cased), and whether it ends "/>".
TAG_NAME = re.compile(r"<(?P<end>/?)(?P<name>[a-zA-Z][^\s\"'<>@/]*)")


@cache
def markdown_tag_patterns() -> tuple[re.Pattern[str], re.Pattern[str], frozenset[str]]:
    """Python-Markdown's own: its raw HTML pattern, its autolinks (read before raw HTML), and
    the elements it takes for blocks."""
    from markdown import Markdown, inlinepatterns

    html = re.compile(inlinepatterns.HTML_RE)
    autolinks = re.compile(f"{inlinepatterns.AUTOLINK_RE}|{inlinepatterns.AUTOMAIL_RE}")
    return html, autolinks, frozenset(Markdown().block_level_elements)


def element_problem(prose: str, line_at: Callable[[int], int]) -> tuple[int, str] | None:
    """The first raw HTML element of the page left open, or nested too deeply.

    Material's search reader keeps a list of the elements open and goes through it for every
    piece of text after: an end tag that is not the last opened one closes nothing there, so
    an element left open stays open to the end of the page (and so does each paragraph
    around one). 8,192 short paragraphs with an unclosed ``<code>`` each took it over 300 s.
    So each element closes, inner first: an inline one in its paragraph (Markdown ends the
    paragraph around it), a block one opened at the start of a line by the end of the page;
    and they nest at most ``MAX_NESTING`` deep. Inside a raw block (a block opened at the
    start of a line with no ``markdown`` attribute: Markdown copies it as it is, blank lines
    included) there are no paragraphs. One pass: linear in the page."""
    html, autolinks, blocks = markdown_tag_patterns()
    # (name, offset, a block that may span paragraphs, a raw block)
    open_: list[tuple[str, int, bool, bool]] = []
    raw = 0  # raw blocks open
    paragraph_ends = [m.start() for m in BLANK_LINE.finditer(prose)]
    line_starts = [0, *(m.end() for m in re.finditer("\n", prose))]
    next_end = 0

    def escaped(at: int) -> bool:  # after an odd run of backslashes
        run = at
        while run and prose[run - 1] == "\\":
            run -= 1
        return (at - run) % 2 == 1

    def starts_a_line(at: int) -> bool:  # at most 3 spaces before it on its line
        line = line_starts[bisect_right(line_starts, at) - 1]
        return at - line <= 3 and not prose[line:at].strip(" ")

    def left_open(at: int) -> tuple[int, str]:
        name, block = next((n, b) for n, offset, b, _ in open_ if offset == at)
        where = "the page" if block else "its paragraph"
        return (
            line_at(at),
            f"<{name}> is never closed, or closed out of order: close it (</{name}>) before "
            f"{where} ends, after the elements inside it; write a literal '<' as &lt;",
        )

    for m in html.finditer(prose):
        start = m.start()
        if escaped(start) or autolinks.match(prose, start):
            continue
        named = TAG_NAME.match(m.group(0))
        if named is None:  # a comment or a processing instruction
            continue
        while next_end < len(paragraph_ends) and paragraph_ends[next_end] < start:
            inline = [offset for _, offset, block, _ in open_ if not block]
            if inline and not raw:
                return left_open(inline[0])
            next_end += 1
        name = named["name"].lower()
        if named["end"]:
            if open_ and open_[-1][0] == name:
                raw -= open_.pop()[3]
            elif closed := [offset for n, offset, _, _ in open_ if n == name]:
                return left_open(closed[-1])  # out of order: what it holds stays open
        elif name not in VOID and not m.group(0).endswith("/>"):
            block = name in blocks and starts_a_line(start)
            is_raw = block and not MARKDOWN_INSIDE.search(m.group(0))
            open_.append((name, start, block, is_raw))
            raw += is_raw
            if len(open_) > MAX_NESTING:
                return line_at(
                    start
                ), f"HTML elements nested too deeply (over {MAX_NESTING} levels)"
    if open_:
        return left_open(open_[0][1])
    return None


def markdown_work_problems(
    prose: str, inline: str, fenced: str, elements: str, line_at: Callable[[int], int]
) -> Iterator[tuple[int, str]]:
    """Where Python-Markdown would read a page far more than once: a paragraph of brackets
    left open or nested, or of inline marks past count, a page of ``<`` opening tags that
    never end; or where Material's search index would (an element left open). ``prose``:
    the page outside code; ``inline``: with its code spans (each is one of Markdown's
    matches); ``fenced``: with its indented code blocks, which Markdown's HTML reader sees;
    ``elements``: ``prose`` with its raw code elements (``<code>``, ``<pre>``…) kept, which
    are elements of the page's HTML too."""
    said = False
    starts = [0, *(m.end() for m in BLANK_LINE.finditer(prose)), len(prose)]
    for start, end in pairwise(starts):
        work, at = bracket_work(prose, start, end) if end - start > 2 * MARKDOWN_WORK else (0, 0)
        marks = len(INLINE_MARK.findall(inline, start, end))
        if work > MARKDOWN_WORK * (end - start):  # shorter ones cannot reach the bound
            said = True
            yield (
                line_at(at),
                f"brackets left open or nested in this paragraph ({work:,} characters to "
                f"read for {end - start:,}): Markdown would read it again from each one; "
                "close them, or write a literal one as \\[ or \\(",
            )
        elif marks > MAX_INLINE_MARKS:
            said = True
            first = prose[start:end]
            yield (
                line_at(start + len(first) - len(first.lstrip())),
                f"{marks:,} marks of inline Markdown in this paragraph (`, \\, [, !, <, &, *, "
                f"_: at most {MAX_INLINE_MARKS:,}): Markdown rebuilds the paragraph at each "
                "one; split it",
            )
    if not said and (unclosed := element_problem(elements, line_at)):
        said = True
        yield unclosed
    bound = MARKDOWN_WORK * len(fenced)
    work, at = tag_work(fenced, bound) if not said else (0, 0)  # a paragraph said it
    if work > bound:
        yield (
            line_at(at),
            f"'<' opening tags that never end ({work:,} characters to read for "
            f"{len(fenced):,}): Markdown would read the page again from each one; "
            "write a literal '<' as &lt;",
        )


def scan(markdown: str, first_line: int = 1) -> Scan:
    """Everything the site reads in a page; ``first_line``: the line ``markdown`` starts at."""
    if reserved := markup.reserved_problem(markdown):  # the build's own marks (markup.RESERVED)
        line, what = reserved
        return Scan((), ((line + first_line - 1, what),), "", False)
    prose_parts: list[str] = []
    element_parts: list[str] = []  # raw code elements kept: their tags are the HTML's
    try:
        blocks, fenced = code_blocks(markdown)
    except TooDeep as deep:
        line = deep.line + first_line - 1
        said = f"nested too deeply (lists, quotes: over {MAX_NESTING} levels)"
        return Scan((), ((line, said),), "", False)
    last = 0
    for start, end in inline_code(blocks):
        code = blocks[start:end]
        prose_parts += [blocks[last:start], blank(code)]
        element_parts += [blocks[last:start], code if RAW_ELEMENT.match(code) else blank(code)]
        last = end
    prose_parts.append(blocks[last:])
    element_parts.append(blocks[last:])
    prose = "".join(prose_parts)

    starts = [0, *(m.end() for m in re.finditer("\n", markdown))]

    def line_at(offset: int) -> int:
        return bisect_right(starts, offset) - 1 + first_line

    references: list[Reference] = []
    problems: list[tuple[int, str]] = []
    taken: set[int] = set()
    # A line's brackets are one fault however many (a run of 16,000 '[[' said each): the
    # first is said, and Markdown's work on them only if that line says nothing else.
    bracket_lines: set[int] = set()

    def bracket_problem(line: int, what: str) -> None:
        if line not in bracket_lines:
            bracket_lines.add(line)
            problems.append((line, what))

    for m in REFERENCE.finditer(prose):
        start, end = m.span()
        taken.update((start, end - 2))
        if start and prose[start - 1] == "\\":
            continue  # \[[…]] is written to be read as it is
        line, body = line_at(start), m["body"]
        if (start and prose[start - 1] == "[") or prose.startswith("]", end):
            bracket_problem(line, f"[[{body}]]: a stray bracket beside it; {SYNTAX}")
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
            said = "plain footnotes are not used here: cite a rule as [[466.3.a]]"
            bracket_problem(line_at(m.start()), said)
        elif m.group(0) == "[[" and m.start() + 1 not in taken and m.start() - 1 not in taken:
            bracket_problem(line_at(m.start()), f"'[[' is never closed on its line; {SYNTAX}")
        elif m.group(0) == "]]" and m.start() - 1 not in taken and m.start() + 1 not in taken:
            bracket_problem(line_at(m.start()), f"']]' closes nothing; {SYNTAX}")
    # Markdown never sees the references: each becomes a footnote's mark.
    spaces = {r.start: " " * (r.end - r.start) for r in references}
    unreferenced = replace(prose, references, spaces)
    inline = replace(blocks, references, spaces)
    elements = "".join(element_parts)
    problems += (
        (line, what)
        for line, what in markdown_work_problems(unreferenced, inline, fenced, elements, line_at)
        if line not in bracket_lines
    )
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
