"""What abilities and showdown plays do: one class per kind of effect.

Each class is the whole declaration of its kind, in one place: the key a
scenario writes, the JSON Schema of its body (assembled into
``scenario.schema.json``), how it is read from a scenario, what it does to the
board, and how a step says it happened, in the showdown and on the chain.
Adding a kind is adding a class to ``EFFECTS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.model import (
    JSON,
    Ability,
    CombatEffect,
    Effect,
    Lasting,
    Name,
    Resolved,
    Table,
    Trigger,
    Unit,
    Zone,
    name_of,
)
from vocabulary import message, plural_message

__all__ = ["EFFECTS", "Ability", "Effect", "Resolved", "Table", "effect_of"]


TARGET: JSON = {"$ref": "#/$defs/id", "description": "The id of the unit affected."}
AMOUNT: JSON = {"type": "integer", "minimum": 0}


@dataclass(frozen=True, slots=True)
class PlayUnit(Effect):
    """Play a new unit for the ability's controller, at their base or at the battlefield."""

    unit_id: str
    name: Name
    might: int
    zone: Zone

    key = "play_unit"
    description = "Play a new unit for the ability's (or play's) controller."
    schema: ClassVar[JSON] = {
        "properties": {
            "id": {"$ref": "#/$defs/id"},
            "name": {"$ref": "#/$defs/name"},
            "might": AMOUNT,
            "at": {
                "enum": ["base", "battlefield"],
                "description": "Its controller's base, or this battlefield.",
            },
        },
        "required": ["id", "name", "might", "at"],
    }
    in_showdown = message(
        "showdown:play_unit", "Showdown: {player} plays {target} ({amount} Might) {zone}."
    )
    on_chain = message(
        "chain:play_unit",
        "The ability of {source} resolves: {player} plays {target} ({amount} Might) {zone}.",
    )

    @classmethod
    def load(cls, body: Mapping[str, Any]) -> PlayUnit:
        return cls(body["id"], name_of(body["name"]), body["might"], Zone(body["at"]))

    @property
    def target(self) -> str | None:
        return None

    def apply(self, table: Table, player: str, source_might: int) -> Resolved:
        board = table.board
        unit_id = table.new_unit_id(self.unit_id)
        unit = Unit(unit_id, dict(self.name), player, player, self.might, self.zone)
        if self.zone is Zone.BATTLEFIELD:
            unit.designation = board.players[player].designation
        board.units[unit_id] = unit
        return Resolved(unit_id, self.might, self.zone)


@dataclass(frozen=True, slots=True)
class DealDamage(Effect):
    """Deal damage to a unit; ``amount`` None means "equal to my Might" (last known)."""

    to: str
    amount: int | None

    key = "deal_damage"
    description = "Deal damage to a unit; amount 'my_might' uses the source's last known Might."
    schema: ClassVar[JSON] = {
        "properties": {
            "to": TARGET,
            "amount": {"oneOf": [AMOUNT, {"const": "my_might"}]},
        },
        "required": ["to", "amount"],
    }
    in_showdown = plural_message(
        "showdown:deal_damage",
        "Showdown: {player} deals {amount} damage to {target}.",
        "Showdown: {player} deals {amount} damage to {target}.",
    )
    on_chain = plural_message(
        "chain:deal_damage",
        "The ability of {source} resolves: it deals {amount} damage to {target}.",
        "The ability of {source} resolves: it deals {amount} damage to {target}.",
    )

    @classmethod
    def load(cls, body: Mapping[str, Any]) -> DealDamage:
        return cls(body["to"], None if body["amount"] == "my_might" else body["amount"])

    @property
    def target(self) -> str:
        return self.to

    def apply(self, table: Table, player: str, source_might: int) -> Resolved | None:
        unit = self.on_board(table)
        if unit is None:
            return None
        amount = source_might if self.amount is None else self.amount
        dealt, _ = table.prevent(unit.id, amount)
        unit.damage += dealt
        if dealt:
            table.triggered(unit, Trigger.DAMAGED)
        return Resolved(unit.id, amount)


