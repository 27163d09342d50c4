"""Compare what a scenario expects (``engine.scenario.Expected``) with the engine's outcome.

What a scenario expects is checked against the run shown (the orders it states).
``other_trigger_orders`` checks what other orders of abilities give, each under its own
order; ``differs_under`` names orders whose outcome must differ from the one shown;
``every_trigger_order`` (or ``every_order=True``) runs every order players may choose and
checks the expectations under each order that has none of its own. A mismatch under another
order names it, in the form ``combat.trigger_order`` takes, so it can be pasted there.
Outcomes are compared by what they mean (``engine.summary``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from diagnostics import NodePath, ProblemsFound
from engine.combat import Outcome, run_combat
from engine.explore import (
    AssignmentKey,
    OrderKey,
    assignment_key,
    every_choice,
    every_order,
    order_key,
    run_stated,
)
from engine.orders import order_text
from engine.scenario import (
    UNSTATED,
    Absence,
    Checkpoint,
    Expectation,
    Expected,
    Scenario,
    StatedOrder,
    UnitCheck,
)
from engine.steps import step_kinds_named
from engine.summary import Conquest, Result, Summary
from engine.trace import Record, Snapshot


@dataclass(frozen=True)
class Mismatch:
    """One field where the documented outcome and the engine disagree."""

    path: str
    line: int
    field: str
    expected: str
    engine: str

    def __str__(self) -> str:
        return (
            f"{self.path}:{self.line} {self.field}: expected={self.expected} engine={self.engine}"
        )


def show(value: Any) -> str:
    """A value as a mismatch says it (a list in sorted order: its order is not checked)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, Result):
        return f"{value.winner} wins, {value.loser} loses" if value.winner else "none"
    if isinstance(value, Conquest):
        return f"{value.player} +{value.points}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(sorted(str(v) for v in value)) + "]"
    return str(value)


def in_order(values: list[str] | tuple[str, ...]) -> str:
    """A list whose order matters, as written."""
    return "[" + ", ".join(values) + "]"


def summary_line(summary: Summary) -> str:
    """What an outcome means, in one line: the result, control, the Conquer, where units are
    (by id, in id order: how a run created them does not matter)."""
    units = ", ".join(
        f"{unit_id} {summary.units[unit_id].zone.value}" for unit_id in sorted(summary.units)
    )
    return (
        f"result: {show(summary.result)}; control: {show(summary.control)}; "
        f"conquer: {show(summary.conquer)}; units: {units}"
    )


def compare(scenario: Scenario, outcome: Outcome, every_order: bool = False) -> list[Mismatch]:
    """Every difference between ``scenario.expected`` and ``outcome`` (the run shown), then
    under the other orders the scenario expects something of (all of them if ``every_order``).
    """
    expected = scenario.expected
    if expected is None:
        return []
    found = list(Comparison(scenario, outcome, expected.shown, "").mismatches())
    if expected.others or expected.differs_under or every_order or expected.every_order:
        found += _other_orders(scenario, outcome, expected, every_order or expected.every_order)
    if expected.other_assignments or expected.every_assignment:
        found += _other_assignments(scenario, outcome, expected)
    return found


def with_assignment(
    scenario: Scenario, round_number: int, assign: Mapping[str, Mapping[str, int]]
) -> Scenario:
    """``scenario`` with ``assign`` stated in round ``round_number`` (1, 2…): for the players
    it names, instead of what that round states (a player's own ``assign`` comes before the
    older ``damage``)."""
    rounds = list(scenario.combat.rounds)
    script = rounds[round_number - 1]
    rounds[round_number - 1] = replace(script, assign={**script.assign, **assign})
    return replace(scenario, combat=replace(scenario.combat, rounds=tuple(rounds)))


def assignment_text(key: AssignmentKey) -> str:
    """``r1 red: {a: 3, b: 1}; r1 blue: {c: 2}``: the assignments of a run, each with its
    round, as ``assign`` states them."""
    return "; ".join(
        f"{step.split('-')[0]} {player}: "
        f"{{{', '.join(f'{unit}: {amount}' for unit, amount in amounts if amount)}}}"
        for step, player, amounts in key
    )


