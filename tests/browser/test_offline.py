"""Every page opened from disk, and one of each template served over http (under a sub-path in
both languages, at a host's root in English, with the 404 page): nothing from elsewhere, no
errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import (
    RELATIVE_HOSTINGS,
    TEMPLATES,
    Traffic,
    goto_after_startup,
    search,
)


def site_pages(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))


def hosted_sample(pages: list[str], subpath: bool) -> list[str]:
    """What a host is tried on: one page of each template per language under a sub-path; at
    the root, one of each English template and the 404 page.

    What a host changes is where addresses lead: the page's relative links and scripts, the
    search index and the sitemaps the theme asks for, the 404 page's base (site_url's path).
    Each is made by the page's template, the same on every page of it, so a page of each
    template finds a host's fault; every page's own content is tried from disk. A relative
    address that climbs too far fails under the sub-path only (at the root it can climb no
    higher), and a French page is an English one a folder deeper: so the root gets the English
    templates, for what only a root can break (an address written for a sub-path), and its
    404."""
    languages = ("", "fr/") if subpath else ("",)
    sample = [prefix + path for prefix in languages for path in TEMPLATES]
    sample += [] if subpath else ["404.html"]
    assert set(sample) <= set(pages), sorted(set(sample) - set(pages))
    return sample


def test_every_page_loads_with_nothing_from_elsewhere_and_no_errors(
    page: Page, traffic: Traffic, built_site: Path, root: str, http_root: str
) -> None:
    pages = site_pages(built_site)
    assert len(pages) > 20 and any(p.startswith("fr/") for p in pages)
    if not root.startswith("file:"):
        # A web server shows the 404 page for any missing address, so it links from
        # site_url's path (the host's root here): tried at the root only.
        pages = hosted_sample(pages, subpath=root != http_root)
    for path in pages:
        if path == "404.html" and root != http_root:
            continue  # from disk: the 404 page is a server's, as above
        goto_after_startup(page, root + path)
        assert page.locator("h1").count() >= 1, path
    assert traffic.outside == []
    assert traffic.missing == []  # from disk: no request for a file that is not there
    assert traffic.errors == []


@RELATIVE_HOSTINGS
def test_a_french_search_shows_french_pages(page: Page, traffic: Traffic, root: str) -> None:
    page.goto(root + "fr/resolution-step.html")
    results = search(page, "conquête")
    assert results and all(r.startswith(root + "fr/") for r in results)
    page.goto(root + "resolution-step.html")
    english = search(page, "conquer")
    assert english and not any(r.startswith(root + "fr/") for r in english)


@RELATIVE_HOSTINGS
@pytest.mark.parametrize(
    "old",
    ["rules-browser/400.html#rule-466-3-a", "fr/rules-browser/100.html#rule-142-4"],
)
def test_an_address_shared_before_versions_lands_on_its_rule(
    page: Page, traffic: Traffic, root: str, old: str
) -> None:
    """Today's addresses keep working, fragment and all, from disk and from any host."""
    goto_after_startup(page, root + old)
    folder, _, rest = old.rpartition("rules-browser/")
    assert page.url == f"{root}{folder}rules-browser/v1.4/{rest}"
    anchor = rest.split("#")[1]
    assert page.locator(f"h2#{anchor}, h3#{anchor}, h4#{anchor}, h5#{anchor}").count() == 1
    assert traffic.outside == []
    assert traffic.errors == []


@pytest.mark.parametrize("root", ["file", "http"], indirect=True)
def test_a_request_for_another_host_is_recorded_and_reaches_nothing(
    page: Page, traffic: Traffic, root: str
) -> None:
    """What the tests above rely on: an address outside the site, asked for by a script or
    by the page's markup, is in ``traffic.outside``, and nothing answers it."""
    page.goto(root + "index.html")
    fetched = page.evaluate(
        """() => fetch('https://cdn.example.org/lib.js').then(() => 'answered', () => 'failed')"""
    )
    drawn = page.evaluate(
        """() => new Promise(done => {
          const image = new Image();
          image.onload = () => done('answered');
          image.onerror = () => done('failed');
          image.src = 'https://fonts.example.net/face.png';
        })"""
    )
    assert (fetched, drawn) == ("failed", "failed")
    assert traffic.outside == [
        "https://cdn.example.org/lib.js",
        "https://fonts.example.net/face.png",
    ]
