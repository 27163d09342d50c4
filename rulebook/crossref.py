"""Cross-references inside rule texts as links: "See rule 466. The Resolution Step".

A rule text names another rule by the word for "rule" in its language and the
rule's number ("See rule 142.4.", « Voir la règle 466, L’étape de résolution »).
Where the rules shown carry that number, the words become a link to it; the
rest of the text, the linked words included, is escaped as any rule text is.

>>> linked("See rule 466. The <Resolution> Step", "en", lambda n: "400.html#rule-466")
'See <a class="rb-rule-ref" href="400.html#rule-466">rule 466</a>. The &lt;Resolution&gt; Step'
>>> linked("See rule 999 & rule 466.1.b.", "en", lambda n: None)
'See rule 999 &amp; rule 466.1.b.'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

import markup
from rulebook.numbering import NUMBERED_PATTERN
from vocabulary import message

# The word a rule text writes before another rule's number, in lower case (« règle »).
RULE_WORD = message("crossref:rule", "rule")

Href = Callable[[str], str | None]


@cache
def reference_pattern(lang: str) -> re.Pattern[str]:
    """ "rule 466.3.a" in ``lang``: the word (any case, singular or plural), blanks, a number
    not run on into more digits or letters."""
    word = re.escape(RULE_WORD(lang))
    return re.compile(
        rf"(?<!\w)(?i:{word}s?)[ \u00a0\u202f]+(?P<number>{NUMBERED_PATTERN})(?![\w])",
    )


def linked(text: str, lang: str, href: Href) -> str:
    """``text`` (in ``lang``) as HTML: escaped, each reference ``href`` links made a link."""
    if RULE_WORD(lang).casefold() not in text.casefold():  # most texts refer to no rule
        return markup.text(text)
    out: list[str] = []
    last = 0
    for m in reference_pattern(lang).finditer(text):
        target = href(m["number"])
        if not target:
            continue
        out += [
            markup.text(text[last : m.start()]),
            f'<a class="rb-rule-ref" href="{markup.attribute(target)}">'
            f"{markup.text(m.group(0))}</a>",
        ]
        last = m.end()
    out.append(markup.text(text[last:]))
    return "".join(out)
