"""Typography per language, applied once to every text the site shows.

French puts a narrow no-break space (U+202F) before ``;`` ``!`` ``?``, a
no-break space (U+00A0) before ``:`` and inside « », and a typographic
apostrophe (’) in words, and a narrow no-break space between the groups of three digits of
a number (1 000 000), so that a number never breaks across lines. The same function serves pages (a Markdown
treeprocessor skips code and quoted English) and generated text (messages,
rule texts, names). It is idempotent, and leaves URLs alone.

>>> typeset("Résultat : aucun résultat ; l'attaquant a-t-il gagné ?", "fr")
'Résultat\\xa0: aucun résultat\\u202f; l’attaquant a-t-il gagné\\u202f?'
>>> typeset("« de ce combat »", "fr")
'«\\xa0de ce combat\\xa0»'
>>> typeset("Voir https://example.org/a?b=c:d ici : fin", "fr")
'Voir https://example.org/a?b=c:d ici\\xa0: fin'
>>> typeset("1 000 000 de dégâts", "fr")
'1\u202f000\u202f000 de dégâts'
>>> typeset("Step 3b: done", "en")
'Step 3b: done'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

NBSP = "\u00a0"
NNBSP = "\u202f"

# URLs, addresses and what reads as an HTML entity (&amp;) are kept as they are.
_KEEP = re.compile(r"[a-z][a-z0-9+.-]*://\S+|www\.\S+|&(?:[a-z]+|#\d+|#x[0-9a-f]+);", re.I)
# What a mark follows: a word, a closing mark, a digit, or (in a page) markup before the text
# (\x03 ends Python-Markdown's placeholders, \ue001 the build's citation marks, which \ue000
# starts; ^ is the start of a text after an element).
_AFTER = r"(?:(?<=[\w)\]}»”’\"'.%…\x03\ue001])|^)"
# Blanks (or none) before ; ! ? (then a blank, the end, a closing mark, markup or a citation)
_TIGHT = re.compile(_AFTER + r"[ \t\u00a0\u202f]*([;!?]+)(?=\s|$|[)\]»”’\"'<\x02\ue000])")
# Blanks (or none) before a colon, but not "12:30" nor "rule-1:2".
_COLON = re.compile(_AFTER + r"[ \t\u00a0\u202f]*:(?=\s|$|\x02|\ue000)")
_OPEN = re.compile(r"«[ \t\u00a0\u202f]*")
_CLOSE = re.compile(r"[ \t\u00a0\u202f]*»")
_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")
# A number written in groups of three digits ("1 000 000"): the blanks between its groups.
_DIGIT_GROUPS = re.compile(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?!\d)")
_GROUP_BLANK = re.compile(r"[ \u00a0]")


def french(text: str) -> str:
    parts = _KEEP.split(text)
    kept = _KEEP.findall(text)
    out = [_french_prose(parts[0])]
    for url, prose in zip(kept, parts[1:], strict=True):
        out += [url, _french_prose(prose)]
    return "".join(out)


def _french_prose(text: str) -> str:
    text = _APOSTROPHE.sub("’", text)
    text = _DIGIT_GROUPS.sub(lambda m: _GROUP_BLANK.sub(NNBSP, m[0]), text)
    text = _TIGHT.sub(lambda m: NNBSP + m[1], text)
    text = _COLON.sub(NBSP + ":", text)
    text = _OPEN.sub("«" + NBSP, text)
    return _CLOSE.sub(NBSP + "»", text)


RULES: dict[str, Callable[[str], str]] = {"fr": french}


def excerpt(text: str, limit: int) -> str:
    """``text`` if it is shorter than ``limit`` characters, else its start cut at a word (never
    inside one: at the last blank that leaves room for the ellipsis), with no punctuation or
    blank left before the ellipsis.

    >>> excerpt("Voir la règle 317.2, Phase de fin, pour plus d’informations.", 50)
    'Voir la règle 317.2, Phase de fin, pour plus…'
    """
    if len(text) < limit:
        return text
    room = text[: limit - 1]
    cut = max(room.rfind(" "), room.rfind("\u00a0"), room.rfind("\u202f"))
    head = room[:cut] if cut > 0 else room
    return head.rstrip(" \u00a0\u202f,;:–—-(«“") + "…"


MINUS = "\u2212"
# How each language groups the digits of a large number (from five digits: 10 000, 10,000).
_GROUPS = {"fr": NNBSP, "en": ","}


def digit_group(lang: str) -> str:
    """What ``lang`` puts between groups of three digits (``number``; the editor's JavaScript
    groups its numbers with it too)."""
    return _GROUPS.get(lang, NNBSP)


def number(n: int, lang: str) -> str:
    """A number the site computed, as ``lang`` writes it: a true minus sign (U+2212), never a
    hyphen, and its digits grouped by three from 10 000 on. A number the reader typed is
    their own text and is quoted as typed instead (``vocabulary.say``).

    >>> number(-3, "en"), number(20000, "en"), number(20000, "fr"), number(1234, "fr")
    ('\u22123', '20,000', '20\u202f000', '1234')
    """
    digits = str(abs(n))
    if len(digits) >= 5:
        head = len(digits) % 3 or 3
        parts = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
        digits = digit_group(lang).join(parts)
    return MINUS + digits if n < 0 else digits


@lru_cache(maxsize=65536)
def typeset(text: str, lang: str) -> str:
    """``text`` with ``lang``'s typography (unchanged for a language without rules).

    Remembered: a site typesets the same names and words thousands of times.
    """
    rule = RULES.get(lang)
    return rule(text) if rule else text
