"""Site build benchmarks, each a ratio of two builds in paired rounds (A, B, A, B…: the
median of the rounds' ratios), in CPU seconds.

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

from _bench import (
    Run,
    add_synthetic_rules,
    best,
    build,
    build_run,
    copy_project,
    figure,
    heading,
    median_ratio,
    options,
    paired,
)

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
    rounds, sections = (1, 2) if args.tiny else (3, 59)
    with tempfile.TemporaryDirectory() as tmp:
        real = copy_project(Path(tmp) / "real")
        full = copy_project(Path(tmp) / "full")
        bare = copy_project(Path(tmp) / "bare")
        count = add_synthetic_rules(full, sections)
        without_examples(bare)

        for project in (real, full, bare):
            build(project)  # warm up imports, the OS file cache and the example cache
        runs = paired(lambda: build_run(real), lambda: build_run(full), rounds=rounds)
        name, size = largest_generated_page(full)
        heading(f"1. Full-size rules browser ({rounds} paired rounds)")
        figure("excerpt site build (best)", best(runs, 0).cpu, "s CPU")
        figure(f"with {count} synthetic rules more (best)", best(runs, 1).cpu, "s CPU")
        figure(
            "full-size / excerpt (median of the rounds)", median_ratio(runs, 1, 0), "×", "< 2.00"
        )
        figure(f"largest generated page ({name})", size / 1024, "KB", "<= 300 KB", digits=0)

        def cold() -> Run:
            shutil.rmtree(real / ".cache" / "examples", ignore_errors=True)  # runs, not Pyodide
            return build_run(real)

        runs = paired(cold, lambda: build_run(bare), rounds=rounds)
        examples, _, cold_runs = engine_runs(best(runs, 0).stderr)
        heading(
            f"2. Worked examples ({examples} examples, {cold_runs} engine runs, "
            f"{rounds} paired rounds)"
        )
        figure("with examples, cold cache (best)", best(runs, 0).cpu, "s CPU")
        figure("without (best)", best(runs, 1).cpu, "s CPU")
        figure(
            "with / without examples (median of the rounds)",
            median_ratio(runs, 0, 1),
            "×",
            "<= 1.10",
        )

        page = real / "docs" / "glossary.md"
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace("The game terms", "The game terms (edited)"), encoding="utf-8")
        _, summary = build(real)
        heading("3. Rebuild after a prose-only edit")
        figure("scenario files read", engine_runs(summary)[1], "", "0", digits=0)


if __name__ == "__main__":
    main()
