"""The editor's form ↔ a scenario file: what the reader edits is what the engine plays."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from browser_engine.form import (
    MAX_FORM_BYTES,
    MAX_SCENARIO_BYTES,
    OFF,
    FormError,
    blank_form,
    check_form,
    form_of,
    scalar,
    scenario_text,
    variation_of,
)
from engine import ProblemsFound, load_scenario, parse_scenario, run_combat
from engine.loader import MAX_DEPTH, read_yaml
from engine.report import outcome_dict
from tests.conftest import ROOT

EXAMPLES = sorted((ROOT / "examples").glob("*.yml"))
NOTHING: dict[str, Any] = {"result": "none"}


def form(name: str) -> dict[str, Any]:
    file = ROOT / "examples" / f"{name}.yml"
    return form_of(file.read_text(encoding="utf-8"), file.name)


def played(form_data: dict[str, Any]) -> dict[str, Any]:
    written = scenario_text(form_data, NOTHING)
    return outcome_dict(run_combat(parse_scenario(written.text, "board.yml")))


def problems(form_data: dict[str, Any]) -> list[tuple[str, str | None]]:
    written = scenario_text(form_data, NOTHING)
    with pytest.raises(ProblemsFound) as found:
        run_combat(parse_scenario(written.text, "board.yml"))
    return [(p.message, dotted(written.form_path(p))) for p in found.value.problems]


def dotted(at: tuple[str | int, ...] | None) -> str | None:
    return None if at is None else ".".join(map(str, at))


@pytest.mark.parametrize("file", EXAMPLES, ids=lambda f: f.stem)
def test_every_example_goes_to_a_form_and_back_to_the_same_combat(file: Path) -> None:
    board = form_of(file.read_text(encoding="utf-8"), file.name)
    assert "expected" not in board
    written = scenario_text(board, NOTHING)
    original = yaml.safe_load(file.read_text(encoding="utf-8"))
    again = yaml.safe_load(written.text)
    assert {k: v for k, v in again.items() if k != "expected"} == {
        k: v for k, v in original.items() if k != "expected"
    }
    assert played(board) == outcome_dict(run_combat(load_scenario(file)))


@pytest.mark.parametrize("file", EXAMPLES, ids=lambda f: f.stem)
def test_the_data_and_lines_as_written_are_what_reading_the_file_gives(file: Path) -> None:
    """The editor plays a board without parsing its file again: only if nothing differs."""
    board = variation_of(form_of(file.read_text(encoding="utf-8"), file.name))
    board["units"][0]["name"] = {"en": "x: y # z\n'\u2028", "fr": "- [é]"}
    first = board["units"][0].setdefault("abilities", [])
    first.append({OFF: True, "when": "dies", "give_might": {"to": "nobody", "amount": 1}})
    written = scenario_text(board, {"result": "none"})
    data, lines = read_yaml(written.text, "board.yml")
    assert data == written.data
    assert lines == written.nodes


def test_a_variation_has_its_own_id_title_and_caption_in_both_languages() -> None:
    board = variation_of(form("four-vs-four-prevent-one"))
    assert board["id"] == "four-vs-four-prevent-one-variation"
    # Neither its title nor its caption repeats the example's title, which says the example's
    # outcome.
    assert board["title"] == {
        "en": "Your variation of a worked example",
        "fr": "Votre variante d’un exemple commenté",
    }
    assert "Both survive" not in board["caption"]["en"] + board["title"]["en"]
    assert variation_of(board)["id"] == board["id"]  # not "-variation-variation"
    assert played(board) == played(form("four-vs-four-prevent-one"))


def test_an_ability_or_a_play_turned_off_is_left_out_of_the_board() -> None:
    board = form("four-vs-four-prevent-one")
    blue_prevents = board["combat"]["rounds"][0]["showdown"][1]
    assert blue_prevents["player"] == "blue"
    assert played(board)["result"] == "none"
    blue_prevents[OFF] = True
    written = scenario_text(board, NOTHING)
    assert "warden, amount" not in written.text and written.text.count("prevent_damage") == 1
    outcome = played(board)
    assert outcome["result"] == {"winner": "red", "loser": "blue"}
    assert outcome["killed"] == ["warden"]


def test_changing_a_might_flips_the_result() -> None:
    board = form("wiped-both-sides-uncontrolled")
    assert played(board)["result"] == "none"
    board["units"][0]["might"] = 4
    assert played(board)["result"] == {"winner": "red", "loser": "blue"}


def test_a_bad_value_gets_the_command_line_message_beside_its_field() -> None:
    board = form("wiped-both-sides-uncontrolled")
    board["units"][1]["might"] = -1
    assert problems(board) == [("units.1.might: must not be negative (got '-1')", "units.1.might")]
    board["units"][1]["might"] = "four"
    assert problems(board) == [
        ("units.1.might: must be a whole number (got 'four')", "units.1.might")
    ]


def test_problems_the_board_finds_land_on_the_field_or_item_they_concern() -> None:
    board = form("four-vs-four-prevent-one")
    board["units"][0]["damage"] = 5
    board["units"][1]["owner"] = "green"
    board["battlefield"]["controller"] = "purple"
    found = dict(problems(board))
    assert found["units.0.damage: raider already has lethal damage before combat"] == (
        "units.0.damage"
    )
    assert found["units.1.owner: unknown player 'green'"] == "units.1.owner"
    assert found["battlefield.controller: unknown player 'purple'"] == "battlefield.controller"


def test_a_problem_after_a_left_out_item_names_the_form_item_not_the_file_item() -> None:
    board = form("four-vs-four-prevent-one")
    plays = board["combat"]["rounds"][0]["showdown"]
    plays[0][OFF] = True
    plays[1]["prevent_damage"]["amount"] = -2
    # The file has one play left (index 0); the form's field is still the second play.
    assert problems(board) == [
        (
            "combat.rounds.0.showdown.0.prevent_damage.amount: must not be negative (got '-2')",
            "combat.rounds.0.showdown.1.prevent_damage.amount",
        )
    ]


def test_a_problem_on_a_list_item_concerns_the_item_and_on_an_effects_target_the_field() -> None:
    board = form("wiped-both-sides-uncontrolled")
    board["units"].append(copy.deepcopy(board["units"][0]))
    board["combat"]["rounds"] = [
        {
            "showdown": [
                {"player": "red", "cant_move": {"to": "ghost"}, OFF: True},
                {"player": "red", "give_might": {"to": "ghost", "amount": 1}},
            ]
        }
    ]
    found = dict(problems(board))
    twice = next(k for k in found if "a second unit with the id" in k)
    assert found[twice] == "units.2.id"
    # The file's play 0 is the form's play 1 (the first is left out).
    assert found["combat.rounds.0.showdown.0.give_might.to: unknown unit 'ghost'"] == (
        "combat.rounds.0.showdown.1.give_might.to"
    )


@pytest.mark.parametrize(
    "name",
    [
        'Red: the "raider" # not a comment',
        "line\nbreak and\ttab",
        "yes",
        "null",
        "2024-01-01",
        "0x1F",
        "- dash",
        "{braces} [brackets] & *star !tag %percent @at `tick`",
        "é à ü — « »",
        "\u2028 line separator \u0085 next line \x7f delete \ufeff",
        "'single' \\ backslash",
        "<img src=x onerror=alert(1)>",
    ],
)
def test_any_name_reads_back_exactly(name: str) -> None:
    board = form("wiped-both-sides-uncontrolled")
    board["units"][0]["name"] = {"en": name, "fr": name}
    board["title"] = {"en": name, "fr": name}
    written = scenario_text(board, NOTHING)
    scenario = parse_scenario(written.text, "board.yml")
    assert scenario.units[0].name == {"en": name, "fr": name}
    assert scenario.title == {"en": name, "fr": name}
    again = yaml.safe_load(written.text)  # and in a YAML 1.1 reader, which types what it reads
    assert (again["units"][0]["name"], again["title"]) == ({"en": name, "fr": name},) * 2


# Words a YAML reader may read unquoted as something other than text: a boolean or null (YAML
# 1.1's words, y and N among them by its specification though PyYAML reads those as text), a
# number (1e3 and 0o17 as YAML 1.2 writes them, 12:30 as YAML 1.1's base 60), a date or a time.
NOT_TEXT_UNQUOTED = (
    *("On", "no", "Yes", "off", "y", "N", "true", "null", "~"),
    *("1e3", "0x1F", "3.5", "12", "-1", "+7", "1_000", ".5", ".inf", "0o17"),
    *("2024-01-01", "2024-01-01 10:00:00", "12:30"),
)


@pytest.mark.parametrize("name", NOT_TEXT_UNQUOTED)
def test_a_name_a_yaml_reader_would_take_for_something_else_is_written_quoted(
    name: str,
) -> None:
    """The downloaded file reads back as the name in PyYAML (YAML 1.1) and, quoted, in any
    YAML 1.2 reader (the editors' language server), not only in the engine's loader, which
    reads a name as written."""
    assert yaml.safe_load(f"name: {scalar(name)}") == {"name": name}
    assert scalar(name).startswith('"')


def test_a_boolean_is_written_as_both_yaml_11_and_yaml_12_read_one() -> None:
    """true and false: PyYAML (YAML 1.1) and the editors' YAML language server (YAML 1.2)
    both read them as booleans; yes, no, on and off are text in YAML 1.2."""
    assert (scalar(True), scalar(False)) == ("true", "false")
    assert yaml.safe_load(f"[{scalar(True)}, {scalar(False)}]") == [True, False]


@pytest.mark.parametrize("number", [0, -3, 10**30, 4.0, 0.5, 1e20, 1e-05, -2.5e-300])
def test_any_number_reads_back_as_the_same_number(number: float) -> None:
    again = yaml.safe_load(f"value: {scalar(number)}")["value"]
    assert again == number and type(again) is type(number)


def test_the_blank_board_plays() -> None:
    outcome = played(blank_form())
    assert outcome["result"] == {"winner": "red", "loser": "blue"}


def test_a_form_is_bounded_in_size_and_depth() -> None:
    with pytest.raises(FormError, match="too large"):
        check_form({"id": "x" * (MAX_FORM_BYTES + 1)})
    deep: dict[str, Any] = {}
    node = deep
    for _ in range(MAX_DEPTH + 2):
        node["a"] = {}
        node = node["a"]
    with pytest.raises(FormError, match="nested too deeply"):
        check_form(deep)
    with pytest.raises(FormError, match="JSON object"):
        check_form(["not", "a", "form"])


def nested(levels: int) -> dict[str, Any]:
    """A form whose ``deep`` key holds a value ``levels`` deep: inside ``levels`` objects
    and lists, the form itself counted."""
    value: Any = 1
    for _ in range(levels - 2):
        value = {"a": value}
    return {**blank_form(), "deep": [value]}


def test_a_form_nested_max_depth_levels_is_accepted_and_its_file_read() -> None:
    """The loader's limit, shared: a form at the limit writes a file the loader reads."""
    deep = nested(MAX_DEPTH)
    assert check_form(deep) is deep
    data, _ = read_yaml(scenario_text(deep, NOTHING).text, "board.yml")
    assert data["deep"] == deep["deep"]


def test_a_form_nested_one_level_past_max_depth_is_refused_in_one_line() -> None:
    with pytest.raises(FormError) as raised:
        check_form(nested(MAX_DEPTH + 1))
    assert str(raised.value) == f"the form is nested too deeply (more than {MAX_DEPTH} levels)"


def test_a_scenario_file_is_bounded_in_size() -> None:
    with pytest.raises(ProblemsFound, match="too large"):
        form_of("id: x\n" + "#" * MAX_SCENARIO_BYTES, "big.yml")


def test_opening_a_broken_file_gives_the_command_line_problems() -> None:
    with pytest.raises(ProblemsFound) as found:
        form_of("id: [\n", "broken.yml")
    assert str(found.value).startswith("broken.yml:")
    assert "YAML syntax error" in str(found.value)
