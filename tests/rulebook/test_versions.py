"""Several versions of the rules: their declaration, renumbering, what became of each rule,
what changed between two versions, cross-references in rule texts and the import command.

Every version here is made up by the test (numbers and texts included): never shipped.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from diagnostics import ProblemsFound
from rulebook.changes import word_difference
from rulebook.crossref import linked
from rulebook.versions import RuleVersions, load_versions, parse_declaration
from tests.conftest import ROOT
from tests.fixtures.rule_versions import official_text

LANGUAGES = ("en", "fr")


def write_version(folder: Path, version: str, rules: dict[str, str]) -> None:
    """A made-up version: each rule's English text, and a French text that says which."""
    en = [f"@edition: Made-up rules v{version}", *(f"{n}. {t}" for n, t in rules.items())]
    fr = [f"@edition: Règles inventées v{version}", *(f"{n}. Texte {t}" for n, t in rules.items())]
    (folder / f"core-rules-{version}.en.txt").write_text("\n".join(en) + "\n", encoding="utf-8")
    (folder / f"core-rules-{version}.fr.txt").write_text("\n".join(fr) + "\n", encoding="utf-8")


def three_versions(folder: Path) -> RuleVersions:
    """1.0 → 1.1: 100 changed, 101 renumbered 102 (and 101 reused by a new rule), 105 added.
    1.1 → 1.2: 102 renumbered 103, 104 removed, 100 unchanged."""
    write_version(
        folder, "1.0", {"100": "A first rule.", "101": "A moving rule.", "104": "Doomed."}
    )
    write_version(
        folder,
        "1.1",
        {
            "100": "A first rule, changed.",
            "101": "Another rule under an old number.",
            "102": "A moving rule.",
            "104": "Doomed.",
            "105": "Added in 1.1.",
        },
    )
    write_version(
        folder,
        "1.2",
        {
            "100": "A first rule, changed.",
            "101": "Another rule under an old number.",
            "103": "A moving rule.",
            "105": "Added in 1.1.",
        },
    )
    (folder / "versions.txt").write_text("1.0\n1.1\n1.2\n@current: 1.2\n", encoding="utf-8")
    (folder / "renumbering.txt").write_text(
        "[1.0 → 1.1]\n101 → 102\n\n[1.1 -> 1.2]\n102 -> 103\n", encoding="utf-8"
    )
    return load_versions(folder, LANGUAGES)


def test_a_rule_is_traced_through_every_version(tmp_path: Path) -> None:
    versions = three_versions(tmp_path)
    v10, v11, v12 = versions.versions
    assert versions.current is v12 and versions.unversioned is v10
    assert versions.successor("101", v10, v12) == "103"
    assert versions.successor("101", v11, v12) == "101"  # the number reused in 1.1
    assert versions.successor("104", v10, v12) is None
    assert versions.predecessor("103", v12, v10) == "101"
    assert versions.predecessor("105", v12, v10) is None
    moved = versions.fate("101", v10)
    assert moved is not None and (moved.successor, moved.renumbered_in) == ("103", v12)
    assert moved.changed_in is None and moved.describe() == "is 103 since v1.2"
    changed = versions.fate("100", v10)
    assert changed is not None and changed.changed_in is v11
    assert changed.describe() == "its text changed in v1.1"
    removed = versions.fate("104", v10)
    assert removed is not None and removed.removed_in is v12
    assert removed.describe() == "removed in v1.2"
    added = versions.fate("105", v10)
    assert added is not None and added.describe() == "added in v1.1"
    # A citation written with the new number in a page reviewed against the old version.
    was = versions.fate("103", v10)
    assert was is not None and was.describe() == "was 101 in v1.0"
    assert versions.fate("100", v11) is None and versions.fate("999", v10) is None


def test_history_says_since_when_a_text_is_the_same_and_its_numbers_before(
    tmp_path: Path,
) -> None:
    versions = three_versions(tmp_path)
    v10, v11, v12 = versions.versions
    moving = versions.history(v12, "103")
    assert (moving.text_since, moving.text_changed, moving.added_in) == (v10, False, None)
    assert moving.formerly == (("102", v11), ("101", v10))
    changed = versions.history(v12, "100")
    assert (changed.text_since, changed.text_changed) == (v11, True)
    added = versions.history(v12, "105")
    assert (added.added_in, added.text_since) == (v11, v11)
    reused = versions.history(v12, "101")
    assert reused.added_in is v11 and reused.formerly == ()


