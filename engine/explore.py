"""Every choice players may make in a combat, one run each: the orders of abilities going on
the chain together, and each player's combat damage assignment.

Players' choices come one after another, and a later one may depend on an
earlier one (an order can decide which abilities trigger next; an assignment
which units die), so the runs are explored depth first: each run records how
many options each choice had, and the next run changes the last choice that has
an option left to try. A run need not start from the move: before each damage
step a run leaves a copy of itself, and the next run whose choices agree up to
there plays on from that copy (the board before the choice it changes).

Bounded: at most ``MAX_SIMULTANEOUS`` abilities of one player at once,
``MAX_ASSIGNMENTS`` assignments for one player, and ``limit`` runs in all; past
any of them, one clear error.

>>> from pathlib import Path
>>> from engine.loader import load_scenario
>>> runs = every_order(load_scenario(Path("examples/whole-combat.yml")))
>>> len(runs), runs[0].choices  # no player had several abilities at once: one run
(1, ())
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from diagnostics import ProblemsFound
from engine import refusals as R
from engine.combat import CombatRun, Outcome, run_combat
from engine.orders import MAX_ORDERS, Explorer, StatedOrders, key_of
from engine.scenario import Scenario, StatedOrder

OrderKey = tuple[tuple[str, ...], ...]
# A run's assignments in turn: each one's step (``r1-assign-attacker``), player and amounts.
AssignmentKey = tuple[tuple[str, str, tuple[tuple[str, int], ...]], ...]
# Exploring orders and assignments together is bounded by this many runs.
MAX_RUNS = 5_000


class Exploration:
    """Every possible run of a combat, played a few at a time (``advance``): one outcome per
    run, the scenario's own choices (or the engine's defaults) first. ``orders``: every order
    of abilities going on the chain together; ``assignments``: every legal assignment of
    combat damage; the kinds not explored are made as the scenario states them. ``reuse``:
    start each run from the copy an earlier run left before the damage step it changes
    (``False``: every run from the move; the same outcomes)."""

    def __init__(
        self,
        scenario: Scenario,
        orders: bool = True,
        assignments: bool = True,
        limit: int = MAX_RUNS,
        reuse: bool = True,
    ) -> None:
        self.scenario, self.orders, self.assignments = scenario, orders, assignments
        self.limit, self.reuse = limit, reuse
        self.outcomes: list[Outcome] = []
        # The choices taken before a damage step (their indices) → a copy of the run paused
        # there, and the explorer's record of those choices.
        self.kept: dict[tuple[int, ...], tuple[CombatRun, list[tuple[int, int]]]] = {}
        self.prefix: tuple[int, ...] | None = ()

    @property
    def done(self) -> bool:
        return self.prefix is None

    def keep(self, run: Any, taken: list[tuple[int, int]]) -> None:
        if self.reuse:
            self.kept[tuple(index for _, index in taken)] = (run.fork(run.chooser), taken)

    def advance(self, runs: int) -> bool:
        """Play at most ``runs`` more runs; whether every run has now been played
        (ProblemsFound past a bound)."""
        scenario, prefix = self.scenario, self.prefix
        for _ in range(runs):
            if prefix is None:
                break
            if len(self.outcomes) == self.limit:
                said = R.TOO_MANY_ORDERS if not self.assignments else R.TOO_MANY_CHOICES
                line = scenario.combat.line
                raise ProblemsFound([R.refuse(scenario.path, line, said, count=self.limit)])
            explorer = Explorer(
                prefix,
                scenario.path,
                scenario.combat.line,
                self.orders,
                self.assignments,
                keep=self.keep,
            )
            kept = self.kept
            start = next(
                (kept[prefix[:k]] for k in range(len(prefix), -1, -1) if prefix[:k] in kept),
                None,
            )
            if start is None:
                self.outcomes.append(CombatRun(scenario, explorer, boards=False).run())
            else:
                paused, taken = start
                explorer.taken = list(taken)
                self.outcomes.append(paused.fork(explorer).proceed())
            prefix = self.prefix = explorer.next_prefix()
        return prefix is None


def every_choice(
    scenario: Scenario,
    orders: bool = True,
    assignments: bool = True,
    limit: int = MAX_RUNS,
    reuse: bool = True,
) -> list[Outcome]:
    """One outcome per possible run (``Exploration``, played to the end)."""
    exploration = Exploration(scenario, orders, assignments, limit, reuse)
    while not exploration.advance(limit + 1):
        pass
    return exploration.outcomes


def every_order(scenario: Scenario, limit: int = MAX_ORDERS) -> list[Outcome]:
    """One outcome per possible order of abilities going on the chain together (the order
    the abilities triggered in comes first); assignments as the scenario states them."""
    return every_choice(scenario, orders=True, assignments=False, limit=limit)


def with_orders(scenario: Scenario, orders: tuple[StatedOrder, ...]) -> Scenario:
    """``scenario`` with ``orders`` stated instead of its own ``combat.trigger_order``."""
    return replace(scenario, combat=replace(scenario.combat, trigger_order=orders))


def run_stated(scenario: Scenario, orders: tuple[StatedOrder, ...]) -> Outcome:
    """``scenario`` played under ``orders`` (each must be used, or ProblemsFound)."""
    return run_combat(
        with_orders(scenario, orders), StatedOrders(orders, scenario.path), boards=False
    )


def order_key(outcome: Outcome) -> OrderKey:
    return key_of(outcome.choices)


def assignment_key(outcome: Outcome) -> AssignmentKey:
    return tuple((a.step, a.player, a.amounts) for a in outcome.assignments)
