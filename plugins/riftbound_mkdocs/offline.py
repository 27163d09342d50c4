"""A site that works from disk, a zip or any host: one search index per language, the file://
search shim from npm, the sitemaps Material's JavaScript asks for, and our scripts and
stylesheets under names that change with their content."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

import links

# The iframe-worker shim: Material loads the scripts named in extra.polyfills on every page.
SHIM_PATH = "assets/iframe-worker/shim.js"
# Ours, loaded in every page's head before the theme's script (extra.polyfills too): from
# disk, the page asks for no sitemap.xml the browser would refuse.
FROM_DISK = "assets/from-disk.js"
# Ours, loaded by every page of a built site (not one mkdocs serve serves): it registers the
# service worker that keeps a hosted copy on the reader's device (docset.precache).
REGISTER = "assets/offline.js"

# Material's page configuration: <script id="__config" …>{… "base": "..", …
CONFIG_BASE = re.compile(
    r'(<script id="__config" type="application/json">[^<]*?"base":\s*)"([^"]*)"'
)


def search_base_for(lang: str, output: str) -> str:
    """Point a page's search at its language's folder: ``base`` ".." becomes "../fr/"."""
    return CONFIG_BASE.sub(lambda m: f'{m[1]}"{links.search_base(m[2], lang)}"', output, count=1)


def language_index(index: dict[str, Any], lang: str) -> dict[str, Any]:
    """The entries of one language, located from that language's folder."""
    prefix = links.language_folder(lang)
    docs = [
        doc | {"location": doc["location"].removeprefix(prefix)}
        for doc in index["docs"]
        if doc["location"].startswith(prefix)
    ]
    return index | {"docs": docs}


def read_index(site_dir: Path) -> dict[str, Any] | None:
    shared = site_dir / "search" / "search_index.json"
    if not shared.is_file():
        return None
    index: dict[str, Any] = json.loads(shared.read_text(encoding="utf-8"))
    return index


def index_text(index: dict[str, Any]) -> str:
    """A search index as its file holds it (a build keeps the text, a tenth of the objects)."""
    return json.dumps(index, ensure_ascii=False, separators=(",", ":"))


def write_index(folder: Path, data: str) -> None:
    """search_index.json for http, search_index.js for file:// (where Material loads a script);
    ``data``: ``index_text``'s."""
    folder.mkdir(parents=True, exist_ok=True)
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


def name_assets_by_content(config: MkDocsConfig) -> dict[str, str]:
    """Our stylesheets and scripts in the docs folder (``extra_css``, ``extra_javascript``,
    and ``FROM_DISK``, added to the theme's ``extra.polyfills``),
    renamed in the configuration to names that carry their content's hash, as the theme names
    its own: after a redeploy, a host or browser that kept one for long never pairs an old
    copy with new pages. Returns each one's path → its new path (for ``rename_assets``)."""
    docs = Path(config.docs_dir)
    renamed: dict[str, str] = {}

    def named(path: str) -> str:
        source = docs / path
        if not source.is_file():  # a typo, or a remote file: the site loads nothing remote
            raise PluginError(
                f"{config.config_file_path}: extra_css/extra_javascript: "
                f"'{path}' is not a file of {config.docs_dir}"
            )
        renamed[path] = links.content_named(path, source.read_bytes())
        return renamed[path]

    config.extra_css = [named(path) for path in config.extra_css]
    for n, script in enumerate(config.extra_javascript):
        if isinstance(script, str):
            config.extra_javascript[n] = named(script)
        else:
            script.path = named(script.path)
    polyfills = config.extra.setdefault("polyfills", [])
    if (from_disk := named(FROM_DISK)) not in polyfills:
        polyfills.insert(0, from_disk)
    return renamed


def rename_assets(files: Files, config: MkDocsConfig, renamed: dict[str, str]) -> None:
    """Write each renamed stylesheet or script under its new name (``name_assets_by_content``)."""
    for old, new in renamed.items():
        file = files.get_file_from_path(old)
        if file is None or file.abs_src_path is None:
            raise PluginError(
                f"{old}: in extra_css or extra_javascript, not among the site's files"
            )
        files.remove(file)
        files.append(File.generated(config, new, abs_src_path=file.abs_src_path))
