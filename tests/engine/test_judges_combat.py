"""One test per behaviour of combat the judges' rulings turn on, named after the rule it applies:
damage assignment as each player's choice (465, ``engine.assignment``), the showdown before
combat damage (341, 327), open showdowns (341, 466.5, 469.1), the keywords (Assault, Shield,
Stun, Tank), and the effects that take a unit out of a combat or change what it adds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from diagnostics import Named, Problem, ProblemsFound
from engine.assignment import Target, default_assignment, legal_assignments, only_assignment
from engine.combat import Outcome, run_combat
from engine.explore import assignment_key, every_choice
from engine.model import Designation, Zone
from tests.conftest import engine_cli
from tests.engine.builders import build, play, scenario_yaml, step, unit, unit_state

# -- helpers ---------------------------------------------------------------------------------


def attacker(might: int, **extra: Any) -> dict[str, Any]:
    return unit("attacker", "red", might, "base", **extra)


def refusal(units: list[dict[str, Any]], assign: dict[str, Any], move: list[str]) -> Problem:
    """The one problem the run finds with the round's stated ``assign``."""
    scenario = build(units, move, rounds=[{"assign": assign}])
    with pytest.raises(ProblemsFound) as raised:
        run_combat(scenario)
    [problem] = raised.value.problems
    assert problem.said is not None
    return problem


def unit_param(problem: Problem, name: str) -> str:
    assert problem.said is not None
    value = problem.said.get(name)
    assert isinstance(value, Named), (name, value)
    return value.id


def number(problem: Problem, name: str) -> object:
    assert problem.said is not None
    return problem.said.get(name)


def ids(outcome: Outcome) -> list[str]:
    return [s.id for s in outcome.steps]


def keys(outcome: Outcome) -> list[str]:
    return [s.key for s in outcome.steps]


def stated_assign(outcome: Outcome) -> dict[str, dict[str, int]]:
    """The run's assignments (round 1), as ``rounds[].assign`` states them."""
    return {
        a.player: {u: n for u, n in a.amounts if n}
        for a in outcome.assignments
        if a.step.startswith("r1-")
    }


# -- 465: which assignments are legal ------------------------------------------------------


def test_465_an_assignment_must_be_all_of_the_sides_might_no_more_no_less() -> None:
    board = [attacker(5), unit("a", "blue", 2), unit("b", "blue", 4)]
    short = refusal(board, {"red": {"a": 2, "b": 2}}, ["attacker"])
    assert short.said is not None and short.said.key == "problem:assign-total"
    assert (number(short, "count"), number(short, "might")) == (4, 5)
    over = refusal(board, {"red": {"a": 2, "b": 4}}, ["attacker"])
    assert (number(over, "count"), number(over, "might")) == (6, 5)


def test_465_lethal_first_counts_the_damage_already_marked_and_names_who_waits() -> None:
    """A 4 Might unit with 2 damage needs 2 more: 1 to it and 2 to the next leaves both short."""
    board = [attacker(3), unit("a", "blue", 4, damage=2), unit("b", "blue", 3)]
    problem = refusal(board, {"red": {"a": 1, "b": 2}}, ["attacker"])
    assert problem.said is not None and problem.said.key == "problem:assign-lethal-first"
    assert (unit_param(problem, "unit"), unit_param(problem, "other")) == ("b", "a")
    assert number(problem, "lethal") == 2
    # The same 3 as lethal to one unit and the rest to the other is legal, in either order.
    play(board, ["attacker"], rounds=[{"assign": {"red": {"a": 2, "b": 1}}}])
    play(board, ["attacker"], rounds=[{"assign": {"red": {"b": 3}}}])


def test_465_the_defender_may_not_over_assign_while_an_attacker_lacks_lethal() -> None:
    board = [
        unit("r1", "red", 2, "base"),
        unit("r2", "red", 3, "base"),
        unit("guard", "blue", 6),
    ]
    problem = refusal(board, {"blue": {"r1": 4, "r2": 2}}, ["r1", "r2"])
    assert problem.said is not None and problem.said.key == "problem:assign-over"
    assert problem.at == ("combat", "rounds", 0, "assign", "blue", "r1")
    assert (unit_param(problem, "unit"), unit_param(problem, "other")) == ("r1", "r2")
    assert (number(problem, "lethal"), number(problem, "assigned")) == (2, 4)


