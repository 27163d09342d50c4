"""Public rulings judges give on combat, each one a test of what the engine does.

Each test's docstring names its source and says the ruling in our own words; where another
ruling disagrees, it says so. A ruling the engine does not follow is a strict ``xfail`` with
the reason (the engine is not changed here).

Sources:

- riftjudge rulings: https://app.riftjudge.com/rulings/2969/who-assigns-combat-damage-in-riftbound-and-how-does-damage-assignment-work,
  /rulings/11240/how-is-damage-assigned-when-multiple-units-are-in-a-showdown,
  /rulings/498/when-assigning-damage-in-a-showdown-with-multiple-enemy-units-where-one-has-the,
  /rulings/6190/how-does-the-tank-keyword-work-when-assigning-damage-in-combat,
  /rulings/2162/what-happens-in-combat-when-a-stunned-unit-has-more-might-than-its-opponent,
  /rulings/10228/can-units-go-to-negative-might, /rulings/11199/is-there-negative-might,
  /rulings/2682/does-conquering-an-empty-battlefield-create-a-showdown-where-action-spells-can-b,
  /rulings/6575/what-is-the-correct-phase-order-during-a-showdown-in-riftbound-and-when-can-play,
  /rulings/10061/does-deathknell-trigger-happen-after-the-unit-heals-from-showdown-or-before,
  /rulings/9979/does-deathknell-proc-before-or-after-damage-cleanup-in-a-combat-showdown
  (all under https://app.riftjudge.com).
- riftjudge FAQ pages: https://app.riftjudge.com/faq?page=N for N in 11, 39, 40, 41, 42, 59,
  73, 78, 81, 84, 90, 97, 109, 112, 113, 117, 152.
- riftrules' community FAQ: https://riftrules.net/guide/combat,
  https://riftrules.net/guide/showdown, https://riftrules.net/guide/might_and_damage.
- Riot Games' Riftbound Origins FAQ (2025): https://playloltcg.help/en/blogs/corerules/combat.
- riftboundrules.lol keyword rulings (Tank): https://www.riftboundrules.lol/keywords/12.
- Riftbound FAQ (community), showdowns, as reviewed against Core Rules 1.2 and 1.3:
  https://www.riftboundfaq.com/general-rules/showdowns.
"""

from __future__ import annotations

from typing import Any

import pytest

from diagnostics import ProblemsFound
from engine.combat import Outcome, run_combat
from engine.model import Designation, Zone
from tests.engine.builders import build, play, step, unit, unit_state


def attacker(might: int, **extra: Any) -> dict[str, Any]:
    return unit("attacker", "red", might, "base", **extra)


def refused_key(units: list[dict[str, Any]], rounds: list[dict[str, Any]]) -> str:
    """The key of the one refusal the run gives (a player's assignment that is not legal)."""
    with pytest.raises(ProblemsFound) as raised:
        run_combat(build(units, ["attacker"], rounds=rounds))
    [problem] = raised.value.problems
    assert problem.said is not None
    return problem.said.key


def red_assigns(amounts: dict[str, int]) -> list[dict[str, Any]]:
    return [{"assign": {"red": amounts}}]


def ids(outcome: Outcome) -> list[str]:
    return [s.id for s in outcome.steps]


def keys(outcome: Outcome) -> list[str]:
    return [s.key for s in outcome.steps]


def plays(*effects: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"showdown": list(effects)}]


# -- damage assignment ------------------------------------------------------------------


def test_ruling_each_player_assigns_and_the_attacker_goes_first() -> None:
    """riftjudge 2969 (https://app.riftjudge.com/rulings/2969/...): every player assigns the
    damage of their own units to the enemy's; the Attacker announces before the Defender; all
    of it is then dealt together. riftrules' combat page says the same order."""
    outcome = play([attacker(4), unit("defender", "blue", 3)], ["attacker"])
    assert [a.player for a in outcome.assignments] == ["red", "blue"]
    order = ids(outcome)
    assert order.index("r1-assign-attacker") < order.index("r1-assign-defender")
    assert order.index("r1-assign-defender") + 1 == order.index("r1-damage")


