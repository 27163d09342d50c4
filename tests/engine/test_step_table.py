"""The step table's meaning, written out by hand: what each entry applies, not how it reads.

``tests/golden/steps.txt`` shows the table's words and is rewritten by ``make golden``; this
file is not: a change to an entry's rules, its quietness (a rule checked that found nothing to
do), the field its plural counts or a clause's rules fails here until someone changes the line
below on purpose. Each line: key → (rules, quiet, counted field, {clause field: its rules}).
"""

from __future__ import annotations

import pytest

from engine.model import Zone
from engine.steps import REPLACED_PHRASES, STEPS, Killed, Replaced, Replacement, StepKind
from engine.trace import Snapshot, Step

Meaning = tuple[tuple[str, ...], bool, str | None, dict[str, tuple[str, ...]]]

TABLE: dict[str, Meaning] = {
    "start-controlled": (("459",), False, None, {}),
    "start-uncontrolled": (("459",), False, None, {}),
    "move": (("459",), False, "units", {}),
    "move-open": (("341",), False, "units", {}),
    "stage": (("459",), False, None, {}),
    "stage-in-showdown": (("459", "341"), False, None, {}),
    "showdown-pass": (("341",), True, None, {}),
    "showdown-ends-open": (("341",), False, None, {}),
    "assign-stated": (
        ("465",),
        False,
        "might",
        {"tanks": ("Tank",), "stunned": ("Stun",), "boosts": ()},
    ),
    "assign-chosen": (
        ("465",),
        False,
        "might",
        {"tanks": ("Tank",), "stunned": ("Stun",), "boosts": ()},
    ),
    "assign-no-units": (
        ("465",),
        False,
        None,
        {"tanks": ("Tank",), "stunned": ("Stun",), "boosts": ()},
    ),
    "damage-none": (("465",), False, None, {}),
    "assign-only": (
        ("465",),
        False,
        "might",
        {"tanks": ("Tank",), "stunned": ("Stun",), "boosts": ()},
    ),
    "assign-tried": (
        ("465",),
        False,
        "might",
        {"tanks": ("Tank",), "stunned": ("Stun",), "boosts": ()},
    ),
    "assign-nothing": (
        ("465",),
        False,
        None,
        {"tanks": ("Tank",), "stunned": ("Stun",), "boosts": ()},
    ),
    "assign-no-target": (
        ("465",),
        True,
        None,
        {"tanks": ("Tank",), "stunned": ("Stun",), "boosts": ()},
    ),
    "damage": (("465",), False, None, {}),
    "resolution": (("465.3", "466.1.a", "324.1"), False, None, {}),
    "no-lethal": (("323.4",), True, None, {}),
    "death-triggers": (("323.4",), False, "units", {"recorded": ("808",)}),
    "kill": (("323.5", "142.4"), False, "units", {"replaced": ("367",), "witnessed": ()}),
    "kill-none": (("323.5",), True, None, {"replaced": ("367",)}),
    "cleanup-none": (("318",), True, None, {}),
    "cleanup-death-triggers": (("318", "323.4"), False, "units", {"recorded": ("808",)}),
    "ended-death-triggers": (
        ("318", "466.7.c", "323.4"),
        False,
        "units",
        {"recorded": ("808",)},
    ),
    "heal": (("466.1.a.1", "418.1", "143.3.b.2"), False, None, {}),
    "recall": (("466.1.a.2", "455"), False, "units", {"cant_move": ("456.3",)}),
    "recall-none-no-defenders": (("466.1.a.2",), True, None, {}),
    "recall-none-no-attackers": (("466.1.a.2",), True, None, {}),
    "chain-add": (("327",), False, "units", {"seating": (), "choices": ()}),
    "chain-add-opening": (("341", "327"), False, "units", {"seating": (), "choices": ()}),
    "chain-add-showdown": (("341", "327"), False, "units", {"seating": (), "choices": ()}),
    "chain-add-result": (("327",), False, "units", {"seating": (), "choices": ()}),
    "chain-add-control": (("327",), False, "units", {"seating": (), "choices": ()}),
    "chain-add-after": (("327",), False, "units", {"seating": (), "choices": ()}),
    "chain-no-target": (("327",), False, None, {}),
    "chain-nobody-here": (("327",), False, None, {}),
    "chain-lapsed": (("327", "466.7.c"), False, None, {}),
    "chain-immune": (("327",), False, None, {}),
    "chain-immune-all": (("327",), False, None, {}),
    "chain-kill-replaced": (
        ("327",),
        False,
        None,
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-then-no-target": (("327",), False, None, {}),
    "chain-then-nobody-here": (("327",), False, None, {}),
    "chain-then-lapsed": (("327", "466.7.c"), False, None, {}),
    "chain-then-immune": (("327",), False, None, {}),
    "chain-then-immune-all": (("327",), False, None, {}),
    "chain-then-kill-replaced": (
        ("327",),
        False,
        None,
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "showdown-lapsed": (("341", "466.7.c"), False, None, {}),
    "showdown-immune": (("341",), False, None, {}),
    "showdown-immune-all": (("341",), False, None, {}),
    "showdown-kill-replaced": (
        ("341",),
        False,
        None,
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "no-result-recalled": (("466.3.d",), False, "recalled", {}),
    "no-result-both": (("466.3.d",), False, None, {}),
    "no-result-neither": (("466.3.d",), False, None, {}),
    "win": (("466.3.a", "466.3.b"), False, None, {}),
    "restage": (("466.3.d", "466.5"), False, None, {}),
    "restaged-unscripted": (("466.3.d", "466.5"), False, None, {}),
    "uncontrolled": (("466.5.b",), False, None, {}),
    "stays-uncontrolled": (("466.5.b",), False, None, {}),
    "control-contested": (("466.5",), False, None, {}),
    "open-nobody": (("341", "188"), False, None, {}),
    "open-conquer": (("341", "188", "469.1", "470"), False, None, {}),
    "open-no-conquer": (("341", "188", "470"), False, None, {}),
    "open-kept": (("341", "188"), False, None, {}),
    "control-kept": (("466.5", "466.5.d"), False, None, {}),
    "control-no-conquer": (("466.5", "466.5.d", "470"), False, None, {}),
    "conquer": (("466.5", "466.5.d", "469.1", "470", "188"), False, None, {}),
    "end": (("466.7.a", "466.7.c"), False, None, {}),
    "showdown-play-unit": (
        ("341",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "showdown-deal-damage": (
        ("341",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "showdown-deal-damage-to-all": (
        ("341",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "showdown-give-might": (
        ("341",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "showdown-reduce-might": (
        ("341",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "showdown-prevent-damage": (
        ("341",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "showdown-cant-move": (
        ("341",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "showdown-stun": (
        ("341",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "showdown-kill": (
        ("341",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "showdown-recall": (
        ("341",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "showdown-return-to-hand": (
        ("341",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-play-unit": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-deal-damage": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-deal-damage-to-all": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-give-might": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-reduce-might": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-prevent-damage": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-cant-move": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-stun": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-kill": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-recall": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-return-to-hand": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-then-play-unit": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-then-deal-damage": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-then-deal-damage-to-all": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-then-give-might": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-then-reduce-might": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-then-prevent-damage": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-then-cant-move": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-then-stun": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-then-kill": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-then-recall": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
    "chain-then-return-to-hand": (
        ("327",),
        False,
        "amount",
        {"spared": (), "replaced": ("367",), "witnessed": ()},
    ),
}

# A replaced death cites 808.1.d.1 only where the replacement removes its death ability.
REPLACED: dict[Replacement, tuple[str, ...]] = {
    Replacement.REMOVES_TRIGGER: ("808.1.d.1",),
    Replacement.NO_TRIGGER: (),
    Replacement.KEEPS_TRIGGER: (),
}


def test_the_table_has_exactly_the_entries_written_here() -> None:
    assert sorted(STEPS) == sorted(TABLE)


@pytest.mark.parametrize("kind", list(STEPS.values()), ids=list(STEPS))
def test_each_entry_applies_the_rules_written_here(kind: StepKind) -> None:
    rules, quiet, count, clauses = TABLE[kind.key]
    assert kind.rules == rules
    assert kind.quiet is quiet
    assert kind.count == count
    assert {c.field: c.rules for c in kind.clauses} == clauses


def test_a_replaced_death_adds_the_rules_written_here() -> None:
    assert {how: phrase.rules for how, phrase in REPLACED_PHRASES.items()} == REPLACED


def kill_none(replaced: tuple[Replaced, ...]) -> Step:
    params = Killed(units=(), replaced=replaced)
    return Step("r1-kill", "resolution", STEPS["kill-none"], params, Snapshot((), None, (), (), 0))


def test_a_quiet_step_stops_being_quiet_when_one_of_its_clauses_applies() -> None:
    """Step 3b with no unit killed changed nothing (quiet: the catalogue counts no such step);
    with a death replaced, it says where the unit went instead, and is no longer quiet."""
    assert kill_none(()).quiet
    sent = Replaced("defender", Zone.BASE, Replacement.REMOVES_TRIGGER)
    assert not kill_none((sent,)).quiet
    assert kill_none((sent,)).rules == ("323.5", "367", "808.1.d.1")
