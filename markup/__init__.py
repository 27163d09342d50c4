"""Putting text into a page: every value that comes from a data file is escaped where it lands.

Rule texts, titles, captions and names are edited by many hands; none of it
may become markup or script. Each function here serves one context.

>>> text('<img src=x onerror="go()"> & *stars*')
'&lt;img src=x onerror="go()"&gt; &amp; *stars*'
>>> attribute('"><svg onload=go()>')
'&quot;&gt;&lt;svg onload=go()&gt;'
>>> markdown_literal("A *bold* [link](x) <b>")
'A \\\\*bold\\\\* \\\\[link\\\\]\\\\(x\\\\) &lt;b&gt;'
"""

from __future__ import annotations

import html
import re

# Python-Markdown's escapable characters (with the tables extension's "|").
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")


def text(value: str) -> str:
    """``value`` as HTML text (between tags)."""
    return html.escape(value, quote=False)


def attribute(value: str) -> str:
    """``value`` inside a double-quoted HTML attribute."""
    return html.escape(value, quote=True)


def markdown_literal(value: str) -> str:
    """``value`` shown as written in a Markdown paragraph or heading: no markup, no HTML."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(value, quote=False))


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
