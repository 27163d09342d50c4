"""Engine speed, in-process: combats per CPU second, for a typical example and a 50-unit board,
now and before this round's changes.

Two paths: a combat asked only for its outcome (exploring every order or assignment, checking
a scenario: no board recorded but the last) and a combat recorded whole (a worked example,
the editor's answer: the board after every step). CPU time (``time.process_time``), never the
clock: a busy machine slows the clock, not the engine. Targets: at least 10,000 typical combats
and 3,000 on the 50-unit board per CPU second, for the outcome path, so that exploring every
choice of a combat in the reader's browser (several times slower under Pyodide) waits for
nothing.

"Before": the engine as it was at ``BASELINE`` (the start of the round that added damage
assignment, the showdown's chains and the keywords), taken from git, timed in the same minute
as today's in alternating rounds (each in a process of its own); the ratio of the medians says
whether the new choices slowed a combat that has none open (target: at least 0.90 of before).
Run: ``make bench`` or ``python benchmarks/engine_speed.py [--tiny]``.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from _bench import figure, heading, options

ROOT = Path(__file__).resolve().parents[1]
TYPICAL_TARGET = 10_000
BIG_TARGET = 3_000
BASELINE = "82fd198"  # today's engine before the judge's combat (3 December 2026)
# The packages an engine needs, as a tree of either version has them.
ENGINE_PACKAGES = ("diagnostics", "vocabulary", "engine")

# One measurement, in a process of its own: ``tree`` on the path, combats per CPU second of
# the typical example and of the 50-unit board, with and without every board (the old engine
# has no outcome-only path: it always records boards).
MEASURE = """
import inspect, json, sys, time
from dataclasses import replace
from pathlib import Path
tree, seconds = sys.argv[1], float(sys.argv[2])
sys.path.insert(0, tree)
from engine import load_scenario, run_combat
from engine.model import Zone
from engine.scenario import CombatScript, Round, UnitSpec

typical = load_scenario(Path(tree) / "examples" / "whole-combat.yml")
attackers = [UnitSpec(f"a{i}", {"en": f"A{i}"}, "red", 3 + i % 4, Zone.BASE) for i in range(25)]
defenders = [UnitSpec(f"d{i}", {"en": f"D{i}"}, "blue", 2 + i % 5, Zone.BATTLEFIELD) for i in range(25)]
big = replace(
    typical,
    units=tuple(attackers + defenders),
    combat=CombatScript("red", tuple(u.id for u in attackers), (Round(),)),
    expected=None,
)
lazy = "boards" in inspect.signature(run_combat).parameters

def rate(scenario, boards):
    play = (lambda: run_combat(scenario, boards=boards)) if lazy else (lambda: run_combat(scenario))
    runs, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(20):
            play().summary
        runs += 20
    return runs / elapsed

print(json.dumps({
    "typical": rate(typical, False), "typical whole": rate(typical, True),
    "big": rate(big, False), "big whole": rate(big, True),
}))
"""


def measure(tree: Path, seconds: float) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(tree), str(seconds)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"measuring the engine of {tree} failed:\n{done.stderr}")
    rates: dict[str, float] = json.loads(done.stdout)
    return rates


def baseline(into: Path) -> Path | None:
    """The engine at ``BASELINE``, written out of git into ``into`` (None: this clone lacks
    that commit, e.g. a shallow one)."""
    paths = [*ENGINE_PACKAGES, "examples/whole-combat.yml"]
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", BASELINE, *paths],
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        return None
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def main() -> None:
    args = options(__doc__)
    seconds, rounds = (0.05, 1) if args.tiny else (1.5, 3)
    with tempfile.TemporaryDirectory() as folder:
        before_tree = baseline(Path(folder))
        now: list[dict[str, float]] = []
        before: list[dict[str, float]] = []
        for _ in range(rounds):  # alternating, so both see the same machine
            now.append(measure(ROOT, seconds))
            if before_tree is not None:
                before.append(measure(before_tree, seconds))

    def median(runs: list[dict[str, float]], key: str) -> float:
        return statistics.median(run[key] for run in runs)

    heading(f"Engine speed (combats per CPU second, {seconds:g} CPU-s each, {rounds} rounds)")
    for key, label, target in (
        ("typical", "typical example (4 units)", TYPICAL_TARGET),
        ("big", "50-unit board", BIG_TARGET),
    ):
        outcome_only = median(now, key)
        figure(f"{label}, outcome only", outcome_only, "/CPU-s", f">= {target:,}", digits=0)
        figure(f"{label}, every board recorded", median(now, f"{key} whole"), "/CPU-s", digits=0)
        figure(f"{label}, outcome only / target", outcome_only / target, "×", ">= 1.00")
        if before:
            # The engine before recorded every board: the same work, compared alike.
            ratio = median(now, f"{key} whole") / median(before, f"{key} whole")
            figure(
                f"{label}, every board recorded, now / before ({BASELINE})", ratio, "×", ">= 0.90"
            )
    if not before:
        heading(f"  (no before: this clone lacks commit {BASELINE})")


if __name__ == "__main__":
    main()
