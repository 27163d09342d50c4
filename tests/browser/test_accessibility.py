"""axe-core on each kind of page, light and dark palettes: no WCAG 2 A/AA violation.

The light palette gets every WCAG 2 A/AA rule; the dark one the rules whose result depends on
colour, since colours are all it changes (tests/browser/conftest.py, ``axe_violations``)."""

from __future__ import annotations

import subprocess
from typing import Literal

import pytest
from playwright.sync_api import Browser, ViewportSize

from tests.browser.conftest import axe_violations, settle
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
]
Scheme = Literal["light", "dark"]  # the reader's system palette, as Playwright emulates it
SCREENSHOTS = ROOT / "test-results" / "screenshots"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_wcag_a_or_aa_violation(browser: Browser, file_root: str, scheme: Scheme) -> None:
    context = browser.new_context(color_scheme=scheme)  # the palette follows the reader's system
    page = context.new_page()
    report: list[str] = []
    for path in PAGE_TYPES:
        page.goto(file_root + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        palette = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
        assert palette == ("slate" if scheme == "dark" else "default")
        found = axe_violations(page, colours_only=scheme == "dark")
        report += [f"{path} [{scheme}] {violation}" for violation in found]
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
