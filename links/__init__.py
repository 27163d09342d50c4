"""Every link the site makes: from a page, in any language and at any depth, to a page,
a rule, a worked example, one of its steps, or a file shared by every language; and the
content-hashed names of the site's scripts and stylesheets.

The built site uses relative links only, so it works from disk, from a zip and
under any path of any host. Pages of the source language sit at the site's root,
those of each other language under a folder named for it (mkdocs-static-i18n's
folder layout). This module is the only one that knows that, or does URL
arithmetic.

>>> here = Page("fr", "guide/combat.md")
>>> link(here, Page("fr", "resolution-step.md"), "example-x")
'../resolution-step.html#example-x'
>>> link(here, Page("fr", "resolution-step.md"), markdown=True)
'../resolution-step.md'
>>> shared(here, "examples/x.yml")
'../../examples/x.yml'

Each version of the rules has its rules browser under its own folder, the
same in every language; the addresses without a version are those the site
had before it carried versions (they now lead on to a version's):

>>> chapter_page("fr", 400, "1.4").output
'fr/rules-browser/v1.4/400.html'
>>> link(Page("en", "index.md"), chapter_page("en", 400, "1.4"), "rule-466-3-a")
'rules-browser/v1.4/400.html#rule-466-3-a'
>>> link(Page("en", "index.md"), chapter_page("en", 400), "rule-466-3-a")
'rules-browser/400.html#rule-466-3-a'
"""

from __future__ import annotations

import hashlib
import posixpath
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol
from urllib.parse import unquote, urlsplit, urlunsplit

from vocabulary import SOURCE_LANGUAGE

RULES_FOLDER = "rules-browser"


@dataclass(frozen=True, slots=True)
class Page:
    """A page of the site: its language and its path among that language's pages."""

    lang: str
    path: str  # e.g. "resolution-step.md" or "rules-browser/400.md"

    @property
    def uri(self) -> str:
        """Where the page's source sits in the site's files: ``fr/resolution-step.md``."""
        return language_folder(self.lang) + self.path

    @property
    def output(self) -> str:
        """Where the page is written: ``fr/resolution-step.html``."""
        return self.uri.removesuffix(".md") + ".html"


def language_folder(lang: str) -> str:
    """The folder of a language's pages, relative to the site's root ("" or "fr/")."""
    return "" if lang == SOURCE_LANGUAGE else f"{lang}/"


def _relative(from_page: Page, target: str, anchor: str) -> str:
    url = _between(posixpath.dirname(from_page.output), target)
    return f"{url}#{anchor}" if anchor else url


@lru_cache(maxsize=16384)
def _between(folder: str, target: str) -> str:
    """The relative URL of ``target`` from ``folder`` (both from the site's root)."""
    return posixpath.relpath(target, folder or ".")


def link(from_page: Page, to: Page, anchor: str = "", *, markdown: bool = False) -> str:
    """A relative link; ``markdown``: to the ``.md`` source, as Markdown (MkDocs checks those)."""
    return _relative(from_page, to.uri if markdown else to.output, anchor)


def from_site_root(site_path: str, to: Page | str) -> str:
    """A link that works from any depth (the 404 page, served wherever an address is missing):
    from the path the site is hosted at (``site_url``'s), to a page or a file (its path from
    the site's root)."""
    return posixpath.join("/", site_path.strip("/"), to if isinstance(to, str) else to.output)


# Hosts that are this computer: a link to them works on this computer only.
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0", ""})


def hosted(site_url: str | None, to: Page) -> str | None:
    """The address of a page on the host the site is published at (``site_url``), or None
    when ``site_url`` names no host but this computer's.

    >>> hosted("https://example.org/riftbound/", Page("fr", "ask-the-engine.md"))
    'https://example.org/riftbound/fr/ask-the-engine.html'
    >>> hosted("http://127.0.0.1:8000/", Page("en", "ask-the-engine.md")) is None
    True
    """
    parts = urlsplit(site_url or "")
    if parts.scheme not in ("http", "https") or (parts.hostname or "") in LOCAL_HOSTS:
        return None
    return urlunsplit(
        (parts.scheme, parts.netloc, posixpath.join(parts.path or "/", to.output), "", "")
    )


