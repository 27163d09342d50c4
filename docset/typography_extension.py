"""A Python-Markdown extension that typesets a page's prose for its language.

Runs after inline markup is parsed, before the table of contents is built, on
text only: never inside code, preformatted text, scripts, or an element whose
``lang`` is another language (quoted English on a French page); never on
attributes or URLs. Generated text (footnotes, examples, the rules browser) is
typeset where it is made, with the same function. The words the theme writes
into a page's attributes and its ``<title>`` (Material's "Previous: …" footer
label, the site's name) are typeset on the finished page (``typeset_attributes``).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from html import escape, unescape

from markdown import Markdown, util
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

from vocabulary import SOURCE_LANGUAGE, typeset

VERBATIM = frozenset({"code", "pre", "kbd", "samp", "script", "style", "math"})
PLACEHOLDER = re.compile(util.HTML_PLACEHOLDER % r"(\d+)")
OTHER_LANGUAGE = re.compile(
    r"<(?P<tag>[a-z][a-z0-9]*)\b[^>]*\blang=[\"']?(?P<lang>[a-zA-Z-]+)", re.I
)


# The words a reader hears or sees in a start tag's attributes (in finished HTML, text and code
# hold "<" and ">" only as entities), the tag's own language, and the page's title.
SAID = ("title=", "aria-label=")
SAID_ATTRIBUTE = re.compile(r"(?<=\s)(aria-label|title)=(\"[^\"]*\"|'[^']*')")
TAG_LANGUAGE = re.compile(r"\slang=[\"']?([a-zA-Z-]+)")
TITLE = re.compile(r"(<title>)([^<]*)(</title>)")


def typeset_attributes(html: str, lang: str) -> str:
    """A finished page with its ``aria-label`` and ``title`` attributes and its ``<title>``
    typeset for ``lang`` (an element marked as another language keeps its own). Each value is
    typeset as the text it stands for (its entities read), then escaped again."""
    if lang == SOURCE_LANGUAGE:
        return html

    def said(escaped: str, quote: bool) -> str:
        text = unescape(escaped)
        done = typeset(text, lang)
        return escaped if done == text else escape(done, quote=quote)

    def attributes(start: str) -> str:
        own = TAG_LANGUAGE.search(start)
        if own and own[1] != lang:
            return start
        return SAID_ATTRIBUTE.sub(
            lambda m: f"{m[1]}={m[2][0]}{said(m[2][1:-1], True)}{m[2][0]}", start
        )

    html = TITLE.sub(lambda m: m[1] + said(m[2], False) + m[3], html, count=1)
    out, done = [], 0
    for start, end in said_tags(html):
        out += [html[done:start], attributes(html[start:end])]
        done = end
    return "".join(out) + html[done:] if out else html


def said_tags(html: str) -> list[tuple[int, int]]:
    """Where the start tags with words in their attributes are (a page of boards has tens of
    thousands of tags and few such words: each word is found, then its tag, with ``str``'s own
    search), in order, each once."""
    found: set[tuple[int, int]] = set()
    for word in SAID:
        at = html.find(word)
        while at != -1:
            start = html.rfind("<", 0, at)
            end = html.find(">", at)
            if (
                start != -1
                and end != -1
                and html[at - 1].isspace()
                and html[start + 1 : start + 2].isascii()
                and html[start + 1 : start + 2].isalpha()
                and html.find(">", start, at) == -1
                and html.find("<", at, end) == -1
            ):
                found.add((start, end + 1))
            at = html.find(word, at + len(word))
    return sorted(found)


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
            element.text = self.text(element.text, lang)
        for child in element:
            self.typeset(child, lang)
            if child.tail:
                child.tail = self.text(child.tail, lang)

    def text(self, text: str, lang: str) -> str:
        """``text`` typeset, except inside raw inline HTML of another language.

        Inline raw HTML (``<span lang="en">…</span>``) reaches this point as
        placeholders around plain text; the placeholders say where it starts and ends.
        """
        if "\x02" not in text:
            return keep_kind(text, lang)
        stash = self.md.htmlStash.rawHtmlBlocks
        parts = PLACEHOLDER.split(text)  # text, index, text, index, …, text
        out, quoted = [keep_kind(parts[0], lang)], ""
        for index, piece in zip(parts[1::2], parts[2::2], strict=True):
            raw = str(stash[int(index)]) if int(index) < len(stash) else ""
            opening = OTHER_LANGUAGE.match(raw)
            if not quoted and opening and opening["lang"] != lang:
                quoted = opening["tag"].lower()
            elif quoted and raw.lower().startswith(f"</{quoted}"):
                quoted = ""
            out += [util.HTML_PLACEHOLDER % index, piece if quoted else keep_kind(piece, lang)]
        return AtomicString("".join(out)) if isinstance(text, AtomicString) else "".join(out)


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
