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

import hashlib
from collections.abc import Callable, Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property, partial
from html.parser import HTMLParser
from itertools import pairwise
from pathlib import Path

import links
import markup
from diagnostics import Problem, ProblemsFound, read_source
from docset import interface, print_edition
from docset.pages import DocSet, PageSource, folder_of, scan_docs
from docset.parity import parity_problems
from docset.print_edition import Cover, Edition, PrintPage, ReadFile
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
    git_commit,
    git_dates,
    rule_translations_table,
    status_markdown,
    status_table,
)
from docset.summary import SUMMARY_PAGE, summary_html, summary_markdown
from docset.tables import TABLES
from docset.terminology import Text, load_terminology
from engine.fields import texts
from engine.format import SCENARIO
from rulebook import Rulebook
from rulebook.addresses import unversioned_pages
from rulebook.book import Rule
from rulebook.browser import Citing, RulesBrowser, edition_text, search_entries
from rulebook.changes import ChangesPage
from rulebook.changes import page_of as changes_page
from rulebook.cite import SEPARATOR, Citations
from rulebook.numbering import RuleNumber
from rulebook.versions import RuleVersions, read_versions
from vocabulary import SOURCE_LANGUAGE, localized
from vocabulary.checks import CatalogRead, catalog_problems, catalog_texts, read_catalog
from worked_examples.catalogue import (
    CATALOGUE_PAGE,
    catalogue_html,
    catalogue_markdown,
    filter_href,
    outcome_words,
    rules_applied,
)
from worked_examples.render import ExampleRenderer
from worked_examples.step_cache import StepCache, code_fingerprint
from worked_examples.step_cache import key as step_key
from worked_examples.verify import ExampleRun, Examples, ResultCache, run_examples

HOME = "index.md"  # each language's home page
PRINT_EDITION_SLOT = "print-edition"
SUMMARY_PDF_SLOT = "summary-pdf"  # the combat summary's link to its PDF
# The pages for contributors: on the site, not in the print edition, which is the readers'.
CONTRIBUTORS_PAGES = ("writing-for-this-site.md", STATUS_PAGE)


@dataclass(frozen=True)
class Cited:
    """Where a page cites a rule (for a citation that cannot be a footnote where it stands)."""

    display: str
    line: int
    number: str


class CitationPlaces(HTMLParser):
    """Where each citation mark of a converted page stands, if not where a footnote can: in a
    link's text (a link inside a link), an attribute or an image's description (markup inside
    an attribute), the page's title (its name in the navigation, <title> and search)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links = self.titles = 0
        self.first = True  # MkDocs takes a page's title from its first element, if an h1
        self.found: dict[int, str] = {}  # citation index → where

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_startendtag(tag, attrs)
        self.links += tag == "a"
        self.titles += tag == "h1" and self.first
        self.first = False

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            where = "in an image's description" if name == "alt" else f"in the attribute {name}"
            for mark in markup.CITATION.finditer(value or ""):
                self.found.setdefault(markup.citation_index(mark), where)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self.links = max(self.links - 1, 0)
        elif tag == "h1":
            self.titles = 0

    def handle_data(self, data: str) -> None:
        where = "in a link's text" if self.links else "in the page's title" if self.titles else ""
        if where:
            for mark in markup.CITATION.finditer(data):
                self.found.setdefault(markup.citation_index(mark), where)


@dataclass(frozen=True)
class RenderedPage:
    """A page's Markdown, and the HTML to put in it after conversion.

    Large generated HTML (rules, worked examples, footnotes) skips Markdown: it
    costs nothing to parse and nothing in it is read as Markdown. ``inserts``
    join the page's content (searched); ``late`` ones (citations, footnotes, the
    steps of step-throughs) join the finished page, so search indexes the
    prose, not board after board. ``anchors`` are the ids they add; ``cited``, where
    each late citation comes from.
    """

    markdown: str
    inserts: dict[str, str] = field(default_factory=dict)  # placeholder name → HTML
    late: tuple[markup.Late, ...] = ()
    anchors: frozenset[str] = frozenset()
    # Late places whose HTML is known only when the page is finished, by name: the home page's
    # link to the print edition (made once every page is rendered).
    slots: dict[str, int] = field(default_factory=dict)
    cited: dict[int, Cited] = field(default_factory=dict)  # late index → its citation

    def misplaced(self, html: str) -> list[Problem]:
        """The citations of the converted page that stand where a footnote cannot."""
        if "\ue000" not in html:
            return []
        places = CitationPlaces()
        places.feed(html)
        places.close()
        return [
            Problem(
                cited.display,
                cited.line,
                f"[{cited.number}] a citation {where}: it cannot be a footnote there; "
                "cite the rule in the sentence after it",
            )
            for index, where in sorted(places.found.items())
            if (cited := self.cited.get(index)) is not None
        ]

    def content(self, html: str) -> str:
        """The converted page with its citation marks made late placeholders, then its inserts
        (which no mark in them can reach)."""
        html = markup.CITATION.sub(lambda m: markup.late(markup.citation_index(m)), html)
        return markup.PLACEHOLDER.sub(lambda m: self.inserts.get(m[1], m[0]), html)

    @property
    def parts(self) -> tuple[str, ...]:
        """Every late HTML, made."""
        return tuple(markup.made(part) for part in self.late)

    def finish(self, output: str, slots: Mapping[str, str] | None = None) -> str:
        """The finished page (theme and all) with its late HTML, in one pass; ``slots``: the
        HTML of its named places (none: they stay empty)."""
        late = list(self.late)
        for name, place in self.slots.items():
            late[place] = (slots or {}).get(name, "")
        count = len(late)

        return markup.LATE.sub(
            lambda m: markup.made(late[int(m[1])]) if int(m[1]) < count else m[0], output
        )


def without_citations(text: str) -> str:
    """A heading's text for the table of contents: citation marks left out."""
    return markup.CITATION.sub("", text)


