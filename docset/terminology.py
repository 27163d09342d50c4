"""One term per concept in French: every French text is checked against the glossary's terms.

The official French rules hesitate (préparé/organisé, dégâts mortels/létal,
désignation/dénomination) and everyday words compete with the game's (tuer for
éliminer, établir le contrôle for prendre le contrôle); the glossary picks one
term each. Every French text the site shows is read: pages (outside code),
worked examples' titles, captions and names, the interface and narration
catalog, and the rule translations. Quotations (« … », “ … ”, " … ") may use
any word; so may a page that lists a word in its front matter (``terms_kept``),
for wording it quotes from a source.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

# Variant (any inflection) → the glossary's term.
VARIANTS: dict[str, str] = {
    r"l[ée]t(?:al|ale|aux|ales)": "mortel (dégâts mortels)",
    # Only as the game term: a combat, showdown or contest "organisé" (tournaments are organised).
    r"(?:combat|confrontation|contestation)s?\s+(?:est\s+|sont\s+)?organis(?:é|ée|és|ées)": "préparé",
    r"d[ée]nominations?": "désignation",
    r"tu(?:er|e|es|ent|é|ée|és|ées|ait|aient|era|eront|ant)": "éliminer",
    r"[ée]tabli(?:r|t|s|ssent|ssez|ssons|ssant|ssait|ra|ront)?\s+(?:le|son)\s+contr[ôo]le": (
        "prendre le contrôle"
    ),
    r"[ée]tablissement\s+du\s+contr[ôo]le": "prise de contrôle",
    r"fai(?:t|s|re|saient|sait)\s+(?:la|une)\s+conqu[êe]te": "conquérir",
    r"d[ée]g[âa]ts\s+(?:sont\s+|seront\s+)?soign[ée]s": "soigner (on soigne une unité, pas ses dégâts)",
}
VARIANT = re.compile(r"\b(" + "|".join(VARIANTS) + r")\b", re.I)
# Quotations: a quote may use any word.
QUOTED = re.compile(r"«[^»]*»|“[^”]*”|\"[^\"\n]*\"")


@dataclass(frozen=True, slots=True)
class Text:
    """A French text and where it comes from."""

    display: str
    line: int  # the line the text starts on
    text: str
    kept: frozenset[str] = frozenset()  # variants this text may use (lower case)
    field: str = ""  # in a data file, the field holding the text ("caption.fr")


@dataclass(frozen=True, slots=True)
class Finding:
    display: str
    line: int
    variant: str
    term: str
    field: str = ""

    def __str__(self) -> str:
        where = f"{self.field}: " if self.field else ""
        return f"{self.display}:{self.line}: {where}'{self.variant}' → {self.term}"


def term_for(variant: str) -> str:
    for pattern, term in VARIANTS.items():
        if re.fullmatch(pattern, variant, re.I):
            return term
    return "?"


def variants(text: str) -> Iterator[tuple[int, str, str]]:
    """(line within ``text``, variant found, term to use), outside quotations."""
    blanked = QUOTED.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    line, last = 1, 0
    for m in VARIANT.finditer(blanked):
        line += text.count("\n", last, m.start())
        last = m.start()
        found = " ".join(m.group(0).split())
        yield line, found, term_for(found)


def findings(texts: Iterable[Text]) -> Iterator[Finding]:
    for item in texts:
        for line, variant, term in variants(item.text):
            if variant.lower() not in item.kept:
                yield Finding(item.display, item.line + line - 1, variant, term, item.field)
