"""Engine speed, in-process: combats per CPU second, for a typical example and a 50-unit board.

Two paths: a combat asked only for its outcome (exploring every order or assignment, checking
a scenario: no board recorded but the last) and a combat recorded whole (a worked example,
the editor's answer: the board after every step). CPU time (``time.process_time``), never the
clock: a busy machine slows the clock, not the engine. Targets: at least 10,000 typical combats
and 3,000 on the 50-unit board per CPU second, for the outcome path, so that exploring every
choice of a combat in the reader's browser (several times slower under Pyodide) waits for
nothing.
Run: ``make bench`` or ``python benchmarks/engine_speed.py [--tiny]``.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from _bench import figure, heading, options

from engine import Scenario, load_scenario, run_combat
from engine.model import Zone
from engine.scenario import CombatScript, Round, UnitSpec

ROOT = Path(__file__).resolve().parents[1]
TYPICAL_TARGET = 10_000
BIG_TARGET = 3_000


def rate(scenario: Scenario, seconds: float, boards: bool) -> float:
    """Combats per CPU second, over at least ``seconds`` of CPU."""
    runs, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(20):
            run_combat(scenario, boards=boards)
        runs += 20
    return runs / elapsed


def fifty_units(base: Scenario) -> Scenario:
    attackers = [UnitSpec(f"a{i}", {"en": f"A{i}"}, "red", 3 + i % 4, Zone.BASE) for i in range(25)]
    defenders = [
        UnitSpec(f"d{i}", {"en": f"D{i}"}, "blue", 2 + i % 5, Zone.BATTLEFIELD) for i in range(25)
    ]
    combat = CombatScript("red", tuple(u.id for u in attackers), (Round(),))
    return replace(base, units=tuple(attackers + defenders), combat=combat, expected=None)


def main() -> None:
    args = options(__doc__)
    seconds = 0.05 if args.tiny else 2.0
    typical = load_scenario(ROOT / "examples" / "whole-combat.yml")
    big = fifty_units(typical)
    heading(f"Engine speed (combats per CPU second, {seconds:g} CPU-s each)")
    for label, scenario, target in (
        (f"typical example ({len(typical.units)} units)", typical, TYPICAL_TARGET),
        ("50-unit board", big, BIG_TARGET),
    ):
        outcome_only = rate(scenario, seconds, boards=False)
        whole = rate(scenario, seconds, boards=True)
        figure(f"{label}, outcome only", outcome_only, "/CPU-s", f">= {target:,}", digits=0)
        figure(f"{label}, every board recorded", whole, "/CPU-s", digits=0)
        figure(f"{label}, outcome only / target", outcome_only / target, "×", ">= 1.00")


if __name__ == "__main__":
    main()
