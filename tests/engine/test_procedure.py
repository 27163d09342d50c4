"""One test per clause of the combat procedure, named after the rule it applies."""

from __future__ import annotations

from typing import Any

from engine.combat import Outcome, run_combat
from engine.narration import Names, outcome_sentence
from tests.engine.builders import build, dying_warden, play, step, unit, unit_state


def one_on_one(red: int, blue: int, **kwargs: Any) -> Outcome:
    return play(
        [unit("attacker", "red", red, "base"), unit("defender", "blue", blue)],
        ["attacker"],
        **kwargs,
    )


# 459: the move stages a combat and gives designations.
def test_459_move_stages_combat_with_designations() -> None:
    outcome = one_on_one(5, 2)
    staged = step(outcome, "r1-stage").board
    assert unit_state(staged, "attacker").zone == "battlefield"
    assert unit_state(staged, "attacker").designation == "attacker"
    assert unit_state(staged, "defender").designation == "defender"
    assert dict(staged.designations) == {"red": "attacker", "blue": "defender"}


# 341: what a player plays in the showdown resolves before damage.
def test_341_showdown_might_bonus_applies_to_damage() -> None:
    outcome = one_on_one(
        3,
        4,
        rounds=[{"showdown": [{"player": "red", "give_might": {"to": "attacker", "amount": 2}}]}],
    )
    assert unit_state(step(outcome, "r1-damage").board, "attacker").might == 5
    assert outcome.winner == "red"


# 465: damage is assigned by each side, prevented, and dealt simultaneously.
def test_465_damage_dealt_simultaneously_after_prevention() -> None:
    outcome = one_on_one(
        4,
        4,
        rounds=[
            {
                "showdown": [{"player": "blue", "prevent_damage": {"to": "defender", "amount": 1}}],
                "damage": {"attacker": 4, "defender": 4},
            }
        ],
    )
    damaged = step(outcome, "r1-damage").board
    assert unit_state(damaged, "attacker").damage == 4
    assert unit_state(damaged, "defender").damage == 3


def test_465_default_assignment_puts_lethal_on_each_unit_in_order() -> None:
    outcome = play(
        [unit("attacker", "red", 5, "base"), unit("a", "blue", 2), unit("b", "blue", 4)],
        ["attacker"],
    )
    damaged = step(outcome, "r1-damage").board
    assert (unit_state(damaged, "a").damage, unit_state(damaged, "b").damage) == (2, 3)


def test_465_default_assignment_counts_the_damage_a_unit_already_has() -> None:
    """A 4 Might unit with 2 damage needs 2 more to be lethal: the rest goes to the next unit."""
    outcome = play(
        [
            unit("attacker", "red", 5, "base"),
            unit("a", "blue", 4, damage=2),
            unit("b", "blue", 4),
        ],
        ["attacker"],
    )
    damaged = step(outcome, "r1-damage").board
    assert (unit_state(damaged, "a").damage, unit_state(damaged, "b").damage) == (4, 3)


def test_465_no_reaction_window_between_damage_and_lethal_check() -> None:
    ids = [s.id for s in one_on_one(5, 2).steps]
    assert ids.index("r1-resolution") == ids.index("r1-damage") + 1


# 323.4: step 3a records death abilities with last known information, before 3b moves the card.
def test_323_4_death_ability_recorded_with_last_known_might() -> None:
    martyr = unit(
        "defender",
        "blue",
        3,
        abilities=[{"when": "dies", "deal_damage": {"to": "attacker", "amount": "my_might"}}],
    )
    outcome = play(
        [unit("attacker", "red", 9, "base"), martyr],
        ["attacker"],
        rounds=[{"showdown": [{"player": "blue", "give_might": {"to": "defender", "amount": 2}}]}],
    )
    recorded = step(outcome, "r1-cleanup-3a")
    assert recorded.params.recorded == ("defender",)
    assert unit_state(recorded.board, "defender").zone == "battlefield"  # not moved yet
    resolved = next(s for s in outcome.steps if s.key == "chain-deal-damage")
    assert resolved.params.amount == 5  # 3 printed + 2 this combat, as last known
    assert unit_state(resolved.board, "attacker").damage == 5


