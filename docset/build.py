"""The composition root: everything a build needs, loaded and checked once, and the pages it renders.

``load_site`` reads every version of the rules, runs and verifies the worked
examples, reads and scans every page of every language, and reports every
problem of every source at once (each fault once: a scenario that does not load
is not also "unknown" wherever it is embedded), what a change of the rules
left to review included (``docset.review``). ``SiteBuild.render_page`` turns a
page's references into footnotes and rendered examples; ``generated_pages``
gives the pages the site writes itself, ``unversioned_pages`` the files that
keep the rules browser's old addresses working. The MkDocs plugin calls these;
so can anything else.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

import links
import markup
from diagnostics import Problem, ProblemsFound
from docset.pages import DocSet, PageSource, folder_of, scan_docs
from docset.parity import parity_problems
from docset.review import (
    StaleTranslation,
    citation_problems,
    engine_numbers_changed,
    engine_step_problems,
    front_matter_problems,
    stale_translations,
    unknown_citation,
    worked_example_problems,
)
from docset.scan import Kind, Reference, replace, scan
from docset.status import (
    STATUS_PAGE,
    git_dates,
    rule_translations_table,
    status_markdown,
    status_table,
)
from docset.terminology import Text, load_terminology
from engine.model import localized
from rulebook import Rulebook
from rulebook.addresses import unversioned_pages
from rulebook.browser import Citing, RulesBrowser, search_entries
from rulebook.changes import ChangesPage
from rulebook.changes import page_of as changes_page
from rulebook.cite import SEPARATOR, Citations
from rulebook.numbering import RuleNumber
from rulebook.versions import RuleVersions, read_versions
from vocabulary import SOURCE_LANGUAGE
from vocabulary.checks import catalog_problems, catalog_texts
from worked_examples.catalogue import CATALOGUE_PAGE, catalogue_markdown, catalogue_table
from worked_examples.render import ExampleRenderer
from worked_examples.verify import ExampleRun, Examples, ResultCache, run_examples

# A citation's mark in a page's Markdown (plain text to Markdown): a private-use character, the
# citation's number, another.
CITATION = re.compile("\ue000(\\d+)\ue001")


@dataclass(frozen=True)
class RenderedPage:
    """A page's Markdown, and the HTML to put in it after conversion.

    Large generated HTML (rules, worked examples, footnotes) skips Markdown: it
    costs nothing to parse and nothing in it is read as Markdown. ``inserts``
    join the page's content (searched); ``late`` ones (citations, footnotes, the
    steps of step-throughs) join the finished page, so search indexes the
    prose, not board after board. ``anchors`` are the ids they add.
    """

    markdown: str
    inserts: dict[str, str] = field(default_factory=dict)  # placeholder name → HTML
    late: tuple[str, ...] = ()
    anchors: frozenset[str] = frozenset()

    def content(self, html: str) -> str:
        """The converted page with its inserts, citation marks made late placeholders."""
        html = markup.PLACEHOLDER.sub(lambda m: self.inserts.get(m[1], m[0]), html)
        return CITATION.sub(lambda m: markup.late(int(m[1])), html)

    def finish(self, output: str) -> str:
        """The finished page (theme and all) with its late HTML, in one pass."""
        count = len(self.late)
        return markup.LATE.sub(
            lambda m: self.late[int(m[1])] if int(m[1]) < count else m[0], output
        )


def without_citations(text: str) -> str:
    """A heading's text for the table of contents: citation marks left out."""
    return CITATION.sub("", text)


class SiteProblems(ProblemsFound):
    """The problems of a build that cannot go on, and what it would also have listed without
    failing (``notices``)."""

    def __init__(self, problems: list[Problem], notices: list[Problem]) -> None:
        super().__init__(problems)
        self.notices = sorted(set(notices))


