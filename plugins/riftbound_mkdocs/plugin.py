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
- ``on_post_page`` / ``on_post_build``: one search index per language and
  the rest of what the site needs offline (``offline.py``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink
from mkdocs.utils.templates import TemplateContext

import links
from browser_engine.pack import EngineAssets, engine_assets
from diagnostics import Problem, ProblemsFound
from docset import interface
from docset.build import RenderedPage, SiteBuild, SiteProblems, load_site, without_citations
from docset.typography_extension import TypographyExtension
from riftbound_mkdocs import i18n, offline
from riftbound_mkdocs.config import RiftboundConfig
from vocabulary import forget_changed_catalogs

log = logging.getLogger("mkdocs.plugins.riftbound")


class RiftboundPlugin(BasePlugin[RiftboundConfig]):
    def __init__(self) -> None:
        super().__init__()
        self.site: SiteBuild | None = None  # loaded once per build (see on_config)
        self.languages: tuple[str, ...] = ()
        # Per language build: generated pages by src_uri, and pages awaiting their inserts.
        self.generated: dict[str, RenderedPage] = {}
        self.rendered: dict[str, RenderedPage] = {}
        self.english_index: dict[str, Any] | None = None
        self.not_found = b""
        self.typography = TypographyExtension()
        self.shim = Path()
        self.shim_path = ""  # where the site has it: a name its content gives it
        self.renamed: dict[str, str] = {}  # our stylesheets and scripts → their hashed names
        self.engine = EngineAssets({}, "")  # the in-browser engine, shared by languages
        self.serving = False

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"

    @event_priority(0)
    def _load(self, config: MkDocsConfig) -> MkDocsConfig:
        if i18n.building_other_language(config) and self.site is not None:
            return config  # examples are run once per build, not once per language
        root = Path(config.config_file_path).parent
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
            )
        except ProblemsFound as found:
            raise PluginError(f"the in-browser engine:\n{found}") from None
        # Every page loads our scripts and stylesheets by names their content gives them.
        self.renamed = offline.name_assets_by_content(config)
        if self.engine.start not in map(str, config.extra_javascript):
            config.extra_javascript.append(self.engine.start)
        self.shim_path = links.content_named(offline.SHIM_PATH, self.shim.read_bytes())
        polyfills = config.extra.setdefault("polyfills", [])
        if self.shim_path not in polyfills:
            polyfills.append(self.shim_path)
        if self.typography not in config.markdown_extensions:
            config.markdown_extensions.append(self.typography)  # type: ignore[arg-type]
        return config

    @event_priority(-150)  # after mkdocs-static-i18n set the language of this build
    def _frame_words(self, config: MkDocsConfig) -> MkDocsConfig:
        lang = str(config.theme["language"])
        config.site_name = interface.SITE_NAME(lang)
        config.site_description = interface.SITE_DESCRIPTION(lang)
        config.copyright = interface.COPYRIGHT(lang)
        for palette, word in zip(
            config.theme["palette"], (interface.TO_DARK, interface.TO_LIGHT), strict=False
        ):
            palette.setdefault("toggle", {})["name"] = word(lang)
        config.mdx_configs.setdefault("toc", {})["permalink_title"] = interface.PERMALINK(lang)
        return config

    on_config = CombinedEvent(_load, _frame_words)

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
        for path, page in site.generated_pages(lang).items():
            file = i18n.generated_page(
                config, links.Page(lang, path), page.markdown, self.languages
            )
            self.generated[file.src_uri] = page
            files.append(file)
        for output, html in site.unversioned_pages(lang).items():
            files.append(File.generated(config, output, content=html))
        offline.rename_assets(files, config, self.renamed)  # each language's build writes them
        if lang == self.languages[0]:  # shared by every language
            files.append(File.generated(config, self.shim_path, abs_src_path=str(self.shim)))
            for path, content in self.engine.files.items():
                files.append(File.generated(config, path, content=content))
            for run in site.runs.values():
                files.append(
                    File.generated(config, f"examples/{run.id}.yml", abs_src_path=str(run.source))
                )
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
        for anchor in _walk(page.toc):
            anchor.title = without_citations(anchor.title)
        return rendered.content(html)

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
            output = rendered.finish(output)
        lang = i18n.page_language(page.file)
        return output if lang == self.languages[0] else offline.search_base_for(lang, output)

    # -- after each language's build, and after the last -------------------------

    @event_priority(-50)  # after Material's search plugin writes the index, before i18n builds on
    def _keep_language_index(self, config: MkDocsConfig) -> None:
        # Each language's build writes search/search_index.json; keep each language's own.
        # The pipeline stays Material's (en + fr): lunr's French trimmer alone drops digits,
        # and readers search rules by number.
        found = offline.read_index(Path(config.site_dir))
        lang = str(config.theme["language"])
        if found is None:
            return
        index = offline.language_index(found, lang)
        index["docs"] += self.require_site().search_entries(lang)
        if lang == self.languages[0]:
            self.english_index = index
            # Each language's build writes the site's one 404 page: keep the source language's.
            self.not_found = (Path(config.site_dir) / "404.html").read_bytes()
        else:
            folder = Path(config.site_dir) / links.language_folder(lang) / "search"
            offline.write_index(folder, index)

    @event_priority(-150)  # after mkdocs-static-i18n has built the other languages
    def _finish(self, config: MkDocsConfig) -> None:
        if i18n.building_other_language(config):
            return
        site_dir = Path(config.site_dir)
        # mkdocs-static-i18n rewrites the shared index with every language: the source's only.
        if self.english_index is not None:
            offline.write_index(site_dir / "search", self.english_index)
        if self.not_found:
            (site_dir / "404.html").write_bytes(self.not_found)
        offline.share_sitemap(site_dir)
        if self.site is not None:
            log.info(self.site.examples.stats.summary())

    on_post_build = CombinedEvent(_keep_language_index, _finish)

    def require_site(self) -> SiteBuild:
        if self.site is None:
            raise PluginError("riftbound: the site was not loaded (on_config did not run)")
        return self.site


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
