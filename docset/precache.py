"""The hosted site kept on the reader's device: a service worker (``sw.js``, at the site's root)
that precaches every file of one build with Workbox (npm, pinned in ``package-lock.json``), so
that after one visit over http(s) every page, the search and the in-browser engine open with
no network.

The manifest is the build's: every file of the site but the worker itself, each with a hash of
its content, in the worker's own script. A new build is thus a new worker: the browser installs
it beside the old one, which goes on serving its own build whole; once the site's only page
left open asks it to (``docs/assets/offline.js``), it takes over, Workbox deletes every entry
its manifest does not name, and that page reloads from it. A page of one build is never served
with files of another.

From disk (``file://``, a zip) nothing registers: every file is there already. ``mkdocs serve``
writes a worker that removes itself (``gone``): a site being written is never kept, and one a
build served at the same address is not served in its place.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

import links
import markup
from diagnostics import Problem, ProblemsFound
from vocabulary import message

SCRIPT = "sw.js"  # at the site's root: its scope is the whole site, at any host and sub-path
FOLDER = "assets/workbox"
# Workbox's modules, each a production build its npm package ships, in the order they load:
# precaching needs the other three.
WORKBOX = ("workbox-core", "workbox-routing", "workbox-strategies", "workbox-precaching")
NOT_KEPT = (".gz",)  # sitemap.xml.gz: for search engines, never asked for by a page

SAVING = message("offline:saving", "Saving this site on this device, to read it offline…")
SAVED = message("offline:saved", "Saved on this device: this site opens offline.")
FAILED = message("offline:failed", "This site could not be saved on this device for offline use.")


def workbox_files(node_modules: Path) -> dict[str, bytes]:
    """Workbox's modules, by the path each has in the site: a name that carries its content's
    hash (a host may keep them for ever)."""
    files: dict[str, bytes] = {}
    missing = []
    for package in WORKBOX:
        source = node_modules / package / "build" / f"{package}.prod.js"
        if not source.is_file():
            missing.append(Problem(str(source), 0, "missing: run `npm ci` (make does)"))
            continue
        data = source.read_bytes()
        files[links.content_named(f"{FOLDER}/{package}.js", data)] = data
    if missing:
        raise ProblemsFound(missing)
    return files


def manifest(site: Path) -> list[dict[str, str]]:
    """Every file of the built site but the worker, as Workbox's precache manifest: its address
    from the worker's (the site's root) and a hash of its content."""
    entries = []
    for file in sorted(p for p in site.rglob("*") if p.is_file()):
        path = file.relative_to(site).as_posix()
        if path == SCRIPT or path.endswith(NOT_KEPT):
            continue
        with open(file, "rb") as content:  # a piece at a time: the engine's are megabytes
            revision = hashlib.file_digest(content, "sha256").hexdigest()[:16]
        entries.append({"url": quote(path), "revision": revision})
    return entries


def worker(entries: list[dict[str, str]], scripts: list[str]) -> bytes:
    """The worker's script: a line of data (the build's id, Workbox's scripts, the manifest),
    then ``static/service-worker.js``."""
    listed = json.dumps(entries, separators=(",", ":"), sort_keys=True)
    build = hashlib.sha256(listed.encode()).hexdigest()[:16]
    data: dict[str, Any] = {"build": build, "workbox": scripts, "manifest": entries}
    body = resources.files("docset").joinpath("static", "service-worker.js").read_bytes()
    return b"self.RiftboundPrecache = " + markup.script_json(data).encode() + b";\n" + body


def write(site: Path, node_modules: Path) -> None:
    """Workbox's modules and the worker, into the built ``site`` (its last files)."""
    scripts = []
    for path, data in workbox_files(node_modules).items():
        target = site / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        scripts.append(path)
    (site / SCRIPT).write_bytes(worker(manifest(site), scripts))


def gone(site: Path) -> None:
    """The worker ``mkdocs serve`` writes: it removes itself and its cache."""
    body = resources.files("docset").joinpath("static", "service-worker-gone.js").read_bytes()
    (site / SCRIPT).write_bytes(body)


def footer_line(lang: str) -> str:
    """The footer's line that says whether the site is saved for offline use (offline.js
    shows the one that holds; hidden until then, and from disk)."""
    words = {"saving": SAVING, "saved": SAVED, "failed": FAILED}
    attributes = "".join(
        f' data-{state}="{markup.attribute(word(lang))}"' for state, word in words.items()
    )
    return f'<p class="rb-offline" hidden{attributes}></p>'