def test_ruling_a_side_deals_the_sum_of_its_units_might() -> None:
    """riftjudge 11240 (https://app.riftjudge.com/rulings/11240/...): damage is not dealt unit
    against unit; each player adds up the Might of their units there and shares out that total
    among the enemy units."""
    outcome = play(
        [unit("a", "red", 2, "base"), unit("b", "red", 3, "base"), unit("giant", "blue", 5)],
        ["a", "b"],
    )
    assert step(outcome, "r1-assign-attacker").params.might == 5
    assert "giant" in outcome.killed


def test_ruling_a_unit_gets_lethal_damage_before_any_goes_to_another() -> None:
    """riftjudge 11240 and riftjudge 2969: a unit must be assigned all its lethal damage
    before a different unit is assigned any; damage may not be spread thin."""
    board = [attacker(4), unit("a", "blue", 3), unit("b", "blue", 3)]
    assert refused_key(board, red_assigns({"a": 2, "b": 2})) == "problem:assign-lethal-first"
    play(board, ["attacker"], rounds=red_assigns({"a": 3, "b": 1}))


def test_ruling_damage_already_marked_counts_toward_lethal() -> None:
    """riftjudge 11240, citing its FAQ #871: damage a unit already has (from a spell, say)
    counts toward what it needs to be lethal when damage is assigned."""
    board = [attacker(5), unit("hurt", "blue", 4, damage=2), unit("b", "blue", 3)]
    outcome = play(board, ["attacker"])
    shares = {s.unit: s.amount for s in step(outcome, "r1-assign-attacker").params.shares}
    assert shares == {"hurt": 2, "b": 3}
    assert refused_key(board, red_assigns({"hurt": 4, "b": 1})) == "problem:assign-over"


def test_ruling_a_player_assigns_all_of_its_damage() -> None:
    """riftjudge FAQ page 11 (https://app.riftjudge.com/faq?page=11): a defender may not hold
    back damage to keep a unit with a death ability alive: all of the summed Might is
    assigned."""
    board = [attacker(4), unit("defender", "blue", 3)]
    with pytest.raises(ProblemsFound) as raised:
        run_combat(build(board, ["attacker"], rounds=[{"assign": {"blue": {"attacker": 2}}}]))
    assert [p.said.key for p in raised.value.problems if p.said] == ["problem:assign-total"]


def test_ruling_no_overkill_on_one_unit_to_spare_another() -> None:
    """riftjudge FAQ page 11, and riftjudge 11240 (over-assigning is allowed only when no other
    unit is left to take damage): piling more than lethal on one unit so that another survives
    is not a legal assignment."""
    board = [attacker(5), unit("a", "blue", 2), unit("b", "blue", 3)]
    assert refused_key(board, red_assigns({"a": 5})) == "problem:assign-over"


def test_ruling_excess_goes_to_the_last_unit_assigned() -> None:
    """riftrules' combat page (https://riftrules.net/guide/combat): once every unit has lethal,
    any excess goes on the last unit; it is not split between units."""
    board = [attacker(8), unit("a", "blue", 2), unit("b", "blue", 3)]
    assert refused_key(board, red_assigns({"a": 4, "b": 4})) == "problem:assign-split-excess"
    outcome = play(board, ["attacker"], rounds=red_assigns({"a": 5, "b": 3}))
    assert outcome.killed[:2] == ("a", "b")


def test_ruling_tank_first_then_the_rest_to_the_others() -> None:
    """riftjudge 498 (https://app.riftjudge.com/rulings/498/...) and riftjudge 6190
    (https://app.riftjudge.com/rulings/6190/...): the Tank is assigned damage first, but only
    up to lethal; the damage left must then go to the units without Tank."""
    board = [attacker(7), unit("plain", "blue", 2), unit("wall", "blue", 3, tank=True)]
    assert refused_key(board, red_assigns({"plain": 7})) == "problem:assign-tank"
    assert refused_key(board, red_assigns({"wall": 5, "plain": 2})) == "problem:assign-tank-excess"
    outcome = play(board, ["attacker"])
    shares = {s.unit: s.amount for s in step(outcome, "r1-assign-attacker").params.shares}
    assert shares == {"wall": 3, "plain": 4}


