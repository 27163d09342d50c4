"""The print edition as a PDF: Debian's Chromium prints it, through Playwright.

Chromium lays out a whole edition in about a second, embeds the fonts it draws with
(Debian's Liberation and DejaVu) and writes a tagged PDF with an outline; but CSS gives it no
page number of a link's target. So an edition is printed twice: the first printing (untagged,
quicker) places each target of the table of contents on its page (a named destination, read
with pikepdf); the second writes those numbers, in boxes as wide as before, so that nothing
moves; should a page move all the same, a third printing follows it. pikepdf then packs the
PDF (object streams: a tagged PDF's structure is most of its size) and labels it with a hash
of everything that went into it, which is also its key in the cache: an entry that does not
read as a PDF carrying its own key is printed again.

The page loads nothing: its scripts are off, Chromium resolves no host, and every request it
makes is refused and reported as a problem. One browser prints every edition of a build, driven
from a thread of its own: Playwright's synchronous API refuses a thread where an asyncio loop
runs, and a caller may have one.
"""

from __future__ import annotations

import hashlib
import io
import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from diagnostics import Problem, ProblemsFound, keep_newest, store
from docset.print_edition import Edition

if TYPE_CHECKING:
    import pikepdf
    from playwright.sync_api import Browser, Playwright

# Part of every key: bump it when the way an edition is printed or packed changes.
FORMAT = "riftbound-print-edition-1"
SOURCE_KEY = "/RiftboundSource"  # in the PDF's information: the key it was made under
# Chromium's work on one edition, at most (a full-size one takes far less): a bound, not a wait.
TIMEOUT_MS = 600_000
LAUNCH_TIMEOUT_MS = 60_000
MAX_PDF_BYTES = 256 * 1024 * 1024
PRINTINGS = 3  # the first places the targets; the third only if the second moved one
KEPT = 8  # cache entries kept besides those a build used: a few days and branches
NO_OUTSIDE_LOOKUPS = "--host-resolver-rules=MAP * ~NOTFOUND"
DEBIAN_CHROMIUM = Path("/usr/lib/chromium/chromium")  # Debian's package chromium puts it here
INSTALL = "make build installs it; or apt-get install chromium fonts-liberation fonts-dejavu-core"


@dataclass(frozen=True)
class Made:
    lang: str
    pdf: bytes
    from_cache: bool
    seconds: float  # on the clock
    cpu: float  # this process's and Chromium's, in seconds
    name: str = "print edition"  # the document's (``Edition.name``)

    def summary(self) -> str:
        how = "from the cache" if self.from_cache else "printed"
        return (
            f"{self.name} ({self.lang}): {len(self.pdf):,} bytes, {how} in "
            f"{self.seconds:.1f} s ({self.cpu:.1f} s CPU)"
        )


