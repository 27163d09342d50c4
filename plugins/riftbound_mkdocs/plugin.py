"""The MkDocs plugin: wires MkDocs events to the core (rulebook, docset, engine, worked_examples).

- ``on_config``: once per build (not per language), load the rules, run and
  verify the examples, read and scan every language's pages; report every
  problem. For each language built: the frame's words from the catalogs.
- ``on_files``: add ``docs_<lang>/X`` as page ``<lang>/X`` around
  mkdocs-static-i18n (``i18n.py``), and the generated pages (rules browser,
  all examples, translation status) for the language built, and the files at the
  rules browser's addresses without a version.
- ``on_page_read_source`` / ``on_page_markdown`` / ``on_page_content``: pages
  as the build read them; rule references become footnotes; rendered HTML is
  inserted after Markdown.
- ``on_nav`` / ``on_env``: once every page of a language is rendered, its print
  edition (a PDF, ``docset.print_edition`` and ``docset.pdf``), so that its pages can link it
  with its size: every footer (``on_page_context``, overrides/partials/copyright.html) and
  the home page (``on_post_page``).
- ``on_post_page`` / ``on_post_build``: one search index per language and
  the rest of what the site needs offline (``offline.py``); the print editions.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink
from mkdocs.utils.templates import TemplateContext

import links
import markup
from browser_engine.pack import EngineAssets, engine_assets
from diagnostics import Problem, ProblemsFound
from diagnostics.writing import Claim
from docset import interface, output, precache
from docset.build import (
    PRINT_EDITION_SLOT,
    SUMMARY_PDF_SLOT,
    RenderedPage,
    SiteBuild,
    SiteProblems,
    load_site,
    without_citations,
)
from docset.pdf import DEBIAN_CHROMIUM, INSTALL, Made, Printer
from docset.print_edition import footer_html, home_html, size_text
from docset.summary import pdf_html
from docset.typography_extension import TypographyExtension, typeset_attributes
from riftbound_mkdocs import i18n, offline
from riftbound_mkdocs.config import RiftboundConfig
from rulebook.browser import rule_words
from vocabulary import forget_changed_catalogs, forget_filled, typeset

log = logging.getLogger("mkdocs.plugins.riftbound")


class RiftboundPlugin(BasePlugin[RiftboundConfig]):
    def __init__(self) -> None:
        super().__init__()
        self.site: SiteBuild | None = None  # loaded once per build (see on_config)
        self.languages: tuple[str, ...] = ()
        # Per language build: generated pages by src_uri, and pages awaiting their inserts.
        self.generated: dict[str, RenderedPage] = {}
        self.rendered: dict[str, RenderedPage] = {}
        self.english_index: str | None = None  # the source language's search index (text)
        self.not_found = b""
        self.typography = TypographyExtension()
        self.shim = Path()
        self.shim_path = ""  # where the site has it: a name its content gives it
        self.renamed: dict[str, str] = {}  # our stylesheets and scripts → their hashed names
        self.engine = EngineAssets({}, "")  # the in-browser engine, shared by languages
        self.serving = False
        self.printer: Printer | None = None  # None: this build makes no print edition
        self.nav: list[str] = []  # the language's pages, in the navigation's order
        self.printed: dict[str, Made] = {}  # each language's print edition
        self.summaries: dict[str, Made] = {}  # each language's combat summary on one page
        self.writes_aside = False
        self.target = Path()  # where the site goes, once whole
        self.building: Claim | None = None  # where it is written meanwhile
        self.warnings = WarningCount()
        # Citations each language's pages hold where a footnote cannot stand: said at the end.
        self.misplaced: list[Problem] = []

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"
        self.writes_aside = command in ("build", "gh-deploy")  # serve builds in its own folder

    # -- the site: written aside, moved into place whole (docset.output) ------------------------

    @event_priority(100)  # first: every language's build, and every plugin, writes there
    def _write_aside(self, config: MkDocsConfig) -> MkDocsConfig:
        if i18n.building_other_language(config) or not self.writes_aside:
            return config
        self.target = Path(config.site_dir)
        if problem := output.target_problem(self.target):
            raise PluginError(f"{self.target}: {problem}")
        try:
            self.building = output.aside(self.target)
        except OSError as error:
            raise PluginError(f"{self.target}: cannot write the site beside it: {error}") from None
        config.site_dir = str(self.building.path)
        self.warnings = WarningCount()
        logging.getLogger("mkdocs").addHandler(self.warnings)
        return config

    @event_priority(-1000)  # last: after every language is written
    def _move_into_place(self, config: MkDocsConfig) -> None:
        if i18n.building_other_language(config) or self.building is None:
            return
        built, self.building = self.building, None
        logging.getLogger("mkdocs").removeHandler(self.warnings)
        if config.strict and self.warnings.count:  # MkDocs fails this build next: not shown
            output.discard(built)
            return
        try:
            output.move_into_place(built, self.target)
        except OSError as error:
            output.discard(built)
            raise PluginError(
                f"{self.target}: the site could not be put in place: {error}"
            ) from None
        config.site_dir = str(self.target)

    def on_build_error(self, *, error: Exception) -> None:
        if self.printer is not None:
            self.printer.close()
        if self.building is not None:  # a failed build is never shown, not even in part
            logging.getLogger("mkdocs").removeHandler(self.warnings)
            output.discard(self.building)
            self.building = None

    @event_priority(0)
    def _load(self, config: MkDocsConfig) -> MkDocsConfig:
        if i18n.building_other_language(config) and self.site is not None:
            return config  # examples are run once per build, not once per language
        root = Path(config.config_file_path).parent
        self.misplaced = []
        forget_changed_catalogs()  # mkdocs serve: a catalog edited since the last build
        self.languages = i18n.site_languages(config)
        try:
            self.site = load_site(
                root,
                rules_dir=self.config.rules_dir,
                examples_dir=self.config.examples_dir,
                cache_dir=self.config.cache_dir or None,
                languages=self.languages,
                previous=self.site,
            )
        except ProblemsFound as found:
            _log_notices(found.notices if isinstance(found, SiteProblems) else [])
            raise PluginError(
                f"{len(found.problems)} problem(s) in the site sources:\n{found}"
            ) from None
        _log_notices(self.site.notices)
        self.shim = root / self.config.file_worker_shim
        if not self.shim.is_file():
            raise PluginError(
                f"{self.config.file_worker_shim} is missing: run `npm ci` (make does)"
            )
        try:
            self.engine = engine_assets(
                self.site.runs,
                self.languages,
                root / self.config.pyodide_dir,
                root / self.config.engine_cache_dir if self.config.engine_cache_dir else None,
                precompile=not self.serving,
                site_url=config.site_url,
                rules=self.site.versions.current.at,
                rule_names={
                    lang: {
                        r.number.text: r.name(lang) for r in self.site.rules if r.number.is_keyword
                    }
                    for lang in self.languages
                },
            )
        except ProblemsFound as found:
            raise PluginError(f"the in-browser engine:\n{found}") from None
        self.printer = None
        if self.config.print_edition and not self.serving:
            cache = self.config.print_cache_dir
            setting = f"{Path(config.config_file_path).name}: plugins: riftbound: chromium"
            if not self.config.chromium.strip():  # Path("") would name the current folder
                raise PluginError(
                    f"the print edition:\n{setting}: empty: it names the Chromium that prints "
                    f"the print edition, Debian's {DEBIAN_CHROMIUM} ({INSTALL})"
                )
            self.printer = Printer(
                Path(self.config.chromium), root / cache if cache else None, setting
            )
        # A built site registers its service worker (docset.precache); a site being served
        # by mkdocs serve is never kept offline.
        if not self.serving and offline.REGISTER not in map(str, config.extra_javascript):
            config.extra_javascript.append(offline.REGISTER)
        # Every page loads our scripts and stylesheets by names their content gives them.
        self.renamed = offline.name_assets_by_content(config)
        if self.engine.start not in map(str, config.extra_javascript):
            config.extra_javascript.append(self.engine.start)
        self.shim_path = links.content_named(offline.SHIM_PATH, self.shim.read_bytes())
        # For the search box (reading.js, through overrides/main.html): "rule 466" is 466.
        config.extra["rule_words"] = rule_words(self.languages)
        polyfills = config.extra.setdefault("polyfills", [])
        if self.shim_path not in polyfills:
            polyfills.append(self.shim_path)
        if self.typography not in config.markdown_extensions:
            config.markdown_extensions.append(self.typography)  # type: ignore[arg-type]
        return config

    @event_priority(-150)  # after mkdocs-static-i18n set the language of this build
    def _frame_words(self, config: MkDocsConfig) -> MkDocsConfig:
        # Words of the catalogs are data: the theme prints these into its HTML unescaped
        # (some also escaped): escaped once, marked safe. The permalink title goes through
        # Markdown, which escapes it.
        lang = str(config.theme["language"])
        config.site_name = markup.template_text(interface.SITE_NAME(lang))
        config.site_description = markup.template_text(interface.SITE_DESCRIPTION(lang))
        assert self.site is not None  # loaded by _load, which runs first
        config.copyright = markup.template_text(
            interface.copyright_notice(lang, self.site.versions.current.name)
        )
        for palette, word in zip(
            config.theme["palette"], (interface.TO_DARK, interface.TO_LIGHT), strict=False
        ):
            palette.setdefault("toggle", {})["name"] = markup.template_text(word(lang))
        config.mdx_configs.setdefault("toc", {})["permalink_title"] = interface.PERMALINK(lang)
        return config

    on_config = CombinedEvent(_write_aside, _load, _frame_words)

    # -- files -----------------------------------------------------------------

    @event_priority(50)  # before mkdocs-static-i18n (-100)
    def _add_language_pages(self, files: Files, config: MkDocsConfig) -> Files:
        i18n.add_language_files(files, config, self.languages)
        return files

    @event_priority(-150)  # after mkdocs-static-i18n
    def _add_generated_pages(self, files: Files, config: MkDocsConfig) -> Files:
        site = self.require_site()
        i18n.point_at_sources(files, site.root, self.languages)
        lang = str(config.theme["language"])
        self.generated = {}
        for path, page in site.generated_pages(lang, config.site_url).items():
            file = i18n.generated_page(
                config, links.Page(lang, path), page.markdown, self.languages
            )
            self.generated[file.src_uri] = page
            files.append(file)
        for target, html in site.unversioned_pages(lang).items():
            files.append(File.generated(config, target, content=html))
        offline.rename_assets(files, config, self.renamed)  # each language's build writes them
        if lang == self.languages[0]:  # shared by every language
            files.append(File.generated(config, self.shim_path, abs_src_path=str(self.shim)))
            for path, content in self.engine.files.items():
                if isinstance(content, Path):  # the engine cache's file: copied as it is
                    files.append(File.generated(config, path, abs_src_path=str(content)))
                else:
                    files.append(File.generated(config, path, content=content))
            for run in site.runs.values():
                files.append(File.generated(config, f"examples/{run.id}.yml", content=run.text))
        return files

    on_files = CombinedEvent(_add_language_pages, _add_generated_pages)

    # -- pages -----------------------------------------------------------------

    def on_page_read_source(self, page: Page, config: MkDocsConfig) -> str | None:
        """A page as the build read it when it loaded (it never reads a file twice)."""
        here = i18n.page_of(page.file)
        source = self.require_site().docs.get(here.lang, here.path)
        return source.text if source is not None else None

    def on_page_markdown(
        self, markdown: str, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        here = i18n.page_of(page.file)
        self.typography.lang = here.lang
        generated = self.generated.get(page.file.src_uri)
        if generated is not None:
            self.rendered[page.file.src_uri] = generated
            return markdown
        try:
            rendered = self.require_site().render_page(markdown, here.lang, here.path)
        except ProblemsFound as found:
            raise PluginError(str(found)) from None
        self.rendered[page.file.src_uri] = rendered
        return rendered.markdown

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Insert the HTML that skipped Markdown, and declare its anchors for link checks."""
        rendered = self.rendered.get(page.file.src_uri)
        if rendered is None:
            return html
        if page.present_anchor_ids is not None:
            page.present_anchor_ids |= rendered.anchors
        lang = i18n.page_of(page.file).lang
        for anchor in _walk(page.toc):
            # The table of contents takes its titles before the page is typeset: typeset here.
            anchor.title = typeset(without_citations(anchor.title), lang)
        self.misplaced += rendered.misplaced(html)
        return rendered.content(html)

    # -- the print edition --------------------------------------------------------

    def on_nav(self, nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
        self.nav = [i18n.page_of(page.file).path for page in nav.pages]
        return nav

    def on_env(self, env: Environment, config: MkDocsConfig, files: Files) -> Environment:
        """Every page of this language is rendered: print the language's edition, whose size
        its pages then show."""
        lang = str(config.theme["language"])
        self.printed.pop(lang, None)
        self.summaries.pop(lang, None)
        if self.printer is None:
            return env
        pages: dict[str, str] = {}
        for file in files.documentation_pages():
            here = i18n.page_of(file)
            if here.lang == lang and file.page is not None and file.page.content is not None:
                rendered = self.rendered.get(file.src_uri)
                content = file.page.content
                pages[here.path] = rendered.finish(content) if rendered else content
        sheets = [
            (Path(config.docs_dir) / path, path) for path in self.renamed if path.endswith(".css")
        ]

        def read_file(path: str) -> bytes | None:
            file = files.get_file_from_path(path)
            source = file.abs_src_path if file is not None else None
            return Path(source).read_bytes() if source and Path(source).is_file() else None

        site = self.require_site()
        try:
            today = date.today()
            edition = site.print_edition(lang, self.nav, pages, sheets, read_file, today)
            self.printed[lang] = made = self.printer.make(edition)
            leaflet = site.summary_leaflet(lang, pages, sheets, read_file, today)
            self.summaries[lang] = summary = self.printer.make(leaflet)
        except ProblemsFound as found:
            raise PluginError(f"the print edition:\n{found}") from None
        log.info(made.summary())
        log.info(summary.summary())
        return env

    def on_page_context(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        """The print edition's link in the footer (overrides/partials/copyright.html)."""
        here = i18n.page_of(page.file)
        made = self.printed.get(here.lang)
        if made is not None:
            href = links.shared(here, links.print_edition(here.lang))
            footer = footer_html(href, len(made.pdf), here.lang)
            context["riftbound_print"] = {"footer": footer}  # type: ignore[typeddict-unknown-key]
        context["riftbound_offline"] = precache.footer_line(here.lang)  # type: ignore[typeddict-unknown-key]
        return context

    def on_template_context(
        self, context: TemplateContext, /, *, template_name: str, config: MkDocsConfig
    ) -> TemplateContext:
        """The 404 page: its notice in every language, and a language switcher to each home."""
        if template_name == "404.html":
            site_path = urlsplit(config.site_url or "/").path
            homes = {
                lang: links.from_site_root(site_path, links.Page(lang, "index.md"))
                for lang in self.languages
            }
            made = self.printed.get(self.languages[0])
            if made is not None:
                href = links.from_site_root(site_path, links.print_edition(self.languages[0]))
                context["riftbound_print"] = {  # type: ignore[typeddict-unknown-key]
                    "footer": footer_html(href, len(made.pdf), self.languages[0])
                }
            context["riftbound_offline"] = precache.footer_line(self.languages[0])  # type: ignore[typeddict-unknown-key]
            context["riftbound_not_found"] = [  # type: ignore[typeddict-unknown-key]
                {
                    "lang": lang,
                    "title": interface.NOT_FOUND(lang),
                    "help": interface.NOT_FOUND_HELP(lang),
                    "site": interface.SITE_NAME(lang),
                    "home": home,
                }
                for lang, home in homes.items()
            ]
            switcher = [
                alt | {"link": homes.get(alt.get("lang", ""), alt.get("link", ""))}
                for alt in config.extra.get("alternate", [])
            ]
            # mkdocs-static-i18n sets the attribute (which Jinja reads first), not the key.
            config.extra.alternate = switcher  # type: ignore[attr-defined]
        return context

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        """The HTML search does not index (citations, footnotes, steps); a page of another
        language searches that language's index."""
        rendered = self.rendered.pop(page.file.src_uri, None)
        if rendered is not None:
            slots = {
                PRINT_EDITION_SLOT: self.home_paragraph(page),
                SUMMARY_PDF_SLOT: self.summary_paragraph(page),
            }
            output = rendered.finish(output, slots)
        lang = i18n.page_language(page.file)
        if lang == self.languages[0]:
            return output
        return offline.search_base_for(lang, typeset_attributes(output, lang))

    # -- after each language's build, and after the last -------------------------

    @event_priority(-50)  # after Material's search plugin writes the index, before i18n builds on
    def _keep_language_index(self, config: MkDocsConfig) -> None:
        # Each language's build writes search/search_index.json; keep each language's own.
        # The pipeline stays Material's (en + fr): lunr's French trimmer alone drops digits,
        # and readers search rules by number.
        try:
            self._write_language_index(config)
        finally:  # this language's pages and index are written: its words are not said again
            forget_filled()
            if self.site is not None:
                self.site.language_done()

    def _write_language_index(self, config: MkDocsConfig) -> None:
        found = offline.read_index(Path(config.site_dir))
        lang = str(config.theme["language"])
        for made, path in (
            (self.printed.get(lang), links.print_edition(lang)),
            (self.summaries.get(lang), links.summary_pdf(lang)),
        ):
            if made is not None:
                file = Path(config.site_dir) / path
                file.parent.mkdir(parents=True, exist_ok=True)
                file.write_bytes(made.pdf)
        if found is None:
            return
        index = offline.language_index(found, lang)
        index["docs"] += self.require_site().search_entries(lang)
        if lang == self.languages[0]:
            self.english_index = offline.index_text(index)
            # Each language's build writes the site's one 404 page: keep the source language's.
            self.not_found = (Path(config.site_dir) / "404.html").read_bytes()
        else:
            folder = Path(config.site_dir) / links.language_folder(lang) / "search"
            offline.write_index(folder, offline.index_text(index))

    @event_priority(-150)  # after mkdocs-static-i18n has built the other languages
    def _finish(self, config: MkDocsConfig) -> None:
        if i18n.building_other_language(config):
            return
        if self.misplaced:  # every language's, at once
            found = ProblemsFound(self.misplaced)
            raise PluginError(f"{len(found.problems)} problem(s) in the site sources:\n{found}")
        site_dir = Path(config.site_dir)
        # mkdocs-static-i18n rewrites the shared index with every language: the source's only.
        if self.english_index is not None:
            offline.write_index(site_dir / "search", self.english_index)
        if self.not_found:
            (site_dir / "404.html").write_bytes(self.not_found)
        offline.share_sitemap(site_dir)
        # Last: the service worker's manifest lists every file of the site as written.
        root = Path(config.config_file_path).parent
        try:
            if self.serving:
                precache.gone(site_dir)
            else:
                precache.write(site_dir, root / self.config.workbox_dir)
        except ProblemsFound as found:
            raise PluginError(f"the service worker:\n{found}") from None
        if self.printer is not None:
            self.printer.close()
            self.printer.prune()
        if self.site is not None:
            self.site.steps.prune()
            log.info(self.site.examples.stats.summary())

    on_post_build = CombinedEvent(_keep_language_index, _finish, _move_into_place)

    def home_paragraph(self, page: Page) -> str:
        """The home page's link to its language's print edition, or that this build made none."""
        here = i18n.page_of(page.file)
        made = self.printed.get(here.lang)
        href = links.shared(here, links.print_edition(here.lang)) if made else None
        said = home_html(href, len(made.pdf) if made else 0, here.lang)
        return f'<p class="rb-print-edition">{said}</p>'

    def summary_paragraph(self, page: Page) -> str:
        """The combat summary's link to its PDF; nothing where this build printed none (the
        page prints from the browser all the same)."""
        here = i18n.page_of(page.file)
        made = self.summaries.get(here.lang)
        if made is None:
            return ""
        href = links.shared(here, links.summary_pdf(here.lang))
        return pdf_html(href, size_text(len(made.pdf), here.lang), here.lang)

    def on_shutdown(self) -> None:
        if self.printer is not None:
            self.printer.close()

    def require_site(self) -> SiteBuild:
        if self.site is None:
            raise PluginError("riftbound: the site was not loaded (on_config did not run)")
        return self.site


class WarningCount(logging.Handler):
    """Counts the warnings MkDocs logs: a --strict build that logged one fails after its last
    event, and is not put in place."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


def _log_notices(notices: list[Problem]) -> None:
    """What the build lists without failing (French rule texts to revise), each at its line."""
    if notices:
        log.info(
            f"{len(notices)} rule translation(s) follow an older English text (listed on the "
            "translation status page):\n" + "\n".join(map(str, notices))
        )


def _walk(toc: Iterable[AnchorLink]) -> Iterator[AnchorLink]:
    for anchor in toc:
        yield anchor
        yield from _walk(anchor.children)
