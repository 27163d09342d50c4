"""A site that works from disk, a zip or any host: one search index per language, the file://
search shim from npm, and the sitemaps Material's JavaScript asks for."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import links

# The iframe-worker shim: Material loads the scripts named in extra.polyfills on every page.
SHIM_PATH = "assets/iframe-worker/shim.js"

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


def write_index(folder: Path, index: dict[str, Any]) -> None:
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
