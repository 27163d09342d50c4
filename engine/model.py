"""The board: players, one battlefield, units, and the effects that last this combat.

Plain mutable objects: the combat procedure changes them step by step and
the trace keeps frozen snapshots (see ``engine.trace``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

# A name in each language, e.g. {"en": "Red", "fr": "Rouge"}; one entry serves both.
Name = dict[str, str]


def localized(name: Name, lang: str) -> str:
    return name.get(lang) or name.get("en") or next(iter(name.values()))


class Zone(StrEnum):
    BATTLEFIELD = "battlefield"
    BASE = "base"
    TRASH = "trash"
    HAND = "hand"
    BANISHMENT = "banishment"
    ELSEWHERE = "elsewhere"

    @property
    def in_play(self) -> bool:
        """Units here are on the board: they have Might, damage and abilities."""
        return self in IN_PLAY


IN_PLAY = frozenset({Zone.BATTLEFIELD, Zone.BASE})


class Designation(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"


class Trigger(StrEnum):
    """When a triggered ability fires."""

    DIES = "dies"  # "When I die" (Deathknell): recorded in cleanup step 3a
    DAMAGED = "damaged"  # "When I'm dealt damage"
    WIN = "win"  # "When you win a combat here"
    CONQUER = "conquer"  # "When you conquer here"


@dataclass(frozen=True, slots=True)
class PlayUnit:
    """Play a new unit for the ability's controller, at their base or at the battlefield."""

    unit_id: str
    name: Name
    might: int
    zone: Zone


@dataclass(frozen=True, slots=True)
class DealDamage:
    """Deal damage to a unit; ``amount`` None means "equal to my Might" (last known)."""

    target: str
    amount: int | None


@dataclass(frozen=True, slots=True)
class GiveMight:
    """+N Might this combat."""

    target: str
    amount: int


@dataclass(frozen=True, slots=True)
class PreventDamage:
    """Prevent the next N damage to a unit this combat."""

    target: str
    amount: int


@dataclass(frozen=True, slots=True)
class StopMoving:
    """The unit can't move this turn (a Recall still moves it: 456.3)."""

    target: str


Effect = PlayUnit | DealDamage | GiveMight | PreventDamage | StopMoving


@dataclass(frozen=True, slots=True)
class Ability:
    trigger: Trigger
    effect: Effect


@dataclass(slots=True)
class Unit:
    id: str
    name: Name
    owner: str
    controller: str
    might: int
    zone: Zone
    damage: int = 0
    designation: Designation | None = None
    abilities: tuple[Ability, ...] = ()
    cant_move: bool = False
    # "If this would die, instead …": the zone it goes to (a replacement effect).
    instead_of_dying: Zone | None = None


@dataclass(slots=True)
class CombatEffect:
    """An effect that lasts "this combat" (466.7.c): a Might bonus or a damage shield."""

    kind: str  # "might" or "prevent"
    target: str
    amount: int


@dataclass(slots=True)
class Player:
    id: str
    name: Name
    score: int = 0
    designation: Designation | None = None


@dataclass(slots=True)
class Board:
    players: dict[str, Player]
    battlefield: Name
    controller: str | None
    scored_this_turn: set[str]
    units: dict[str, Unit]
    effects: list[CombatEffect] = field(default_factory=list)

    def might(self, unit: Unit) -> int:
        """Might including this combat's bonuses (printed Might once off the board)."""
        if unit.zone not in IN_PLAY:
            return unit.might
        return unit.might + sum(
            e.amount for e in self.effects if e.kind == "might" and e.target == unit.id
        )

    def might_bonuses(self) -> dict[str, int]:
        bonuses: dict[str, int] = {}
        for effect in self.effects:
            if effect.kind == "might":
                bonuses[effect.target] = bonuses.get(effect.target, 0) + effect.amount
        return bonuses

    def is_lethal(self, unit: Unit) -> bool:
        """Lethal damage (142.4): marked damage at least equal to Might."""
        return unit.zone in IN_PLAY and unit.damage > 0 and unit.damage >= self.might(unit)

    def at_battlefield(self) -> list[Unit]:
        return [u for u in self.units.values() if u.zone is Zone.BATTLEFIELD]

    def players_present(self) -> list[str]:
        """Players with units at the battlefield, in seating order."""
        present = {u.controller for u in self.at_battlefield()}
        return [p for p in self.players if p in present]
