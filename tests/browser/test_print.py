"""A page printed from the browser: every step of every step-through, no screen control.

"The resolution step" in both languages, with the print media type, as a reader printing it
gets it (the scripts have run: the stepper shows one step on screen, "Try a variation" is
there). Each check is of what is visible, as Chromium lays the page out for paper.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from playwright.sync_api import Page, expect

import links
from browser_engine.words import WORDS
from docset.build import CONTRIBUTORS_PAGES
from docset.pdf import destinations
from docset.summary import STAGES
from tests.browser.conftest import settle
from tests.site.test_build import footnotes
from worked_examples.render import FIRST, LAST, NEXT, PREVIOUS

PAGES = {"en": "resolution-step.html", "fr": "fr/resolution-step.html"}
WHOLE_COMBAT = "#example-whole-combat"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"
NAV: list[str] = yaml.safe_load(
    (Path(__file__).resolve().parents[2] / "mkdocs.yml").read_text(encoding="utf-8")
)["nav"]


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


# What Playwright calls visible: a box of some size, and not visibility: hidden.
VISIBLE = """element => {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
}"""
# The elements of a selector that show, or that do not, as laid out now: many in one call.
SHOWN = f"""([selector, shown]) => [...document.querySelectorAll(selector)]
  .filter(element => ({VISIBLE})(element) === shown)
  .map(element => element.id || element.outerHTML.slice(0, 120))"""


def hidden(page: Page, selector: str) -> list[str]:
    """The elements of ``selector`` that do not show (their ids, or the start of their HTML)."""
    found: list[str] = page.evaluate(SHOWN, [selector, False])
    return found


def shown(page: Page, selector: str) -> list[str]:
    found: list[str] = page.evaluate(SHOWN, [selector, True])
    return found


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_printing_the_resolution_step_shows_every_step_and_no_screen_control(
    page: Page, file_root: str, built_site: Path, lang: str
) -> None:
    url = file_root + PAGES[lang]
    printed(page, url)
    steps = page.locator(f"{WHOLE_COMBAT} .rb-step")
    total = steps.count()
    assert total >= 10
    # The whole combat, in order, each step with its rules.
    whole = [f"#combat-step-{n}" for n in range(1, total + 1)]
    assert hidden(page, ", ".join(whole)) == []
    assert hidden(page, ", ".join(f"{step} .rb-cite" for step in whole)) == []
    tops = page.evaluate(
        "steps => steps.map(step => document.querySelector(step).getBoundingClientRect().top)",
        whole,
    )
    assert tops == sorted(tops) and len(tops) == total
    every = page.locator(".rb-step")  # the collapsed examples' steps print too
    assert every.count() > total and hidden(page, ".rb-step") == []
    for label in (FIRST(lang), PREVIOUS(lang), NEXT(lang), LAST(lang), *launch_words(lang)):
        found = page.get_by_text(label, exact=True)
        assert found.count() > 0, label  # there on screen…
        assert found.evaluate_all(f"nodes => nodes.filter({VISIBLE}).length") == 0, label
    for control in ("button", "input", "select", "textarea"):
        assert shown(page, control) == [], f"a {control} prints"
    for chrome in (
        ".md-header",
        ".md-sidebar",
        ".md-footer",
        ".md-search",
        "[data-md-component=palette]",
    ):
        assert shown(page, chrome) == [], chrome
    # Each footnote prints with its rule's number and text; not its screen links.
    soup = BeautifulSoup((built_site / PAGES[lang]).read_text(encoding="utf-8"), "html.parser")
    notes = page.locator("div.footnote li")
    expected = footnotes(soup)
    assert notes.count() == len(expected) == 20
    assert hidden(page, "div.footnote li") == []
    assert shown(page, "div.footnote li .rb-open-rule, div.footnote li .footnote-backref") == []
    printed_notes = notes.evaluate_all("items => items.map(item => item.innerText)")
    for (number, text, _), note in zip(expected, printed_notes, strict=True):
        printed_text = " ".join(note.split())
        assert number in printed_text and " ".join(text.split()) in printed_text, printed_text
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.pdf(path=str(SCREENSHOTS / f"resolution-step-printed.{lang}.pdf"))


def page_texts(pdf: Path) -> tuple[list[float], float]:
    """Where the lowest word of each page of ``pdf`` ends, and the pages' height (points)."""
    done = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    )
    soup = BeautifulSoup(done.stdout, "html.parser")
    pages = soup.find_all("page")
    height = float(str(pages[0]["height"]))
    lowest = [max((float(str(w["ymax"])) for w in p.find_all("word")), default=0.0) for p in pages]
    return lowest, height


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_chapter_printed_from_the_browser_is_set_as_compactly_as_the_edition(
    page: Page, file_root: str, built_site: Path, lang: str, tmp_path: Path
) -> None:
    """ "The resolution step" printed as a reader prints it (A4, the print media type): at most
    1.5 times its pages in the print edition, and no page more than half empty but its last
    (a board or an example never pushes the rest of a page away)."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is missing (apt-get install poppler-utils)")
    printed(page, file_root + PAGES[lang])
    pdf = tmp_path / "chapter.pdf"
    pdf.write_bytes(page.pdf(format="A4"))
    lowest, height = page_texts(pdf)
    half_empty = [n for n, bottom in enumerate(lowest[:-1], start=1) if bottom < height / 2]
    assert not half_empty, f"pages more than half empty: {half_empty} of {len(lowest)}"
    edition = (built_site / links.print_edition(lang)).read_bytes()
    nav = [p for p in NAV if p not in CONTRIBUTORS_PAGES]
    place = nav.index("resolution-step.md") + 1  # its id in the edition: p2
    found = destinations(edition, (f"p{place}", f"p{place + 1}"))
    in_edition = found[f"p{place + 1}"] - found[f"p{place}"]
    assert len(lowest) <= 1.5 * in_edition, (len(lowest), in_edition)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_combat_summary_prints_on_one_a4_page_with_every_stage(
    page: Page, file_root: str, lang: str, tmp_path: Path
) -> None:
    """ "Combat at a glance" printed as a reader prints it (A4, the print media type): one
    page, every stage and keyword on it, in the page's language."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is missing (apt-get install poppler-utils)")
    page.goto(file_root + ("fr/" if lang == "fr" else "") + "combat-summary.html")
    settle(page)
    page.emulate_media(media="print")
    pdf = tmp_path / "summary.pdf"
    pdf.write_bytes(page.pdf(format="A4"))
    lowest, _ = page_texts(pdf)
    assert len(lowest) == 1, f"{len(lowest)} pages"
    text = " ".join(
        subprocess.run(
            ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout.split()
    )
    for said in [stage.title(lang) for stage in STAGES] + ["Tank", "465", "466.3.d"]:
        assert said.replace("\u2019", "’") in text, said