@dataclass
class Printer:
    """Prints editions with the Chromium at ``chromium``, started at the first one and kept for
    the build's others (``close`` stops it); ``cache``: a folder of PDFs made before, or None.
    ``setting``: where the user names ``chromium`` (a problem with it names that place)."""

    chromium: Path
    cache: Path | None = None
    setting: str = "chromium"
    used: set[str] = field(default_factory=set)
    playwright: Playwright | None = None
    browser: Browser | None = None
    worker: ThreadPoolExecutor | None = None  # the thread that drives the browser

    def make(self, edition: Edition) -> Made:
        start, cpu = time.monotonic(), time.process_time()
        key = self.key(edition)
        self.used.add(f"{key}.pdf")
        pdf = self.cached(key)
        if pdf is not None:
            spent = time.process_time() - cpu
            return Made(edition.lang, pdf, True, time.monotonic() - start, spent, edition.name)
        printed, browser_cpu = self.printed(edition)
        pdf = pack(printed, key)
        if self.cache is not None:
            store(self.cache / f"{key}.pdf", pdf)
        cpu = time.process_time() - cpu + browser_cpu
        return Made(edition.lang, pdf, False, time.monotonic() - start, cpu, edition.name)

    def key(self, edition: Edition) -> str:
        """A hash of everything that goes into the PDF: the document (its cover says the day
        and the commit), the browser that prints it and the libraries that drive and pack it."""
        digest = hashlib.sha256(FORMAT.encode())
        try:
            browser = self.chromium.resolve()
            found = browser.stat()
        except OSError:
            raise self.missing() from None
        tools = [str(browser), str(found.st_size), str(found.st_mtime_ns)]
        tools += [version("playwright"), version("pikepdf"), edition.lang]
        digest.update("\0".join(tools).encode())
        digest.update(edition.html().encode())
        return digest.hexdigest()

    def cached(self, key: str) -> bytes | None:
        if self.cache is None:
            return None
        file = self.cache / f"{key}.pdf"
        try:
            if file.stat().st_size > MAX_PDF_BYTES:
                return None
            content = file.read_bytes()
            os.utime(file)  # just used: a prune keeps it
        except OSError:  # absent, or deleted meanwhile by another build's prune
            return None
        return content if carries(content, key) else None

    def prune(self) -> None:
        """Delete all but the entries used since the last prune and the ``KEPT`` newest
        others (and the temporary files killed writers left)."""
        used, self.used = self.used, set()
        if self.cache is not None and self.cache.is_dir():
            keep_newest(self.cache, ("*.pdf",), KEPT, used)

    def close(self) -> None:
        """Stop the browser, if one was started (a later edition starts another)."""
        worker, self.worker = self.worker, None
        if worker is not None:
            try:
                worker.submit(self.stop).result()
            finally:
                worker.shutdown()

    def stop(self) -> None:
        browser, playwright = self.browser, self.playwright
        self.browser = self.playwright = None
        try:
            if browser is not None:
                browser.close()
        finally:
            if playwright is not None:
                playwright.stop()

    def missing(self) -> ProblemsFound:
        return self.not_chromium("is not there, or is not a file")

    def not_chromium(self, what: str) -> ProblemsFound:
        """A problem with the browser named: the setting, the path, what it is and what was
        expected."""
        return ProblemsFound(
            [
                Problem(
                    self.setting,
                    0,
                    f"{self.chromium} {what}: the print edition is printed by Debian's Chromium, "
                    f"{DEBIAN_CHROMIUM} ({INSTALL})",
                )
            ]
        )

    def printed(self, edition: Edition) -> tuple[bytes, float]:
        """The edition printed by Chromium, its table of contents numbered; and the CPU
        seconds Chromium spent on it."""
        from playwright.sync_api import Error

        where = f"{edition.name} ({edition.lang})"
        if self.worker is None:
            self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="print-edition")
        try:
            return self.worker.submit(self.print_in_browser, edition, where).result()
        except Error as error:
            self.close()  # a browser that failed once is not trusted with the next edition
            said = (str(error).strip().splitlines() or ["no message"])[0][:300]
            raise ProblemsFound([Problem(where, 0, f"Chromium failed: {said}")]) from None

    def print_in_browser(self, edition: Edition, where: str) -> tuple[bytes, float]:
        from playwright.sync_api import Route

        browser = self.started()
        refused: list[str] = []

        def refuse(route: Route) -> None:
            refused.append(route.request.url)
            route.abort()

        cdp = browser.new_browser_cdp_session()
        before = chromium_cpu(cdp.send("SystemInfo.getProcessInfo"))
        context = browser.new_context(java_script_enabled=False, offline=True)
        try:
            context.route("**/*", refuse)
            page = context.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            numbers: dict[str, int] = {}
            for printing in range(PRINTINGS):
                page.set_content(edition.html(numbers), wait_until="load")
                final = printing > 0 or not edition.targets  # nothing to place: one printing
                pdf = page.pdf(prefer_css_page_size=True, tagged=final, outline=final)
                placed = destinations(pdf, edition.targets)
                if final and placed == numbers:
                    break
                numbers = placed
            else:
                raise ProblemsFound(
                    [Problem(where, 0, "its table of contents moves pages at each printing")]
                )
            after = chromium_cpu(cdp.send("SystemInfo.getProcessInfo"))
        finally:
            context.close()
            cdp.detach()
        if refused:
            raise ProblemsFound(
                Problem(where, 0, f"loads {url[:200]}: the edition loads nothing from elsewhere")
                for url in dict.fromkeys(refused)
            )
        unplaced = [anchor for anchor in edition.targets if anchor not in numbers]
        if unplaced:
            raise ProblemsFound(
                [Problem(where, 0, f"Chromium placed no page for #{a}") for a in unplaced]
            )
        pages = page_count(pdf)
        if edition.most_pages and pages > edition.most_pages:
            raise ProblemsFound(
                [Problem(where, 0, f"prints on {pages} pages: it must fit on {edition.most_pages}")]
            )
        spent = sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())
        return pdf, spent

    def started(self) -> Browser:
        if self.browser is None:
            if not self.chromium.is_file():
                raise self.missing()
            from playwright.sync_api import Error, sync_playwright

            self.playwright = sync_playwright().start()
            try:
                self.browser = self.playwright.chromium.launch(
                    executable_path=str(self.chromium),
                    args=[NO_OUTSIDE_LOOKUPS],
                    timeout=LAUNCH_TIMEOUT_MS,
                )
            except Error as error:  # not a browser Playwright can drive: another program
                self.stop()
                said = (str(error).strip().splitlines() or ["no message"])[0][:300]
                raise self.not_chromium(f"did not start as Chromium ({said})") from None
        return self.browser