@dataclass
class SiteBuild:
    root: Path
    languages: tuple[str, ...]
    versions: RuleVersions
    docs: DocSet
    examples: Examples
    cache: ResultCache
    # French rule texts that follow an older English text: listed, shown with a note.
    stale: list[StaleTranslation] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.changes = git_dates(self.root, [folder_of(lang) for lang in self.languages])

    @property
    def rules(self) -> Rulebook:
        """The rules of the current version: the ones pages cite."""
        return self.versions.current.book

    @property
    def notices(self) -> list[Problem]:
        """What the build lists without failing, each at its line: the stale translations."""
        return [s.problem() for s in self.stale]

    @property
    def runs(self) -> dict[str, ExampleRun]:
        return self.examples.runs

    # -- generated pages ---------------------------------------------------------

    def generated_pages(self, lang: str) -> dict[str, RenderedPage]:
        """Path (among the language's pages) → page, for the pages the site writes itself."""
        citing = {
            number: [Citing(p.page, p.title) for p in pages]
            for number, pages in self.docs.cited_by(lang).items()
        }
        shown_in = self.examples_applying(lang)
        status = {"translation-status": status_table(self.docs, lang, self.changes)}
        if self.stale:
            status["rule-translations"] = rule_translations_table(self.stale, lang)
        pages = {
            CATALOGUE_PAGE: RenderedPage(
                catalogue_markdown(lang),
                {"worked-examples": catalogue_table(self.runs, lang, self.embedding_pages(lang))},
            ),
            STATUS_PAGE: RenderedPage(
                status_markdown(lang, rule_translations=bool(self.stale)), status
            ),
        }
        browser = RulesBrowser(self.versions, lang).pages(citing, shown_in)
        for path, page in browser.items():
            pages[path] = RenderedPage(page.markdown, page.inserts, page.late, page.anchors)
        for older, newer in self.versions.pairs():
            markdown, inserts, late = ChangesPage(self.versions.changes(older), lang).page()
            pages[changes_page(lang, newer).path] = RenderedPage(markdown, inserts, late)
        return pages

    def unversioned_pages(self, lang: str) -> dict[str, str]:
        """The files at the rules browser's addresses without a version, in ``lang``: output
        path (from the site's root) → HTML that sends the reader on to the rule it names."""
        return unversioned_pages(self.versions, lang)

    def search_entries(self, lang: str) -> list[dict[str, str]]:
        """What the site adds to the theme's search index in ``lang``: each rule by number, and
        each number an older version gave a rule."""
        return search_entries(self.versions, lang)

    def examples_applying(self, lang: str) -> dict[str, list[Citing]]:
        """For each rule number, the worked examples where it does something, where shown."""
        shown = self.embedding_pages(lang)
        applying: dict[str, list[Citing]] = {}
        for example_id, run in sorted(self.runs.items()):
            pages = shown.get(example_id)
            if not pages:
                continue
            title = localized(run.scenario.title, lang)
            place = Citing(pages[0].page, title, links.example_anchor(example_id))
            steps = [step for step in run.outcome.steps if not step.quiet]
            for number in dict.fromkeys(n for step in steps for n in step.rules):
                applying.setdefault(number, []).append(place)
        return applying

    def embedding_pages(self, lang: str) -> dict[str, list[PageSource]]:
        found: dict[str, list[PageSource]] = {}
        for example_id, places in self.docs.embedded_examples().items():
            found[example_id] = [page for page, _ in places if page.lang == lang]
        return found

    # -- written pages -----------------------------------------------------------

    def render_page(self, markdown: str, lang: str, path: str) -> RenderedPage:
        """Rule references → footnotes in ``lang``; example directives → rendered examples.

        The page was scanned when the build loaded; its scan is used again
        unless something changed the Markdown since.
        """
        source = self.docs.get(lang, path)
        page = links.Page(lang, path)
        if source is not None and source.markdown == markdown:
            scanned, display = source.scanned, source.display
        else:
            scanned, display = scan(markdown), page.uri
            problems = [Problem(display, line, what) for line, what in scanned.problems]
            if problems:
                raise ProblemsFound(problems)
        citations = Citations(page, self.rules, self.versions.current.name)
        inserts: dict[str, str] = {}
        later: list[str] = []
        steppers = 0
        anchors: set[str] = set()
        replacement: dict[int, str] = {}
        side_by_side = {b.start for a, b in pairwise(scanned.references) if a.end == b.start}
        for ref in scanned.references:
            if ref.kind is Kind.RULE:
                rule = self.rules.get(ref.value)
                if rule is None:
                    raise ProblemsFound([Problem(display, ref.line, f"[{ref.value}] unknown rule")])
                separator = SEPARATOR if ref.start in side_by_side else ""
                replacement[ref.start] = f"\ue000{len(later)}\ue001"
                later.append(separator + citations.cite(rule))
            else:
                # A page's first step-through has steps #combat-step-1…; another, #<id>-step-1…
                stepper = ref.kind is Kind.STEPPER
                prefix = "combat-step" if stepper and not steppers else f"{ref.value}-step"
                steppers += stepper
                name = f"example-{len(inserts)}"
                frame, board, steps = self.example_html(ref, page, display, prefix, len(later))
                inserts[name] = frame
                later += [board, steps]
                anchors.add(links.example_anchor(ref.value))
                run = self.runs[ref.value]
                anchors |= {
                    links.step_anchor(prefix, n) for n in range(1, len(run.outcome.steps) + 1)
                }
                replacement[ref.start] = f"\n\n{markup.placeholder(name)}\n\n"
        body = replace(markdown, list(scanned.references), replacement)
        notes = citations.notes()
        if notes:
            body = body.rstrip() + f"\n\n{markup.late(len(later))}\n"
            later.append(notes)
        anchors |= citations.anchors()
        return RenderedPage(body, inserts, tuple(later), frozenset(anchors))

    def example_html(
        self, ref: Reference, page: links.Page, display: str, prefix: str, first_late: int
    ) -> tuple[str, str, str]:
        """The example's frame (searched: its title, caption and outcome), its board before the
        combat and its step-through (late placeholders ``first_late`` and the next)."""
        run = self.runs.get(ref.value)
        if run is None:
            raise ProblemsFound([Problem(display, ref.line, f"[{ref.value}] unknown example")])

        current = self.versions.current.name

        def rule_link(number: str) -> str:
            rule = self.rules.get(number)  # the engine cites only rules we carry (checked)
            return links.rule(page, rule.number, version=current) if rule else ""

        renderer = ExampleRenderer(run, page, rule_link)
        stepper = ref.kind is Kind.STEPPER
        board, steps = markup.late(first_late), markup.late(first_late + 1)
        frame = renderer.html(stepper, prefix, steps=steps, board=board)
        return frame, renderer.board(run.outcome.steps[0].board), renderer.steps(prefix)


