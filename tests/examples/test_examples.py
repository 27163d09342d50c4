"""Every worked example, verified without building the site: one test per example id."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import compare, load_scenario, run_combat
from tests.conftest import ROOT

EXAMPLES = sorted((ROOT / "examples").glob("*.yml"))


def test_there_are_at_least_twelve_examples() -> None:
    assert len(EXAMPLES) >= 12


@pytest.mark.parametrize("file", EXAMPLES, ids=[f.stem for f in EXAMPLES])
def test_example(file: Path) -> None:
    scenario = load_scenario(file, display=str(file.relative_to(ROOT)))
    assert scenario.id == file.stem
    mismatches = compare(scenario, run_combat(scenario))
    assert not mismatches, "\n" + "\n".join(map(str, mismatches))
