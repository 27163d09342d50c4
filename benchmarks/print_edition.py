"""The print edition: each language's PDF, its size and the CPU the build spends making it.

1. Today's site: a copy built with its print edition and no PDF cached, so the build prints
   both. Targets: each PDF at most 3 MB; both made in at most 15 s of CPU (the build's own
   and Chromium's, which Chromium itself counts).
2. At full size (the copy ``full_size_site.py`` builds: about 2,000 rules per language, 60
   more pages with 40 citations and 5 examples each, 300 more examples), and at half of what
   it adds: each language's PDF at most 5 MB and 60 s of CPU at full size, and growing
   linearly with the site: full size over half size at most 2.2× for both (linear: about 2×,
   today's site being the same in both). Where the pages go is printed beside: the PDF's
   pages, those of the rules appendix, and the fonts it embeds.

``--tiny`` runs both, the second on copies of today's site with a page and a few examples
more (and half of that).

Run: ``make bench`` or ``python benchmarks/print_edition.py [--tiny]``.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from pathlib import Path

import pikepdf
import yaml
from _bench import build, copy_project, figure, heading, options
from full_size_site import FULL, Size, full_size

import links
from docset.build import CONTRIBUTORS_PAGES
from docset.pdf import destinations

MADE = re.compile(
    r"print edition \((?P<lang>[a-z]+)\): (?P<bytes>[\d,]+) bytes, printed in "
    r"(?P<seconds>[\d.]+) s \((?P<cpu>[\d.]+) s CPU\)"
)
LANGS = ("en", "fr")


def editions(log: str) -> dict[str, tuple[int, float, float]]:
    """Each language's edition as the build reports it: (bytes, seconds, CPU seconds)."""
    found = {
        m["lang"]: (int(m["bytes"].replace(",", "")), float(m["seconds"]), float(m["cpu"]))
        for m in MADE.finditer(log)
    }
    if set(found) != set(LANGS):
        sys.exit(f"the build printed no edition for {set(LANGS) - set(found)}:\n{log[-3000:]}")
    return found


def cold_build(project: Path) -> dict[str, tuple[int, float, float]]:
    """A build with no PDF cached: each edition's figures, as the build reports them."""
    shutil.rmtree(project / ".cache" / "print-edition", ignore_errors=True)
    _, log = build(project)
    return editions(log)


def report(
    label: str, made: dict[str, tuple[int, float, float]], bytes_target: str, cpu_target: str
) -> None:
    for lang in LANGS:
        size, _, cpu = made[lang]
        figure(f"{label}: {lang} PDF", size / 1e6, "MB", bytes_target)
        figure(f"{label}: {lang} edition, CPU", cpu, "s CPU", cpu_target)


def pages_of(pdf: Path, project: Path) -> tuple[int, int, int]:
    """The PDF's pages, the page its appendix starts on, and the fonts it embeds."""
    nav = yaml.safe_load((project / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]
    first = f"p{len([path for path in nav if path not in CONTRIBUTORS_PAGES]) + 1}"
    fonts: set[str] = set()
    with pikepdf.open(pdf) as document:
        count = len(document.pages)
        for page in document.pages:
            resources = page.obj.get("/Resources")
            found = resources.get("/Font") if isinstance(resources, pikepdf.Dictionary) else None
            if isinstance(found, pikepdf.Dictionary):
                fonts |= {str(font.get("/BaseFont")) for _, font in found.items()}
    appendix = destinations(pdf.read_bytes(), (first,)).get(first, count)
    return count, appendix, len(fonts)


def enlarged(target: Path, size: Size) -> dict[str, tuple[int, float, float]]:
    project, _ = full_size(target, size, print_edition=True)
    made = cold_build(project)
    for lang in LANGS:
        count, appendix, fonts = pages_of(project / "site" / links.print_edition(lang), project)
        heading(
            f"  ({lang}: {count} pages, the rules appendix from page {appendix}, {fonts} fonts)"
        )
    return made


def main() -> None:
    args = options(__doc__)
    full = Size(1, 2, 10, 4) if args.tiny else FULL
    half = Size(max(full.sections // 2, 1), full.pages // 2, full.citations, full.examples // 2)
    with tempfile.TemporaryDirectory() as tmp:
        today = copy_project(Path(tmp) / "today", print_edition=True)
        now = cold_build(today)  # a fresh copy: nothing cached
        heading("1. Today's site, no PDF cached")
        report("today's site", now, "<= 3.00", "")
        cpu = sum(now[lang][2] for lang in LANGS)
        figure("today's site: both editions, CPU", cpu, "s CPU", "<= 15")

        heading(
            f"2. Half size ({half.sections * 41:,} rules, {half.pages} pages and "
            f"{half.examples} examples more), no PDF cached"
        )
        small = enlarged(Path(tmp) / "half", half)
        report("half size", small, "", "")
        heading(
            f"   Full size ({full.sections * 41:,} rules, {full.pages} pages and "
            f"{full.examples} examples more), no PDF cached"
        )
        large = enlarged(Path(tmp) / "full", full)
        report("full size", large, "<= 5.00", "<= 60")
        heading(
            "   Growth: what the second half of the additions costs over what the first half "
            "does (linear: 1.00)"
        )
        for lang in LANGS:
            for n, what in ((0, "bytes"), (2, "CPU")):
                first, second = small[lang][n] - now[lang][n], large[lang][n] - small[lang][n]
                figure(
                    f"{lang} PDF {what}, second half / first half",
                    second / max(first, 1e-9),
                    "×",
                    "<= 1.25",
                )


if __name__ == "__main__":
    main()
