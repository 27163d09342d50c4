"""Real-browser fixtures: Debian's Chromium driven by Playwright, the site from disk and over http.

The browser resolves no outside host, so no request leaves the machine, and every
request for an address outside the site is recorded: the offline guarantee is a test.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, ConsoleMessage, Page

# Debian's chromium-headless-shell: the same Chromium (version, Blink, V8) without the browser's
# window machinery, as Playwright runs headless itself. Over these tests it spends about a third
# less CPU than the full browser run headless.
CHROMIUM = Path("/usr/lib/chromium/chromium-headless-shell")
NO_OUTSIDE_LOOKUPS = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1"
LOCAL_SCHEMES = ("data:", "blob:", "about:")
# V8 compiles Pyodide's WebAssembly with its baseline compiler only (Liftoff, the tier Chromium
# runs a module with first), never recompiling hot functions with its optimising one: the
# same program with the same results (WebAssembly's meaning does not depend on the tier), for
# a third less CPU at each engine start. The in-browser benchmark keeps Chromium's defaults.
BASELINE_WASM_ONLY = "--js-flags=--liftoff-only"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session", autouse=True)
def chromium_present() -> None:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: `make test` installs it (Debian's package)")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium-headless-shell)")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [NO_OUTSIDE_LOOKUPS, BASELINE_WASM_ONLY],
    }


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class QuietServer(ThreadingHTTPServer):
    """A browser that closes a page mid-download is no error of the site's: not printed."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


# One page of each template (in each language's folder): what a test that needs no more tries.
TEMPLATES = [
    "index.html",  # a home page
    "resolution-step.html",  # an article with a step-through and its engine's buttons
    "ask-the-engine.html",  # the editor's page
    "rules-browser/v1.4/index.html",  # the rules browser's index
    "rules-browser/v1.4/400.html",  # a chapter of it
    "rules-browser/400.html",  # an address from before versions, leading on to its chapter
    "glossary.html",
    "worked-examples.html",
    "translation-status.html",
]


def serve(directory: Path) -> Iterator[str]:
    """A static host for ``directory`` on 127.0.0.1 (a free port), until the generator closes."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def http_root(built_site: Path) -> Iterator[str]:
    """The built site at the root of a host."""
    yield from serve(built_site)


@pytest.fixture(scope="session")
def http_server(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A host serving the built site under a sub-path: /riftbound/."""
    hosted = tmp_path_factory.mktemp("host")
    (hosted / "riftbound").symlink_to(built_site, target_is_directory=True)
    yield from serve(hosted)


@pytest.fixture(scope="session")
def file_root(built_site: Path) -> str:
    return built_site.as_uri() + "/"


@pytest.fixture(params=["file", "http", "http-subpath"])
def root(request: pytest.FixtureRequest, file_root: str, http_root: str, http_server: str) -> str:
    """Each test that takes ``root`` runs from disk, at a host's root and under a sub-path."""
    return {
        "file": file_root,
        "http": http_root,
        "http-subpath": http_server + "riftbound/",
    }[str(request.param)]


# For what a page's relative addresses reach (a search result, a redirect, the search index):
# from disk and under a host's sub-path. An address that climbs too far fails under the
# sub-path, and from disk finds no file; at a host's root it would climb no higher and pass, so
# the root adds nothing there (tests/browser/test_offline.py loads each template at the root).
RELATIVE_HOSTINGS = pytest.mark.parametrize("root", ["file", "http-subpath"], indirect=True)


@dataclass
class Traffic:
    """What the pages asked for outside the site, or from disk that is not there, and what
    they logged as errors."""

    root: str
    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # file:// addresses of no file

    def forget(self) -> None:
        """Start again from nothing seen (a page that several tests share, at each test)."""
        self.outside.clear()
        self.errors.clear()
        self.missing.clear()

    def note(self, url: str) -> None:
        if not self.is_local(url):
            self.outside.append(url)
        elif url.startswith("file:") and not Path(url2pathname(urlsplit(url).path)).is_file():
            self.missing.append(url)

    def is_local(self, url: str) -> bool:
        return url.startswith((self.root, *LOCAL_SCHEMES)) or (
            self.root.startswith("file:") and url.startswith("file:")
        )


