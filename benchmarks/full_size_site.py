"""A full-size site against the same pages as a plain Material + static-i18n site.

Full size: about 2,000 rules per language (synthetic text merged into the
real rules), 60 more pages per language with 40 citations and 5 embedded
examples each, 300 more examples (copies of the real ones under new ids).
The plain site has the same pages in both languages, built by Material and
mkdocs-static-i18n without our plugin: the written pages with citations and
directives stripped, and the pages our plugin generates (the rules browser,
the two tables) with the content our site shows, written as HTML in Markdown
pages. Both are real ``mkdocs build`` runs, in paired rounds (ours, plain,
ours, plain…: each ratio is the median of the rounds'), CPU seconds and peak
memory as each build's own account gives them. Targets: our build at most 1.2×
the plain one's CPU and 1.5× its memory; no page of ours over 300 KB.

Then the same site with every synthetic rule in one chapter (500): its largest
page and its rules index, each at most 300 KB (a chapter too large for one page is
split into parts).

For reference, it also prints our build against the written pages alone (no
rules browser, no tables): that charges Material's cost of showing 2,000
rules to our plugin; no target.

Run: ``make bench`` or ``python benchmarks/full_size_site.py [--tiny]``.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass
from itertools import cycle
from pathlib import Path

import yaml
from _bench import (
    EDITION,
    ROOT,
    Run,
    add_synthetic_rules,
    add_to_nav,
    best,
    build_run,
    copy_project,
    figure,
    heading,
    median_ratio,
    options,
    paired,
)

from docset.build import load_site
from docset.scan import replace, scan
from rulebook import load_rulebook
from vocabulary import SOURCE_LANGUAGE

FOLDER = "more"
SENTENCES = {
    "en": "Point {n} of this section follows from the rule cited here.",
    "fr": "Le point {n} de cette section découle de la règle citée ici.",
}
TITLES = {"en": ("Further page {p}", "Part {s}"), "fr": ("Page suivante {p}", "Partie {s}")}


def add_examples(project: Path, count: int) -> list[str]:
    """``count`` more scenarios: the real ones in turn, each under a new id (= its file name)."""
    sources = sorted((ROOT / "examples").glob("*.yml"))
    ids = []
    for n, source in zip(range(count), cycle(sources), strict=False):
        example_id = f"bulk-{n + 1:03d}-{source.stem}"
        text = re.sub(
            r"^id: .*$",
            f"id: {example_id}",
            source.read_text(encoding="utf-8"),
            count=1,
            flags=re.M,
        )
        (project / "examples" / f"{example_id}.yml").write_text(text, encoding="utf-8")
        ids.append(example_id)
    return ids


def add_pages(
    project: Path, pages: int, citations: int, examples: list[str], numbers: list[str]
) -> list[str]:
    """``pages`` pages per language, same citations and examples in the same order in both."""
    per_page = len(examples) // pages
    rules = cycle(numbers[::7] + numbers[1::7])  # spread over every chapter
    paths = []
    for p in range(pages):
        cited = [next(rules) for _ in range(citations)]
        embedded = examples[p * per_page : (p + 1) * per_page]
        sections = max(1, len(embedded))
        path = f"{FOLDER}/page-{p + 1:02d}.md"
        for lang, folder in (("en", "docs"), ("fr", "docs_fr")):
            title, part = TITLES[lang]
            out = [f"# {title.format(p=p + 1)}", ""]
            for s in range(sections):
                out += [f"## {part.format(s=s + 1)}", ""]
                mine = cited[s * citations // sections : (s + 1) * citations // sections]
                out.append(
                    " ".join(
                        SENTENCES[lang].format(n=i + 1) + f"[[{number}]]"
                        for i, number in enumerate(mine)
                    )
                )
                out.append("")
                if s < len(embedded):
                    out += [f"[[example: {embedded[s]}]]", ""]
            file = project / folder / path
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text("\n".join(out), encoding="utf-8")
        paths.append(path)
    return paths


def plain_twin(ours: Path, plain: Path) -> None:
    """The same pages, stripped of citations and directives, as a Material + i18n site."""
    config = yaml.safe_load((ours / "mkdocs.yml").read_text(encoding="utf-8"))
    for folder, target in (("docs", plain / "docs"), ("docs_fr", plain / "docs" / "fr")):
        for source in (ours / folder).rglob("*"):
            if source.is_file():
                file = target / source.relative_to(ours / folder)
                file.parent.mkdir(parents=True, exist_ok=True)
                if source.suffix == ".md":
                    text = source.read_text(encoding="utf-8")
                    refs = list(scan(text).references)  # the site's own reader of references
                    file.write_text(
                        replace(text, refs, dict.fromkeys((r.start for r in refs), "")), "utf-8"
                    )
                else:
                    shutil.copy(source, file)
    present = {p.relative_to(plain / "docs").as_posix() for p in (plain / "docs").rglob("*.md")}
    config["nav"] = [entry for entry in config["nav"] if entry in present]
    config["plugins"] = [  # ours, with its options or without
        p
        for p in config["plugins"]
        if p != "riftbound" and not (isinstance(p, dict) and "riftbound" in p)
    ]
    config["theme"].pop("custom_dir", None)  # our 404 page needs the plugin's words
    for key in ("watch", "not_in_nav", "validation"):
        config.pop(key, None)
    (plain / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), "utf-8")


def generated_twin(ours: Path, plain: Path) -> None:
    """Add to ``plain`` the pages our plugin generates, their content as our site shows it
    (written as HTML in Markdown pages), and list them in its nav as ours are."""
    config = yaml.safe_load((ours / "mkdocs.yml").read_text(encoding="utf-8"))
    languages = ("en", "fr")
    site = load_site(
        ours,
        rules_dir="rules",
        examples_dir="examples",
        cache_dir=".cache/examples",  # warm by now: the twin runs no example again
        languages=languages,
    )
    for lang in languages:
        folder = plain / "docs" / ("" if lang == SOURCE_LANGUAGE else lang)
        for path, page in site.generated_pages(lang).items():
            text = page.finish(page.content(page.markdown))  # its HTML in place
            file = folder / path
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(text, encoding="utf-8")
    twin = yaml.safe_load((plain / "mkdocs.yml").read_text(encoding="utf-8"))
    twin["nav"] = config["nav"]  # ours, generated pages included
    twin["not_in_nav"] = config["not_in_nav"]
    (plain / "mkdocs.yml").write_text(yaml.safe_dump(twin, allow_unicode=True), "utf-8")


def size_of(site: Path, pattern: str) -> int:
    return sum(p.stat().st_size for p in site.glob(pattern))


@dataclass(frozen=True)
class Size:
    """How much the full-size copy adds to today's site."""

    sections: int
    pages: int
    citations: int
    examples: int


