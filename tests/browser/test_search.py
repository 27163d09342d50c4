"""Search that lands, and the list of worked examples filtered by rule, in a real browser:
a rule found by its number however it is written, Enter opening it at its anchor, worked
examples found by their title, in both languages, from disk and over http."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import RELATIVE_HOSTINGS, Traffic, enter_query, goto_after_startup

RULE = "rules-browser/v1.4/400.html#rule-466-3-d"


def type_query(page: Page, query: str) -> None:
    page.keyboard.press("s")
    page.keyboard.type(query, delay=20)


def result_for(page: Page, target: str) -> None:
    """Wait until a result leads to ``target`` (an address's path and fragment, from the site's
    root): the worker has answered the query as typed."""
    page.wait_for_function(
        """target => [...document.querySelectorAll('.md-search-result__link')].some(a => {
             const url = new URL(a.href);
             return (url.pathname + url.hash).endsWith('/' + target);
           })""",
        arg=target,
    )


def in_view(page: Page, anchor: str) -> bool:
    rule = page.locator(f"[id='{anchor}']")
    expect(rule).to_be_visible()
    box = rule.bounding_box()
    viewport = page.viewport_size
    assert box is not None and viewport is not None
    return 0 <= box["y"] < viewport["height"]


@RELATIVE_HOSTINGS
@pytest.mark.parametrize("prefix", ["", "fr/"])
def test_a_rule_number_then_enter_lands_on_the_rule(
    page: Page, traffic: Traffic, root: str, prefix: str
) -> None:
    goto_after_startup(page, root + prefix + "index.html")
    type_query(page, "466.3d")
    result_for(page, prefix + RULE)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.split("?")[0] == root + prefix + RULE.split("#")[0]
    assert page.url.endswith("#rule-466-3-d")
    assert in_view(page, "rule-466-3-d")
    assert traffic.outside == [] and traffic.errors == []


@RELATIVE_HOSTINGS
@pytest.mark.parametrize(
    ("prefix", "query"),
    [
        ("", "466"),
        ("", "rule 466"),
        ("fr/", "règle 466"),
        ("fr/", "Regle 466"),
        ("fr/", "rule 466"),
    ],
)
def test_a_rule_s_own_number_then_enter_lands_on_that_rule_not_one_under_it(
    page: Page, traffic: Traffic, root: str, prefix: str, query: str
) -> None:
    """466 is the number every rule under it begins with (466.5.d…), which the theme finds
    too: the rule 466 itself comes first, and Enter opens it; "rule" in either language
    before it is the word for a rule, not a word to find."""
    goto_after_startup(page, root + prefix + "index.html")
    enter_query(page, query)
    result_for(page, prefix + "rules-browser/v1.4/400.html#rule-466")
    under = prefix + "rules-browser/v1.4/400.html#rule-466-5-d"
    result_for(page, under)  # those under it are found too, after it
    scores = page.eval_on_selector_all(
        ".md-search-result__link",
        "ls => ls.map(a => [a.hash, parseFloat(a.firstElementChild.dataset.mdScore)])",
    )
    best = max(scores, key=lambda s: s[1])
    assert best[0] == "#rule-466", scores
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.split("?")[0] == root + prefix + "rules-browser/v1.4/400.html"
    assert page.url.endswith("#rule-466")
    assert in_view(page, "rule-466")
    assert traffic.outside == [] and traffic.errors == []


def test_a_word_search_beginning_with_rule_is_searched_as_typed(page: Page, file_root: str) -> None:
    goto_after_startup(page, file_root + "index.html")
    box = page.locator(".md-search__input")
    enter_query(page, "rule of")
    assert box.evaluate("box => box.value") == "rule of"


SPELLINGS = ["466.3d", "466 3 d", "466.3.d.", "466-3-d", "466.3.D"]


@pytest.mark.parametrize("prefix", ["", "fr/"])
def test_each_way_of_writing_a_rule_number_finds_it(
    page: Page, file_root: str, prefix: str
) -> None:
    """Each spelling typed key by key in turn, in one page's box emptied in between (the
    results go with it, so each result found is the new query's)."""
    goto_after_startup(page, file_root + prefix + "index.html")
    box = page.locator(".md-search__input")
    page.keyboard.press("s")
    for query in SPELLINGS:
        page.keyboard.type(query, delay=20)
        result_for(page, prefix + RULE)
        # The box keeps what the reader typed; the theme reads it as the rules write it, the
        # rule of that very number first (its title, boosted).
        assert box.evaluate("box => box.matches(':focus')"), query
        assert box.input_value() == query
        assert box.evaluate("box => box.value") == "title:466.3.d^100 466.3.d", query
        box.fill("")
        page.keyboard.press("End")  # the theme reads the box on keyup
        expect(page.locator(".md-search-result__link")).to_have_count(0)


