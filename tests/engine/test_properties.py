"""Properties that hold for every board, checked on random ones (hypothesis)."""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import replace
from typing import Any

from hypothesis import given, reject, settings
from hypothesis import strategies as st

from engine import Outcome, ProblemsFound, Scenario, compare, run_combat
from engine import refusals as R
from engine.effects import EFFECTS, Ability, Effect
from engine.explore import every_order, order_key, run_stated
from engine.fields import Choice, Const, Either, Id, Kind, Localized, Node, Obj, Ref, Text, Whole
from engine.loader import expected_of_data
from engine.model import Trigger, Zone
from engine.narration import Names, narrate
from engine.orders import order_text
from engine.scenario import CombatScript, PlayerSpec, Round, ShowdownPlay, StatedOrder, UnitSpec
from engine.steps import END, KILL, KILL_NONE, RESTAGED_UNSCRIPTED
from tests.engine.builders import unit_state

# What only the run finds wrong with a board: abilities that keep triggering each other, a
# showdown play whose unit an earlier ability took away (each a clear error of its own, tested
# in test_procedure).
UNPLAYABLE = {R.CHAIN_NEVER_ENDS.context, R.GONE_WHEN_PLAYED.context, R.NOBODY_WHEN_PLAYED.context}


def refused(found: ProblemsFound) -> set[str]:
    return {problem.said.key for problem in found.problems if problem.said}


def play(scenario: Scenario) -> Outcome:
    """The combat, or no test: a board the run refuses (``UNPLAYABLE``) has no outcome."""
    try:
        return run_combat(scenario)
    except ProblemsFound as found:
        assert refused(found) <= UNPLAYABLE, found
        reject()


def all_orders(scenario: Scenario) -> list[Outcome]:
    try:
        return every_order(scenario)
    except ProblemsFound as found:
        bounds = {R.TOO_MANY_WAITING.context, R.TOO_MANY_ORDERS.context}
        assert refused(found) <= UNPLAYABLE | bounds, found
        reject()


class UnitAt(int):
    """A drawn reference to a unit: the index (modulo) into the board's units, filled in once
    the board is known (``fill``)."""


OWN_TOKEN = object()  # a drawn new unit's id: the owner's token, filled in by ``fill``


@functools.cache
def effect_bodies(keys: tuple[str, ...]) -> st.SearchStrategy[tuple[type[Effect], Any]]:
    """Any effect of these kinds (``engine.effects.EFFECTS``) as (class, body), the body drawn
    from the fields its class declares (``engine.fields``), with its units left to fill in.
    One strategy per set of kinds, made once: building strategies is most of hypothesis's
    work, drawing from them little."""

    def value(node: Node) -> st.SearchStrategy[Any]:
        if isinstance(node, Ref) and node.to == (Kind.UNIT,):
            return st.integers(0, 7).map(UnitAt)
        if isinstance(node, Id) and node.names is Kind.UNIT:
            return st.just(OWN_TOKEN)
        if isinstance(node, Text | Localized):
            return st.just("Token")
        if isinstance(node, Choice):
            return st.sampled_from(node.values)
        if isinstance(node, Either):
            return st.one_of([value(form) for form in node.forms])
        if isinstance(node, Const):
            return st.just(node.value)
        if isinstance(node, Whole):
            return st.integers(0, 5)
        if isinstance(node, Obj):
            return st.fixed_dictionaries({key: value(child) for key, child in node.fields.items()})
        raise AssertionError(f"no strategy for {node}")

    kinds = [EFFECTS[k] for k in keys]
    return st.one_of([value(kind.body).map(functools.partial(pair, kind)) for kind in kinds])


def pair(kind: type[Effect], body: Any) -> tuple[type[Effect], Any]:
    return kind, body


def fill(body: Any, everyone: list[str], owner: str) -> Any:
    """A drawn body with its units named: a reference is one of ``everyone``, a new unit's id
    is the owner's token."""
    if isinstance(body, dict):
        return {key: fill(value, everyone, owner) for key, value in body.items()}
    if isinstance(body, UnitAt):
        return everyone[body % len(everyone)]
    if body is OWN_TOKEN:
        return f"{owner}-token"
    return body


def effect(
    draw: st.DrawFn, everyone: list[str], owner: str, keys: tuple[str, ...] = tuple(EFFECTS)
) -> Effect:
    """Any kind of effect among ``keys``, referring to units of ``everyone``."""
    kind, body = draw(effect_bodies(keys))
    return kind.load(fill(body, everyone, owner))


