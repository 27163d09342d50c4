"""A chapter too large for one page is split into parts; each rule's address is the page that
holds it, the same in every language, and an address from before the split still leads to it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import links
from rulebook import Rulebook, load_rulebook
from rulebook.browser import RulesBrowser, layout
from rulebook.convert import convert_official_text
from rulebook.paging import PAGE_BUDGET, split_ranges, weight
from rulebook.versions import Declaration, RuleVersions, Version
from tests.fixtures.synthetic_rules import synthetic_official_text

ROOT = Path(__file__).resolve().parents[2]
EDITION = "core-rules-1.4"
LANGS = ("en", "fr")


def book_with(tmp_path: Path, sections: int, first: int, stride: int) -> Rulebook:
    """The real rules with a synthetic text merged in (as the benchmarks make them)."""
    raw, _ = synthetic_official_text(sections, first, stride)
    for lang in LANGS:
        converted = convert_official_text(raw, "synthetic", {})
        if lang == "fr":
            converted = converted.replace(" says ", " dit ")
        real = (ROOT / "rules" / f"{EDITION}.{lang}.txt").read_text(encoding="utf-8")
        (tmp_path / f"{EDITION}.{lang}.txt").write_text(real + "\n" + converted, "utf-8")
    return load_rulebook(tmp_path, EDITION, LANGS)


@pytest.fixture(scope="module")
def one_chapter(tmp_path_factory: pytest.TempPathFactory) -> Version:
    """About 2,000 rules in chapter 500 alone."""
    return Version("1.4", book_with(tmp_path_factory.mktemp("rules"), 49, 500, 2))


def pages_of(version: Version, lang: str) -> dict[str, str]:
    """Each page of ``version``'s rules browser in ``lang``, as HTML (its late part)."""
    name = version.name
    declared = Declaration("versions.txt", (name,), name, name, name)
    browser = RulesBrowser(RuleVersions([version], declared), lang)
    return {
        path: "".join(page.parts)
        for path, page in browser.pages({}, {}, lambda here, n: "").items()
        if path.startswith(links.rules_folder(version.name) + "/")
    }


def test_the_real_rules_keep_one_page_per_chapter() -> None:
    book = load_rulebook(ROOT / "rules", EDITION, LANGS)
    assert split_ranges(book) == frozenset()
    version = Version("1.4", book)
    for rule in book:
        assert links.rule_page("en", rule.number, version.at) == links.chapter_page(
            "en", rule.number.chapter, "1.4"
        )


def test_a_chapter_of_two_thousand_rules_is_split_into_parts_that_fit(
    one_chapter: Version,
) -> None:
    split = one_chapter.at.split
    assert "500" in split
    assert not any(name.startswith(("100", "300", "400", "800")) for name in split)
    for part in layout(one_chapter, 500):
        if not part.parts and len(part.rules) > 1:
            assert sum(weight(r, LANGS) for r in part.rules) <= PAGE_BUDGET, part.name


@pytest.mark.parametrize("lang", LANGS)
def test_each_rule_is_on_the_page_its_address_names_once(one_chapter: Version, lang: str) -> None:
    pages = pages_of(one_chapter, lang)
    anchors = {
        path: set(re.findall(r' id="((?:rule|keyword)-[^"]+)"', html))
        for path, html in pages.items()
    }
    for rule in one_chapter.book:
        page = links.rule_page(lang, rule.number, one_chapter.at)
        assert rule.number.anchor in anchors[page.path], (rule.number, page.path)
        holding = [path for path, found in anchors.items() if rule.number.anchor in found]
        assert holding == [page.path]


def test_the_address_of_a_rule_is_the_same_in_every_language(one_chapter: Version) -> None:
    for rule in one_chapter.book:
        en, fr = (links.rule_page(lang, rule.number, one_chapter.at) for lang in LANGS)
        assert fr.path == en.path


def test_adding_rules_to_one_part_moves_no_rule_of_another(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    before = Version("1.4", book_with(tmp_path / "a", 49, 500, 2))
    after = Version("1.4", book_with(tmp_path / "b", 50, 500, 2))  # one more section: 598
    for rule in before.book:
        if not rule.number.is_keyword and int(rule.number.parts[0]) < 590:
            assert links.rule_page("en", rule.number, after.at) == links.rule_page(
                "en", rule.number, before.at
            )


def test_a_split_chapters_page_lists_its_parts_and_sends_its_old_addresses_on(
    one_chapter: Version,
) -> None:
    html = pages_of(one_chapter, "en")["rules-browser/v1.4/500.md"]
    parts = re.findall(r'<li><a href="([^"]+)">', html)
    assert parts[:2] == ["500/500-509.html", "500/510-519.html"]
    forward = re.search(r"var pages = (\{.*?\});", html)
    assert forward is not None
    pages = json.loads(forward[1])
    # From the chapter's page, an old address of every rule of the chapter leads to its page.
    here = links.chapter_page("en", 500, "1.4")
    for rule in one_chapter.book.chapters()[500]:
        target = links.link(here, links.rule_page("en", rule.number, one_chapter.at))
        assert rule.number.anchor.removeprefix("rule-") in pages[target]
