"""A Python-Markdown extension that typesets a page's prose for its language.

Runs after inline markup is parsed, before the table of contents is built, on
text only: never inside code, preformatted text, scripts, or an element whose
``lang`` is another language (quoted English on a French page); never on
attributes or URLs. Generated text (footnotes, examples, the rules browser) is
typeset where it is made, with the same function.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

from vocabulary import SOURCE_LANGUAGE, typeset

VERBATIM = frozenset({"code", "pre", "kbd", "samp", "script", "style", "math"})


class TypographyProcessor(Treeprocessor):
    def __init__(self, md: Markdown, extension: TypographyExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, root: etree.Element) -> None:
        lang = self.extension.lang
        if lang != SOURCE_LANGUAGE:
            self.typeset(root, lang)

    def typeset(self, element: etree.Element, lang: str) -> None:
        if element.tag in VERBATIM or element.get("lang", lang) != lang:
            return
        if element.text:
            element.text = keep_kind(element.text, lang)
        for child in element:
            self.typeset(child, lang)
            if child.tail:
                child.tail = keep_kind(child.tail, lang)


def keep_kind(text: str, lang: str) -> str:
    """Typeset ``text``, an ``AtomicString`` staying one."""
    done = typeset(text, lang)
    return AtomicString(done) if isinstance(text, AtomicString) else done


class TypographyExtension(Extension):
    """``lang`` is the language of the page being converted (set before each page)."""

    def __init__(self, lang: str = SOURCE_LANGUAGE) -> None:
        super().__init__()
        self.lang = lang

    def extendMarkdown(self, md: Markdown) -> None:
        # After inline markup (20), before the table of contents (5) reads the headings.
        md.treeprocessors.register(TypographyProcessor(md, self), "riftbound-typography", 10)