# 323.5 + 142.4: units with lethal damage (damage >= Might) are killed into their owner's trash.
def test_323_5_lethal_units_killed_to_owners_trash() -> None:
    outcome = play(
        [unit("attacker", "red", 5, "base"), unit("stolen", "red", 2, controller="blue")],
        ["attacker"],
    )
    killed = unit_state(step(outcome, "r1-cleanup-3b").board, "stolen")
    assert (killed.zone, killed.zone_player) == ("trash", "red")  # owner, not controller
    assert outcome.killed == ("stolen",)


def test_142_4_damage_below_might_is_not_lethal() -> None:
    outcome = one_on_one(4, 2, rounds=[{"damage": {"attacker": 2, "defender": 4}}])
    assert "attacker" not in outcome.killed


# 466.1.a.1 + 418.1: step 3c heals all units, after the kill, so it never saves a lethal unit.
def test_466_1_a_1_heal_after_kill_never_saves_lethal_unit() -> None:
    outcome = play(
        [unit("attacker", "red", 5, "base"), unit("scout", "blue", 3), unit("guard", "blue", 4)],
        ["attacker"],
        rounds=[{"damage": {"scout": 3, "guard": 2, "attacker": 7}}],
    )
    assert unit_state(step(outcome, "r1-cleanup-3b").board, "guard").damage == 2
    assert unit_state(step(outcome, "r1-cleanup-3c").board, "guard").damage == 0
    assert set(outcome.killed) == {"scout", "attacker"}


# 466.1.a.2: surviving attackers are recalled if defenders remain; 466.3.d: No Result.
SHIELD = {"player": "red", "prevent_damage": {"to": "attacker", "amount": 2}}


def test_466_1_a_2_attackers_recalled_when_defenders_remain() -> None:
    outcome = one_on_one(
        4, 5, rounds=[{"showdown": [SHIELD], "damage": {"defender": 4, "attacker": 5}}]
    )
    assert outcome.recalled == ("attacker",)
    assert unit_state(step(outcome, "r1-cleanup-3d").board, "attacker").zone == "base"
    assert outcome.winner is None


# 455 + 456.3: a Recall is not a Move; "can't move" does not stop it.
def test_456_3_cant_move_does_not_stop_recall() -> None:
    outcome = one_on_one(
        4,
        5,
        rounds=[
            {
                "showdown": [{"player": "blue", "cant_move": {"to": "attacker"}}, SHIELD],
                "damage": {"defender": 4, "attacker": 5},
            }
        ],
    )
    assert outcome.recalled == ("attacker",)
    assert step(outcome, "r1-cleanup-3d").params.cant_move == ("attacker",)


# 327: chain items resolve newest first, before the result, on the real board.
def test_327_chain_resolves_newest_first() -> None:
    first = unit(
        "first",
        "blue",
        1,
        abilities=[{"when": "dies", "give_might": {"to": "attacker", "amount": 1}}],
    )
    second = unit(
        "second",
        "blue",
        1,
        abilities=[{"when": "dies", "deal_damage": {"to": "attacker", "amount": 1}}],
    )
    outcome = play([unit("attacker", "red", 5, "base"), first, second], ["attacker"])
    resolved = [
        s.params.source[0]  # (unit, its ability's number where it had others with it)
        for s in outcome.steps
        if s.key.startswith("chain-") and not s.key.startswith("chain-add")
    ]
    assert resolved == ["second", "first"]
    ids = [s.id for s in outcome.steps]
    assert max(ids.index(i) for i in ids if i.startswith("r1-chain")) < ids.index("r1-result")


def test_318_cleanup_after_chain_item_kills_what_became_lethal() -> None:
    martyr = unit(
        "defender",
        "blue",
        2,
        abilities=[{"when": "dies", "deal_damage": {"to": "attacker", "amount": 3}}],
    )
    outcome = play([unit("attacker", "red", 3, "base"), martyr], ["attacker"])
    assert outcome.killed == ("defender", "attacker")
    assert outcome.winner is None and outcome.control_after is None