def test_465_what_is_left_over_lethal_goes_to_one_unit_only() -> None:
    board = [attacker(8), unit("a", "blue", 2), unit("b", "blue", 3)]
    problem = refusal(board, {"red": {"a": 4, "b": 4}}, ["attacker"])
    assert problem.said is not None and problem.said.key == "problem:assign-split-excess"
    assert (unit_param(problem, "unit"), unit_param(problem, "other")) == ("b", "a")
    for legal in ({"a": 5, "b": 3}, {"a": 2, "b": 6}):
        play(board, ["attacker"], rounds=[{"assign": {"red": legal}}])


def test_tank_is_assigned_lethal_first_whatever_the_board_order() -> None:
    board = [attacker(4), unit("plain", "blue", 2), unit("wall", "blue", 3, tank=True)]
    problem = refusal(board, {"red": {"plain": 2, "wall": 2}}, ["attacker"])
    assert problem.said is not None and problem.said.key == "problem:assign-tank"
    assert (unit_param(problem, "unit"), unit_param(problem, "other")) == ("plain", "wall")
    assert number(problem, "lethal") == 3
    outcome = play(board, ["attacker"])
    assert stated_assign(outcome)["red"] == {"wall": 3, "plain": 1}


def test_tank_takes_no_excess_while_a_unit_without_tank_is_there() -> None:
    board = [attacker(8), unit("wall", "blue", 3, tank=True), unit("plain", "blue", 2)]
    problem = refusal(board, {"red": {"wall": 6, "plain": 2}}, ["attacker"])
    assert problem.said is not None and problem.said.key == "problem:assign-tank-excess"
    assert (unit_param(problem, "unit"), unit_param(problem, "other")) == ("wall", "plain")
    assert (number(problem, "lethal"), number(problem, "assigned")) == (3, 6)
    # With Tanks only, the excess may go to a Tank.
    tanks = [attacker(8), unit("wall", "blue", 3, tank=True), unit("moat", "blue", 2, tank=True)]
    play(tanks, ["attacker"], rounds=[{"assign": {"red": {"wall": 6, "moat": 2}}}])


def test_465_both_players_assignments_are_checked_before_either_is_dealt() -> None:
    board = [attacker(5), unit("a", "blue", 2), unit("b", "blue", 4)]
    scenario = build(
        board,
        ["attacker"],
        rounds=[{"assign": {"red": {"a": 5}, "blue": {"attacker": 5}}}],
    )
    with pytest.raises(ProblemsFound) as raised:
        run_combat(scenario)
    said = sorted(p.said.key for p in raised.value.problems if p.said is not None)
    assert said == ["problem:assign-over", "problem:assign-total"]


@pytest.mark.parametrize(
    "board",
    [
        [attacker(5), unit("a", "blue", 2), unit("b", "blue", 4)],
        [attacker(9), unit("p", "blue", 2), unit("t", "blue", 3, tank=True), unit("q", "blue", 1)],
        [attacker(4), unit("a", "blue", 4, damage=3), unit("z", "blue", 0), unit("b", "blue", 5)],
        [attacker(3), unit("t1", "blue", 2, tank=True), unit("t2", "blue", 2, tank=True)],
    ],
    ids=["excess", "tank", "marked-and-zero", "tanks-only"],
)
def test_465_the_default_assignment_is_legal_stated_back_it_is_accepted(
    board: list[dict[str, Any]],
) -> None:
    chosen = play(board, ["attacker"])
    assert step(chosen, "r1-assign-attacker").key in ("assign-chosen", "assign-only")
    again = play(board, ["attacker"], rounds=[{"assign": stated_assign(chosen)}])
    assert step(again, "r1-assign-attacker").key == "assign-stated"
    assert step(again, "r1-damage").params == step(chosen, "r1-damage").params


# 465: the Attacker announces first, then the Defender; both are dealt at once.
def test_465_attacker_assigns_first_then_defender_then_all_is_dealt_at_once() -> None:
    outcome = play([attacker(5), unit("defender", "blue", 5)], ["attacker"])
    order = ids(outcome)
    assert order.index("r1-assign-attacker") < order.index("r1-assign-defender")
    assert order.index("r1-assign-defender") + 1 == order.index("r1-damage")
    assert [a.player for a in outcome.assignments] == ["red", "blue"]
    announced = step(outcome, "r1-assign-defender").board
    assert unit_state(announced, "defender").damage == 0  # assigned, not yet dealt
    assert unit_state(announced, "attacker").damage == 0
    dealt = step(outcome, "r1-damage").board
    assert (unit_state(dealt, "attacker").damage, unit_state(dealt, "defender").damage) == (5, 5)
    assert set(outcome.killed) == {"attacker", "defender"}  # the one killed still struck back