@pytest.fixture
def traffic(context: BrowserContext, root: str) -> Traffic:
    return watch(context, root)


def watch(context: BrowserContext, root: str) -> Traffic:
    """Record what ``context``'s pages ask for outside ``root``, and their errors. (The
    browser cannot reach another host: it resolves none. Requests are only listened to, not
    intercepted: each would wait on this process.)"""
    watched = Traffic(root)
    context.on("request", lambda r: watched.note(r.url))

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            watched.errors.append(f"{message.text} ({message.location.get('url')})")

    context.on("console", on_console)
    context.on("weberror", lambda error: watched.errors.append(str(error.error)))
    return watched


# Resolves once the page is still: fonts loaded, the zero-delay tasks its load handlers queued
# (stepper.js scrolls to a step link's step in one) have run, and two frames have been drawn.
SETTLED = """() => document.fonts.ready.then(() => new Promise(resolve =>
    setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), 0)))"""
# Resolves once no CSS transition or animation runs on the element (e.g. a tooltip appearing).
STILL = """element => Promise.all(element.getAnimations({subtree: true}).map(a => a.finished))"""


def settle(page: Page) -> None:
    """Wait until the page has loaded and stopped moving: a state, not a delay."""
    page.wait_for_load_state("load")
    page.evaluate(SETTLED)


def goto_after_startup(page: Page, url: str) -> None:
    """Open ``url`` and wait until the theme's start-up requests are out: its search index,
    and over http the sitemap beside each language link (from disk it asks for none: the
    browser would refuse it)."""
    with (
        page.expect_request(lambda r: "/search/search_index." in r.url),
        page.expect_request(lambda r: r.url.split("?")[0].endswith("sitemap.xml"))
        if not url.startswith("file:")
        else nullcontext(),
    ):
        page.goto(url, wait_until="load")


def enter_query(page: Page, query: str) -> None:
    """Open the search box and put the whole query in it at once, then release a key (the theme
    reads the box on keyup): the worker gets that one query, so results leading to a target are
    the last ones drawn (typed key by key, a longer prefix's results could redraw the list
    under a click)."""
    page.keyboard.press("s")
    page.locator(".md-search__input").fill(query)
    page.keyboard.press("End")


def search(page: Page, query: str) -> list[str]:
    """The result links of ``query`` (``enter_query``), once results appear."""
    enter_query(page, query)
    page.wait_for_selector(".md-search-result__link")  # once the worker has loaded the index
    links: list[str] = page.eval_on_selector_all(
        ".md-search-result__link", "links => links.map(a => a.href)"
    )
    return links


WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
# What axe runs: every WCAG 2 A/AA rule (2.2's target size too, which axe leaves out by
# default), and its best practices (a dialog's name, landmarks…), which it runs by default.
AXE_TAGS = [*WCAG_A_AA, "best-practice"]
# axe's rules among those whose result depends on colours (its "cat.color" category).
COLOUR_RULES = """tags => axe.getRules(['cat.color'])
    .filter(rule => rule.tags.some(tag => tags.includes(tag))).map(rule => rule.ruleId)"""


def axe_violations(
    page: Page, *, colours_only: bool = False, within: str | None = None
) -> list[str]:
    """axe-core's findings on the page as it stands (or on ``within``, a selector): WCAG 2
    A/AA and best practices (``AXE_TAGS``).

    ``colours_only``: only the rules whose result depends on colour, as axe itself lists them
    (color-contrast, link-in-text-block in axe 4.12). The dark palette (Material's slate) changes
    colours and nothing else (its CSS and ours set colours only): every other rule's result is
    that of the light palette, which runs them all.
    """
    axe = Axe()
    if colours_only:
        page.evaluate(axe.axe_script)
        rules: list[str] = page.evaluate(COLOUR_RULES, AXE_TAGS)
        assert "color-contrast" in rules, rules
        only = {"type": "rule", "values": rules}
    else:
        only = {"type": "tag", "values": AXE_TAGS}
    # Violations only: axe neither gathers nor sends back the nodes that pass (most of a page).
    options = {"runOnly": only, "resultTypes": ["violations"]}
    results = axe.run(page, context=within, options=options)
    return [
        f"{v['id']}: {v['help']} {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
    ]
