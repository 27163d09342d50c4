"""A page's links stay in its language, resolved as a browser resolves them.

Each address is joined to the page's own address (``urllib.parse.urljoin``, as a browser
does), never concatenated to a language's folder: ``fr/`` + ``../rules-browser/…`` would pass
for a French link while the browser lands on the English rules browser.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit, urlunsplit

import pytest
from bs4 import BeautifulSoup

from tests.soup import attr, one

# Where the site is hosted, for the joins: any sub-path holds (the site's links are relative).
HOST = "https://readers.example/riftbound/"
FRENCH = "fr/"
# 404.html is the one page in every language (it links each home from the site's root).
EVERY_LANGUAGE = {"404.html"}


def pages(site: Path) -> list[tuple[str, BeautifulSoup]]:
    found = [
        (file.relative_to(site).as_posix(), file)
        for file in sorted(site.rglob("*.html"))
        if file.relative_to(site).as_posix() not in EVERY_LANGUAGE
    ]
    assert any(p.startswith(FRENCH) for p, _ in found) and len(found) > 20
    return [(p, BeautifulSoup(f.read_text(encoding="utf-8"), "html.parser")) for p, f in found]


def in_site(page: str, href: str) -> str | None:
    """``href`` on ``page`` as the browser resolves it: its path in the site (with its
    ``#fragment``, if any), or None when it leaves the site."""
    url = urlsplit(urljoin(HOST + page, href))
    if not urlunsplit(url).startswith(HOST):
        return None
    path = unquote(url.path)[len(urlsplit(HOST).path) :]
    return f"{path}#{url.fragment}" if url.fragment else path


@pytest.fixture(scope="module")
def site_pages(built_site: Path) -> list[tuple[str, BeautifulSoup]]:
    return pages(built_site)


def test_a_pages_links_to_pages_stay_in_its_language(
    site_pages: list[tuple[str, BeautifulSoup]],
) -> None:
    """Every link from a French page to a page (footnotes, the rules browser, the navigation)
    lands under fr/, every link from an English page outside it; only the language switcher
    (its links say their language: hreflang) crosses."""
    crossing: list[str] = []
    rule_links = {True: 0, False: 0}
    for path, soup in site_pages:
        french = path.startswith(FRENCH)
        for link in soup.select("a[href]"):
            if link.get("hreflang"):
                continue
            resolved = in_site(path, attr(link, "href"))
            target = resolved.split("#")[0] if resolved is not None else None
            if target is None or not (target.endswith((".html", "/")) or target == ""):
                continue
            rule_links[french] += "#rule-" in attr(link, "href")
            if target.startswith(FRENCH) is not french:
                crossing.append(f"{path} → {attr(link, 'href')} (lands on {target or 'index'})")
    assert crossing == []
    assert rule_links[True] > 100 and rule_links[False] > 100, rule_links


def test_every_pages_language_switcher_leads_to_its_twin_and_to_itself(
    built_site: Path, site_pages: list[tuple[str, BeautifulSoup]]
) -> None:
    """On every page with the theme, the switcher's French link lands on the page's French
    twin and its English link on the English one, each a page the site has (the browser
    presses it on one page of each template: tests/browser/test_reading.py)."""
    themed = [(path, soup) for path, soup in site_pages if soup.select_one("script#__config")]
    assert len(themed) > len(site_pages) / 2
    wrong: list[str] = []
    for path, soup in themed:
        english = path.removeprefix(FRENCH)
        twins = {"en": english, "fr": FRENCH + english}
        links = {attr(a, "hreflang"): attr(a, "href") for a in soup.select("a.md-select__link")}
        if set(links) != set(twins):
            wrong.append(f"{path}: switcher links {sorted(links)}")
            continue
        for lang, twin in twins.items():
            if in_site(path, links[lang]) != twin or not (built_site / twin).is_file():
                wrong.append(f"{path}: {lang} → {links[lang]} (not {twin})")
    assert wrong == []


@pytest.mark.parametrize("lang_prefix", ["", FRENCH])
def test_each_footnote_opens_its_rule_in_the_rules_browser_of_the_pages_language(
    built_site: Path, lang_prefix: str
) -> None:
    path = lang_prefix + "resolution-step.html"
    soup = BeautifulSoup((built_site / path).read_text(encoding="utf-8"), "html.parser")
    link = one(soup, "div.footnote li a[href*='rule-466-3-a']")
    target = in_site(path, attr(link, "href"))
    assert target == f"{lang_prefix}rules-browser/v1.4/400.html#rule-466-3-a", attr(link, "href")


def test_each_languages_search_reads_its_own_index(
    built_site: Path, site_pages: list[tuple[str, BeautifulSoup]]
) -> None:
    """Material's search loads ``base`` + search/search_index.json, ``base`` joined to the
    page's address: a French page's base is fr/, and its index lists that page. (The moved
    addresses' redirect pages have no theme, so no search.)"""
    indexes: dict[str, set[str]] = {}
    themed = [(path, soup) for path, soup in site_pages if soup.select_one("script#__config")]
    assert len(themed) > len(site_pages) / 2
    for path, soup in themed:
        config = json.loads(one(soup, "script#__config").get_text())
        base = in_site(path, config["base"])  # a base has no fragment
        assert base == (FRENCH if path.startswith(FRENCH) else ""), (path, config["base"])
        if base not in indexes:
            index = json.loads((built_site / base / "search" / "search_index.json").read_text())
            indexes[base] = {doc["location"].split("#")[0] for doc in index["docs"]}
        assert path[len(base) :] in indexes[base], f"{path}: not in {base}search/"
    assert set(indexes) == {"", FRENCH}
