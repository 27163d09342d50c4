"""Crawl the built site: every internal link and anchor resolves, in both languages."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from bs4 import BeautifulSoup

from tests.soup import attr, optional_attr

EXTERNAL = ("http:", "https:", "mailto:", "data:", "javascript:")


@cache
def ids_in(file: Path) -> frozenset[str]:
    soup = BeautifulSoup(file.read_text(encoding="utf-8"), "html.parser")
    return frozenset(attr(tag, "id") for tag in soup.select("[id]"))


def test_no_broken_internal_link_or_anchor(built_site: Path) -> None:
    pages = sorted(built_site.rglob("*.html"))
    assert any(p.parts[-2] == "fr" for p in pages) and len(pages) > 20
    broken: list[str] = []
    checked = 0
    for page in pages:
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for tag in soup.select("a[href], link[href], script[src], img[src]"):
            url = optional_attr(tag, "href") or optional_attr(tag, "src")
            if not url or url.startswith(EXTERNAL):
                continue
            parts = urlsplit(url)
            # 404.html links from the site root ("/…"): it is served at any depth.
            base = built_site if parts.path.startswith("/") else page.parent
            target = (base / unquote(parts.path).lstrip("/")).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            checked += 1
            where = f"{page.relative_to(built_site)} → {url}"
            if not target.is_file():
                broken.append(f"{where}: no such file")
            elif (
                parts.fragment
                and target.suffix == ".html"
                and unquote(parts.fragment) not in ids_in(target)
            ):
                broken.append(f"{where}: no anchor #{parts.fragment}")
    assert checked > 500
    assert broken == []


def test_site_links_nothing_outside_itself(built_site: Path) -> None:
    """Pages may name outside addresses in text, but load nothing from them."""
    loaded: list[str] = []
    for page in built_site.rglob("*.html"):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for tag in soup.select("link[href], script[src], img[src], iframe[src], source[src]"):
            url = optional_attr(tag, "href") or optional_attr(tag, "src") or ""
            if tag.name == "link" and tag.get("rel") in (["canonical"], ["alternate"]):
                continue
            if urlsplit(url).scheme in ("http", "https") or url.startswith("//"):
                loaded.append(f"{page.relative_to(built_site)}: {tag.name} {url}")
    assert loaded == []
