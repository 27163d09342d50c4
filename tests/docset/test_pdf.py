"""Printing an edition with Debian's Chromium: numbered contents, a tagged PDF, a cache that
reads back only what it wrote, and nothing loaded from elsewhere."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path

import pikepdf
import pytest

import links
from diagnostics import ProblemsFound
from docset.pdf import SOURCE_KEY, Printer, destinations
from docset.print_edition import Cover, Edition, PrintPage, compose, leaflet

CHROMIUM = Path("/usr/lib/chromium/chromium")
COVER = Cover("Site", "About it", "Rules v1", "2026-12-01", "abc123", False, "Notice")


@pytest.fixture
def printer(tmp_path: Path) -> Iterator[Printer]:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    made = Printer(CHROMIUM, tmp_path / "cache")
    yield made
    made.close()


def edition(extra: str = "") -> Edition:
    long = "".join(
        f"<p>Paragraph {n} of a page long enough to fill a few sheets.</p>" for n in range(90)
    )
    pages = [
        PrintPage(links.Page("en", "index.md"), f'<h1 id="t">Home</h1>{extra}{long}'),
        PrintPage(
            links.Page("en", "guide.md"),
            f'<h1 id="t">Guide</h1><h2 id="late">Late section</h2>{long}'
            '<h2 id="later">Later</h2><p><a href="index.html">home</a></p>',
        ),
    ]
    return compose("en", pages, 2, COVER, [], lambda path: None)


def test_the_contents_give_the_pages_the_sections_start_on(printer: Printer) -> None:
    made = printer.make(edition())
    assert not made.from_cache and made.cpu > 0
    placed = destinations(made.pdf, ("p1", "p2", "p2-late", "p2-later"))
    assert placed["p1"] >= 3 and placed["p2"] > placed["p1"] and placed["p2-later"] > placed["p2"]
    with pikepdf.open(io.BytesIO(made.pdf)) as pdf:
        assert str(pdf.Root.Lang) == "en" and "/StructTreeRoot" in pdf.Root
        assert pdf.Root.ViewerPreferences.DisplayDocTitle
        assert str(pdf.docinfo.Title) == "Site · print edition"


def test_a_cached_edition_is_read_back_without_a_browser_and_a_bad_entry_is_printed_again(
    printer: Printer, tmp_path: Path
) -> None:
    first = printer.make(edition())
    printer.close()
    second = printer.make(edition())
    assert second.from_cache and second.pdf == first.pdf and printer.browser is None
    entry = next((tmp_path / "cache").glob("*.pdf"))
    entry.write_bytes(first.pdf[: len(first.pdf) // 2])  # cut short
    third = printer.make(edition())
    assert not third.from_cache and printer.browser is not None
    with pikepdf.open(io.BytesIO(first.pdf)) as pdf:  # a good PDF that says another key
        pdf.docinfo[SOURCE_KEY] = "another"
        out = io.BytesIO()
        pdf.save(out)
    entry.write_bytes(out.getvalue())
    assert not printer.make(edition()).from_cache
    assert printer.make(edition(extra="<p>new</p>")).pdf != first.pdf  # a change, a new key
    printer.prune()
    assert len(list((tmp_path / "cache").glob("*.pdf"))) == 2


def test_an_edition_that_would_load_anything_is_refused_with_what_it_asked(
    printer: Printer,
) -> None:
    asked = '<link rel="stylesheet" href="https://example.org/x.css"><p style="background: url(http://127.0.0.1:9/x.png)">x</p>'
    with pytest.raises(ProblemsFound) as found:
        printer.make(edition(extra=asked))
    said = str(found.value)
    assert "print edition (en): loads https://example.org/x.css" in said
    assert "the edition loads nothing from elsewhere" in said


def test_a_missing_chromium_says_how_to_install_it(tmp_path: Path) -> None:
    with pytest.raises(ProblemsFound) as found:
        Printer(tmp_path / "no-chromium").make(edition())
    said = str(found.value)
    assert "no-chromium is not there" in said and "apt-get install chromium" in said


def summary(paragraphs: int) -> Edition:
    page = PrintPage(
        links.Page("en", "combat-summary.md"),
        '<h1 id="t">At a glance</h1>'
        + "".join(f"<p>Stage {n}: what happens there.</p>" for n in range(paragraphs)),
    )
    return leaflet("en", page, COVER, [], lambda path: None, "combat summary")


def test_a_summary_that_fits_prints_on_one_page_in_one_printing(printer: Printer) -> None:
    made = printer.make(summary(10))
    with pikepdf.open(io.BytesIO(made.pdf)) as pdf:
        assert len(pdf.pages) == 1
    assert made.name == "combat summary" and made.summary().startswith("combat summary (en): ")


def test_a_summary_that_spills_onto_a_second_page_is_refused_with_its_count(
    printer: Printer,
) -> None:
    with pytest.raises(ProblemsFound) as found:
        printer.make(summary(120))
    said = str(found.value)
    assert "combat summary (en): prints on " in said and "pages: it must fit on 1" in said
    assert list((printer.cache or Path()).glob("*.pdf")) == []  # nothing kept of it
