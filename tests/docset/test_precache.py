"""The service worker a build writes (docset/precache.py): its manifest is every file of the
site as written, each with its content's hash; Workbox comes from npm under names that carry
its content's hash; a missing package is named (the built site's: tests/site/test_precache.py)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from diagnostics import ProblemsFound
from docset import precache
from tests.conftest import ROOT

NODE_MODULES = ROOT / "node_modules"


def data_of(worker: bytes) -> dict[str, object]:
    line = worker.split(b"\n", 1)[0].decode()
    loaded: dict[str, object] = json.loads(
        line.removeprefix("self.RiftboundPrecache = ").removesuffix(";")
    )
    return loaded


def test_the_manifest_is_every_file_but_the_worker_each_with_its_contents_hash(
    tmp_path: Path,
) -> None:
    (tmp_path / "fr" / "search").mkdir(parents=True)
    files = {
        "index.html": b"<h1>home</h1>",
        "fr/search/search_index.json": b"{}",
        "a page.html": b"spaces",
        "sitemap.xml.gz": b"for search engines",
        "sw.js": b"the worker itself",
    }
    for path, content in files.items():
        (tmp_path / path).write_bytes(content)
    entries = precache.manifest(tmp_path)
    assert entries == [
        {"url": "a%20page.html", "revision": hashlib.sha256(b"spaces").hexdigest()[:16]},
        {"url": "fr/search/search_index.json", "revision": hashlib.sha256(b"{}").hexdigest()[:16]},
        {"url": "index.html", "revision": hashlib.sha256(b"<h1>home</h1>").hexdigest()[:16]},
    ]


def test_a_new_build_is_a_new_worker_and_the_same_build_the_same(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("one", encoding="utf-8")
    first = precache.worker(precache.manifest(tmp_path), ["assets/workbox/x.js"])
    again = precache.worker(precache.manifest(tmp_path), ["assets/workbox/x.js"])
    (tmp_path / "index.html").write_text("two", encoding="utf-8")
    changed = precache.worker(precache.manifest(tmp_path), ["assets/workbox/x.js"])
    assert first == again
    assert data_of(first)["build"] != data_of(changed)["build"]
    assert b"workbox.precaching.precacheAndRoute(precache.manifest" in first


def test_workbox_comes_from_npm_under_names_that_carry_its_content(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("home", encoding="utf-8")
    precache.write(site, NODE_MODULES)
    data = data_of((site / "sw.js").read_bytes())
    scripts = data["workbox"]
    assert isinstance(scripts, list) and len(scripts) == 4
    for package, path in zip(precache.WORKBOX, scripts, strict=True):
        shipped = (NODE_MODULES / package / "build" / f"{package}.prod.js").read_bytes()
        assert re.fullmatch(rf"assets/workbox/{package}\.[0-9a-f]{{12}}\.js", path)
        assert (site / path).read_bytes() == shipped
    # Workbox's own files are kept too, so that the worker starts offline.
    listed = {entry["url"] for entry in data["manifest"]}  # type: ignore[attr-defined]
    assert listed == {"index.html", *scripts}


def test_a_missing_workbox_package_is_named_each_one(tmp_path: Path) -> None:
    with pytest.raises(ProblemsFound) as found:
        precache.workbox_files(tmp_path)
    said = str(found.value)
    for package in precache.WORKBOX:
        assert f"{tmp_path / package / 'build' / package}.prod.js:" in said
    assert said.count("run `npm ci`") == len(precache.WORKBOX)
