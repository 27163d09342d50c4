"""Compare a scenario's expected outcome with the engine's, field by field.

What a scenario expects is checked against the run shown (the orders it
states). ``other_trigger_orders`` checks what other orders of abilities give,
each under its own order; ``every_trigger_order`` (or ``every_order=True``)
runs every order players may choose and checks the expectations under each
order that has none of its own. A mismatch under another order names it, in
the form ``combat.trigger_order`` takes, so it can be pasted there.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from diagnostics import ProblemsFound
from engine.combat import Outcome
from engine.explore import OrderKey, every_order, order_key, run_stated
from engine.loader import dotted, stated_orders
from engine.orders import order_text
from engine.scenario import Scenario
from engine.steps import step_kinds_named
from engine.trace import Snapshot, Step

UNIT_FIELDS = ("zone", "might", "damage", "controller")
NodePath = tuple[str | int, ...]
# Fields of ``expected`` that say which runs to check, not what a run gives.
ORDER_FIELDS = ("every_trigger_order", "other_trigger_orders")


def expected_of(outcome: Outcome) -> dict[str, Any]:
    """What the engine gave, as a scenario's ``expected`` states it: ``compare`` finds no
    mismatch between it and the same outcome (the editor writes it into a downloaded file)."""
    return {
        "result": (
            {"winner": outcome.winner, "loser": outcome.loser}
            if outcome.winner and outcome.loser
            else "none"
        ),
        "restaged": outcome.restaged,
        "control": outcome.control_after or "none",
        "conquer": (
            {"player": outcome.conquered_by, "points": outcome.points_scored}
            if outcome.conquered_by
            else "none"
        ),
        "scores": dict(outcome.scores),
        "killed": list(outcome.killed),
        "recalled": list(outcome.recalled),
    }


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
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(sorted(str(v) for v in value)) + "]"
    return str(value)


def in_order(values: list[str] | tuple[str, ...]) -> str:
    """A list whose order matters, as written."""
    return "[" + ", ".join(values) + "]"


def result_of(outcome: Outcome) -> str:
    return f"{outcome.winner} wins, {outcome.loser} loses" if outcome.winner else "none"


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


def compare(scenario: Scenario, outcome: Outcome, every_order: bool = False) -> list[Mismatch]:
    """Every difference between ``scenario.expected`` and ``outcome`` (the run shown), then
    under the other orders the scenario expects something of (all of them if ``every_order``).
    """
    expected = scenario.expected or {}
    found = list(_compare(scenario, outcome, expected, ("expected",), ""))
    if expected.get("other_trigger_orders") or every_order or expected.get("every_trigger_order"):
        every = every_order or bool(expected.get("every_trigger_order"))
        found += _other_orders(scenario, outcome, expected, every)
    return found


def _other_orders(
    s: Scenario, shown: Outcome, expected: Mapping[str, Any], every: bool
) -> Iterator[Mismatch]:
    shown_key = order_key(shown)
    listed: dict[OrderKey, int] = {}
    for i, other in enumerate(expected.get("other_trigger_orders", [])):
        at: NodePath = ("expected", "other_trigger_orders", i)
        field = f"{dotted(at[1:])}.trigger_order"
        line = s.line_of(*at, "trigger_order")
        try:
            run = run_stated(
                s, stated_orders(other["trigger_order"], s.lines, (*at, "trigger_order"))
            )
        except ProblemsFound as problems:
            for problem in problems.problems:
                yield Mismatch(s.path, problem.line, field, "a possible order", problem.message)
            continue
        key = order_key(run)
        if key == shown_key:
            yield Mismatch(s.path, line, field, "another order than the run shown", order_text(key))
        elif key in listed:
            yield Mismatch(
                s.path,
                line,
                field,
                "an order not listed above",
                f"the order of other_trigger_orders.{listed[key]}: {order_text(key)}",
            )
        else:
            listed[key] = i
            yield from _compare(s, run, other, at, under(key))
    if not every:
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
    if len(runs) == 1 and expected.get("every_trigger_order"):  # the file says so: untrue
        yield Mismatch(
            s.path,
            s.line_of("expected", "every_trigger_order"),
            "every_trigger_order",
            "abilities that wait together, in more than one order",
            "one order only: no player has several abilities waiting at once",
        )
    own = {k: v for k, v in expected.items() if k not in ORDER_FIELDS}
    for run in runs:
        key = order_key(run)
        if key != shown_key and key not in listed:
            yield from _compare(s, run, own, ("expected",), under(key))


def under(key: OrderKey) -> str:
    return f" under trigger_order {order_text(key)}"


def _compare(
    s: Scenario, o: Outcome, expected: Mapping[str, Any], base: NodePath, label: str
) -> Iterator[Mismatch]:
    def mismatch(field: str, want: str, got: str, *at: str | int) -> Mismatch:
        return Mismatch(s.path, s.line_of(*base, *at), field + label, want, got)

    def differ(field: str, want: Any, got: Any, *at: str | int) -> Iterator[Mismatch]:
        if show(want) != show(got):
            yield mismatch(field, show(want), show(got), *at)

    if "result" in expected:
        want = expected["result"]
        if want != "none":
            want = f"{want['winner']} wins, {want['loser']} loses"
        yield from differ("result", want, result_of(o), "result")
    if "restaged" in expected:
        yield from differ("restaged", expected["restaged"], o.restaged, "restaged")
    if "control" in expected:
        yield from differ("control", expected["control"], o.control_after, "control")
    if "conquer" in expected:
        want = expected["conquer"]
        got = f"{o.conquered_by} +{o.points_scored}" if o.conquered_by else "none"
        if want != "none":
            want = f"{want['player']} +{want['points']}"
        yield from differ("conquer", want, got, "conquer")
    for player, score in expected.get("scores", {}).items():
        yield from differ(f"scores.{player}", score, o.scores.get(player), "scores", player)
    for key in ("killed", "recalled"):
        if key in expected:
            yield from differ(key, expected[key], getattr(o, key), key)
    final = o.steps[-1].board
    yield from _units(s, final, expected.get("units", {}), (*base, "units"), "units", label)
    yield from _absence(s, final, o.steps, expected, base, "", label)
    if "step_order" in expected:
        yield from _step_order(s, o.steps, expected["step_order"], base, label)
    steps = {step.id: index for index, step in enumerate(o.steps)}
    for i, point in enumerate(expected.get("checkpoints", [])):
        index = steps.get(point["step"])
        name = f"checkpoints[{point['step']}]"
        if index is None:
            yield mismatch(
                f"{name}.step",
                point["step"],
                "no such step (see `python -m engine run FILE`)",
                "checkpoints",
                i,
                "step",
            )
            continue
        board = o.steps[index].board
        if "control" in point:
            yield from differ(
                f"{name}.control", point["control"], board.controller, "checkpoints", i, "control"
            )
        at: NodePath = (*base, "checkpoints", i)
        yield from _units(s, board, point.get("units", {}), (*at, "units"), f"{name}.units", label)
        yield from _absence(s, board, o.steps[: index + 1], point, at, f"{name}.", label)
        if "chain" in point and list(point["chain"]) != list(board.chain):
            yield mismatch(
                f"{name}.chain",
                in_order(point["chain"]),
                in_order(board.chain),
                "checkpoints",
                i,
                "chain",
            )


def _units(
    s: Scenario,
    board: Snapshot,
    wanted: Mapping[str, Mapping[str, Any]],
    at: NodePath,
    name: str,
    label: str,
) -> Iterator[Mismatch]:
    for unit_id, fields in wanted.items():
        got = unit_fields(board, unit_id)
        for field, want in fields.items():
            value = got[field] if got else "not on the board"
            if show(want) != show(value):
                yield Mismatch(
                    s.path,
                    s.line_of(*at, unit_id, field),
                    f"{name}.{unit_id}.{field}{label}",
                    show(want),
                    show(value),
                )


def _absence(
    s: Scenario,
    board: Snapshot,
    steps: tuple[Step, ...],
    block: Mapping[str, Any],
    at: NodePath,
    name: str,
    label: str,
) -> Iterator[Mismatch]:
    """``absent_units``, ``absent_steps`` and ``designations`` of one block, on ``board``."""
    for i, unit_id in enumerate(block.get("absent_units", [])):
        state = board.unit(unit_id)
        if state is not None:
            yield Mismatch(
                s.path,
                s.line_of(*at, "absent_units", i),
                f"{name}absent_units.{unit_id}{label}",
                "absent",
                f"exists ({state.zone.value})",
            )
    for i, kind in enumerate(block.get("absent_steps", [])):
        kinds = step_kinds_named(kind)
        happened = [step.id for step in steps if step.kind in kinds]
        if happened:
            yield Mismatch(
                s.path,
                s.line_of(*at, "absent_steps", i),
                f"{name}absent_steps.{kind}{label}",
                "no such step",
                in_order(happened),
            )
    if "designations" in block:
        yield from _designations(s, board, block["designations"], at, name, label)


def _designations(
    s: Scenario, board: Snapshot, wanted: Any, at: NodePath, name: str, label: str
) -> Iterator[Mismatch]:
    players = dict(board.designations)
    if wanted == "none":
        held = [f"{u.id}: {u.designation.value}" for u in board.units if u.designation]
        held += [f"{p}: {d.value}" for p, d in players.items() if d]
        if held:
            yield Mismatch(
                s.path,
                s.line_of(*at, "designations"),
                f"{name}designations{label}",
                "none",
                in_order(held),
            )
        return
    for key, want in wanted.items():
        if key in players:
            got = show(players[key])
        else:
            state = board.unit(key)
            got = show(state.designation) if state else "not on the board"
        if show(want) != got:
            yield Mismatch(
                s.path,
                s.line_of(*at, "designations", key),
                f"{name}designations.{key}{label}",
                show(want),
                got,
            )


def _step_order(
    s: Scenario, steps: tuple[Step, ...], wanted: list[str], base: NodePath, label: str
) -> Iterator[Mismatch]:
    position = {step.id: index for index, step in enumerate(steps)}
    missing = [(i, step_id) for i, step_id in enumerate(wanted) if step_id not in position]
    for i, step_id in missing:
        yield Mismatch(
            s.path,
            s.line_of(*base, "step_order", i),
            f"step_order.{step_id}{label}",
            "a step",
            "no such step (see `python -m engine run FILE`)",
        )
    if missing:
        return
    actual = sorted(wanted, key=position.__getitem__)
    if actual != list(wanted):
        yield Mismatch(
            s.path,
            s.line_of(*base, "step_order"),
            f"step_order{label}",
            in_order(wanted),
            in_order(actual),
        )
