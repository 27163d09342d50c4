"""A page printed from the browser: every step of every step-through, no screen control.

"The resolution step" in both languages, with the print media type, as a reader printing it
gets it (the scripts have run: the stepper shows one step on screen, "Try a variation" is
there). Each check is of what is visible, as Chromium lays the page out for paper.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import Page, expect

from browser_engine.words import WORDS
from tests.browser.conftest import settle
from tests.site.test_build import footnotes
from worked_examples.render import FIRST, LAST, NEXT, PREVIOUS

PAGES = {"en": "resolution-step.html", "fr": "fr/resolution-step.html"}
WHOLE_COMBAT = "#example-whole-combat"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"


def launch_words(lang: str) -> list[str]:
    """ "Try a variation" and "Open in the editor", which start.js adds to each example."""
    return [WORDS[key](lang) for key in ("launch.try", "launch.open")]


def printed(page: Page, url: str) -> None:
    """Open ``url`` as a reader does (scripts run), then lay it out for paper."""
    page.goto(url)
    settle(page)
    expect(page.locator(".rb-try").first).to_be_attached()  # the engine's buttons are in
    page.emulate_media(media="print")
    settle(page)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_printing_the_resolution_step_shows_every_step_and_no_screen_control(
    page: Page, file_root: str, built_site: Path, lang: str
) -> None:
    url = file_root + PAGES[lang]
    printed(page, url)
    steps = page.locator(f"{WHOLE_COMBAT} .rb-step")
    total = steps.count()
    assert total >= 10
    for n in range(1, total + 1):  # the whole combat, in order, each step with its rules
        step = page.locator(f"#combat-step-{n}")
        expect(step).to_be_visible()
        expect(step.locator(".rb-cite")).to_be_visible()
    positions = [page.locator(f"#combat-step-{n}").bounding_box() for n in range(1, total + 1)]
    tops = [box["y"] for box in positions if box is not None]
    assert tops == sorted(tops) and len(tops) == total
    every = page.locator(".rb-step")  # the collapsed examples' steps print too
    for n in range(every.count()):
        expect(every.nth(n)).to_be_visible()
    for label in (FIRST(lang), PREVIOUS(lang), NEXT(lang), LAST(lang), *launch_words(lang)):
        found = page.get_by_text(label, exact=True)
        assert found.count() > 0, label  # there on screen…
        for n in range(found.count()):
            assert not found.nth(n).is_visible(), label  # …not on paper
    for control in ("button", "input", "select", "textarea"):
        visible = [
            page.locator(control).nth(n).is_visible() for n in range(page.locator(control).count())
        ]
        assert not any(visible), f"a {control} prints"
    for chrome in (
        ".md-header",
        ".md-sidebar",
        ".md-footer",
        ".md-search",
        "[data-md-component=palette]",
    ):
        for n in range(page.locator(chrome).count()):
            assert not page.locator(chrome).nth(n).is_visible(), chrome
    # Each footnote prints with its rule's number and text; not its screen links.
    soup = BeautifulSoup((built_site / PAGES[lang]).read_text(encoding="utf-8"), "html.parser")
    notes = page.locator("div.footnote li")
    expected = footnotes(soup)
    assert notes.count() == len(expected) == 20
    for n, (number, text, _) in enumerate(expected):
        note = notes.nth(n)
        expect(note).to_be_visible()
        shown = " ".join(note.inner_text().split())
        assert number in shown and " ".join(text.split()) in shown, (number, shown)
        expect(note.locator(".rb-open-rule")).to_be_hidden()
        expect(note.locator(".footnote-backref").first).to_be_hidden()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.pdf(path=str(SCREENSHOTS / f"resolution-step-printed.{lang}.pdf"))