def test_changes_between_consecutive_versions_count_each_kind(tmp_path: Path) -> None:
    versions = three_versions(tmp_path)
    v10, v11, _ = versions.versions

    def numbers(rules: tuple[object, ...]) -> list[str]:
        return [getattr(r, "number").text for r in rules]  # noqa: B009

    first = versions.changes(v10)
    assert numbers(first.added) == ["101", "105"]  # 101: a new rule under a freed number
    assert numbers(first.removed) == []
    assert [(a.number.text, b.number.text) for a, b in first.renumbered] == [("101", "102")]
    assert [(a.number.text, b.number.text) for a, b in first.changed] == [("100", "100")]
    second = versions.changes(v11)
    assert numbers(second.removed) == ["104"] and numbers(second.added) == []
    assert [(a.number.text, b.number.text) for a, b in second.renumbered] == [("102", "103")]
    assert second.changed == ()


def test_the_declaration_reports_each_problem_at_its_line() -> None:
    text = "1.4\nv1.5\n1.4\n1.3\n@current: 1.9\n@colour: blue\n"
    with pytest.raises(ProblemsFound) as caught:
        parse_declaration(text, "rules/versions.txt")
    assert [str(p) for p in caught.value.problems] == [
        "rules/versions.txt:2: 'v1.5': expected a version such as 1.4, or @current: 1.4",
        "rules/versions.txt:3: 1.4 listed twice (first at line 1)",
        "rules/versions.txt:4: 1.3 listed after 1.4: oldest first",
        "rules/versions.txt:5: @current: 1.9 is not listed (1.4)",
        "rules/versions.txt:6: unknown field @colour (@current, @unversioned, @engine-reviewed)",
    ]
    with pytest.raises(ProblemsFound, match=r"versions.txt: no @current"):
        parse_declaration("1.4\n", "versions.txt")
    assert parse_declaration("1.4\n1.10\n@current: 1.10\n", "v").versions == ("1.4", "1.10")


@pytest.mark.parametrize(
    ("listed", "said"),
    [
        ("1.5\n1.4\n", "rules/versions.txt:2: 1.4 listed after 1.5: oldest first"),
        (
            "1.5\n1.4x\n",
            "rules/versions.txt:2: '1.4x': expected a version such as 1.4, or @current: 1.4",
        ),
    ],
)
def test_a_version_refused_at_its_line_is_not_said_again_where_a_field_names_it(
    listed: str, said: str
) -> None:
    """Two versions swapped said three lines: the order, then '@unversioned: 1.4 is not listed
    (1.5)' and the same of @engine-reviewed, though 1.4 is listed."""
    named = listed.split()[1]
    text = f"{listed}@current: 1.5\n@unversioned: {named}\n@engine-reviewed: {named}\n"
    with pytest.raises(ProblemsFound) as caught:
        parse_declaration(text, "rules/versions.txt")
    assert [str(p) for p in caught.value.problems] == [said]


def test_the_renumbering_table_reports_each_line_that_does_not_fit(tmp_path: Path) -> None:
    three_versions(tmp_path)
    (tmp_path / "renumbering.txt").write_text(
        "[1.0 → 1.1]\n101 → 102\n104 → 102\n999 → 100\n101 → 105\n100 → 100\n"
        "[1.0 → 1.2]\n100 → 101\nnonsense\n",
        encoding="utf-8",
    )
    with pytest.raises(ProblemsFound) as caught:
        load_versions(tmp_path, LANGUAGES, display_root=tmp_path)
    assert [str(p) for p in caught.value.problems] == [
        "renumbering.txt:3: [102] is the new number of two rules (first at line 2)",
        "renumbering.txt:4: [999] is not a rule of v1.0",
        "renumbering.txt:5: [101] renumbered twice (first at line 2)",
        "renumbering.txt:6: [100] renumbered to its own number",
        "renumbering.txt:7: [1.0 → 1.2] is not two consecutive versions of versions.txt "
        "(1.0 → 1.1 → 1.2)",
        "renumbering.txt:9: 'nonsense': expected [1.4 → 1.5] or 466.3.a → 466.3.e",
    ]


