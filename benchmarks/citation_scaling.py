"""Citations scale linearly: one long page (both languages) of 1, 2 and 4 MB.

The page cites a rule every ~130 bytes (the rules in turn, as an article
does), the same citations in English and French (the build checks parity).
Each size is a real ``mkdocs build --strict`` of a copy of the site; the
time of the same copy without the long page is subtracted, and what is left
is divided by the number of citations. Target: the seconds per citation grow
at most 1.2× per doubling of the page (linear time: 1.0×).

Run: ``make bench`` or ``python benchmarks/citation_scaling.py [--tiny]``.
"""

from __future__ import annotations

import tempfile
from itertools import cycle
from pathlib import Path

from _bench import ROOT, add_to_nav, build, copy_project, figure, heading, options

from rulebook import load_rulebook

PAGE = "long-page.md"
STRIDE = 130  # bytes per citation, about
# About 115 bytes each; with its citation and a space, about STRIDE.
SENTENCES = {
    "en": "Sentence {n} of this long page explains one more point of a combat, "
    "step by step, and rests on the rule cited here.",
    "fr": "La phrase {n} de cette longue page explique un autre point du combat, "
    "pas à pas, et repose sur la règle citée.",
}
TITLES = {"en": "# A long page\n\n", "fr": "# Une longue page\n\n"}
PER_PARAGRAPH = 8
PER_SECTION = 400  # a heading every 400 citations
FLOOR = 0.01  # seconds: a page too small to measure still gives a finite ratio


def long_page(lang: str, citations: int, numbers: list[str]) -> str:
    """The page's Markdown in ``lang``: ``citations`` sentences, each citing the next rule."""
    parts = [TITLES[lang]]
    rules = cycle(numbers)
    for count in range(citations):
        if count % PER_SECTION == 0:
            title = f"## {'Part' if lang == 'en' else 'Partie'} {count // PER_SECTION + 1}\n\n"
            parts.append(title)
        chunk = f"{SENTENCES[lang].format(n=count + 1)}[[{next(rules)}]]"
        chunk += " " if (count + 1) % PER_PARAGRAPH else "\n\n"
        parts.append(chunk)
    return "".join(parts)


def main() -> None:
    args = options(__doc__)
    sizes = [16 * 1024, 32 * 1024, 64 * 1024] if args.tiny else [m * 1024 * 1024 for m in (1, 2, 4)]
    numbers = [
        rule.number.text for rule in load_rulebook(ROOT / "rules", "core-rules-1.4", ("en", "fr"))
    ]
    with tempfile.TemporaryDirectory() as tmp:
        project = copy_project(Path(tmp) / "project")
        build(project)  # warm up imports, the OS file cache and the example cache
        base, _ = build(project)
        add_to_nav(project, [PAGE])
        heading(f"Citation scaling: one page per language, a citation every ~{STRIDE} bytes")
        figure("base build (no long page)", base, "s CPU")
        previous: float | None = None
        for size in sizes:
            count = size // STRIDE
            for lang, folder in (("en", "docs"), ("fr", "docs_fr")):
                text = long_page(lang, count, numbers)
                (project / folder / PAGE).write_text(text, encoding="utf-8")
            elapsed, _ = build(project)
            per_citation = max(elapsed - base, FLOOR) / count
            name = f"{size // 1024} KB" if size < 1024 * 1024 else f"{size // 1024 // 1024} MB"
            figure(f"{name} page, {count:,} citations: build", elapsed, "s CPU")
            figure(f"{name} page: per citation", per_citation * 1000, "ms CPU", digits=3)
            if previous is not None:
                figure(f"{name} page: growth per doubling", per_citation / previous, "×", "<= 1.20")
            previous = per_citation


if __name__ == "__main__":
    main()
