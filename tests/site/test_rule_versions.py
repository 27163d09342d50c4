"""A new version of the rules, end to end: imported with the one command, then built.

The versions here are made up by the tests (``tests/fixtures/rule_versions.py``), never
shipped. The first build fails, listing everything the new version leaves to review, each
once at its line; once the authors have signed the pages off, a site carrying both
versions builds.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from rulebook.versions import load_versions
from tests.conftest import ROOT, mkdocs
from tests.fixtures.rule_versions import (
    ADDED,
    ADDED_TEXT,
    CHANGED,
    CHANGED_TEXT,
    EDITIONS,
    QUIET_ADDED_FR,
    REMOVED,
    RENUMBERED,
    import_quiet,
    official_text,
    renumbered,
    sign_off,
)
from tests.site.test_bad_input import load
from worked_examples.verify import ResultCache, run_examples

PROBLEM = re.compile(r"^(?P<path>[\w./-]+):(?P<line>\d+): \[(?P<what>[^\]]+)\] (?P<message>.*)$")
AFFECTED = (CHANGED, REMOVED, RENUMBERED[0])


def lines_with(file: Path, needle: str) -> list[int]:
    return [n for n, row in enumerate(file.read_text("utf-8").splitlines(), 1) if needle in row]


def test_importing_a_made_up_version_lists_what_it_affects_each_once_at_its_line(
    project: Path,
) -> None:
    book = load_versions(project / "rules", ("en", "fr")).current.book
    text = official_text(book, {CHANGED: CHANGED_TEXT, REMOVED: None, ADDED: ADDED_TEXT})
    (project / "official.txt").write_text(renumbered(text, *RENUMBERED), encoding="utf-8")
    imported = subprocess.run(
        [sys.executable, "-m", "rulebook", "import", "official.txt", "--version", "1.5"]
        + [arg for lang, name in EDITIONS.items() for arg in ("--edition", f"{lang}={name}")],
        capture_output=True,
        text=True,
        cwd=project,
    )
    assert imported.returncode == 0, imported.stderr
    result = mkdocs(project, "build", "--strict")  # a real build: its notices are listed too
    output = result.stderr + result.stdout
    assert result.returncode != 0 and "Traceback" not in output
    reported = Counter(
        (m["path"], int(m["line"]), m["what"], m["message"])
        for m in map(PROBLEM.match, output.splitlines())
        if m
    )
    assert all(count == 1 for count in reported.values()), reported

    # Every citation of a changed, renumbered or removed rule, in both languages.
    expected_citations = {
        (f"{folder}/{page.name}", line, number)
        for folder in ("docs", "docs_fr")
        for page in sorted((project / folder).glob("*.md"))
        for number in AFFECTED
        for line in lines_with(page, f"[[{number}]]")
    }
    citations = {(p, line, what) for p, line, what, _ in reported if p.startswith("docs")}
    assert citations == expected_citations and len(citations) > 10
    said = {what: message for p, _, what, message in reported if p.startswith("docs")}
    assert said[CHANGED].startswith("its text changed in v1.5, after v1.4, which this page")
    assert said[REMOVED].startswith("removed in v1.5")
    assert said[RENUMBERED[0]].startswith(f"is {RENUMBERED[1]} since v1.5")
    assert f"cite [[{RENUMBERED[1]}]]" in said[RENUMBERED[0]]

    # Every step of the engine's step table citing one of them, at the line that does.
    steps = ROOT / "engine" / "steps.py"
    expected_steps = {line for n in AFFECTED for line in lines_with(steps, f'"{n}"')}
    step_lines = {line for p, line, _, _ in reported if p == "engine/steps.py"}
    assert step_lines == expected_steps and len(step_lines) == len(
        [key for p, _, key, _ in reported if p == "engine/steps.py"]
    )

    # Every worked example whose steps cite one of them, once, at its id.
    runs = run_examples(project / "examples", ResultCache()).runs
    citing = {
        example_id
        for example_id, run in runs.items()
        if any(n in step.rules for step in run.outcome.steps for n in AFFECTED)
    }
    examples = {(p, line, what) for p, line, what, _ in reported if p.startswith("examples/")}
    assert examples == {
        (f"examples/{i}.yml", lines_with(project / "examples" / f"{i}.yml", "id:")[0], i)
        for i in citing
    }

    # The French text of the changed rule (listed, not failing the build), and the new rule
    # with no French text yet.
    french = project / "rules" / "core-rules-1.5.fr.txt"
    english = project / "rules" / "core-rules-1.5.en.txt"
    (stale,) = lines_with(french, f"{CHANGED}. ")
    (new,) = lines_with(english, f"{ADDED}. ")
    rules = {(p, line, what) for p, line, what, _ in reported if p.startswith("rules/")}
    assert rules == {
        ("rules/core-rules-1.5.fr.txt", stale, CHANGED),
        ("rules/core-rules-1.5.en.txt", new, ADDED),
    }
    assert len(reported) == len(citations) + len(step_lines) + len(examples) + len(rules)


def test_a_site_carrying_two_versions_builds_with_both_and_the_changes_between_them(
    project: Path,
) -> None:
    book = load_versions(project / "rules", ("en", "fr")).current.book
    import_quiet(project, book)
    sign_off(project, "1.5", {ADDED: QUIET_ADDED_FR})
    result = mkdocs(project, "build", "--strict")
    assert result.returncode == 0, result.stderr
    site = project / "site"
    for prefix in ("", "fr/"):
        for version in ("v1.4", "v1.5"):
            assert (site / f"{prefix}rules-browser/{version}/400.html").is_file()
        changes = BeautifulSoup(
            (site / f"{prefix}rules-browser/v1.5/changes.html").read_text("utf-8"), "html.parser"
        )
        counts = changes.select_one(".rb-change-counts")
        assert counts is not None and counts.get_text().startswith("1 r")
        old = (site / f"{prefix}rules-browser/300.html").read_text("utf-8")
        moved = re.search(r"var moved = (\{.*?\});", old)
        assert moved is not None
        assert json.loads(moved[1]) == {"rule-317-2": "v1.5/300.html#rule-317-3"}
        index = json.loads((site / prefix / "search" / "search_index.json").read_text("utf-8"))
        found = [d["location"] for d in index["docs"] if d["title"] == "317.2"]
        assert found == ["rules-browser/v1.5/300.html#rule-317-3"]
    # Every footer names the version the site now cites, taken from rules/versions.txt (the
    # old addresses' pages, which only lead on, have no footer).
    pages = {
        page.relative_to(site).as_posix(): BeautifulSoup(page.read_text("utf-8"), "html.parser")
        for page in sorted(site.rglob("*.html"))
    }
    footers = {path: soup.select_one("footer.md-footer") for path, soup in pages.items()}
    notices = {
        path: " ".join(highlight.get_text().split())
        for path, footer in footers.items()
        if footer and (highlight := footer.select_one(".md-copyright__highlight"))
    }
    assert len(notices) > 20 and set(notices) == {p for p, f in footers.items() if f}
    for path, notice in notices.items():
        said = "Règles de base v1.5" if path.startswith("fr/") else "Core Rules v1.5"
        assert said in notice and "v1.4" not in notice, (path, notice)


def test_a_bad_version_declaration_and_a_bad_sign_off_fail_with_their_lines(
    project: Path,
) -> None:
    declared = project / "rules" / "versions.txt"
    declared.write_text(declared.read_text("utf-8") + "1.4.x\n", encoding="utf-8")
    bad = len(declared.read_text("utf-8").splitlines())
    page = project / "docs" / "index.md"
    page.write_text(
        page.read_text("utf-8").replace("rules_reviewed: v1.4", "rules_reviewed: 1.4"), "utf-8"
    )
    result = load(project)  # as the build's first event reports it (test_bad_input.py)
    assert result.returncode != 0 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert (
        f"rules/versions.txt:{bad}: '1.4.x': expected a version such as 1.4, or @current: 1.4"
        in lines
    )
    said = "docs/index.md:2: front matter: rules_reviewed: '1.4' is not a version written as v1.4"
    assert said in lines
    assert len([line for line in lines if line.startswith(("docs", "rules/"))]) == 2  # no more


# One fault of renumbering.txt: its line (the quiet made-up version renumbers 317.2 → 317.3).
RENUMBERING_FAULTS = {
    "a cycle": ("317.2 → 317.3\n317.3 → 317.2", "[317.3] is not a rule of v1.4"),
    "a chain": ("317.2 → 317.3\n317.3 → 317.4", "[317.3] is not a rule of v1.4"),
    "an unknown rule": ("317.2 → 317.3\n999 → 455", "[999] is not a rule of v1.4"),
    "a duplicate": ("317.2 → 317.3\n317.2 → 317.3", "[317.2] renumbered twice (first at line"),
}


@pytest.mark.parametrize("fault", list(RENUMBERING_FAULTS))
def test_one_fault_of_the_renumbering_is_one_line_and_nothing_of_the_translations(
    project: Path, fault: str
) -> None:
    """A fault of renumbering.txt printed 14 false "no fr text" lines before the true one;
    what a translation lacks is said once the rules themselves are right."""
    book = load_versions(project / "rules", ("en", "fr")).current.book
    import_quiet(project, book)  # leaves the added rule without French: said, once it counts
    renumbering = project / "rules" / "renumbering.txt"
    right = renumbering.read_text("utf-8")
    moves, said = RENUMBERING_FAULTS[fault]
    renumbering.write_text(right.replace("317.2 → 317.3", moves), "utf-8")
    line = 1 + right.count("\n", 0, right.index("317.2 → 317.3")) + 1
    result = load(project)  # as the build's first event reports it (test_bad_input.py)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    problems = [row for row in result.stderr.splitlines() if row.startswith("rules/")]
    assert len(problems) == 1 and problems[0].startswith(f"rules/renumbering.txt:{line}: {said}")
    renumbering.write_text(right, "utf-8")
    result = load(project)
    problems = [row for row in result.stderr.splitlines() if row.startswith("rules/")]
    (added,) = lines_with(project / "rules" / "core-rules-1.5.en.txt", f"{ADDED}. ")
    assert problems == [
        f"rules/core-rules-1.5.en.txt:{added}: [{ADDED}] no fr text in rules/core-rules-1.5.fr.txt"
    ]


def test_a_version_listed_without_its_rules_is_one_line(project: Path) -> None:
    declared = project / "rules" / "versions.txt"
    declared.write_text(
        declared.read_text("utf-8").replace("\n1.4\n", "\n1.4\n1.5\n", 1), encoding="utf-8"
    )
    result = load(project)
    problems = [row for row in result.stderr.splitlines() if row.startswith("rules/")]
    assert problems == ["rules/core-rules-1.5.en.txt: missing rules file for language 'en'"]
