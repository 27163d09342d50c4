"""The built site's service worker (docset/precache.py): its manifest lists every file the build
wrote, as written (the worker is the build's last file); every page loads the script that
registers it, once, and nothing of Workbox (the worker's own scripts)."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from docset import precache
from tests.docset.test_precache import data_of


def test_the_built_sites_worker_keeps_every_file_it_was_written_with(built_site: Path) -> None:
    """The worker is the build's last file: its manifest lists every other one, as written."""
    data = data_of((built_site / precache.SCRIPT).read_bytes())
    listed = {entry["url"]: entry["revision"] for entry in data["manifest"]}  # type: ignore[attr-defined]
    on_disk = {
        p.relative_to(built_site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()[:16]
        for p in built_site.rglob("*")
        if p.is_file() and p.name != "sw.js" and p.suffix != ".gz"
    }
    assert listed == on_disk
    assert any(path.endswith(".pdf") for path in listed)  # the print editions, written before


def test_every_page_loads_the_registering_script_once_and_nothing_of_workbox(
    built_site: Path,
) -> None:
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 30
    registering = set()
    for page in pages:
        html = page.read_text(encoding="utf-8")
        found = re.findall(r'<script src="([^"]*assets/offline\.[0-9a-f]{12}\.js)"', html)
        if re.search(r"rules-browser/\d+\.html$", page.as_posix()):
            assert found == [], page  # an address from before versions: it only leads on
            continue
        assert len(found) == 1, page
        registering.add(found[0].rsplit("/", 1)[1])
        assert "workbox" not in html and "sw.js" not in html, page
    [script] = registering
    assert (built_site / "assets" / script).stat().st_size < 2000