@st.composite
def boards(draw: st.DrawFn) -> Scenario:
    attackers = [f"a{i}" for i in range(draw(st.integers(1, 4)))]
    defenders = [f"d{i}" for i in range(draw(st.integers(1, 4)))]
    everyone = attackers + defenders
    units = []
    for uid in everyone:
        owner = "red" if uid in attackers else "blue"
        abilities = tuple(
            Ability(
                trigger,
                effect(draw, everyone, uid),
                (effect(draw, everyone, f"{uid}-{j}"),) if draw(st.booleans()) else (),
                f"{uid}-{j}",
            )
            for j, trigger in enumerate(draw(st.lists(st.sampled_from(list(Trigger)), max_size=2)))
        )
        units.append(
            UnitSpec(
                id=uid,
                name={"en": uid},
                owner=owner,
                might=draw(st.integers(0, 6)),
                zone=Zone.BASE if owner == "red" else Zone.BATTLEFIELD,
                abilities=abilities,
                instead_of_dying=draw(st.sampled_from([None, None, Zone.HAND, Zone.BANISHMENT])),
                keeps_death_trigger=draw(st.booleans()),
                assault=draw(st.integers(0, 2)),
                shield=draw(st.integers(0, 2)),
                tank=draw(st.booleans()),
                stunned=draw(st.booleans()),
                cant_be_dealt_damage=draw(st.integers(0, 5)) == 0,
            )
        )
    showdown = tuple(
        ShowdownPlay(draw(st.sampled_from(["red", "blue"])), effect(draw, everyone, "play"))
        for _ in range(draw(st.integers(0, 3)))
    )
    return Scenario(
        id="random",
        players=(PlayerSpec("red", {"en": "Red"}), PlayerSpec("blue", {"en": "Blue"})),
        battlefield={"en": "Hill"},
        controller=draw(st.sampled_from(["red", "blue", None])),
        scored_this_turn=frozenset(draw(st.sets(st.sampled_from(["red", "blue"])))),
        units=tuple(units),
        combat=CombatScript("red", tuple(attackers), (Round(showdown), Round(), Round())),
    )


PROPERTIES = settings(max_examples=150, deadline=None)


@PROPERTIES
@given(boards())
def test_nothing_with_lethal_damage_survives_a_cleanup(scenario: Scenario) -> None:
    for step in play(scenario).steps:
        if step.kind in (KILL, KILL_NONE):
            in_play = [u for u in step.board.units if u.zone in ("battlefield", "base")]
            assert not [u.id for u in in_play if u.damage > 0 and u.damage >= u.might]


@PROPERTIES
@given(boards())
def test_heal_never_saves_a_lethal_unit(scenario: Scenario) -> None:
    outcome = play(scenario)
    for rnd in ("r1", "r2", "r3"):
        damaged = next((s for s in outcome.steps if s.id == f"{rnd}-damage"), None)
        if damaged is None:
            continue
        lethal = {u.id for u in damaged.board.units if u.damage > 0 and u.damage >= u.might}
        healed = next(s for s in outcome.steps if s.id == f"{rnd}-cleanup-3c").board
        assert not [u for u in lethal if unit_state(healed, u).zone in ("battlefield", "base")]


@PROPERTIES
@given(boards())
def test_no_unit_is_lost_or_duplicated(scenario: Scenario) -> None:
    outcome = play(scenario)
    played = [s for s in outcome.steps if s.key.endswith("play-unit")]
    final = outcome.steps[-1].board.units
    ids = [u.id for u in final]
    assert len(ids) == len(set(ids)) == len(scenario.units) + len(played)
    assert {u.id for u in scenario.units} <= set(ids)


@PROPERTIES
@given(boards())
def test_no_designation_or_this_combat_effect_survives_the_end(scenario: Scenario) -> None:
    outcome = play(scenario)
    for step in outcome.steps:
        if step.kind is END:
            assert all(u.designation is None for u in step.board.units)
            assert all(d is None for _, d in step.board.designations)
            assert step.board.combat_effects == 0
    last = outcome.steps[-1]
    assert last.kind in (END, RESTAGED_UNSCRIPTED) or "after-combat" in last.id