# 465 + explore: every legal assignment is a run; two of them give different winners.
SHIELDED = [attacker(5), unit("a", "blue", 2), unit("b", "blue", 2)]
SHIELD_B = [{"showdown": [{"player": "blue", "prevent_damage": {"to": "b", "amount": 1}}]}]


def test_465_exploring_every_assignment_finds_two_that_change_the_winner() -> None:
    """Red's 5: lethal 2 to each Blue unit and 1 more to one of them. On b (1 of it
    prevented) both die and Red wins; on a, b is dealt 1 and survives: No Result."""
    runs = every_choice(build(SHIELDED, ["attacker"], rounds=SHIELD_B))
    red = {dict(assignment_key(r)[0][2])["b"]: r.summary.result.winner for r in runs}
    assert red == {3: "red", 2: None}
    assert len(runs) == 2


def test_465_engine_orders_names_the_assignment_whose_winner_differs(tmp_path: Path) -> None:
    file = tmp_path / "shielded.yml"
    file.write_text(
        scenario_yaml(
            SHIELDED,
            ["attacker"],
            rounds=SHIELD_B,
            expected={"result": {"winner": "red", "loser": "blue"}},
        ),
        encoding="utf-8",
    )
    result = engine_cli("orders", str(file))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    shown, other = "r1 red: {a: 2, b: 3}", "r1 red: {a: 3, b: 2}"
    blue = "r1 blue: {attacker: 4}"
    assert lines[0].startswith(f"assign {shown}; {blue} (shown): result: red wins")
    assert lines[1].startswith(f"assign {other}; {blue} (differs): result: none")
    assert lines[-1].endswith(f"differs from the one shown in 1: assign {other}; {blue}")


# -- 341, 327: the showdown, before combat damage ------------------------------------------


def test_341_a_showdown_kill_resolves_its_death_ability_before_combat_damage() -> None:
    """The martyr's death gives the guard +2 this combat: 5 Might, the attacker's 4 is not
    lethal and the guard's 5 is; without the ability Red would have won."""
    martyr = unit(
        "martyr",
        "blue",
        1,
        abilities=[{"when": "dies", "give_might": {"to": "guard", "amount": 2}}],
    )
    board = [attacker(4), martyr, unit("guard", "blue", 3)]
    kill = {"showdown": [{"player": "red", "kill": {"to": "martyr"}}]}
    outcome = play(board, ["attacker"], rounds=[kill])
    order = ids(outcome)
    assert order.index("r1-showdown-chain-2") < order.index("r1-assign-attacker")
    assert step(outcome, "r1-showdown-chain-2").key == "chain-give-might"
    assert unit_state(step(outcome, "r1-damage").board, "guard").might == 5
    assert (outcome.winner, outcome.killed) == ("blue", ("martyr", "attacker"))
    without = [attacker(4), unit("martyr", "blue", 1), unit("guard", "blue", 3)]
    assert play(without, ["attacker"], rounds=[kill]).winner == "red"


def test_466_7_c_a_this_combat_bonus_given_after_the_combat_ended_does_not_last() -> None:
    """The attacker dies after combat (its +2 expired under 4 damage); its death ability gives
    the squire +3 "this combat", with no combat under way: nothing lasts."""
    captain = attacker(3, abilities=[{"when": "dies", "give_might": {"to": "squire", "amount": 3}}])
    martyr = unit(
        "defender",
        "blue",
        2,
        abilities=[{"when": "dies", "deal_damage": {"to": "attacker", "amount": 4}}],
    )
    outcome = play(
        [captain, unit("squire", "red", 1, "base"), martyr],
        ["attacker", "squire"],
        rounds=[{"showdown": [{"player": "red", "give_might": {"to": "attacker", "amount": 2}}]}],
    )
    after = [s for s in outcome.steps if s.id.startswith("r1-after-combat")]
    assert "chain-lapsed" in [s.key for s in after]
    assert ids(outcome).index("r1-end") < ids(outcome).index(after[0].id)
    assert outcome.final.combat_effects == 0
    assert outcome.units["squire"].might == 1 and "attacker" in outcome.killed