def test_ruling_several_tanks_in_any_order_before_any_unit_without_tank() -> None:
    """riftboundrules.lol on Tank (https://www.riftboundrules.lol/keywords/12): with several
    Tanks on one side, damage may go to any of them, but a unit without Tank may be assigned
    nothing until every Tank has lethal. riftrules' combat page: among units under the same
    restriction, the assigning player picks the order."""
    board = [
        attacker(3),
        unit("plain", "blue", 2),
        unit("wall", "blue", 2, tank=True),
        unit("moat", "blue", 2, tank=True),
    ]
    play(board, ["attacker"], rounds=red_assigns({"wall": 2, "moat": 1}))
    play(board, ["attacker"], rounds=red_assigns({"moat": 2, "wall": 1}))
    assert refused_key(board, red_assigns({"wall": 2, "plain": 1})) == "problem:assign-tank"


# -- Might, damage and their limits -----------------------------------------------------


def test_ruling_damage_marked_does_not_lower_the_damage_a_unit_deals() -> None:
    """riftjudge FAQ page 42 (https://app.riftjudge.com/faq?page=42): Might and damage are
    apart; a 7 Might unit carrying 6 damage still deals 7 in combat."""
    outcome = play([attacker(7, damage=6), unit("defender", "blue", 1)], ["attacker"])
    assert step(outcome, "r1-assign-attacker").params.might == 7
    assert unit_state(step(outcome, "r1-damage").board, "defender").damage == 7


def test_ruling_spell_damage_and_combat_damage_add_up() -> None:
    """riftrules' Might & Damage page (https://riftrules.net/guide/might_and_damage): a 6 Might
    unit dealt 3 by a spell in the showdown, then 4 by an enemy's combat damage, has 7 marked
    and dies; its own 6 kills the 4 Might enemy: nobody is left, nobody controls."""
    outcome = play(
        [attacker(6), unit("defender", "blue", 4)],
        ["attacker"],
        rounds=plays({"player": "blue", "deal_damage": {"to": "attacker", "amount": 3}}),
    )
    assert unit_state(step(outcome, "r1-damage").board, "attacker").damage == 7
    assert set(outcome.killed) == {"attacker", "defender"}
    assert (outcome.winner, outcome.control_after, outcome.conquered_by) == (None, None, None)


def test_ruling_lowering_might_to_its_marked_damage_kills_at_once() -> None:
    """riftjudge FAQ page 73 (https://app.riftjudge.com/faq?page=73): a Might reduction leaves
    the marked damage as it is; if that damage now reaches the new Might, the unit dies (in the
    cleanup after the effect, before combat damage)."""
    outcome = play(
        [attacker(2), unit("guard", "blue", 4), unit("scout", "blue", 1)],
        ["attacker"],
        rounds=plays(
            {"player": "red", "deal_damage": {"to": "guard", "amount": 2}},
            {"player": "red", "reduce_might": {"to": "guard", "amount": 2}},
        ),
    )
    assert step(outcome, "r1-showdown-1-cleanup").key == "cleanup-none"  # 2 on 4: alive
    assert step(outcome, "r1-showdown-2-cleanup-3b").params.units == ("guard",)
    assert outcome.killed[0] == "guard"


def test_ruling_might_may_go_below_0_and_is_counted_from_there() -> None:
    """riftjudge 10228 (https://app.riftjudge.com/rulings/10228/can-units-go-to-negative-might)
    and 11199: the true Might is kept below 0 (-3 then +2 is -1, not 2); it counts as 0 for
    combat damage, and 1 damage is lethal to it. riftrules' Might & Damage page disagrees: it
    says a unit can't have less than 0 Might."""
    outcome = play(
        [attacker(2), unit("guard", "blue", 2)],
        ["attacker"],
        rounds=plays(
            {"player": "red", "reduce_might": {"to": "guard", "amount": 5}},
            {"player": "blue", "give_might": {"to": "guard", "amount": 2}},
        ),
    )
    assert unit_state(step(outcome, "r1-damage").board, "guard").might == -1
    assert step(outcome, "r1-assign-defender").params.might == 0
    assert outcome.killed == ("guard",) and outcome.winner == "red"


def test_ruling_0_might_is_not_death_without_damage() -> None:
    """riftjudge 10228 and riftrules' Might & Damage page: a unit does not die by reaching 0
    Might; a 0 Might unit still needs one damage marked to be killed."""
    outcome = play(
        [attacker(3), unit("guard", "blue", 2), unit("b", "blue", 3)],
        ["attacker"],
        rounds=plays({"player": "red", "reduce_might": {"to": "guard", "amount": 2}}),
    )
    assert step(outcome, "r1-showdown-1-cleanup").key == "cleanup-none"
    shares = {s.unit: s.amount for s in step(outcome, "r1-assign-attacker").params.shares}
    assert shares == {"guard": 1, "b": 2}


