"""Who puts simultaneous abilities on the chain in what order: the players' choices.

Abilities waiting together go on the chain together. Each player orders their
own (the last one put on resolves first); when both players have some, this
site puts the Attacker's on first, as the turn player's: a default of ours, not
a rule our sources quote (see "Writing for this site").

A run asks a ``Chooser`` for each player's order whenever that player has
several abilities going on the chain at once:

- ``StatedOrders`` follows the orders a scenario states (``combat.trigger_order``)
  and otherwise keeps the order in which the abilities triggered (at the same
  moment: in the order the step that triggers them names their units);
- ``Explorer`` tries one order per run, so that ``engine.explore`` can run every
  possible order of a scenario, within ``MAX_SIMULTANEOUS`` and ``MAX_ORDERS``.

>>> distinct_orders(("a", "b", "c"))[:3]
((0, 1, 2), (0, 2, 1), (1, 0, 2))
>>> len(distinct_orders(("a", "a", "b")))  # the same ability twice: 3 orders, not 6
3
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from itertools import permutations
from typing import Any, Protocol

from diagnostics import Problem, ProblemsFound
from engine import refusals as R
from engine.assignment import MAX_ASSIGNMENTS, Target, TooMany, default_assignment
from engine.assignment import legal_assignments as every_assignment
from engine.fields import Kind
from engine.scenario import StatedOrder

# Verifying every order is bounded: at most this many abilities of one player waiting together
# (720 orders), and at most this many runs (orders) for a whole combat.
MAX_SIMULTANEOUS = 6
MAX_ORDERS = 720


class Chosen(StrEnum):
    """How a player's order was decided in a run."""

    STATED = "stated"  # the scenario states it
    DEFAULT = "default"  # the scenario does not: the order the abilities triggered in
    TRIED = "tried"  # one of every possible order, tried by ``engine.explore``


@dataclass(frozen=True, slots=True)
class Choice:
    """One player's order for their abilities that went on the chain together."""

    step: str  # the step that put them on the chain
    player: str
    abilities: tuple[str, ...]  # by name, in the order they went on: the last resolves first
    chosen: Chosen
    # Each one's unit and its number as the steps say it (``engine.combat.ability_sources``).
    sources: tuple[tuple[str, int], ...] = ()


class Chooser(Protocol):
    def order(
        self, player: str, abilities: tuple[str, ...], step: str, items: tuple[Hashable, ...]
    ) -> tuple[int, ...]:
        """Indices into ``abilities`` (named; ``items`` are the abilities themselves, equal
        only if interchangeable), in the order ``player`` puts them on the chain."""
        ...

    @property
    def chosen(self) -> Chosen:
        """How the last order given was decided."""
        ...

    def assign(
        self,
        player: str,
        step: str,
        total: int,
        targets: tuple[Target, ...],
        stated: tuple[int, ...] | None,
    ) -> tuple[int, ...]:
        """What ``player`` assigns to each of ``targets`` (``stated``: what the scenario
        states, already checked legal)."""
        ...

    def before_damage(self, run: Any) -> None:
        """Told when the run reaches a damage step (where assignments are chosen): an explorer
        keeps a copy of the run there."""
        ...

    def finish(self) -> list[Problem]:
        """What was wrong with the choices once the run is over (e.g. a stated order unused)."""
        ...


def key_of(choices: tuple[Choice, ...] | list[Choice]) -> tuple[tuple[str, ...], ...]:
    """A run's orders as ``combat.trigger_order`` states them: one list per choice, in turn."""
    return tuple(choice.abilities for choice in choices)


def order_text(key: tuple[tuple[str, ...], ...]) -> str:
    """``[[a, b], [c, d]]``: the orders as a scenario writes them."""
    return "[" + ", ".join("[" + ", ".join(names) + "]" for names in key) + "]"


@lru_cache(maxsize=1024)
def distinct_orders(items: tuple[Hashable, ...]) -> tuple[tuple[int, ...], ...]:
    """Every order of ``items`` (as indices), the given order first; orders that differ only
    by swapping equal items (the same ability triggered twice alike) once."""
    found: dict[tuple[Hashable, ...], tuple[int, ...]] = {}
    for indices in permutations(range(len(items))):
        found.setdefault(tuple(items[i] for i in indices), indices)
    return tuple(found.values())


def arrangement(names: tuple[str, ...], wanted: tuple[str, ...]) -> tuple[int, ...]:
    """The indices of ``names`` that put them in the order ``wanted``."""
    free = list(range(len(names)))
    indices = []
    for name in wanted:
        index = next(i for i in free if names[i] == name)
        free.remove(index)
        indices.append(index)
    return tuple(indices)


