"""A rule heading's permanent link in a real browser: followed, it copies the rule's versioned
address, absolute (where the page is open, or on the host ``site_url`` names), shows it in the
address bar and says so in the page's language, in a line a screen reader reads out; from disk
too, saying that such a link works on that computer only."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import goto_after_startup, watch

CHAPTER = "rules-browser/v1.4/400.html"
RULE = "rule-466-3-d"
SAID = {
    "en": "Link to rule 466.3.d copied: {}",
    "fr": "Lien vers la règle 466.3.d copié\u00a0: {}",
}
ON_DISK = {
    "en": " This page is opened from disk, so the link works on this computer only.",
    "fr": " Cette page étant ouverte depuis le disque, le lien ne fonctionne que sur cet ordinateur.",
}
NAME = {"en": "Copy the link to rule 466.3.d", "fr": "Copier le lien vers la règle 466.3.d"}


def prefix(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("root", ["file", "http-subpath"], indirect=True)
def test_a_rule_headings_link_copies_its_versioned_address_and_says_so(
    browser: Browser, root: str, lang: str
) -> None:
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    traffic = watch(context, root)
    page = context.new_page()
    goto_after_startup(page, root + prefix(lang) + CHAPTER)
    link = page.locator(f"[id='{RULE}'] a.rb-permalink")
    expect(link).to_be_visible()
    expect(link).to_have_accessible_name(NAME[lang])
    said = page.locator(".rb-link-copied")
    expect(said).to_have_text("")
    link.click()
    address = root + prefix(lang) + CHAPTER + "#" + RULE
    expected = SAID[lang].format(address)
    if root.startswith("file:"):
        expected += "." + ON_DISK[lang]
    expect(said).to_have_text(expected)
    expect(said).to_be_in_viewport()
    # Read out: the line is the page's status, which says it.
    expect(page.get_by_role("status").filter(has_text=expected)).to_have_count(1)
    assert page.evaluate("navigator.clipboard.readText()") == address
    assert page.url == address  # the address bar shows it too
    assert traffic.errors == [] and traffic.outside == []
    context.close()


def test_on_a_published_site_the_host_s_address_is_copied(browser: Browser, file_root: str) -> None:
    """The page names the host ``site_url`` gives (``data-hosted``: tests/docset/
    test_permalinks.py); the link's address resolves against it, wherever the page is open."""
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(file_root + "fr/" + CHAPTER)
    page.locator(".rb-link-copied").evaluate(
        "line => line.setAttribute('data-hosted', 'https://example.org/riftbound/fr/"
        + CHAPTER
        + "')"
    )
    page.locator(f"[id='{RULE}'] a.rb-permalink").click()
    address = f"https://example.org/riftbound/fr/{CHAPTER}#{RULE}"
    expect(page.locator(".rb-link-copied")).to_have_text(SAID["fr"].format(address))
    assert page.evaluate("navigator.clipboard.readText()") == address
    context.close()


def test_where_the_browser_refuses_to_copy_the_line_gives_the_address(
    browser: Browser, file_root: str
) -> None:
    context = browser.new_context()
    context.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    page = context.new_page()
    page.goto(file_root + CHAPTER)
    page.locator(f"[id='{RULE}'] a.rb-permalink").click()
    address = file_root + CHAPTER + "#" + RULE
    expect(page.locator(".rb-link-copied")).to_have_text(
        f"The browser did not let this page copy the link to rule 466.3.d; here it is: {address}"
    )
    context.close()