@PROPERTIES
@given(boards())
def test_at_most_one_score_per_battlefield_per_player_per_turn(scenario: Scenario) -> None:
    outcome = play(scenario)
    for player in scenario.players:
        gained = outcome.scores[player.id] - player.score
        assert gained <= (0 if player.id in scenario.scored_this_turn else 1)


@PROPERTIES
@given(boards())
def test_the_outcome_written_as_expected_checks_clean(scenario: Scenario) -> None:
    """A downloaded board carries this ``expected``: ``engine check`` must verify it."""
    outcome = play(scenario)
    expected = expected_of_data(outcome.summary.as_expected(), {})
    assert compare(replace(scenario, expected=expected), outcome) == []


@PROPERTIES
@given(boards())
def test_same_input_same_trace(scenario: Scenario) -> None:
    assert play(scenario).steps == play(scenario).steps


@PROPERTIES
@given(boards())
def test_a_run_without_boards_gives_the_same_outcome_and_the_same_boards_on_demand(
    scenario: Scenario,
) -> None:
    """A run that records no board (exploration, checks) gives what the full run gives; its
    boards, asked for, are the full run's (the combat played again with the same choices)."""
    full = play(scenario)
    light = run_combat(scenario, boards=False)
    assert light.summary == full.summary and light.trace == full.trace
    assert light.final == full.steps[-1].board
    assert light.steps == full.steps


@PROPERTIES
@given(boards())
def test_every_step_narrates_in_both_languages(scenario: Scenario) -> None:
    outcome = play(scenario)
    names = Names(outcome.board)
    for step in outcome.steps:
        english, french = narrate(step, "en", names), narrate(step, "fr", names)
        assert english and french and english != french and "{" not in english + french


# -- players' orders -----------------------------------------------------------------------


@st.composite
def crowded_boards(
    draw: st.DrawFn,
    keys: tuple[str, ...] = tuple(EFFECTS),
    triggers: tuple[Trigger, ...] = tuple(Trigger),
) -> Scenario:
    """Boards where several abilities of one player trigger at once: strong attackers, two
    to four small defenders, each unit with an ability (death abilities above all)."""
    attackers = [f"a{i}" for i in range(draw(st.integers(1, 2)))]
    defenders = [f"d{i}" for i in range(draw(st.integers(2, 4)))]
    everyone = attackers + defenders
    units = []
    for uid in everyone:
        owner = "red" if uid in attackers else "blue"
        trigger = draw(st.sampled_from([Trigger.DIES, Trigger.DIES, *triggers]))
        if trigger not in triggers:
            trigger = Trigger.DIES
        ability = Ability(trigger, effect(draw, everyone, uid, keys), (), uid)
        replaced = draw(st.sampled_from([None, None, None, Zone.HAND]))
        units.append(
            UnitSpec(
                id=uid,
                name={"en": uid},
                owner=owner,
                might=draw(st.integers(3, 8) if owner == "red" else st.integers(1, 3)),
                zone=Zone.BASE if owner == "red" else Zone.BATTLEFIELD,
                abilities=(ability,),
                instead_of_dying=replaced,
                keeps_death_trigger=replaced is not None and draw(st.booleans()),
            )
        )
    return Scenario(
        id="crowded",
        players=(PlayerSpec("red", {"en": "Red"}), PlayerSpec("blue", {"en": "Blue"})),
        battlefield={"en": "Hill"},
        controller=draw(st.sampled_from(["red", "blue", None])),
        scored_this_turn=frozenset(),
        units=tuple(units),
        combat=CombatScript("red", tuple(attackers), (Round(), Round())),
    )


def stated(key: tuple[tuple[str, ...], ...]) -> tuple[StatedOrder, ...]:
    return tuple(StatedOrder(names) for names in key)


ORDERS = settings(max_examples=60, deadline=None)


@ORDERS
@given(crowded_boards())
def test_every_order_is_a_run_that_stating_that_order_reproduces(scenario: Scenario) -> None:
    runs = all_orders(scenario)
    keys = [order_key(run) for run in runs]
    assert len(set(keys)) == len(keys), "an order was tried twice"
    assert keys[0] == order_key(play(scenario)), "the first order tried is the default"
    for run, key in zip(runs, keys, strict=True):
        again = run_stated(scenario, stated(key))
        assert again.summary == run.summary and again.steps[-1].board == run.steps[-1].board


