"""Combat damage assignment: each player's choice, and what makes one legal (465).

In the damage step each player assigns its side's combat Might, all of it, among the
enemy units there: the Attacker announces first, then the Defender, and both are dealt at
once. An assignment is legal when it could have been made one unit at a time:

- a unit is assigned lethal damage (what it still needs, counting damage already marked)
  before any damage goes to the next;
- no unit is assigned more than lethal while another has not been assigned lethal: what is
  left once every unit has lethal goes to one unit, the last assigned;
- units with Tank are assigned lethal before units of their side without Tank (so what is
  left over goes to a unit without Tank, if there is one).

These are the rulings judges give (riftjudge 2969, 11240, 498; riftrules' community FAQ;
riftboundrules.lol on Tank); ``docs/assigning-combat-damage.md`` says where others differ.

>>> targets = (Target("a", 3), Target("b", 3))
>>> default_assignment(4, targets)
(3, 1)
>>> illegal(4, targets, (2, 2)).reason is Reason.LETHAL_FIRST
True
>>> [a for a in legal_assignments(4, targets, 10)]
[(3, 1), (1, 3)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import islice

# Exploring every legal assignment is bounded: at most this many for one player's choice.
MAX_ASSIGNMENTS = 500


@dataclass(slots=True)  # not frozen: a run makes several at each damage step, and never changes one
class Target:
    """An enemy unit that may be assigned damage: the damage that would make it lethal, and
    whether it has Tank."""

    unit: str
    lethal: int
    tank: bool = False


class Reason(Enum):
    """Why an assignment is not one a player may make."""

    TOTAL = "total"  # not exactly the side's combat Might
    LETHAL_FIRST = "lethal-first"  # damage on a second unit while the first lacks lethal
    OVER = "over"  # more than lethal on a unit while another lacks lethal
    SPLIT_EXCESS = "split-excess"  # what is left over split between units
    TANK = "tank"  # a unit without Tank assigned damage while a Tank lacks lethal
    TANK_EXCESS = "tank-excess"  # what is left over on a Tank while units without Tank are there


@dataclass(frozen=True, slots=True)
class Illegal:
    """Why an assignment is refused: the reason, the units it concerns (``unit``, and the one
    it had to wait for, ``other``), and the numbers it says."""

    reason: Reason
    unit: str = ""
    other: str = ""
    lethal: int = 0
    assigned: int = 0


def illegal(total: int, targets: Sequence[Target], amounts: Sequence[int]) -> Illegal | None:
    """Why assigning ``amounts`` (one per target, in order) of ``total`` is not legal, or None."""
    if not targets:
        return None  # nothing to assign to: the side's Might goes nowhere
    given = 0
    tank_short: Target | None = None  # the first unit with Tank short of lethal
    plain_given: Target | None = None  # the first unit without Tank assigned something
    short: list[Target] = []  # short of lethal, in order
    partial: list[Target] = []  # assigned some, short of lethal
    over: list[tuple[Target, int]] = []  # assigned more than lethal
    for target, amount in zip(targets, amounts, strict=True):
        given += amount
        if amount < target.lethal:
            short.append(target)
            if amount:
                partial.append(target)
            if target.tank and tank_short is None:
                tank_short = target
        elif amount > target.lethal:
            over.append((target, amount))
        if amount and not target.tank and plain_given is None:
            plain_given = target
    if given != total:
        return Illegal(Reason.TOTAL, assigned=given)
    if tank_short is not None and plain_given is not None:
        return Illegal(Reason.TANK, plain_given.unit, tank_short.unit, tank_short.lethal)
    if len(partial) > 1:
        return Illegal(Reason.LETHAL_FIRST, partial[1].unit, partial[0].unit, partial[0].lethal)
    if short and over:
        (target, amount), waiting = over[0], short[0]
        return Illegal(Reason.OVER, target.unit, waiting.unit, target.lethal, amount)
    if len(over) > 1:
        return Illegal(Reason.SPLIT_EXCESS, over[1][0].unit, over[0][0].unit)
    if over and over[0][0].tank:
        target, amount = over[0]
        plain = next((t for t in targets if not t.tank), None)
        if plain is not None:
            return Illegal(Reason.TANK_EXCESS, target.unit, plain.unit, target.lethal, amount)
    return None


def order_of(targets: Sequence[Target]) -> list[int]:
    """The targets' indices in the order a player may assign them by default: Tank first,
    each group in board order."""
    return [i for i, t in enumerate(targets) if t.tank] + [
        i for i, t in enumerate(targets) if not t.tank
    ]


def default_assignment(total: int, targets: Sequence[Target]) -> tuple[int, ...]:
    """The engine's own legal choice: lethal to each unit in turn (Tank first, then board
    order), what is left to the last."""
    amounts = [0] * len(targets)
    order = order_of(targets)
    left = total
    for n, i in enumerate(order):
        share = left if n == len(order) - 1 else min(left, targets[i].lethal)
        amounts[i] = share
        left -= share
    return tuple(amounts)


def legal_assignments(
    total: int, targets: Sequence[Target], limit: int = MAX_ASSIGNMENTS
) -> Iterator[tuple[int, ...]]:
    """Every legal assignment of ``total`` among ``targets``, the default first, each once;
    ``TooMany`` once more than ``limit`` would be given (checked as they are made, so the
    work stays bounded whatever the board)."""
    if not targets:
        yield ()
        return
    first = default_assignment(total, targets)
    yield first
    given = 1
    for amounts in _every(total, targets):
        if amounts == first:
            continue
        given += 1
        if given > limit:
            raise TooMany(limit)
        yield amounts


def only_assignment(total: int, targets: Sequence[Target]) -> bool:
    """Whether ``total`` has a single legal assignment among ``targets`` (as when there is
    one unit to assign to): then the player had no choice to make."""
    return sum(1 for _ in islice(legal_assignments(total, targets, 2), 2)) == 1


class TooMany(Exception):
    """More legal assignments than the bound."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit)
        self.limit = limit