def _other_assignments(s: Scenario, shown: Outcome, expected: Expected) -> Iterator[Mismatch]:
    shown_key = assignment_key(shown)
    listed: set[AssignmentKey] = set()
    for other in expected.other_assignments:
        at = other.expectation.at
        field = ".".join(str(p) for p in at[1:])
        if not 1 <= other.round <= len(s.combat.rounds):
            yield Mismatch(
                s.path,
                s.line_of(*at, "round"),
                f"{field}.round",
                f"a showdown and combat of the scenario (1 to {len(s.combat.rounds)})",
                str(other.round),
            )
            continue
        try:
            run = run_combat(with_assignment(s, other.round, other.assign), boards=False)
        except ProblemsFound as problems:
            first = problems.problems[0]
            yield Mismatch(
                s.path,
                first.line,
                f"{field}.assign",
                "an assignment players may make",
                first.message,
            )
            continue
        key = assignment_key(run)
        if key == shown_key:
            yield Mismatch(
                s.path,
                s.line_of(*at, "assign"),
                f"{field}.assign",
                "another assignment than the run shown",
                assignment_text(key),
            )
            continue
        listed.add(key)
        label = f" under assign {assignment_text(key)}"
        yield from Comparison(s, run, other.expectation, label).mismatches()
    if not expected.every_assignment:
        return
    try:
        runs = every_choice(s, orders=False, assignments=True)
    except ProblemsFound as problems:
        for problem in problems.problems:
            yield Mismatch(
                s.path,
                s.line_of("expected", "every_assignment"),
                "every_assignment",
                "every assignment verified",
                problem.message,
            )
        return
    if len(runs) == 1:  # the file says so: untrue
        yield Mismatch(
            s.path,
            s.line_of("expected", "every_assignment"),
            "every_assignment",
            "a player with more than one legal assignment",
            "one assignment only: no player has a choice of how to assign",
        )
    for run in runs:
        key = assignment_key(run)
        if key != shown_key and key not in listed:
            label = f" under assign {assignment_text(key)}"
            yield from Comparison(s, run, expected.shown, label).mismatches()


def _other_orders(
    s: Scenario, shown: Outcome, expected: Expected, every: bool
) -> Iterator[Mismatch]:
    shown_key = order_key(shown)
    listed: dict[OrderKey, NodePath] = {}
    broken = False  # an order listed that cannot be played: said once, nothing derived from it

    def played(orders: tuple[StatedOrder, ...], at: NodePath) -> Outcome | Mismatch:
        field = ".".join(str(p) for p in at[1:])
        try:
            run = run_stated(s, orders)
        except ProblemsFound as problems:
            first = problems.problems[0]
            return Mismatch(s.path, first.line, field, "an order players may choose", first.message)
        key = order_key(run)
        line = s.line_of(*at)
        if key == shown_key:
            return Mismatch(
                s.path, line, field, "another order than the run shown", order_text(key)
            )
        if key in listed:
            other = ".".join(str(p) for p in listed[key][1:])
            return Mismatch(
                s.path,
                line,
                field,
                "an order not listed above",
                f"the order of {other}: {order_text(key)}",
            )
        listed[key] = at
        return run

    for other in expected.others:
        at = (*other.expectation.at, "trigger_order")
        run = played(other.orders, at)
        if isinstance(run, Mismatch):
            broken = True
            yield run
        else:
            yield from Comparison(s, run, other.expectation, under(order_key(run))).mismatches()
    for i, orders in enumerate(expected.differs_under):
        at = ("expected", "differs_under", i)
        run = played(orders, at)
        if isinstance(run, Mismatch):
            broken = True
            yield run
        elif run.summary == shown.summary:
            yield Mismatch(
                s.path,
                s.line_of(*at),
                f"differs_under.{i}",
                "an outcome other than the one shown",
                f"the same outcome under {order_text(order_key(run))} ({summary_line(run.summary)})",
            )
    if not every or broken:
        return
    try:
        runs = every_order(s)
    except ProblemsFound as problems:
        for problem in problems.problems:
            yield Mismatch(
                s.path,
                s.line_of("expected", "every_trigger_order"),
                "every_trigger_order",
                "every order verified",
                problem.message,
            )
        return
    if len(runs) == 1 and expected.every_order:  # the file says so: untrue
        yield Mismatch(
            s.path,
            s.line_of("expected", "every_trigger_order"),
            "every_trigger_order",
            "abilities that wait together, in more than one order",
            "one order only: no player has several abilities waiting at once",
        )
    for run in runs:
        key = order_key(run)
        if key != shown_key and key not in listed:
            yield from Comparison(s, run, expected.shown, under(key)).mismatches()


def under(key: OrderKey) -> str:
    return f" under trigger_order {order_text(key)}"


def unit_fields(snapshot: Snapshot, unit_id: str) -> dict[str, Any] | None:
    state = snapshot.unit(unit_id)
    if state is None:
        return None
    return {
        "zone": state.zone,
        "might": state.might,
        "damage": state.damage,
        "controller": state.controller,
    }


