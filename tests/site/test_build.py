"""The built site, as readers see it: both languages, footnotes, rules browser, examples."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from tests.conftest import seed
from tests.site.test_language_links import in_site
from tests.soup import attr, element, find, one

SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"


def page(site: Path, path: str) -> BeautifulSoup:
    return BeautifulSoup((site / path).read_text(encoding="utf-8"), "html.parser")


def footnotes(soup: BeautifulSoup) -> list[tuple[str, str, str]]:
    """(rule number, text before the browser link, browser href) for each footnote."""
    notes = []
    for item in soup.select("div.footnote li"):
        link = item.find("a", string=re.compile("rules browser|index des règles"))
        # Paragraph by paragraph: a link inside one (a cross-reference) runs on in its text.
        paragraphs = item.find_all("p") or [item]
        text = " ".join(" ".join(p.get_text() for p in paragraphs).split())
        text = text[: text.rindex(link.get_text())].strip() if link else text
        match = re.match(r"(?:Rule|Règle) (\d{3}(?:\.[0-9a-z]+)*)\.? (.*)", text)
        keyword = re.match(r"(?:Keyword|Mot-clé) (\w+)\.? (.*)", text)
        assert match or keyword, text
        if match:
            notes.append((match[1], match[2], attr(link, "href") if link else ""))
        elif keyword:  # cited by its name, its anchor by its English name (``RuleNumber``)
            href = attr(link, "href") if link else ""
            notes.append((href.rsplit("#keyword-", 1)[-1], keyword[2], href))
    return notes


def seed_footnotes() -> list[tuple[str, str]]:
    """The footnotes of seed 000: superscript number, 'Rule N.', text, 'Open in the rules browser'."""
    text = seed("000")
    found = re.findall(
        rf"[{SUPERSCRIPTS}]+Rule (\d{{3}}(?:\.[0-9a-z]+)*)\. (.*?) Open in the rules browser",
        text,
        re.S,
    )
    return [(number, body) for number, body in found]


def squash(text: str) -> str:
    """Compare texts without white space: the seed's PDF artefacts are white-space only."""
    return re.sub(r"\s+", "", text)


def test_english_resolution_page_carries_the_seeds_20_footnotes_one_for_one(
    built_site: Path,
) -> None:
    expected = seed_footnotes()
    assert len(expected) == 20
    ours = footnotes(page(built_site, "resolution-step.html"))
    assert [n for n, _, _ in ours] == [n for n, _ in expected]
    for (number, text, _), (_, seed_text) in zip(ours, expected, strict=True):
        assert squash(text) == squash(seed_text), number


def test_french_resolution_page_cites_the_same_rules_in_french(built_site: Path) -> None:
    english = footnotes(page(built_site, "resolution-step.html"))
    french = footnotes(page(built_site, "fr/resolution-step.html"))
    assert [n for n, _, _ in french] == [n for n, _, _ in english]
    by_number = dict((n, t) for n, t, _ in french)
    assert by_number["466.3.a"].startswith("Un joueur a gagné un combat")
    assert "Traduction non officielle" in by_number["466.3.a"]
    link = one(
        page(built_site, "fr/resolution-step.html"), "div.footnote li a[href*='rule-466-3-a']"
    )
    assert link.get_text() == "Ouvrir dans l’index des règles"


def anchors(site: Path, path: str) -> set[str]:
    return {attr(tag, "id") for tag in page(site, path).select("[id]")}


@pytest.mark.parametrize("lang_prefix", ["", "fr/"])
def test_every_footnote_link_lands_on_an_existing_rule_anchor(
    built_site: Path, lang_prefix: str
) -> None:
    for path in (
        "resolution-step.html",
        "triggers-between-combat-stages.html",
        "index.html",
        "glossary.html",
        "assigning-combat-damage.html",
        "combat-keywords-and-states.html",
        "showdown-before-combat-damage.html",
    ):
        for number, _, href in footnotes(page(built_site, lang_prefix + path)):
            # Joined to the page's address as a browser joins it, not to its language's folder.
            target, anchor = (in_site(lang_prefix + path, href) or "").split("#")
            assert anchor in ("rule-" + number.replace(".", "-"), "keyword-" + number)
            assert target.startswith(lang_prefix + "rules-browser/"), (path, href)
            assert anchor in anchors(built_site, target), (path, href)