def chromium_cpu(info: dict[str, Any]) -> dict[int, float]:
    """Each of Chromium's processes and the CPU seconds it spent so far (its own report)."""
    return {
        int(process["id"]): float(process["cpuTime"]) for process in info.get("processInfo", [])
    }


def destinations(pdf: bytes, anchors: tuple[str, ...]) -> dict[str, int]:
    """The page (from 1) of each of ``anchors`` among the PDF's named destinations."""
    import pikepdf  # here: a build that prints nothing never loads it (7 MB)

    wanted = set(anchors)
    found: dict[str, int] = {}
    with pikepdf.open(io.BytesIO(pdf)) as document:
        pages = {page.obj.objgen: n for n, page in enumerate(document.pages, start=1)}
        named: list[tuple[str, pikepdf.Object]] = []
        if isinstance(dests := document.Root.get("/Dests"), pikepdf.Dictionary):
            named += [(str(name)[1:], dest) for name, dest in dests.items()]
        names = document.Root.get("/Names")
        if isinstance(names, pikepdf.Dictionary) and "/Dests" in names:
            named += [(str(k), v) for k, v in pikepdf.NameTree(names.Dests).items()]
        for name, dest in named:
            target = dest.get("/D") if isinstance(dest, pikepdf.Dictionary) else dest
            if name in wanted and isinstance(target, pikepdf.Array) and len(target):
                page = pages.get(target[0].objgen)
                if page is not None:
                    found[name] = page
    return found


def page_count(pdf: bytes) -> int:
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as document:
        return len(document.pages)


def pack(pdf: bytes, key: str) -> bytes:
    """The PDF packed (object streams), its title shown by viewers, labelled with its key."""
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as document:
        document.docinfo[SOURCE_KEY] = key
        preferences = document.Root.get("/ViewerPreferences")
        if not isinstance(preferences, pikepdf.Dictionary):
            preferences = document.Root.ViewerPreferences = pikepdf.Dictionary()
        preferences.DisplayDocTitle = True
        out = io.BytesIO()
        document.save(
            out,
            object_stream_mode=pikepdf.ObjectStreamMode.generate,
            compress_streams=True,
            deterministic_id=True,
        )
    return out.getvalue()


def carries(pdf: bytes, key: str) -> bool:
    """Whether ``pdf`` reads as a PDF with pages, made under ``key``."""
    import pikepdf

    try:
        with pikepdf.open(io.BytesIO(pdf)) as document:
            return str(document.docinfo.get(SOURCE_KEY, "")) == key and len(document.pages) > 0
    except Exception:  # not a PDF, a damaged one: a cache entry fails in many ways
        return False
