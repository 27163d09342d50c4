"""The hosted site kept on the reader's device (docset/precache.py, docs/assets/offline.js), in a
real browser: after one visit over http, under a sub-path, the pages, the search and "Try a
variation" work with the network off (the browser offline and the server stopped, so nothing
can answer but the cache); a new build served over the old one takes the whole cache over at
once, never while another page of the old build is open; from disk nothing registers.

Each test has a host of its own (the cache belongs to an origin), serving a folder whose site
it can swap for another build.
"""

from __future__ import annotations

import functools
import json
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from docset import precache
from tests.browser.conftest import (
    QuietHandler,
    QuietServer,
    axe_violations,
    enter_query,
    settle,
    watch,
)
from tests.browser.test_accessibility import WIDTHS
from tests.browser.test_engine import READY, ready
from tests.site.conftest import built_sandbox

__all__ = ["built_sandbox"]  # a fixture of tests/site: the sources built again, another build

SAVED = {
    "en": "Saved on this device: this site opens offline.",
    "fr": "Enregistré sur cet appareil\u00a0: ce site s’ouvre hors ligne.",
}
# Every entry of the site's caches, as the addresses Workbox keeps them under.
CACHED = """() => caches.keys()
  .then(names => Promise.all(names.map(name => caches.open(name).then(cache => cache.keys()))))
  .then(lists => lists.flat().map(request => request.url).sort())"""


class Host:
    """A web server for one test, serving ``site`` under /riftbound/ until stopped."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.place = folder / "riftbound"
        handler = functools.partial(QuietHandler, directory=str(folder))
        self.server = QuietServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.root = f"http://127.0.0.1:{self.server.server_address[1]}/riftbound/"
        self.running = True

    def serve(self, site: Path) -> None:
        """Serve ``site`` from now on, in place of the one before (a redeploy, at once)."""
        new = self.folder / "next"
        new.symlink_to(site, target_is_directory=True)
        os.replace(new, self.place)

    def stop(self) -> None:
        if self.running:
            self.server.shutdown()
            self.server.server_close()
            self.running = False


@pytest.fixture
def host(tmp_path: Path) -> Iterator[Host]:
    served = Host(tmp_path)
    yield served
    served.stop()


def precache_of(site: Path, root: str) -> list[str]:
    """The entries a build's worker keeps (its manifest, in sw.js), as their cache addresses."""
    line = (site / "sw.js").read_text(encoding="utf-8").split("\n", 1)[0]
    data = json.loads(line.removeprefix("self.RiftboundPrecache = ").removesuffix(";"))
    return sorted(
        f"{root}{entry['url']}?__WB_REVISION__={entry['revision']}" for entry in data["manifest"]
    )


def holds(page: Page, entries: list[str]) -> None:
    """Wait until the site's caches hold ``entries`` and nothing else."""
    page.wait_for_function(
        f"() => ({CACHED})().then(urls => {json.dumps(entries)}.join() === urls.join())"
    )


def test_after_one_visit_the_site_and_a_variation_work_with_the_network_off(
    browser: Browser, built_site: Path, host: Host
) -> None:
    host.serve(built_site)
    root = host.root
    context = browser.new_context()
    traffic = watch(context, root)
    page = context.new_page()
    page.goto(root + "fr/index.html")
    expect(page.locator(".rb-offline")).to_have_text(SAVED["fr"], timeout=READY)
    holds(page, precache_of(built_site, root))  # every file: pages, search, engine, print
    assert page.evaluate("!!navigator.serviceWorker.controller")  # this page too, at once
    for viewport in WIDTHS.values():
        page.set_viewport_size(viewport)
        assert axe_violations(page, within=".md-footer") == [], viewport  # the line shown
    host.stop()
    context.set_offline(True)
    for path, lang in [
        ("index.html", "en"),
        ("fr/rules-browser/v1.4/400.html#rule-466-3-d", "fr"),
        ("resolution-step.html", "en"),
    ]:
        page.goto(root + path)
        page.reload()
        settle(page)
        expect(page.locator("h1").first).to_be_visible()
        expect(page.locator(".rb-offline")).to_have_text(SAVED[lang])
    # The search, its index and worker from the cache: a rule's number, then Enter.
    enter_query(page, "466")
    page.wait_for_selector(".md-search-result__link")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.endswith("rules-browser/v1.4/400.html?h=466#rule-466")
    # A variation: the editor and the whole engine, from the cache.
    page.goto(root + "resolution-step.html")
    example = page.locator("#example-wiped-both-sides-uncontrolled")
    example.get_by_role("button", name="Try a variation").click()
    editor = ready(example.locator(".rb-editor"))
    editor.locator('[data-path="units.0.might"]').fill("4")
    editor.locator('[data-path="units.0.might"]').press("Tab")
    editor.get_by_role("button", name="Run", exact=True).click()
    expect(editor.locator(".rb-answer")).to_contain_text("Red wins the combat; Blue loses.")
    assert traffic.outside == [] and traffic.errors == []
    context.close()


