"""The full-size site carrying three versions of the rules against the same site carrying one.

Full size: the copy ``full_size_site.py`` builds (about 2,000 rules per language, 60 more
pages with 40 citations and 5 embedded examples each, 300 more examples). Three versions:
that copy's rules (v1.4), then two made-up versions imported with the update command
(``python -m rulebook import``), each changing the text of 5% of the rules, renumbering 1%,
removing and adding 0.5% (rules no page cites: the site builds without a review), so the
build writes three rules browsers, two changes pages per language and the old addresses.
Both are real ``mkdocs build`` runs, in paired rounds (one, three, one, three…), in CPU
seconds: the ratio is the median of the rounds', which holds when the machine's speed drifts.
Target: three versions at most 1.5× one.

The made-up versions exist only in the benchmark's temporary copy: never shipped.

Run: ``make bench`` or ``python benchmarks/rules_versions.py [--tiny]``.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from _bench import (
    EDITION,
    add_synthetic_rules,
    add_to_nav,
    best,
    build,
    build_run,
    copy_project,
    figure,
    heading,
    median_ratio,
    options,
    paired,
)
from full_size_site import add_examples, add_pages

from docset.scan import Kind, scan
from rulebook import Rulebook, load_rulebook
from rulebook.versions import load_versions
from tests.fixtures.rule_versions import import_made_up, sign_off

LANGUAGES = ("en", "fr")
MADE_UP = ("1.5", "1.6")  # made-up versions, in the benchmark's copy only


def next_version(
    book: Rulebook, version: str, cited: set[str]
) -> tuple[dict[str, str | None], list[tuple[str, str]]]:
    """The texts a made-up ``version`` changes, removes (None) and adds, and the rules it
    renumbers: among the synthetic rules no page cites, numbers kept in order."""
    synthetic = (r for r in book if r.quoted and " says " in r.entries["en"].text)
    free = [r for r in synthetic if r.number.text not in cited]
    last_letters = [r for r in free if r.number.parts[-1] == "g" and len(r.number.parts) == 3]
    count = len(book)
    moves = [  # 100.1.g → 100.1.h: still in order
        (rule.number.text, ".".join([*rule.number.parts[:-1], "h"]))
        for rule in last_letters[: max(1, count // 100)]
    ]
    moved = {old for old, _ in moves}
    kept = [r for r in free if r.number.text not in moved]
    texts: dict[str, str | None] = {}
    for rule in kept[: max(1, count // 20)]:
        texts[rule.number.text] = f"{rule.entries['en'].paragraphs[0]} Changed in v{version}."
    for rule in kept[-max(1, count // 200) :]:
        texts[rule.number.text] = None
    letter = "km"[MADE_UP.index(version)]  # after the h of renumbered rules
    for rule in last_letters[-max(1, count // 200) :]:
        texts[".".join([*rule.number.parts[:-1], letter])] = (
            f"Rule added in v{version}: it says nothing more."
        )
    return texts, moves


def add_version(project: Path, version: str, cited: set[str]) -> None:
    """Import a made-up ``version`` with the update command, and give its new rules French."""
    book = load_versions(project / "rules", LANGUAGES).current.book
    texts, moves = next_version(book, version, cited)

    def renumber(text: str) -> str:
        for old, new in moves:
            text = text.replace(f"\n{old}. ", f"\n{new}. ")
        return text

    import_made_up(project, book, version, edit=renumber, texts=texts)
    added = {n: t.replace(" says ", " dit ") for n, t in texts.items() if t and n not in book}
    sign_off(project, version, added)


def main() -> None:
    args = options(__doc__)
    sections, pages, citations, examples, runs = (
        (1, 1, 10, 0, 1) if args.tiny else (49, 60, 40, 300, 3)
    )
    with tempfile.TemporaryDirectory() as tmp:
        one = copy_project(Path(tmp) / "one")
        add_synthetic_rules(one, sections)
        numbers = [r.number.text for r in load_rulebook(one / "rules", EDITION, LANGUAGES)]
        ids = add_examples(one, examples)
        paths = add_pages(one, pages, citations, ids, numbers)
        add_to_nav(one, paths)
        three = Path(tmp) / "three"
        shutil.copytree(one, three, symlinks=True)
        cited = {
            ref
            for folder in ("docs", "docs_fr")
            for page in (three / folder).rglob("*.md")
            for ref in _citations(page)
        }
        for version in MADE_UP:
            add_version(three, version, cited)
        if not args.tiny:
            build(one)  # warms imports, the OS file cache and each copy's example cache
            build(three)
        rounds = paired(lambda: build_run(one), lambda: build_run(three), rounds=runs)
        single, carried = best(rounds, 0).cpu, best(rounds, 1).cpu
        versions = load_versions(three / "rules", LANGUAGES)
        heading(
            f"Rules versions: {len(versions.current.book):,} rules a version, "
            f"{pages} more pages and {examples} more examples per language ({runs} paired rounds)"
        )
        figure("build carrying one version (best)", single, "s CPU")
        figure(f"build carrying {len(versions)} versions (best)", carried, "s CPU")
        ratio = median_ratio(rounds, 1, 0)
        figure(f"{len(versions)} versions / one (median of the pairs)", ratio, "×", "<= 1.50")
        changes = [
            len(c.added) + len(c.removed) + len(c.renumbered) + len(c.changed)
            for c in (versions.changes(v) for v, _ in versions.pairs())
        ]
        figure("rules listed per changes page", sum(changes) / len(changes), "", digits=0)
        site = three / "site"
        largest = max(site.glob("rules-browser/v*/changes.html"), key=lambda p: p.stat().st_size)
        figure(
            f"largest changes page ({largest.relative_to(site)})",
            largest.stat().st_size / 1024,
            "KB",
            digits=0,
        )


def _citations(page: Path) -> list[str]:
    return [r.value for r in scan(page.read_text(encoding="utf-8")).of_kind(Kind.RULE)]


if __name__ == "__main__":
    main()