def test_a_translation_follows_an_older_carried_version_only(tmp_path: Path) -> None:
    three_versions(tmp_path)
    french = tmp_path / "core-rules-1.1.fr.txt"
    lines = french.read_text(encoding="utf-8").splitlines()
    lines.insert(2, "  translated-from: 1.2")  # under 100
    lines.insert(4, "  translated-from: 0.9")  # under 101
    french.write_text("\n".join(lines) + "\n", encoding="utf-8")
    english = tmp_path / "core-rules-1.0.en.txt"
    right = english.read_text("utf-8")
    english.write_text(right + "  translated-from: 0.1\n", "utf-8")
    with pytest.raises(ProblemsFound) as caught:
        load_versions(tmp_path, LANGUAGES, display_root=tmp_path)
    assert [str(p) for p in caught.value.problems] == [  # the rules first, alone
        "core-rules-1.0.en.txt:4: [104] translated-from: only a translation follows another "
        "version's English",
    ]
    english.write_text(right, "utf-8")
    with pytest.raises(ProblemsFound) as caught:
        load_versions(tmp_path, LANGUAGES, display_root=tmp_path)
    assert [str(p) for p in caught.value.problems] == [
        "core-rules-1.1.fr.txt:2: [100] translated-from: 1.2 is not older than 1.1, this "
        "file's version",
        "core-rules-1.1.fr.txt:4: [101] translated-from: 0.9 is not a version versions.txt "
        "lists (1.0, 1.1, 1.2)",
    ]


def test_a_word_difference_escapes_every_word_and_bounds_its_work() -> None:
    assert word_difference("a <b> c", "a <i> c & d") == (
        "a <del>&lt;b&gt;</del> <ins>&lt;i&gt;</ins> c <ins>&amp; d</ins>"
    )
    long_old, long_new = "x " * 700, "y " * 700
    shown = word_difference(long_old, long_new)
    assert shown.count("<del>") == 1 and shown.count("<ins>") == 1  # whole, not word by word


def test_cross_references_link_the_rules_shown_in_either_language() -> None:
    carried = {"466": "400.html#rule-466", "142.4": "100.html#rule-142-4"}
    english = linked("See rule 466. The Resolution Step <b>; see rule 142.4.", "en", carried.get)
    assert english == (
        'See <a class="rb-rule-ref" href="400.html#rule-466">rule 466</a>. The Resolution Step '
        '&lt;b&gt;; see <a class="rb-rule-ref" href="100.html#rule-142-4">rule 142.4</a>.'
    )
    french = linked("Voir la règle 466, L’étape de résolution.", "fr", carried.get)
    assert french == (
        'Voir la <a class="rb-rule-ref" href="400.html#rule-466">règle 466</a>, '
        "L’étape de résolution."
    )
    # A number the rules shown lack, one run into more digits, or another language's word.
    assert linked("See rule 469.1 and rule 4661.", "en", carried.get) == (
        "See rule 469.1 and rule 4661."
    )
    assert linked("Voir la rule 466.", "fr", carried.get) == "Voir la rule 466."


def run_import(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rulebook", "import", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
    )


def real_rules(tmp_path: Path) -> Path:
    """A copy of the real rules folder (v1.4 alone) to import made-up versions into."""
    folder = tmp_path / "rules"
    folder.mkdir()
    for file in (ROOT / "rules").iterdir():
        (folder / file.name).write_bytes(file.read_bytes())
    return folder


