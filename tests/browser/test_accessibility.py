"""axe-core on every page of the site, in both languages, on a desktop and on a 360 × 740 phone:
no WCAG 2 A/AA violation and no best-practice finding; in the dark palette, on a page of each
kind, the rules whose result depends on colour (colours are all that palette changes:
tests/browser/conftest.py, ``axe_violations``)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import Browser, ViewportSize

from tests.browser.conftest import axe_violations, settle
from tests.browser.test_offline import site_pages
from tests.conftest import ROOT

PAGE_TYPES = [
    "index.html",
    "resolution-step.html",
    "fr/resolution-step.html#combat-step-14",  # the step-through, with changes highlighted
    "fr/triggers-between-combat-stages.html",
    "rules-browser/v1.4/400.html",
    "fr/rules-browser/index.html",
    "worked-examples.html",
    "fr/glossary.html",
    "translation-status.html",
    "writing-for-this-site.html",  # code, highlighted
]
Scheme = Literal["light", "dark"]  # the reader's system palette, as Playwright emulates it
SCREENSHOTS = ROOT / "test-results" / "screenshots"
UNVERSIONED = re.compile(r"rules-browser/\d+\.html$")  # rulebook/addresses.py
WIDTHS: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 900},
    "phone": {"width": 360, "height": 740},
}


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_page_has_an_axe_finding(
    browser: Browser, built_site: Path, file_root: str, http_root: str, lang: str, width: str
) -> None:
    """Every page of a language, from disk, with every fold open; the 404 page (the source
    language's, shown in every language) from a host's root, where a server shows it. The
    addresses from before versions replace themselves with a versioned page, which is here."""
    pages = [
        p
        for p in site_pages(built_site)
        if p.startswith("fr/") == (lang == "fr") and not UNVERSIONED.search(p)
    ]
    assert len(pages) > 10
    context = browser.new_context(viewport=WIDTHS[width])
    page = context.new_page()
    report: list[str] = []
    for path in pages:
        page.goto((http_root if path == "404.html" else file_root) + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        report += [f"{path} [{width}] {violation}" for violation in axe_violations(page)]
    context.close()
    assert report == []


def test_in_the_dark_palette_no_page_type_has_a_colour_finding(
    browser: Browser, file_root: str
) -> None:
    context = browser.new_context(color_scheme="dark")  # the palette follows the reader's system
    page = context.new_page()
    report: list[str] = []
    for path in PAGE_TYPES:
        page.goto(file_root + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        palette = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
        assert palette == "slate"
        found = axe_violations(page, colours_only=True)
        report += [f"{path} [dark] {violation}" for violation in found]
    context.close()
    assert report == []


SHOTS: list[tuple[str, str, ViewportSize, Scheme | None]] = [
    ("resolution-step.html", "en-resolution-step", {"width": 1280, "height": 900}, None),
    (
        "fr/resolution-step.html#combat-step-14",
        "fr-stepper-conquer",
        {"width": 1280, "height": 900},
        None,
    ),
    (
        "rules-browser/v1.4/400.html#rule-466-3-a",
        "en-rules-browser",
        {"width": 1280, "height": 900},
        None,
    ),
    (
        "fr/triggers-between-combat-stages.html",
        "fr-triggers-dark",
        {"width": 1280, "height": 900},
        "dark",
    ),
    (
        "fr/resolution-step.html#combat-step-5",
        "fr-phone-stepper",
        {"width": 360, "height": 740},
        None,
    ),
]


def test_screenshots_of_the_key_pages(browser: Browser, file_root: str) -> None:
    """Written to test-results/screenshots on every run, for a person to look at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for path, name, viewport, scheme in SHOTS:
        context = browser.new_context(viewport=viewport, color_scheme=scheme or "light")
        page = context.new_page()
        page.goto(file_root + path)
        settle(page)
        target = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(target), animations="disabled")
        context.close()
        assert target.stat().st_size > 10_000, name


def test_screenshot_folder_is_ignored_by_git() -> None:
    """Screenshots written on every run never show up as changes to commit."""
    shot = (SCREENSHOTS / "en-resolution-step.png").relative_to(ROOT)
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", "-q", str(shot)], cwd=ROOT, check=False
    )
    assert ignored.returncode == 0, f"git does not ignore {shot}"
