"""What every benchmark shares: the ``--tiny`` switch, figures and their records, sandbox
copies, real builds measured in CPU time, paired rounds.

Each ``benchmarks/*.py`` not starting with ``_`` is a benchmark: ``make bench``
runs them all, and ``tests/test_benchmarks.py`` runs each once with ``--tiny``
(every code path, small inputs, no timing assertion). A benchmark prints each
of its results with ``figure()``, its target beside it and whether it is met: that is how
the test knows it printed them. A full run (not ``--tiny``) also appends each figure to
the records file (``benchmarks/records.jsonl``, one JSON object a line, with the day, the
commit and the machine's cores), which is where measured times are kept: the README
names the commands, not their times. Files starting with ``_`` (this one) are helpers,
not benchmarks.

Speed is CPU time (a child's own account, ``os.wait4``, or ``time.process_time``), never
a rate on the clock, which other work on the machine moves; a comparison of two programs
is the median of paired rounds (A, B, A, B…, each pair run within the same minute), which
holds when the machine's speed drifts.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the fixtures the tests build sites with (tests/fixtures)

from rulebook.convert import convert_official_text  # noqa: E402
from tests.fixtures.sandbox import copy_sources  # noqa: E402
from tests.fixtures.synthetic_rules import synthetic_official_text  # noqa: E402

# tests/test_benchmarks.py sets it: each figure is also written there, one JSON object a line.
FIGURES_FILE = "BENCH_FIGURES"
# Where a full run appends its figures (another file: BENCH_RECORDS=path).
RECORDS_FILE = "BENCH_RECORDS"
RECORDS = ROOT / "benchmarks" / "records.jsonl"
EDITION = "core-rules-1.4"
# Set by options(): the script's name, and whether this run is a full one (recorded).
_run: dict[str, object] = {"name": Path(sys.argv[0]).stem, "record": False}


def options(description: str | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(description or "").split("\n\n")[0])
    parser.add_argument(
        "--tiny",
        action="store_true",
        help="run every measurement once on tiny inputs (for CI: checks the benchmark runs)",
    )
    args = parser.parse_args()
    _run["record"] = not args.tiny
    return args


TARGET = re.compile(r"^(<=|>=|<|>|=)?\s*(-?[\d,]*\.?\d+)")


def met(value: float, target: str) -> bool | None:
    """Whether ``value`` meets ``target`` (``<= 1.20``, ``>= 10,000``, ``0``); None if the
    target says no number."""
    found = TARGET.match(target.strip())
    if found is None:
        return None
    bound = float(found[2].replace(",", ""))
    compare: dict[str, Callable[[float, float], bool]] = {
        "<=": lambda a, b: a <= b,
        ">=": lambda a, b: a >= b,
        "<": lambda a, b: a < b,
        ">": lambda a, b: a > b,
        "=": lambda a, b: a == b,
    }
    return compare[found[1] or "="](value, bound)


def figure(label: str, value: float, unit: str = "", target: str = "", digits: int = 2) -> None:
    """Print one result (with its target beside it, and whether it is met) and record it."""
    if not math.isfinite(value):
        sys.exit(f"{label}: not a number ({value})")
    shown = f"{value:,.{digits}f}{unit if unit in ('×', '%') else ' ' + unit if unit else ''}"
    verdict = met(value, target) if target else None
    said = "" if verdict is None else (": met" if verdict else ": NOT MET")
    beside = f"  (target {target}{said})" if target else ""
    print(f"  {label}: {shown}{beside}", flush=True)
    entry = {"label": label, "value": value, "unit": unit, "target": target, "met": verdict}
    record = os.environ.get(FIGURES_FILE)
    if record:
        append(Path(record), entry)
    if _run["record"]:
        append(Path(os.environ.get(RECORDS_FILE) or RECORDS), {**stamp(), **entry})


def append(file: Path, entry: dict[str, object]) -> None:
    with open(file, "a", encoding="utf-8") as out:
        out.write(json.dumps(entry, ensure_ascii=False) + "\n")


_stamp: dict[str, object] = {}


def stamp() -> dict[str, object]:
    """What a record says of its run: the day, the commit measured, the benchmark, the cores."""
    if not _stamp:
        commit = subprocess.run(
            ["git", "describe", "--always", "--dirty"],
            capture_output=True,
            text=True,
            cwd=ROOT,
        ).stdout.strip()
        _stamp.update(
            date=datetime.now(UTC).strftime("%Y-%m-%d %H:%M"),
            commit=commit or "outside git",
            benchmark=_run["name"],
            cores=os.cpu_count(),
        )
    return _stamp


def heading(text: str) -> None:
    print(text, flush=True)


def copy_project(target: Path, print_edition: bool = False) -> Path:
    """A copy of the site's sources that builds (see ``tests.fixtures.sandbox``); with its print
    edition if asked. It packs the in-browser engine from the project's own cache: the same
    pack in every copy (its cost is not what a benchmark measures), made once."""
    try:
        project = copy_sources(ROOT, target, print_edition)
    except FileNotFoundError as error:
        sys.exit(f"{error} (`make bench` runs it)")
    shared = ROOT / ".cache" / "browser-engine"
    shared.mkdir(parents=True, exist_ok=True)
    (project / ".cache").mkdir(exist_ok=True)
    (project / ".cache" / "browser-engine").symlink_to(shared, target_is_directory=True)
    return project


def add_synthetic_rules(project: Path, sections: int, one_chapter: bool = False) -> int:
    """Merge a synthetic rules text (41 rules a section) into both languages' files: its
    sections spread over seven chapters, or (``one_chapter``) all in chapter 500."""
    # Sections 100, 112… 796, or 500, 502… 598: no clash with real rules.
    first, stride = (500, 2) if one_chapter else (100, 12)
    raw, numbers = synthetic_official_text(sections, first, stride)
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


@dataclass(frozen=True)
class Run:
    """A finished process: its CPU seconds (user + system, its own and those of every process
    it waited for), the peak memory of the largest of them (MB), and what it wrote."""

    cpu: float
    memory: float
    stdout: str
    stderr: str
    returncode: int


def run(command: Sequence[str], cwd: Path, env: dict[str, str] | None = None) -> Run:
    """Run ``command`` to its end and take its own account of what it used (``os.wait4``:
    that process alone, not the other children of this one)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(list(command), stdout=out, stderr=err, cwd=cwd, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(
            usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss / 1024,  # KB on Linux
            out.read().decode(errors="replace"),
            err.read().decode(errors="replace"),
            process.returncode,
        )


def build_run(project: Path, *extra: str, strict: bool = True) -> Run:
    """A real ``mkdocs build [--strict]`` of ``project``; exits if it fails."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", *(["--strict"] if strict else []), *extra]
    result = run([*command, "-f", str(project / "mkdocs.yml")], project, env)
    if result.returncode != 0:
        sys.exit(f"build of {project} failed:\n{result.stderr[-4000:]}")
    return result


def build(project: Path, *extra: str, strict: bool = True) -> tuple[float, str]:
    """A real ``mkdocs build [--strict]`` of ``project``: (CPU seconds, log); exits if it
    fails."""
    result = build_run(project, *extra, strict=strict)
    return result.cpu, result.stderr


def paired(*programs: Callable[[], Run], rounds: int) -> list[tuple[Run, ...]]:
    """Each program once a round, in turn (A, B, A, B…): the runs of each round."""
    return [tuple(program() for program in programs) for _ in range(rounds)]


def median_ratio(rounds: Sequence[tuple[Run, ...]], a: int, b: int, memory: bool = False) -> float:
    """The median over the rounds of program ``a``'s CPU (or memory) over program ``b``'s."""
    if memory:
        return median(r[a].memory / r[b].memory for r in rounds)
    return median(r[a].cpu / r[b].cpu for r in rounds)


def best(rounds: Sequence[tuple[Run, ...]], n: int) -> Run:
    """Program ``n``'s run of least CPU."""
    return min((r[n] for r in rounds), key=lambda found: found.cpu)
