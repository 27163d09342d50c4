"""The cases the source articles describe, played by the engine."""

from __future__ import annotations

from tests.engine.builders import dying_warden, play, step, unit, unit_state


def test_seed_four_vs_four_each_prevents_one_no_result() -> None:
    shields = [
        {"player": "red", "prevent_damage": {"to": "attacker", "amount": 1}},
        {"player": "blue", "prevent_damage": {"to": "defender", "amount": 1}},
    ]
    outcome = play(
        [unit("attacker", "red", 4, "base"), unit("defender", "blue", 4)],
        ["attacker"],
        rounds=[{"showdown": shields, "damage": {"attacker": 4, "defender": 4}}],
    )
    damaged = step(outcome, "r1-damage").board
    assert (unit_state(damaged, "attacker").damage, unit_state(damaged, "defender").damage) == (
        3,
        3,
    )
    assert outcome.killed == ()
    assert unit_state(step(outcome, "r1-cleanup-3c").board, "attacker").damage == 0
    assert outcome.recalled == ("attacker",)
    assert outcome.winner is None and step(outcome, "r1-result").key == "no-result-recalled"


def test_seed_death_ability_plays_unit_at_dead_defenders_base_attacker_still_wins() -> None:
    warden = dying_warden("base")
    outcome = play([unit("attacker", "red", 5, "base"), warden], ["attacker"])
    ids = [s.id for s in outcome.steps]
    assert ids.index("r1-cleanup-3d") < ids.index("r1-chain-2") < ids.index("r1-result")
    assert (outcome.units["recruit"].zone, outcome.units["recruit"].zone_player) == ("base", "blue")
    assert outcome.winner == "red" and outcome.conquered_by == "red"


def test_seed_intervening_defender_at_battlefield_result_rechecked_on_actual_board() -> None:
    warden = dying_warden("battlefield")
    outcome = play([unit("attacker", "red", 5, "base"), warden], ["attacker"])
    # Just after damage Red is alone; on the actual board at the result both have units.
    assert unit_state(step(outcome, "r1-cleanup-3b").board, "defender").zone == "trash"
    result = step(outcome, "r1-result")
    assert unit_state(result.board, "recruit").zone == "battlefield"
    assert result.key == "no-result-both" and outcome.restaged