def test_341_attack_and_defend_abilities_resolve_before_the_first_showdown_play() -> None:
    """The defend ability gives the guard +2: the showdown's 3 damage is then not lethal."""
    guard = unit(
        "guard",
        "blue",
        3,
        abilities=[{"when": "defend", "give_might": {"to": "guard", "amount": 2}}],
    )
    bold = attacker(
        4, abilities=[{"when": "attack", "give_might": {"to": "attacker", "amount": 1}}]
    )
    outcome = play(
        [bold, guard],
        ["attacker"],
        rounds=[{"showdown": [{"player": "red", "deal_damage": {"to": "guard", "amount": 3}}]}],
    )
    order = ids(outcome)
    opening = [i for i in order if i.startswith("r1-opening-") and "cleanup" not in i]
    assert len(opening) == 3  # the chain of both abilities, then each resolving
    assert max(order.index(i) for i in opening) < order.index("r1-showdown-1")
    assert unit_state(step(outcome, "r1-showdown-1").board, "guard").damage == 3
    assert step(outcome, "r1-showdown-1-cleanup").key == "cleanup-none"  # 3 on 5 Might


# -- 341, 466.5, 469.1: a showdown without a combat ------------------------------------------


def test_341_an_open_showdown_has_no_damage_step_no_heal_and_conquers() -> None:
    outcome = play(
        [attacker(4, damage=1), unit("away", "blue", 3, "base", damage=2)],
        ["attacker"],
        controller="none",
    )
    assert step(outcome, "move").key == "move-open"
    assert not {"assign-only", "damage", "resolution", "heal"} & set(keys(outcome))
    assert outcome.units["attacker"].damage == 1  # no Combat Cleanup heals it
    assert outcome.units["away"].damage == 2
    assert step(outcome, "r1-control").key == "open-conquer"
    assert (outcome.conquered_by, outcome.points_scored, outcome.control_after) == ("red", 1, "red")
    assert not outcome.summary.fought


def test_470_an_open_showdown_on_a_battlefield_scored_this_turn_conquers_nothing() -> None:
    outcome = play([attacker(4), unit("away", "blue", 3, "base")], ["attacker"], scored=("red",))
    assert step(outcome, "r1-control").key == "open-no-conquer"
    assert outcome.control_after == "red" and outcome.conquered_by is None


def test_341_a_this_combat_bonus_in_a_showdown_without_a_combat_lapses() -> None:
    outcome = play(
        [attacker(4, assault=2), unit("away", "blue", 3, "base")],
        ["attacker"],
        rounds=[{"showdown": [{"player": "red", "give_might": {"to": "attacker", "amount": 2}}]}],
    )
    assert step(outcome, "r1-showdown-1").key == "showdown-lapsed"
    assert unit_state(step(outcome, "r1-showdown-1").board, "attacker").might == 4  # no Assault
    assert unit_state(step(outcome, "r1-showdown-1").board, "attacker").designation is None


def test_341_a_unit_of_the_other_player_arriving_in_an_open_showdown_makes_a_combat() -> None:
    bold = attacker(
        4,
        assault=1,
        abilities=[{"when": "attack", "give_might": {"to": "attacker", "amount": 1}}],
    )
    arrives = {"id": "guard", "name": "Guard", "might": 2, "at": "battlefield"}
    outcome = play(
        [bold, unit("away", "blue", 3, "base")],
        ["attacker"],
        rounds=[
            {
                "showdown": [
                    {"player": "blue", "play_unit": arrives},
                    {"player": "blue", "give_might": {"to": "guard", "amount": 1}},
                ]
            }
        ],
    )
    order = ids(outcome)
    assert step(outcome, "r1-stage").key == "stage-in-showdown"
    assert order.index("r1-showdown-1") < order.index("r1-stage") < order.index("r1-showdown-2")
    staged = step(outcome, "r1-stage").board
    assert unit_state(staged, "attacker").designation is Designation.ATTACKER
    assert unit_state(staged, "guard").designation is Designation.DEFENDER
    assert unit_state(staged, "attacker").might == 5  # Assault, now that it attacks
    # Its "when I attack" ability triggers when it becomes an attacker, and resolves at once.
    assert (
        order.index("r1-stage") < order.index("r1-showdown-chain-2") < order.index("r1-showdown-2")
    )
    assert step(outcome, "r1-showdown-chain-add-1").key == "chain-add-showdown"
    assert step(outcome, "r1-showdown-2").key == "showdown-give-might"  # this combat: it lasts
    assert step(outcome, "r1-assign-attacker").params.might == 6
    assert outcome.summary.fought and outcome.winner == "red" and outcome.killed == ("guard",)


