"""Scenario files: every problem reported as file:line, never a traceback."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import ProblemsFound, load_scenario, parse_scenario
from engine.loader import MAX_DEPTH, read_yaml
from tests.engine.builders import scenario_yaml, unit

ROOT = Path(__file__).resolve().parents[2]


def problems(text: str) -> list[str]:
    with pytest.raises(ProblemsFound) as caught:
        parse_scenario(text, "bad.yml")
    return [str(p) for p in caught.value.problems]


def base_units() -> list[dict[str, object]]:
    return [unit("attacker", "red", 4, "base"), unit("defender", "blue", 3)]


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_yaml_syntax_error_names_file_and_line() -> None:
    found = problems("id: x\nunits: [\n  - a: b\n")
    assert len(found) == 1 and found[0].startswith("bad.yml:") and "YAML syntax error" in found[0]


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("9" * 5000, "number too long (5000 characters; the limit is 100)"),
        ("0x" + "F" * 5000, "number too long (5002 characters; the limit is 100)"),
        ("-0x" + "F" * 5000, "number too long (5003 characters; the limit is 100)"),
        ("1:" + "59:" * 40 + "59", "number too long (124 characters; the limit is 100)"),
        ("0b_", "'0b_' is not a number"),
        ("!!float abc", "'abc' is not a number"),
        ("2024-13-45", "'2024-13-45' is not a date"),
        (
            "1:30",
            "'1:30' reads as 90 in YAML 1.1 (a number in base 60): write the number in plain digits",
        ),
        (
            "012",
            "'012' reads as 10 in YAML 1.1 (a leading 0 makes it octal): write the number in plain digits",
        ),
        (
            "0x10",
            "'0x10' reads as 16 in YAML 1.1 (a number written in another base): write the number in plain digits",
        ),
        (
            "1_000",
            "'1_000' reads as 1000 in YAML 1.1 (underscores are dropped): write the number in plain digits",
        ),
    ],
)
def test_a_value_python_cannot_make_is_one_problem_at_its_line(value: str, says: str) -> None:
    text = scenario_yaml(base_units(), ["attacker"]).replace("  might: 3\n", f"  might: {value}\n")
    assert problems(text) == [f"bad.yml:{line_of(text, value)}: units.1.might: {says}"]


@pytest.mark.parametrize(
    "name", ["On", "no", "Yes", "off", "1e3", "2024-01-01", "12:30", "null", "~", "0x1F", "3.5"]
)
def test_a_name_yaml_11_would_read_as_something_else_reads_back_as_the_name(name: str) -> None:
    """A name is text: whatever YAML 1.1 would make of it unquoted, it is the name as written,
    in a unit's name, a player's, a battlefield's, and in each language of a name."""
    text = scenario_yaml(base_units(), ["attacker"])
    text = (
        text.replace("name: Defender", f"name: {name}")
        .replace("name: Hill", f"name: {{en: {name}, fr: {name}}}")
        .replace("fr: Rouge", f"fr: {name}")
    )
    scenario = parse_scenario(text, "ok.yml")
    assert scenario.units[1].name == {"en": name}
    assert scenario.battlefield == {"en": name, "fr": name}
    assert scenario.players[0].name == {"en": "Red", "fr": name}


def test_a_yaml_merge_key_is_one_clear_problem() -> None:
    text = scenario_yaml(base_units(), ["attacker"]).replace("  might: 3\n", "  <<: {might: 3}\n")
    assert problems(text) == [
        f"bad.yml:{line_of(text, '<<:')}: units.1: '<<' (a YAML merge key) is not read here: "
        "write the keys out where they belong"
    ]


def test_unknown_key_is_reported_at_its_line() -> None:
    text = scenario_yaml(base_units(), ["attacker"]).replace(
        "  might: 3\n", "  might: 3\n  mgiht: 3\n"
    )
    assert problems(text) == [
        f"bad.yml:{line_of(text, 'mgiht')}: units.1.mgiht: unknown key (did you mean 'might'?)"
    ]