# -- stunned units, units that take no damage -----------------------------------------------


def test_ruling_a_stunned_unit_deals_nothing_and_still_needs_its_full_might() -> None:
    """riftjudge 2162 (https://app.riftjudge.com/rulings/2162/...) and riftjudge FAQ page 81:
    a stunned 5 Might unit adds nothing to its side's damage, and 4 damage does not kill it;
    the defender remaining, the attacker is recalled."""
    outcome = play([attacker(4), unit("giant", "blue", 5, stunned=True)], ["attacker"])
    assert step(outcome, "r1-assign-defender").params.might == 0
    assert unit_state(step(outcome, "r1-damage").board, "giant").damage == 4
    assert outcome.killed == () and outcome.recalled == ("attacker",)


def test_ruling_both_sides_surviving_recalls_the_attackers_without_another_combat() -> None:
    """riftjudge FAQ page 109 and Riot's Origins FAQ
    (https://playloltcg.help/en/blogs/corerules/combat): when units of both sides survive (a
    stun, say), no new showdown starts; the attackers go back to base, the defender keeps
    control and nobody scores."""
    outcome = play([attacker(2), unit("giant", "blue", 5, stunned=True)], ["attacker"])
    assert not outcome.restaged and outcome.recalled == ("attacker",)
    assert (outcome.winner, outcome.control_after, outcome.conquered_by) == (None, "blue", None)


def test_ruling_a_unit_that_is_not_dealt_damage_survives_and_the_attacker_is_recalled() -> None:
    """Riot's Origins FAQ: when a unit survives its lethal assignment because it does not take
    the damage (Kayn's ability is the FAQ's case; here a unit that can't be dealt damage), the
    attackers are recalled and the defender keeps control, without a score."""
    outcome = play([attacker(6), unit("ghost", "blue", 2, cant_be_dealt_damage=True)], ["attacker"])
    assert unit_state(step(outcome, "r1-damage").board, "ghost").damage == 0
    assert outcome.recalled == ("attacker",) and outcome.killed == ()
    assert (outcome.control_after, outcome.conquered_by) == ("blue", None)


def test_ruling_equal_totals_kill_everyone_and_nobody_scores() -> None:
    """Riot's Origins FAQ: with equal totals of Might each side's damage kills the other's
    units; nobody is left to control the battlefield, so it is left open and nobody scores."""
    outcome = play(
        [
            unit("a", "red", 2, "base"),
            unit("b", "red", 3, "base"),
            unit("c", "blue", 4),
            unit("d", "blue", 1),
        ],
        ["a", "b"],
    )
    assert set(outcome.killed) == {"a", "b", "c", "d"}
    assert (outcome.winner, outcome.control_after, outcome.conquered_by) == (None, None, None)


# -- Assault and Shield ---------------------------------------------------------------


def test_ruling_no_defender_bonus_outside_a_combat() -> None:
    """riftjudge FAQ page 40 (https://app.riftjudge.com/faq?page=40): a unit sitting on a
    battlefield is not a defender outside a showdown, so a defender's bonus (Shield here) does
    not apply then; it applies once the combat gives it the designation."""
    outcome = play([attacker(3), unit("warden", "blue", 2, shield=2)], ["attacker"])
    assert unit_state(step(outcome, "start").board, "warden").might == 2
    assert unit_state(step(outcome, "r1-stage").board, "warden").might == 4
    # 4 Might while defending survives the attacker's 3; once the combat is over, 2 again.
    assert outcome.winner == "blue" and outcome.units["warden"].might == 2


def test_ruling_assault_does_nothing_in_a_showdown_without_a_combat() -> None:
    """Riftbound FAQ on showdowns (https://www.riftboundfaq.com/general-rules/showdowns): in a
    non-combat showdown nobody is an attacker or a defender, so Assault and Shield add nothing
    (both its 1.2 and 1.3 versions say so)."""
    outcome = play([attacker(3, assault=2), unit("away", "blue", 2, "base")], ["attacker"])
    moved = step(outcome, "move").board
    assert unit_state(moved, "attacker").designation is None
    assert unit_state(moved, "attacker").might == 3


