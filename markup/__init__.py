"""Putting text into a page: every value that comes from a data file is escaped where it lands.

Rule texts, titles, captions and names are edited by many hands; none of it
may become markup or script. Each function here serves one context.

>>> text('<img src=x onerror="go()"> & *stars*')
'&lt;img src=x onerror="go()"&gt; &amp; *stars*'
>>> attribute('"><svg onload=go()>')
'&quot;&gt;&lt;svg onload=go()&gt;'
>>> markdown_literal("A *bold* [link](x) <b>")
'A \\\\*bold\\\\* \\\\[link\\\\]\\\\(x\\\\) &lt;b&gt;'
>>> script_json({"name": "</script><script>go()</script>"})
'{"name":"\\\\u003c/script\\\\u003e\\\\u003cscript\\\\u003ego()\\\\u003c/script\\\\u003e"}'
>>> text_with(f"See <{hole('rule')}> & more", {"rule": '<a href="x">466</a>'})
'See &lt;<a href="x">466</a>&gt; &amp; more'
"""

from __future__ import annotations

import html
import json
import re

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


def markdown_literal(value: str) -> str:
    """``value`` shown as written in a Markdown paragraph or heading: no markup, no HTML."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(value, quote=False))


def script_json(value: object) -> str:
    """``value`` as JSON inside ``<script type="application/json">``: no ``<`` can end it."""
    data = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


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