def test_the_import_command_refuses_bad_input_and_writes_nothing(tmp_path: Path) -> None:
    folder = real_rules(tmp_path)
    before = {f.name: f.read_bytes() for f in folder.iterdir()}
    book = load_versions(folder, LANGUAGES).current.book
    official = tmp_path / "official.txt"
    text = official_text(book) + "466.9. Out of order after 470.\n"
    official.write_text(text, "utf-8")
    result = run_import(
        "official.txt",
        "--version",
        "1.4",
        "--edition",
        "Made up",
        "--updated",
        "soon",
        cwd=tmp_path,
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.splitlines() == [
        "--edition: no edition's name for 'fr': --edition fr=…",
        "--updated: 'soon': not a date (write YYYY-MM-DD)",
        "--version: 1.4 is not after 1.4, the newest version",
    ]
    result = run_import(
        "official.txt", "--version", "1.5", "--edition", "Made up", "--edition", "fr=Inventé",
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 1
    last = len(text.splitlines())
    assert result.stderr.splitlines() == [f"official.txt:{last}: [466.9] out of order after 470"]
    assert {f.name: f.read_bytes() for f in folder.iterdir()} == before


def test_the_import_command_adds_a_current_version_and_carries_the_translation(
    tmp_path: Path,
) -> None:
    folder = real_rules(tmp_path)
    book = load_versions(folder, LANGUAGES).current.book
    text = official_text(book, {"466.3.a": "A made-up text.", "470": None, "466.9": "Made up."})
    (tmp_path / "official.txt").write_text(text.replace("\n455. ", "\n455.1. "), "utf-8")
    result = run_import(
        "official.txt", "--version", "1.5", "--edition", "Made up v1.5",
        "--edition", "fr=Inventé v1.5", "--published", "2027-02-02", cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "1 added, 1 removed, 1 renumbered, 1 changed" in result.stdout
    versions = load_versions(folder, ("en",))  # French misses the new rule: the build says so
    v14, v15 = versions.versions
    assert versions.current is v15 and versions.unversioned is v14
    assert versions.renumbering(v14) == {"455": "455.1"}
    assert not v15.book.get("142.4").quoted  # type: ignore[union-attr]  # our label, kept
    assert v15.book.meta("en", "published") == "2027-02-02"
    french = (folder / "core-rules-1.5.fr.txt").read_text(encoding="utf-8")
    assert "\n466.3.a. Un joueur a gagné un combat" in french  # carried over, to revise
    assert french.split("\n466.3.a. ", 1)[1].splitlines()[1] == "  translated-from: 1.4"
    assert "\n455.1. Un rappel" in french and "\n470. " not in french
    assert "466.9." not in french  # no French yet: the build lists it
    with pytest.raises(ProblemsFound, match=r"\[466.9\] no fr text"):
        load_versions(folder, LANGUAGES, display_root=tmp_path)


# -- an import is whole or absent, and takes only a rules text ---------------------------------


def status(folder: Path) -> str:
    """``git status`` of ``folder``, its untracked and ignored files included."""
    done = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all", "--ignored", "--", "."],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def tracked_rules(tmp_path: Path) -> Path:
    """The real rules folder, copied, committed to a repository of its own."""
    folder = real_rules(tmp_path)
    for args in (["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@t",
                 "commit", "-q", "-m", "rules"]):  # fmt: skip
        subprocess.run(["git", *args], cwd=folder, check=True, capture_output=True)
    assert status(folder) == ""
    return folder


def made_up_text(tmp_path: Path, folder: Path) -> None:
    book = load_versions(folder, LANGUAGES).current.book
    text = official_text(book, {"466.3.a": "A made-up text.", "466.9": "Made up."})
    (tmp_path / "official.txt").write_text(text, "utf-8")


IMPORT_1_5 = ("official.txt", "--version", "1.5", "--edition", "Made up v1.5",
              "--edition", "fr=Inventé v1.5")  # fmt: skip


def dangling_link(folder: Path) -> str:
    (folder / "core-rules-1.5.fr.txt").symlink_to(folder / "nowhere" / "x.txt")
    return "rules/core-rules-1.5.fr.txt: already exists (a link to nothing)"


def renumbering_a_folder(folder: Path) -> str:
    (folder / "renumbering.txt").unlink()
    (folder / "renumbering.txt").mkdir()
    return "rules/renumbering.txt: is a folder, not a file"


def versions_a_link(folder: Path) -> str:
    elsewhere = folder.parent / "versions-elsewhere.txt"
    elsewhere.write_bytes((folder / "versions.txt").read_bytes())
    (folder / "versions.txt").unlink()
    (folder / "versions.txt").symlink_to(elsewhere)
    return "rules/versions.txt: is a link: nothing is written through a link: nothing was written"


@pytest.mark.parametrize("fault", [dangling_link, renumbering_a_folder, versions_a_link])
def test_an_import_that_cannot_write_a_file_says_why_in_one_line_and_writes_nothing(
    tmp_path: Path, fault: Callable[[Path], str]
) -> None:
    """The import wrote the English file, then ended in a traceback: the next build never read
    the orphan, and a second import was refused ("already exists")."""
    folder = tracked_rules(tmp_path)
    made_up_text(tmp_path, folder)
    said = fault(folder)
    before = status(folder)
    result = run_import(*IMPORT_1_5, cwd=tmp_path)
    assert result.returncode == 1 and result.stderr.splitlines() == [said], result.stderr
    assert status(folder) == before


# The import, its writes interrupted: the process sends itself SIGTERM (as `kill` does) while
# it writes its second file, before any is moved into place.
INTERRUPTED = """
import os, signal, sys
from diagnostics import writing
from rulebook.update import main
written = []
write = writing.Claim.write
def killed_midway(claim, content):
    write(claim, content)
    written.append(claim.path)
    if len(written) == 2:
        os.kill(os.getpid(), signal.SIGTERM)
writing.Claim.write = killed_midway
sys.exit(main(sys.argv[1:]))
"""


def test_an_import_interrupted_while_it_writes_leaves_rules_as_it_was(tmp_path: Path) -> None:
    folder = tracked_rules(tmp_path)
    made_up_text(tmp_path, folder)
    result = subprocess.run(
        [sys.executable, "-c", INTERRUPTED, "import", *IMPORT_1_5],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 130, result.stderr
    assert result.stderr.splitlines() == ["interrupted: nothing was written"]
    assert status(folder) == ""


def test_a_text_that_is_not_the_whole_rules_is_refused_unless_it_is_meant(tmp_path: Path) -> None:
    """An empty text was imported as the new current version (0 added, 25 removed, exit 0)."""
    folder = tracked_rules(tmp_path)
    (tmp_path / "official.txt").write_text("", "utf-8")
    result = run_import(*IMPORT_1_5, cwd=tmp_path)
    assert result.returncode == 1 and result.stderr.splitlines() == [
        "official.txt: numbers no rule (a rule is a line 'NUMBER. text', such as '466.3.a. A "
        "Player …'): not the whole rules text? Nothing is written (--fewer-rules if it is meant)"
    ]
    page = "466.3.a. A made-up text.\n466.9. Made up.\n"  # 2 rules of the 25 v1.4 quotes
    (tmp_path / "official.txt").write_text(page, "utf-8")
    result = run_import(*IMPORT_1_5, cwd=tmp_path)
    assert result.returncode == 1 and result.stderr.splitlines() == [
        "official.txt: numbers 2 rule(s), fewer than 50% of the 25 rules v1.4 carries: not the "
        "whole rules text? Nothing is written (--fewer-rules if it is meant)"
    ]
    assert status(folder) == ""
    result = run_import(*IMPORT_1_5, "--fewer-rules", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "since v1.4, 1 added, 24 removed" in result.stdout  # as meant: our labels kept


def test_a_rule_number_alone_before_the_same_number_is_that_rule_elsewhere_a_problem(
    tmp_path: Path,
) -> None:
    """A PDF copy puts a rule's number alone on a line, then the number with its text: the
    number was glued to the rule above it, counted as one more changed rule."""
    folder = tracked_rules(tmp_path)
    book = load_versions(folder, LANGUAGES).current.book
    text = official_text(book)
    copied = text.replace("\n466.3.a. ", "\n466.3.a.\n466.3.a. ").replace(
        "\n470. ", "\n470.\n470. "
    )
    assert copied != text
    (tmp_path / "official.txt").write_text(copied, "utf-8")
    result = run_import(*IMPORT_1_5, "--fewer-rules", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "0 added, 0 removed, 0 renumbered, 0 changed." in result.stdout
    subprocess.run(["git", "clean", "-qfd"], cwd=folder, check=True)
    subprocess.run(["git", "checkout", "-q", "."], cwd=folder, check=True)
    lines = text.splitlines()
    at = next(i for i, row in enumerate(lines) if row.startswith("466.3.a. "))
    lines.insert(at, "466.2.")  # alone, before another rule
    (tmp_path / "official.txt").write_text("\n".join(lines) + "\n", "utf-8")
    result = run_import(*IMPORT_1_5, cwd=tmp_path)
    assert result.returncode == 1 and result.stderr.splitlines() == [
        f"official.txt:{at + 1}: [466.2] a rule number alone on its line, not followed by that "
        "rule: put the rule's text after its number, on its line"
    ]
    assert status(folder) == ""


def test_text_before_the_first_rule_is_one_line_and_prose_alone_numbers_no_rule(
    tmp_path: Path,
) -> None:
    """A PDF copy's title page gave a line per line of it; a text of prose alone too, where
    an empty one said it numbers no rule."""
    folder = tracked_rules(tmp_path)
    made_up_text(tmp_path, folder)
    official = tmp_path / "official.txt"
    official.write_text("Riftbound\nCore Rules\n\nContents\n" + official.read_text("utf-8"))
    result = run_import(*IMPORT_1_5, cwd=tmp_path)
    assert result.returncode == 1 and result.stderr.splitlines() == [
        "official.txt:1: text before the first numbered rule (lines 1 to 4)"
    ]
    official.write_text("Riftbound Core Rules\nNo rule here.\n", "utf-8")
    result = run_import(*IMPORT_1_5, cwd=tmp_path)
    assert result.returncode == 1 and result.stderr.splitlines() == [
        "official.txt: numbers no rule (a rule is a line 'NUMBER. text', such as '466.3.a. A "
        "Player …'): not the whole rules text? Nothing is written (--fewer-rules if it is meant)"
    ]
    assert status(folder) == ""


def test_a_rules_folder_outside_the_current_one_is_named_by_its_path(tmp_path: Path) -> None:
    """--rules-dir elsewhere than under the current folder ended in a traceback (ValueError)."""
    folder = tracked_rules(tmp_path)
    made_up_text(tmp_path, folder)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (folder / "core-rules-1.5.fr.txt").symlink_to(folder / "nowhere")
    args = ("../official.txt", *IMPORT_1_5[1:], "--rules-dir", "../rules")
    result = run_import(*args, cwd=elsewhere)
    assert result.returncode == 1 and result.stderr.splitlines() == [
        f"{folder}/core-rules-1.5.fr.txt: already exists (a link to nothing)"
    ]
    (folder / "core-rules-1.5.fr.txt").unlink()
    result = run_import(*args, cwd=elsewhere)
    assert result.returncode == 0, result.stderr
    assert f"wrote {folder}/core-rules-1.5.en.txt" in result.stdout


def test_a_rules_file_of_a_version_not_listed_is_said_not_ignored(tmp_path: Path) -> None:
    """An import that stopped halfway left core-rules-1.5.en.txt without 1.5 in versions.txt:
    the next build passed and never read it."""
    folder = real_rules(tmp_path)
    (folder / "core-rules-1.5.en.txt").write_bytes((folder / "core-rules-1.4.en.txt").read_bytes())
    with pytest.raises(ProblemsFound) as caught:
        load_versions(folder, LANGUAGES, display_root=tmp_path)
    assert [str(p) for p in caught.value.problems] == [
        "rules/core-rules-1.5.en.txt: the rules of 1.5, which versions.txt does not list: no "
        "build reads them; list 1.5 there (python -m rulebook import adds a version whole), or "
        "delete this file"
    ]


def test_an_edition_name_of_two_lines_is_refused_by_its_option(tmp_path: Path) -> None:
    """It said 'rules/core-rules-1.5.en.txt:2: unexpected text', of a file not written."""
    folder = tracked_rules(tmp_path)
    made_up_text(tmp_path, folder)
    result = run_import(
        "official.txt", "--version", "1.5", "--edition", "Made up\nv1.5", "--edition", "fr=Inventé",
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 1 and result.stderr.splitlines() == [
        "--edition: the name for 'en' is not one line of text: --edition …"
    ]
    assert status(folder) == ""


# The import, interrupted while it moves its files into place: the process sends itself
# SIGTERM as soon as the first file is moved.
INTERRUPTED_MOVING = """
import os, signal, sys
from diagnostics import writing
from rulebook.update import main
rename = os.rename
moved = []
def killed_while_moving(source, target):
    rename(source, target)
    moved.append(target)
    if len(moved) == 1:
        os.kill(os.getpid(), signal.SIGTERM)
writing.os.rename = killed_while_moving
sys.exit(main(sys.argv[1:]))
"""


def test_an_import_interrupted_while_it_moves_its_files_ends_them_all(tmp_path: Path) -> None:
    """Signals wait while the files are moved: without that, the English file was moved, the
    others not, and the import said 'nothing was written'."""
    folder = tracked_rules(tmp_path)
    made_up_text(tmp_path, folder)
    result = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_MOVING, "import", *IMPORT_1_5],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 130, result.stderr
    assert result.stderr.splitlines() == ["interrupted once v1.5 was imported, whole"]
    assert parse_declaration((folder / "versions.txt").read_text("utf-8"), "v").current == "1.5"
    assert (folder / "core-rules-1.5.fr.txt").is_file()
    assert [p.name for p in folder.glob(".*") if p.name != ".git"] == []  # no temporary left