def test_every_problem_is_reported_not_just_the_first() -> None:
    units = [unit("attacker", "red", -1, "base"), unit("defender", "blue", 3, colour="blue")]
    found = problems(scenario_yaml(units, ["attacker"]))
    assert any("must not be negative" in p for p in found)
    assert any("units.1.colour: unknown key" in p for p in found)


def test_negative_might_is_rejected() -> None:
    text = scenario_yaml(
        [unit("attacker", "red", -2, "base"), unit("defender", "blue", 3)], ["attacker"]
    )
    assert problems(text) == [
        f"bad.yml:{line_of(text, 'might: -2')}: units.0.might: must not be negative (got '-2')"
    ]


def test_unit_in_two_places_is_rejected() -> None:
    units = [*base_units(), unit("attacker", "red", 4, "trash")]
    text = scenario_yaml(units, ["attacker"])
    first = line_of(text, "- id: attacker")
    [found] = problems(text)
    assert found == (
        f"bad.yml:{line_of(text, 'at: trash') - 4}: units.2.id: a second unit with the id "
        f"'attacker' (the first: line {first}): a unit is in one place"
    )


def test_unknown_unit_ids_are_named() -> None:
    text = scenario_yaml(base_units(), ["ghost"], rounds=[{"damage": {"nobody": 3}}])
    found = problems(text)
    assert found == [
        f"bad.yml:{line_of(text, '- ghost')}: combat.move.0: unknown unit 'ghost'",
        f"bad.yml:{line_of(text, 'nobody: 3')}: combat.rounds.0.damage.nobody: unknown unit "
        "'nobody'",
    ]


def test_damage_to_a_unit_not_in_the_combat_is_rejected() -> None:
    units = [*base_units(), unit("bystander", "blue", 2, "base")]
    text = scenario_yaml(units, ["attacker"], rounds=[{"damage": {"bystander": 4, "attacker": 3}}])
    scenario = parse_scenario(text, "bad.yml")
    from engine import run_combat

    with pytest.raises(ProblemsFound) as caught:
        run_combat(scenario)
    assert [str(p) for p in caught.value.problems] == [
        f"bad.yml:{line_of(text, 'bystander: 4')}: combat.rounds.0.damage.bystander: bystander "
        "is not in this combat"
    ]


def test_unit_that_cant_move_cannot_be_moved_in() -> None:
    units = [unit("attacker", "red", 4, "base", cant_move=True), unit("defender", "blue", 3)]
    text = scenario_yaml(units, ["attacker"])
    assert problems(text) == [
        f"bad.yml:{line_of(text, '- attacker')}: combat.move.0: attacker can't move"
    ]


def test_an_effects_unknown_target_or_taken_id_is_reported_at_that_field() -> None:
    """In an ability (one effect, or ``effects``) or a showdown play: the line of ``to`` or
    ``id``, not the line of the unit or the play that holds the effect."""
    gives = {"give_might": {"to": "attacker", "amount": 1}}
    gives_then_hits = {"effects": [gives, {"deal_damage": {"to": "nobody", "amount": 2}}]}
    twin = {"id": "attacker", "name": "Twin", "might": 1, "at": "base"}
    units = [
        unit("attacker", "red", 4, "base", abilities=[{"when": "dies", **gives_then_hits}]),
        unit("defender", "blue", 3, abilities=[{"when": "dies", "play_unit": twin}]),
    ]
    rounds = [{"showdown": [{"player": "red", "cant_move": {"to": "ghost"}}]}]
    text = scenario_yaml(units, ["attacker"], rounds=rounds)
    taken = line_of(text, "play_unit:") + 1
    assert text.splitlines()[taken - 1].strip() == "id: attacker"
    assert problems(text) == [
        f"bad.yml:{line_of(text, 'to: nobody')}: "
        "units.0.abilities.0.effects.1.deal_damage.to: unknown unit 'nobody'",
        f"bad.yml:{taken}: units.1.abilities.0.play_unit.id: 'attacker' is already a unit on "
        "the board",
        f"bad.yml:{line_of(text, 'to: ghost')}: "
        "combat.rounds.0.showdown.0.cant_move.to: unknown unit 'ghost'",
    ]


