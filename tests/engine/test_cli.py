"""``python -m engine run`` and ``check`` as a rules writer uses them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import ROOT, engine_cli

SEED = ROOT / "examples" / "four-vs-four-prevent-one.yml"


def test_run_prints_every_step_with_its_rule_in_english_and_french() -> None:
    english = engine_cli("run", str(SEED))
    french = engine_cli("run", str(SEED), "--lang", "fr")
    assert english.returncode == french.returncode == 0
    assert "Step 3d" in english.stdout and "(Rules 466.1.a.2, 455)" in english.stdout
    assert "Étape 3d" in french.stdout and "(Règles 466.1.a.2, 455)" in french.stdout
    assert len(english.stdout.splitlines()) == len(french.stdout.splitlines()) >= 12


def test_run_json_has_the_outcome_fields() -> None:
    out = json.loads(engine_cli("run", str(SEED), "--json").stdout)
    assert out["result"] == "none" and out["restaged"] is False
    assert out["control"] == {"before": "blue", "after": "blue"}
    assert out["conquer"] == "none"
    assert out["units"]["raider"] == {"zone": "base", "player": "red", "might": 4, "damage": 0}
    assert out["recalled"] == ["raider"] and out["killed"] == []
    assert all(step["rules"] for step in out["steps"])


def test_check_passes_on_the_examples() -> None:
    result = engine_cli("check", *map(str, sorted((ROOT / "examples").glob("*.yml"))))
    assert result.returncode == 0, result.stderr


def test_check_fails_naming_file_line_and_field(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.yml"
    text = SEED.read_text().replace("  control: blue\n", "  control: red\n")
    wrong.write_text(text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row == "  control: red")
    result = engine_cli("check", str(wrong))
    assert result.returncode == 1
    assert f"{wrong}:{line} control: expected=red engine=blue" in result.stderr


def test_invalid_file_gives_one_line_and_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yml"
    shutil.copy(SEED, bad)
    bad.write_text(bad.read_text().replace("might: 4\n    at: base", "might: -4\n    at: base"))
    result = engine_cli("run", str(bad))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().startswith(f"{bad}:") and "must not be negative" in result.stderr


def test_check_counts_a_file_that_does_not_load_as_invalid_not_as_differing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yml"
    bad.write_text(SEED.read_text().replace("might: 4\n    at: base", "might: 4.0\n    at: base"))
    result = engine_cli("check", str(SEED), str(bad))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "must be a whole number (got '4.0')" in result.stderr
    assert result.stdout.strip() == "checked 2 scenarios: 1 agree, 0 differ, 1 invalid"


KILL_BEFORE_HEAL = ROOT / "examples" / "kill-before-heal.yml"


def checked(tmp_path: Path, *edits: tuple[str, str]) -> tuple[list[str], list[int]]:
    """``engine check`` of kill-before-heal with ``edits`` made: its lines on stderr, and the
    line of each edit."""
    text = KILL_BEFORE_HEAL.read_text(encoding="utf-8")
    lines = []
    for old, new in edits:
        assert old in text, old
        lines.append(text[: text.index(old)].count("\n") + 1)
        text = text.replace(old, new, 1)
    file = tmp_path / "kill-before-heal.yml"
    file.write_text(text, encoding="utf-8")
    result = engine_cli("check", str(file))
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    prefix = f"{file}:"
    return [row.removeprefix(prefix) for row in result.stderr.splitlines()], lines


def test_a_yaml_11_look_alike_is_said_with_every_other_problem_of_the_file(tmp_path: Path) -> None:
    """'0x4' was said alone: '1e3' and '0o4' showed only once it was fixed."""
    said, (first, second, third) = checked(
        tmp_path, ("might: 5", "might: 0x4"), ("might: 3", "might: 1e3"), ("might: 4", "might: 0o4")
    )
    assert said == [
        f"{first}: units.0.might: '0x4' reads as 4 in YAML 1.1 (a number written in another "
        "base): write the number in plain digits",
        f"{second}: units.1.might: must be a whole number (got '1e3')",
        f"{third}: units.2.might: must be a whole number (got '0o4')",
    ]


def test_a_mapping_or_a_list_as_a_key_names_what_it_is_never_the_parser(tmp_path: Path) -> None:
    """It said 'battlefield.<MappingNode>: unknown key'."""
    said, (line, other, name) = checked(
        tmp_path,
        ("  controller: blue", "  {a: 1}: x\n  controller: blue"),
        ("    owner: red", "    [a, b]: x\n    owner: red"),
        ("  name: {en: the Windswept Hillock, fr: la Butte venteuse}\n", ""),  # said too
    )
    assert said == [
        f"{name - 1}: battlefield: 'name' is a required key",
        f"{line - 1}: battlefield: a key is a name, not a mapping of keys to values",
        f"{other - 1}: units.0: a key is a name, not a list",
    ]


def test_a_whole_number_past_what_a_browser_holds_exactly_is_refused(tmp_path: Path) -> None:
    said, (line,) = checked(tmp_path, ("might: 5", "might: 9007199254740993"))
    assert said == [
        f"{line}: units.0.might: 9007199254740993 is beyond 9007199254740991, the largest whole "
        "number a browser holds exactly"
    ]


def test_an_order_said_to_differ_that_gives_the_same_outcome_fails_the_check(
    tmp_path: Path,
) -> None:
    """No scenario's ``differs_under`` was wrong: the check could go and no test would fail."""
    example = (ROOT / "examples" / "death-abilities-order-recruit-dies.yml").read_text("utf-8")
    recruit = "play_unit: {id: recruit, name: {en: Blue Recruit, fr: Recrue bleue}, might: 2, at: battlefield}"
    assert recruit in example
    board = example.replace(recruit, "deal_damage_to_all: {amount: 3}")  # either order: the same
    board = board[: board.index("expected:")] + (
        "expected:\n  result: none\n  control: none\n  conquer: none\n"
        "  killed: [bombardier, herald, raider]\n"
    )
    right = tmp_path / "same-either-way.yml"
    right.write_text(board, encoding="utf-8")
    assert engine_cli("check", str(right)).returncode == 0
    wrong = tmp_path / "said-to-differ.yml"
    wrong.write_text(board + "  differs_under:\n    - [[herald, bombardier]]\n", encoding="utf-8")
    result = engine_cli("check", str(wrong))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    line = len(board.splitlines()) + 2  # the order said to differ
    assert result.stderr.splitlines() == [
        f"{wrong}:{line} differs_under.0: expected=an outcome other than the one shown "
        "engine=the same outcome under [[herald, bombardier]] (result: none; control: none; "
        "conquer: none; units: bombardier trash, herald trash, raider trash)"
    ]
