"""The rules file format: the official numbered text, one rule per line.

    # a comment
    @edition: Riftbound Core Rules v1.4 "Vendetta"
    466.3.a. A Player has won a combat if ...
    324.1. When a Special Cleanup is invoked, ...
      Example: When a Combat Cleanup is invoked, ...
      note: The source runs these paragraphs together.
    142.4. [Lethal damage]
    Tank. [Tank: assigned lethal combat damage first]

A rule is its number, a dot, a space and its text; a keyword our sources number nowhere is
its name instead of a number (always with our label: no source quotes its wording). An indented line continues
the rule above as a new paragraph, or adds an editor's ``note:``. Text in
square brackets is our own label for a rule whose wording no source quotes:
it is shown as a label, never as rule text. In a translation, an indented
``translated-from: 1.4`` says that the text translates that older version's
English, since changed (``python -m rulebook import`` writes it; the
translator removes it with the revised text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from diagnostics import Problem, ProblemsFound
from rulebook.numbering import NUMBER_PATTERN, NUMBERED_PATTERN, RuleNumber, is_version

RULE_LINE = re.compile(rf"^(?P<number>{NUMBER_PATTERN})\.(?:\s+(?P<text>.*))?$")
# A numbered rule's line, as the official text has them (keywords are ours: never there).
NUMBERED_LINE = re.compile(rf"^(?P<number>{NUMBERED_PATTERN})\.(?:\s+(?P<text>.*))?$")
LOOKS_LIKE_RULE = re.compile(r"^\d{3}\b")
LEADING_ZERO = re.compile(r"^\d{3}(?:\.[0-9a-z]+)*?\.0\d")
META_LINE = re.compile(r"^@(?P<key>[a-z-]+):\s*(?P<value>.+)$")
KNOWN_META = ("edition", "language", "status", "updated", "published")
TRANSLATED_FROM = "translated-from:"
DATES = ("updated", "published")


def is_date(value: str) -> bool:
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class RuleEntry:
    """One rule as written in one language's file."""

    number: RuleNumber
    paragraphs: tuple[str, ...]
    quoted: bool
    notes: tuple[str, ...]  # the editor's notes, each a paragraph of its own
    line: int
    # In a translation: the older version whose English text this one translates.
    translated_from: str | None = None

    @property
    def text(self) -> str:
        return "\n\n".join(self.paragraphs)


@dataclass(frozen=True)
class RulesFile:
    path: str
    meta: dict[str, str]
    entries: tuple[RuleEntry, ...]


def parse_rules_text(text: str, path: str) -> RulesFile:
    """Parse a rules file; raise ProblemsFound listing every malformed line."""
    problems: list[Problem] = []
    meta: dict[str, str] = {}
    entries: list[RuleEntry] = []
    seen: dict[str, int] = {}
    # The entry being read: number, paragraphs, note, line, the version it is translated from.
    current: tuple[RuleNumber, list[str], list[str], int, list[str]] | None = None
    # After a broken rule line its indented continuation is not reported again.
    after_broken_rule = False

    def finish() -> None:
        if current is None:
            return
        number, paragraphs, note, line, source = current
        first = paragraphs[0]
        quoted = not (first.startswith("[") and first.endswith("]"))
        if quoted and number.is_keyword:
            problems.append(
                Problem(
                    path,
                    line,
                    f"[{number}] a keyword has no wording our sources quote: write our label "
                    "for it in [brackets]",
                )
            )
        if not quoted:
            paragraphs = [first[1:-1].strip(), *paragraphs[1:]]
        entries.append(
            RuleEntry(
                number, tuple(paragraphs), quoted, tuple(note), line, source[-1] if source else None
            )
        )

    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[0] in " \t":
            body = line.strip()
            if current is None:
                if not after_broken_rule:
                    problems.append(Problem(path, lineno, "indented line before any rule"))
            elif body.startswith("note:"):
                current[2].append(body.removeprefix("note:").strip())
            elif body.startswith(TRANSLATED_FROM):
                version = body.removeprefix(TRANSLATED_FROM).strip()
                if current[4]:
                    problems.append(
                        Problem(path, lineno, f"[{current[0]}] a second {TRANSLATED_FROM}")
                    )
                elif not is_version(version):
                    problems.append(
                        Problem(
                            path,
                            lineno,
                            f"{TRANSLATED_FROM} {version!r} is not a version such as 1.4",
                        )
                    )
                current[4].append(version)
            else:
                current[1].append(body)
            continue
        if m := META_LINE.match(line):
            key, value = m["key"], m["value"].strip()
            if key not in KNOWN_META:
                known = ", ".join(KNOWN_META)
                problems.append(Problem(path, lineno, f"unknown field @{key} ({known})"))
            elif key in DATES and not is_date(value):
                problems.append(Problem(path, lineno, f"@{key}: not a date (write YYYY-MM-DD)"))
            meta[key] = value
            continue
        m = RULE_LINE.match(line)
        if not m:
            if LEADING_ZERO.match(line):
                what = "a rule number has no leading zero: write 466.1, not 466.01"
            elif LOOKS_LIKE_RULE.match(line):
                what = "malformed rule line: expected 'NUMBER. text' such as '466.3.a. A Player …'"
            else:
                what = (
                    "unexpected text: a rule line starts with its number; "
                    "continue a rule on an indented line"
                )
            problems.append(Problem(path, lineno, what))
            finish()
            current, after_broken_rule = None, True
            continue
        finish()
        current, after_broken_rule = None, True
        number = RuleNumber(m["number"])
        body = (m["text"] or "").strip()
        if not body or body == "[]":
            problems.append(Problem(path, lineno, f"[{number}] rule has no text"))
            continue
        if number.text in seen:
            problems.append(
                Problem(
                    path, lineno, f"[{number}] duplicate rule (first at line {seen[number.text]})"
                )
            )
            continue
        seen[number.text] = lineno
        current, after_broken_rule = (number, [body], [], lineno, []), False
    finish()
    if problems:
        raise ProblemsFound(problems)
    return RulesFile(path, meta, tuple(entries))


def format_rules_text(meta: dict[str, str], entries: list[RuleEntry]) -> str:
    """Write entries back in the file format (what the converter produces)."""
    lines = [f"@{key}: {value}" for key, value in meta.items()]
    if lines:
        lines.append("")
    for entry in entries:
        first = entry.paragraphs[0] if entry.quoted else f"[{entry.paragraphs[0]}]"
        lines.append(f"{entry.number}. {first}")
        lines.extend(f"  {p}" for p in entry.paragraphs[1:])
        lines.extend(f"  note: {note}" for note in entry.notes)
        if entry.translated_from:
            lines.append(f"  {TRANSLATED_FROM} {entry.translated_from}")
    return "\n".join(lines) + "\n"
