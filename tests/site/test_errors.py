"""Bad input fails the build with one line per problem: file, line, what is wrong; no traceback.

Read as the build's first event reads the sources (``load_site``), in this process; a real
build where the fault is MkDocs' configuration."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import mkdocs
from tests.site.test_bad_input import load


def edit(file: Path, old: str, new: str) -> int:
    """Replace ``old`` once; return the line where the change is."""
    text = file.read_text(encoding="utf-8")
    assert old in text, old
    file.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def failed_build(project: Path) -> list[str]:
    """What the build says of the sources, as its first event loads them (in this process;
    ``tests/site/test_bad_input.py`` proves a real build says the same)."""
    result = load(project)
    assert result.returncode != 0
    return result.stderr.splitlines()


def failed_real_build(project: Path) -> list[str]:
    result = mkdocs(project, "build", "--strict")
    assert result.returncode != 0
    assert "Traceback" not in result.stderr + result.stdout
    return result.stderr.splitlines()


def line_with(lines: list[str], text: str) -> str:
    found = [line for line in lines if text in line]
    assert found, "\n".join(lines)
    return found[0]


def test_unknown_rule_fails_with_file_and_line(project: Path) -> None:
    line = edit(project / "docs" / "glossary.md", "[[327]]", "[[327.9.z]]")
    lines = failed_build(project)
    assert (
        line_with(lines, "327.9.z")
        .strip()
        .endswith(f"docs/glossary.md:{line}: [327.9.z] unknown rule: not in rules/")
    )


def test_every_problem_of_a_build_is_reported(project: Path) -> None:
    en = edit(project / "docs" / "index.md", "[[466.3.a]]", "[[999.1]]")
    fr = edit(project / "docs_fr" / "glossary.md", "[[327]]", "[[rule 327]]")
    lines = failed_build(project)
    line_with(lines, f"docs/index.md:{en}: [999.1] unknown rule")
    line_with(lines, f"docs_fr/glossary.md:{fr}: [[rule 327]]: not a reference")


def test_rule_missing_its_french_text(project: Path) -> None:
    edit(
        project / "rules" / "core-rules-1.4.fr.txt",
        "470. Un joueur ne peut marquer",
        "# 470. Un joueur ne peut marquer",
    )
    en_line = edit(project / "rules" / "core-rules-1.4.en.txt", "470. A player", "470. A player")
    lines = failed_build(project)
    line_with(
        lines,
        f"rules/core-rules-1.4.en.txt:{en_line}: [470] no fr text in rules/core-rules-1.4.fr.txt",
    )


def test_malformed_rules_file(project: Path) -> None:
    line = edit(project / "rules" / "core-rules-1.4.en.txt", "455. A Recall", "455 A Recall")
    lines = failed_build(project)
    line_with(lines, f"rules/core-rules-1.4.en.txt:{line}: malformed rule line")


def test_french_page_without_english_twin(project: Path) -> None:
    (project / "docs_fr" / "orpheline.md").write_text("# Page orpheline\n", encoding="utf-8")
    lines = failed_build(project)
    line_with(lines, "docs_fr/orpheline.md:1: no English twin: add docs/orpheline.md")


def test_french_page_citing_a_rule_its_twin_does_not(project: Path) -> None:
    line = edit(project / "docs_fr" / "glossary.md", "[[341]]", "[[456.3]]")
    lines = failed_build(project)
    line_with(lines, f"docs_fr/glossary.md:{line}: [456.3] rule where docs/glossary.md")


def test_locale_named_folder_in_docs_is_refused(project: Path) -> None:
    (project / "docs" / "js").mkdir()
    (project / "docs" / "js" / "x.js").write_text("", encoding="utf-8")
    line_with(failed_build(project), "docs/js: a top-level folder named like a language")


def test_example_mismatch_names_page_example_and_field(project: Path) -> None:
    line = edit(
        project / "examples" / "conquer-scores.yml",
        "  scores: {red: 4, blue: 2}",
        "  scores: {red: 5, blue: 2}",
    )
    lines = failed_build(project)
    report = line_with(lines, "[conquer-scores] scores.red")
    assert report.startswith(f"examples/conquer-scores.yml:{line}: ")  # where it is documented
    assert "documented=5 engine=4" in report
    assert "docs/resolution-step.md:" in report and "docs_fr/resolution-step.md:" in report
    assert len([row for row in lines if "[conquer-scores]" in row]) == 1  # one fault, once


def test_invalid_scenario_and_unknown_example(project: Path) -> None:
    bad = edit(project / "examples" / "kill-before-heal.yml", "    might: 3\n", "    might: -3\n")
    page = edit(
        project / "docs" / "glossary.md", "| Trash |", "[[example: no-such-example]]\n\n| Trash |"
    )
    lines = failed_build(project)
    line_with(lines, f"examples/kill-before-heal.yml:{bad}: units.1.might: must not be negative")
    line_with(lines, f"docs/glossary.md:{page}: [no-such-example] unknown example")


def test_english_page_without_french_twin(project: Path) -> None:
    (project / "docs" / "orphan.md").write_text("# Orphan\n", encoding="utf-8")
    line_with(failed_build(project), "docs/orphan.md:1: no French twin: add docs_fr/orphan.md")


def test_french_variant_term_outside_quotations_fails(project: Path) -> None:
    line = edit(
        project / "docs_fr" / "triggers-between-combat-stages.md",
        "les dégâts de combat sont infligés simultanément",
        "les dégâts létaux sont infligés simultanément",
    )
    report = line_with(failed_build(project), "'létaux'")
    assert f"docs_fr/triggers-between-combat-stages.md:{line}:" in report
    assert "dégâts mortels" in report


def test_example_embedded_in_one_language_only(project: Path) -> None:
    edit(project / "docs_fr" / "resolution-step.md", "[[example: conquer-scores]]\n", "")
    report = line_with(failed_build(project), "docs_fr/resolution-step.md:")
    assert "[already-scored-no-conquer] example where docs/resolution-step.md:" in report
    assert "has [conquer-scores]" in report


def test_a_stylesheet_or_script_that_is_not_a_file_of_the_site_fails_the_build(
    project: Path,
) -> None:
    edit(project / "mkdocs.yml", "  - assets/stepper.js", "  - assets/steper.js")
    lines = failed_real_build(project)
    assert line_with(lines, "steper.js").endswith(
        "mkdocs.yml: extra_css/extra_javascript: 'assets/steper.js' is not a file of "
        f"{project / 'docs'}"
    )