class SiteProblems(ProblemsFound):
    """The problems of a build that cannot go on, and what it would also have listed without
    failing (``notices``)."""

    def __init__(
        self, problems: list[Problem], notices: list[Problem], notes: Iterable[str] = ()
    ) -> None:
        super().__init__(problems, notes)
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
    steps: StepCache = field(default_factory=StepCache)  # step-throughs across builds
    code: str = ""  # a hash of the code they follow from (``step_cache.code_fingerprint``)
    said: dict[str, str] = field(default_factory=dict)  # ``rules_said``, by language
    # Footnotes as made for a folder of pages (``Citations``): kept while a language builds.
    notes: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)

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

    def generated_pages(self, lang: str, site_url: str | None = None) -> dict[str, RenderedPage]:
        """Path (among the language's pages) → page, for the pages the site writes itself;
        ``site_url``: where the site is published (the rules' permanent links copy addresses
        there when it names a host)."""
        citing = {  # the readers' pages: a contributor's page cites a rule to show how
            number: [
                Citing(p.page, p.title) for p in pages if p.page.path not in CONTRIBUTORS_PAGES
            ]
            for number, pages in self.docs.cited_by(lang).items()
        }
        status = {"translation-status": status_table(self.docs, lang, self.changes)}
        if self.stale:
            status["rule-translations"] = rule_translations_table(self.stale, lang)
        pages = {
            CATALOGUE_PAGE: RenderedPage(
                catalogue_markdown(lang),
                {
                    "worked-examples": catalogue_html(
                        self.runs, lang, self.embedding_pages(lang), self.rule_name(lang)
                    )
                },
            ),
            STATUS_PAGE: RenderedPage(
                status_markdown(lang, rule_translations=bool(self.stale)), status
            ),
            SUMMARY_PAGE: RenderedPage(
                summary_markdown(lang, 0),
                {"combat-summary": summary_html(self.rules, lang, self.summary_link(lang))},
                late=("",),
                slots={SUMMARY_PDF_SLOT: 0},
            ),
        }
        catalogue = links.Page(lang, CATALOGUE_PAGE)
        browser = RulesBrowser(self.versions, lang, site_url).pages(
            citing,
            self.examples_applying(),
            lambda here, number: filter_href(here, catalogue, number),
        )
        for path, page in browser.items():
            pages[path] = RenderedPage(page.markdown, page.inserts, page.late, page.anchors)
        for older, newer in self.versions.pairs():
            markdown, inserts, late = ChangesPage(self.versions.changes(older), lang).page()
            pages[changes_page(lang, newer).path] = RenderedPage(markdown, inserts, late)
        return pages

    def rules_browser_pages(self, lang: str) -> list[str]:
        """The current version's rules-browser pages (paths among the language's pages): its
        index, then each chapter (or part of one) in order. The site generates them (``generated_pages``)."""
        current = self.versions.current
        return [
            links.rules_index(lang, current.name).path,
            *(page.path for page in RulesBrowser(self.versions, lang).page_order(current)),
        ]

    # -- the print edition -------------------------------------------------------

    def print_edition(
        self,
        lang: str,
        nav: Sequence[str],
        pages: Mapping[str, str],
        stylesheets: Sequence[tuple[Path, str]],
        read_file: ReadFile,
        today: date,
    ) -> Edition:
        """The print edition of ``lang`` (``docset.print_edition``): the readers' pages of
        ``nav`` in its order (not the contributors', ``CONTRIBUTORS_PAGES``), then the rules
        browser; ``pages``: each page's finished HTML, by path; ``stylesheets``: the site's
        own, (file, as problems name it)."""
        appendix = self.rules_browser_pages(lang)
        readers = [path for path in nav if path not in CONTRIBUTORS_PAGES]
        paths = print_edition.order(readers, appendix)
        missing = [path for path in paths if path not in pages]
        if missing:
            raise ProblemsFound(
                Problem(f"{folder_of(lang)}/{path}", 0, "in the print edition, but not built")
                for path in missing
            )
        printed = [
            PrintPage(links.Page(lang, path), pages[path], self.display(lang, path))
            for path in paths
        ]
        sheets = [read_source(file, shown) for file, shown in stylesheets]
        cover = self.cover(lang, today, SUMMARY_PAGE if SUMMARY_PAGE in paths else "")
        return print_edition.compose(
            lang, printed, len(paths) - len(appendix), cover, sheets, read_file
        )

    def summary_leaflet(
        self,
        lang: str,
        pages: Mapping[str, str],
        stylesheets: Sequence[tuple[Path, str]],
        read_file: ReadFile,
        today: date,
    ) -> Edition:
        """The combat summary (``docset.summary``) on one sheet of A4, from its page's
        finished HTML among ``pages``."""
        if SUMMARY_PAGE not in pages:
            where = f"{folder_of(lang)}/{SUMMARY_PAGE}"
            raise ProblemsFound([Problem(where, 0, "printed on one page, but not built")])
        page = PrintPage(
            links.Page(lang, SUMMARY_PAGE), pages[SUMMARY_PAGE], self.display(lang, SUMMARY_PAGE)
        )
        sheets = [read_source(file, shown) for file, shown in stylesheets]
        return print_edition.leaflet(
            lang, page, self.cover(lang, today), sheets, read_file, "combat summary"
        )

    def cover(self, lang: str, today: date, at_a_glance: str = "") -> Cover:
        """What a printed document says of itself: the site, the rules version, the build."""
        commit, changed = self.commit
        return Cover(
            interface.SITE_NAME(lang),
            interface.SITE_DESCRIPTION(lang),
            edition_text(self.rules, lang),
            today.isoformat(),
            commit,
            changed,
            interface.copyright_notice(lang, self.versions.current.name),
            at_a_glance,
        )

    @cached_property
    def commit(self) -> tuple[str | None, bool]:
        return git_commit(self.root)

    def display(self, lang: str, path: str) -> str:
        """A page as problems name it: its source file, or where the site would have it."""
        source = self.docs.get(lang, path)
        return source.display if source is not None else f"{folder_of(lang)}/{path} (generated)"

    def unversioned_pages(self, lang: str) -> dict[str, str]:
        """The files at the rules browser's addresses without a version, in ``lang``: output
        path (from the site's root) → HTML that sends the reader on to the rule it names."""
        return unversioned_pages(self.versions, lang)

    def search_entries(self, lang: str) -> list[dict[str, str]]:
        """What the site adds to the theme's search index in ``lang``: each rule by number,
        each number an older version gave a rule, and each worked example."""
        return search_entries(self.versions, lang) + self.example_entries(lang)

    def example_entries(self, lang: str) -> list[dict[str, str]]:
        """Each worked example as search finds it: its title, its caption and its outcome in
        words, leading to where it is shown (or to its entry in the list of examples)."""
        home = links.Page(lang, HOME)
        shown = self.embedding_pages(lang)
        entries = []
        for example_id, run in sorted(self.runs.items()):
            pages = shown.get(example_id)
            if pages:
                location = links.link(home, pages[0].page, links.example_anchor(example_id))
            else:
                location = links.link(
                    home, links.Page(lang, CATALOGUE_PAGE), f"ruling-{example_id}"
                )
            caption = markup.text(localized(run.scenario.caption, lang))
            outcome = markup.text(outcome_words(run, lang))
            title = markup.text(localized(run.scenario.title, lang))  # the theme shows it as HTML
            entries.append(
                {"location": location, "title": title, "text": f"<p>{caption}</p><p>{outcome}</p>"}
            )
        return entries

    def examples_applying(self) -> dict[str, int]:
        """For each rule number, how many worked examples do something under it."""
        applying: dict[str, int] = {}
        for run in self.runs.values():
            for number in rules_applied(run):
                applying[number] = applying.get(number, 0) + 1
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
        unless something changed the Markdown since (MkDocs hands it over without its last
        line break).
        """
        source = self.docs.get(lang, path)
        page = links.Page(lang, path)
        if source is not None and source.markdown.rstrip("\n") == markdown.rstrip("\n"):
            scanned, display = source.scanned, source.display
        else:
            scanned, display = scan(markdown), page.uri
            problems = [Problem(display, line, what) for line, what in scanned.problems]
            problems += references_problems(display, scanned.references, self.rules, self.examples)
            if problems:
                raise ProblemsFound(problems)
        citations = Citations(page, self.rules, self.versions.current.at, self.notes)
        cited: dict[int, Cited] = {}
        inserts: dict[str, str] = {}
        later: list[markup.Late] = []
        steppers = 0
        anchors: set[str] = set()
        replacement: dict[int, str] = {}
        side_by_side = {b.start for a, b in pairwise(scanned.references) if a.end == b.start}
        for ref in scanned.references:
            if ref.kind is Kind.RULE:
                rule = self.rules.get(ref.value)
                assert rule is not None  # checked when the page was read (references_problems)
                separator = SEPARATOR if ref.start in side_by_side else ""
                replacement[ref.start] = markup.citation_mark(len(later))
                cited[len(later)] = Cited(display, ref.line, ref.value)
                later.append(separator + citations.cite(rule))
            elif ref.kind is Kind.TABLE:
                name = f"table-{len(inserts)}"
                inserts[name] = TABLES[ref.value](lang)
                replacement[ref.start] = f"\n\n{markup.placeholder(name)}\n\n"
            else:
                # A page's first step-through has steps #combat-step-1…; another, #<id>-step-1…
                stepper = ref.kind is Kind.STEPPER
                prefix = "combat-step" if stepper and not steppers else f"{ref.value}-step"
                steppers += stepper
                anchors.add(links.example_anchor(ref.value))
                run = self.runs[ref.value]
                anchors |= {
                    links.step_anchor(prefix, n) for n in range(1, len(run.outcome.steps) + 1)
                }
                replacement[ref.start] = f"\n\n{markup.late(len(later))}\n\n"
                later.append(self.example_html(ref, page, prefix))
        body = replace(markdown, list(scanned.references), replacement)
        slots: dict[str, int] = {}
        if path == HOME:  # before its footnotes, the home page links the print edition
            body = body.rstrip() + f"\n\n{markup.late(len(later))}\n"
            slots[PRINT_EDITION_SLOT] = len(later)
            later.append("")
        if citations.rules:  # the footnotes, made when the page is finished
            body = body.rstrip() + f"\n\n{markup.late(len(later))}\n"
            later.append(citations.notes)
        anchors |= citations.anchors()
        return RenderedPage(body, inserts, tuple(later), frozenset(anchors), slots, cited)

    def summary_link(self, lang: str) -> Callable[[Rule], str]:
        here, current = links.Page(lang, SUMMARY_PAGE), self.versions.current.at
        return lambda rule: links.rule(here, rule.number, version=current)

    def language_done(self) -> None:
        """A language's pages are written: forget what was kept to write them."""
        self.notes.clear()

    def rules_said(self, lang: str) -> str:
        """A hash of what a step-through's rule links and names in ``lang`` follow from: the
        current version's address (its split pages), its rules' numbers and names."""
        if lang in self.said:
            return self.said[lang]
        digest = hashlib.sha256(lang.encode())
        current = self.versions.current.at
        digest.update(f"\0{current.name}\0{sorted(current.split)}".encode())
        for rule in self.rules:
            digest.update(f"\0{rule.number.text}\0{rule.name(lang)}".encode())
        self.said[lang] = digest.hexdigest()
        return self.said[lang]

    def rule_name(self, lang: str) -> Callable[[str], str]:
        """A rule as a reader of ``lang`` names it: its number, a keyword by its name there."""

        def name(number: str) -> str:
            rule = self.rules.get(number)
            return rule.name(lang) if rule else number

        return name

    def example_html(self, ref: Reference, page: links.Page, prefix: str) -> Callable[[], str]:
        """What makes the example's HTML when its page is finished: its frame, its board
        before the combat and its step-through (kept across builds, ``step_cache``). Search
        skips it (each example has its own entry, ``example_entries``), so the page's content
        never holds it."""
        run = self.runs[ref.value]  # checked when the page was read (references_problems)

        current = self.versions.current.at

        def rule_link(number: str) -> str:
            rule = self.rules.get(number)  # the engine cites only rules we carry (checked)
            return links.rule(page, rule.number, version=current) if rule else ""

        renderer = ExampleRenderer(run, page, rule_link, self.rule_name(page.lang))
        stepper = ref.kind is Kind.STEPPER
        # What the step-through follows from besides the code: the scenario, the page, the
        # prefix of its anchors, the rules its links and names come from.
        entry = step_key(self.code, self.rules_said(page.lang), run.text, page.path, prefix)
        steps = self.steps.lazy(entry, partial(renderer.steps, prefix))
        return lambda: renderer.html(stepper, prefix, steps=steps())


