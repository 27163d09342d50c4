"""Every order players may choose for abilities going on the chain together, one run each.

Players' choices come one after another, and a later one may depend on an
earlier one (an order can decide which abilities trigger next), so the runs
are explored depth first: each run records how many orders each choice had,
and the next run changes the last choice that has an order left to try.

Bounded: at most ``MAX_SIMULTANEOUS`` abilities of one player at once and
``MAX_ORDERS`` runs in all; past either, one clear error.

>>> from pathlib import Path
>>> from engine.loader import load_scenario
>>> runs = every_order(load_scenario(Path("examples/whole-combat.yml")))
>>> len(runs), runs[0].choices  # no player had several abilities at once: one run
(1, ())
"""

from __future__ import annotations

from dataclasses import replace

from diagnostics import ProblemsFound
from engine import refusals as R
from engine.combat import Outcome, run_combat
from engine.orders import MAX_ORDERS, Explorer, StatedOrders, key_of
from engine.scenario import Scenario, StatedOrder

OrderKey = tuple[tuple[str, ...], ...]


def every_order(scenario: Scenario, limit: int = MAX_ORDERS) -> list[Outcome]:
    """One outcome per possible order (the order the abilities triggered in comes first)."""
    outcomes: list[Outcome] = []
    prefix: tuple[int, ...] | None = ()
    while prefix is not None:
        if len(outcomes) == limit:
            raise ProblemsFound(
                [R.refuse(scenario.path, scenario.combat.line, R.TOO_MANY_ORDERS, count=limit)]
            )
        explorer = Explorer(prefix, scenario.path, scenario.combat.line)
        outcomes.append(run_combat(scenario, explorer))
        prefix = explorer.next_prefix()
    return outcomes


def with_orders(scenario: Scenario, orders: tuple[StatedOrder, ...]) -> Scenario:
    """``scenario`` with ``orders`` stated instead of its own ``combat.trigger_order``."""
    return replace(scenario, combat=replace(scenario.combat, trigger_order=orders))


def run_stated(scenario: Scenario, orders: tuple[StatedOrder, ...]) -> Outcome:
    """``scenario`` played under ``orders`` (each must be used, or ProblemsFound)."""
    return run_combat(with_orders(scenario, orders), StatedOrders(orders, scenario.path))


def order_key(outcome: Outcome) -> OrderKey:
    return key_of(outcome.choices)
