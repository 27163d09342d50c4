"""What an outcome says, typed once: the result, another combat staged, control, the Conquer,
the scores, the units killed and recalled, and where every unit ended.

Read by the comparison with what a scenario expects (``engine.check``), the JSON report and
the command line's one-line summary (``engine.report``), the in-browser editor's "how it
differs" line (``browser_engine.entry``) and the rendered outcome (``worked_examples.render``).
Two summaries are equal when they mean the same: units are compared by id, never by the order
in which a run created them.

>>> from pathlib import Path
>>> from engine import load_scenario, run_combat
>>> summary = run_combat(load_scenario(Path("examples/whole-combat.yml"))).summary
>>> summary.result, summary.control, summary.conquer
(Result(winner='red', loser='blue'), 'red', Conquest(player='red', points=1))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.model import Zone


@dataclass(frozen=True)
class Result:
    """Who won the combat: nobody (No Result) when ``winner`` is None."""

    winner: str | None = None
    loser: str | None = None

    @property
    def none(self) -> bool:
        return self.winner is None


@dataclass(frozen=True)
class Conquest:
    player: str
    points: int


@dataclass(frozen=True)
class UnitEnd:
    """A unit as the combat left it: where, whose zone (its controller's base, its owner's
    trash), its controller, Might and damage."""

    zone: Zone
    zone_player: str
    controller: str
    might: int
    damage: int


@dataclass(frozen=True)
class Summary:
    result: Result
    restaged: bool
    fought: bool  # whether a combat took place: a showdown may end without one (341)
    control_before: str | None
    control: str | None
    conquer: Conquest | None
    scores: Mapping[str, int] = field(default_factory=dict)
    killed: tuple[str, ...] = ()
    recalled: tuple[str, ...] = ()
    units: Mapping[str, UnitEnd] = field(default_factory=dict)

    def as_expected(self) -> dict[str, Any]:
        """What the engine gave, as a scenario's ``expected`` states it (the editor writes it
        into a downloaded file; ``engine.check`` finds no mismatch between the two)."""
        return {
            "result": (
                {"winner": self.result.winner, "loser": self.result.loser}
                if self.result.winner and self.result.loser
                else "none"
            ),
            "restaged": self.restaged,
            "control": self.control or "none",
            "conquer": (
                {"player": self.conquer.player, "points": self.conquer.points}
                if self.conquer
                else "none"
            ),
            "scores": dict(self.scores),
            "killed": list(self.killed),
            "recalled": list(self.recalled),
        }

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values (``from_json`` reads them back as the same summary)."""
        return {
            "result": {"winner": self.result.winner, "loser": self.result.loser},
            "restaged": self.restaged,
            "fought": self.fought,
            "control_before": self.control_before,
            "control": self.control,
            "conquer": (
                {"player": self.conquer.player, "points": self.conquer.points}
                if self.conquer
                else None
            ),
            "scores": dict(self.scores),
            "killed": list(self.killed),
            "recalled": list(self.recalled),
            "units": {
                unit_id: {
                    "zone": unit.zone.value,
                    "player": unit.zone_player,
                    "controller": unit.controller,
                    "might": unit.might,
                    "damage": unit.damage,
                }
                for unit_id, unit in self.units.items()
            },
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Summary:
        """The summary ``to_json`` wrote; ValueError (or KeyError, TypeError) for anything
        else."""
        conquer = data["conquer"]
        return cls(
            result=Result(data["result"]["winner"], data["result"]["loser"]),
            restaged=bool(data["restaged"]),
            fought=bool(data["fought"]),
            control_before=data["control_before"],
            control=data["control"],
            conquer=Conquest(str(conquer["player"]), int(conquer["points"])) if conquer else None,
            scores={str(p): int(s) for p, s in data["scores"].items()},
            killed=tuple(str(u) for u in data["killed"]),
            recalled=tuple(str(u) for u in data["recalled"]),
            units={
                str(unit_id): UnitEnd(
                    Zone(unit["zone"]),
                    str(unit["player"]),
                    str(unit["controller"]),
                    int(unit["might"]),
                    int(unit["damage"]),
                )
                for unit_id, unit in data["units"].items()
            },
        )