# The packages a step-through follows from (``step_cache.code_fingerprint``): every layer up
# to this one.
RENDERED_BY = (
    *("diagnostics", "vocabulary", "links", "markup", "engine"),
    *("rulebook", "worked_examples", "docset"),
)
STEPS = "step-throughs"  # their cache: a folder in the examples' cache folder


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
    catalogs = {lang: read_catalog(lang) for lang in languages if lang != SOURCE_LANGUAGE}
    problems: list[Problem] = list(catalog_problems(languages, read=catalogs))
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
    said = list(example_texts(examples))  # read by both checks: walked once
    problems += terminology_problems(docs, said, versions, catalogs, languages)
    problems += reserved_problems(said, versions, catalogs, languages)
    if problems or versions is None:
        notes = [] if versions is not None else [NOT_CHECKED.format(rules=rules_dir)]
        raise SiteProblems(problems, [s.problem() for s in stale], notes)
    steps = (
        previous.steps if previous else StepCache(root / cache_dir / STEPS if cache_dir else None)
    )
    return SiteBuild(
        root,
        languages,
        versions,
        docs,
        examples,
        cache,
        stale,
        steps,
        code_fingerprint(RENDERED_BY),
    )


# Said once, after the problems, when a rules file does not read whole.
NOT_CHECKED = "(the pages' citations are not checked until the rules files of {rules}/ read)"


