"""The rules file format, its loader and the converter from the official text."""

from __future__ import annotations

from pathlib import Path

import pytest

from diagnostics import ProblemsFound
from rulebook import Rule, Rulebook, RuleNumber, load_rulebook
from rulebook.convert import convert_official_text
from rulebook.textfile import parse_rules_text
from tests.fixtures.synthetic_rules import synthetic_official_text

ROOT = Path(__file__).resolve().parents[2]
EDITION = "core-rules-1.4"


def rule(book: Rulebook, number: str) -> Rule:
    """The rule ``number`` of ``book``; the test fails if the book lacks it."""
    found = book.get(number)
    if found is None:
        pytest.fail(f"rule {number} is not in the rulebook")
    return found


def parent(book: Rulebook, number: str) -> Rule:
    """The rule the rule ``number`` belongs to; the test fails if it has none in ``book``."""
    found = book.parent_of(rule(book, number))
    if found is None:
        pytest.fail(f"rule {number} has no parent in the rulebook")
    return found


def test_rule_numbers_order_like_the_rules() -> None:
    numbers = ["466.10", "466.2", "466", "466.1.a.1", "466.1.a", "142.4"]
    assert sorted(numbers, key=lambda n: RuleNumber(n).sort_key) == [
        "142.4",
        "466",
        "466.1.a",
        "466.1.a.1",
        "466.2",
        "466.10",
    ]
    assert RuleNumber("466.3.a").anchor == "rule-466-3-a"
    assert RuleNumber("466.3.a").parent == RuleNumber("466.3")


def test_converter_handles_a_full_size_rules_text() -> None:
    raw, numbers = synthetic_official_text()
    assert len(numbers) >= 2000
    converted = convert_official_text(raw, "official.txt", {"language": "en"})
    parsed = parse_rules_text(converted, "rules.en.txt")
    assert [e.number.text for e in parsed.entries] == numbers
    wrapped = next(e for e in parsed.entries if e.number.text == "100.1")
    assert wrapped.paragraphs == (f"Rule 100.1 says {' '.join(f'word{i}' for i in range(25))}.",)
    example = next(e for e in parsed.entries if e.number.text == "100.1.a.1")
    assert (
        example.paragraphs[1] == "Example: an example for 100.1.a.1 that wraps onto a second line."
    )
    assert all(
        not p.isdigit() for e in parsed.entries for p in e.paragraphs
    )  # page numbers dropped
    # Converting the converted file again changes nothing: the format is the official one.
    assert convert_official_text(converted.split("\n", 2)[2], "x", {"language": "en"}) == converted


def test_converter_reports_duplicates_and_disorder_with_lines() -> None:
    raw = "466. A\n466.1. B\n466.1. C\n465. D\n"
    with pytest.raises(ProblemsFound) as caught:
        convert_official_text(raw, "official.txt", {})
    assert [str(p) for p in caught.value.problems] == [
        "official.txt:3: [466.1] duplicate (first at line 2)",
        "official.txt:4: [465] out of order after 466.1",
    ]


def test_malformed_rules_file_reports_every_line() -> None:
    text = "466. Fine\n466.3.a A Player has won\n466. Again\nloose text\n  indented\n470.\n"
    with pytest.raises(ProblemsFound) as caught:
        parse_rules_text(text, "rules/x.en.txt")
    assert [str(p) for p in caught.value.problems] == [
        "rules/x.en.txt:2: malformed rule line: expected 'NUMBER. text' such as '466.3.a. A Player …'",
        "rules/x.en.txt:3: [466] duplicate rule (first at line 1)",
        "rules/x.en.txt:4: unexpected text: a rule line starts with its number; continue a rule on an indented line",
        "rules/x.en.txt:6: [470] rule has no text",
    ]


def write_rules(tmp_path: Path, en: str, fr: str) -> Path:
    (tmp_path / f"{EDITION}.en.txt").write_text(en)
    (tmp_path / f"{EDITION}.fr.txt").write_text(fr)
    return tmp_path


def test_rule_missing_its_french_text_names_file_line_and_id(tmp_path: Path) -> None:
    folder = write_rules(
        tmp_path,
        "466. The Resolution Step\n470. A player may only Score.\n",
        "466. L'étape de résolution\n",
    )
    with pytest.raises(ProblemsFound) as caught:
        load_rulebook(folder, EDITION, ("en", "fr"), display_root=tmp_path)
    assert [str(p) for p in caught.value.problems] == [
        f"{EDITION}.en.txt:2: [470] no fr text in {EDITION}.fr.txt"
    ]


def test_french_rule_with_no_english_original_is_an_error(tmp_path: Path) -> None:
    folder = write_rules(tmp_path, "466. The Resolution Step\n", "466. L'étape\n999. Inventée\n")
    with pytest.raises(ProblemsFound, match=r"fr.txt:2: \[999\] not in the English rules"):
        load_rulebook(folder, EDITION, ("en", "fr"), display_root=tmp_path)


def test_real_rules_load_with_french_for_every_rule() -> None:
    book = load_rulebook(ROOT / "rules", EDITION, ("en", "fr"))
    assert len(book) >= 38
    assert book.meta("en", "edition") == 'Riftbound Core Rules v1.4 "Vendetta"'
    assert all(rule.paragraphs("fr") for rule in book)
    assert not rule(book, "142.4").quoted  # a label, not wording
    assert parent(book, "466.1.a.1").number.text == "466.1.a"
    assert parent(book, "466.3.a").number.text == "466"  # 466.3 is not carried


def test_every_rule_the_step_table_cites_exists_in_every_language() -> None:
    from engine.steps import REPLACED_PHRASES, STEPS, Keyword

    book = load_rulebook(ROOT / "rules", EDITION, ("en", "fr"))
    cited = {
        number
        for kind in STEPS.values()
        for number in (*kind.rules, *(n for clause in kind.clauses for n in clause.rules))
    }
    # Records a step says add their own: a replaced death's, a keyword's.
    cited |= {n for phrase in REPLACED_PHRASES.values() for n in phrase.rules}
    cited |= {keyword.value for keyword in Keyword}
    assert len(cited) > 15
    assert sorted(n for n in cited if n not in book) == []