@dataclass
class StatedOrders:
    """The orders a scenario states, each used by the first group of exactly its abilities."""

    stated: tuple[StatedOrder, ...]
    path: str
    used: set[int] = field(default_factory=set)
    unmatched: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    chosen: Chosen = Chosen.DEFAULT

    def order(
        self, player: str, abilities: tuple[str, ...], step: str, items: tuple[Hashable, ...]
    ) -> tuple[int, ...]:
        wanted = sorted(abilities)
        for index, stated in enumerate(self.stated):
            if index not in self.used and sorted(stated.abilities) == wanted:
                self.used.add(index)
                self.chosen = Chosen.STATED
                return arrangement(abilities, stated.abilities)
        self.unmatched.append((step, abilities))
        self.chosen = Chosen.DEFAULT
        return tuple(range(len(abilities)))

    def assign(
        self,
        player: str,
        step: str,
        total: int,
        targets: tuple[Target, ...],
        stated: tuple[int, ...] | None,
    ) -> tuple[int, ...]:
        self.chosen = Chosen.DEFAULT if stated is None else Chosen.STATED
        return default_assignment(total, targets) if stated is None else stated

    def before_damage(self, run: Any) -> None:
        pass

    def finish(self) -> list[Problem]:
        if len(self.used) == len(self.stated):
            return []
        groups = "; ".join(f"[{', '.join(names)}] at {step}" for step, names in self.unmatched)
        return [
            R.refuse(
                self.path,
                stated.line,
                R.ORDER_UNUSED_LEFT if groups else R.ORDER_UNUSED,
                stated.at,
                abilities=", ".join(stated.abilities),
                groups=groups,
            )
            for index, stated in enumerate(self.stated)
            if index not in self.used
        ]


@dataclass
class Replay:
    """The answers an earlier run's chooser gave, in turn, and how each was decided: the same
    run again (to record its boards)."""

    answers: tuple[tuple[tuple[int, ...], Chosen], ...]
    given: int = 0
    chosen: Chosen = Chosen.DEFAULT

    def order(
        self, player: str, abilities: tuple[str, ...], step: str, items: tuple[Hashable, ...]
    ) -> tuple[int, ...]:
        return self.next()

    def assign(
        self,
        player: str,
        step: str,
        total: int,
        targets: tuple[Target, ...],
        stated: tuple[int, ...] | None,
    ) -> tuple[int, ...]:
        return self.next()

    def next(self) -> tuple[int, ...]:
        answer, self.chosen = self.answers[self.given]
        self.given += 1
        return answer

    def before_damage(self, run: Any) -> None:
        pass

    def finish(self) -> list[Problem]:
        return []


@dataclass
class Explorer:
    """Tries the choices ``prefix`` names (an index into the options of each choice: the
    orders of ``distinct_orders``, the legal assignments), then the first option of every
    further choice; ``taken`` records (options possible, index). ``orders`` and
    ``assignments``: which kinds of choice it explores (the others are made as the scenario
    states them, or by default)."""

    prefix: tuple[int, ...]
    path: str
    line: int
    orders: bool = True
    assignments: bool = False
    taken: list[tuple[int, int]] = field(default_factory=list)
    chosen: Chosen = Chosen.TRIED
    # Told of the run before each damage step, with the choices taken so far (for reuse).
    keep: Callable[[Any, list[tuple[int, int]]], None] | None = None

    def before_damage(self, run: Any) -> None:
        if self.keep is not None:
            self.keep(run, list(self.taken))

    def order(
        self, player: str, abilities: tuple[str, ...], step: str, items: tuple[Hashable, ...]
    ) -> tuple[int, ...]:
        if not self.orders:
            return StatedOrders((), self.path).order(player, abilities, step, items)
        self.chosen = Chosen.TRIED
        if len(abilities) > MAX_SIMULTANEOUS:
            raise ProblemsFound(
                [
                    R.refuse(
                        self.path,
                        self.line,
                        R.TOO_MANY_WAITING,
                        count=len(abilities),
                        player=R.named(Kind.PLAYER, player),
                        step=step,
                        limit=MAX_SIMULTANEOUS,
                    )
                ]
            )
        return self.take(distinct_orders(items))

    def assign(
        self,
        player: str,
        step: str,
        total: int,
        targets: tuple[Target, ...],
        stated: tuple[int, ...] | None,
    ) -> tuple[int, ...]:
        if not self.assignments:
            self.chosen = Chosen.DEFAULT if stated is None else Chosen.STATED
            return default_assignment(total, targets) if stated is None else stated
        self.chosen = Chosen.TRIED
        try:
            options = tuple(every_assignment(total, targets, MAX_ASSIGNMENTS))
        except TooMany:
            raise ProblemsFound(
                [
                    R.refuse(
                        self.path,
                        self.line,
                        R.TOO_MANY_ASSIGNMENTS,
                        player=R.named(Kind.PLAYER, player),
                        step=step,
                        count=MAX_ASSIGNMENTS,
                    )
                ]
            ) from None
        return self.take(options)

    def take(self, options: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
        k = len(self.taken)
        index = self.prefix[k] if k < len(self.prefix) else 0
        self.taken.append((len(options), index))
        return options[index]

    def finish(self) -> list[Problem]:
        return []

    def next_prefix(self) -> tuple[int, ...] | None:
        """The choices of the next order to try, depth first; None once all were tried."""
        for k in range(len(self.taken) - 1, -1, -1):
            possible, index = self.taken[k]
            if index + 1 < possible:
                return (*(i for _, i in self.taken[:k]), index + 1)
        return None
