"""A full-size site against the same pages as a plain Material + static-i18n site.

Full size: about 2,000 rules per language (synthetic text merged into the
real rules), 60 more pages per language with 40 citations and 5 embedded
examples each, 300 more examples (copies of the real ones under new ids).
The plain site has the same pages in both languages, built by Material and
mkdocs-static-i18n without our plugin: the written pages with citations and
directives stripped, and the pages our plugin generates (the rules browser,
the two tables) with the content our site shows, written as HTML in Markdown
pages. Both are real ``mkdocs build`` runs, measured in this one run. Targets:
our build at most 1.5× the plain one; no page of ours over 300 KB.

For reference, it also prints our build against the written pages alone (no
rules browser, no tables): that charges Material's cost of showing 2,000
rules to our plugin; no target.

Run: ``make bench`` or ``python benchmarks/full_size_site.py [--tiny]``.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from itertools import cycle
from pathlib import Path

import yaml
from _bench import (
    EDITION,
    ROOT,
    add_synthetic_rules,
    add_to_nav,
    best_of,
    build,
    copy_project,
    figure,
    heading,
    options,
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


def main() -> None:
    args = options(__doc__)
    sections, pages, citations, examples, runs = (
        (2, 2, 40, 10, 1) if args.tiny else (49, 60, 40, 300, 3)
    )
    with tempfile.TemporaryDirectory() as tmp:
        ours = copy_project(Path(tmp) / "ours")
        add_synthetic_rules(ours, sections)
        numbers = [r.number.text for r in load_rulebook(ours / "rules", EDITION, ("en", "fr"))]
        ids = add_examples(ours, examples)
        add_to_nav(ours, add_pages(ours, pages, citations, ids, numbers))
        cold, _ = build(ours)  # also warms imports and the OS file cache
        written, plain = Path(tmp) / "written", Path(tmp) / "plain"
        plain_twin(ours, written)
        plain_twin(ours, plain)
        generated_twin(ours, plain)

        warm = best_of(ours, runs)
        bare = plain_best_of(plain, runs)
        prose = plain_best_of(written, runs)
        heading(
            f"Full-size site: {len(numbers):,} rules, {pages} more pages and "
            f"{examples} more examples per language (best of {runs})"
        )
        figure("our build, cold example cache", cold, "s CPU")
        figure("our build", warm, "s CPU")
        figure("plain Material + static-i18n build, the same pages", bare, "s CPU")
        figure("ours / plain", warm / bare, "×", "<= 1.50")
        figure("plain build of the written pages alone (no rules browser)", prose, "s CPU")
        figure("ours / written pages alone", warm / prose, "×")
        site = ours / "site"
        figure(
            "search index, English",
            size_of(site, "search/search_index.json") / 1024,
            "KB",
            digits=0,
        )
        figure(
            "search index, French",
            size_of(site, "fr/search/search_index.json") / 1024,
            "KB",
            digits=0,
        )
        figure(
            "plain search index (both languages)",
            size_of(plain / "site", "search/search_index.json") / 1024,
            "KB",
            digits=0,
        )
        largest = max(site.rglob("*.html"), key=lambda p: p.stat().st_size)
        heading(f"  (the largest page: {largest.relative_to(site)})")
        figure("largest page", largest.stat().st_size / 1024, "KB", "<= 300 KB", digits=0)


def plain_best_of(project: Path, runs: int) -> float:
    build(project, strict=False)  # warms its imports and files, as ours were
    return min(build(project, strict=False)[0] for _ in range(runs))


if __name__ == "__main__":
    main()