def test_327_damage_trigger_resolves_before_result() -> None:
    thorny = unit(
        "defender",
        "blue",
        2,
        abilities=[{"when": "damaged", "deal_damage": {"to": "attacker", "amount": 2}}],
    )
    outcome = play(
        [unit("attacker", "red", 4, "base"), thorny],
        ["attacker"],
        rounds=[{"damage": {"defender": 4, "attacker": 2}}],
    )
    # Combat damage 2 is healed in 3c; the trigger's 2 then is not lethal for a 4 Might unit.
    assert outcome.winner == "red"
    assert outcome.units["attacker"].damage == 2


# 466.3.a/b: a designated player alone with units wins; the other loses.
def test_466_3_a_only_player_with_units_wins() -> None:
    outcome = one_on_one(5, 2)
    assert (outcome.winner, outcome.loser) == ("red", "blue")


def test_466_3_a_defender_can_win() -> None:
    outcome = one_on_one(2, 5)
    assert (outcome.winner, outcome.loser) == ("blue", "red")


def test_466_3_result_uses_board_after_chain_base_unit_does_not_count() -> None:
    warden = dying_warden("base")
    outcome = play([unit("attacker", "red", 5, "base"), warden], ["attacker"])
    assert outcome.winner == "red"
    assert (outcome.units["recruit"].zone, outcome.units["recruit"].zone_player) == ("base", "blue")


# 466.3.d: No Result when both or neither have units; both → another combat is staged.
def test_466_3_d_neither_player_has_units() -> None:
    outcome = one_on_one(3, 3)
    assert outcome.winner is None and not outcome.restaged


def test_466_3_d_both_have_units_restages_combat() -> None:
    warden = dying_warden("battlefield")
    outcome = play([unit("attacker", "red", 5, "base"), warden], ["attacker"])
    assert outcome.restaged and outcome.winner is None
    assert outcome.control_after == "blue"  # 466.5: control only changes if no combat is staged
    assert outcome.steps[-1].key == "restaged-unscripted"


def test_466_3_d_restaged_combat_plays_next_round() -> None:
    warden = dying_warden("battlefield")
    outcome = play([unit("attacker", "red", 5, "base"), warden], ["attacker"], rounds=[{}, {}])
    assert outcome.restaged and outcome.winner == "red"
    assert outcome.conquered_by == "red"
    assert unit_state(step(outcome, "r2-stage").board, "recruit").designation == "defender"


# 466.5: the player with units establishes control; 466.5.d Conquer; 470 once per turn.
def test_466_5_d_establishing_control_is_a_conquer() -> None:
    outcome = one_on_one(5, 2, scores={"red": 3})
    assert outcome.control_after == "red"
    assert (outcome.conquered_by, outcome.points_scored, outcome.scores["red"]) == ("red", 1, 4)


def test_466_5_defender_keeping_control_establishes_nothing() -> None:
    outcome = one_on_one(2, 5)
    assert outcome.control_after == "blue" and outcome.conquered_by is None
    assert step(outcome, "r1-control").key == "control-kept"


def test_470_no_second_score_on_same_battlefield_this_turn() -> None:
    outcome = one_on_one(5, 2, scored=("red",))
    assert outcome.control_after == "red"
    assert outcome.conquered_by is None and outcome.scores["red"] == 0


def test_466_5_taking_control_need_not_be_the_challenger() -> None:
    # An uncontrolled battlefield held by Blue's units: Blue defends, Red is recalled, Blue takes it.
    outcome = one_on_one(
        4,
        5,
        controller="none",
        rounds=[{"showdown": [SHIELD], "damage": {"defender": 4, "attacker": 5}}],
    )
    assert outcome.winner is None
    assert (outcome.control_after, outcome.conquered_by) == ("blue", "blue")


# 466.5.b: an empty battlefield becomes uncontrolled; the old controller does not keep it.
def test_466_5_b_empty_battlefield_becomes_uncontrolled() -> None:
    outcome = one_on_one(3, 3)
    assert (outcome.control_before, outcome.control_after) == ("blue", None)