@ORDERS
@given(crowded_boards())
def test_any_order_verification_names_exactly_the_orders_that_differ(scenario: Scenario) -> None:
    shown = play(scenario)
    runs = all_orders(scenario)
    final = shown.steps[-1].board
    expected = {
        "result": {"winner": shown.winner, "loser": shown.loser} if shown.winner else "none",
        "control": shown.control_after or "none",
        "units": {u.id: {"zone": u.zone.value, "damage": u.damage} for u in final.units},
        "every_trigger_order": True,
    }

    # An order differs if the result, control or any unit's place or damage differs, or a unit
    # exists under one order and not the other ("not on the board").
    def seen(outcome: Outcome) -> tuple[object, ...]:
        board = outcome.steps[-1].board
        units = {u.id: (u.zone, u.damage) for u in board.units}
        return (
            outcome.winner,
            outcome.control_after,
            tuple(units.get(u.id) for u in final.units),
        )

    differ = {order_text(order_key(run)) for run in runs if seen(run) != seen(shown)}
    mismatches = compare(replace(scenario, expected=expected_of_data(expected, {})), shown)
    named = {
        match.group(1)
        for m in mismatches
        if (match := re.search(r" under trigger_order (\[.*\])$", m.field))
    }
    if len(runs) == 1:  # one order only: claiming every order is itself the mismatch
        assert [m.field for m in mismatches] == ["every_trigger_order"]
        return
    assert all(" under trigger_order " in m.field for m in mismatches)
    assert named == differ


@ORDERS
@given(boards())
def test_designations_are_empty_after_the_end_under_every_order(scenario: Scenario) -> None:
    for run in all_orders(scenario):
        for step in run.steps:
            if step.kind is END:
                assert not [u.id for u in step.board.units if u.designation]
                assert not [p for p, d in step.board.designations if d]
        last = run.steps[-1].board
        assert not [u.id for u in last.units if u.designation]
        assert not [p for p, d in last.designations if d]


# Removing a trigger: with death abilities that only play units and deal damage, in one
# combat, a trigger removed (an ability gone, or a replaced death that removes it) never gives
# a unit that keeping it does not.
MONOTONE = ("play_unit", "deal_damage", "deal_damage_to_all")


def created(outcome: Outcome) -> Counter[str]:
    """The units that exist at the end, by player (the starting ones included)."""
    return Counter(u.controller for u in outcome.steps[-1].board.units)


@ORDERS
@given(crowded_boards(MONOTONE, (Trigger.DIES,)), st.data())
def test_removing_a_trigger_never_adds_a_unit(scenario: Scenario, data: st.DataObject) -> None:
    one_round = replace(scenario, combat=replace(scenario.combat, rounds=(Round(),)))
    with_all = play(one_round)
    victim = data.draw(st.sampled_from(range(len(one_round.units))))
    units = list(one_round.units)
    units[victim] = replace(units[victim], abilities=())
    without = play(replace(one_round, units=tuple(units)))
    assert created(without) <= created(with_all)
    kept = [i for i, u in enumerate(one_round.units) if u.keeps_death_trigger]
    for i in kept:
        units = list(one_round.units)
        units[i] = replace(units[i], keeps_death_trigger=False)
        removed = play(replace(one_round, units=tuple(units)))
        assert created(removed) <= created(with_all)


@PROPERTIES
@given(boards())
def test_a_step_said_to_change_nothing_has_the_board_of_the_step_before(
    scenario: Scenario,
) -> None:
    """A step recorded as changing nothing shares the board before it (``SHARE_BOARDS``):
    every board is the one a run that makes each step's own board gives."""
    from engine import combat

    shared = play(scenario)
    combat.SHARE_BOARDS = False
    try:
        own = run_combat(scenario)
    finally:
        combat.SHARE_BOARDS = True
    assert [s.board for s in shared.steps] == [s.board for s in own.steps]


def test_every_example_has_the_boards_of_a_run_that_makes_each_steps_own() -> None:
    """The same for every worked example (showdowns without a combat, restaged combats…)."""
    from engine import combat, load_scenario
    from tests.conftest import ROOT

    for file in sorted((ROOT / "examples").glob("*.yml")):
        scenario = load_scenario(file)
        shared = [s.board for s in run_combat(scenario).steps]
        combat.SHARE_BOARDS = False
        try:
            own = [s.board for s in run_combat(scenario).steps]
        finally:
            combat.SHARE_BOARDS = True
        assert shared == own, file
