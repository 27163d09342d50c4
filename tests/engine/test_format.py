"""The scenario format's table (``engine.format``): the schema written from it, every reference
it declares checked by the loader at that field, every refusal at its field's path, and the
outcome summary read back as a scenario's ``expected``."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from diagnostics import NodePath
from engine import ProblemsFound, compare, load_scenario, parse_scenario, run_combat
from engine import refusals as R
from engine.fields import Kind, Ref, declared, references
from engine.format import SCENARIO
from engine.loader import expected_of_data, read_yaml, scenario_from_data
from engine.schema import schema_text
from tests.conftest import ROOT, engine_cli
from tests.engine.builders import scenario_yaml, unit
from vocabulary import languages, say

EXAMPLES = sorted((ROOT / "examples").glob("*.yml"))
NOWHERE = "zz-nowhere"


def test_the_published_schema_is_the_tables() -> None:
    assert (ROOT / "engine" / "scenario.schema.json").read_text(encoding="utf-8") == schema_text()


def test_the_table_declares_what_each_reference_names() -> None:
    refs = {path: node.to for path, node in declared(SCENARIO) if isinstance(node, Ref)}
    assert refs["units[].owner"] == (Kind.PLAYER,)
    assert refs["combat.move[]"] == (Kind.UNIT,)
    assert refs["combat.rounds[].damage{}"] == (Kind.UNIT,)
    assert refs["units[].abilities[].deal_damage.to"] == (Kind.UNIT,)
    assert refs["combat.trigger_order[][]"] == (Kind.ABILITY,)
    assert refs["expected.designations{}"] == (Kind.UNIT, Kind.PLAYER)
    assert refs["expected.checkpoints[].step"] == (Kind.STEP,)
    assert refs["expected.differs_under[][][]"] == (Kind.ABILITY,)
    assert refs["expected.other_trigger_orders[].units{}.controller"] == (Kind.PLAYER,)


def data_of(file: Path) -> tuple[dict[str, Any], str]:
    text = file.read_text(encoding="utf-8")
    data, _ = read_yaml(text, file.name)
    assert isinstance(data, dict)
    return data, text


def with_reference(data: dict[str, Any], at: NodePath, is_key: bool, new: str) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    holder: Any = changed
    for part in at[:-1]:
        holder = holder[part]
    if is_key:
        holder[new] = holder.pop(at[-1])
    else:
        holder[at[-1]] = new
    return changed


def loaded(data: dict[str, Any], name: str) -> Any:
    """The scenario of ``data`` (written out and read again, so every node has its line)."""
    return parse_scenario(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), name)


CASES = [
    (file, ref.at, ref.is_key, ref.to)
    for file in EXAMPLES
    for ref in references(SCENARIO, data_of(file)[0])
]


@pytest.mark.parametrize(
    ("file", "at", "is_key", "to"),
    CASES,
    ids=[f"{f.stem}:{'.'.join(map(str, at))}" for f, at, _, _ in CASES],
)
def test_every_reference_the_table_declares_is_checked_at_its_own_field(
    file: Path, at: NodePath, is_key: bool, to: tuple[Kind, ...]
) -> None:
    """A reference changed to name nothing: one problem, at that field (a step is known only
    once the scenario is played: the comparison says it is not one)."""
    data, _ = data_of(file)
    changed = with_reference(data, at, is_key, NOWHERE)
    if to == (Kind.STEP,):
        scenario = loaded(changed, file.name)
        mismatches = compare(scenario, run_combat(scenario))
        assert len(mismatches) == 1 and "no such step" in mismatches[0].engine
        return
    with pytest.raises(ProblemsFound) as raised:
        loaded(changed, file.name)
    [problem] = raised.value.problems
    assert problem.at == ((*at[:-1], NOWHERE) if is_key else at), problem
    assert problem.said is not None and problem.said.get("value") == NOWHERE
    expected_key = (R.UNKNOWN_PLAYER_OR_UNIT if len(to) > 1 else R.UNKNOWN[to[0]]).context
    assert problem.said.key == expected_key


def base() -> dict[str, Any]:
    """A board that plays: Red's raider attacks Blue's warden."""
    text = scenario_yaml(
        [
            unit(
                "raider",
                "red",
                4,
                "base",
                abilities=[{"when": "dies", "cant_move": {"to": "raider"}}],
            ),
            unit("warden", "blue", 3, abilities=[{"when": "dies", "cant_move": {"to": "warden"}}]),
        ],
        ["raider"],
        expected={"result": {"winner": "red", "loser": "blue"}},
    )
    data = yaml.safe_load(text)
    assert isinstance(data, dict)
    return data


def change(edit: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    data = base()
    edit(data)
    return data


# Each refusal of the loader and of the run, produced once, with the field it must land on.
REFUSALS: list[tuple[str, Callable[[dict[str, Any]], object], NodePath | None, str]] = [
    (
        "negative",
        lambda d: d["units"][1].update(might=-1),
        ("units", 1, "might"),
        "problem:negative",
    ),
    (
        "not whole",
        lambda d: d["units"][1].update(might=2.5),
        ("units", 1, "might"),
        "problem:not-whole",
    ),
    (
        "unknown key",
        lambda d: d["units"][0].update(mgiht=1),
        ("units", 0, "mgiht"),
        "problem:unknown-key",
    ),
    ("required", lambda d: d["units"][0].pop("might"), ("units", 0), "problem:required-key"),
    (
        "bad id",
        lambda d: d["units"][0].update(id="Raider!"),
        ("units", 0, "id"),
        "problem:not-an-id",
    ),
    (
        "not a zone",
        lambda d: d["units"][0].update(at="bench"),
        ("units", 0, "at"),
        "problem:not-one-of",
    ),
    (
        "the word none",
        lambda d: d["expected"].update(result="nobody"),
        ("expected", "result"),
        "problem:not-the-word",
    ),
    (
        "two forms",
        lambda d: d["units"][0].update(name=["R"]),
        ("units", 0, "name"),
        "problem:must-be-either",
    ),
    ("a list", lambda d: d["combat"].update(move="raider"), ("combat", "move"), "problem:must-be"),
    ("too few", lambda d: d["combat"].update(move=[]), ("combat", "move"), "problem:too-few"),
    (
        "twice",
        lambda d: d["combat"].update(move=["raider", "raider"]),
        ("combat", "move"),
        "problem:same-item-twice",
    ),
    (
        "one effect",
        lambda d: d["units"][0]["abilities"][0].update(give_might={"to": "raider", "amount": 1}),
        ("units", 0, "abilities", 0),
        "problem:exactly-one",
    ),
    (
        "empty text",
        lambda d: d["units"][0].update(name=""),
        ("units", 0, "name"),
        "problem:empty-text",
    ),
    (
        "language code",
        lambda d: d["units"][0].update(name={"en": "R", "French": "R"}),
        ("units", 0, "name"),
        "problem:not-a-language-code",
    ),
    (
        "language",
        lambda d: d["units"][0].update(name={"en": "R", "de": "R"}),
        ("units", 0, "name", "de"),
        "problem:unknown-language",
    ),
    (
        "unknown player",
        lambda d: d["units"][1].update(owner="green"),
        ("units", 1, "owner"),
        "problem:unknown-player",
    ),
    (
        "unknown unit",
        lambda d: d["combat"].update(move=["ghost"]),
        ("combat", "move", 0),
        "problem:unknown-unit",
    ),
    (
        "unknown ability",
        lambda d: d["combat"].update(trigger_order=[["raider", "ghost"]]),
        ("combat", "trigger_order", 0, 1),
        "problem:unknown-ability",
    ),
    (
        "neither",
        lambda d: d["expected"].update(designations={"ghost": "none"}),
        ("expected", "designations", "ghost"),
        "problem:unknown-player-or-unit",
    ),
    (
        "player twice",
        lambda d: d["players"].append({"id": "red", "name": "Again"}),
        ("players", 2, "id"),
        "problem:duplicate-player",
    ),
    (
        "unit twice",
        lambda d: d["units"].append(unit("warden", "blue", 1)),
        ("units", 2, "id"),
        "problem:unit-twice",
    ),
    (
        "damage off board",
        lambda d: d["units"].append(unit("ghost", "blue", 1, "trash", damage=1)),
        ("units", 2, "damage"),
        "problem:damage-off-board",
    ),
    (
        "lethal",
        lambda d: d["units"][1].update(damage=3),
        ("units", 1, "damage"),
        "problem:already-lethal",
    ),
    (
        "taken",
        lambda d: (
            d["units"][1]["abilities"][0].update(
                cant_move=None, play_unit={"id": "raider", "name": "R", "might": 1, "at": "base"}
            )
            or d["units"][1]["abilities"][0].pop("cant_move")
        ),
        ("units", 1, "abilities", 0, "play_unit", "id"),
        "problem:unit-taken",
    ),
    (
        "not at base",
        lambda d: d["units"][0].update(at="trash"),
        ("combat", "move", 0),
        "problem:mover-not-at-base",
    ),
    (
        "not the attacker's",
        lambda d: (
            d["units"].append(unit("scout", "blue", 1, "base"))
            or d["combat"].update(move=["raider", "scout"])
        ),
        ("combat", "move", 1),
        "problem:mover-not-attackers",
    ),
    (
        "can't move",
        lambda d: d["units"][0].update(cant_move=True),
        ("combat", "move", 0),
        "problem:mover-cant-move",
    ),
    (
        "attacker there",
        lambda d: d["units"].append(unit("scout", "red", 1)),
        ("combat",),
        "problem:attacker-present",
    ),
    (
        "two defenders",
        lambda d: (
            d["players"].append({"id": "green", "name": "Green"})
            or d["units"].append(unit("scout", "green", 1))
        ),
        ("combat",),
        "problem:two-defenders",
    ),
    (
        "not contested",
        lambda d: d["units"][1].update(at="base") or d["battlefield"].update(controller="red"),
        ("combat", "move"),
        "problem:not-contested",
    ),
    (
        "assign and damage",
        lambda d: d["combat"].update(
            rounds=[{"assign": {"red": {"warden": 4}}, "damage": {"warden": 4, "raider": 3}}]
        ),
        ("combat", "rounds", 0, "damage"),
        "problem:at-most-one",
    ),
    (
        "ability ids",
        lambda d: d["units"][1]["abilities"].append(
            {"when": "damaged", "cant_move": {"to": "warden"}}
        ),
        ("units", 1, "abilities", 1),
        "problem:ability-unit-name-taken",
    ),
    (
        "ability id taken",
        lambda d: d["units"][1]["abilities"][0].update(id="raider"),
        ("units", 1, "abilities", 0),
        "problem:ability-id-taken",
    ),
    (
        "keeps nothing",
        lambda d: d["units"].append(
            unit("ghost", "blue", 1, if_it_would_die={"to": "hand", "removes_death_trigger": False})
        ),
        ("units", 2, "if_it_would_die", "removes_death_trigger"),
        "problem:no-death-ability",
    ),
    (
        "orders mixed",
        lambda d: d["combat"].update(trigger_order=[["raider", "warden"]]),
        ("combat", "trigger_order", 0),
        "problem:order-mixes-players",
    ),
    (
        "always exists",
        lambda d: d["expected"].update(absent_units=["raider"]),
        ("expected", "absent_units", 0),
        "problem:always-exists",
    ),
    ("merge key", lambda d: None, ("units", 1), "problem:merge-key"),
    # A word the table allows in some fields only: "none" (nobody) is not a player's id.
    (
        "none as an owner",
        lambda d: d["units"][1].update(owner="none"),
        ("units", 1, "owner"),
        "problem:unknown-player",
    ),
]


def yaml_of(data: dict[str, Any], name: str) -> str:
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    if name == "merge key":
        text = text.replace("  might: 3\n", "  <<: {might: 3}\n", 1)
    return text


@pytest.mark.parametrize(("name", "edit", "at", "key"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_every_refusal_of_the_loader_lands_on_its_field_in_both_languages(
    name: str, edit: Callable[[dict[str, Any]], object], at: NodePath | None, key: str
) -> None:
    with pytest.raises(ProblemsFound) as raised:
        parse_scenario(yaml_of(change(edit), name), "bad.yml")
    [problem] = raised.value.problems
    assert problem.said is not None and (problem.at, problem.said.key) == (at, key), problem
    said = {lang: say(problem.said, lang) for lang in languages()}
    assert len(set(said.values())) == len(said) and all("{" not in s for s in said.values())


RUN_REFUSALS: list[tuple[str, Callable[[dict[str, Any]], object], NodePath, str]] = [
    (
        "not in the combat",
        lambda d: (
            d["combat"].update(rounds=[{"damage": {"raider": 3, "warden": 4, "ghost": 1}}])
            or d["units"].append(unit("ghost", "blue", 1, "base"))
        ),
        ("combat", "rounds", 0, "damage", "ghost"),
        "problem:not-in-combat",
    ),
    (
        "damage total",
        lambda d: d["combat"].update(rounds=[{"damage": {"raider": 3, "warden": 2}}]),
        ("combat", "rounds", 0, "damage"),
        "problem:assign-total",
    ),
    (
        "assigned total",
        lambda d: d["combat"].update(rounds=[{"assign": {"red": {"warden": 3}}}]),
        ("combat", "rounds", 0, "assign", "red"),
        "problem:assign-total",
    ),
    (
        "assigned to its own",
        lambda d: d["combat"].update(rounds=[{"assign": {"red": {"raider": 4}}}]),
        ("combat", "rounds", 0, "assign", "red", "raider"),
        "problem:assign-own-unit",
    ),
    (
        "lethal first",
        lambda d: (
            d["units"].append(unit("guard", "blue", 3))
            or d["combat"].update(rounds=[{"assign": {"red": {"warden": 2, "guard": 2}}}])
        ),
        ("combat", "rounds", 0, "assign", "red", "guard"),
        "problem:assign-lethal-first",
    ),
    (
        "over lethal",
        lambda d: (
            d["units"].append(unit("guard", "blue", 3))
            or d["combat"].update(rounds=[{"assign": {"red": {"warden": 4}}}])
        ),
        ("combat", "rounds", 0, "assign", "red", "warden"),
        "problem:assign-over",
    ),
    (
        "excess split",
        lambda d: (
            d["units"].append(unit("guard", "blue", 3))
            or d["units"][0].update(might=8)
            or d["combat"].update(rounds=[{"assign": {"red": {"warden": 4, "guard": 4}}}])
        ),
        ("combat", "rounds", 0, "assign", "red", "guard"),
        "problem:assign-split-excess",
    ),
    (
        "tank first",
        lambda d: (
            d["units"].append(unit("guard", "blue", 3, tank=True))
            or d["combat"].update(rounds=[{"assign": {"red": {"warden": 4}}}])
        ),
        ("combat", "rounds", 0, "assign", "red", "warden"),
        "problem:assign-tank",
    ),
    (
        "excess on a tank",
        lambda d: (
            d["units"].append(unit("guard", "blue", 3, tank=True))
            or d["units"][0].update(might=8)
            or d["combat"].update(rounds=[{"assign": {"red": {"guard": 5, "warden": 3}}}])
        ),
        ("combat", "rounds", 0, "assign", "red", "guard"),
        "problem:assign-tank-excess",
    ),
    (
        "gone when played",
        lambda d: d["combat"].update(
            rounds=[
                {
                    "showdown": [
                        {"player": "red", "deal_damage": {"to": "warden", "amount": 3}},
                        {"player": "red", "give_might": {"to": "warden", "amount": 1}},
                    ]
                }
            ]
        ),
        ("combat", "rounds", 0, "showdown", 1, "give_might", "to"),
        "problem:gone-when-played",
    ),
    (
        "order never used",
        lambda d: (
            d["units"].append(
                unit("scout", "blue", 1, abilities=[{"when": "win", "cant_move": {"to": "scout"}}])
            )
            or d["combat"].update(trigger_order=[["warden", "scout"]])
        ),
        ("combat", "trigger_order", 0),
        "problem:order-unused",
    ),
]


@pytest.mark.parametrize(
    ("name", "edit", "at", "key"), RUN_REFUSALS, ids=[r[0] for r in RUN_REFUSALS]
)
def test_every_refusal_of_the_run_lands_on_its_field(
    name: str, edit: Callable[[dict[str, Any]], object], at: NodePath, key: str
) -> None:
    scenario = parse_scenario(yaml_of(change(edit), name), "bad.yml")
    with pytest.raises(ProblemsFound) as raised:
        run_combat(scenario)
    [problem] = raised.value.problems
    assert (problem.at, problem.said and problem.said.key) == (at, key), problem


def test_the_command_line_prints_a_refusal_in_the_language_asked(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yml"
    bad.write_text(yaml_of(change(lambda d: d["units"][1].update(might=-1)), ""), encoding="utf-8")
    line = bad.read_text().splitlines().index("  might: -1") + 1
    for command in ("run", "check", "orders"):
        english = engine_cli(command, str(bad))
        french = engine_cli(command, str(bad), "--lang", "fr")
        assert english.returncode == french.returncode == 1
        assert (
            english.stderr.strip()
            == f"{bad}:{line}: units.1.might: must not be negative (got '-1')"
        )
        assert french.stderr.strip() == (
            f"{bad}:{line}: units.1.might\u00a0: doit valoir au moins 0 (ici\u00a0: «\u00a0-1\u00a0»)"
        )


@pytest.mark.parametrize("file", EXAMPLES, ids=lambda f: f.stem)
def test_the_summary_of_every_example_reads_back_as_its_expected(file: Path) -> None:
    """What the engine gave, written as ``expected`` (the editor's downloads), checks clean,
    and says what the example itself states, field by field."""
    scenario = load_scenario(file)
    outcome = run_combat(scenario)
    written = outcome.summary.as_expected()
    again = expected_of_data(json.loads(json.dumps(written)), {})
    assert compare(replace(scenario, expected=again), outcome) == []
    stated, _ = read_yaml(file.read_text(encoding="utf-8"), file.name)
    for key, value in stated["expected"].items():
        if key in written:
            want = sorted(value) if isinstance(value, list) else value
            got = sorted(written[key]) if isinstance(written[key], list) else written[key]
            assert got == want, key


def test_two_runs_that_create_the_same_units_in_another_order_mean_the_same(tmp_path: Path) -> None:
    """Two Blue abilities each play their own token: in either order the same tokens end at
    the same places, so no order "differs" (units are compared by id, not by creation)."""

    def token(name: str) -> dict[str, Any]:
        return {"play_unit": {"id": name, "name": name.title(), "might": 1, "at": "base"}}

    units = [
        unit("raider", "red", 5, "base"),
        unit("first", "blue", 1, abilities=[{"when": "dies", **token("first-token")}]),
        unit("second", "blue", 1, abilities=[{"when": "dies", **token("second-token")}]),
    ]
    file = tmp_path / "tokens.yml"
    file.write_text(
        scenario_yaml(units, ["raider"], expected={"result": {"winner": "red", "loser": "blue"}})
    )
    result = engine_cli("orders", str(file))
    assert result.returncode == 0, result.stderr
    # Two orders, and two legal assignments of Red's 5 (what is left over lethal goes to
    # either token's unit): four runs, none different.
    assert result.stdout.splitlines()[-1] == (
        "4 runs (every order of abilities going on the chain together, every legal damage "
        "assignment); the outcome differs from the one shown in 0"
    )
    assert "(differs)" not in result.stdout


def test_data_from_a_form_and_from_its_file_load_alike() -> None:
    """``scenario_from_data`` (the editor's way, no YAML) refuses what the file refuses."""
    data = change(lambda d: d["units"][1].update(might=-1))
    text = yaml_of(data, "")
    read, lines = read_yaml(text, "x.yml")
    with pytest.raises(ProblemsFound) as from_file:
        parse_scenario(text, "x.yml")
    with pytest.raises(ProblemsFound) as from_data:
        scenario_from_data(read, lines, "x.yml")
    assert [str(p) for p in from_file.value.problems] == [str(p) for p in from_data.value.problems]


def test_make_schema_writes_the_file_whole_or_says_in_one_line_why_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine import schema

    target = tmp_path / "scenario.schema.json"
    monkeypatch.setattr(schema, "SCHEMA_FILE", str(target))
    assert schema.main() == 0 and target.read_text("utf-8") == schema.schema_text()
    target.unlink()
    target.symlink_to(tmp_path / "elsewhere.json")  # never written through
    assert schema.main() == 1
    said = capsys.readouterr().err.strip()
    assert (
        said
        == f"{target}: is a link: nothing is written through a link: the schema was not written"
    )
    assert not (tmp_path / "elsewhere.json").exists()
