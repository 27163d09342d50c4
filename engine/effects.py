"""What abilities and showdown plays do: one class per kind of effect.

Each class is the whole declaration of its kind, in one place: the key a
scenario writes, the fields of its body (``body``, in the words of
``engine.fields``: the scenario format's table takes it from here), how it is read from a scenario, what it does to the
board, and how a step says it happened, in the showdown and on the chain.
Adding a kind is adding a class to ``EFFECTS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.fields import NAME, Choice, Const, Either, Id, Kind, Obj, Ref, Whole
from engine.model import (
    Ability,
    CombatEffect,
    Effect,
    Lasting,
    Name,
    Resolved,
    Table,
    Trigger,
    Unit,
    Void,
    Zone,
    name_of,
)
from vocabulary import message, plural_message

__all__ = [
    "EFFECTS",
    "MAX_EFFECTS",
    "Ability",
    "Effect",
    "Resolved",
    "Table",
    "ability_of",
    "effect_of",
]


TARGET = Ref((Kind.UNIT,), description="The id of the unit affected.")
AMOUNT = Whole()


@dataclass(frozen=True, slots=True)
class PlayUnit(Effect):
    """Play a new unit for the ability's controller, at their base or at the battlefield."""

    unit_id: str
    name: Name
    might: int
    zone: Zone

    key = "play_unit"
    body = Obj(
        {
            "id": Id(Kind.UNIT),
            "name": NAME,
            "might": AMOUNT,
            "at": Choice(
                (Zone.BASE.value, Zone.BATTLEFIELD.value),
                description="Its controller's base, or this battlefield.",
            ),
        },
        ("id", "name", "might", "at"),
        description="Play a new unit for the ability's (or play's) controller.",
    )
    in_showdown = message(
        "showdown:play_unit", "Showdown: {player} plays {target} ({amount} Might) {zone}."
    )
    on_chain = message(
        "chain:play_unit",
        "{source} resolves: {player} plays {target} ({amount} Might) {zone}.",
    )
    then_on_chain = message(
        "then:play_unit", "Then {player} plays {target} ({amount} Might) {zone}."
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
    body = Obj(
        {"to": TARGET, "amount": Either((AMOUNT, Const("my_might")))},
        ("to", "amount"),
        description="Deal damage to a unit; amount 'my_might' uses the source's last known Might.",
    )
    in_showdown = plural_message(
        "showdown:deal_damage",
        "Showdown: {player} deals {amount} damage to {target}.",
        "Showdown: {player} deals {amount} damage to {target}.",
    )
    on_chain = plural_message(
        "chain:deal_damage",
        "{source} resolves: it deals {amount} damage to {target}.",
        "{source} resolves: it deals {amount} damage to {target}.",
    )
    then_on_chain = plural_message(
        "then:deal_damage",
        "Then it deals {amount} damage to {target}.",
        "Then it deals {amount} damage to {target}.",
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
        if unit.cant_be_dealt_damage:
            return Resolved(unit.id, amount, void=Void.IMMUNE)
        dealt, _ = table.prevent(unit.id, amount)
        unit.damage += dealt
        if dealt:
            table.triggered(unit, Trigger.DAMAGED)
        return Resolved(unit.id, amount)


@dataclass(frozen=True, slots=True)
class LastingOnUnit(Effect):
    """An amount that lasts this combat on one unit (the kinds below say which)."""

    to: str
    amount: int

    lasting: ClassVar[Lasting]
    sign: ClassVar[int] = 1  # -1: the amount is taken away

    @classmethod
    def load(cls, body: Mapping[str, Any]) -> LastingOnUnit:
        return cls(body["to"], body["amount"])

    @property
    def target(self) -> str:
        return self.to

    def apply(self, table: Table, player: str, source_might: int) -> Resolved | None:
        unit = self.on_board(table)
        if unit is None:
            return None
        if not table.in_combat:  # "this combat" with no combat under way: nothing lasts
            return Resolved(unit.id, self.amount, void=Void.LAPSED)
        table.board.effects.append(CombatEffect(self.lasting, unit.id, self.sign * self.amount))
        return Resolved(unit.id, self.amount)


@dataclass(frozen=True, slots=True)
class GiveMight(LastingOnUnit):
    """+N Might this combat."""

    key = "give_might"
    body = Obj(
        {"to": TARGET, "amount": AMOUNT}, ("to", "amount"), description="+N Might this combat."
    )
    lasting = Lasting.MIGHT
    in_showdown = message(
        "showdown:give_might", "Showdown: {player} gives {target} +{amount} Might this combat."
    )
    on_chain = message(
        "chain:give_might",
        "{source} resolves: {target} gets +{amount} Might this combat.",
    )
    then_on_chain = message("then:give_might", "Then {target} gets +{amount} Might this combat.")


@dataclass(frozen=True, slots=True)
class ReduceMight(LastingOnUnit):
    """-N Might this combat (Might may go below 0; combat damage never does)."""

    key = "reduce_might"
    body = Obj(
        {"to": TARGET, "amount": AMOUNT},
        ("to", "amount"),
        description="-N Might this combat (a Might below 0 deals no combat damage).",
    )
    lasting = Lasting.MIGHT
    sign = -1
    in_showdown = message(
        "showdown:reduce_might", "Showdown: {player} gives {target} −{amount} Might this combat."
    )
    on_chain = message(
        "chain:reduce_might", "{source} resolves: {target} gets −{amount} Might this combat."
    )
    then_on_chain = message("then:reduce_might", "Then {target} gets −{amount} Might this combat.")


@dataclass(frozen=True, slots=True)
class PreventDamage(LastingOnUnit):
    """Prevent the next N damage to a unit this combat."""

    key = "prevent_damage"
    body = Obj(
        {"to": TARGET, "amount": AMOUNT},
        ("to", "amount"),
        description="Prevent the next N damage to a unit this combat.",
    )
    lasting = Lasting.PREVENT
    in_showdown = plural_message(
        "showdown:prevent_damage",
        "Showdown: {player} will prevent the next {amount} damage to {target} this combat.",
        "Showdown: {player} will prevent the next {amount} damage to {target} this combat.",
    )
    on_chain = plural_message(
        "chain:prevent_damage",
        "{source} resolves: the next {amount} damage to {target} this combat will be prevented.",
        "{source} resolves: the next {amount} damage to {target} this combat will be prevented.",
    )
    then_on_chain = plural_message(
        "then:prevent_damage",
        "Then the next {amount} damage to {target} this combat will be prevented.",
        "Then the next {amount} damage to {target} this combat will be prevented.",
    )


@dataclass(frozen=True, slots=True)
class CantMove(Effect):
    """The unit can't move this turn (a Recall still moves it: 456.3)."""

    to: str

    key = "cant_move"
    body = Obj(
        {"to": TARGET},
        ("to",),
        description="The unit can't move this turn (a Recall still moves it).",
    )
    in_showdown = message(
        "showdown:cant_move", "Showdown: {player} makes {target} unable to move this turn."
    )
    on_chain = message("chain:cant_move", "{source} resolves: {target} can't move this turn.")
    then_on_chain = message("then:cant_move", "Then {target} can't move this turn.")

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


@dataclass(frozen=True, slots=True)
class OnUnit(Effect):
    """An effect on one unit on the board, with no amount (the kinds below say what)."""

    to: str

    @classmethod
    def load(cls, body: Mapping[str, Any]) -> OnUnit:
        return cls(body["to"])

    @property
    def target(self) -> str:
        return self.to


@dataclass(frozen=True, slots=True)
class Kill(OnUnit):
    """Kill a unit: it dies (a replacement effect may send it elsewhere instead)."""

    key = "kill"
    body = Obj({"to": TARGET}, ("to",), description="Kill a unit: it dies at once.")
    in_showdown = message("showdown:kill", "Showdown: {player} kills {target}.")
    on_chain = message("chain:kill", "{source} resolves: it kills {target}.")
    then_on_chain = message("then:kill", "Then it kills {target}.")

    def apply(self, table: Table, player: str, source_might: int) -> Resolved | None:
        unit = self.on_board(table)
        if unit is None:
            return None
        return Resolved(unit.id, zone=table.kill(unit))


@dataclass(frozen=True, slots=True)
class Recall(OnUnit):
    """Recall a unit to its base: not a Move (455); it leaves the combat."""

    key = "recall"
    body = Obj(
        {"to": TARGET},
        ("to",),
        description="Recall a unit to its base (not a Move): it leaves the combat.",
    )
    in_showdown = message(
        "showdown:recall",
        "Showdown: {player} recalls {target} to its base; it leaves the combat. A Recall is not "
        "a Move.",
    )
    on_chain = message(
        "chain:recall",
        "{source} resolves: {target} is recalled to its base and leaves the combat. A Recall is "
        "not a Move.",
    )
    then_on_chain = message(
        "then:recall", "Then {target} is recalled to its base and leaves the combat."
    )

    def apply(self, table: Table, player: str, source_might: int) -> Resolved | None:
        unit = self.on_board(table)
        if unit is None:
            return None
        table.leave(unit, Zone.BASE)
        return Resolved(unit.id, zone=Zone.BASE)


@dataclass(frozen=True, slots=True)
class ReturnToHand(OnUnit):
    """Return a unit to its owner's hand: it leaves the board, and the combat."""

    key = "return_to_hand"
    body = Obj(
        {"to": TARGET},
        ("to",),
        description="Return a unit to its owner's hand: it leaves the board and the combat.",
    )
    in_showdown = message(
        "showdown:return_to_hand",
        "Showdown: {player} returns {target} to its owner's hand; it leaves the combat.",
    )
    on_chain = message(
        "chain:return_to_hand",
        "{source} resolves: {target} returns to its owner's hand and leaves the combat.",
    )
    then_on_chain = message(
        "then:return_to_hand", "Then {target} returns to its owner's hand and leaves the combat."
    )

    def apply(self, table: Table, player: str, source_might: int) -> Resolved | None:
        unit = self.on_board(table)
        if unit is None:
            return None
        table.leave(unit, Zone.HAND)
        return Resolved(unit.id, zone=Zone.HAND)


@dataclass(frozen=True, slots=True)
class Stun(OnUnit):
    """Stun a unit: it deals no combat damage."""

    key = "stun"
    body = Obj({"to": TARGET}, ("to",), description="Stun a unit: it deals no combat damage.")
    in_showdown = message(
        "showdown:stun", "Showdown: {player} stuns {target}: it deals no combat damage."
    )
    on_chain = message(
        "chain:stun", "{source} resolves: {target} is stunned and deals no combat damage."
    )
    then_on_chain = message("then:stun", "Then {target} is stunned and deals no combat damage.")

    def apply(self, table: Table, player: str, source_might: int) -> Resolved | None:
        unit = self.on_board(table)
        if unit is None:
            return None
        unit.stunned = True
        return Resolved(unit.id)


@dataclass(frozen=True, slots=True)
class DealDamageToAll(Effect):
    """Deal N damage to each unit at the battlefield, all at once."""

    amount: int

    key = "deal_damage_to_all"
    body = Obj(
        {"amount": AMOUNT},
        ("amount",),
        description="Deal N damage to each unit at the battlefield, all at once.",
    )
    in_showdown = plural_message(
        "showdown:deal_damage_to_all",
        "Showdown: {player} deals {amount} damage to each unit at the battlefield ({targets}).",
        "Showdown: {player} deals {amount} damage to each unit at the battlefield ({targets}).",
    )
    on_chain = plural_message(
        "chain:deal_damage_to_all",
        "{source} resolves: it deals {amount} damage to each unit at the battlefield ({targets}).",
        "{source} resolves: it deals {amount} damage to each unit at the battlefield ({targets}).",
    )
    then_on_chain = plural_message(
        "then:deal_damage_to_all",
        "Then it deals {amount} damage to each unit at the battlefield ({targets}).",
        "Then it deals {amount} damage to each unit at the battlefield ({targets}).",
    )

    @classmethod
    def load(cls, body: Mapping[str, Any]) -> DealDamageToAll:
        return cls(body["amount"])

    @property
    def target(self) -> None:
        return None

    def apply(self, table: Table, player: str, source_might: int) -> Resolved | None:
        here = table.board.at_battlefield()
        if not here:
            return None
        hit = [unit for unit in here if not unit.cant_be_dealt_damage]
        hits = [(unit, table.prevent(unit.id, self.amount)[0]) for unit in hit]
        for unit, dealt in hits:
            unit.damage += dealt
        for unit, dealt in hits:
            if dealt:
                table.triggered(unit, Trigger.DAMAGED)
        spared = tuple(unit.id for unit in here if unit.cant_be_dealt_damage)
        return Resolved("", self.amount, targets=tuple(u.id for u in hit), spared=spared)


EFFECTS: dict[str, type[Effect]] = {
    kind.key: kind
    for kind in (
        PlayUnit,
        DealDamage,
        DealDamageToAll,
        GiveMight,
        ReduceMight,
        PreventDamage,
        CantMove,
        Stun,
        Kill,
        Recall,
        ReturnToHand,
    )
}

# An ability's effects, at most (each is a step of its own when it resolves).
MAX_EFFECTS = 8


def effect_of(spec: Mapping[str, Any]) -> Effect:
    """The effect a scenario's ability or play names (the schema checked there is one)."""
    key = next(k for k in EFFECTS if k in spec)
    return EFFECTS[key].load(spec[key])


def ability_of(spec: Mapping[str, Any]) -> Ability:
    """An ability as a scenario writes it: one effect, or ``effects`` in order."""
    effects = [effect_of(e) for e in spec["effects"]] if "effects" in spec else [effect_of(spec)]
    return Ability(Trigger(spec["when"]), effects[0], tuple(effects[1:]), spec.get("id"))
