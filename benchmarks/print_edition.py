"""The print edition: each language's PDF, its size and the time the build spends making it.

1. Today's site: a copy built with its print edition and no PDF cached, so the build prints
   both. Targets: each PDF at most 3 MB; both made in at most 15 s of CPU (the build's own
   and Chromium's, which Chromium itself counts: on a machine other work shares, the clock
   moves far more). The build reports each edition's time; the same copy built without the
   print edition gives a check on that account, on the clock.
2. At full size (the copy ``full_size_site.py`` builds: about 2,000 rules per language, 60
   more pages with 40 citations and 5 examples each, 300 more examples): the same figures, for
   reference (no target).

``--tiny`` runs the second only, on a copy of today's site with one page and two examples
more: every step of the first, in one build.

Run: ``make bench`` or ``python benchmarks/print_edition.py [--tiny]``.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

from _bench import (
    EDITION,
    add_synthetic_rules,
    add_to_nav,
    build,
    copy_project,
    figure,
    heading,
    options,
)
from full_size_site import add_examples, add_pages

from rulebook import load_rulebook

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


def cold_build(project: Path) -> tuple[float, dict[str, tuple[int, float, float]]]:
    """A build with no PDF cached: (seconds on the clock, each edition's figures)."""
    shutil.rmtree(project / ".cache" / "print-edition", ignore_errors=True)
    start = time.monotonic()
    _, log = build(project)
    return time.monotonic() - start, editions(log)


def report(label: str, made: dict[str, tuple[int, float, float]], targets: bool) -> None:
    for lang in LANGS:
        size = made[lang][0]
        figure(f"{label}: {lang} PDF", size / 1e6, "MB", "<= 3.00" if targets else "")
    figure(f"{label}: both editions, on the clock", sum(made[lang][1] for lang in LANGS), "s")
    cpu = sum(made[lang][2] for lang in LANGS)
    figure(f"{label}: both editions, CPU", cpu, "s CPU", "<= 15" if targets else "")


def main() -> None:
    args = options(__doc__)
    sections, pages, citations, examples = (1, 1, 10, 2) if args.tiny else (49, 60, 40, 300)
    with tempfile.TemporaryDirectory() as tmp:
        if not args.tiny:
            today = copy_project(Path(tmp) / "today", print_edition=True)
            _, made = cold_build(today)  # a fresh copy: nothing cached
            without = copy_project(Path(tmp) / "without")
            build(without)  # warms its caches as the first build warmed today's
            start = time.monotonic()
            build(without)
            plain = time.monotonic() - start
            clock, _ = cold_build(today)
            heading("1. Today's site, no PDF cached")
            report("today's site", made, targets=True)
            figure(
                "today's site: build with editions minus without, on the clock", clock - plain, "s"
            )

        full = copy_project(Path(tmp) / "full", print_edition=True)
        add_synthetic_rules(full, sections)
        numbers = [r.number.text for r in load_rulebook(full / "rules", EDITION, LANGS)]
        ids = add_examples(full, examples)
        add_to_nav(full, add_pages(full, pages, citations, ids, numbers))
        _, made = cold_build(full)
        heading(
            f"2. Full size: {len(numbers):,} rules, {pages} more pages and {examples} more "
            "examples per language, no PDF cached"
        )
        report("full size", made, targets=False)


if __name__ == "__main__":
    main()