def test_a_new_build_served_over_the_old_one_replaces_the_whole_cache_at_once(
    browser: Browser, built_site: Path, built_sandbox: Path, host: Host
) -> None:
    """The old build: the real site (with its print editions); the new one, the same sources
    built again without them (tests/site's sandbox): other pages, fewer files."""
    old, new = built_site, built_sandbox / "site"
    root = host.root
    old_files, new_files = precache_of(old, root), precache_of(new, root)
    assert any(".pdf?" in f for f in old_files) and not any(".pdf?" in f for f in new_files)
    host.serve(old)
    context = browser.new_context()
    traffic = watch(context, root)
    page = context.new_page()
    page.goto(root + "index.html")
    expect(page.locator(".rb-offline")).to_have_text(SAVED["en"], timeout=READY)
    holds(page, old_files)
    print_link = page.locator(".rb-print-edition a")
    expect(print_link).to_have_count(1)  # the old build's home page links its PDF
    other = context.new_page()
    other.goto(root + "glossary.html")
    host.serve(new)
    # The new worker installs beside the old one, and waits: two pages of the site are open.
    page.reload()
    page.wait_for_function(
        "() => navigator.serviceWorker.getRegistration().then(r => !!(r && r.waiting))",
        timeout=READY,
    )
    expect(print_link).to_have_count(1)  # still the old build, whole
    assert set(old_files) <= set(page.evaluate(CACHED))
    other.goto(root + "index.html")
    expect(other.locator(".rb-print-edition a")).to_have_count(1)
    other.close()
    # The site's only page left: the new build takes over, and the page reloads from it.
    page.reload()
    expect(page.locator(".rb-print-edition")).to_be_visible()
    expect(page.locator(".rb-print-edition a")).to_have_count(0, timeout=READY)
    holds(page, new_files)
    assert traffic.outside == [] and traffic.errors == []
    context.close()


def test_a_site_mkdocs_serve_serves_removes_the_worker_a_build_left_at_its_address(
    browser: Browser, built_site: Path, host: Host, tmp_path: Path
) -> None:
    """``mkdocs serve`` writes a worker that removes itself (``precache.gone``) and pages that
    register none: a build served at the same address before is not served in their place."""
    host.serve(built_site)
    root = host.root
    context = browser.new_context()
    page = context.new_page()
    page.goto(root + "index.html")
    expect(page.locator(".rb-offline")).to_have_text(SAVED["en"], timeout=READY)
    served = tmp_path / "served"
    served.mkdir()
    for entry in built_site.iterdir():
        if entry.name not in ("sw.js", "index.html"):
            (served / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    home = (built_site / "index.html").read_text(encoding="utf-8")
    home, registering = re.subn(
        r'<script src="assets/offline\.[0-9a-f]{12}\.js"></script>', "", home
    )
    assert registering == 1
    (served / "index.html").write_text(home.replace("</h1>", " (served)</h1>", 1), encoding="utf-8")
    precache.gone(served)
    host.serve(served)
    page.reload()
    expect(page.locator("h1").first).to_contain_text("(served)", timeout=READY)
    page.wait_for_function(
        "() => navigator.serviceWorker.getRegistrations().then(r => r.length === 0)"
    )
    page.wait_for_function(f"() => ({CACHED})().then(urls => urls.length === 0)")
    context.close()


def test_from_disk_nothing_registers_and_nothing_errs(browser: Browser, file_root: str) -> None:
    context = browser.new_context()
    context.add_init_script(
        """window.rbRegistered = 0;
        if (navigator.serviceWorker) {
          const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
          navigator.serviceWorker.register = (...a) => { window.rbRegistered += 1; return register(...a); };
        }"""
    )
    traffic = watch(context, file_root)
    page = context.new_page()
    for path in ("index.html", "fr/resolution-step.html"):
        page.goto(file_root + path)
        settle(page)
        assert page.evaluate("window.rbRegistered") == 0
        expect(page.locator(".rb-offline")).to_be_hidden()
        assert page.locator("script[src*='assets/offline.']").count() == 1
    assert traffic.errors == [] and traffic.outside == []
    context.close()
