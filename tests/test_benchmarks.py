"""Benchmarks cannot rot: each ``benchmarks/*.py`` runs once at tiny size and prints its figures.

No timing is asserted: the point is that ``make bench`` still works and still
measures what it says. A new benchmark is picked up by the glob (helpers start
with ``_``); it must take ``--tiny`` and print its results with ``_bench.figure``.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

BENCHMARKS = sorted(p for p in (ROOT / "benchmarks").glob("*.py") if not p.name.startswith("_"))
# Not a timing assertion: a bound on a script that ignores --tiny and runs at full size.
HANG_GUARD = 600
# Run by `make bench-tiny` (CI runs it after `make test`), not by `make test`.
pytestmark = pytest.mark.bench_tiny


def test_the_benchmarks_are_found() -> None:
    names = {p.stem for p in BENCHMARKS}
    assert {
        "engine_speed",
        "site_build",
        "citation_scaling",
        "full_size_site",
        "print_edition",
    } <= names


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda p: p.stem)
def test_benchmark_runs_at_tiny_size_and_prints_its_figures(script: Path, tmp_path: Path) -> None:
    record = tmp_path / "figures.jsonl"
    env = {**os.environ, "BENCH_FIGURES": str(record), "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(
        [sys.executable, str(script), "--tiny"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=HANG_GUARD,
    )
    output = f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    assert result.returncode == 0, output
    assert "Traceback" not in result.stderr, output
    assert record.is_file(), f"{script.name} printed no figure with _bench.figure()\n{output}"
    figures = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert figures, output
    labels = [entry["label"] for entry in figures]
    assert len(labels) == len(set(labels)), f"two figures with one label: {labels}"
    printed = result.stdout.splitlines()
    for entry in figures:
        assert math.isfinite(entry["value"])
        line = next((row for row in printed if row.strip().startswith(entry["label"] + ":")), "")
        assert line, f"figure {entry['label']!r} not printed\n{output}"
        if entry["target"]:
            assert f"(target {entry['target']}" in line, line
