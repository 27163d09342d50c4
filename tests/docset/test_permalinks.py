"""Each rule heading's permanent link, as the build writes it (``SiteBuild.generated_pages``): a
link to the rule's own versioned address, made by ``links`` (the page that holds a rule is
``links.rule_page``'s to say), named in the page's language; the host the copied address names
when ``site_url`` names one."""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup, Tag

import links
from docset.build import SiteBuild, load_site
from rulebook.numbering import RuleNumber
from tests.conftest import ROOT
from tests.docset.test_rule_versions import html

LANGUAGES = ("en", "fr")
CHAPTER = re.compile(r"rules-browser/v(?P<version>[0-9.]+)/(?P<chapter>\d+)\.md$")
NAMES = {"en": "Copy the link to rule {}", "fr": "Copier le lien vers la règle {}"}


@pytest.fixture(scope="module")
def real_site() -> SiteBuild:
    return load_site(ROOT, "rules", "examples", None, LANGUAGES)


def chapters(site: SiteBuild, lang: str, site_url: str | None = None) -> dict[str, BeautifulSoup]:
    pages = site.generated_pages(lang, site_url)
    return {path: html(page) for path, page in pages.items() if CHAPTER.search(path)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_heading_links_to_its_own_versioned_address(
    real_site: SiteBuild, lang: str
) -> None:
    found = chapters(real_site, lang)
    assert len(found) >= 4
    headings = 0
    for path, soup in found.items():
        here = links.Page(lang, path)
        version = CHAPTER.search(path)["version"]  # type: ignore[index]
        assert len(soup.select("symbol#rb-link-icon")) == 1, path  # the icon, once a page
        for heading in soup.select(":is(h2, h3, h4, h5, h6)[id^=rule-]"):
            headings += 1
            [link] = heading.select("a.rb-permalink")
            number = str(link["data-number"])
            assert heading["id"] == RuleNumber(number).anchor
            assert link["title"] == NAMES[lang].format(number)
            # The rule's own address in its version, from this page: its heading, here.
            target = links.rule_page(lang, RuleNumber(number), links.RulesAt(version)).output
            assert links.target(here, str(link["href"])) == (target, heading["id"])
            assert target == here.output
            assert isinstance(link.svg, Tag) and link.svg["aria-hidden"] == "true"
    assert headings > 30


def test_a_rules_page_address_is_links_rule_page_s_to_say(
    real_site: SiteBuild, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where ``links.rule_page`` puts a rule, its permanent link leads (a chapter split into
    several pages changes that one function)."""

    def split(
        lang: str, number: links.RuleAddress, version: links.RulesAt | None = None
    ) -> links.Page:
        first = number.anchor.split("-")[1][1]  # rule-466-…: its tens
        folder = links.rules_folder(version.name if version else None)
        return links.Page(lang, f"{folder}/{number.chapter}-{first}x.md")

    monkeypatch.setattr(links, "rule_page", split)
    soup = chapters(real_site, "fr")["rules-browser/v1.4/400.md"]
    link = soup.select_one("[id='rule-466-3-d'] a.rb-permalink")
    assert link is not None and link["href"] == "400-6x.html#rule-466-3-d"


@pytest.mark.parametrize(
    ("site_url", "hosted"),
    [
        (
            "https://example.org/riftbound/",
            "https://example.org/riftbound/fr/rules-browser/v1.4/400.html",
        ),
        ("http://127.0.0.1:8000/", None),  # this computer: the address the page is open at
        (None, None),
    ],
)
def test_the_copied_address_is_on_the_published_host_when_site_url_names_one(
    real_site: SiteBuild, site_url: str | None, hosted: str | None
) -> None:
    soup = chapters(real_site, "fr", site_url)["rules-browser/v1.4/400.md"]
    [said] = soup.select("p.rb-link-copied[role=status]")
    assert said.get("data-hosted") == hosted
    assert said["data-copied"] == "Lien vers la règle {number} copié\u00a0: {address}"
    assert "ne fonctionne que sur cet ordinateur" in str(said["data-on-disk"])
    assert str(said["data-failed"]).endswith("le voici\u00a0: {address}")
