"""Everything a build needs, loaded and checked once: rules, examples, pages.

``render_markdown`` turns a page's references into footnotes and rendered
examples. The MkDocs plugin calls it; so can anything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

from docset import DocSet, PageSource, scan_docs
from docset.status import STATUS_PAGE, git_date, status_markdown
from engine import Problem, ProblemsFound
from rulebook import Rulebook, load_rulebook
from rulebook.browser import (
    FOLDER,
    PLACEHOLDER,
    CitingPage,
    chapter_page,
    index_markdown,
    rule_link,
)
from rulebook.cite import footnote_id, footnote_markdown
from rulebook.references import Reference, find_references, replace_references
from worked_examples.catalogue import CATALOGUE_PAGE, catalogue_markdown
from worked_examples.render import ExampleRenderer
from worked_examples.verify import ExampleRun, ResultCache, RunStats, run_examples


@dataclass(frozen=True)
class RenderedPage:
    """A page's Markdown, and HTML to insert after conversion where each placeholder stands.

    Large generated HTML (rules, worked examples) skips Markdown: inserted
    after conversion, it costs nothing to parse. ``anchors`` are the ids it adds.
    """

    markdown: str
    inserts: dict[str, str]
    anchors: frozenset[str]

    def insert_into(self, html: str) -> str:
        for placeholder, content in self.inserts.items():
            html = html.replace(placeholder, content, 1)
        return html


@dataclass
class SiteModel:
    root: Path
    rules: Rulebook
    docs: DocSet
    runs: dict[str, ExampleRun]
    stats: RunStats
    cache: ResultCache

    def __post_init__(self) -> None:
        self.last_change = cache(git_date(self.root))

    def generated_pages(self, lang: str) -> dict[str, RenderedPage]:
        """Path (relative to the language's root) → page, for the pages we generate."""
        cited = self.docs.cited_by(lang)
        citing = {
            number: [CitingPage(p.path, p.title) for p in pages] for number, pages in cited.items()
        }
        pages = {
            f"{FOLDER}/index.md": plain(index_markdown(self.rules, lang)),
            CATALOGUE_PAGE: plain(catalogue_markdown(self.runs, lang, self.embedding_pages(lang))),
            STATUS_PAGE: plain(status_markdown(self.docs, lang, self.last_change)),
        }
        shown_in = self.examples_applying(lang)
        for chapter in self.rules.chapters():
            page = chapter_page(self.rules, chapter, lang, citing, shown_in)
            pages[f"{FOLDER}/{chapter}.md"] = RenderedPage(
                page.markdown, {PLACEHOLDER: page.body}, page.anchors
            )
        return pages

    def examples_applying(self, lang: str) -> dict[str, list[CitingPage]]:
        """For each rule number, the worked examples where it does something, where shown."""
        shown = self.embedding_pages(lang)
        applying: dict[str, list[CitingPage]] = {}
        for example_id, run in sorted(self.runs.items()):
            pages = shown.get(example_id)
            if not pages:
                continue
            title = run.scenario.title.get(lang, run.scenario.title["en"])
            place = CitingPage(pages[0].path, title, f"example-{example_id}")
            steps = [step for step in run.outcome.steps if not step.quiet]
            for number in dict.fromkeys(n for step in steps for n in step.rules):
                applying.setdefault(number, []).append(place)
        return applying

    def embedding_pages(self, lang: str) -> dict[str, list[PageSource]]:
        found: dict[str, list[PageSource]] = {}
        for example_id, places in self.docs.embedded_examples().items():
            found[example_id] = [page for page, _ in places if page.lang == lang]
        return found

    def render_markdown(self, markdown: str, lang: str, path: str) -> RenderedPage:
        """Rule references → footnotes in ``lang``; example directives → rendered examples."""
        footnotes: dict[str, str] = {}
        inserts: dict[str, str] = {}
        anchors: set[str] = set()

        references = find_references(markdown)
        # Citations written side by side read as one number ("¹²"): separate them.
        follows = {b.start for a, b in pairwise(references) if a.end == b.start}

        def replace(ref: Reference) -> str:
            if ref.kind == "rule":
                rule = self.rules.get(ref.value)
                if rule is None:
                    raise ProblemsFound([Problem(path, ref.line, f"[{ref.value}] unknown rule")])
                if ref.value not in footnotes:
                    footnotes[ref.value] = footnote_markdown(rule, lang, rule_link(rule, path))
                separator = '<sup class="rb-cite-sep">,</sup>' if ref.start in follows else ""
                return f"{separator}[^{footnote_id(ref.value)}]"
            if ref.kind in ("example", "stepper"):
                placeholder = f"<!-- worked-example-{len(inserts)} -->"
                inserts[placeholder] = self.example_html(ref, lang, path)
                anchors.add(f"example-{ref.value}")
                return f"\n\n{placeholder}\n\n"
            raise ProblemsFound([Problem(path, ref.line, f"[[{ref.value}]]: not a reference")])

        body = replace_references(markdown, references, replace)
        text = body.rstrip() + "\n\n" + "\n\n".join(footnotes.values()) + "\n"
        return RenderedPage(text, inserts, frozenset(anchors))

    def example_html(self, ref: Reference, lang: str, path: str) -> str:
        run = self.runs.get(ref.value)
        if run is None:
            raise ProblemsFound([Problem(path, ref.line, f"[{ref.value}] unknown example")])
        up = "../" * (path.count("/") + (1 if lang != "en" else 0))

        def link(number: str) -> str:
            rule = self.rules.get(number)  # the engine cites only rules we carry (tested)
            return rule_link(rule, path).replace(".md#", ".html#") if rule else ""

        renderer = ExampleRenderer(run, lang, link, f"{up}examples/{run.id}.yml")
        return renderer.html("combat-step" if ref.kind == "stepper" else None)


def plain(markdown: str) -> RenderedPage:
    return RenderedPage(markdown, {}, frozenset())


def load_site(
    root: Path,
    rules_dir: str,
    edition: str,
    examples_dir: str,
    cache_dir: str | None,
    previous: SiteModel | None = None,
) -> SiteModel:
    """Load and check everything; ProblemsFound lists every problem of every source."""
    problems: list[Problem] = []
    rules: Rulebook | None = None
    try:
        rules = load_rulebook(root / rules_dir, edition, display_root=root)
    except ProblemsFound as found:
        problems += found.problems
    cache = previous.cache if previous else ResultCache(root / cache_dir if cache_dir else None)
    runs: dict[str, ExampleRun] = {}
    stats = RunStats()
    try:
        runs, stats = run_examples(root / examples_dir, cache, display_root=root)
    except ProblemsFound as found:
        problems += found.problems
    docs = scan_docs(root)
    if rules is not None:
        problems += docs.problems(rules, runs.keys())
    problems += mismatch_problems(docs, runs)
    if problems or rules is None:
        raise ProblemsFound(problems)
    return SiteModel(root, rules, docs, runs, stats, cache)


def mismatch_problems(docs: DocSet, runs: dict[str, ExampleRun]) -> list[Problem]:
    """One line per documented value the engine disagrees with, naming the pages that embed it."""
    problems: list[Problem] = []
    embedded = docs.embedded_examples()
    for example_id, run in sorted(runs.items()):
        places = embedded.get(example_id, [])
        if not places:
            problems.append(
                Problem(str(run.scenario.path), 1, f"[{example_id}] not embedded in any page")
            )
        for mismatch in run.mismatches:
            wheres = [f"{page.display}:{ref.line}" for page, ref in places] or [run.scenario.path]
            for where in wheres:
                problems.append(
                    Problem(
                        where,
                        0,
                        f"[{example_id}] {mismatch.field}: documented={mismatch.expected} "
                        f"engine={mismatch.engine} ({mismatch.path}:{mismatch.line})",
                    )
                )
    return problems
