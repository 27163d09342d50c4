"""The print edition: a language's whole site as one document, for a PDF (``docset.pdf``).

A cover (the site, the rules version, the date and commit of the build), a table of
contents, every page in the navigation's order, then the rules browser as an appendix. A
page is the HTML the site shows, its worked examples with every step and its footnotes
included. Its ids are prefixed with its place (``p3-``) so that no two pages clash, and a
link to another page of the edition becomes a link inside the document; a link to any other
file of the site loses its address, as a PDF carries no site around it. An image comes from
the site's own files, inlined; one from elsewhere is a problem: the edition loads nothing.

Styles: the site's own stylesheets, whose print rules also serve a browser printing a page,
and ``print_edition.css`` for A4 pages. The page numbers of the table of contents are known
only once the document is laid out: ``Edition.html`` writes them from a first printing
(``docset.pdf`` prints twice).
"""

from __future__ import annotations

import base64
import html
import posixpath
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from importlib import resources

import links
import markup
from diagnostics import Problem, ProblemsFound
from vocabulary import long_date, message, typeset

KICKER = message("print:kicker", "Print edition")
CONTENTS = message("print:contents", "Contents")
APPENDIX = message("print:appendix", "Appendix")
RULES = message("print:rules", "Rules: {edition}")
BUILT = message("print:built", "Made on {date} from commit {commit} of the site's sources.")
BUILT_CHANGED = message(
    "print:built-changed",
    "Made on {date} from commit {commit} of the site's sources, with changes not yet committed.",
)
BUILT_OUTSIDE_GIT = message(
    "print:built-outside-git", "Made on {date}, from sources outside a git checkout."
)
PAGE_OF = message("print:page-of", "Page {page} of {pages}")
DOCUMENT = message("print:document", "{site} · print edition")
AT_A_GLANCE = message(
    "print:at-a-glance",
    "The combat on one page, to keep at the table: {page}, page {number}; also printed on its "
    "own, as a PDF of one A4 page, on the site.",
)
LEAFLET = message("print:leaflet", "{site} · {page}")
LINK = message("print:link", "Print edition (PDF, {size})")
HOME = message(
    "print:home",
    "On paper: {link}. It holds this site's pages for readers in one document, with a table of "
    "contents, each worked example with every step, the glossary and the rules browser, for a "
    "judge's binder or a rules seminar; the pages for contributors (writing for this site, "
    "translation status) are on the site only.",
)
NOT_MADE = message(
    "print:not-made",
    "This build of the site made no print edition (PDF); the site's full build (make build) "
    "makes one.",
)

STYLESHEET = "print_edition.css"
# Images a page may show in the edition, by the end of their file's name.
IMAGE_TYPES = {
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".svg": "image/svg+xml",
}
# Schemes a link may keep in the edition: they lead somewhere from a sheet of paper too.
KEPT_SCHEMES = ("http:", "https:", "mailto:")
# Attributes that name ids of the same page (besides ``id`` itself).
ID_REFERENCES = ("aria-labelledby", "aria-describedby", "aria-controls", "aria-owns")
# Elements that have no end tag.
VOID = frozenset(
    ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr")
)

# Where the cover writes the page of the page it points to (``Cover.at_a_glance``).
COVER_NUMBER = "\ue011"

# What a page's file (site path) holds, for its images: its bytes, or None if the site has none.
ReadFile = Callable[[str], bytes | None]


@dataclass(frozen=True)
class PrintPage:
    """A page as the site shows it: ``html`` is its content, finished."""

    page: links.Page
    html: str
    display: str = ""  # the source file problems name, e.g. docs_fr/index.md


@dataclass(frozen=True)
class Cover:
    title: str
    description: str
    rules: str  # the rules version, as the rules browser states it
    built: str  # the day of the build, ISO
    commit: str | None  # None outside a git checkout
    changed: bool  # the checkout had changes not yet committed
    notice: str  # the site's notice: unofficial, not endorsed
    at_a_glance: str = ""  # the path of the page the cover points to (with its page), if any


@dataclass(frozen=True)
class Entry:
    """A line of the table of contents: a page (level 1) or one of its sections (level 2)."""

    anchor: str
    text: str
    level: int


