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
