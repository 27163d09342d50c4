"""What every benchmark shares: the ``--tiny`` switch, figures, sandbox copies, real builds.

Each ``benchmarks/*.py`` not starting with ``_`` is a benchmark: ``make bench``
runs them all, and ``tests/test_benchmarks.py`` runs each once with ``--tiny``
(every code path, small inputs, no timing assertion). A benchmark prints each
of its results with ``figure()``: that is how the test knows it printed them.
Files starting with ``_`` (this one) are helpers, not benchmarks.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the fixtures the tests build sites with (tests/fixtures)

from rulebook.convert import convert_official_text  # noqa: E402
from tests.fixtures.sandbox import copy_sources  # noqa: E402
from tests.fixtures.synthetic_rules import synthetic_official_text  # noqa: E402

# tests/test_benchmarks.py sets it: each figure is also written there, one JSON object a line.
FIGURES_FILE = "BENCH_FIGURES"
EDITION = "core-rules-1.4"


def options(description: str | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(description or "").split("\n\n")[0])
    parser.add_argument(
        "--tiny",
        action="store_true",
        help="run every measurement once on tiny inputs (for CI: checks the benchmark runs)",
    )
    return parser.parse_args()


def figure(label: str, value: float, unit: str = "", target: str = "", digits: int = 2) -> None:
    """Print one result (with its target beside it) and record it for the benchmark test."""
    if not math.isfinite(value):
        sys.exit(f"{label}: not a number ({value})")
    shown = f"{value:,.{digits}f}{unit if unit in ('×', '%') else ' ' + unit if unit else ''}"
    beside = f"  (target {target})" if target else ""
    print(f"  {label}: {shown}{beside}", flush=True)
    record = os.environ.get(FIGURES_FILE)
    if record:
        with open(record, "a", encoding="utf-8") as out:
            entry = {"label": label, "value": value, "unit": unit, "target": target}
            out.write(json.dumps(entry, ensure_ascii=False) + "\n")


def heading(text: str) -> None:
    print(text, flush=True)


def copy_project(target: Path, print_edition: bool = False) -> Path:
    """A copy of the site's sources that builds (see ``tests.fixtures.sandbox``); with its print
    edition if asked."""
    try:
        return copy_sources(ROOT, target, print_edition)
    except FileNotFoundError as error:
        sys.exit(f"{error} (`make bench` runs it)")


def add_synthetic_rules(project: Path, sections: int) -> int:
    """Merge a synthetic rules text (41 rules a section) into both languages' files."""
    raw, numbers = synthetic_official_text(sections)  # sections 100..796: no clash with real rules
    for lang in ("en", "fr"):
        converted = convert_official_text(raw, "synthetic", {})
        if lang == "fr":
            converted = converted.replace(" says ", " dit ")
        file = project / "rules" / f"{EDITION}.{lang}.txt"
        file.write_text(file.read_text(encoding="utf-8") + "\n" + converted, encoding="utf-8")
    return len(numbers)


def add_to_nav(project: Path, pages: list[str]) -> None:
    """List new pages in the copy's nav (an omitted page fails a --strict build)."""
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    if "\nnav:\n" not in text:
        sys.exit(f"{config}: no top-level nav: to add {pages[0]} to")
    entries = "".join(f"  - {page}\n" for page in pages)
    config.write_text(text.replace("\nnav:\n", f"\nnav:\n{entries}", 1), encoding="utf-8")


def build(project: Path, *extra: str, strict: bool = True) -> tuple[float, str]:
    """A real ``mkdocs build [--strict]`` of ``project``: (seconds, log); exits if it fails.

    The seconds are the build's CPU time (user + system, its subprocesses included): on a
    machine other work shares, that moves far less than the time on the clock."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", *(["--strict"] if strict else []), *extra]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(
        [*command, "-f", str(project / "mkdocs.yml")],
        capture_output=True,
        text=True,
        env=env,
        cwd=project,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    elapsed = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if result.returncode != 0:
        sys.exit(f"build of {project} failed:\n{result.stderr[-4000:]}")
    return elapsed, result.stderr


def best_of(project: Path, runs: int) -> float:
    return min(build(project)[0] for _ in range(runs))