# 367 + 808.1.d.1: a replacement effect sends the card elsewhere and removes its death trigger.
def test_808_1_d_1_replaced_death_removes_trigger() -> None:
    phantom = unit(
        "defender",
        "blue",
        2,
        if_it_would_die="hand",
        abilities=[
            {
                "when": "dies",
                "play_unit": {"id": "shade", "name": "Shade", "might": 2, "at": "battlefield"},
            }
        ],
    )
    outcome = play([unit("attacker", "red", 4, "base"), phantom], ["attacker"])
    assert outcome.units["defender"].zone == "hand"
    assert "shade" not in outcome.units and outcome.killed == ()
    assert outcome.winner == "red"


# Result and control effects resolve before the combat ends.
def test_win_and_conquer_effects_resolve_before_end() -> None:
    captain = unit(
        "attacker",
        "red",
        4,
        "base",
        abilities=[
            {
                "when": "win",
                "play_unit": {"id": "squire", "name": "Squire", "might": 1, "at": "battlefield"},
            },
            {"when": "conquer", "give_might": {"to": "attacker", "amount": 1}},
        ],
    )
    outcome = play([captain, unit("defender", "blue", 2)], ["attacker"])
    ids = [s.id for s in outcome.steps]
    assert ids.index("r1-control") < ids.index("r1-end")
    assert unit_state(step(outcome, "r1-control").board, "squire").zone == "battlefield"
    before_end = unit_state(outcome.steps[-2].board, "attacker")
    assert before_end.might == 5 and outcome.units["attacker"].might == 4


# 466.7.a + 466.7.c: designations removed, this-combat effects expire together.
def test_466_7_end_removes_designations_and_expires_effects() -> None:
    outcome = one_on_one(
        3,
        4,
        rounds=[{"showdown": [{"player": "red", "give_might": {"to": "attacker", "amount": 2}}]}],
    )
    end = outcome.steps[-1].board
    assert all(u.designation is None for u in end.units)
    assert all(d is None for _, d in end.designations)
    assert end.combat_effects == 0 and unit_state(end, "attacker").might == 3


def test_every_step_cites_a_rule_and_ids_are_unique() -> None:
    outcome = one_on_one(5, 2)
    assert all(s.rules for s in outcome.steps)
    ids = [s.id for s in outcome.steps]
    assert len(ids) == len(set(ids))


def test_run_is_deterministic() -> None:
    scenario = build(
        [unit("attacker", "red", 5, "base"), unit("defender", "blue", 2)], ["attacker"]
    )
    assert run_combat(scenario).steps == run_combat(scenario).steps


def test_abilities_that_trigger_each_other_forever_are_a_clear_error() -> None:
    import pytest

    from engine import ProblemsFound

    # Each time it is dealt damage it grows (newest first) and is dealt 1 more: forever.
    loop = [
        {"when": "damaged", "id": "hurt", "deal_damage": {"to": "defender", "amount": 1}},
        {"when": "damaged", "id": "grow", "give_might": {"to": "defender", "amount": 1}},
    ]
    with pytest.raises(ProblemsFound, match="the chain does not end"):
        play(
            [unit("attacker", "red", 1, "base"), unit("defender", "blue", 3, abilities=loop)],
            ["attacker"],
        )


# 466.7.c then 318: when a this-combat bonus expires, damage it was covering becomes lethal.
def test_466_7_c_expired_bonus_leaves_lethal_damage_that_the_next_cleanup_kills() -> None:
    martyr = unit(
        "defender",
        "blue",
        2,
        abilities=[{"when": "dies", "deal_damage": {"to": "attacker", "amount": 4}}],
    )
    boost = {"player": "red", "give_might": {"to": "attacker", "amount": 2}}
    outcome = play(
        [unit("attacker", "red", 3, "base"), martyr], ["attacker"], rounds=[{"showdown": [boost]}]
    )
    assert outcome.conquered_by == "red"  # 4 damage on 5 Might during combat: alive at control
    assert unit_state(step(outcome, "r1-control").board, "attacker").damage == 4
    messages = [s.key for s in outcome.steps]
    after_end = [s.id for s in outcome.steps][messages.index("end") + 1 :]
    assert after_end == ["r1-after-combat-cleanup-3a", "r1-after-combat-cleanup-3b"]
    # Said as the cleanup once the combat has ended, not as one after a resolution.
    assert step(outcome, "r1-after-combat-cleanup-3a").key == "ended-death-triggers"
    assert outcome.killed == ("defender", "attacker")
    assert outcome.control_after == "red"  # control, once established, stays with the battlefield


