"""A scenario: the board before a combat, what happens in it, and what it should give.

Loaded from YAML by ``engine.loader``; plain frozen data here, so tests and
benchmarks can build scenarios in Python too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Any, Final

from diagnostics import NodePath
from engine.effects import Ability, Effect
from engine.model import Board, Designation, Name, Player, Unit, Zone
from engine.summary import Conquest, Result


@dataclass(frozen=True)
class UnitSpec:
    id: str
    name: Name
    owner: str
    might: int
    zone: Zone
    controller: str | None = None
    damage: int = 0
    abilities: tuple[Ability, ...] = ()
    cant_move: bool = False
    instead_of_dying: Zone | None = None
    keeps_death_trigger: bool = False
    assault: int = 0
    shield: int = 0
    tank: bool = False
    stunned: bool = False
    cant_be_dealt_damage: bool = False
    line: int = 0


@dataclass(frozen=True)
class PlayerSpec:
    id: str
    name: Name
    score: int = 0


@dataclass(frozen=True)
class ShowdownPlay:
    """Something a player plays in the showdown, e.g. "+2 Might this combat"."""

    player: str
    effect: Effect
    line: int = 0


@dataclass(frozen=True)
class Round:
    """One showdown and combat at the battlefield.

    ``assign`` maps a player to what it assigns each enemy unit; a player left out lets the
    engine make a legal assignment for it. ``damage`` (an older form, both at once) maps
    each unit to the combat damage assigned to it.
    """

    showdown: tuple[ShowdownPlay, ...] = ()
    damage: Mapping[str, int] | None = None
    line: int = 0
    damage_lines: Mapping[str, int] = field(default_factory=dict)
    assign: Mapping[str, Mapping[str, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class StatedOrder:
    """The order one player puts some of their abilities on the chain, when exactly these
    abilities wait together: the first named goes on first, so the last resolves first."""

    abilities: tuple[str, ...]
    line: int = 0
    at: NodePath = ("combat", "trigger_order", 0)  # where the scenario states it


@dataclass(frozen=True)
class CombatScript:
    attacker: str
    move: tuple[str, ...]
    rounds: tuple[Round, ...] = (Round(),)
    line: int = 0
    # Players' choices of order, used in turn by the groups of abilities they fit.
    trigger_order: tuple[StatedOrder, ...] = ()
    # Whose waiting abilities go on the chain first when both players have some (None: the
    # Attacker's, this site's default).
    first_on_chain: str | None = None


# -- what a scenario expects ---------------------------------------------------------------


class Unstated(Enum):
    """A field the scenario does not state: nothing to check."""

    UNSTATED = "unstated"


UNSTATED: Final = Unstated.UNSTATED


@dataclass(frozen=True)
class UnitCheck:
    """What a scenario expects of one unit (each field None: not checked)."""

    zone: Zone | None = None
    might: int | None = None
    damage: int | None = None
    controller: str | None = None


@dataclass(frozen=True)
class Designations:
    """Designations expected: ``nobody`` has one, or each named unit or player has its own
    (None: no designation)."""

    nobody: bool = False
    each: Mapping[str, Designation | None] = field(default_factory=dict)


@dataclass(frozen=True)
class Absence:
    """What must not exist or happen (up to a checkpoint's step, or at all)."""

    units: tuple[str, ...] = ()
    steps: tuple[str, ...] = ()  # kinds of step, or groups of kinds
    designations: Designations | None = None


@dataclass(frozen=True)
class Checkpoint:
    """The board after one step: ``at`` is where the scenario writes it."""

    at: NodePath
    step: str
    kind: str | None = None  # the step's kind (or group), if stated
    control: str | Unstated | None = UNSTATED
    units: Mapping[str, UnitCheck] = field(default_factory=dict)
    absence: Absence = Absence()
    chain: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Expectation:
    """What one run must give (``at``: where the scenario writes it)."""

    at: NodePath
    result: Result | Unstated = UNSTATED
    restaged: bool | Unstated = UNSTATED
    control: str | Unstated | None = UNSTATED
    conquer: Conquest | Unstated | None = UNSTATED
    scores: Mapping[str, int] = field(default_factory=dict)
    killed: tuple[str, ...] | Unstated = UNSTATED
    recalled: tuple[str, ...] | Unstated = UNSTATED
    units: Mapping[str, UnitCheck] = field(default_factory=dict)
    absence: Absence = Absence()
    step_order: tuple[str, ...] = ()
    checkpoints: tuple[Checkpoint, ...] = ()


@dataclass(frozen=True)
class OtherOrder:
    """What another order of the waiting abilities gives."""

    orders: tuple[StatedOrder, ...]
    expectation: Expectation


@dataclass(frozen=True)
class OtherAssignment:
    """What other combat damage assignments give: ``assign`` (as a round's) in round
    ``round`` (1, 2…)."""

    round: int
    assign: Mapping[str, Mapping[str, int]]
    expectation: Expectation


@dataclass(frozen=True)
class Expected:
    """Everything a scenario expects: of the run shown, of every other order
    (``every_order``), of some named orders (``others``), orders under which the outcome
    must differ from the one shown (``differs_under``), of every legal assignment
    (``every_assignment``) and of some named ones (``other_assignments``)."""

    shown: Expectation
    every_order: bool = False
    others: tuple[OtherOrder, ...] = ()
    differs_under: tuple[tuple[StatedOrder, ...], ...] = ()
    every_assignment: bool = False
    other_assignments: tuple[OtherAssignment, ...] = ()


@dataclass(frozen=True)
class Scenario:
    id: str
    players: tuple[PlayerSpec, ...]
    battlefield: Name
    controller: str | None
    scored_this_turn: frozenset[str]
    units: tuple[UnitSpec, ...]
    combat: CombatScript
    title: Name = field(default_factory=dict)
    caption: Name = field(default_factory=dict)
    path: str = "<scenario>"
    # What the author expects; compared with the engine's outcome by engine.check.
    expected: Expected | None = None
    # Line of each YAML node, keyed by its path ("expected", "units", "vi", "zone").
    lines: Mapping[tuple[str | int, ...], int] = field(default_factory=dict)
    # The file's data as read (plain YAML values): what an editor of the board starts from.
    data: Mapping[str, Any] = field(default_factory=dict)

    def line_of(self, *path: str | int) -> int:
        """The line of the deepest node of ``path`` that the file has."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return 1

    def new_board(self) -> Board:
        return Board(
            players={p.id: Player(p.id, dict(p.name), p.score) for p in self.players},
            battlefield=dict(self.battlefield),
            controller=self.controller,
            scored_this_turn=set(self.scored_this_turn),
            units={fields[0]: Unit(*fields) for fields in self.unit_fields},
        )

    @cached_property
    def unit_fields(self) -> tuple[tuple[Any, ...], ...]:
        """Each unit's fields as a run's board starts them (``engine.model.Unit``, in order):
        made once, as a run makes a board each time (benchmarks/engine_speed.py)."""
        return tuple(
            (
                u.id,
                u.name,  # never changed by a run: shared
                u.owner,
                u.controller or u.owner,
                u.might,
                u.zone,
                u.damage,
                None,
                u.abilities,
                u.cant_move,
                u.instead_of_dying,
                u.keeps_death_trigger,
                u.assault,
                u.shield,
                u.tank,
                u.stunned,
                u.cant_be_dealt_damage,
            )
            for u in self.units
        )
