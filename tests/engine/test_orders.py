"""Players' choices, replacements, several effects, and expectations of what must not happen."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine import ProblemsFound, compare, load_scenario, parse_scenario, run_combat
from engine.combat import ChainItem, ability_sources
from engine.explore import every_order, order_key
from engine.model import Trigger
from engine.narration import Names, narrate
from engine.orders import MAX_SIMULTANEOUS, Chosen
from engine.steps import Seating
from tests.conftest import ROOT, engine_cli
from tests.engine.builders import build, play, scenario_yaml, step, unit, unit_state
from vocabulary import languages

SURVIVES = ROOT / "examples" / "death-abilities-order-recruit-survives.yml"
REMOVES = ROOT / "examples" / "replacement-removes-death-trigger.yml"


def dying(uid: str, owner: str, might: int, *effects: dict[str, Any], **extra: Any) -> Any:
    """A unit at the battlefield (or base) whose death ability has ``effects``, in order."""
    ability: dict[str, Any] = {"when": "dies"}
    if len(effects) == 1:
        ability |= effects[0]
    else:
        ability["effects"] = list(effects)
    return unit(uid, owner, might, abilities=[ability], **extra)


def token(uid: str, might: int = 1, at: str = "battlefield") -> dict[str, Any]:
    return {"play_unit": {"id": uid, "name": uid.title(), "might": might, "at": at}}


def two_blue_deaths(expected: dict[str, Any] | None = None, **combat: Any) -> str:
    """Red's 3 Might raider kills two 1 Might defenders: a blast on each unit there, and a
    Recruit played there. The order Blue chooses decides the result."""
    units = [
        unit("raider", "red", 3, "base"),
        dying("bomb", "blue", 1, {"deal_damage_to_all": {"amount": 3}}),
        dying("herald", "blue", 1, token("recruit", 2)),
    ]
    return scenario_yaml(units, ["raider"], expected=expected or {"result": "none"}, combat=combat)


# -- the order of abilities that wait together -------------------------------------------


def test_without_a_stated_order_they_go_on_in_the_order_listed_and_the_step_says_so() -> None:
    outcome = run_combat(parse_scenario(two_blue_deaths(), "t.yml"))
    added = step(outcome, "r1-chain-add-1")
    assert added.board.chain == ("bomb", "herald")  # the herald's resolves first
    assert outcome.winner is None and outcome.control_after is None
    assert [(c.player, c.abilities, c.chosen.value) for c in outcome.choices] == [
        ("blue", ("bomb", "herald"), "default")
    ]
    said = narrate(added, "en", Names(outcome.board))
    assert "Blue chooses the order of their abilities; the scenario does not state it" in said


def test_a_stated_order_is_followed_and_the_step_says_who_chose_it() -> None:
    outcome = run_combat(parse_scenario(two_blue_deaths(trigger_order=[["herald", "bomb"]]), "t"))
    added = step(outcome, "r1-chain-add-1")
    assert added.board.chain == ("herald", "bomb")
    assert outcome.winner == "blue" and outcome.units["recruit"].zone == "battlefield"
    said = narrate(added, "fr", Names(outcome.board))
    assert "Bleu choisit l’ordre de ses compétences, comme l’indique le scénario" in said


def test_where_a_unit_has_two_abilities_in_an_order_each_is_named_by_its_number() -> None:
    """Two orders of the same three abilities, two of them one unit's, read differently: each
    of that unit's abilities is said with its number among the unit's abilities."""
    twice = unit(
        "bomb",
        "blue",
        1,
        abilities=[
            {"id": "blast", "when": "dies", "deal_damage_to_all": {"amount": 3}},
            {"id": "boost", "when": "dies", "give_might": {"to": "raider", "amount": 1}},
        ],
    )
    units = [unit("raider", "red", 3, "base"), twice, dying("herald", "blue", 1, token("recruit"))]
    said = {}
    for order in (["boost", "herald", "blast"], ["blast", "herald", "boost"]):
        combat = {"trigger_order": [order]}
        text = scenario_yaml(units, ["raider"], expected={"result": "none"}, combat=combat)
        outcome = run_combat(parse_scenario(text, "t.yml"))
        added = step(outcome, "r1-chain-add-1")
        assert added.board.chain == tuple(order)
        said[order[0]] = {lang: narrate(added, lang, Names(outcome.board)) for lang in ("en", "fr")}
    assert said["boost"]["en"].startswith(
        "Before the result, waiting abilities go on the chain: Bomb's ability 2, then Herald's "
        "ability, then Bomb's ability 1."
    )
    assert (
        "Blue chooses the order of their abilities; the scenario states it."
        in (said["boost"]["en"])
    )
    assert said["blast"]["en"].startswith(
        "Before the result, waiting abilities go on the chain: Bomb's ability 1, then Herald's "
        "ability, then Bomb's ability 2."
    )
    # Each ability named as an ability, in sequence, and the order said once, in both languages.
    french = (
        "la compétence 2 de l’unité Bomb, puis la compétence de l’unité Herald, puis la "
        "compétence 1 de l’unité Bomb."
    )
    assert said["boost"]["fr"].count(french) == 1
    assert said["boost"]["en"].count("Bomb's ability 2, then Herald's ability") == 1
    assert "comme l’indique le scénario." in said["boost"]["fr"]
    # Each resolves under the name the chain gave it: blast (the newest) first.
    resolving = [narrate(s, "en", Names(outcome.board)) for s in outcome.steps]
    assert any(t.startswith("Bomb's ability 2 resolves") for t in resolving)
    assert any(t.startswith("Bomb's ability 1 resolves") for t in resolving)


def test_the_same_ability_twice_is_named_alike_and_a_lone_ability_unnumbered() -> None:
    def item(source: str, number: int) -> ChainItem:
        return ChainItem(source, "blue", 1, Trigger.DIES, (), f"{source}-{number}", number)

    giant, bomb1, bomb2, herald = item("giant", 1), item("bomb", 1), item("bomb", 2), item("h", 3)
    assert ability_sources([giant, bomb2, giant, herald, bomb1]) == (
        ("giant", 0),
        ("bomb", 2),
        ("giant", 0),
        ("h", 0),
        ("bomb", 1),
    )


def test_a_stated_order_no_group_uses_is_an_error_at_its_line() -> None:
    text = two_blue_deaths(trigger_order=[["herald", "bomb"], ["bomb", "herald"]])
    with pytest.raises(ProblemsFound) as caught:
        run_combat(parse_scenario(text, "t.yml"))
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row == "  - - bomb")
    [problem] = caught.value.problems
    assert (problem.line, problem.message.split(":")[0]) == (line, "combat.trigger_order.1")
    assert "is never used" in problem.message


def test_both_players_waiting_the_attackers_go_on_first_a_default_the_step_names() -> None:
    units = [
        dying("raider", "red", 2, {"deal_damage": {"to": "guard", "amount": 5}}, at="base"),
        dying("sapper", "blue", 2, {"give_might": {"to": "guard", "amount": 5}}),
        unit("guard", "blue", 5),
    ]
    outcome = play(units, ["raider"], rounds=[{"damage": {"sapper": 2, "raider": 7, "guard": 0}}])
    added = step(outcome, "r1-chain-add-1")
    assert added.params.seating == (Seating("red", "blue", stated=False),)
    assert added.board.chain == ("raider", "sapper")  # Blue's resolves first: the guard grows
    assert unit_state(step(outcome, "r1-result").board, "guard").zone == "battlefield"
    assert outcome.winner == "blue"
    said = narrate(added, "en", Names(outcome.board))
    assert "Red's go on the chain before Blue's" in said and "site's default" in said
    assert outcome.choices == ()  # no player had two abilities to order


def test_a_scenario_may_state_whose_waiting_abilities_go_on_first() -> None:
    units = [
        dying("raider", "red", 2, {"deal_damage": {"to": "guard", "amount": 5}}, at="base"),
        dying("sapper", "blue", 2, {"give_might": {"to": "guard", "amount": 5}}),
        unit("guard", "blue", 5),
    ]
    rounds = [{"damage": {"sapper": 2, "raider": 7, "guard": 0}}]
    outcome = play(units, ["raider"], rounds=rounds, combat={"first_on_chain": "blue"})
    added = step(outcome, "r1-chain-add-1")
    assert added.params.seating == (Seating("blue", "red", stated=True),)
    assert added.board.chain == ("sapper", "raider")  # Red's resolves first: the guard dies
    assert unit_state(step(outcome, "r1-result").board, "guard").zone == "trash"
    said = narrate(added, "en", Names(outcome.board))
    assert "as the scenario states, Blue's go on the chain before Red's" in said
    assert "default" not in said


def test_every_order_is_tried_once_the_order_triggered_first() -> None:
    scenario = parse_scenario(two_blue_deaths(), "t.yml")
    runs = every_order(scenario)
    assert [order_key(r) for r in runs] == [(("bomb", "herald"),), (("herald", "bomb"),)]
    assert [r.winner for r in runs] == [None, "blue"]


def test_more_abilities_at_once_than_the_bound_is_one_clear_error() -> None:
    units = [unit("raider", "red", 20, "base")] + [
        dying(f"d{i}", "blue", 1, token(f"t{i}", at="base")) for i in range(MAX_SIMULTANEOUS + 1)
    ]
    scenario = build(units, ["raider"])
    run_combat(scenario)  # one run, in the order listed, is fine
    with pytest.raises(ProblemsFound, match=r"7 abilities of blue wait together at r1-chain-add-1"):
        every_order(scenario)


def test_more_orders_in_all_than_the_bound_is_one_clear_error() -> None:
    scenario = parse_scenario(two_blue_deaths(), "t.yml")
    with pytest.raises(ProblemsFound, match="more than 1 possible trigger order: "):
        every_order(scenario, limit=1)


# -- replacements ----------------------------------------------------------------------


def phantom(**replacement: Any) -> Any:
    return dying("phantom", "blue", 2, token("shade", 2), if_it_would_die=replacement or "hand")


def test_808_1_d_1_by_default_a_replaced_death_removes_the_trigger_and_says_so() -> None:
    outcome = play([unit("raider", "red", 4, "base"), phantom()], ["raider"])
    killed = step(outcome, "r1-cleanup-3b")
    assert "808.1.d.1" in killed.rules and "367" in killed.rules
    assert "its death ability never triggers" in narrate(killed, "en", Names(outcome.board))
    assert "shade" not in outcome.units and outcome.winner == "red"


def test_367_a_replacement_whose_card_keeps_the_trigger_records_it_and_says_so() -> None:
    keeps = phantom(to="banishment", removes_death_trigger=False)
    outcome = play([unit("raider", "red", 4, "base"), keeps], ["raider"])
    assert step(outcome, "r1-cleanup-3a").params.recorded == ("phantom",)
    killed = step(outcome, "r1-cleanup-3b")
    assert "367" in killed.rules and "808.1.d.1" not in killed.rules
    said = narrate(killed, "en", Names(outcome.board))
    assert "As its card says, this does not remove its death ability" in said
    assert outcome.units["phantom"].zone == "banishment" and outcome.killed == ()
    assert outcome.units["shade"].zone == "battlefield" and outcome.restaged


def test_a_replacement_on_a_unit_with_no_death_ability_says_only_that_it_does_not_die() -> None:
    outcome = play(
        [unit("raider", "red", 4, "base"), unit("ghost", "blue", 2, if_it_would_die="hand")],
        ["raider"],
    )
    said = narrate(step(outcome, "r1-cleanup-3b"), "en", Names(outcome.board))
    assert said.endswith("instead: it does not die.") and "death ability" not in said


# -- several effects ----------------------------------------------------------------------


def test_several_effects_resolve_in_the_order_written_each_a_step_with_its_rule() -> None:
    martyr = dying(
        "martyr",
        "blue",
        3,
        {"deal_damage": {"to": "raider", "amount": 2}},
        token("recruit", 1, "base"),
        {"give_might": {"to": "recruit", "amount": 2}},
    )
    outcome = play([unit("raider", "red", 4, "base"), martyr], ["raider"])
    parts = [s for s in outcome.steps if s.id.startswith("r1-chain-2")]
    assert [(s.id, s.key) for s in parts] == [
        ("r1-chain-2", "chain-deal-damage"),
        ("r1-chain-2b", "chain-then-play-unit"),
        ("r1-chain-2c", "chain-then-give-might"),
        ("r1-chain-2-cleanup", "cleanup-none"),  # a cleanup follows: nobody has lethal damage
    ]
    assert parts[-1].quiet and parts[-1].rules == ("318",)
    parts = parts[:-1]
    assert all(s.rules == ("327",) for s in parts)
    assert unit_state(step(outcome, "r1-chain-2c").board, "recruit").might == 3
    names = Names(outcome.board)
    assert narrate(parts[1], "en", names) == "Then Blue plays Recruit (1 Might) at their base."
    assert narrate(parts[2], "fr", names).startswith("Ensuite, l’unité Recruit gagne +2")


def test_one_cleanup_after_the_whole_ability_not_after_each_effect() -> None:
    martyr = dying(
        "martyr",
        "blue",
        3,
        {"deal_damage": {"to": "raider", "amount": 9}},
        {"deal_damage": {"to": "raider", "amount": 1}},
    )
    outcome = play([unit("raider", "red", 4, "base"), martyr], ["raider"])
    second = step(outcome, "r1-chain-2b")
    assert second.key == "chain-then-deal-damage"  # the raider is still there: lethal, not dead
    assert unit_state(second.board, "raider").damage == 10
    assert unit_state(step(outcome, "r1-chain-2-cleanup-3b").board, "raider").zone == "trash"


def test_damage_to_every_unit_here_triggers_their_damage_abilities_together() -> None:
    def wall(uid: str) -> Any:
        grow = {
            "when": "damaged",
            "play_unit": {"id": f"{uid}-spark", "name": "Spark", "might": 1, "at": "base"},
        }
        return unit(uid, "blue", 9, abilities=[grow])

    blast = dying("bomb", "blue", 1, {"deal_damage_to_all": {"amount": 1}})
    units = [unit("raider", "red", 1, "base"), blast, wall("east"), wall("west")]
    damage = {"bomb": 1, "raider": 19}
    outcome = play(units, ["raider"], rounds=[{"damage": damage}])
    blasted = step(outcome, "r1-chain-2")
    assert blasted.key == "chain-deal-damage-to-all"
    assert blasted.params.targets == ("east", "west")
    assert step(outcome, "r1-chain-add-3").board.chain == ("east", "west")
    assert [(c.step, c.abilities) for c in outcome.choices] == [
        ("r1-chain-add-3", ("east", "west"))
    ]


# -- expectations of absence and order --------------------------------------------------


def test_a_wrong_engine_that_keeps_the_removed_trigger_fails_the_example() -> None:
    scenario = load_scenario(REMOVES)
    assert compare(scenario, run_combat(scenario)) == []
    kept = tuple(
        replace(u, keeps_death_trigger=True) if u.id == "phantom" else u for u in scenario.units
    )
    wrong = run_combat(replace(scenario, units=kept))  # what an engine keeping it would do
    fields = {m.field: (m.expected, m.engine) for m in compare(scenario, wrong)}
    assert fields["absent_units.shade"] == ("absent", "exists (battlefield)")
    assert fields["absent_steps.chain-item"] == ("no such step", "[r1-chain-2]")


def expecting(expected: dict[str, Any], **combat: Any) -> list[str]:
    """The mismatches of the two Blue deaths (in the order listed) against ``expected``."""
    scenario = parse_scenario(two_blue_deaths(expected, **combat), "t.yml")
    return [str(m) for m in compare(scenario, run_combat(scenario))]


def test_designations_at_a_checkpoint_and_none_after_the_end() -> None:
    found = expecting(
        {
            "result": "none",
            "designations": "none",
            "checkpoints": [
                {"step": "r1-stage", "designations": "none"},
                {"step": "r1-damage", "designations": {"raider": "defender", "blue": "defender"}},
            ],
        }
    )
    assert len(found) == 2, found
    assert (
        "checkpoints[r1-stage].designations: expected=none engine=[raider: attacker, bomb: defender, herald: defender, red: attacker, blue: defender]"
        in found[0]
    )
    assert (
        "checkpoints[r1-damage].designations.raider: expected=defender engine=attacker" in found[1]
    )


def test_the_chain_at_a_checkpoint_is_compared_in_order() -> None:
    found = expecting(
        {"result": "none", "checkpoints": [{"step": "r1-chain-add-1", "chain": ["herald", "bomb"]}]}
    )
    assert [f.split(" ", 1)[1] for f in found] == [
        "checkpoints[r1-chain-add-1].chain: expected=[herald, bomb] engine=[bomb, herald]"
    ]


def test_steps_in_order_and_steps_that_must_not_happen() -> None:
    found = expecting(
        {
            "result": "none",
            "step_order": ["r1-chain-3", "r1-chain-2"],
            "absent_steps": ["recall", "no-result"],
            "absent_units": ["recruit"],
            "checkpoints": [{"step": "r1-chain-2", "absent_units": ["recruit"]}],
        }
    )
    said = [f.split(" ", 1)[1] for f in found]
    assert said == [
        "absent_units.recruit: expected=absent engine=exists (trash)",
        "absent_steps.no-result: expected=no such step engine=[r1-result]",
        "step_order: expected=[r1-chain-3, r1-chain-2] engine=[r1-chain-2, r1-chain-3]",
        "checkpoints[r1-chain-2].absent_units.recruit: expected=absent engine=exists (battlefield)",
    ]


def test_a_step_order_naming_a_step_that_never_happens() -> None:
    found = expecting({"result": "none", "step_order": ["r1-chain-2", "r2-result"]})
    assert [f.split(" ", 1)[1] for f in found] == [
        "step_order.r2-result: expected=a step engine=no such step (see `python -m engine run FILE`)"
    ]


def test_every_order_names_each_order_that_differs() -> None:
    found = expecting({"result": "none", "every_trigger_order": True})
    assert [f.split(" ", 1)[1] for f in found] == [
        "result under trigger_order [[herald, bomb]]: expected=none engine=blue wins, red loses"
    ]


def test_an_order_listed_with_its_own_outcome_is_checked_under_it_only() -> None:
    other = {"trigger_order": [["herald", "bomb"]], "result": {"winner": "blue", "loser": "red"}}
    assert (
        expecting({"result": "none", "every_trigger_order": True, "other_trigger_orders": [other]})
        == []
    )
    wrong = {**other, "result": "none"}
    found = expecting({"result": "none", "other_trigger_orders": [wrong]})
    assert [f.split(" ", 1)[1] for f in found] == [
        "result under trigger_order [[herald, bomb]]: expected=none engine=blue wins, red loses"
    ]


def test_listing_the_shown_order_or_one_twice_is_a_mismatch_not_a_crash() -> None:
    shown = {"trigger_order": [["bomb", "herald"]], "result": "none"}
    found = expecting({"result": "none", "other_trigger_orders": [shown]})
    assert "expected=another order than the run shown engine=[[bomb, herald]]" in found[0]
    other = {"trigger_order": [["herald", "bomb"]], "result": {"winner": "blue", "loser": "red"}}
    found = expecting({"result": "none", "other_trigger_orders": [other, other]})
    assert len(found) == 1 and "the order of other_trigger_orders.0" in found[0]


def test_expecting_every_order_where_there_is_one_is_a_mismatch_at_its_line() -> None:
    """A scenario that claims to be checked under every order, where no player ever has
    several abilities waiting at once, would show a verdict that says more than was checked."""
    units = [unit("raider", "red", 5, "base"), unit("warden", "blue", 2)]
    expected = {"result": {"winner": "red", "loser": "blue"}, "every_trigger_order": True}
    scenario = build(units, ["raider"], expected=expected)
    found = compare(scenario, run_combat(scenario))
    assert [(m.field, m.line) for m in found] == [
        ("every_trigger_order", scenario.line_of("expected", "every_trigger_order"))
    ]
    assert "one order only" in found[0].engine
    assert compare(scenario, run_combat(scenario), every_order=True) == found
    plain = build(units, ["raider"], expected={"result": expected["result"]})
    assert compare(plain, run_combat(plain), every_order=True) == []  # --every-order: no claim


def test_an_every_order_check_past_the_bound_is_a_mismatch_not_a_crash() -> None:
    units = [unit("raider", "red", 20, "base")] + [
        dying(f"d{i}", "blue", 1, token(f"t{i}", at="base")) for i in range(MAX_SIMULTANEOUS + 1)
    ]
    scenario = build(units, ["raider"], expected={"result": {"winner": "red", "loser": "blue"}})
    found = compare(scenario, run_combat(scenario), every_order=True)
    assert [m.field for m in found] == ["every_trigger_order"]
    assert "more than the 6 whose every order can be verified" in found[0].engine


# -- the command line --------------------------------------------------------------------


def test_check_every_order_names_the_orders_that_differ(tmp_path: Path) -> None:
    text = SURVIVES.read_text(encoding="utf-8")
    text = text[: text.index("  every_trigger_order: true")]  # only the shown order expected
    file = tmp_path / "survives.yml"
    file.write_text(text, encoding="utf-8")
    assert engine_cli("check", str(file)).returncode == 0
    result = engine_cli("check", "--every-order", str(file))
    assert result.returncode == 1
    assert (
        "result under trigger_order [[bombardier, herald]]: expected=blue wins, red loses engine=none"
        in result.stderr
    )


def test_orders_lists_every_order_and_names_those_that_differ() -> None:
    result = engine_cli("orders", str(SURVIVES))
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    # Red's 3 Might has two legal assignments (lethal to one of Blue's units, the rest to the
    # other); Blue's one: each with both orders of Blue's two death abilities.
    red = ("r1 red: {bombardier: 1, herald: 2}", "r1 red: {bombardier: 2, herald: 1}")
    blue = "r1 blue: {raider: 2}"
    assert [line.split(": result")[0].split(" (")[0] for line in lines[:-1]] == [
        f"trigger_order [[{order}]]; assign {assigned}; {blue}"
        for assigned in red
        for order in ("bombardier, herald", "herald, bombardier")
    ]
    assert lines[0].endswith(
        "(differs): result: none; control: none; conquer: none; units: "
        "bombardier trash, herald trash, raider trash, recruit trash"
    )
    assert "(shown): result: blue wins" in lines[1]
    assert lines[-1].startswith(
        "4 runs (every order of abilities going on the chain together, every legal damage "
        "assignment); the outcome differs from the one shown in 2: trigger_order "
        "[[bombardier, herald]]"
    )


@pytest.mark.parametrize("chosen", list(Chosen))
def test_each_way_an_order_is_chosen_is_said_in_every_language(chosen: Chosen) -> None:
    outcome = run_combat(parse_scenario(two_blue_deaths(), "t.yml"))
    added = step(outcome, "r1-chain-add-1")
    ordered = replace(added.params.choices[0], chosen=chosen)
    said = {
        lang: narrate(
            added._replace(params=replace(added.params, choices=(ordered,))),
            lang,
            Names(outcome.board),
        )
        for lang in languages()
    }
    for lang, text in said.items():
        assert "{" not in text and ("Blue" in text or "Bleu" in text), (lang, text)
    assert "'" not in said["fr"] and " :" not in said["fr"].replace("\u00a0:", "")
    assert len(set(said.values())) == len(said)
