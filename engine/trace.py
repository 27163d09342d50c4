"""The trace: every step of a combat, the rules it applies and the board after it."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.model import IN_PLAY, Board, Designation, Zone
from engine.steps import StepKind


# Snapshots are taken after every step: NamedTuples keep that cheap (see benchmarks/).
class UnitState(NamedTuple):
    id: str
    zone: Zone
    # Whose base, trash or hand the unit is in (its controller's base, its owner's trash).
    zone_player: str
    controller: str
    might: int
    damage: int
    designation: Designation | None
    stunned: bool = False  # it deals no combat damage (a state an effect can give)


class Snapshot(NamedTuple):
    """The board after a step: what a reader sees."""

    units: tuple[UnitState, ...]
    controller: str | None
    scores: tuple[tuple[str, int], ...]
    designations: tuple[tuple[str, Designation | None], ...]
    combat_effects: int
    # The abilities on the chain, by name (an ability's id, or its unit's), oldest first: the
    # last resolves first.
    chain: tuple[str, ...] = ()

    @classmethod
    def of(cls, board: Board, chain: tuple[str, ...] = ()) -> Snapshot:
        # ``tuple.__new__`` builds each UnitState without the NamedTuple's Python-level
        # ``__new__``: a run that records its boards takes one per step
        # (benchmarks/engine_speed.py).
        new, state, in_play, might = tuple.__new__, UnitState, IN_PLAY, board.might
        # Might differs from printed only for a unit an effect targets, or one with a keyword.
        targets = {effect.target for effect in board.effects} if board.effects else ()
        units = tuple(
            [
                new(
                    state,
                    (
                        u.id,
                        u.zone,
                        u.controller,
                        u.controller,
                        might(u) if u.assault or u.shield or u.id in targets else u.might,
                        u.damage,
                        u.designation,
                        u.stunned,
                    ),
                )
                if u.zone in in_play
                else new(
                    state,
                    (u.id, u.zone, u.owner, u.controller, u.might, u.damage, u.designation, False),
                )
                for u in board.units.values()
            ]
        )
        players = board.players.values()
        return new(
            cls,
            (
                units,
                board.controller,
                tuple([(p.id, p.score) for p in players]),
                tuple([(p.id, p.designation) for p in players]),
                len(board.effects),
                chain,
            ),
        )

    def unit(self, unit_id: str) -> UnitState | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def changes_since(self, before: Snapshot | None) -> tuple[str, ...]:
        """Ids of what changed: unit ids, "controller", "score:<player>"."""
        if before is None:
            return ()
        old = {u.id: u for u in before.units}
        changed = [u.id for u in self.units if old.get(u.id) != u]
        if self.controller != before.controller:
            changed.append("controller")
        changed += [
            f"score:{p}"
            for (p, s), (_, t) in zip(self.scores, before.scores, strict=True)
            if s != t
        ]
        return tuple(changed)


# A step as a run records it: its id, phase, kind and parameters (``Step`` without the board).
Record = tuple[str, str, StepKind, Any]


class Step(NamedTuple):
    """One step of the procedure: its kind (``engine.steps``), parameters and the board after it.

    ``id`` is stable across runs and languages ("r1-cleanup-3b"): checkpoints,
    page anchors and tests refer to it.
    """

    id: str
    phase: str
    kind: StepKind
    params: Any  # an instance of ``kind.params``
    board: Snapshot

    @property
    def key(self) -> str:
        return self.kind.key

    def clauses_applied(self) -> tuple[str, ...]:
        """The fields of the clauses this step says (those whose parameter is not empty)."""
        return tuple(c.field for c in self.kind.clauses if getattr(self.params, c.field))

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules the step applies: its kind's, then those of each clause it says (and of
        each record a clause says, such as a replaced death's)."""
        extra: list[str] = []
        for clause in self.kind.clauses:
            value = getattr(self.params, clause.field)
            if not value:
                continue
            extra += clause.rules
            if clause.text is None:
                for record in value:
                    extra += getattr(record, "rules", ())
        return self.kind.rules + tuple(n for n in dict.fromkeys(extra) if n not in self.kind.rules)

    @property
    def quiet(self) -> bool:
        """The rule applied but changed nothing."""
        return self.kind.quiet and not self.clauses_applied()


def changes(steps: tuple[Step, ...] | list[Step], index: int) -> tuple[str, ...]:
    """What step ``index`` changed since the step before it (for highlighting)."""
    return steps[index].board.changes_since(steps[index - 1].board if index else None)
