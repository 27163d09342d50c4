"""Scenario files: every problem reported as file:line, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import ProblemsFound, load_scenario, parse_scenario
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
        f"bad.yml:{line_of(text, 'might: -2')}: units.0.might: must not be negative (got -2)"
    ]


def test_unit_in_two_places_is_rejected() -> None:
    units = [*base_units(), unit("attacker", "red", 4, "trash")]
    [found] = problems(scenario_yaml(units, ["attacker"]))
    assert "the same unit twice" in found and "base" in found and "trash" in found


def test_unknown_unit_ids_are_named() -> None:
    text = scenario_yaml(base_units(), ["ghost"], rounds=[{"damage": {"nobody": 3}}])
    found = problems(text)
    assert f"bad.yml:{line_of(text, '- ghost')}: combat.move: unknown unit 'ghost'" in found
    assert f"bad.yml:{line_of(text, 'nobody: 3')}: damage: unknown unit 'nobody'" in found


def test_damage_to_a_unit_not_in_the_combat_is_rejected() -> None:
    units = [*base_units(), unit("bystander", "blue", 2, "base")]
    text = scenario_yaml(units, ["attacker"], rounds=[{"damage": {"bystander": 4, "attacker": 3}}])
    scenario = parse_scenario(text, "bad.yml")
    from engine import run_combat

    with pytest.raises(ProblemsFound) as caught:
        run_combat(scenario)
    assert (
        f"bad.yml:{line_of(text, 'bystander: 4')}: damage.bystander: unit is not in the combat"
        in str(caught.value)
    )


def test_unit_that_cant_move_cannot_be_moved_in() -> None:
    units = [unit("attacker", "red", 4, "base", cant_move=True), unit("defender", "blue", 3)]
    assert any(
        "combat.move: attacker can't move" in p
        for p in problems(scenario_yaml(units, ["attacker"]))
    )


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
