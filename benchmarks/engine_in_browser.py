"""The in-browser engine's budgets, measured in Debian's Chromium from ``file://``.

1. Bytes the engine adds to ``site/`` (target <= 10 MB) and to the site's zip
   (target <= 7 MB); what every page loads without an editor (start.js, and offline.js,
   which registers the service worker); the service worker's own scripts and what it keeps.
2. From opening an editor ("Try a variation") to "ready", cold: a new browser
   profile each time (target <= 7 s on a 2-core machine).
3. A run once ready: from pressing Run to the outcome and step-through shown
   (target <= 50 ms).
4. The longest main-thread task from opening the editor to the last run, and from the first
   press of Run to the last run's outcome shown (target <= 200 ms each; Chromium reports tasks
   over 50 ms, so 0 means none was longer): the page never stops responding longer than that.

Each figure is printed beside its target; these are measurements, not tests.
``--tiny`` measures once each (``make bench-tiny`` runs it so the script cannot rot).
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import _bench
from playwright.sync_api import Page, sync_playwright

from browser_engine.pack import FOLDER, START
from docset import precache
from docset.archive import archive

ROOT = _bench.ROOT
CHROMIUM = Path("/usr/lib/chromium/chromium")
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1"
PAGE = "resolution-step.html"
EXAMPLE = "#example-wiped-both-sides-uncontrolled"
MB = 1_000_000

# Installed before any page script: records every long task (over 50 ms) and the click
# that opens the editor.
WATCH = """
window.__rbLongTasks = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__rbLongTasks.push([entry.startTime, entry.duration]);
}).observe({type: "longtask", buffered: true});
document.addEventListener("click", event => {
  if (event.target.closest && event.target.closest(".rb-try-button")) window.__rbOpened = performance.now();
}, true);
"""


def build(site: Path) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env)
    if result.returncode != 0:
        sys.exit(f"build failed:\n{result.stderr}")


def sizes(site: Path, work: Path) -> tuple[int, int, int]:
    """Bytes of the engine's files in the site, in the site's zip, and of start.js."""
    in_site = sum(f.stat().st_size for f in (site / FOLDER).rglob("*") if f.is_file())
    bundle = work / "site.zip"
    archive(site, bundle)
    with zipfile.ZipFile(bundle) as zipped:
        # Each entry's compressed bytes plus its two headers (local and central directory).
        in_zip = sum(
            info.compress_size + 30 + 46 + 2 * len(info.filename.encode())
            for info in zipped.infolist()
            if info.filename.startswith(FOLDER + "/")
        )
    return in_site, in_zip, start_script(site / PAGE).stat().st_size


def offline_sizes(site: Path) -> tuple[int, int, int]:
    """Bytes of the script every page loads to keep the hosted site on the reader's device
    (offline.js), of the service worker's own scripts (sw.js and Workbox's, fetched once per
    build), and of what it keeps (the whole site: its manifest's files)."""
    html = (site / PAGE).read_text(encoding="utf-8")
    found = re.findall(r'<script src="([^"]*assets/offline\.[0-9a-f]{12}\.js)"', html)
    if len(found) != 1:
        sys.exit(f"{PAGE}: loads {len(found)} scripts of the offline cache, not one")
    worker = site / precache.SCRIPT
    scripts = worker.stat().st_size + sum(
        f.stat().st_size for f in (site / precache.FOLDER).iterdir()
    )
    kept = sum(f.stat().st_size for f in site.rglob("*") if f.is_file() and f != worker)
    return (site / found[0]).stat().st_size, scripts, kept


def start_script(page: Path) -> Path:
    """The engine's one script a page loads (``start.<hash>.js``)."""
    html = page.read_text(encoding="utf-8")
    found = re.findall(rf'<script src="([^"]*{re.escape(START)}\.[^"]*)"', html)
    if len(found) != 1:
        sys.exit(f"{page}: loads {len(found)} start scripts of the engine, not one")
    return page.parent / found[0]


def cold_start(page: Page, url: str, runs: int) -> tuple[float, list[float], float, float]:
    """Seconds from the click to ready; milliseconds of each run; the longest task (ms) since
    the editor opened, and since Run was first pressed."""
    page.add_init_script(WATCH)
    page.goto(url, wait_until="load")
    example = page.locator(EXAMPLE)
    example.locator(".rb-try-button").click()
    editor = example.locator(".rb-editor")
    editor.wait_for()
    page.wait_for_function(
        "box => /ready|failed/.test(document.querySelector(box + ' .rb-editor')"
        ".getAttribute('data-engine-state'))",
        arg=EXAMPLE,
        timeout=180_000,
    )
    if editor.get_attribute("data-engine-state") != "ready":
        sys.exit(f"the engine did not start: {editor.locator('.rb-engine-status').inner_text()}")
    ready = page.evaluate(
        "performance.getEntriesByName('rb-engine-ready')[0].startTime - window.__rbOpened"
    )
    times = []
    might = editor.locator('[data-path="units.0.might"]')
    for n in range(runs):
        might.fill(str(3 + n % 2))
        editor.get_by_role("button", name="Run", exact=True).click()
        page.wait_for_function(
            "n => performance.getEntriesByName('rb-run-done').length === n", arg=n + 1
        )
        times.append(
            page.evaluate(
                "(() => { const s = performance.getEntriesByName('rb-run-start').at(-1);"
                " const d = performance.getEntriesByName('rb-run-done').at(-1);"
                " return d.startTime - s.startTime; })()"
            )
        )
    opened = page.evaluate("window.__rbOpened")
    first_run = page.evaluate("performance.getEntriesByName('rb-run-start')[0].startTime")
    tasks = page.evaluate("window.__rbLongTasks")
    longest = max((d for start, d in tasks if start + d >= opened), default=0.0)
    after_run = max((d for start, d in tasks if start + d >= first_run), default=0.0)
    return ready / 1000, times, longest, after_run


def main() -> None:
    args = _bench.options(__doc__)
    starts, runs = (1, 1) if args.tiny else (3, 5)
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is missing: `make browser` installs Debian's chromium")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        site = work / "site"
        build(site)
        in_site, in_zip, start_js = sizes(site, work)
        offline_js, worker_scripts, kept = offline_sizes(site)
        readies, run_times, longest, after_run = [], [], 0.0, 0.0
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[OFFLINE])
            version = browser.version
            for _ in range(starts):
                context = browser.new_context()  # a new profile: nothing cached
                context.route(
                    "**/*",
                    lambda route: (
                        route.abort()
                        if not route.request.url.startswith(("file:", "data:", "blob:", "about:"))
                        else route.continue_()
                    ),
                )
                ready, times, task, task_after_run = cold_start(
                    context.new_page(), (site / PAGE).as_uri(), runs
                )
                readies.append(ready)
                run_times += times
                longest = max(longest, task)
                after_run = max(after_run, task_after_run)
                context.close()
            browser.close()
    _bench.heading(
        f"In-browser engine budgets (Chromium {version}, file://, {starts} cold start(s))"
    )
    _bench.figure("bytes added to site/", in_site / MB, "MB", "<= 10 MB")
    _bench.figure("bytes added to the site's zip", in_zip / MB, "MB", "<= 7 MB")
    _bench.figure("start.js, which every page loads", start_js / 1000, "KB", digits=1)
    _bench.figure("offline.js, which every page loads", offline_js / 1000, "KB", digits=1)
    _bench.figure(
        "the service worker's scripts, once per build", worker_scripts / 1000, "KB", digits=1
    )
    _bench.figure("what the service worker keeps (the whole site)", kept / MB, "MB", digits=1)
    _bench.figure("open editor to ready, cold (median)", statistics.median(readies), "s", "<= 7 s")
    _bench.figure("a run once ready (median)", statistics.median(run_times), "ms", "<= 50 ms", 0)
    _bench.figure("a run once ready (slowest)", max(run_times), "ms", digits=0)
    _bench.figure("longest main-thread task", longest, "ms", "<= 200 ms", 0)
    _bench.figure("longest main-thread task after Run", after_run, "ms", "<= 200 ms", 0)


if __name__ == "__main__":
    main()