def reference_problems(
    docs: DocSet, versions: RuleVersions | None, examples: Examples
) -> Iterator[Problem]:
    """Citations of rules we do not carry, embeddings of examples that do not exist.

    Without rules files that read, citations are not checked (``NOT_CHECKED`` says so
    once); a number the page's reviewed version has is a change since (``docset.review``);
    an example whose scenario does not load is reported there, not where it is embedded.
    """
    for page in docs.pages.values():
        known = None
        if versions is not None:
            known = KnownTo(page, versions)
        yield from references_problems(page.display, page.references, known, examples)


@dataclass(frozen=True)
class KnownTo:
    """The rule numbers a page may cite: the current version's, and its reviewed version's."""

    page: PageSource
    versions: RuleVersions

    def __contains__(self, number: object) -> bool:
        return isinstance(number, str) and not unknown_citation(self.page, number, self.versions)


def references_problems(
    display: str,
    references: Iterable[Reference],
    numbers: Container[str] | None,
    examples: Examples,
) -> Iterator[Problem]:
    """What one page names that does not exist: a rule (``numbers``: those it may cite; None:
    not checked), an example, a generated table."""
    for ref in references:
        if ref.kind is Kind.RULE:
            if numbers is not None and ref.value not in numbers:
                yield Problem(display, ref.line, f"[{ref.value}] unknown rule: not in rules/")
        elif ref.kind is Kind.TABLE:
            if ref.value not in TABLES:
                known = ", ".join(sorted(TABLES))
                yield Problem(display, ref.line, f"[{ref.value}] unknown table (tables: {known})")
        elif ref.value not in examples.runs and ref.value not in examples.invalid:
            yield Problem(
                display, ref.line, f"[{ref.value}] unknown example: no examples/{ref.value}.yml"
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
        if not places and not docs.unread:  # a page not read may embed it: it says why
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
    docs: DocSet,
    example_said: Sequence[tuple[Text, str | None]],
    versions: RuleVersions | None,
    catalogs: dict[str, CatalogRead],
    languages: tuple[str, ...],
) -> Iterator[Problem]:
    """Each language with a list of term variants: every text of it checked against the list
    (the catalogs as the build read them, once)."""
    for lang in languages:
        try:
            terminology = load_terminology(lang)
        except ProblemsFound as found:
            yield from found.problems
            continue
        if terminology is not None:
            texts = texts_in(lang, docs, example_said, versions, catalogs.get(lang))
            yield from terminology.problems(texts)


