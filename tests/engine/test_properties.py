"""Properties that hold for every board, checked on random ones (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Scenario, run_combat
from engine.model import Ability, DealDamage, GiveMight, PlayUnit, PreventDamage, Trigger, Zone
from engine.scenario import CombatScript, PlayerSpec, Round, ShowdownPlay, UnitSpec


@st.composite
def boards(draw: st.DrawFn) -> Scenario:
    attackers = [f"a{i}" for i in range(draw(st.integers(1, 4)))]
    defenders = [f"d{i}" for i in range(draw(st.integers(1, 4)))]
    everyone = attackers + defenders
    units = []
    for uid in everyone:
        owner = "red" if uid in attackers else "blue"
        abilities = []
        for trigger in draw(st.lists(st.sampled_from(list(Trigger)), max_size=2)):
            effect = draw(
                st.one_of(
                    st.builds(
                        PlayUnit,
                        st.just(f"{uid}-token"),
                        st.just({"en": "Token"}),
                        st.integers(0, 3),
                        st.sampled_from([Zone.BASE, Zone.BATTLEFIELD]),
                    ),
                    st.builds(
                        DealDamage,
                        st.sampled_from(everyone),
                        st.one_of(st.none(), st.integers(0, 5)),
                    ),
                    st.builds(GiveMight, st.sampled_from(everyone), st.integers(0, 3)),
                )
            )
            abilities.append(Ability(trigger, effect))
        units.append(
            UnitSpec(
                id=uid,
                name={"en": uid},
                owner=owner,
                might=draw(st.integers(0, 6)),
                zone=Zone.BASE if owner == "red" else Zone.BATTLEFIELD,
                abilities=tuple(abilities),
                instead_of_dying=draw(st.sampled_from([None, None, Zone.HAND, Zone.BANISHMENT])),
            )
        )
    showdown = tuple(
        ShowdownPlay(
            draw(st.sampled_from(["red", "blue"])),
            draw(
                st.one_of(
                    st.builds(GiveMight, st.sampled_from(everyone), st.integers(0, 3)),
                    st.builds(PreventDamage, st.sampled_from(everyone), st.integers(0, 3)),
                )
            ),
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
        if step.message in ("kill", "kill-none"):
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
    played = [s for s in outcome.steps if s.message.endswith("play-unit")]
    final = outcome.steps[-1].board.units
    ids = [u.id for u in final]
    assert len(ids) == len(set(ids)) == len(scenario.units) + len(played)
    assert {u.id for u in scenario.units} <= set(ids)


@PROPERTIES
@given(boards())
def test_no_designation_or_this_combat_effect_survives_the_end(scenario: Scenario) -> None:
    outcome = run_combat(scenario)
    for step in outcome.steps:
        if step.message == "end":
            assert all(u.designation is None for u in step.board.units)
            assert all(d is None for _, d in step.board.designations)
            assert step.board.combat_effects == 0
    last = outcome.steps[-1]
    assert last.message in ("end", "restaged-unscripted") or "after-combat" in last.id


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
    from engine.messages import Names, narrate

    outcome = run_combat(scenario)
    names = Names(outcome.board)
    for step in outcome.steps:
        english, french = narrate(step, "en", names), narrate(step, "fr", names)
        assert english and french and english != french and "{" not in english + french
