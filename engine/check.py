"""Compare a scenario's expected outcome with the engine's, field by field."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.combat import Outcome
from engine.scenario import Scenario
from engine.trace import Snapshot

UNIT_FIELDS = ("zone", "might", "damage", "controller")


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


def compare(scenario: Scenario, outcome: Outcome) -> list[Mismatch]:
    """Every difference between ``scenario.expected`` and ``outcome``."""
    return list(_compare(scenario, outcome, scenario.expected or {}))


def _compare(s: Scenario, o: Outcome, expected: Mapping[str, Any]) -> Iterator[Mismatch]:
    def differ(field: str, want: Any, got: Any, *at: str | int) -> Iterator[Mismatch]:
        if show(want) != show(got):
            yield Mismatch(s.path, s.line_of("expected", *at), field, show(want), show(got))

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
    yield from _units(s, final, expected.get("units", {}), ("units",), "units")
    steps = {step.id: step for step in o.steps}
    for i, point in enumerate(expected.get("checkpoints", [])):
        step = steps.get(point["step"])
        label = f"checkpoints[{point['step']}]"
        if step is None:
            yield Mismatch(
                s.path,
                s.line_of("expected", "checkpoints", i, "step"),
                f"{label}.step",
                point["step"],
                "no such step (see `python -m engine run FILE`)",
            )
            continue
        if "control" in point:
            yield from differ(
                f"{label}.control",
                point["control"],
                step.board.controller,
                "checkpoints",
                i,
                "control",
            )
        yield from _units(
            s, step.board, point.get("units", {}), ("checkpoints", i, "units"), f"{label}.units"
        )


def _units(
    s: Scenario,
    board: Snapshot,
    wanted: Mapping[str, Mapping[str, Any]],
    at: tuple[str | int, ...],
    label: str,
) -> Iterator[Mismatch]:
    for unit_id, fields in wanted.items():
        got = unit_fields(board, unit_id)
        for field, want in fields.items():
            value = got[field] if got else "not on the board"
            if show(want) != show(value):
                yield Mismatch(
                    s.path,
                    s.line_of("expected", *at, unit_id, field),
                    f"{label}.{unit_id}.{field}",
                    show(want),
                    show(value),
                )