# -- Assault, Shield, Stun ---------------------------------------------------------------


def test_assault_and_shield_add_only_while_attacking_and_defending() -> None:
    outcome = play(
        [
            unit("raider", "red", 3, "base", assault=2, shield=5),
            unit("warden", "blue", 3, assault=4, shield=1),
        ],
        ["raider"],
    )
    start = step(outcome, "start").board
    assert (unit_state(start, "raider").might, unit_state(start, "warden").might) == (3, 3)
    staged = step(outcome, "r1-stage").board
    assert (unit_state(staged, "raider").might, unit_state(staged, "warden").might) == (5, 4)
    assigned = step(outcome, "r1-assign-attacker").params
    assert assigned.might == 5 and [(b.unit, b.amount) for b in assigned.boosts] == [("raider", 2)]
    assert step(outcome, "r1-assign-defender").params.might == 4
    assert outcome.units["raider"].might == 3  # no designation once the combat is over


def test_stun_a_stunned_unit_adds_no_might_to_its_side() -> None:
    outcome = play(
        [attacker(5), unit("guard", "blue", 4), unit("stunned", "blue", 3, stunned=True)],
        ["attacker"],
        rounds=[{"showdown": [{"player": "red", "stun": {"to": "guard"}}]}],
    )
    blue = step(outcome, "r1-assign-defender").params
    assert blue.might == 0 and set(blue.stunned) == {"guard", "stunned"}
    assert unit_state(step(outcome, "r1-damage").board, "attacker").damage == 0
    assert "attacker" not in outcome.killed


def test_stun_a_stunned_unit_is_still_assigned_its_full_lethal() -> None:
    outcome = play([attacker(4), unit("giant", "blue", 5, stunned=True)], ["attacker"])
    assert unit_state(step(outcome, "r1-damage").board, "giant").damage == 4
    assert outcome.killed == () and outcome.recalled == ("attacker",)


# -- can't be dealt damage; Might below 0 ---------------------------------------------------


def test_465_a_unit_that_cant_be_dealt_damage_takes_none_of_its_assignment() -> None:
    outcome = play(
        [attacker(5), unit("ghost", "blue", 3, cant_be_dealt_damage=True), unit("b", "blue", 1)],
        ["attacker"],
        rounds=[{"showdown": [{"player": "red", "deal_damage": {"to": "ghost", "amount": 9}}]}],
    )
    assert step(outcome, "r1-showdown-1").key == "showdown-immune"
    hits = {h.unit: h for h in step(outcome, "r1-damage").params.hits}
    assert hits["ghost"].assigned == 3 and hits["ghost"].dealt == 0 and hits["ghost"].immune
    assert unit_state(step(outcome, "r1-damage").board, "ghost").damage == 0
    assert outcome.killed == ("b",) and outcome.recalled == ("attacker",)


def test_465_a_unit_reduced_below_0_might_adds_0_never_less() -> None:
    outcome = play(
        [unit("big", "red", 3, "base"), unit("weak", "red", 2, "base"), unit("guard", "blue", 4)],
        ["big", "weak"],
        rounds=[{"showdown": [{"player": "blue", "reduce_might": {"to": "weak", "amount": 5}}]}],
    )
    assert unit_state(step(outcome, "r1-damage").board, "weak").might == -3
    assert step(outcome, "r1-assign-attacker").params.might == 3  # 3 + 0, not 3 - 3
    blue = step(outcome, "r1-assign-defender").params
    assert {s.unit: s.amount for s in blue.shares} == {"big": 3, "weak": 1}  # lethal is 1


# -- 341: effects that take a unit out of the combat ---------------------------------------