def test_french_pages_come_from_docs_fr_and_switch_languages(built_site: Path) -> None:
    french = page(built_site, "fr/resolution-step.html")
    assert find(french, "h1").get_text(strip=True).rstrip("¶") == "L’étape de résolution"
    assert find(french, "html")["lang"] == "fr"
    english = page(built_site, "resolution-step.html")
    en_switch = {attr(a, "hreflang"): attr(a, "href") for a in english.select("a[hreflang]")}
    fr_switch = {attr(a, "hreflang"): attr(a, "href") for a in french.select("a[hreflang]")}
    assert en_switch["fr"].endswith("fr/resolution-step.html")
    assert fr_switch["en"].endswith("../resolution-step.html")


def test_rules_browser_lists_each_rule_with_the_same_anchor_in_both_languages(
    built_site: Path,
) -> None:
    en = anchors(built_site, "rules-browser/v1.4/400.html")
    fr = anchors(built_site, "fr/rules-browser/v1.4/400.html")
    rule_anchors = {a for a in en if a.startswith("rule-")}
    assert {"rule-466-3-a", "rule-466-1-a-1", "rule-455"} <= rule_anchors
    assert rule_anchors <= fr
    french = page(built_site, "fr/rules-browser/v1.4/400.html")
    heading = find(french, id="rule-466-3-a")
    body = element(heading.find_next("p"), "<p> after #rule-466-3-a").get_text()
    assert body.startswith("Un joueur a gagné un combat")
    original = element(
        heading.find_next("p", attrs={"lang": "en"}), '<p lang="en"> after #rule-466-3-a'
    ).get_text()
    assert "A Player has won a combat" in original  # the official English text alongside


def test_rules_browser_cited_by_links_back_to_citing_pages(built_site: Path) -> None:
    soup = page(built_site, "rules-browser/v1.4/400.html")
    heading = find(soup, id="rule-466-7-c")
    cited_by = element(heading.find_next(class_="rb-cited-by"), ".rb-cited-by after #rule-466-7-c")
    cited = element(cited_by.parent, "around .rb-cited-by")
    hrefs = {a["href"] for a in cited.find_all("a")}
    assert hrefs == {
        "../../glossary.html",
        "../../resolution-step.html",
        "../../triggers-between-combat-stages.html",
        "../../combat-keywords-and-states.html",
        "../../showdown-before-combat-damage.html",
    }


def test_rules_browser_cited_by_lists_only_the_readers_pages(built_site: Path) -> None:
    """The writing guide cites 327 to show how a citation reads: its readers are contributors,
    and the print edition, which holds the readers' pages, would name a page it does not
    hold."""
    soup = page(built_site, "rules-browser/v1.4/300.html")
    heading = find(soup, id="rule-327")
    cited_by = element(heading.find_next(class_="rb-cited-by"), ".rb-cited-by after #rule-327")
    hrefs = {a["href"] for a in element(cited_by.parent, "around .rb-cited-by").find_all("a")}
    assert "../../triggers-between-combat-stages.html" in hrefs
    assert not any("writing-for-this-site" in href for href in hrefs), hrefs


def test_code_spans_and_blocks_stay_literal(built_site: Path) -> None:
    soup = page(built_site, "writing-for-this-site.html")
    codes = [c.get_text() for c in soup.find_all("code")]
    assert any("[[455]]" in c for c in codes)
    assert any("[[example: four-vs-four-prevent-one]]" in c for c in codes)


def test_footer_says_unofficial_in_both_languages(built_site: Path) -> None:
    assert "not endorsed by" in one(page(built_site, "index.html"), ".md-copyright").get_text()
    french = one(page(built_site, "fr/index.html"), ".md-copyright").get_text()
    assert "ni approbation de sa part" in french and "le texte anglais fait foi" in french


MONTHS = {
    "en": "January February March April May June July August September October November December",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
}


def long_date(iso: str, lang: str) -> str:
    year, month, day = (int(part) for part in iso.split("-"))
    return f"{day} {MONTHS[lang].split()[month - 1]} {year}"


