"""French typography on every French page of the built site; English pages untouched."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from bs4 import BeautifulSoup, Tag
from bs4.element import NavigableString

from tests.soup import optional_attr

# Text a reader does not read as French prose: code, scripts, quoted English.
VERBATIM = {"code", "pre", "kbd", "samp", "script", "style", "template", "svg"}
BREAKABLE_BEFORE_MARK = re.compile(r"[^\s\u00a0\u202f] [:;!?»]|« ")
# A mark glued to the word before it (the theme's "Précédent: …"), in an attribute's words.
GLUED_MARK = re.compile(r"[^\W_][:;!?](?=\s|$)")
STRAIGHT_APOSTROPHE = re.compile(r"[^\W\d_]'[^\W\d_]")
# A number in groups of three digits with a breakable blank between them ("1 000 000").
BREAKABLE_DIGIT_GROUP = re.compile(r"(?<![\d.,])\d{1,3}(?: \d{3})+(?!\d)")
# Attributes a reader hears (a screen reader) or sees (a tooltip).
SAID_ATTRIBUTES = ("aria-label", "title")


def prose(node: Tag, lang: str) -> Iterator[str]:
    """The text nodes of ``node`` in ``lang`` outside code (a lang attribute changes the language)."""
    for child in node.children:
        if isinstance(child, Tag):
            if child.name in VERBATIM:
                continue
            own = optional_attr(child, "lang")
            yield from prose(child, lang if own is None else own)
        elif isinstance(child, NavigableString) and lang == "fr" and type(child) is NavigableString:
            yield str(child)


def pages(site: Path, folder: str) -> list[Path]:
    return (
        sorted((site / folder).rglob("*.html"))
        if folder
        else sorted(
            p for p in site.rglob("*.html") if p.relative_to(site).parts[0] not in ("fr", "assets")
        )
    )


def test_french_pages_have_no_breakable_space_before_marks_nor_straight_apostrophes(
    built_site: Path,
) -> None:
    faults = []
    for file in pages(built_site, "fr"):
        soup = BeautifulSoup(file.read_text(encoding="utf-8"), "html.parser")
        for text in prose(soup, "fr"):
            for pattern in (BREAKABLE_BEFORE_MARK, STRAIGHT_APOSTROPHE, BREAKABLE_DIGIT_GROUP):
                faults += [
                    f"{file.relative_to(built_site)}: …{m.group(0)}… in {text.strip()[:80]!r}"
                    for m in pattern.finditer(text)
                ]
    assert faults == []


def said_attributes(node: Tag, lang: str) -> Iterator[tuple[str, str]]:
    """(attribute, words) of every ``aria-label`` and ``title`` of ``node``'s elements in
    ``lang``, and the page's <title>."""
    own = optional_attr(node, "lang")
    here = lang if own is None else own
    if here == "fr":
        for name in SAID_ATTRIBUTES:
            value = optional_attr(node, name)
            if value:
                yield name, value
        if node.name == "title":
            yield "<title>", node.get_text()
    for child in node.children:
        if isinstance(child, Tag) and child.name not in ("script", "style", "template"):
            yield from said_attributes(child, here)


def test_french_attributes_and_titles_are_typeset(built_site: Path) -> None:
    """The words the theme puts in attributes and <title> get French typography too, and a
    page titled like the site does not say its name twice."""
    faults, seen = [], 0
    for file in pages(built_site, "fr"):
        soup = BeautifulSoup(file.read_text(encoding="utf-8"), "html.parser")
        for name, text in said_attributes(soup, "fr"):
            seen += 1
            faults += [
                f"{file.relative_to(built_site)}: {name} …{m.group(0)}… in {text[:80]!r}"
                for pattern in (BREAKABLE_BEFORE_MARK, GLUED_MARK, STRAIGHT_APOSTROPHE)
                for m in pattern.finditer(text)
            ]
            if name == "<title>" and (" - " in text or text.count("Riftbound") > 1):
                faults.append(f"{file.relative_to(built_site)}: <title> {text!r}")
    assert seen > 100 and faults == []
    home = BeautifulSoup((built_site / "fr" / "index.html").read_text("utf-8"), "html.parser")
    assert home.title is not None and home.title.get_text() == "Règles de combat de Riftbound"


def test_french_typography_is_there(built_site: Path) -> None:
    html = (built_site / "fr" / "resolution-step.html").read_text(encoding="utf-8")
    assert "\u00a0:" in html and "\u202f;" in html and "l’étape" in html.lower()


def test_english_pages_get_no_french_typography(built_site: Path) -> None:
    for file in pages(built_site, ""):
        text = BeautifulSoup(file.read_text(encoding="utf-8"), "html.parser").get_text()
        assert "\u202f" not in text, file