@dataclass
class Comparison:
    """One run against one expectation; ``label`` names the run's order when it is not the
    one shown."""

    s: Scenario
    run: Outcome
    want: Expectation
    label: str

    def mismatch(self, field: str, want: str, got: str, at: NodePath) -> Mismatch:
        return Mismatch(self.s.path, self.s.line_of(*at), field + self.label, want, got)

    def differ(self, field: str, want: Any, got: Any, at: NodePath) -> Iterator[Mismatch]:
        if show(want) != show(got):
            yield self.mismatch(field, show(want), show(got), at)

    def mismatches(self) -> Iterator[Mismatch]:
        want, summary, base = self.want, self.run.summary, self.want.at
        if want.result is not UNSTATED:
            yield from self.differ("result", want.result, summary.result, (*base, "result"))
        if want.restaged is not UNSTATED:
            yield from self.differ("restaged", want.restaged, summary.restaged, (*base, "restaged"))
        if want.control is not UNSTATED:
            yield from self.differ("control", want.control, summary.control, (*base, "control"))
        if want.conquer is not UNSTATED:
            yield from self.differ("conquer", want.conquer, summary.conquer, (*base, "conquer"))
        for player, score in want.scores.items():
            got = summary.scores.get(player)
            yield from self.differ(f"scores.{player}", score, got, (*base, "scores", player))
        if want.killed is not UNSTATED:
            yield from self.differ("killed", want.killed, summary.killed, (*base, "killed"))
        if want.recalled is not UNSTATED:
            yield from self.differ("recalled", want.recalled, summary.recalled, (*base, "recalled"))
        final = self.run.final
        yield from self.units(final, want.units, (*base, "units"), "units")
        yield from self.absence(final, self.run.trace, want.absence, base, "")
        if want.step_order:
            yield from self.step_order(want.step_order, base)
        index = {step_id: n for n, (step_id, *_) in enumerate(self.run.trace)}
        for point in want.checkpoints:
            yield from self.checkpoint(point, index)

    def checkpoint(self, point: Checkpoint, index: Mapping[str, int]) -> Iterator[Mismatch]:
        name = f"checkpoints[{point.step}]"
        n = index.get(point.step)
        if n is None:
            yield self.mismatch(
                f"{name}.step",
                point.step,
                "no such step (see `python -m engine run FILE`)",
                (*point.at, "step"),
            )
            return
        step = self.run.steps[n]
        board = step.board
        if point.kind is not None and step.kind not in step_kinds_named(point.kind):
            yield self.mismatch(f"{name}.kind", point.kind, step.key, (*point.at, "kind"))
        if point.control is not UNSTATED:
            yield from self.differ(
                f"{name}.control", point.control, board.controller, (*point.at, "control")
            )
        yield from self.units(board, point.units, (*point.at, "units"), f"{name}.units")
        yield from self.absence(board, self.run.trace[: n + 1], point.absence, point.at, f"{name}.")
        if point.chain is not None and list(point.chain) != list(board.chain):
            yield self.mismatch(
                f"{name}.chain", in_order(point.chain), in_order(board.chain), (*point.at, "chain")
            )

    def units(
        self, board: Snapshot, wanted: Mapping[str, UnitCheck], at: NodePath, name: str
    ) -> Iterator[Mismatch]:
        for unit_id, check in wanted.items():
            got = unit_fields(board, unit_id)
            for field in ("zone", "might", "damage", "controller"):
                want = getattr(check, field)
                if want is None:
                    continue
                value = got[field] if got else "not on the board"
                yield from self.differ(
                    f"{name}.{unit_id}.{field}", want, value, (*at, unit_id, field)
                )

    def absence(
        self, board: Snapshot, steps: tuple[Record, ...], gone: Absence, at: NodePath, name: str
    ) -> Iterator[Mismatch]:
        """``absent_units``, ``absent_steps`` and ``designations`` of one block, on ``board``."""
        for i, unit_id in enumerate(gone.units):
            state = board.unit(unit_id)
            if state is not None:
                yield self.mismatch(
                    f"{name}absent_units.{unit_id}",
                    "absent",
                    f"exists ({state.zone.value})",
                    (*at, "absent_units", i),
                )
        for i, kind in enumerate(gone.steps):
            kinds = step_kinds_named(kind)
            happened = [step_id for step_id, _, kind, _ in steps if kind in kinds]
            if happened:
                yield self.mismatch(
                    f"{name}absent_steps.{kind}",
                    "no such step",
                    in_order(happened),
                    (*at, "absent_steps", i),
                )
        wanted = gone.designations
        if wanted is None:
            return
        players = dict(board.designations)
        if wanted.nobody:
            held = [f"{u.id}: {u.designation.value}" for u in board.units if u.designation]
            held += [f"{p}: {d.value}" for p, d in players.items() if d]
            if held:
                yield self.mismatch(
                    f"{name}designations", "none", in_order(held), (*at, "designations")
                )
            return
        for key, want in wanted.each.items():
            if key in players:
                got = show(players[key])
            else:
                state = board.unit(key)
                got = show(state.designation) if state else "not on the board"
            if show(want) != got:
                yield self.mismatch(
                    f"{name}designations.{key}", show(want), got, (*at, "designations", key)
                )

    def step_order(self, wanted: tuple[str, ...], base: NodePath) -> Iterator[Mismatch]:
        position = {step_id: index for index, (step_id, *_) in enumerate(self.run.trace)}
        missing = [(i, step_id) for i, step_id in enumerate(wanted) if step_id not in position]
        for i, step_id in missing:
            yield self.mismatch(
                f"step_order.{step_id}",
                "a step",
                "no such step (see `python -m engine run FILE`)",
                (*base, "step_order", i),
            )
        if missing:
            return
        actual = sorted(wanted, key=position.__getitem__)
        if actual != list(wanted):
            yield self.mismatch(
                "step_order", in_order(wanted), in_order(actual), (*base, "step_order")
            )