def test_a_run_for_its_outcome_makes_one_board_and_the_others_only_when_read(
    monkeypatch: Any,
) -> None:
    """A combat asked only for its outcome (exploring orders, checking) makes no board but the
    last; reading its steps plays it again with the same choices, recording every board (a
    step that changed nothing shares the board before it)."""
    from engine import trace

    made: list[int] = []
    real = trace.Snapshot.of

    def counted(cls: type, *args: Any) -> trace.Snapshot:
        made.append(1)
        return real(*args)

    monkeypatch.setattr(trace.Snapshot, "of", classmethod(counted))
    scenario = build([unit("attacker", "red", 5, "base"), dying_warden("base")], ["attacker"])
    light = run_combat(scenario, boards=False)
    assert len(made) == 1 and light.summary.result.winner == "red"
    shown = light.steps
    assert len(made) == 1 + len({id(step.board) for step in shown}) < 1 + len(shown)
    assert shown == run_combat(scenario).steps


# 465: a player assigns its damage; when only one assignment is legal there is no choice.
def test_465_a_single_legal_assignment_is_said_to_be_the_only_one() -> None:
    outcome = one_on_one(5, 2)
    assert step(outcome, "r1-assign-attacker").key == "assign-only"
    two = play(
        [unit("attacker", "red", 5, "base"), unit("a", "blue", 2), unit("b", "blue", 4)],
        ["attacker"],
    )
    assert step(two, "r1-assign-attacker").key == "assign-chosen"  # 2 + 3, or 1 + 4
    assert step(two, "r1-assign-defender").key == "assign-only"  # one attacker to assign to


# 341, 327: a showdown play's triggered ability resolves in the showdown; the next play has
# its own step, and no two steps share an id.
def test_341_a_showdown_ability_and_the_next_play_have_steps_of_their_own() -> None:
    martyr = unit(
        "martyr",
        "blue",
        2,
        abilities=[{"when": "dies", "deal_damage": {"to": "attacker", "amount": 2}}],
    )
    outcome = play(
        [unit("attacker", "red", 4, "base"), martyr, unit("guard", "blue", 3)],
        ["attacker"],
        rounds=[
            {
                "showdown": [
                    {"player": "red", "kill": {"to": "martyr"}},
                    {"player": "blue", "give_might": {"to": "guard", "amount": 1}},
                ]
            }
        ],
    )
    ids = [s.id for s in outcome.steps]
    assert len(ids) == len(set(ids))
    assert ids.index("r1-showdown-chain-2") < ids.index("r1-showdown-2") < ids.index("r1-damage")
    assert unit_state(step(outcome, "r1-showdown-chain-2").board, "attacker").damage == 2


# 341: a move onto a battlefield with no enemy unit is a showdown without a combat: the
# outcome says there was none, not "No Result".
def test_341_a_showdown_without_a_combat_has_no_combat_result() -> None:
    outcome = play(
        [unit("attacker", "red", 4, "base"), unit("away", "blue", 3, "base")], ["attacker"]
    )
    assert not outcome.summary.fought and outcome.conquered_by == "red"
    assert "r1-damage" not in [s.id for s in outcome.steps]
    said = outcome_sentence(outcome.summary, "en", Names(outcome.board))
    assert said.startswith("No combat: the showdown ended without one.")
    assert one_on_one(3, 3).summary.fought  # a combat that wipes both sides was fought


# 465: a side whose units all left in the showdown assigns nothing, and no damage is dealt.
def test_465_a_side_with_no_unit_left_assigns_nothing_and_no_damage_is_dealt() -> None:
    outcome = one_on_one(
        4, 3, rounds=[{"showdown": [{"player": "red", "recall": {"to": "attacker"}}]}]
    )
    assert step(outcome, "r1-assign-attacker").key == "assign-no-units"
    assert step(outcome, "r1-assign-defender").key == "assign-no-target"
    assert step(outcome, "r1-damage").key == "damage-none"
    assert outcome.winner == "blue"