def _every(total: int, targets: Sequence[Target]) -> Iterator[tuple[int, ...]]:
    n = len(targets)
    lethal = [t.lethal for t in targets]
    tanks = [i for i in range(n) if targets[i].tank]
    plain = [i for i in range(n) if not targets[i].tank]
    if total >= sum(lethal):
        # Everyone lethal; what is left goes to one unit, without Tank if there is one.
        left = total - sum(lethal)
        last = plain or tanks
        for i in last if left else last[:1]:
            amounts = list(lethal)
            amounts[i] += left
            yield tuple(amounts)
        return
    tank_need = sum(lethal[i] for i in tanks)
    if total <= tank_need:
        pool, base, left = tanks, [0] * n, total
    else:  # every Tank lethal first, the rest among the units without Tank
        base = [lethal[i] if i in tanks else 0 for i in range(n)]
        pool, left = plain, total - tank_need
    yield from _fill(pool, lethal, base, left)


def _fill(
    pool: list[int], lethal: list[int], base: list[int], left: int
) -> Iterator[tuple[int, ...]]:
    """Units of ``pool`` each given lethal or nothing, and at most one other given the rest
    (less than its lethal): ``left`` in all, below what the pool needs together."""
    amounts = list(base)
    # suffix[k]: what pool[k:] needs together. A subtree (pool[k:] still to decide, ``left``
    # to give, ``most`` the largest lethal of the units already left out) holds a legal
    # assignment iff the rest cannot all be given lethal (suffix > left), or exactly can, or
    # a unit left out could take what would remain.
    suffix = [0] * (len(pool) + 1)
    for k in range(len(pool) - 1, -1, -1):
        suffix[k] = suffix[k + 1] + lethal[pool[k]]

    def alive(k: int, left: int, most: int) -> bool:
        rest = suffix[k]
        return rest >= left or most > left - rest

    def full(k: int, left: int, most: int = 0) -> Iterator[tuple[int, ...]]:
        if k == len(pool):
            if left == 0:
                yield tuple(amounts)
                return
            for i in pool:  # the one unit given the rest
                if amounts[i] == 0 and left < lethal[i]:
                    amounts[i] = left
                    yield tuple(amounts)
                    amounts[i] = 0
            return
        i = pool[k]
        if lethal[i] <= left and alive(k + 1, left - lethal[i], most):
            amounts[i] = lethal[i]
            yield from full(k + 1, left - lethal[i], most)
            amounts[i] = 0
        if alive(k + 1, left, max(most, lethal[i])):
            yield from full(k + 1, left, max(most, lethal[i]))

    yield from full(0, left)