@dataclass(frozen=True)
class Edition:
    """The document, less the page numbers of its table of contents (``html`` adds them)."""

    lang: str
    head: str  # up to the table of contents
    entries: tuple[Entry, ...]
    appendix: int  # the index in ``entries`` where the appendix starts (len(entries): none)
    body: str
    words: dict[str, str] = field(default_factory=dict)
    cover_target: str = ""  # the anchor (among the entries') whose page the cover states
    name: str = "print edition"  # as the build's log and its problems name the document
    most_pages: int = 0  # the pages it must fit on (0: no bound)

    @property
    def targets(self) -> tuple[str, ...]:
        """The anchors whose page numbers the table of contents shows."""
        return tuple(entry.anchor for entry in self.entries)

    def html(self, numbers: Mapping[str, int] | None = None) -> str:
        """The whole document; without ``numbers`` (anchor → page) the table of contents
        leaves them blank, in boxes as wide as the numbers: its lines break alike."""
        numbers = numbers or {}
        head = self.head
        if self.cover_target:
            number = numbers.get(self.cover_target)
            head = head.replace(COVER_NUMBER, "" if number is None else str(number))
        if not self.entries:
            return head + self.body
        return head + self.contents(numbers) + self.body

    def contents(self, numbers: Mapping[str, int]) -> str:
        items: list[str] = []
        for n, entry in enumerate(self.entries):
            if n == self.appendix:
                items.append(f'<li class="rb-toc-part">{markup.text(self.words["appendix"])}</li>')
            number = numbers.get(entry.anchor)
            items.append(
                f'<li class="rb-toc-{entry.level}"><a href="#{markup.attribute(entry.anchor)}">'
                f'<span class="rb-toc-text">{markup.text(entry.text)}</span>'
                '<span class="rb-toc-leader" aria-hidden="true"></span>'
                f'<span class="rb-toc-number">{"" if number is None else number}</span></a></li>'
            )
        title = markup.text(self.words["contents"])
        return (
            f'<nav class="rb-toc" aria-labelledby="rb-toc-title"><h1 id="rb-toc-title">{title}'
            f"</h1><ol>{''.join(items)}</ol></nav>"
        )


def order(nav: Sequence[str], appendix: Sequence[str]) -> list[str]:
    """The pages of the edition: the navigation's, in its order, then the appendix's (the rules
    browser, wherever the navigation lists it)."""
    later = set(appendix)
    return [*dict.fromkeys(path for path in nav if path not in later), *appendix]


def size_text(size: int, lang: str) -> str:
    """A file's size as the reader's language writes it: "1.2 MB", « 1,2 Mo », "850 kB"."""
    from babel.units import format_unit

    if size >= 1_000_000:
        value, unit, pattern = size / 1_000_000, "digital-megabyte", "#,##0.0"
    else:
        value, unit, pattern = max(size, 1) / 1000, "digital-kilobyte", "#,##0"
    shown = format_unit(value, unit, length="short", format=pattern, locale=lang)
    return str(shown).replace(" ", "\u00a0")


def link_label(size: int, lang: str) -> str:
    return LINK(lang, size=size_text(size, lang))


def home_html(href: str | None, size: int, lang: str) -> str:
    """The home page's paragraph: the edition's link and what it holds, or, where this build
    made none, that it did not."""
    if href is None:
        return markup.text(NOT_MADE(lang))
    mark = "\ue010"
    sentence = markup.text(HOME(lang, link=mark))
    link = f'<a href="{markup.attribute(href)}">{markup.text(link_label(size, lang))}</a>'
    return sentence.replace(mark, link)


def footer_html(href: str, size: int, lang: str) -> str:
    return f'<a href="{markup.attribute(href)}">{markup.text(link_label(size, lang))}</a>'


def css_string(value: str) -> str:
    """``value`` as a CSS string, inside a ``<style>`` element: no quote, backslash or ``<``
    of it ends either."""
    out = []
    for char in value:
        if char in '"\\<>&' or ord(char) < 0x20:
            out.append(f"\\{ord(char):x} ")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def counters_css(template: str, values: Mapping[str, str]) -> str:
    """A message with placeholders as a CSS ``content`` value: ``Page {page} of {pages}`` →
    ``"Page " counter(page) " of " counter(pages)``."""
    parts: list[str] = []
    rest = template
    while rest:
        start = rest.find("{")
        end = rest.find("}", start)
        if start < 0 or end < 0 or rest[start + 1 : end] not in values:
            parts.append(css_string(rest))
            break
        if start:
            parts.append(css_string(rest[:start]))
        parts.append(values[rest[start + 1 : end]])
        rest = rest[end + 1 :]
    return " ".join(parts) or '""'