def texts_in(
    lang: str,
    docs: DocSet,
    example_said: Sequence[tuple[Text, str | None]],
    versions: RuleVersions | None,
    catalog: CatalogRead | None,
) -> Iterator[Text]:
    """Every text the site shows in ``lang``: pages, examples, catalog, rule translations of
    every version (``example_said``: every text of the examples, with its language)."""
    for page in docs.in_language(lang):
        if not page.front_matter_problems:  # its terms_kept unknown: its problem says why
            yield Text(page.display, page.first_line, page.scanned.prose, page.terms_kept)
    yield from (text for text, text_lang in example_said if text_lang in (lang, None))
    for display, line, text in catalog_texts(catalog) if catalog else ():
        yield Text(display, line, text)
    if lang != SOURCE_LANGUAGE:
        yield from rule_texts(versions, lang)


def example_texts(examples: Examples) -> Iterator[tuple[Text, str | None]]:
    """(text, its language) of every title, caption and name of every example."""
    for run in examples.runs.values():
        s = run.scenario
        # Every text the scenario format declares (titles, captions, names, a played unit's),
        # with its language (None: written once, for every language).
        for at, lang, text in texts(SCENARIO, s.data):
            yield Text(s.path, s.line_of(*at), text, field=".".join(map(str, at))), lang


def rule_texts(versions: RuleVersions | None, lang: str) -> Iterator[Text]:
    """The rule texts of ``lang`` in every version (the source language's too)."""
    for version in versions or ():
        file = version.book.files.get(lang)
        if file is None:
            continue
        for entry in file.entries:
            yield Text(file.path, entry.line, "\n".join([*entry.paragraphs, *entry.notes]))


def reserved_problems(
    example_said: Sequence[tuple[Text, str | None]],
    versions: RuleVersions | None,
    catalogs: dict[str, CatalogRead],
    languages: tuple[str, ...],
) -> Iterator[Problem]:
    """No data holds the build's own marks (``markup.RESERVED``): a caption could summon
    another rule's footnote, a rule text another example's block. Pages: ``docset.scan``."""
    texts = [text for text, _ in example_said]
    texts += [text for lang in languages for text in rule_texts(versions, lang)]
    texts += [
        Text(display, line, text)
        for catalog in catalogs.values()
        for display, line, text in catalog_texts(catalog)
    ]
    for text in texts:
        if found := markup.reserved_problem(text.text):
            line, what = found
            field = f"{text.field}: " if text.field else ""
            yield Problem(text.display, text.line + line - 1, field + what)
