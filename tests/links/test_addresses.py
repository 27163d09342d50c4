"""Every link the site makes lands where it says, joined to the page's address as a browser
joins it (``urllib.parse.urljoin``), from every language and depth, at any host's sub-path."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from urllib.parse import urljoin

import pytest

import links
from links import Page

HOST = "https://readers.example/riftbound/"
PAGES = [
    Page(lang, path)
    for lang, path in product(
        ("en", "fr"), ("index.md", "resolution-step.md", "guide/deep/combat.md")
    )
]


@dataclass(frozen=True)
class Number:
    chapter: int
    anchor: str
    parts: tuple[str, ...]


RULE = Number(400, "rule-466-3-a", ("466", "3", "a"))


def lands(page: Page, href: str) -> str:
    return urljoin(HOST + page.output, href)


@pytest.mark.parametrize("here", PAGES, ids=lambda p: p.output)
@pytest.mark.parametrize("there", PAGES, ids=lambda p: p.output)
def test_a_link_lands_on_its_page_and_anchor(here: Page, there: Page) -> None:
    href = links.link(here, there, "step-2")
    assert lands(here, href) == f"{HOST}{there.output}#step-2"
    assert links.target(here, href) == (there.output, "step-2")
    assert lands(here, links.link(here, there, markdown=True)) == HOST + there.uri


@pytest.mark.parametrize("here", PAGES, ids=lambda p: p.output)
def test_a_rule_opens_in_the_rules_browser_of_the_pages_language(here: Page) -> None:
    folder = "" if here.lang == "en" else f"{here.lang}/"
    assert lands(here, links.rule(here, RULE, version=links.RulesAt("1.4"))) == (
        f"{HOST}{folder}rules-browser/v1.4/400.html#rule-466-3-a"
    )
    assert (
        lands(here, links.rule(here, RULE)) == f"{HOST}{folder}rules-browser/400.html#rule-466-3-a"
    )


@pytest.mark.parametrize("here", PAGES, ids=lambda p: p.output)
def test_a_rule_of_a_split_chapter_opens_on_its_parts_page(here: Page) -> None:
    folder = "" if here.lang == "en" else f"{here.lang}/"
    tens = links.RulesAt("1.4", frozenset({"400"}))
    sections = links.RulesAt("1.4", frozenset({"400", "400/460-469"}))
    deeper = links.RulesAt("1.4", frozenset({"400", "400/460-469", "400/466", "400/466.3"}))
    for version, page in (
        (tens, "400/460-469"),
        (sections, "400/466"),
        (deeper, "400/466.3.a"),
    ):
        assert lands(here, links.rule(here, RULE, version=version)) == (
            f"{HOST}{folder}rules-browser/v1.4/{page}.html#rule-466-3-a"
        )
    # A split range's own rule stays on the range's page, which lists its parts.
    section = Number(400, "rule-466", ("466",))
    assert lands(here, links.rule(here, section, version=deeper)) == (
        f"{HOST}{folder}rules-browser/v1.4/400/466.html#rule-466"
    )


@pytest.mark.parametrize("here", PAGES, ids=lambda p: p.output)
def test_the_sites_root_and_its_shared_files_are_reached_from_any_page(here: Page) -> None:
    assert lands(here, links.site_root(here)) == HOST
    assert lands(here, links.shared(here, "examples/x.yml")) == HOST + "examples/x.yml"


def test_the_404_page_links_from_the_hosts_path() -> None:
    assert links.from_site_root("/riftbound/", Page("fr", "index.md")) == "/riftbound/fr/index.html"
    assert links.from_site_root("", "assets/x.css") == "/assets/x.css"


def test_a_published_address_only_for_a_host_that_is_not_this_computer() -> None:
    page = Page("fr", "ask-the-engine.md")
    assert links.hosted("https://example.org/riftbound/", page) == (
        "https://example.org/riftbound/fr/ask-the-engine.html"
    )
    for local in ("http://localhost:8000/", "http://127.0.0.1/", "http://[::1]/", None, "x"):
        assert links.hosted(local, page) is None, local


def test_a_file_named_by_its_content_changes_name_with_it() -> None:
    one, other = links.content_named("a/b.js", b"x"), links.content_named("a/b.js", b"y")
    assert one != other and one.startswith("a/b.") and one.endswith(".js")
    assert len(one) == len("a/b.") + 12 + len(".js")