def compose(
    lang: str,
    pages: Sequence[PrintPage],
    appendix: int,
    cover: Cover,
    stylesheets: Sequence[str],
    read_file: ReadFile,
) -> Edition:
    """The edition of ``pages`` (in order; those from index ``appendix`` on are the appendix).

    ``stylesheets`` are the site's own CSS texts; ``read_file`` gives the site's images."""
    where = {page.page.output: n for n, page in enumerate(pages, start=1)}
    problems: list[Problem] = []
    entries: list[Entry] = []
    sections: list[str] = []
    appendix_entry = len(pages)
    for n, page in enumerate(pages, start=1):
        rewriter = Rewriter(n, page.page, where, read_file)
        rewriter.feed(page.html)
        rewriter.close()
        problems += [Problem(page.display or page.page.uri, 0, what) for what in rewriter.problems]
        headings = rewriter.headings
        title = next((h.text for h in headings if h.level == 1), page.page.path)
        if n - 1 == appendix:
            appendix_entry = len(entries)
        entries.append(Entry(f"p{n}", title, 1))
        if n - 1 < appendix:
            entries += [h for h in headings if h.level == 2]
        css = "rb-print-page" + (" rb-appendix" if n - 1 >= appendix else "")
        part = f'<p class="rb-part">{markup.text(APPENDIX(lang))}</p>' if n - 1 == appendix else ""
        sections.append(f'<section class="{css}" id="p{n}">{part}{"".join(rewriter.out)}</section>')
    if problems:
        raise ProblemsFound(problems)
    words = {"contents": CONTENTS(lang), "appendix": APPENDIX(lang)}
    glance = next(
        (n for n, page in enumerate(pages, start=1) if page.page.path == cover.at_a_glance), 0
    )
    pointed = next(((e.anchor, e.text) for e in entries if e.anchor == f"p{glance}"), None)
    head = document_head(lang, DOCUMENT(lang, site=cover.title), stylesheets, page_of(lang))
    head += cover_html(lang, cover, pointed)
    body = f'<main class="md-typeset">{"".join(sections)}</main></body></html>'
    target = pointed[0] if pointed else ""
    return Edition(lang, head, tuple(entries), appendix_entry, body, words, target)


def leaflet(
    lang: str,
    page: PrintPage,
    cover: Cover,
    stylesheets: Sequence[str],
    read_file: ReadFile,
    name: str,
) -> Edition:
    """``page`` alone on one sheet of A4 (the combat summary): no cover and no contents; the
    rules version, the build and the site's notice at its foot. It must fit on one page
    (``Edition.most_pages``: the printer refuses it otherwise); ``name``: the document's, as
    the build's log and problems name it."""
    rewriter = Rewriter(1, page.page, {page.page.output: 1}, read_file)
    rewriter.feed(page.html)
    rewriter.close()
    if rewriter.problems:
        raise ProblemsFound(Problem(page.display or page.page.uri, 0, w) for w in rewriter.problems)
    title = next((h.text for h in rewriter.headings if h.level == 1), page.page.path)
    document = LEAFLET(lang, site=cover.title, page=title)
    foot = "".join(
        f"<p>{markup.text(line)}</p>"
        for line in (RULES(lang, edition=cover.rules), built_text(lang, cover), cover.notice)
    )
    body = (
        f'<main class="md-typeset rb-leaflet"><section id="p1">{"".join(rewriter.out)}'
        f'</section><footer class="rb-leaflet-foot">{foot}</footer></main></body></html>'
    )
    head = document_head(lang, document, stylesheets, '""', first_too=True)
    return Edition(lang, head, (), 0, body, name=name, most_pages=1)


def page_of(lang: str) -> str:
    """ "Page 3 of 67" at the foot of each page, as CSS counters."""
    return counters_css(
        typeset(PAGE_OF.template(lang, None), lang),
        {"page": "counter(page)", "pages": "counter(pages)"},
    )


