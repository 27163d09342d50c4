"""Build scenarios for tests as the YAML an author would write, through the real loader."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from engine import Outcome, Scenario, parse_scenario, run_combat
from engine.trace import Snapshot, Step, UnitState


def unit(uid: str, owner: str, might: int, at: str = "battlefield", **extra: Any) -> dict[str, Any]:
    return {"id": uid, "name": uid.title(), "owner": owner, "might": might, "at": at, **extra}


def dying_warden(recruit_at: str) -> dict[str, Any]:
    """A 3 Might defender whose death ability plays a 1 Might Recruit at its base or here."""
    recruit = {"id": "recruit", "name": "Recruit", "might": 1, "at": recruit_at}
    return unit("defender", "blue", 3, abilities=[{"when": "dies", "play_unit": recruit}])


def scenario_yaml(
    units: list[dict[str, Any]],
    move: list[str],
    rounds: list[dict[str, Any]] | None = None,
    controller: str = "blue",
    scored: tuple[str, ...] = (),
    expected: dict[str, Any] | None = None,
    scores: dict[str, int] | None = None,
    combat: dict[str, Any] | None = None,
) -> str:
    scores = scores or {}
    data: dict[str, Any] = {
        "id": "test",
        "title": {"en": "Test", "fr": "Test"},
        "caption": {"en": "Test", "fr": "Test"},
        "players": [
            {"id": "red", "name": {"en": "Red", "fr": "Rouge"}, "score": scores.get("red", 0)},
            {"id": "blue", "name": {"en": "Blue", "fr": "Bleu"}, "score": scores.get("blue", 0)},
        ],
        "battlefield": {"name": "Hill", "controller": controller, "scored_this_turn": list(scored)},
        "units": units,
        "combat": {"attacker": "red", "move": move, **(combat or {})},
    }
    if expected is not None:
        data["expected"] = expected
    if rounds is not None:
        data["combat"]["rounds"] = rounds
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def build(*args: Any, **kwargs: Any) -> Scenario:
    return parse_scenario(scenario_yaml(*args, **kwargs), "test.yml")


def play(*args: Any, **kwargs: Any) -> Outcome:
    return run_combat(build(*args, **kwargs))


def step(outcome: Outcome, step_id: str) -> Step:
    return next(s for s in outcome.steps if s.id == step_id)


def unit_state(board: Snapshot, unit_id: str) -> UnitState:
    """The unit as ``board`` shows it; the test fails, naming the unit, if the board lacks it."""
    state = board.unit(unit_id)
    if state is None:
        pytest.fail(f"no unit {unit_id!r} on the board: {[u.id for u in board.units]}")
    return state