def test_home_page_names_the_edition_and_dates_of_the_rules_it_carries(built_site: Path) -> None:
    """The article itself (not the footer) names the rules files' edition, updated and published
    dates: a new edition in rules/ without the home page saying so fails."""
    from rulebook import load_rulebook
    from tests.conftest import ROOT

    book = load_rulebook(ROOT / "rules", "core-rules-1.4", ("en", "fr"))
    for lang, path in (("en", "index.html"), ("fr", "fr/index.html")):
        article = one(page(built_site, path), "article.md-content__inner")
        text = " ".join(article.get_text(" ").replace("\u00a0", " ").split())
        edition = " ".join(book.meta(lang, "edition").replace("\u00a0", " ").split())
        assert edition and edition in text, (path, edition)
        for key in ("updated", "published"):
            assert long_date(book.meta(lang, key), lang) in text, (path, key)


def test_translation_status_lists_every_page_pair_in_both_languages(built_site: Path) -> None:
    from tests.conftest import ROOT

    pages = sorted(p.name for p in (ROOT / "docs").glob("*.md"))
    for prefix in ("", "fr/"):
        rows = page(built_site, f"{prefix}translation-status.html").select("table tbody tr")
        linked = sorted(attr(find(row, "a"), "href").replace(".html", ".md") for row in rows)
        assert linked == pages
        assert all(row.find_all("td")[-1].get_text(strip=True) for row in rows)


def test_french_footnote_back_links_are_titled_in_french(built_site: Path) -> None:
    html = (built_site / "fr" / "resolution-step.html").read_text()
    assert "Jump back to footnote" not in html
    assert 'title="Revenir à l’appel de note 12"' in html


def test_citations_side_by_side_are_separated(built_site: Path) -> None:
    soup = page(built_site, "triggers-between-combat-stages.html")
    first = find(soup, "sup", id=re.compile(r"^fnref:rule-465\.3$"))
    separator = element(first.find_next_sibling(), "after the citation of 465.3")
    following = element(separator.find_next_sibling(), "after the separator")
    assert separator.get_text() == "," and attr(following, "id").startswith("fnref:rule-466.1.a")


def test_the_404_page_speaks_every_language_and_links_each_home_from_the_site_root(
    built_site: Path,
) -> None:
    soup = page(built_site, "404.html")
    notices = {attr(section, "lang"): section for section in soup.select("section[lang]")}
    assert set(notices) == {"en", "fr"}
    assert find(notices["en"], "h1").get_text() == "Page not found"
    assert find(notices["fr"], "h1").get_text() == "Page introuvable"
    assert find(notices["en"], "a")["href"] == "/index.html"
    assert find(notices["fr"], "a")["href"] == "/fr/index.html"
    copyright_text = one(soup, ".md-copyright").get_text()
    assert find(soup, "html")["lang"] == "en" and "Riot Games" in copyright_text
    assert "Contenu non officiel" not in copyright_text


@pytest.mark.parametrize(
    "path", ["index.html", "fr/index.html", "fr/rules-browser/v1.4/400.html", "404.html"]
)
def test_every_script_and_stylesheet_a_page_loads_is_named_by_its_content(
    built_site: Path, path: str
) -> None:
    """In each language's build and on the 404 page: every script and stylesheet is one the
    site holds, under a name with a hash of its content (after a redeploy, a host or browser
    that kept an old copy never pairs it with new pages), and the engine's start script is
    loaded once."""
    soup = page(built_site, path)
    loaded = [attr(s, "src") for s in soup.select("script[src]")]
    loaded += [attr(s, "href") for s in soup.select('link[rel="stylesheet"]')]
    ours = [
        u
        for u in loaded
        if re.search(
            r"assets/(riftbound|stepper|reading|from-disk|offline|iframe-worker|engine)", u
        )
    ]
    # The search shim, from-disk, the stepper, the reader's script, the engine, the offline
    # cache's (it registers the service worker), the styles.
    assert len(ours) == 7, ours
    for url in loaded:
        assert re.search(r"\.[0-9a-f]{8,12}(\.min)?\.(js|css)$", url), url
        file = (built_site / url.lstrip("/")) if url.startswith("/") else None
        file = file or (built_site / path).parent / url
        assert file.resolve().is_file(), url
    starts = [u for u in loaded if "assets/engine/start." in u]
    assert len(starts) == 1, starts
    assert sorted(p.name for p in (built_site / "assets").glob("*.*")) == sorted(
        re.sub(r".*/", "", u) for u in ours if re.search(r"assets/[^/]+$", u)
    )  # no copy of ours under its plain name
