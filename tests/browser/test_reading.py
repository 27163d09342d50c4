"""Reading an article: language switching, footnote tooltips, the rules browser.

From disk: a footnote's tooltip is made in the page from its own footnotes and fetches
nothing, and its links are relative, so no host changes them (a link that leaves the page's
folder wrongly finds no file from disk either); tests/browser/test_offline.py loads each
template over http."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import STILL, TEMPLATES, Traffic, settle


def hover_citation(page: Page, number: str) -> Locator:
    """Point at the first citation of rule ``number`` once the page is still; its tooltip."""
    settle(page)
    citation = page.locator(f'sup[id^="fnref:rule-{number}"] a').first
    # In the middle of the window, clear of the sticky header, before the pointer goes there.
    citation.evaluate("a => a.scrollIntoView({block: 'center', behavior: 'instant'})")
    settle(page)
    citation.hover()
    tooltip = page.locator(".md-tooltip2--active")
    expect(tooltip).to_be_visible()
    return tooltip


def switch_language(page: Page, lang: str) -> None:
    link = page.locator(f"a.md-select__link[hreflang={lang}]").first
    with page.expect_navigation():
        link.evaluate("a => a.click()")  # the selector opens on hover; click the link itself


def test_language_switcher_goes_to_the_twin_and_back(page: Page, file_root: str) -> None:
    """Pressed on one page of each template, there and back (the same template makes the same
    links; every page's links are tests/site/test_language_links.py's)."""
    for address in TEMPLATES:
        page.goto(file_root + address)
        # An address the rules browser had before versions leads on to its page: from there.
        path = page.url.removeprefix(file_root)
        switch_language(page, "fr")
        assert page.url == file_root + "fr/" + path
        assert page.locator("html").get_attribute("lang") == "fr"
        switch_language(page, "en")
        assert page.url == file_root + path
        assert page.locator("html").get_attribute("lang") == "en"


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("resolution-step.html", "Rule 466.3.a. A Player has won a combat"),
        ("fr/resolution-step.html", "Règle 466.3.a. Un joueur a gagné un combat"),
    ],
)
def test_hovering_a_footnote_shows_the_rule_in_the_page_language(
    page: Page, file_root: str, path: str, expected: str
) -> None:
    page.goto(file_root + path)
    tooltip = hover_citation(page, "466.3.a")
    expect(tooltip.locator(".md-tooltip2__inner")).to_contain_text(expected)


@pytest.mark.parametrize(
    ("path", "link"),
    [
        ("resolution-step.html", "Open in the rules browser"),
        ("fr/resolution-step.html", "Ouvrir dans l’index des règles"),
    ],
)
def test_open_in_the_rules_browser_lands_on_the_rule(
    page: Page, file_root: str, path: str, link: str
) -> None:
    page.goto(file_root + path)
    note = page.locator('li[id="fn:rule-466.3.a"]')
    with page.expect_navigation():
        note.get_by_role("link", name=link).click()
    assert page.url.endswith("rules-browser/v1.4/400.html#rule-466-3-a")
    expect(page.locator("#rule-466-3-a")).to_be_in_viewport()


@pytest.mark.parametrize(
    ("path", "link"),
    [
        ("resolution-step.html", "Open in the rules browser"),
        ("fr/resolution-step.html", "Ouvrir dans l’index des règles"),
    ],
)
def test_one_click_in_the_tooltip_opens_the_rule(
    page: Page, file_root: str, path: str, link: str
) -> None:
    page.goto(file_root + path)
    tooltip = hover_citation(page, "466.5.d")
    tooltip.evaluate(STILL)  # its entrance transition over: the link stays where the pointer goes
    in_tooltip = tooltip.get_by_role("link", name=link)
    clear = in_tooltip.evaluate(
        "a => a.getBoundingClientRect().top >= "
        "document.querySelector('header.md-header').getBoundingClientRect().bottom"
    )
    assert clear, "the tooltip's link is under the sticky header"
    with page.expect_navigation():
        in_tooltip.click()
    assert page.url.endswith("rules-browser/v1.4/400.html#rule-466-5-d")
    expect(page.locator("#rule-466-5-d")).to_be_in_viewport()


@pytest.mark.parametrize("root", ["file"], indirect=True)
def test_switching_language_keeps_the_step_the_rule_and_the_section(
    page: Page, traffic: Traffic, file_root: str, root: str
) -> None:
    # A step of a step-through and a rule: the same anchor in both languages.
    for path, anchor in (
        ("resolution-step.html", "combat-step-6"),
        ("rules-browser/v1.4/400.html", "rule-466-3-a"),  # not a moved address: it redirects
    ):
        page.goto(f"{file_root}{path}#{anchor}")
        settle(page)
        switch_language(page, "fr")
        assert page.url == f"{file_root}fr/{path}#{anchor}"
        expect(page.locator(f"#{anchor}")).to_be_in_viewport()
    expect(page.locator(".rb-step.rb-current")).to_have_count(0)  # the rules browser has none
    page.goto(file_root + "resolution-step.html#combat-step-6")
    switch_language(page, "fr")
    expect(page.locator("#combat-step-6")).to_have_class(re.compile(r"\brb-current\b"))
    # A section: its anchor comes from its title, so differs; the place is the same section.
    page.goto(file_root + "writing-for-this-site.html#add-a-page")
    settle(page)
    switch_language(page, "fr")
    third = page.locator(".md-content article h2[id]").nth(1)  # "Set up", then "Add a page"
    french_id = third.get_attribute("id")
    assert french_id and french_id != "add-a-page"
    assert page.url == f"{file_root}fr/writing-for-this-site.html#{french_id}"
    expect(third).to_be_in_viewport()
    assert traffic.errors == [] and traffic.outside == []


def test_a_footnote_tapped_on_a_touch_screen_shows_its_rule_where_the_reader_is(
    browser: Browser, file_root: str
) -> None:
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    for path, said in (
        ("resolution-step.html", "Rule "),
        ("fr/resolution-step.html", "Règle "),
    ):
        page.goto(file_root + path)
        settle(page)
        citation = page.locator("sup a.footnote-ref").nth(2)
        citation.evaluate("a => a.scrollIntoView({block: 'center', behavior: 'instant'})")
        settle(page)
        before = page.evaluate("scrollY")
        citation.tap()
        tooltip = page.locator(".md-tooltip2--active")
        expect(tooltip).to_be_visible()
        expect(tooltip).to_contain_text(said)
        assert "#" not in page.url and page.evaluate("scrollY") == before
    context.close()


@pytest.mark.parametrize("root", ["file"], indirect=True)
def test_a_malformed_fragment_breaks_no_script(page: Page, traffic: Traffic, root: str) -> None:
    for path in ("resolution-step.html", "fr/ask-the-engine.html", "rules-browser/400.html"):
        page.goto(root + path + "#%E0%A4%A")
        settle(page)
    assert [e for e in traffic.errors if "URIError" in e or "URI" in e] == []
    assert traffic.errors == []


@pytest.mark.parametrize(
    ("path", "words"),
    [("resolution-step.html", "rule 188"), ("fr/resolution-step.html", "règle 188")],
)
def test_a_rule_the_tooltip_s_text_refers_to_is_one_click_away(
    page: Page, file_root: str, path: str, words: str
) -> None:
    """466.5.d reads "See rule 188. Control …": in the tooltip, those words link to 188."""
    page.goto(file_root + path)
    tooltip = hover_citation(page, "466.5.d")
    tooltip.evaluate(STILL)
    reference = tooltip.locator("a.rb-rule-ref", has_text=words)
    expect(reference).to_have_count(1)
    with page.expect_navigation():
        reference.click()
    assert page.url.endswith("rules-browser/v1.4/100.html#rule-188")
    expect(page.locator("#rule-188")).to_be_in_viewport()


@pytest.mark.parametrize(
    "chapter", ["rules-browser/v1.4/400.html", "fr/rules-browser/v1.4/100.html"]
)
def test_every_rule_heading_shows_its_number_as_the_rules_write_it(
    page: Page, file_root: str, chapter: str
) -> None:
    """Each heading's number as laid out (innerText follows the page's CSS): 466.1.a.1, never
    466.1.A.1 (the theme sets fifth-level headings in capitals)."""
    page.goto(file_root + chapter)
    shown = page.eval_on_selector_all(
        ".rb-rule-number",
        "hs => hs.map(h => [h.id.replace(/^rule-/, '').replaceAll('-', '.'), h.innerText.trim()])",
    )
    assert any(number.count(".") >= 3 for number, _ in shown)
    assert [n for n, text in shown if text != n] == []