@pytest.mark.parametrize(
    ("prefix", "query", "example"),
    [
        ("", "already scored", "resolution-step.html#example-already-scored-no-conquer"),
        ("fr/", "déjà été marqué", "fr/resolution-step.html#example-already-scored-no-conquer"),
    ],
)
def test_a_worked_example_is_found_by_its_title_and_opens_at_it(
    page: Page, file_root: str, prefix: str, query: str, example: str
) -> None:
    goto_after_startup(page, file_root + prefix + "index.html")
    enter_query(page, query)
    result_for(page, example)
    anchor = example.split("#")[1]
    with page.expect_navigation():
        page.locator(f'.md-search-result__link[href$="#{anchor}"]').first.click()
    assert in_view(page, anchor)


def test_the_list_of_examples_is_not_a_french_search_result_for_rappel(
    page: Page, file_root: str
) -> None:
    goto_after_startup(page, file_root + "fr/index.html")
    type_query(page, "rappel")
    result_for(page, "fr/resolution-step.html#example-cant-move-still-recalled")
    hrefs = page.eval_on_selector_all(".md-search-result__link", "ls => ls.map(a => a.href)")
    assert hrefs and not [h for h in hrefs if "worked-examples.html" in h]


@pytest.mark.parametrize(
    ("prefix", "filtered"),
    [("", "whose steps apply rule 466.1.a.2"), ("fr/", "appliquent la règle 466.1.a.2")],
)
@pytest.mark.parametrize("root", ["file"], indirect=True)
def test_a_rule_links_to_the_list_filtered_to_the_examples_that_apply_it(
    page: Page, traffic: Traffic, root: str, prefix: str, filtered: str
) -> None:
    """From disk: the link is relative, and the list filters itself from its address's query,
    fetching nothing; tests/browser/test_offline.py loads both pages over http."""
    goto_after_startup(page, root + prefix + "rules-browser/v1.4/400.html#rule-466-1-a-2")
    link = page.locator("[id='rule-466-1-a-2'] ~ p.rb-applied a").first
    with page.expect_navigation():
        link.click()
    assert page.url.split("#")[0].endswith(prefix + "worked-examples.html?rule=466.1.a.2")
    shown = page.locator(".rb-rulings > li:visible")
    expect(shown).to_have_count(2)
    assert sorted(shown.evaluate_all("items => items.map(i => i.id)")) == [
        "ruling-cant-move-still-recalled",
        "ruling-four-vs-four-prevent-one",
    ]
    expect(page.locator(".rb-filter-status")).to_contain_text(filtered)
    expect(page.locator(".rb-rule-filter select")).to_have_value("466.1.a.2")
    assert traffic.outside == [] and traffic.errors == []


def test_the_filter_shows_exactly_the_examples_whose_steps_cite_the_rule(
    page: Page, file_root: str
) -> None:
    """For every rule the filter offers: the examples shown are those whose step-through (on
    the page that shows it) cites the rule in a step, and no other."""
    goto_after_startup(page, file_root + "worked-examples.html")
    every = page.locator(".rb-rulings > li")
    total = every.count()
    assert total > 10
    cited = every.evaluate_all(
        "items => Object.fromEntries(items.map("
        "  i => [i.id, i.querySelector('.rb-rules').textContent.split(', ')]))"
    )
    rules = page.locator(".rb-rule-filter option").evaluate_all(
        "options => options.map(o => o.value).filter(Boolean)"
    )
    for rule in rules[:: max(1, len(rules) // 6)]:  # a spread of them: each one a page load
        page.locator(".rb-rule-filter select").select_option(rule)
        with page.expect_navigation():
            page.locator(".rb-rule-filter button").click()
        shown = set(page.locator(".rb-rulings > li:visible").evaluate_all("l => l.map(i => i.id)"))
        assert shown == {item for item, numbers in cited.items() if rule in numbers}, rule
    # Without a rule in the address, every example.
    page.locator(".rb-filter-status a").click()
    expect(page.locator(".rb-rulings > li:visible")).to_have_count(total)


@pytest.mark.parametrize("wanted", ["$&", "$'", "$`x$1"])
def test_the_filter_says_the_readers_rule_as_written(
    page: Page, file_root: str, wanted: str
) -> None:
    """``worked-examples.html?rule=$&`` said "No worked example applies rule {rule}.":
    ``String.replace`` expanded the reader's ``$&``."""
    goto_after_startup(page, file_root + "worked-examples.html?rule=" + quote(wanted))
    expect(page.locator(".rb-filter-status")).to_have_text(
        re.compile(re.escape(f"No worked example applies rule {wanted}."))
    )
    expect(page.locator(".rb-rulings > li:visible")).to_have_count(0)


def test_without_javascript_the_whole_list_reads(browser: Browser, file_root: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(file_root + "worked-examples.html?rule=466.1.a.2")
    every = page.locator(".rb-rulings > li")
    assert every.count() > 10
    expect(page.locator(".rb-rulings > li:visible")).to_have_count(every.count())
    expect(page.locator(".rb-filter-status")).to_be_hidden()
    context.close()
