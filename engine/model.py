"""The board: players, one battlefield, units, and the effects that last this combat.

Plain mutable objects: the combat procedure changes them step by step and
the trace keeps frozen snapshots (see ``engine.trace``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, ClassVar, Protocol

from engine.fields import Obj
from vocabulary import SOURCE_LANGUAGE, Message, message

# A name in each language, e.g. {"en": "Red", "fr": "Rouge"}; the source language's serves
# where one is missing (``vocabulary.localized``).
Name = dict[str, str]


def name_of(value: str | Mapping[str, str]) -> Name:
    """A scenario's name: one string for every language, or one per language."""
    return {SOURCE_LANGUAGE: value} if isinstance(value, str) else dict(value)


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

# Where a unit is, as a sentence says it ("{unit} is in the trash"): refusals, the editor.
ZONE_WORDS = {
    Zone.BATTLEFIELD: message("zone:battlefield", "at the battlefield"),
    Zone.BASE: message("zone:base", "at its base"),
    Zone.TRASH: message("zone:trash", "in the trash"),
    Zone.HAND: message("zone:hand", "in its owner's hand"),
    Zone.BANISHMENT: message("zone:banishment", "banished"),
    Zone.ELSEWHERE: message("zone:elsewhere", "elsewhere"),
}


class Designation(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"


class Trigger(StrEnum):
    """When a triggered ability fires."""

    DIES = "dies"  # "When I die" (Deathknell): recorded in cleanup step 3a
    DAMAGED = "damaged"  # "When I'm dealt damage"
    ATTACK = "attack"  # "When I attack": when I am given the Attacker designation
    DEFEND = "defend"  # "When I defend": when I am given the Defender designation
    ANOTHER_DIES = "another_dies"  # "When another unit dies" (not one dying with me)
    WIN = "win"  # "When you win a combat here"
    CONQUER = "conquer"  # "When you conquer here"


class Lasting(StrEnum):
    """What an effect that lasts "this combat" does (466.7.c)."""

    MIGHT = "might"  # +N Might (or -N: a reduction)
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
    # Keywords and states: +N Might while an attacker (Assault N) or a defender (Shield N);
    # Tank (assigned lethal damage before its side's units without Tank); stunned (deals no
    # combat damage); can't be dealt damage.
    assault: int = 0
    shield: int = 0
    tank: bool = False
    stunned: bool = False
    cant_be_dealt_damage: bool = False


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

    def copy(self) -> Board:
        """A copy that changes apart from this board."""
        return Board(
            players={k: replace(p) for k, p in self.players.items()},
            battlefield=self.battlefield,
            controller=self.controller,
            scored_this_turn=set(self.scored_this_turn),
            units={k: replace(u) for k, u in self.units.items()},
            effects=[replace(e) for e in self.effects],
        )

    def might(self, unit: Unit) -> int:
        """Might on the board: printed, plus Assault while an attacker and Shield while a
        defender, plus this combat's bonuses and reductions (printed Might once off the board).
        It may be below 0 (``combat_might`` counts such a unit as 0)."""
        if unit.zone not in IN_PLAY:
            return unit.might
        might = unit.might
        if unit.designation is Designation.ATTACKER:
            might += unit.assault
        elif unit.designation is Designation.DEFENDER:
            might += unit.shield
        if self.effects:
            for effect in self.effects:
                if effect.kind is Lasting.MIGHT and effect.target == unit.id:
                    might += effect.amount
        return might

    def combat_might(self, unit: Unit) -> int:
        """What the unit adds to its side's combat damage: its Might, 0 if that is below 0,
        and nothing while it is stunned."""
        return 0 if unit.stunned else max(self.might(unit), 0)

    def is_lethal(self, unit: Unit) -> bool:
        """Lethal damage (142.4): marked damage, not none, at least equal to Might."""
        return unit.damage > 0 and unit.zone in IN_PLAY and unit.damage >= self.might(unit)

    def lethal_remaining(self, unit: Unit) -> int:
        """The damage that would make ``unit`` lethal, counting what is marked on it: at least
        1 (a unit with 0 Might needs one damage)."""
        return max(self.might(unit) - unit.damage, 1)

    def at_battlefield(self) -> list[Unit]:
        here = Zone.BATTLEFIELD
        return [u for u in self.units.values() if u.zone is here]

    def players_present(self) -> list[str]:
        """Players with units at the battlefield, in seating order."""
        present = {u.controller for u in self.at_battlefield()}
        return [p for p in self.players if p in present]


class Table(Protocol):
    """What an effect may use of the combat it happens in."""

    board: Board

    def prevent(self, unit_id: str, amount: int) -> tuple[int, int]:
        """Apply damage shields to ``amount``: (dealt, prevented)."""
        ...

    def triggered(self, unit: Unit, trigger: Trigger) -> bool:
        """Record ``unit``'s abilities that ``trigger`` fires."""
        ...

    def new_unit_id(self, wanted: str) -> str:
        """``wanted``, or a fresh id if a unit already has it."""
        ...

    @property
    def in_combat(self) -> bool:
        """Whether a combat is under way (an effect that lasts "this combat" needs one)."""
        ...

    def kill(self, unit: Unit) -> Zone:
        """Kill ``unit`` (it dies, unless a replacement effect sends it elsewhere): where it
        went."""
        ...

    def leave(self, unit: Unit, zone: Zone) -> None:
        """``unit`` leaves the battlefield for ``zone`` (a Recall, a return to hand): it leaves
        the combat too."""
        ...


class Void(StrEnum):
    """Why an effect that found its target did nothing to it."""

    LAPSED = "lapsed"  # it lasts "this combat", and no combat is under way (466.7.c)
    IMMUNE = "immune"  # it deals damage, and the unit can't be dealt damage


@dataclass(frozen=True, slots=True)
class Resolved:
    """What an effect did: the unit it affected, and the number and place it says.

    An effect on every unit at the battlefield names them all in ``targets``.
    """

    target: str
    amount: int | None = None
    zone: Zone | None = None
    targets: tuple[str, ...] = ()
    # Units of the area spared because they can't be dealt damage.
    spared: tuple[str, ...] = ()
    # Why it did nothing to its target, though the target is there (None: it did its work).
    void: Void | None = None


class Effect(ABC):
    """One kind of effect; instances are frozen dataclasses read from a scenario."""

    key: ClassVar[str]
    body: ClassVar[Obj]  # its fields, with its description (engine.format reads them)
    in_showdown: ClassVar[Message]  # "Showdown: {player} …"
    on_chain: ClassVar[Message]  # "{source} resolves: …"
    # The second and later effects of one ability: "Then …" (same placeholders as on_chain).
    then_on_chain: ClassVar[Message]

    @classmethod
    @abstractmethod
    def load(cls, body: Mapping[str, Any]) -> Effect: ...

    @property
    @abstractmethod
    def target(self) -> str | None:
        """The unit on the board this acts on (None: it makes a new one, or acts on an area)."""

    @abstractmethod
    def apply(self, table: Table, player: str, source_might: int) -> Resolved | None:
        """Do it; None if there is nothing to act on (its target, or any unit in its area)."""

    def on_board(self, table: Table) -> Unit | None:
        unit = table.board.units.get(self.target or "")
        return unit if unit is not None and unit.zone.in_play else None


@dataclass(frozen=True, slots=True)
class Ability:
    """A triggered ability: when it fires, and what it does.

    ``effect`` is its first effect; ``then`` the others, resolved in the order
    written. ``id`` names it in trigger orders and chain checks; without one,
    its unit's id does.
    """

    trigger: Trigger
    effect: Effect
    then: tuple[Effect, ...] = ()
    id: str | None = None

    @property
    def effects(self) -> tuple[Effect, ...]:
        return (self.effect, *self.then)

    def name(self, unit_id: str) -> str:
        """How trigger orders and chain checks name this ability."""
        return self.id or unit_id