# -- the showdown --------------------------------------------------------------------


def test_ruling_attack_and_defend_triggers_make_the_initial_chain_defend_on_top() -> None:
    """riftrules' showdown page (https://riftrules.net/guide/showdown), riftjudge 6575
    (https://app.riftjudge.com/rulings/6575/...) and riftjudge FAQ page 78: "when I attack"
    abilities go on the initial chain first and "when I defend" ones on top, before any player
    acts; the chain resolves newest first, so the defend abilities resolve first."""
    outcome = play(
        [
            attacker(
                4, abilities=[{"when": "attack", "give_might": {"to": "attacker", "amount": 1}}]
            ),
            unit(
                "guard",
                "blue",
                3,
                abilities=[{"when": "defend", "give_might": {"to": "guard", "amount": 1}}],
            ),
        ],
        ["attacker"],
        rounds=plays({"player": "red", "give_might": {"to": "attacker", "amount": 1}}),
    )
    added = step(outcome, "r1-opening-add-1").params
    assert [source for source, _ in added.units] == ["attacker", "guard"]
    resolved = [s.params.source[0] for s in outcome.steps if s.key == "chain-give-might"]
    assert resolved == ["guard", "attacker"]
    assert ids(outcome).index("r1-opening-3") < ids(outcome).index("r1-showdown-1")


def test_ruling_a_defend_bonus_resolves_before_the_attackers_damage_ability() -> None:
    """riftjudge FAQ page 84 (https://app.riftjudge.com/faq?page=84): the defender's "when I
    defend" ability, put on the initial chain last, resolves before the attacker's "when I
    attack" damage, so the Might it gives is there when that damage arrives."""
    outcome = play(
        [
            attacker(4, abilities=[{"when": "attack", "deal_damage": {"to": "pet", "amount": 4}}]),
            unit(
                "friend",
                "blue",
                1,
                abilities=[{"when": "defend", "give_might": {"to": "pet", "amount": 3}}],
            ),
            unit("pet", "blue", 3),
        ],
        ["attacker"],
    )
    damaged = next(s for s in outcome.steps if s.key == "chain-deal-damage")
    assert unit_state(damaged.board, "pet").might == 6
    assert unit_state(damaged.board, "pet").zone is Zone.BATTLEFIELD


def test_ruling_units_die_after_each_item_not_after_the_whole_chain() -> None:
    """riftjudge FAQ page 78 (https://app.riftjudge.com/faq?page=78): in a showdown, lethal
    damage is checked after each item resolves; a unit dealt lethal damage dies before the next
    item, not when the whole chain is done."""
    outcome = play(
        [attacker(3), unit("scout", "blue", 2), unit("guard", "blue", 2)],
        ["attacker"],
        rounds=plays(
            {"player": "red", "deal_damage": {"to": "scout", "amount": 2}},
            {"player": "blue", "give_might": {"to": "guard", "amount": 1}},
        ),
    )
    after_first = step(outcome, "r1-showdown-1-cleanup-3b")
    assert after_first.params.units == ("scout",)
    assert ids(outcome).index(after_first.id) < ids(outcome).index("r1-showdown-2")


def test_ruling_a_cleanup_heals_nothing() -> None:
    """riftjudge FAQ page 41 (https://app.riftjudge.com/faq?page=41): the cleanup after a chain
    item removes dead units but heals none; damage stays until the end of combat (or turn)."""
    outcome = play(
        [attacker(3), unit("guard", "blue", 5)],
        ["attacker"],
        rounds=plays({"player": "red", "deal_damage": {"to": "guard", "amount": 2}}),
    )
    assert unit_state(step(outcome, "r1-showdown-1-cleanup").board, "guard").damage == 2
    assert unit_state(step(outcome, "r1-damage").board, "guard").damage == 5  # 2 + 3
    assert "guard" in outcome.killed


