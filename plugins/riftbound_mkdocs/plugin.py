"""The MkDocs adapter: wires MkDocs events to the core (rulebook, docset, engine, worked_examples).

- ``on_config``: once per build (not per language), load the rules, run and
  verify the examples, scan both languages' pages; report every problem.
- ``on_files``: add ``docs_fr/X`` as page ``fr/X`` before mkdocs-static-i18n
  sorts files by language, point it back at the real file afterwards, and add
  the generated pages (rules browser, all examples) for the language built.
- ``on_page_markdown``: rule references become footnotes, example
  directives become the rendered example.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path, PurePosixPath

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from docset import LANGUAGE_FOLDERS
from docset.site import RenderedPage, SiteModel, load_site
from engine import ProblemsFound
from riftbound_mkdocs.config import RiftboundConfig

log = logging.getLogger("mkdocs.plugins.riftbound")
FRENCH = "fr"


def building_other_language(config: MkDocsConfig) -> bool:
    """mkdocs-static-i18n rebuilds the site once per extra language, setting ``building``."""
    i18n = config.plugins.get("i18n")
    return bool(getattr(i18n, "building", False))


class RiftboundPlugin(BasePlugin[RiftboundConfig]):
    site: SiteModel | None = None

    def __init__(self) -> None:
        super().__init__()
        # Per language build: generated pages by src_uri, and pages awaiting their inserts.
        self.generated: dict[str, RenderedPage] = {}
        self.rendered: dict[str, RenderedPage] = {}
        self.english_index: dict[str, object] = {}
        self.shim = Path()

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        if building_other_language(config) and self.site is not None:
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
        shim = root / self.config.file_worker_shim
        if not shim.is_file():
            raise PluginError(
                f"{self.config.file_worker_shim} is missing: run `npm ci` (make does)"
            )
        self.shim = shim
        polyfills = config.extra.setdefault("polyfills", [])
        if SHIM_PATH not in polyfills:
            polyfills.append(SHIM_PATH)
        return config

    # -- files -----------------------------------------------------------------

    @event_priority(50)  # before mkdocs-static-i18n (-100): it keeps files under docs_dir only
    def _add_french_pages(self, files: Files, config: MkDocsConfig) -> Files:
        french = Path(config.config_file_path).parent / LANGUAGE_FOLDERS[FRENCH]
        for source in sorted(french.rglob("*")):
            if source.is_file():
                src = f"{FRENCH}/{source.relative_to(french).as_posix()}"
                files.append(File(src, config.docs_dir, config.site_dir, config.use_directory_urls))
        return files

    @event_priority(-150)  # after mkdocs-static-i18n
    def _point_at_real_files(self, files: Files, config: MkDocsConfig) -> Files:
        site = self.require_site()
        french = site.root / LANGUAGE_FOLDERS[FRENCH]
        for file in files:
            if file.src_uri.startswith(f"{FRENCH}/") and file.generated_by is None:
                file.abs_src_path = str(french / file.src_uri.removeprefix(f"{FRENCH}/"))
        lang = str(config.theme["language"])
        self.generated = {}
        for path, page in site.generated_pages(lang).items():
            file = self.generated_file(config, lang, path, page.markdown)
            self.generated[file.src_uri] = page
            files.append(file)
        if lang == "en":
            files.append(File.generated(config, SHIM_PATH, abs_src_path=str(self.shim)))
            for run in site.runs.values():
                files.append(
                    File.generated(config, f"examples/{run.id}.yml", abs_src_path=str(run.source))
                )
        return files

    on_files = CombinedEvent(_add_french_pages, _point_at_real_files)

    @staticmethod
    def generated_file(config: MkDocsConfig, lang: str, path: str, content: str) -> File:
        """A generated page, with the language metadata mkdocs-static-i18n's switcher reads."""
        file = File.generated(config, localized_path(lang, path), content=content)
        twins = {
            other: file
            if other == lang
            else File.generated(config, localized_path(other, path), content="")
            for other in LANGUAGE_FOLDERS
        }
        file.alternates = twins  # type: ignore[attr-defined]
        file.locale = lang  # type: ignore[attr-defined]
        file.locale_alternate_of = lang  # type: ignore[attr-defined]
        return file

    # -- pages -----------------------------------------------------------------

    def on_page_markdown(
        self, markdown: str, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        generated = self.generated.get(page.file.src_uri)
        if generated is not None:
            self.rendered[page.file.src_uri] = generated
            return markdown
        lang = getattr(page.file, "locale", "en")
        path = page.file.src_uri.removeprefix(f"{FRENCH}/") if lang == FRENCH else page.file.src_uri
        try:
            rendered = self.require_site().render_markdown(markdown, lang, path)
        except ProblemsFound as found:
            raise PluginError(str(found)) from None
        self.rendered[page.file.src_uri] = rendered
        return rendered.markdown

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Insert the HTML that skipped Markdown, and declare its anchors for link checks."""
        if getattr(page.file, "locale", "en") == FRENCH:
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
                alt | {"link": localized_path(alt.get("lang", "en"), "index.html")}
                for alt in config.extra.get("alternate", [])
            ]
            # mkdocs-static-i18n sets the attribute (which Jinja reads first), not the key.
            config.extra.alternate = homes  # type: ignore[attr-defined]
        return context

    # -- search: one index per language ------------------------------------------

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        """French pages read the French index: their search base is the fr/ folder."""
        lang = getattr(page.file, "locale", "en")
        if lang == "en":
            return output
        return CONFIG_BASE.sub(lambda m: f'{m[1]}"{m[2]}/{lang}/"', output, count=1)

    @event_priority(-50)  # after Material's search plugin writes the index, before i18n builds on
    def _split_search_index(self, config: MkDocsConfig) -> None:
        lang = str(config.theme["language"])
        shared = Path(config.site_dir) / "search" / "search_index.json"
        if not shared.is_file():
            return
        # The pipeline stays Material's (en + fr): lunr's French trimmer alone drops digits,
        # and readers search rules by number.
        index = json.loads(shared.read_text(encoding="utf-8"))
        if lang == "en":
            self.english_index = index
        else:
            prefix = f"{lang}/"
            index["docs"] = [
                doc | {"location": doc["location"].removeprefix(prefix)}
                for doc in index["docs"]
                if doc["location"].startswith(prefix)
            ]
            write_index(Path(config.site_dir) / lang / "search", index)

    @event_priority(-150)  # after mkdocs-static-i18n has built the other languages
    def _finish(self, config: MkDocsConfig) -> None:
        if building_other_language(config):
            return
        # mkdocs-static-i18n rewrites the shared index with every language: English only there.
        site_dir = Path(config.site_dir)
        if self.english_index:
            write_index(site_dir / "search", self.english_index)
        share_sitemap(site_dir)
        if self.site is not None:
            log.info(self.site.stats.summary())

    on_post_build = CombinedEvent(_split_search_index, _finish)

    def require_site(self) -> SiteModel:
        if self.site is None:
            raise PluginError("riftbound: the site was not loaded (on_config did not run)")
        return self.site


# Python-Markdown's footnotes title their back-links in English, whatever the page's language.
BACKLINK_TITLE = re.compile(r'title="Jump back to footnote (\d+) in the text"')

# Material's page configuration: <script id="__config" …>{"base": "..", …
CONFIG_BASE = re.compile(
    r'(<script id="__config" type="application/json">[^<]*?"base":\s*)"([^"]*)"'
)


# The iframe-worker shim: Material loads scripts named in extra.polyfills on every page.
SHIM_PATH = "assets/iframe-worker/shim.js"


def write_index(folder: Path, index: object) -> None:
    """search_index.json for http, search_index.js for file:// (where Material loads a script)."""
    folder.mkdir(parents=True, exist_ok=True)
    data = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
    (folder / "search_index.json").write_text(data, encoding="utf-8")
    (folder / "search_index.js").write_text(f"var __index = {data}", encoding="utf-8")


def share_sitemap(site_dir: Path) -> None:
    """Material's JavaScript reads sitemap.xml beside each language link of a page: give every
    folder of pages the site's sitemap (it lists both languages), so nothing it asks is missing."""
    sitemap = site_dir / "sitemap.xml"
    if not sitemap.is_file():
        return
    for folder in sorted({page.parent for page in site_dir.rglob("*.html")}):
        if not (folder / "sitemap.xml").is_file():
            (folder / "sitemap.xml").write_bytes(sitemap.read_bytes())


def localized_path(lang: str, path: str) -> str:
    return path if lang == "en" else str(PurePosixPath(lang) / path)
