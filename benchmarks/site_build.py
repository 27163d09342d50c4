"""Site build benchmarks, each measured in one run and printed as ratios.

1. The full-size rules browser: the real site vs. the same site with a
   synthetic ~2,000-rule text in both languages. Targets: under 2x the
   excerpt site's build time; no generated page over 300 KB.
2. Worked examples: the real site (cold example cache) vs. the same pages
   without example directives and without examples. Target: at most 1.10.
3. A rebuild after a prose-only edit reads 0 scenario files (from the build
   summary): it plays every example again (a tenth of reading one), so every verdict
   comes from a run of the build that shows it.

Run: ``make bench`` or ``python benchmarks/site_build.py [--tiny]``.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from pathlib import Path

from _bench import add_synthetic_rules, best_of, build, copy_project, figure, heading, options

DIRECTIVE = re.compile(r"^\[\[(example|stepper):[^\]]*\]\]\s*$", re.M)
SUMMARY = re.compile(r"examples: (\d+) run, .*?(\d+) files read, (\d+) engine runs")


def without_examples(project: Path) -> None:
    for folder in ("docs", "docs_fr"):
        for page in (project / folder).rglob("*.md"):
            page.write_text(DIRECTIVE.sub("", page.read_text(encoding="utf-8")), encoding="utf-8")
    shutil.rmtree(project / "examples")
    (project / "examples").mkdir()


def largest_generated_page(project: Path) -> tuple[str, int]:
    site = project / "site"
    pages = list(site.glob("rules-browser/*.html")) + list(site.glob("fr/rules-browser/*.html"))
    largest = max(pages, key=lambda p: p.stat().st_size)
    return str(largest.relative_to(site)), largest.stat().st_size


def engine_runs(log: str) -> tuple[int, int, int]:
    """(examples run, scenario files read, engine runs) from the build summary."""
    found = SUMMARY.search(log)
    if found is None:
        sys.exit(f"no examples summary in the build log:\n{log[-2000:]}")
    return int(found[1]), int(found[2]), int(found[3])


def main() -> None:
    args = options(__doc__)
    runs, sections = (1, 2) if args.tiny else (5, 59)
    with tempfile.TemporaryDirectory() as tmp:
        real = copy_project(Path(tmp) / "real")
        full = copy_project(Path(tmp) / "full")
        bare = copy_project(Path(tmp) / "bare")
        count = add_synthetic_rules(full, sections)
        without_examples(bare)

        build(real)  # warm up imports and the OS file cache
        real_time = best_of(real, runs)
        full_time = best_of(full, runs)
        name, size = largest_generated_page(full)
        heading(f"1. Full-size rules browser (best of {runs})")
        figure("excerpt site build", real_time, "s CPU")
        figure(f"with {count} synthetic rules more", full_time, "s CPU")
        figure("full-size / excerpt", full_time / real_time, "×", "< 2.00")
        figure(f"largest generated page ({name})", size / 1024, "KB", "<= 300 KB", digits=0)

        colds = []
        for _ in range(runs):  # best of as many cold builds as warm ones below: same noise
            shutil.rmtree(real / ".cache" / "examples", ignore_errors=True)  # runs, not Pyodide
            colds.append(build(real))
        cold, summary = min(colds)
        bare_time = best_of(bare, runs)
        examples, _, cold_runs = engine_runs(summary)
        heading(
            f"2. Worked examples ({examples} examples, {cold_runs} engine runs, best of {runs})"
        )
        figure("with examples (cold cache)", cold, "s CPU")
        figure("without", bare_time, "s CPU")
        figure("with / without examples", cold / bare_time, "×", "<= 1.10")

        page = real / "docs" / "glossary.md"
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace("The game terms", "The game terms (edited)"), encoding="utf-8")
        _, summary = build(real)
        heading("3. Rebuild after a prose-only edit")
        figure("scenario files read", engine_runs(summary)[1], "", "0", digits=0)


if __name__ == "__main__":
    main()
