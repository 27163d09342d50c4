"""Putting text into a page: every value that comes from a data file is escaped where it lands.

Rule texts, titles, captions and names are edited by many hands; none of it
may become markup or script. Each function here serves one context.

>>> text('<img src=x onerror="go()"> & *stars*')
'&lt;img src=x onerror="go()"&gt; &amp; *stars*'
>>> attribute('"><svg onload=go()>')
'&quot;&gt;&lt;svg onload=go()&gt;'
>>> markdown_literal("A *bold* [link](x) <b>")
'A \\\\*bold\\\\* \\\\[link\\\\]\\\\(x\\\\) &lt;b&gt;'
>>> text_with(f"See <{hole('rule')}> & more", {"rule": '<a href="x">466</a>'})
'See &lt;<a href="x">466</a>&gt; &amp; more'
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterable, Sequence

# Python-Markdown's escapable characters (with the tables extension's "|").
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")


def text(value: str) -> str:
    """``value`` as HTML text (between tags)."""
    return html.escape(value, quote=False)


def attribute(value: str) -> str:
    """``value`` inside a double-quoted HTML attribute."""
    return html.escape(value, quote=True)


# Where a text (a translated message) takes HTML: holes, filled after the text is escaped.
_HOLE = re.compile("\ue010([a-z0-9-]+)\ue011")


def hole(name: str) -> str:
    """A place for HTML in a text, to fill with ``text_with`` (``name``: a-z, 0-9, -)."""
    return f"\ue010{name}\ue011"


def text_with(value: str, html: dict[str, str]) -> str:
    """``value`` as HTML text, each ``hole(name)`` in it replaced by ``html[name]``."""
    return _HOLE.sub(lambda m: html.get(m[1], ""), text(value))


def script_json(value: object) -> str:
    """``value`` as JSON inside a ``<script>``: no ``<`` can end the script, no ``&`` start an
    entity."""
    data = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def table(head: Sequence[str], rows: Iterable[Sequence[str]], css: str = "") -> str:
    """A table of HTML cells (``head``: the header's). Cells and rows stand on lines of their
    own: search reads a line break as a space, so a row's words never run together.

    >>> print(table(["A", "B"], [["1", "2"]]))
    <table>
    <thead><tr>
    <th>A</th>
    <th>B</th>
    </tr></thead>
    <tbody>
    <tr>
    <td>1</td>
    <td>2</td>
    </tr>
    </tbody></table>
    """
    header = "".join(f"<th>{cell}</th>\n" for cell in head)
    body = "".join("<tr>\n" + "".join(f"<td>{c}</td>\n" for c in row) + "</tr>\n" for row in rows)
    opening = f'<table class="{css}">' if css else "<table>"
    return f"{opening}\n<thead><tr>\n{header}</tr></thead>\n<tbody>\n{body}</tbody></table>"


def markdown_literal(value: str) -> str:
    """``value`` shown as written in a Markdown paragraph or heading: no markup, no HTML."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(value, quote=False))


def template_text(value: str) -> str:
    """``value`` for a theme template that may print it as it is or escape it (Material does
    both with the site's name): escaped once and marked safe (``markupsafe.Markup``, which
    Jinja's ``| e`` leaves as it is), so it reads as written either way.

    >>> template_text('<b>"R&D"</b>')
    Markup('&lt;b&gt;&#34;R&amp;D&#34;&lt;/b&gt;')
    """
    from markupsafe import Markup  # Jinja's own, which the theme's templates use

    return Markup.escape(value)


# A citation's mark in a page's Markdown, until the page is converted: private-use characters
# only, its number among them (U+E010 to U+E019 for 0 to 9), so a heading's anchor, made of
# its text's letters and digits, never holds it.
CITATION = re.compile("\ue000([\ue010-\ue019]+)\ue001")
_DIGIT = 0xE010


def citation_mark(index: int) -> str:
    """The mark of the ``index``-th citation of a page."""
    return "\ue000" + "".join(chr(_DIGIT + int(d)) for d in str(index)) + "\ue001"


def citation_index(mark: re.Match[str]) -> int:
    """The number of a citation mark that ``CITATION`` matched."""
    return int("".join(str(ord(c) - _DIGIT) for c in mark[1]))


# Where generated HTML goes in a page (``docset.build.RenderedPage`` fills them): comments
# Markdown leaves as they are. A named one joins the page's content, which search indexes; a
# late one, numbered, joins the finished page, after search read it.
PLACEHOLDER = re.compile(r"<!-- rb:([a-z0-9:-]+) -->")
LATE = re.compile(r"<!-- rb-late:(\d+) -->")


def placeholder(name: str) -> str:
    """Where named HTML goes (``name``: lower-case letters, digits, ``:`` and ``-``)."""
    return f"<!-- rb:{name} -->"


def late(index: int) -> str:
    """Where the ``index``-th late HTML goes: not searched (citations, boards, link lists)."""
    return f"<!-- rb-late:{index} -->"


# A page's late HTML, or what makes it when the page is finished: the largest parts of a page
# (a step-through, a chapter of rules, the footnotes) are made only then, so that a build never
# holds every page's at once.
Late = str | Callable[[], str]


def made(part: Late) -> str:
    """A late HTML, made if it is not yet."""
    return part if isinstance(part, str) else part()


# What no data may hold (a page, a rule text, a scenario's words, a translation): the build's
# own marks, which would summon another citation or another example's HTML.
RESERVED = re.compile(r"[\ue000-\ue01f]|<!--\s*rb(?:-late)?:")


def reserved_problem(text: str) -> tuple[int, str] | None:
    """(line within ``text``, what is reserved) for the first reserved mark ``text`` holds."""
    found = RESERVED.search(text)
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    what = found.group(0)
    shown = f"the character U+{ord(what):04X}" if len(what) == 1 else f"'{what.strip()}'"
    return line, f"{shown} is reserved by the build"