@dataclass(frozen=True, slots=True)
class GiveMight(Effect):
    """+N Might this combat."""

    to: str
    amount: int

    key = "give_might"
    description = "+N Might this combat."
    schema: ClassVar[JSON] = {
        "properties": {"to": TARGET, "amount": AMOUNT},
        "required": ["to", "amount"],
    }
    in_showdown = message(
        "showdown:give_might", "Showdown: {player} gives {target} +{amount} Might this combat."
    )
    on_chain = message(
        "chain:give_might",
        "The ability of {source} resolves: {target} gets +{amount} Might this combat.",
    )

    @classmethod
    def load(cls, body: Mapping[str, Any]) -> GiveMight:
        return cls(body["to"], body["amount"])

    @property
    def target(self) -> str:
        return self.to

    def apply(self, table: Table, player: str, source_might: int) -> Resolved | None:
        unit = self.on_board(table)
        if unit is None:
            return None
        table.board.effects.append(CombatEffect(Lasting.MIGHT, unit.id, self.amount))
        return Resolved(unit.id, self.amount)


@dataclass(frozen=True, slots=True)
class PreventDamage(Effect):
    """Prevent the next N damage to a unit this combat."""

    to: str
    amount: int

    key = "prevent_damage"
    description = "Prevent the next N damage to a unit this combat."
    schema: ClassVar[JSON] = {
        "properties": {"to": TARGET, "amount": AMOUNT},
        "required": ["to", "amount"],
    }
    in_showdown = plural_message(
        "showdown:prevent_damage",
        "Showdown: {player} will prevent the next {amount} damage to {target} this combat.",
        "Showdown: {player} will prevent the next {amount} damage to {target} this combat.",
    )
    on_chain = plural_message(
        "chain:prevent_damage",
        "The ability of {source} resolves: the next {amount} damage to {target} this combat "
        "will be prevented.",
        "The ability of {source} resolves: the next {amount} damage to {target} this combat "
        "will be prevented.",
    )

    @classmethod
    def load(cls, body: Mapping[str, Any]) -> PreventDamage:
        return cls(body["to"], body["amount"])

    @property
    def target(self) -> str:
        return self.to

    def apply(self, table: Table, player: str, source_might: int) -> Resolved | None:
        unit = self.on_board(table)
        if unit is None:
            return None
        table.board.effects.append(CombatEffect(Lasting.PREVENT, unit.id, self.amount))
        return Resolved(unit.id, self.amount)


@dataclass(frozen=True, slots=True)
class CantMove(Effect):
    """The unit can't move this turn (a Recall still moves it: 456.3)."""

    to: str

    key = "cant_move"
    description = "The unit can't move this turn (a Recall still moves it)."
    schema: ClassVar[JSON] = {"properties": {"to": TARGET}, "required": ["to"]}
    in_showdown = message(
        "showdown:cant_move", "Showdown: {player} makes {target} unable to move this turn."
    )
    on_chain = message(
        "chain:cant_move", "The ability of {source} resolves: {target} can't move this turn."
    )

    @classmethod
    def load(cls, body: Mapping[str, Any]) -> CantMove:
        return cls(body["to"])

    @property
    def target(self) -> str:
        return self.to

    def apply(self, table: Table, player: str, source_might: int) -> Resolved | None:
        unit = self.on_board(table)
        if unit is None:
            return None
        unit.cant_move = True
        return Resolved(unit.id)


EFFECTS: dict[str, type[Effect]] = {
    kind.key: kind for kind in (PlayUnit, DealDamage, GiveMight, PreventDamage, CantMove)
}


def effect_of(spec: Mapping[str, Any]) -> Effect:
    """The effect a scenario's ability or play names (the schema checked there is one)."""
    key = next(k for k in EFFECTS if k in spec)
    return EFFECTS[key].load(spec[key])
