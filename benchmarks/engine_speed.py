"""Engine speed, in-process: scenarios per second for a typical example and for a 50-unit board.

Target: at least 5,000 typical scenarios per second on a 2-core machine, so
verifying hundreds of examples costs nothing next to the site build.
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
TARGET = 5_000


def rate(scenario: Scenario, seconds: float = 2.0) -> float:
    runs, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(50):
            run_combat(scenario)
        runs += 50
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
    typical_rate, big_rate = rate(typical, seconds), rate(big, seconds)
    heading(f"Engine speed ({seconds:g} s each)")
    figure(f"typical example ({len(typical.units)} units)", typical_rate, "scenarios/s", digits=0)
    figure("50-unit board", big_rate, "scenarios/s", digits=0)
    figure(f"typical / {TARGET:,} per s", typical_rate / TARGET, "×", ">= 1.00")


if __name__ == "__main__":
    main()