def load_site(
    root: Path,
    rules_dir: str,
    examples_dir: str,
    cache_dir: str | None,
    languages: tuple[str, ...],
    previous: SiteBuild | None = None,
) -> SiteBuild:
    """Load and check everything; SiteProblems lists every problem of every source (and what
    the build would list without failing)."""
    problems: list[Problem] = list(catalog_problems(languages))
    versions, found = read_versions(root / rules_dir, languages, display_root=root)
    problems += found
    cache = previous.cache if previous else ResultCache(root / cache_dir if cache_dir else None)
    examples = run_examples(root / examples_dir, cache, display_root=root)
    problems += examples.problems
    docs, page_problems = scan_docs(root, languages)
    problems += page_problems
    problems += parity_problems(docs)
    problems += reference_problems(docs, versions, examples)
    problems += example_problems(docs, examples, languages)
    problems += engine_rule_problems(examples, versions)
    problems += front_matter_problems(docs, versions)
    stale: list[StaleTranslation] = []
    if versions is not None:
        problems += citation_problems(docs, versions)
        problems += worked_example_problems(docs, examples, versions)
        problems += engine_step_problems(versions)
        stale = stale_translations(versions)
    problems += terminology_problems(docs, examples, versions, languages)
    if problems or versions is None:
        raise SiteProblems(problems, [s.problem() for s in stale])
    return SiteBuild(root, languages, versions, docs, examples, cache, stale)


def reference_problems(
    docs: DocSet, versions: RuleVersions | None, examples: Examples
) -> Iterator[Problem]:
    """Citations of rules we do not carry, embeddings of examples that do not exist.

    Without rules files that load, citations are not checked (their own problems say why);
    a number the page's reviewed version has is a change since (``docset.review``); an
    example whose scenario does not load is reported there, not where it is embedded.
    """
    for page in docs.pages.values():
        for ref in page.references:
            if ref.kind is Kind.RULE:
                if versions is not None and unknown_citation(page, ref.value, versions):
                    yield Problem(
                        page.display, ref.line, f"[{ref.value}] unknown rule: not in rules/"
                    )
            elif ref.value not in examples.runs and ref.value not in examples.invalid:
                yield Problem(
                    page.display,
                    ref.line,
                    f"[{ref.value}] unknown example: no examples/{ref.value}.yml",
                )


