"""Rule numbers such as ``466``, ``466.3.a`` or ``466.1.a.1``, keywords such as ``Tank``, and
version names such as ``1.4``.

A keyword (Assault, Shield, Tank…) is cited by its name where our sources give it no number:
it is a rule of its own, shown as a name without a number, never with one we made up.

>>> RuleNumber("466.3.a").chapter, RuleNumber("Tank").chapter
(400, 0)
>>> RuleNumber("Tank").anchor, RuleNumber("Tank").is_keyword
('keyword-tank', True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

# A three-digit section, then dot-separated numbers (no leading zero: 466.01 is not 466.1)
# or letters; or a keyword's name, one capitalised word.
NUMBERED_PATTERN = r"[1-9]\d{2}(?:\.(?:[1-9]\d*|0|[a-z]+))*"
KEYWORD_PATTERN = r"[A-Z][a-z]+"
NUMBER_PATTERN = rf"(?:{NUMBERED_PATTERN}|{KEYWORD_PATTERN})"
_NUMBER_RE = re.compile(rf"^{NUMBER_PATTERN}$")
# The rules-browser "chapter" of the keywords our sources number nowhere: a page of its own
# (``links.KEYWORDS_CHAPTER``).
KEYWORDS = 0


@dataclass(frozen=True)
class RuleNumber:
    """A rule's number; orders as the rules do (``466.2`` before ``466.10``)."""

    text: str

    def __post_init__(self) -> None:
        if not _NUMBER_RE.match(self.text):
            raise ValueError(f"not a rule number: {self.text!r}")

    @classmethod
    def is_valid(cls, text: str) -> bool:
        return bool(_NUMBER_RE.match(text))

    @cached_property
    def is_keyword(self) -> bool:
        """A keyword cited by its name: our sources give it no number."""
        return not self.text[0].isdigit()

    @cached_property
    def parts(self) -> tuple[str, ...]:
        return (self.text,) if self.is_keyword else tuple(self.text.split("."))

    @cached_property
    def sort_key(self) -> tuple[tuple[int, int, str], ...]:
        """Numbers in their order, then keywords by name."""
        if self.is_keyword:
            return ((2, 0, self.text),)
        return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in self.parts)

    def __lt__(self, other: RuleNumber) -> bool:
        return self.sort_key < other.sort_key

    @property
    def parent(self) -> RuleNumber | None:
        """The number one level up (``466.3`` for ``466.3.a``), or None for a section."""
        return RuleNumber(".".join(self.parts[:-1])) if len(self.parts) > 1 else None

    @property
    def anchor(self) -> str:
        """Stable HTML id, the same in every language: ``rule-466-3-a``, ``keyword-tank``."""
        if self.is_keyword:
            return "keyword-" + self.text.lower()
        return "rule-" + "-".join(self.parts)

    @property
    def chapter(self) -> int:
        """The hundred the rule belongs to (400 for 466.3.a): one browser page each; the
        keywords' page for a keyword (``KEYWORDS``)."""
        return KEYWORDS if self.is_keyword else int(self.parts[0]) // 100 * 100

    def __str__(self) -> str:
        return self.text


# A version of the rules: whole numbers separated by dots (1.4, 1.10), without leading zeros.
VERSION_PATTERN = r"(?:0|[1-9]\d*)(?:\.(?:0|[1-9]\d*))*"
_VERSION_RE = re.compile(rf"^{VERSION_PATTERN}$")


def is_version(text: str) -> bool:
    """``1.4`` or ``1.10`` is a version name; ``v1.4``, ``1.04`` or ``1.4a`` is not."""
    return bool(_VERSION_RE.match(text))


def version_key(name: str) -> tuple[int, ...]:
    """Versions order by their numbers: 1.4 before 1.10."""
    return tuple(int(part) for part in name.split("."))
