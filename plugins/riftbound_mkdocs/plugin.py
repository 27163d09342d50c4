"""The MkDocs plugin: wires MkDocs events to the core (rulebook, docset, engine, worked_examples).

- ``on_config``: once per build (not per language), load the rules, run and
  verify the examples, scan both languages' pages; report every problem.
- ``on_files``: add ``docs_fr/X`` as page ``fr/X`` around mkdocs-static-i18n
  (``i18n.py``), and the generated pages (rules browser, all examples,
  translation status) for the language built.
- ``on_page_markdown`` / ``on_page_content``: rule references become
  footnotes; rendered examples and rules are inserted after Markdown.
- ``on_post_page`` / ``on_post_build``: one search index per language and
  the rest of what the site needs offline (``offline.py``).
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from browser_engine.pack import engine_assets
from docset.site import RenderedPage, SiteModel, load_site
from engine import ProblemsFound
from riftbound_mkdocs import i18n, offline
from riftbound_mkdocs.config import RiftboundConfig

log = logging.getLogger("mkdocs.plugins.riftbound")

# Python-Markdown's footnotes title their back-links in English, whatever the page's language.
BACKLINK_TITLE = re.compile(r'title="Jump back to footnote (\d+) in the text"')


class RiftboundPlugin(BasePlugin[RiftboundConfig]):
    def __init__(self) -> None:
        super().__init__()
        self.site: SiteModel | None = None  # loaded once per build (see on_config)
        # Per language build: generated pages by src_uri, and pages awaiting their inserts.
        self.generated: dict[str, RenderedPage] = {}
        self.rendered: dict[str, RenderedPage] = {}
        self.english_index: dict[str, Any] | None = None
        self.shim = Path()
        self.engine_files: dict[str, bytes] = {}  # the in-browser engine, shared by languages

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        if i18n.building_other_language(config) and self.site is not None:
            return config  # examples are run once per build, not once per language (same config)
        root = Path(config.config_file_path).parent
        try:
            self.site = load_site(
                root,
                rules_dir=self.config.rules_dir,
                edition=self.config.edition,
                examples_dir=self.config.examples_dir,
                cache_dir=self.config.cache_dir or None,
                previous=self.site,
            )
        except ProblemsFound as found:
            raise PluginError(
                f"{len(found.problems)} problem(s) in the site sources:\n{found}"
            ) from None
        self.shim = root / self.config.file_worker_shim
        if not self.shim.is_file():
            raise PluginError(
                f"{self.config.file_worker_shim} is missing: run `npm ci` (make does)"
            )
        try:
            self.engine_files = engine_assets(
                self.site.runs,
                self.site.rules,
                root / self.config.pyodide_dir,
                root / self.config.engine_cache_dir if self.config.engine_cache_dir else None,
            )
        except ProblemsFound as found:
            raise PluginError(f"the in-browser engine:\n{found}") from None
        polyfills = config.extra.setdefault("polyfills", [])
        if offline.SHIM_PATH not in polyfills:
            polyfills.append(offline.SHIM_PATH)
        return config

    # -- files -----------------------------------------------------------------

    @event_priority(50)  # before mkdocs-static-i18n (-100)
    def _add_french_pages(self, files: Files, config: MkDocsConfig) -> Files:
        i18n.add_french_files(files, config)
        return files

    @event_priority(-150)  # after mkdocs-static-i18n
    def _add_generated_pages(self, files: Files, config: MkDocsConfig) -> Files:
        site = self.require_site()
        i18n.point_at_docs_fr(files, site.root)
        lang = str(config.theme["language"])
        self.generated = {}
        for path, page in site.generated_pages(lang).items():
            file = i18n.generated_page(config, lang, path, page.markdown)
            self.generated[file.src_uri] = page
            files.append(file)
        if lang == "en":  # shared by both languages
            files.append(File.generated(config, offline.SHIM_PATH, abs_src_path=str(self.shim)))
            for path, content in self.engine_files.items():
                files.append(File.generated(config, path, content=content))
            for run in site.runs.values():
                files.append(
                    File.generated(config, f"examples/{run.id}.yml", abs_src_path=str(run.source))
                )
        return files

    on_files = CombinedEvent(_add_french_pages, _add_generated_pages)

    # -- pages -----------------------------------------------------------------

    def on_page_markdown(
        self, markdown: str, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        generated = self.generated.get(page.file.src_uri)
        if generated is not None:
            self.rendered[page.file.src_uri] = generated
            return markdown
        lang = i18n.page_language(page.file)
        path = page.file.src_uri.removeprefix(f"{lang}/") if lang != "en" else page.file.src_uri
        try:
            rendered = self.require_site().render_markdown(markdown, lang, path)
        except ProblemsFound as found:
            raise PluginError(str(found)) from None
        self.rendered[page.file.src_uri] = rendered
        return rendered.markdown

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Insert the HTML that skipped Markdown, and declare its anchors for link checks."""
        if i18n.page_language(page.file) == i18n.FRENCH:
            html = BACKLINK_TITLE.sub(lambda m: f'title="Revenir à l\'appel de note {m[1]}"', html)
        rendered = self.rendered.pop(page.file.src_uri, None)
        if rendered is None:
            return html
        if page.present_anchor_ids is not None:
            page.present_anchor_ids |= rendered.anchors
        return rendered.insert_into(html)

    def on_template_context(
        self, context: TemplateContext, /, *, template_name: str, config: MkDocsConfig
    ) -> TemplateContext:
        """The 404 page's language switcher: each language's home, not the last page built."""
        if template_name == "404.html":
            homes = [
                alt | {"link": i18n.localized_path(alt.get("lang", "en"), "index.html")}
                for alt in config.extra.get("alternate", [])
            ]
            # mkdocs-static-i18n sets the attribute (which Jinja reads first), not the key.
            config.extra.alternate = homes  # type: ignore[attr-defined]
        return context

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        """A French page searches the French index."""
        lang = i18n.page_language(page.file)
        return output if lang == "en" else offline.search_base_for(lang, output)

    # -- after each language's build, and after the last -------------------------

    @event_priority(-50)  # after Material's search plugin writes the index, before i18n builds on
    def _keep_language_index(self, config: MkDocsConfig) -> None:
        # Each language's build writes search/search_index.json; keep each language's own.
        # The pipeline stays Material's (en + fr): lunr's French trimmer alone drops digits,
        # and readers search rules by number.
        index = offline.read_index(Path(config.site_dir))
        lang = str(config.theme["language"])
        if index is None:
            return
        if lang == "en":
            self.english_index = index
        else:
            folder = Path(config.site_dir) / lang / "search"
            offline.write_index(folder, offline.language_index(index, lang))

    @event_priority(-150)  # after mkdocs-static-i18n has built the other languages
    def _finish(self, config: MkDocsConfig) -> None:
        if i18n.building_other_language(config):
            return
        site_dir = Path(config.site_dir)
        # mkdocs-static-i18n rewrites the shared index with every language: English only there.
        if self.english_index is not None:
            offline.write_index(site_dir / "search", self.english_index)
        offline.share_sitemap(site_dir)
        if self.site is not None:
            log.info(self.site.stats.summary())

    on_post_build = CombinedEvent(_keep_language_index, _finish)

    def require_site(self) -> SiteModel:
        if self.site is None:
            raise PluginError("riftbound: the site was not loaded (on_config did not run)")
        return self.site