def document_head(
    lang: str, title: str, stylesheets: Sequence[str], right: str, first_too: bool = False
) -> str:
    """The document up to its body: ``title`` at the foot of each page, on the left, ``right``
    (CSS content) on the right; not on the first page (a cover) unless ``first_too``."""
    own = resources.files("docset").joinpath(STYLESHEET).read_text(encoding="utf-8")
    words = (
        f"@page {{ @bottom-left {{ content: {css_string(title)}; }} "
        f"@bottom-right {{ content: {right}; }} }} "
    )
    if not first_too:
        words += "@page :first { @bottom-left { content: none; } @bottom-right { content: none; } }"
    styles = "".join(f"<style>{sheet}</style>" for sheet in [*stylesheets, own, words])
    # Nothing in the document may close a <style> early: the sheets are the site's own files.
    return (
        f'<!doctype html><html lang="{markup.attribute(lang)}"><head><meta charset="utf-8">'
        f"<title>{markup.text(title)}</title>{styles}</head><body>"
    )


def built_text(lang: str, cover: Cover) -> str:
    date = long_date(cover.built, lang)
    if cover.commit is None:
        return BUILT_OUTSIDE_GIT(lang, date=date)
    said = BUILT_CHANGED if cover.changed else BUILT
    return said(lang, date=date, commit=cover.commit)


def cover_html(lang: str, cover: Cover, at_a_glance: tuple[str, str] | None = None) -> str:
    """The cover; ``at_a_glance``: the anchor and title of the page it points to, whose page
    number ``Edition.html`` writes."""
    lines = [
        f'<p class="rb-cover-kicker">{markup.text(KICKER(lang))}</p>',
        f'<h1 class="rb-cover-title">{markup.text(cover.title)}</h1>',
        f'<p class="rb-cover-description">{markup.text(cover.description)}</p>',
    ]
    if at_a_glance is not None:
        anchor, title = at_a_glance
        page, number = "\ue012", "\ue013"
        said = markup.text(typeset(AT_A_GLANCE(lang, page=page, number=number), lang))
        link = f'<a href="#{markup.attribute(anchor)}">{markup.text(title)}</a>'
        box = f'<span class="rb-cover-number">{COVER_NUMBER}</span>'
        lines.append(
            f'<p class="rb-cover-glance">{said.replace(page, link).replace(number, box)}</p>'
        )
    lines += [
        f'<p class="rb-cover-rules">{markup.text(RULES(lang, edition=cover.rules))}</p>',
        f'<p class="rb-cover-built">{markup.text(built_text(lang, cover))}</p>',
        f'<p class="rb-cover-notice">{markup.text(cover.notice)}</p>',
    ]
    return f'<section class="rb-cover">{"".join(lines)}</section>'


def screen_only(attrs: list[tuple[str, str | None]]) -> bool:
    return any(name == "class" and "rb-screen" in (value or "").split() for name, value in attrs)


@dataclass(frozen=True)
class _Open:
    """A heading being read: its level, id, and the text read so far."""

    level: int
    anchor: str
    text: list[str]