def site_root(from_page: Page) -> str:
    """The way from a page to the site's root, as a folder URL ("../../" or "./")."""
    return "../" * from_page.output.count("/") or "./"


def shared(from_page: Page, file: str) -> str:
    """A file every language shares, at the site's root (``examples/x.yml``, ``assets/…``)."""
    return _relative(from_page, file, "")


def print_edition(lang: str) -> str:
    """Where a language's print edition (PDF) is, from the site's root; its name says the
    language, so a reader who downloads both keeps both.

    >>> print_edition("fr")
    'fr/riftbound-combat-rules.fr.pdf'
    """
    return f"{language_folder(lang)}riftbound-combat-rules.{lang}.pdf"


def summary_pdf(lang: str) -> str:
    """Where a language's combat summary on one A4 page (PDF) is, from the site's root.

    >>> summary_pdf("en")
    'riftbound-combat-at-a-glance.en.pdf'
    """
    return f"{language_folder(lang)}riftbound-combat-at-a-glance.{lang}.pdf"


def target(from_page: Page, href: str) -> tuple[str, str] | None:
    """Where a relative link of a page leads: (a file from the site's root, its fragment), the
    file "" for a link within the page; None for a link with a scheme or a host.

    >>> target(Page("fr", "guide/combat.md"), "../rules-browser/400.html#rule-466")
    ('fr/rules-browser/400.html', 'rule-466')
    >>> target(Page("en", "index.md"), "#how"), target(Page("en", "index.md"), "https://x.org/")
    (('', 'how'), None)
    """
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith("//"):
        return None
    if not parts.path:
        return "", parts.fragment
    folder = posixpath.dirname(from_page.output)
    path = posixpath.normpath(posixpath.join(folder, unquote(parts.path)))
    return ("" if path == "." else path), parts.fragment


def content_named(path: str, content: bytes) -> str:
    """A file's path with a hash of its content before its extension: a host or browser may
    keep such a file for ever, since new content comes under a new name.

    >>> content_named("assets/stepper.js", b"x")
    'assets/stepper.2d711642b726.js'
    """
    return hash_named(path, hashlib.sha256(content).hexdigest())


def hash_named(path: str, sha256: str) -> str:
    """``content_named`` for content known by its SHA-256 (hex).

    >>> hash_named("assets/stepper.js", hashlib.sha256(b"x").hexdigest())
    'assets/stepper.2d711642b726.js'
    """
    stem, suffix = posixpath.splitext(path)
    return f"{stem}.{sha256[:12]}{suffix}"