def example_problems(
    docs: DocSet, examples: Examples, languages: tuple[str, ...]
) -> Iterator[Problem]:
    """Each example is embedded, speaks every language, and agrees with the engine."""
    embedded = docs.embedded_examples()
    for example_id, run in sorted(examples.runs.items()):
        scenario = run.scenario
        if scenario.expected is None:
            yield Problem(
                scenario.path, 1, "expected: an example documents its outcome (at least result)"
            )
        for key in ("title", "caption"):
            texts = getattr(scenario, key)
            for lang in languages:
                if lang not in texts:
                    yield Problem(scenario.path, scenario.line_of(key), f"{key}: no '{lang}' text")
        places = embedded.get(example_id, [])
        if not places:
            yield Problem(scenario.path, 1, f"[{example_id}] not embedded in any page")
        shown = ", ".join(f"{page.display}:{ref.line}" for page, ref in places)
        for mismatch in run.mismatches:  # once, where the outcome is documented
            yield Problem(
                mismatch.path,
                mismatch.line,
                f"[{example_id}] {mismatch.field}: documented={mismatch.expected} "
                f"engine={mismatch.engine}" + (f" (shown on {shown})" if shown else ""),
            )


def engine_rule_problems(examples: Examples, versions: RuleVersions | None) -> Iterator[Problem]:
    """Every rule a step of an example cites is one the current version carries (the step
    table's are tested).

    A rule the engine cites and the rules file lacks is one fault: reported once, at the
    file that should carry it, with the examples where the engine cites it; one that moved
    or went since the step table was reviewed is reported at its step (``docset.review``)."""
    if versions is None:  # its own problems say why
        return
    rules = versions.current.book
    moved = engine_numbers_changed(versions)
    missing: dict[str, list[str]] = {}
    for example_id, run in sorted(examples.runs.items()):
        for number in dict.fromkeys(n for step in run.outcome.steps for n in step.rules):
            if number not in rules and number not in moved:
                missing.setdefault(number, []).append(example_id)
    for number, ids in sorted(missing.items(), key=lambda item: RuleNumber(item[0]).sort_key):
        shown = ", ".join(ids[:3]) + (f" and {len(ids) - 3} more" if len(ids) > 3 else "")
        yield Problem(
            rules.files[SOURCE_LANGUAGE].path,
            0,
            f"[{number}] not in this file, but the engine's steps (engine/steps.py) cite it, "
            f"in examples {shown}",
        )


def terminology_problems(
    docs: DocSet, examples: Examples, versions: RuleVersions | None, languages: tuple[str, ...]
) -> Iterator[Problem]:
    """Each language with a list of term variants: every text of it checked against the list."""
    for lang in languages:
        try:
            terminology = load_terminology(lang)
        except ProblemsFound as found:
            yield from found.problems
            continue
        if terminology is not None:
            yield from terminology.problems(texts_in(lang, docs, examples, versions))


def texts_in(
    lang: str, docs: DocSet, examples: Examples, versions: RuleVersions | None
) -> Iterator[Text]:
    """Every text the site shows in ``lang``: pages, examples, catalog, rule translations of
    every version."""
    for page in docs.in_language(lang):
        yield Text(page.display, page.first_line, page.scanned.prose, page.terms_kept)
    for run in examples.runs.values():
        s = run.scenario
        for key in ("title", "caption"):
            texts = getattr(s, key)
            if lang in texts:
                yield Text(s.path, s.line_of(key, lang), texts[lang], field=f"{key}.{lang}")
        named: list[tuple[tuple[str | int, ...], dict[str, str]]] = [
            (("battlefield", "name"), s.battlefield)
        ]
        named += [(("players", i, "name"), p.name) for i, p in enumerate(s.players)]
        named += [(("units", i, "name"), u.name) for i, u in enumerate(s.units)]
        for at, name in named:
            if lang in name:
                field = ".".join(map(str, (*at, lang)))
                yield Text(s.path, s.line_of(*at, lang), name[lang], field=field)
    for display, line, text in catalog_texts(lang):
        yield Text(display, line, text)
    for version in versions or ():
        file = version.book.files.get(lang)
        if file is None or lang == SOURCE_LANGUAGE:
            continue
        for entry in file.entries:
            yield Text(file.path, entry.line, "\n".join([*entry.paragraphs, entry.note or ""]))
