"""The board: players, one battlefield, units, and the effects that last this combat.

Plain mutable objects: the combat procedure changes them step by step and
the trace keeps frozen snapshots (see ``engine.trace``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.effects import Ability

# A name in each language, e.g. {"en": "Red", "fr": "Rouge"}; English serves where one is missing.
Name = dict[str, str]


def localized(name: Name, lang: str) -> str:
    return name.get(lang) or name.get("en") or next(iter(name.values()), "")


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


class Lasting(StrEnum):
    """What an effect that lasts "this combat" does (466.7.c)."""

    MIGHT = "might"  # +N Might
    PREVENT = "prevent"  # prevent the next N damage


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
    # Whether that replacement leaves its death abilities triggered, as its card says (by
    # default a replaced death removes them: 808.1.d.1).
    keeps_death_trigger: bool = False


@dataclass(slots=True)
class CombatEffect:
    """An effect that lasts "this combat" (466.7.c): a Might bonus or a damage shield."""

    kind: Lasting
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
            e.amount for e in self.effects if e.kind is Lasting.MIGHT and e.target == unit.id
        )

    def might_bonuses(self) -> dict[str, int]:
        bonuses: dict[str, int] = {}
        for effect in self.effects:
            if effect.kind is Lasting.MIGHT:
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
