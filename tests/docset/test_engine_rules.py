"""A rule the engine cites but the rules file lacks: one fault, reported once, where it belongs."""

from __future__ import annotations

from docset.build import engine_rule_problems
from rulebook import Rulebook
from rulebook.versions import RuleVersions, Version, load_versions
from tests.conftest import ROOT
from worked_examples.verify import ResultCache, run_examples


def test_a_rule_the_engine_cites_and_the_file_lacks_is_reported_once_at_the_file() -> None:
    examples = run_examples(ROOT / "examples", ResultCache(), display_root=ROOT)
    versions = load_versions(ROOT / "rules", ("en", "fr"), display_root=ROOT)
    assert list(engine_rule_problems(examples, versions)) == []
    book = versions.current.book
    citing = sorted(
        example_id
        for example_id, run in examples.runs.items()
        if any("327" in step.rules for step in run.outcome.steps)
    )
    assert len(citing) > 3  # every example with an ability on the chain
    without = Rulebook(book.files, tuple(r for r in book if r.number.text != "327"))
    trimmed = RuleVersions([Version(versions.current.name, without)], versions.declaration)
    (problem,) = engine_rule_problems(examples, trimmed)
    assert str(problem) == (
        "rules/core-rules-1.4.en.txt: [327] not in this file, but the engine's steps "
        f"(engine/steps.py) cite it, in examples {', '.join(citing[:3])} and "
        f"{len(citing) - 3} more"
    )