def test_ruling_the_showdown_goes_on_after_the_last_defender_is_removed() -> None:
    """Riftbound FAQ on showdowns (https://www.riftboundfaq.com/general-rules/showdowns) and
    riftjudge FAQ page 113: a showdown never closes early; after its only defender is killed
    the defending player may still act, here by bringing a unit in, and the combat goes on."""
    outcome = play(
        [attacker(3), unit("poro", "blue", 1)],
        ["attacker"],
        rounds=plays(
            {"player": "red", "kill": {"to": "poro"}},
            {
                "player": "blue",
                "play_unit": {"id": "wolf", "name": "Wolf", "might": 4, "at": "battlefield"},
            },
        ),
    )
    assert (
        unit_state(step(outcome, "r1-showdown-2").board, "wolf").designation is Designation.DEFENDER
    )
    assert (outcome.winner, outcome.control_after) == ("blue", "blue")


def test_ruling_control_does_not_change_while_the_battlefield_is_contested() -> None:
    """riftjudge FAQ page 11: under the updated rules, control of a battlefield can't change
    while it is contested, so a defender whose last unit leaves mid-showdown still controls it
    until the combat's result; winning it back is no Conquer. riftjudge FAQ page 113 (an older
    answer) disagrees: see the next test."""
    outcome = play(
        [attacker(3), unit("poro", "blue", 1)],
        ["attacker"],
        rounds=plays(
            {"player": "red", "return_to_hand": {"to": "poro"}},
            {
                "player": "blue",
                "play_unit": {"id": "wolf", "name": "Wolf", "might": 4, "at": "battlefield"},
            },
        ),
    )
    assert step(outcome, "r1-showdown-1").board.controller == "blue"
    assert step(outcome, "r1-control").key == "control-kept" and outcome.conquered_by is None


@pytest.mark.xfail(
    strict=True,
    reason="riftjudge FAQ page 113: the defender loses control when its last unit leaves "
    "mid-showdown and conquers on winning it back; the engine keeps control with the defender "
    "until the result (as riftjudge FAQ page 11 says the updated rules do)",
)
def test_ruling_the_defender_who_wins_back_a_battlefield_it_lost_mid_showdown_conquers() -> None:
    """riftjudge FAQ page 113 (https://app.riftjudge.com/faq?page=113): after Rebuke returns
    the only defending unit to hand, the defender has lost control; if it brings a unit back
    and wins the combat, it conquers and scores. This disagrees with riftjudge FAQ page 11."""
    outcome = play(
        [attacker(3), unit("poro", "blue", 1)],
        ["attacker"],
        rounds=plays(
            {"player": "red", "return_to_hand": {"to": "poro"}},
            {
                "player": "blue",
                "play_unit": {"id": "wolf", "name": "Wolf", "might": 4, "at": "battlefield"},
            },
        ),
    )
    assert outcome.conquered_by == "blue"


def test_ruling_the_combat_is_won_when_the_enemy_is_gone_at_its_end() -> None:
    """riftjudge FAQ page 117 (https://app.riftjudge.com/faq?page=117): a combat does not stop
    when one side's last unit leaves the battlefield in the showdown; at its end, the player
    alone there has won it."""
    outcome = play(
        [attacker(3), unit("defender", "blue", 5)],
        ["attacker"],
        rounds=plays({"player": "red", "return_to_hand": {"to": "defender"}}),
    )
    assert "r1-damage" in ids(outcome)
    assert (outcome.winner, outcome.loser, outcome.conquered_by) == ("red", "blue", "red")


def test_ruling_a_recall_is_not_a_move() -> None:
    """riftjudge FAQ page 84 (https://app.riftjudge.com/faq?page=84): a recall is not a move;
    an effect that stops a unit moving does not stop it being recalled."""
    outcome = play(
        [attacker(3), unit("defender", "blue", 2)],
        ["attacker"],
        rounds=plays(
            {"player": "blue", "cant_move": {"to": "attacker"}},
            {"player": "blue", "recall": {"to": "attacker"}},
        ),
    )
    assert unit_state(step(outcome, "r1-showdown-2").board, "attacker").zone is Zone.BASE
    assert outcome.recalled == ("attacker",)


def test_ruling_an_ability_whose_target_is_gone_does_nothing() -> None:
    """riftjudge FAQ page 109 (https://app.riftjudge.com/faq?page=109): an effect whose target
    has left before it resolves does nothing, and is not given a new target."""
    martyr = unit(
        "martyr",
        "blue",
        1,
        abilities=[{"when": "dies", "deal_damage": {"to": "scout", "amount": 3}}],
    )
    outcome = play(
        [attacker(5), martyr, unit("scout", "blue", 2)],
        ["attacker"],
        rounds=plays(
            {"player": "red", "kill": {"to": "scout"}},
            {"player": "red", "kill": {"to": "martyr"}},
        ),
    )
    assert step(outcome, "r1-showdown-chain-2").key == "chain-no-target"
    assert outcome.units["scout"].zone is Zone.TRASH  # not re-aimed at anything else


