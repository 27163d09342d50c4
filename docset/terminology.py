"""One term per concept in French: flag the official text's variants we do not use.

The official French rules hesitate (préparé/organisé, dégâts mortels/létal,
désignation/dénomination); the glossary picks the first of each. Quotations
(« … », “ … ”, " … ") and code are left alone: a quote may use any word.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

# Variant (any inflection) → the glossary's term.
VARIANTS: dict[str, str] = {
    r"l[ée]t(?:al|ale|aux|ales)": "mortel (dégâts mortels)",
    # Only as the game term: a combat, showdown or contest "organisé" (tournaments are organised).
    r"(?:combat|confrontation|contestation)s?\s+(?:est\s+|sont\s+)?organis(?:é|ée|és|ées)": "préparé",
    r"d[ée]nominations?": "désignation",
}
VARIANT = re.compile(r"\b(" + "|".join(VARIANTS) + r")\b", re.I)
# Spans a variant may appear in: code, fenced code, quotations.
EXEMPT = re.compile(
    r"```.*?```|~~~.*?~~~|`[^`\n]*`|«[^»]*»|“[^”]*”|\"[^\"\n]*\"",
    re.S,
)


def term_for(variant: str) -> str:
    for pattern, term in VARIANTS.items():
        if re.fullmatch(pattern, variant, re.I):
            return term
    return "?"


def variants(markdown: str) -> Iterator[tuple[int, str, str]]:
    """(line, variant found, term to use) for each variant outside quotations and code."""
    blanked = EXEMPT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), markdown)
    for m in VARIANT.finditer(blanked):
        yield markdown.count("\n", 0, m.start()) + 1, m.group(0), term_for(m.group(0))