class RuleAddress(Protocol):
    @property
    def chapter(self) -> int: ...

    @property
    def anchor(self) -> str: ...

    @property
    def parts(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class RulesAt:
    """A version of the rules as its addresses need it: its name (``1.4``), and the ranges of
    its rules whose page is split into a page per part (``split``: range names, as
    ``rule_range`` gives them), because one page would be too large.

    A range is a chapter (``400``: rules 400–499), ten sections of it (``400/460-469``), a
    section (``400/466``) or a rule with the rules under it (``400/466.3``). A rule's page is
    its chapter's unless that is split, then its part's, and so on down: a split range's
    own page lists its parts and holds its own rule (``466`` for the range ``400/466``)."""

    name: str
    split: frozenset[str] = frozenset()


# The chapter of the keywords our sources number nowhere (``rulebook.numbering.KEYWORDS``),
# and the name of its one page.
KEYWORDS_CHAPTER = 0
KEYWORDS_PAGE = "keywords"


def chapter_range(chapter: int) -> str:
    """A chapter's range name (``400``), the keywords' page for the keywords."""
    return KEYWORDS_PAGE if chapter == KEYWORDS_CHAPTER else str(chapter)


def rule_range(number: RuleAddress, level: int) -> str | None:
    """The range of rules holding ``number`` at ``level`` (0: its chapter, 1: its ten
    sections, 2: its section, 3 on: its rule that many levels down); None where its number
    stops above that level.

    >>> from rulebook.numbering import RuleNumber
    >>> [rule_range(RuleNumber("466.3.a"), level) for level in range(6)]
    ['400', '400/460-469', '400/466', '400/466.3', '400/466.3.a', None]
    """
    chapter = number.chapter
    if level == 0:
        return chapter_range(chapter)
    if chapter == KEYWORDS_CHAPTER:  # the keywords' one page, never split
        return None
    if level == 1:
        tens = int(number.parts[0]) // 10 * 10
        return f"{chapter}/{tens}-{tens + 9}"
    if len(number.parts) < level - 1:
        return None
    return f"{chapter}/{'.'.join(number.parts[: level - 1])}"


def rules_folder(version: str | None = None) -> str:
    """The rules browser of ``version`` (``rules-browser/v1.4``); without a version, the
    folder of the addresses the site had before it carried versions."""
    return f"{RULES_FOLDER}/v{version}" if version else RULES_FOLDER


def chapter_page(lang: str, chapter: int, version: str | None = None) -> Page:
    """The rules-browser page of the hundred rules from ``chapter`` (400: 400–499), or of the
    keywords without a number (``KEYWORDS_CHAPTER``); where they are split into parts, its
    page lists them."""
    return Page(lang, f"{rules_folder(version)}/{chapter_range(chapter)}.md")


def range_page(lang: str, name: str, version: str | None = None) -> Page:
    """The page of a range of rules (``400``, ``400/466``), in ``version``'s rules browser."""
    return Page(lang, f"{rules_folder(version)}/{name}.md")


def rule_page(lang: str, number: RuleAddress, version: RulesAt | None = None) -> Page:
    """The rules-browser page holding a rule: its chapter's (one page per hundred rules), or
    where that is split, the page of its part (``RulesAt``). This function alone says where a
    rule is: every link to a rule, the search index and the rules browser itself ask it.

    >>> from rulebook.numbering import RuleNumber
    >>> rule_page("en", RuleNumber("466.3.a"), RulesAt("1.4")).path
    'rules-browser/v1.4/400.md'
    >>> split = RulesAt("1.4", frozenset({"400", "400/460-469"}))
    >>> rule_page("fr", RuleNumber("466.3.a"), split).output
    'fr/rules-browser/v1.4/400/466.html'
    >>> rule_page("en", RuleNumber("412.1"), split).output
    'rules-browser/v1.4/400/410-419.html'
    """
    name = rule_range(number, 0)
    assert name is not None
    if version is None:
        return range_page(lang, name)
    level = 0
    while name in version.split:
        deeper = rule_range(number, level + 1)
        if deeper is None:  # the split range's own rule: on its own page
            break
        name, level = deeper, level + 1
    return range_page(lang, name, version.name)


def rules_index(lang: str, version: str | None = None) -> Page:
    """The first page of a version's rules browser; without one, the browser's own."""
    return Page(lang, f"{rules_folder(version)}/index.md")


def changes_page(lang: str, version: str) -> Page:
    """What changed in ``version`` from the version before it."""
    return Page(lang, f"{rules_folder(version)}/changes.md")


def rule(
    from_page: Page, number: RuleAddress, *, version: RulesAt | None = None, markdown: bool = False
) -> str:
    """The link to a rule in ``version``'s rules browser (without one: its old address)."""
    return link(
        from_page, rule_page(from_page.lang, number, version), number.anchor, markdown=markdown
    )


def example_anchor(example_id: str) -> str:
    return f"example-{example_id}"


def step_anchor(prefix: str, number: int) -> str:
    return f"{prefix}-{number}"


def search_base(material_base: str, lang: str) -> str:
    """Material's ``base`` (the way to the site's root) extended to a language's folder."""
    return (
        posixpath.join(material_base, language_folder(lang))
        if lang != SOURCE_LANGUAGE
        else material_base
    )