# -- death abilities and healing ---------------------------------------------------------


def test_ruling_a_death_ability_cannot_finish_off_a_unit_that_survived_combat() -> None:
    """riftjudge 10061 (https://app.riftjudge.com/rulings/10061/...; also 9786, 10157, 10547,
    10718, 11388): the death ability is triggered in the Combat Cleanup before the unit goes
    to the trash, but resolves only after every unit has healed, so combat damage on a
    survivor is gone by then. riftjudge 9979 notes an older answer (FAQ #9244) that had it
    resolve with the damage still marked."""
    martyr = unit(
        "defender",
        "blue",
        2,
        abilities=[{"when": "dies", "deal_damage": {"to": "attacker", "amount": 2}}],
    )
    outcome = play([attacker(4), martyr], ["attacker"])
    order = ids(outcome)
    assert step(outcome, "r1-cleanup-3a").params.recorded == ("defender",)
    assert order.index("r1-cleanup-3c") < order.index("r1-chain-2")
    assert unit_state(step(outcome, "r1-chain-2").board, "attacker").damage == 2
    assert outcome.winner == "red" and "attacker" not in outcome.killed


def test_ruling_when_a_unit_dies_abilities_miss_deaths_at_the_same_time() -> None:
    """riftjudge FAQ page 152 (https://app.riftjudge.com/faq?page=152): a "when a unit dies"
    ability does not trigger on its own unit's death, nor on units dying at the same time as
    it."""
    grief = [{"when": "another_dies", "deal_damage": {"to": "attacker", "amount": 1}}]
    outcome = play(
        [attacker(9), unit("a", "blue", 2, abilities=grief), unit("b", "blue", 3, abilities=grief)],
        ["attacker"],
    )
    assert step(outcome, "r1-cleanup-3b").params.witnessed == ()
    assert "chain-deal-damage" not in keys(outcome)


def test_ruling_every_unit_everywhere_heals_after_a_combat() -> None:
    """Riot's Origins FAQ and riftjudge FAQ page 39 (https://app.riftjudge.com/faq?page=39):
    at the end of each combat, units everywhere heal, not only those that fought."""
    outcome = play(
        [attacker(5), unit("defender", "blue", 2), unit("home", "blue", 4, "base", damage=3)],
        ["attacker"],
    )
    assert unit_state(step(outcome, "r1-cleanup-3b").board, "home").damage == 3
    assert unit_state(step(outcome, "r1-cleanup-3c").board, "home").damage == 0


def test_ruling_no_healing_after_a_showdown_without_a_combat() -> None:
    """riftjudge FAQ pages 39 and 41: moving to an empty battlefield opens a showdown that is
    not a combat; no unit heals after it."""
    outcome = play([attacker(4, damage=2), unit("home", "blue", 4, "base", damage=3)], ["attacker"])
    assert outcome.units["attacker"].damage == 2 and outcome.units["home"].damage == 3


# -- empty battlefields: the showdown without a combat ----------------------------------


def test_ruling_moving_to_an_empty_battlefield_opens_a_showdown_both_may_play_in() -> None:
    """riftjudge 2682 (https://app.riftjudge.com/rulings/2682/...): a move to an empty
    battlefield opens a showdown in which every player may act; riftrules' showdown page: if
    the unit is still there when it ends, its player conquers."""
    outcome = play(
        [attacker(4), unit("away", "blue", 3, "base")],
        ["attacker"],
        rounds=plays({"player": "blue", "deal_damage": {"to": "attacker", "amount": 1}}),
    )
    assert step(outcome, "r1-showdown-1").key == "showdown-deal-damage"
    assert (outcome.conquered_by, outcome.points_scored) == ("red", 1)


