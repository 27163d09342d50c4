"""Site build benchmarks, each measured in one run and printed as ratios.

1. The full-size rules browser: the real site vs. the same site with a
   synthetic ~2,000-rule text in both languages. Targets: under 2x the
   excerpt site's build time; no generated page over 300 KB.
2. Worked examples: the real site (cold example cache) vs. the same pages
   without example directives and without examples. Target: at most 1.10.
3. A rebuild after a prose-only edit runs the engine 0 times (from the
   build summary).

Run by hand: ``make bench`` or ``python benchmarks/site_build.py``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the fixtures the tests build sites with

from rulebook.convert import convert_official_text  # noqa: E402
from tests.fixtures.sandbox import copy_sources  # noqa: E402
from tests.fixtures.synthetic_rules import synthetic_official_text  # noqa: E402

EDITION = "core-rules-1.4"
DIRECTIVE = re.compile(r"^\[\[(example|stepper):[^\]]*\]\]\s*$", re.M)


def copy_project(target: Path) -> Path:
    return copy_sources(ROOT, target)


def build(project: Path) -> tuple[float, str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(project / "mkdocs.yml")],
        capture_output=True,
        text=True,
        env=env,
    )
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"build of {project} failed:\n{result.stderr}")
    return elapsed, result.stderr


def best_of(project: Path, runs: int = 3) -> float:
    return min(build(project)[0] for _ in range(runs))


def add_synthetic_rules(project: Path) -> int:
    """Merge a ~2,000-rule synthetic text into both languages' rules files."""
    raw, numbers = synthetic_official_text(
        sections=59
    )  # sections 100..796: no clash with real rules
    for lang in ("en", "fr"):
        converted = convert_official_text(raw, "synthetic", {})
        if lang == "fr":
            converted = converted.replace(" says ", " dit ")
        file = project / "rules" / f"{EDITION}.{lang}.txt"
        file.write_text(file.read_text() + "\n" + converted)
    return len(numbers)


def without_examples(project: Path) -> None:
    for folder in ("docs", "docs_fr"):
        for page in (project / folder).rglob("*.md"):
            page.write_text(DIRECTIVE.sub("", page.read_text()))
    shutil.rmtree(project / "examples")
    (project / "examples").mkdir()


def largest_generated_page(project: Path) -> tuple[str, int]:
    site = project / "site"
    pages = list(site.glob("rules-browser/*.html")) + list(site.glob("fr/rules-browser/*.html"))
    largest = max(pages, key=lambda p: p.stat().st_size)
    return str(largest.relative_to(site)), largest.stat().st_size


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        real = copy_project(Path(tmp) / "real")
        full = copy_project(Path(tmp) / "full")
        bare = copy_project(Path(tmp) / "bare")
        count = add_synthetic_rules(full)
        without_examples(bare)

        build(real)  # warm up imports and the OS file cache
        real_time = best_of(real)
        full_time = best_of(full)
        name, size = largest_generated_page(full)
        print("1. Full-size rules browser")
        print(
            f"   excerpt site: {real_time:.2f} s; with {count} synthetic rules more: {full_time:.2f} s"
        )
        print(f"   ratio {full_time / real_time:.2f} (target < 2.00)")
        print(f"   largest generated page: {name}, {size / 1024:.0f} KB (target <= 300 KB)")

        shutil.rmtree(real / ".cache", ignore_errors=True)
        cold, summary = build(real)
        bare_time = best_of(bare)
        print("2. Worked examples")
        print(f"   with examples (cold cache): {cold:.2f} s; without: {bare_time:.2f} s")
        print(f"   ratio {cold / bare_time:.2f} (target <= 1.10)")
        print(f"   {summary_line(summary)}")

        page = real / "docs" / "glossary.md"
        page.write_text(page.read_text().replace("The game terms", "The game terms (edited)"))
        _, summary = build(real)
        print("3. Rebuild after a prose-only edit")
        print(f"   {summary_line(summary)}")


def summary_line(log: str) -> str:
    return next(
        (line.split(" -  ", 1)[-1] for line in log.splitlines() if "examples:" in line),
        "no summary",
    )


if __name__ == "__main__":
    main()