def test_unknown_player_in_expected_outcome() -> None:
    text = scenario_yaml(
        base_units(), ["attacker"], expected={"result": "none", "control": "green"}
    )
    assert problems(text) == [
        f"bad.yml:{line_of(text, 'control: green')}: expected.control: unknown player 'green'"
    ]


def test_duplicate_yaml_key_is_an_error() -> None:
    text = scenario_yaml(base_units(), ["attacker"]) + "id: again\n"
    assert any("duplicate key 'id'" in p for p in problems(text))


def test_unreadable_file_is_one_clear_problem(tmp_path: Path) -> None:
    with pytest.raises(ProblemsFound) as caught:
        load_scenario(tmp_path / "missing.yml")
    assert "cannot read" in str(caught.value)


def test_every_example_validates_against_the_published_schema() -> None:
    import json

    import jsonschema
    import yaml

    schema = json.loads((ROOT / "engine" / "scenario.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    for file in sorted((ROOT / "examples").glob("*.yml")):
        jsonschema.validate(yaml.safe_load(file.read_text()), schema)
        assert file.read_text().startswith(
            "# yaml-language-server: $schema=../engine/scenario.schema.json"
        )


def test_empty_file_says_so() -> None:
    assert problems("") == ["bad.yml:1: empty scenario file"]


# -- nesting: MAX_DEPTH levels are read, one more is refused at its line ---------------------


def block_nesting(levels: int) -> str:
    """``levels`` mappings one inside the next, a line each: the innermost value, on line
    ``levels``, is ``levels`` deep."""
    return "".join(f"{'  ' * n}a:\n" for n in range(levels - 1)) + "  " * (levels - 1) + "a: 1\n"


def flow_nesting(levels: int) -> str:
    """``levels`` lists in brackets, each opening on a line of its own (the last, on line
    ``levels``, holds the value)."""
    return "[\n" * levels + "1" + "]" * levels + "\n"


def innermost(data: Any, levels: int) -> Any:
    for _ in range(levels):
        data = data["a"] if isinstance(data, dict) else data[0]
    return data


@pytest.mark.parametrize("nesting", [block_nesting, flow_nesting])
def test_nesting_of_max_depth_levels_is_read(nesting: Callable[[int], str]) -> None:
    data, _ = read_yaml(nesting(MAX_DEPTH), "deep.yml")
    assert innermost(data, MAX_DEPTH) == 1


@pytest.mark.parametrize("nesting", [block_nesting, flow_nesting])
def test_nesting_one_level_past_max_depth_is_refused_at_its_line(
    nesting: Callable[[int], str],
) -> None:
    """Block nesting is caught as the file's nodes are read (at the value too deep), flow
    nesting before YAML parses it (at the bracket too many): both on line MAX_DEPTH + 1."""
    assert problems(nesting(MAX_DEPTH + 1)) == [
        f"bad.yml:{MAX_DEPTH + 1}: nested too deeply (over {MAX_DEPTH} levels)"
    ]


# -- the fields of players' choices and of expectations of absence ------------------------


def two_deaths(expected: dict[str, Any] | None = None, **combat: Any) -> str:
    def dying(uid: str, effect: dict[str, object]) -> dict[str, object]:
        return unit(uid, "blue", 1, abilities=[{"when": "dies", **effect}])

    units = [
        unit("raider", "red", 3, "base"),
        dying("bomb", {"deal_damage_to_all": {"amount": 3}}),
        dying(
            "herald", {"play_unit": {"id": "recruit", "name": "Recruit", "might": 2, "at": "base"}}
        ),
    ]
    return scenario_yaml(units, ["raider"], expected=expected or {"result": "none"}, combat=combat)


def test_a_misspelt_ability_in_a_trigger_order_gets_the_closest_name() -> None:
    text = two_deaths(trigger_order=[["herald", "bombb"]])
    assert problems(text) == [
        f"bad.yml:{line_of(text, '- bombb')}: combat.trigger_order.0.1: unknown ability 'bombb' "
        "(did you mean 'bomb'?) (an ability is named by its id, or its unit's id)"
    ]


def test_a_player_orders_only_their_own_abilities() -> None:
    text = two_deaths(trigger_order=[["herald", "raider"]])
    assert "unknown ability 'raider'" in problems(text)[0]  # the raider has no ability
    units = [
        unit(
            "raider", "red", 3, "base", abilities=[{"when": "dies", "cant_move": {"to": "raider"}}]
        ),
        unit("bomb", "blue", 1, abilities=[{"when": "dies", "cant_move": {"to": "bomb"}}]),
    ]
    text = scenario_yaml(units, ["raider"], combat={"trigger_order": [["raider", "bomb"]]})
    assert problems(text) == [
        f"bad.yml:{line_of(text, '- - raider')}: combat.trigger_order.0: an order names one "
        "player's abilities only ('raider' is red's, 'bomb' is blue's)"
    ]


def test_misspelt_new_keys_get_the_closest_valid_name() -> None:
    expected = {
        "result": "none",
        "every_trigger_ordr": True,
        "absent_unit": ["recruit"],
        "checkpoints": [{"step": "r1-damage", "chian": []}],
    }
    text = two_deaths(expected, trigger_ordr=[["bomb", "herald"]])
    found = problems(text)
    assert (
        f"bad.yml:{line_of(text, 'every_trigger_ordr')}: expected.every_trigger_ordr: unknown key (did you mean 'every_trigger_order'?)"
        in found
    )
    assert (
        f"bad.yml:{line_of(text, 'absent_unit:')}: expected.absent_unit: unknown key (did you mean 'absent_units'?)"
        in found
    )
    assert (
        f"bad.yml:{line_of(text, 'chian')}: expected.checkpoints.0.chian: unknown key (did you mean 'chain'?)"
        in found
    )
    assert (
        f"bad.yml:{line_of(text, 'trigger_ordr')}: combat.trigger_ordr: unknown key (did you mean 'trigger_order'?)"
        in found
    )
    assert len(found) == 4


def test_misspelt_values_of_new_fields_get_the_closest_valid_one() -> None:
    expected = {
        "result": "none",
        "absent_steps": ["recal"],
        "designations": {"raider": "atacker"},
    }
    text = two_deaths(expected)
    assert problems(text) == [
        f"bad.yml:{line_of(text, '- recal')}: expected.absent_steps.0: 'recal' is not one of the "
        f"{len(__import__('engine.steps').steps.step_names())} names the schema lists here "
        "(did you mean 'recall'?)",
        f"bad.yml:{line_of(text, 'atacker')}: expected.designations.raider: 'atacker' is not one "
        "of attacker, defender, none (did you mean 'attacker'?)",
    ]


def test_a_replacement_object_with_a_misspelt_key_and_one_keeping_a_trigger_it_lacks() -> None:
    units = [
        unit("raider", "red", 3, "base"),
        unit("ghost", "blue", 1, if_it_would_die={"to": "hand", "removes_death_triger": False}),
    ]
    text = scenario_yaml(units, ["raider"])
    assert problems(text) == [
        f"bad.yml:{line_of(text, 'removes_death_triger')}: units.1.if_it_would_die."
        "removes_death_triger: unknown key (did you mean 'removes_death_trigger'?)"
    ]
    units[1] = unit(
        "ghost", "blue", 1, if_it_would_die={"to": "hand", "removes_death_trigger": False}
    )
    text = scenario_yaml(units, ["raider"])
    assert problems(text) == [
        f"bad.yml:{line_of(text, 'removes_death_trigger')}: units.1.if_it_would_die."
        "removes_death_trigger: ghost has no death ability (when: dies) to keep"
    ]


def test_an_ability_gives_exactly_one_effect_or_a_list_of_effects() -> None:
    both = {
        "when": "dies",
        "cant_move": {"to": "raider"},
        "effects": [{"cant_move": {"to": "raider"}}],
    }
    text = scenario_yaml(
        [unit("raider", "red", 3, "base"), unit("d", "blue", 1, abilities=[both])], ["raider"]
    )
    [found] = problems(text)
    assert found.endswith(
        "units.1.abilities.0: give exactly one of play_unit, deal_damage, deal_damage_to_all, "
        "give_might, reduce_might, prevent_damage, cant_move, stun, kill, recall, "
        "return_to_hand, effects"
    )
    two = {"effects": [{"cant_move": {"to": "raider"}, "give_might": {"to": "d", "amount": 1}}]}
    text = scenario_yaml(
        [
            unit("raider", "red", 3, "base"),
            unit("d", "blue", 1, abilities=[{"when": "dies", **two}]),
        ],
        ["raider"],
    )
    [found] = problems(text)
    assert "units.1.abilities.0.effects.0: give exactly one of play_unit" in found


def test_two_abilities_of_a_unit_that_can_wait_together_need_ids() -> None:
    twice = [
        {"when": "dies", "cant_move": {"to": "raider"}},
        {"when": "damaged", "cant_move": {"to": "raider"}},
    ]
    text = scenario_yaml(
        [unit("raider", "red", 3, "base"), unit("d", "blue", 1, abilities=twice)], ["raider"]
    )
    [found] = problems(text)
    assert "units.1.abilities.1: this ability has no id, so its unit's id 'd'" in found
    apart = [twice[0], {"when": "win", "cant_move": {"to": "raider"}}]  # never wait together
    parse_scenario(
        scenario_yaml(
            [unit("raider", "red", 3, "base"), unit("d", "blue", 1, abilities=apart)], ["raider"]
        ),
        "ok.yml",
    )


def test_expectations_name_known_units_abilities_and_players() -> None:
    expected = {
        "result": "none",
        "absent_units": ["raider", "recruti"],
        "designations": {"redd": "none"},
        "checkpoints": [{"step": "r1-chain-add-1", "chain": ["heral"]}],
        "other_trigger_orders": [{"trigger_order": [["herald", "bom"]], "control": "bleu"}],
    }
    text = two_deaths(expected)
    found = problems(text)
    assert (
        f"bad.yml:{line_of(text, 'absent_units:') + 1}: expected.absent_units.0: raider is on the board from the start, so it always exists (expect its zone under units instead)"
        in found
    )
    assert any(
        "expected.absent_units.1: unknown unit 'recruti' (did you mean 'recruit'?)" in p
        for p in found
    )
    assert any(
        "expected.designations.redd: 'redd' is neither a player nor a unit (did you mean 'red'?)"
        in p
        for p in found
    )
    assert any(
        "expected.checkpoints.0.chain.0: unknown ability 'heral' (did you mean 'herald'?)" in p
        for p in found
    )
    assert any(
        "expected.other_trigger_orders.0.trigger_order.0.1: unknown ability 'bom' (did you mean 'bomb'?)"
        in p
        for p in found
    )
    assert any(
        "expected.other_trigger_orders.0.control: unknown player 'bleu' (did you mean 'blue'?)" in p
        for p in found
    )
    assert len(found) == 6


def test_a_field_with_two_forms_reports_the_mistake_in_the_form_written() -> None:
    units = [unit("raider", "red", 3, "base", if_it_would_die="banishmnt"), unit("d", "blue", 1)]
    expected = {"result": "nonee", "designations": "non", "conquer": {"player": "red", "pionts": 1}}
    text = scenario_yaml(units, ["raider"], expected=expected)
    assert problems(text) == [
        f"bad.yml:{line_of(text, 'banishmnt')}: units.0.if_it_would_die: 'banishmnt' is not one "
        "of hand, banishment (did you mean 'banishment'?)",
        f"bad.yml:{line_of(text, 'nonee')}: expected.result: 'nonee' is not none (did you mean "
        "'none'?)",
        f"bad.yml:{line_of(text, 'designations')}: expected.designations: 'non' is not none (did "
        "you mean 'none'?)",
        f"bad.yml:{line_of(text, 'conquer:')}: expected.conquer: 'points' is a required key",
        f"bad.yml:{line_of(text, 'pionts')}: expected.conquer.pionts: unknown key (did you mean "
        "'points'?)",
    ]


def test_the_largest_whole_number_a_browser_holds_exactly_is_read_the_next_is_refused() -> None:
    data, _ = read_yaml("might: 9007199254740991\n", "x.yml")
    assert data == {"might": 9007199254740991}
    with pytest.raises(
        ProblemsFound, match=r"x.yml:1: might: -9007199254740992 is beyond -9007199254740991"
    ):
        read_yaml("might: -9007199254740992\n", "x.yml")