def test_ruling_removed_from_an_empty_battlefield_no_conquer() -> None:
    """riftjudge FAQ page 90 (https://app.riftjudge.com/faq?page=90): if the opponent removes
    your only unit (Gust returns it to hand) before the showdown ends, you have no unit there
    and do not conquer."""
    outcome = play(
        [attacker(2), unit("away", "blue", 3, "base")],
        ["attacker"],
        controller="none",
        rounds=plays({"player": "blue", "return_to_hand": {"to": "attacker"}}),
    )
    assert step(outcome, "r1-control").key == "open-nobody"
    assert (outcome.conquered_by, outcome.control_after) == (None, None)


def test_ruling_a_successful_defence_scores_nothing() -> None:
    """riftjudge FAQ page 59 (https://app.riftjudge.com/faq?page=59): a player who defends a
    battlefield it already controls keeps it but does not conquer it again."""
    outcome = play([attacker(2), unit("defender", "blue", 4)], ["attacker"])
    assert (outcome.winner, outcome.control_after, outcome.conquered_by) == ("blue", "blue", None)


def test_ruling_a_unit_arriving_makes_the_open_showdown_a_combat_at_once() -> None:
    """Riftbound FAQ on showdowns, reviewed against Core Rules 1.3: when a unit of another
    player arrives in a non-combat showdown, it becomes a combat showdown right away: the
    designations are given, Assault counts, "when I attack" abilities trigger, and the player
    who contested first is the Attacker. riftjudge FAQ page 112 agrees that such a trigger
    fires the first time the unit gets its designation. The same FAQ's 1.2 version, and
    riftjudge FAQ pages 90 and 97, say instead that the open showdown ends first and a combat
    follows it: see the next test."""
    bold = attacker(
        3, assault=1, abilities=[{"when": "attack", "give_might": {"to": "attacker", "amount": 1}}]
    )
    arrives = {"id": "wolf", "name": "Wolf", "might": 4, "at": "battlefield"}
    outcome = play(
        [bold, unit("away", "blue", 1, "base")],
        ["attacker"],
        controller="none",
        rounds=plays({"player": "blue", "play_unit": arrives}),
    )
    staged = step(outcome, "r1-stage")
    assert staged.key == "stage-in-showdown" and staged.params.attacker == "red"
    assert unit_state(staged.board, "attacker").might == 4
    assert "chain-give-might" in keys(outcome)
    assert step(outcome, "r1-assign-attacker").params.might == 5  # 3 + Assault 1 + 1
    assert outcome.killed == ("wolf",) and outcome.conquered_by == "red"


@pytest.mark.xfail(
    strict=True,
    reason="riftjudge FAQ pages 90 and 97: the non-combat showdown finishes (its later plays "
    "included) before a combat showdown begins; the engine stages the combat at once, inside "
    "the same showdown (as the Riftbound FAQ for Core Rules 1.3 says)",
)
def test_ruling_the_open_showdown_finishes_before_the_combat_it_leads_to() -> None:
    """riftjudge FAQ page 97 (https://app.riftjudge.com/faq?page=97) and page 90: a showdown
    does not change kind while it resolves; when the opponent brings a unit into a non-combat
    showdown, that showdown first ends as it is, no control is established, and a combat
    showdown then begins with the player who contested first as the Attacker. This disagrees
    with the Riftbound FAQ for Core Rules 1.3 (previous test)."""
    arrives = {"id": "wolf", "name": "Wolf", "might": 4, "at": "battlefield"}
    outcome = play(
        [attacker(3), unit("away", "blue", 1, "base")],
        ["attacker"],
        controller="none",
        rounds=plays(
            {"player": "blue", "play_unit": arrives},
            {"player": "red", "deal_damage": {"to": "wolf", "amount": 1}},
        ),
    )
    order = ids(outcome)
    assert order.index("r1-showdown-2") < order.index("r1-stage")


def test_ruling_a_defender_can_conquer_a_battlefield_it_did_not_control() -> None:
    """riftrules' combat page (the edge case of a unit moved in during an open showdown) and
    riftjudge FAQ page 11: a defender conquers if it ends the combat as the only player with
    units there and did not control the battlefield before."""
    arrives = {"id": "wolf", "name": "Wolf", "might": 4, "at": "battlefield"}
    outcome = play(
        [attacker(2), unit("away", "blue", 1, "base")],
        ["attacker"],
        controller="none",
        rounds=plays({"player": "blue", "play_unit": arrives}),
    )
    assert (outcome.winner, outcome.conquered_by, outcome.points_scored) == ("blue", "blue", 1)
