"""Find the site's references in Markdown: ``[[466.3.a]]``, ``[[example: id]]``, ``[[stepper: id]]``.

References inside fenced code blocks and inline code spans stay literal, so
the syntax can be documented on the site itself. Each reference knows its
line, for error messages that point at it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rulebook.numbering import RuleNumber

FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
# A code span (skipped) or a reference (kept); the code span alternative comes first.
TOKEN = re.compile(
    r"(?P<code>(?P<ticks>`+).+?(?<!`)(?P=ticks)(?!`))|\[\[(?P<ref>[^\[\]\n]+)\]\]", re.S
)
EXAMPLE = re.compile(r"^(?P<kind>example|stepper):\s*(?P<id>[a-z0-9][a-z0-9-]*)$")


@dataclass(frozen=True)
class Reference:
    """One ``[[…]]`` in a page: "rule", "example" (collapsed), "stepper" (open) or "invalid"."""

    kind: str
    value: str
    line: int
    start: int
    end: int


def _segments(markdown: str) -> Iterator[tuple[int, str]]:
    """Yield (offset, text) for the parts of ``markdown`` outside fenced code."""
    offset = 0
    segment_start = 0
    fence: str | None = None
    for line in markdown.splitlines(keepends=True):
        m = FENCE.match(line)
        if fence is None and m:
            yield segment_start, markdown[segment_start:offset]
            fence = m.group(1)
        elif (
            fence is not None and m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence)
        ):
            fence = None
            segment_start = offset + len(line)
        offset += len(line)
    if fence is None:
        yield segment_start, markdown[segment_start:]


def find_references(markdown: str) -> list[Reference]:
    found: list[Reference] = []
    for base, text in _segments(markdown):
        for m in TOKEN.finditer(text):
            if m["ref"] is None:
                continue
            start = base + m.start()
            line = markdown.count("\n", 0, start) + 1
            value = m["ref"].strip()
            if RuleNumber.is_valid(value):
                kind = "rule"
            elif em := EXAMPLE.match(value):
                kind, value = em["kind"], em["id"]
            else:
                kind = "invalid"
            found.append(Reference(kind, value, line, start, base + m.end()))
    return found


def replace_references(
    markdown: str, references: list[Reference], replacement: Callable[[Reference], str]
) -> str:
    """Return ``markdown`` with each reference replaced by ``replacement(reference)``."""
    parts: list[str] = []
    last = 0
    for ref in sorted(references, key=lambda r: r.start):
        parts.append(markdown[last : ref.start])
        parts.append(replacement(ref))
        last = ref.end
    parts.append(markdown[last:])
    return "".join(parts)