@pytest.mark.parametrize(
    ("effect", "zone"),
    [("kill", Zone.TRASH), ("recall", Zone.BASE), ("return_to_hand", Zone.HAND)],
)
def test_341_a_unit_killed_recalled_or_returned_in_the_showdown_leaves_the_combat(
    effect: str, zone: Zone
) -> None:
    outcome = play(
        [attacker(3), unit("guard", "blue", 2), unit("brute", "blue", 6)],
        ["attacker"],
        rounds=[{"showdown": [{"player": "red", effect: {"to": "brute"}}]}],
    )
    gone = unit_state(step(outcome, "r1-showdown-1").board, "brute")
    assert (gone.zone, gone.designation) == (zone, None)
    red, blue = (
        step(outcome, "r1-assign-attacker").params,
        step(outcome, "r1-assign-defender").params,
    )
    assert [s.unit for s in red.shares] == ["guard"] and blue.might == 2  # brute: not in it
    assert (outcome.winner, outcome.conquered_by) == ("red", "red")
    assert outcome.recalled == (("brute",) if zone is Zone.BASE else ())


def test_466_3_the_attacker_recalled_in_the_showdown_loses_the_combat() -> None:
    outcome = play(
        [attacker(3), unit("guard", "blue", 2)],
        ["attacker"],
        rounds=[{"showdown": [{"player": "blue", "recall": {"to": "attacker"}}]}],
    )
    assert step(outcome, "r1-cleanup-3d").key == "recall-none-no-attackers"
    assert (outcome.winner, outcome.loser) == ("blue", "red")  # not recalled in step 3d
    assert outcome.control_after == "blue" and outcome.conquered_by is None


# -- another unit dies ------------------------------------------------------------------


def mourner(uid: str, owner: str, might: int, at: str = "battlefield") -> dict[str, Any]:
    grief = {"when": "another_dies", "give_might": {"to": uid, "amount": 1}}
    return unit(uid, owner, might, at, abilities=[grief])


def test_another_dies_triggers_once_for_each_other_unit_that_dies() -> None:
    outcome = play(
        [
            attacker(6),
            unit("a", "blue", 2),
            unit("b", "blue", 3),
            mourner("widow", "red", 1, "base"),
        ],
        ["attacker"],
    )
    killed = step(outcome, "r1-cleanup-3b").params
    assert set(killed.units) == {"a", "b"} and killed.witnessed == ("widow",)
    resolved = [s for s in outcome.steps if s.key == "chain-give-might"]
    assert [s.params.source[0] for s in resolved] == ["widow", "widow"]
    assert unit_state(resolved[-1].board, "widow").might == 3


def test_another_dies_units_dying_together_do_not_see_each_other() -> None:
    outcome = play(
        [attacker(5), mourner("a", "blue", 2), mourner("b", "blue", 3)],
        ["attacker"],
    )
    assert step(outcome, "r1-cleanup-3b").params.witnessed == ()
    assert "chain-give-might" not in keys(outcome)


def test_another_dies_a_showdown_kill_triggers_it_before_combat_damage() -> None:
    outcome = play(
        [attacker(4), unit("scout", "blue", 1), mourner("guard", "blue", 3)],
        ["attacker"],
        rounds=[{"showdown": [{"player": "red", "kill": {"to": "scout"}}]}],
    )
    assert step(outcome, "r1-showdown-1").params.witnessed == ("guard",)
    assert unit_state(step(outcome, "r1-damage").board, "guard").might == 4
    # 4 Might now: Red's 4 is lethal to it, and its 4 to Red's attacker (with 3, Red won).
    assert outcome.winner is None and set(outcome.killed) == {"scout", "guard", "attacker"}


# The search for legal assignments prunes what cannot be legal: boards built to make it walk
# every subset of their units answer at once (each once walked 2^N subsets: 24 units took
# 11 CPU seconds, 40 would take days).
def test_465_finding_the_only_legal_assignment_among_many_tanks_walks_no_dead_branch() -> None:
    targets = (*(Target(f"t{i}", 1, tank=True) for i in range(200)), Target("p", 5))
    assert only_assignment(200, targets)
    assert default_assignment(200, targets) == (1,) * 200 + (0,)


def test_465_every_legal_assignment_of_a_unit_short_is_found_without_walking_every_subset() -> None:
    targets = tuple(Target(f"u{i}", 1) for i in range(200))
    found = list(legal_assignments(199, targets, limit=1_000))
    assert len(found) == 200 and len(set(found)) == 200  # each unit may be the one left out
