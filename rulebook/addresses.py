"""The rules browser's addresses without a version, shared before the site carried versions,
kept working: each such page sends its reader on to the rule it named.

``rules-browser/400.html#rule-466-3-a`` named a rule of the version ``@unversioned``
declares. Its page is now a small HTML file that replaces itself, fragment
kept, by that rule as the current version numbers it (or, for a rule since
removed, by the last version that had it). The few rules that went elsewhere
than the same anchor of the current version's same chapter are in a table the
build writes into the page; its script only looks the fragment up. Relative
links only: it works from disk and under any path of any host, with no server
configuration. Without JavaScript, the page refreshes to the current version's
chapter, and says where the rules went.
"""

from __future__ import annotations

import links
import markup
from rulebook.numbering import KEYWORDS, RuleNumber
from rulebook.versions import RuleVersions, Version
from vocabulary import message

MOVED_TITLE = message("addresses:title", "Rules {start}–{end}: moved")
MOVED = message(
    "addresses:moved",
    "The rules browser now keeps each version of the rules at its own address. This address "
    "leads to the rules of the current version, {version}: {link}.",
)
GO = message("addresses:go", "rules {start}–{end}")

SCRIPT = """(function () {{
  var moved = {moved};
  var anchor = location.hash.slice(1);
  var known = Object.prototype.hasOwnProperty.call(moved, anchor);
  location.replace(known ? moved[anchor] : {default} + location.hash);
}})();"""


def unversioned_page(lang: str, chapter: int) -> links.Page:
    """The page an address without a version names (its ``output`` is the file written)."""
    return links.chapter_page(lang, chapter)


def targets(versions: RuleVersions, chapter: int, lang: str) -> tuple[str, dict[str, str]]:
    """From the unversioned page of ``chapter``: where it leads without a fragment, and each
    anchor that leads elsewhere than the same anchor there."""
    here = unversioned_page(lang, chapter)
    home = default_version(versions, chapter)
    default = links.link(here, links.chapter_page(lang, chapter, home.name))
    moved: dict[str, str] = {}
    named = versions.unversioned
    for rule in named.book.chapters().get(chapter, ()):
        found, number = where_now(versions, named, rule.number.text)
        target = links.rule(here, RuleNumber(number), version=found.at)
        if target != f"{default}#{rule.number.anchor}":
            moved[rule.number.anchor] = target
    return default, moved


def default_version(versions: RuleVersions, chapter: int) -> Version:
    """The current version if it has rules in ``chapter``, else the newest that has."""
    for version in (versions.current, *reversed(versions.versions)):
        if chapter in version.book.chapters():
            return version
    return versions.current


def where_now(versions: RuleVersions, since: Version, number: str) -> tuple[Version, str]:
    """Rule ``number`` of ``since``: the current version and its number there, or, removed,
    the last version that had it and its number there."""
    current = versions.current
    if versions.position(since) > versions.position(current):
        return since, number
    successor = versions.successor(number, since, current)
    if successor is not None:
        return current, successor
    last, kept = since, number
    for version in versions.versions[versions.position(since) + 1 :]:
        following = versions.successor(kept, last, version)
        if following is None:
            break
        last, kept = version, following
    return last, kept


def chapters(versions: RuleVersions) -> list[int]:
    """Every chapter an address without a version may name: not the keywords' page, which
    came with versions (it never had such an address)."""
    found = {chapter for version in versions for chapter in version.book.chapters()}
    return sorted(found - {KEYWORDS})


def unversioned_html(versions: RuleVersions, chapter: int, lang: str) -> str:
    """The page at the address without a version of ``chapter`` in ``lang``."""
    default, moved = targets(versions, chapter, lang)
    title = MOVED_TITLE(lang, start=chapter, end=chapter + 99)
    link = f'<a href="{markup.attribute(default)}">{markup.text(GO(lang, start=chapter, end=chapter + 99))}</a>'
    said = MOVED(lang, version=versions.current.label, link=markup.hole("link"))
    script = SCRIPT.format(moved=markup.script_json(moved), default=markup.script_json(default))
    return "\n".join(
        [
            "<!doctype html>",
            f'<html lang="{markup.attribute(lang)}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta name="robots" content="noindex">',
            f"<title>{markup.text(title)}</title>",
            f'<link rel="canonical" href="{markup.attribute(default)}">',
            f"<script>{script}</script>",
            f'<noscript><meta http-equiv="refresh" content="0; url={markup.attribute(default)}"></noscript>',
            "</head>",
            "<body>",
            f"<h1>{markup.text(title)}</h1>",
            f"<p>{markup.text_with(said, {'link': link})}</p>",
            "</body>",
            "</html>",
            "",
        ]
    )


def unversioned_pages(versions: RuleVersions, lang: str) -> dict[str, str]:
    """Output path → HTML, for every chapter's address without a version in ``lang``."""
    return {
        unversioned_page(lang, chapter).output: unversioned_html(versions, chapter, lang)
        for chapter in chapters(versions)
    }
