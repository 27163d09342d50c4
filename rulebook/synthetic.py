"""A synthetic official rules text of full size (~2,000 numbered rules), for tests and benchmarks.

The wording is filler; the structure is the real one: sections (466), rules
(466.3), lettered sub-rules (466.3.a), numbered items (466.1.a.1), rules
wrapped over several lines, examples run on after their rule, page numbers.
"""

from __future__ import annotations

import textwrap


def synthetic_official_text(sections: int = 60) -> tuple[str, list[str]]:
    """Return (text, rule numbers in order)."""
    lines: list[str] = []
    numbers: list[str] = []
    page = 1

    def rule(number: str, words: int) -> None:
        numbers.append(number)
        body = " ".join(f"word{i}" for i in range(words))
        wrapped = textwrap.wrap(f"{number}. Rule {number} says {body}.", width=70)
        lines.extend(wrapped)

    for s in range(sections):
        section = str(100 + s * 12)
        rule(section, 2)
        for r in range(1, 5):
            rule(f"{section}.{r}", 25)
            for letter in "abcdefg":
                rule(f"{section}.{r}.{letter}", 18)
                if letter in "ab":
                    rule(f"{section}.{r}.{letter}.1", 12)
                    lines.append(f"Example: an example for {section}.{r}.{letter}.1 that")
                    lines.append("wraps onto a second line.")
            if r % 2 == 0:
                page += 1
                lines.append(str(page))
    return "\n".join(lines) + "\n", numbers
