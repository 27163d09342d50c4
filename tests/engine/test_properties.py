"""Properties that hold for every board, checked on random ones (hypothesis)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Scenario, run_combat
from engine.effects import EFFECTS, Ability, Effect
from engine.model import Trigger, Zone
from engine.narration import Names, narrate
from engine.scenario import CombatScript, PlayerSpec, Round, ShowdownPlay, UnitSpec
from engine.steps import END, KILL, KILL_NONE, RESTAGED_UNSCRIPTED


def effects(
    everyone: list[str], owner: str, keys: list[str] | None = None
) -> st.SearchStrategy[Effect]:
    """Any kind of effect (``engine.effects.EFFECTS``), its body drawn from its own schema."""

    def body(kind: type[Effect]) -> st.SearchStrategy[dict[str, Any]]:
        fields: dict[str, st.SearchStrategy[Any]] = {}
        for key, spec in kind.schema["properties"].items():
            fields[key] = value(key, spec)
        return st.fixed_dictionaries(fields)

    def value(key: str, spec: dict[str, Any]) -> st.SearchStrategy[Any]:
        if key == "to":
            return st.sampled_from(everyone)
        if key == "id":
            return st.just(f"{owner}-token")
        if key == "name":
            return st.just("Token")
        if "enum" in spec:
            return st.sampled_from(spec["enum"])
        if "oneOf" in spec:
            return st.one_of([value(key, choice) for choice in spec["oneOf"]])
        if "const" in spec:
            return st.just(spec["const"])
        if spec.get("type") == "integer":
            return st.integers(0, 5)
        raise AssertionError(f"no strategy for {key}: {spec}")

    kinds = [EFFECTS[k] for k in (keys or list(EFFECTS))]
    return st.one_of([body(kind).map(kind.load) for kind in kinds])


@st.composite
def boards(draw: st.DrawFn) -> Scenario:
    attackers = [f"a{i}" for i in range(draw(st.integers(1, 4)))]
    defenders = [f"d{i}" for i in range(draw(st.integers(1, 4)))]
    everyone = attackers + defenders
    units = []
    for uid in everyone:
        owner = "red" if uid in attackers else "blue"
        abilities = tuple(
            Ability(trigger, draw(effects(everyone, uid)))
            for trigger in draw(st.lists(st.sampled_from(list(Trigger)), max_size=2))
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
            )
        )
    showdown = tuple(
        ShowdownPlay(
            draw(st.sampled_from(["red", "blue"])),
            draw(effects(everyone, "play", ["give_might", "prevent_damage", "cant_move"])),
        )
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
    for step in run_combat(scenario).steps:
        if step.kind in (KILL, KILL_NONE):
            in_play = [u for u in step.board.units if u.zone in ("battlefield", "base")]
            assert not [u.id for u in in_play if u.damage > 0 and u.damage >= u.might]


@PROPERTIES
@given(boards())
def test_heal_never_saves_a_lethal_unit(scenario: Scenario) -> None:
    outcome = run_combat(scenario)
    for rnd in ("r1", "r2", "r3"):
        damaged = next((s for s in outcome.steps if s.id == f"{rnd}-damage"), None)
        if damaged is None:
            continue
        lethal = {u.id for u in damaged.board.units if u.damage > 0 and u.damage >= u.might}
        healed = next(s for s in outcome.steps if s.id == f"{rnd}-cleanup-3c").board
        assert not [u for u in lethal if healed.unit(u).zone in ("battlefield", "base")]


@PROPERTIES
@given(boards())
def test_no_unit_is_lost_or_duplicated(scenario: Scenario) -> None:
    outcome = run_combat(scenario)
    played = [s for s in outcome.steps if s.key.endswith("play-unit")]
    final = outcome.steps[-1].board.units
    ids = [u.id for u in final]
    assert len(ids) == len(set(ids)) == len(scenario.units) + len(played)
    assert {u.id for u in scenario.units} <= set(ids)


@PROPERTIES
@given(boards())
def test_no_designation_or_this_combat_effect_survives_the_end(scenario: Scenario) -> None:
    outcome = run_combat(scenario)
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
    outcome = run_combat(scenario)
    for player in scenario.players:
        gained = outcome.scores[player.id] - player.score
        assert gained <= (0 if player.id in scenario.scored_this_turn else 1)


@PROPERTIES
@given(boards())
def test_same_input_same_trace(scenario: Scenario) -> None:
    assert run_combat(scenario).steps == run_combat(scenario).steps


@PROPERTIES
@given(boards())
def test_every_step_narrates_in_both_languages(scenario: Scenario) -> None:
    outcome = run_combat(scenario)
    names = Names(outcome.board)
    for step in outcome.steps:
        english, french = narrate(step, "en", names), narrate(step, "fr", names)
        assert english and french and english != french and "{" not in english + french