class Rewriter(HTMLParser):
    """One page's HTML, as the edition holds it: ids prefixed, links and images resolved, its
    headings (h1, h2) read for the table of contents, what is for the screen only (class
    ``rb-screen``) left out. Everything else passes as it was."""

    def __init__(
        self, n: int, page: links.Page, where: Mapping[str, int], read_file: ReadFile
    ) -> None:
        super().__init__(convert_charrefs=False)
        self.prefix = f"p{n}-"
        self.page = page
        self.where = where
        self.read_file = read_file
        self.out: list[str] = []
        self.problems: list[str] = []
        self.headings: list[Entry] = []
        self.heading: _Open | None = None
        self.skipped: list[str] = []  # elements whose text a heading leaves out, open now
        self.dropped: tuple[str, int] | None = None  # a screen-only element: its tag, depth

    # -- the markup ----------------------------------------------------------

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.dropping(tag, attrs, 1):
            return
        self.out.append(self.tag(tag, attrs, ">"))
        self.read_heading(tag, dict(attrs))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.dropped is None and not screen_only(attrs):
            self.out.append(self.tag(tag, attrs, " />"))

    def handle_endtag(self, tag: str) -> None:
        if self.dropping(tag, [], -1):
            return
        self.out.append(f"</{tag}>")
        if self.skipped and self.skipped[-1] == tag:
            self.skipped.pop()
        elif self.heading is not None and tag == f"h{self.heading.level}":
            text = " ".join("".join(self.heading.text).split())
            if text:
                self.headings.append(Entry(self.heading.anchor, text, self.heading.level))
            self.heading = None

    def handle_data(self, data: str) -> None:
        self.write(data, data)

    def handle_entityref(self, name: str) -> None:
        self.write(f"&{name};", html.unescape(f"&{name};"))

    def handle_charref(self, name: str) -> None:
        self.write(f"&#{name};", html.unescape(f"&#{name};"))

    def handle_comment(self, data: str) -> None:
        self.write(f"<!--{data}-->")

    def handle_decl(self, decl: str) -> None:
        self.write(f"<!{decl}>")

    def handle_pi(self, data: str) -> None:
        self.write(f"<?{data}>")

    def unknown_decl(self, data: str) -> None:
        self.write(f"<![{data}]>")

    def write(self, written: str, text: str = "") -> None:
        if self.dropped is None:
            self.out.append(written)
            self.read_text(text)

    def dropping(self, tag: str, attrs: list[tuple[str, str | None]], step: int) -> bool:
        """Whether this tag is left out: a screen-only element, and everything in it (its end
        is the end tag that balances its own tag name)."""
        if self.dropped is None:
            if step > 0 and screen_only(attrs):
                self.dropped = None if tag in VOID else (tag, 1)
                return True
            return False
        name, depth = self.dropped
        if tag == name:
            depth += step
        self.dropped = (name, depth) if depth > 0 else None
        return True

    def tag(self, tag: str, attrs: list[tuple[str, str | None]], end: str) -> str:
        written = [tag]
        for name, value in attrs:
            kept = self.attribute(tag, name, value)
            if kept is not None:
                written.append(
                    name if kept == "" and value is None else f'{name}="{markup.attribute(kept)}"'
                )
        return "<" + " ".join(written) + end

    def attribute(self, tag: str, name: str, value: str | None) -> str | None:
        """The attribute's value in the edition; None drops it."""
        if value is None:
            return ""
        if name == "id":
            return self.prefix + value
        if name in ID_REFERENCES:
            return " ".join(self.prefix + ref for ref in value.split())
        if name == "href":
            return self.link(value)
        if name == "src":
            return self.image(tag, value)
        if name == "srcset":
            self.problems.append(f"<{tag} srcset>: the print edition shows an image from src")
            return None
        return value

    def link(self, href: str) -> str | None:
        found = links.target(self.page, href.strip())
        if found is None:
            return href if href.strip().lower().startswith(KEPT_SCHEMES) else None
        path, fragment = found
        n = self.where.get(path or self.page.output)
        if n is None:
            return None  # a file the site holds but the edition does not
        return f"#p{n}-{fragment}" if fragment else f"#p{n}"

    def image(self, tag: str, src: str) -> str | None:
        if src.startswith("data:"):
            return src
        found = links.target(self.page, src.strip())
        kind = IMAGE_TYPES.get(posixpath.splitext(found[0])[1].lower()) if found else None
        content = self.read_file(found[0]) if found and kind else None
        if found is None or kind is None or content is None:
            self.problems.append(
                f"<{tag} src={src!r}>: the print edition shows only images among the site's "
                f"own files ({', '.join(sorted(IMAGE_TYPES))})"
            )
            return None
        return f"data:{kind};base64,{base64.b64encode(content).decode('ascii')}"

    # -- the headings --------------------------------------------------------

    def read_heading(self, tag: str, attrs: dict[str, str | None]) -> None:
        """A heading's text leaves out its permanent link and its citations (``sup``)."""
        if self.heading is not None:
            css = (attrs.get("class") or "").split()
            left_out = self.skipped or tag == "sup" or (tag == "a" and "headerlink" in css)
            if left_out and tag not in VOID:
                self.skipped.append(tag)
        elif tag == "h1" or (tag == "h2" and attrs.get("id")):
            anchor = attrs.get("id")
            self.heading = _Open(int(tag[1]), self.prefix + anchor if anchor else "", [])

    def read_text(self, text: str) -> None:
        if self.heading is not None and not self.skipped:
            self.heading.text.append(text)