FULL = Size(49, 60, 40, 300)
TINY = Size(2, 2, 40, 10)


def full_size(
    target: Path, size: Size, print_edition: bool = False, one_chapter: bool = False
) -> tuple[Path, list[str]]:
    """A copy of the site at ``size`` (see the module's docstring): the copy, and its rule
    numbers."""
    project = copy_project(target, print_edition)
    add_synthetic_rules(project, size.sections, one_chapter)
    numbers = [r.number.text for r in load_rulebook(project / "rules", EDITION, ("en", "fr"))]
    ids = add_examples(project, size.examples)
    add_to_nav(project, add_pages(project, size.pages, size.citations, ids, numbers))
    return project, numbers


def largest(site: Path, pattern: str = "**/*.html") -> Path:
    return max(site.glob(pattern), key=lambda p: p.stat().st_size)


def main() -> None:
    args = options(__doc__)
    size, rounds = (TINY, 1) if args.tiny else (FULL, 3)
    with tempfile.TemporaryDirectory() as tmp:
        ours, numbers = full_size(Path(tmp) / "ours", size)
        cold = build_run(ours)  # also warms imports and the OS file cache
        written, plain = Path(tmp) / "written", Path(tmp) / "plain"
        plain_twin(ours, written)
        plain_twin(ours, plain)
        generated_twin(ours, plain)
        build_run(plain, strict=False)  # warms its files, as ours were
        build_run(written, strict=False)

        def plain_build() -> Run:
            return build_run(plain, strict=False)

        def written_build() -> Run:
            return build_run(written, strict=False)

        runs = paired(lambda: build_run(ours), plain_build, written_build, rounds=rounds)
        heading(
            f"Full-size site: {len(numbers):,} rules, {size.pages} more pages and "
            f"{size.examples} more examples per language ({rounds} paired rounds)"
        )
        figure("our build, cold example cache", cold.cpu, "s CPU")
        figure("our build (best)", best(runs, 0).cpu, "s CPU")
        figure(
            "plain Material + static-i18n build, the same pages (best)", best(runs, 1).cpu, "s CPU"
        )
        figure("ours / plain, CPU (median of the rounds)", median_ratio(runs, 0, 1), "×", "<= 1.20")
        figure("our build, peak memory", max(r[0].memory for r in runs), "MB", digits=0)
        figure("plain build, peak memory", max(r[1].memory for r in runs), "MB", digits=0)
        figure(
            "ours / plain, memory (median of the rounds)",
            median_ratio(runs, 0, 1, memory=True),
            "×",
            "<= 1.50",
        )
        figure(
            "plain build of the written pages alone (no rules browser, best)",
            best(runs, 2).cpu,
            "s CPU",
        )
        figure("ours / written pages alone (median of the rounds)", median_ratio(runs, 0, 2), "×")
        site = ours / "site"
        for label, folder in (("English", "search"), ("French", "fr/search")):
            figure(
                f"search index, {label}",
                size_of(site, f"{folder}/search_index.json") / 1024,
                "KB",
                digits=0,
            )
        figure(
            "plain search index (both languages)",
            size_of(plain / "site", "search/search_index.json") / 1024,
            "KB",
            digits=0,
        )
        page = largest(site)
        heading(f"  (the largest page: {page.relative_to(site)})")
        figure("largest page", page.stat().st_size / 1024, "KB", "<= 300 KB", digits=0)

        one, _ = full_size(Path(tmp) / "one", size, one_chapter=True)
        # The same examples: their cache entries (sealed by their folder) come along.
        shutil.copytree(ours / ".cache" / "examples", one / ".cache" / "examples")
        build_run(one)
        site = one / "site"
        chapters = len(list(site.glob("rules-browser/v*/[0-9]*.html")))
        parts = len(list(site.glob("rules-browser/v*/*/*.html")))
        heading(
            f"Every synthetic rule in chapter 500: {chapters} chapter pages, {parts} pages of "
            "parts, per language"
        )
        page = largest(site)
        heading(f"  (the largest page: {page.relative_to(site)})")
        figure("one chapter: largest page", page.stat().st_size / 1024, "KB", "<= 300 KB", digits=0)
        rules_index = largest(site, "**/rules-browser/**/index.html")
        heading(f"  (the largest rules index: {rules_index.relative_to(site)})")
        figure(
            "one chapter: largest rules index",
            rules_index.stat().st_size / 1024,
            "KB",
            "<= 300 KB",
            digits=0,
        )


if __name__ == "__main__":
    main()
