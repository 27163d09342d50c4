"""Every shape of page is read in linear time: one doubling series per shape, in-process.

Each hostile shape (an unclosed ``<code>`` or ``<!--`` repeated, backtick runs,
runs of ``![``, ``[x](`` or ``[x][``, ``<a`` tags that never end, nested
brackets, a paragraph dense with inline marks) fills one paragraph of a page of
128, 256 and 512 KB; the site's reader (``docset.scan``) reads it and, past its
bounds, refuses it with its line before Python-Markdown sees it (Markdown took
120 s on 32 KB of ``![``); a page it accepts is also rendered by Markdown with
the site's extensions. Then pages the reader accepts at its bounds (paragraphs
holding as many inline marks as it allows). Figures are CPU seconds per KB to
read (and render) a page, best of 3; target: they grow at most 1.30× per
doubling (linear: 1.00×).

Then a page of many short paragraphs, each holding one unclosed ``<code>``
(under every per-paragraph bound: 8,192 of them, 64 KB, took Material's search
index over 300 s, which keeps each element left open to the page's end): the
reader refuses it at the first; beside it last round's shape, one paragraph of
unclosed ``<code>``, short paragraphs each closing the ``<code>`` of the one before
(a raw ``<code>`` closed in a later paragraph is no code span to Markdown: over
3.5× per doubling, before the reader refused it), and short paragraphs of closed
``<code>``, which the
reader accepts, rendered by Markdown and read by Material's search index as the
build reads them. Figures: CPU seconds for the page at 1,024, 2,048 and 4,096
paragraphs (64 to 256 with ``--tiny``), and their growth per doubling; target:
at most 2.20× (linear: 2.00×).

Run: ``make bench`` or ``python benchmarks/page_scaling.py [--tiny]``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

import markdown
import yaml
from _bench import ROOT, figure, heading, options

from docset.scan import MAX_INLINE_MARKS, scan

# Hostile shapes: each repeated to fill one paragraph.
SHAPES = {
    "unclosed <code>": "<code>a ",
    "unclosed <!--": "<!-- a ",
    "backtick runs": "``a ",
    "runs of ![": "![",
    "runs of [x](": "[x](",
    "runs of [x][": "[x][",
    "<a never ending": "<a ",
    "<a x='>' never ending": "<a x='>' ",
}
TARGET = 1.30
RUNS = 3
PARAGRAPH_TARGET = 2.20  # growth of a page's CPU time per doubling of its paragraphs


def site_extensions() -> tuple[list[str], dict[str, Any]]:
    """The Markdown extensions mkdocs.yml gives the site, and their options."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    names, options = [], {}
    for entry in config["markdown_extensions"]:
        name = entry if isinstance(entry, str) else next(iter(entry))
        names.append(name)
        if isinstance(entry, dict):
            options[name] = entry[name] or {}
    return names, options


EXTENSIONS, OPTIONS = site_extensions()


def page_of(unit: str, size: int) -> str:
    return "# A page\n\nText " + unit * (size // len(unit)) + "\n"


def nested(size: int) -> str:
    return "# A page\n\nText " + "[" * (size // 2) + "]" * (size // 2) + "\n"


def accepted(size: int) -> str:
    """Paragraphs of links, emphasis and code at the reader's bound of inline marks."""
    sentence = "A [link](page.md), *emphasis* and `code`, with words between them. "
    marks = sum(sentence.count(c) for c in "`[!<&*_\\")
    paragraph = sentence * (MAX_INLINE_MARKS // marks) + "\n\n"
    return "# A page\n\n" + paragraph * max(size // len(paragraph), 1)


def cpu_seconds(work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(RUNS):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return max(best, 1e-4)


def cost(text: str) -> tuple[float, bool]:
    """CPU seconds to read ``text`` and, if the reader accepts it, to render it; accepted?"""
    accepted = not scan(text).problems
    seconds = cpu_seconds(lambda: scan(text))
    if accepted:
        seconds += cpu_seconds(
            lambda: markdown.markdown(text, extensions=EXTENSIONS, extension_configs=OPTIONS)
        )
    return seconds, accepted


def series(label: str, sizes: list[int], make: Callable[[int], str], refused: bool) -> None:
    previous: float | None = None
    for size in sizes:
        seconds, accepted = cost(make(size))
        if refused and accepted and size == sizes[-1]:
            raise SystemExit(f"{label} at {size // 1024} KB: the reader accepts it")
        if not refused and not accepted:
            raise SystemExit(f"{label} at {size // 1024} KB: the reader refuses it")
        per_kb = seconds / (size / 1024)
        said = "read, rendered" if accepted else "read, refused"
        figure(f"{label}, {size // 1024} KB ({said}): per KB", per_kb * 1000, "ms CPU", digits=3)
        if previous is not None:
            figure(
                f"{label}, {size // 1024} KB: growth per doubling",
                per_kb / previous,
                "×",
                f"<= {TARGET:.2f}",
            )
        previous = per_kb


def search_index_reads(html: str) -> None:
    """Material's search index reading a page's HTML, as its plugin does at each page."""
    from material.plugins.search.plugin import Parser  # type: ignore[import-untyped]

    parser = Parser()
    parser.feed(html)
    parser.close()


def paragraph_cost(text: str) -> tuple[float, bool]:
    """CPU seconds to read ``text`` and, if the reader accepts it, to render it and index it."""
    accepted = not scan(text).problems
    if not accepted:
        return cpu_seconds(lambda: scan(text)), False

    def build() -> None:
        scan(text)
        html = markdown.markdown(text, extensions=EXTENSIONS, extension_configs=OPTIONS)
        search_index_reads(html)

    return cpu_seconds(build), True


def paragraph_series(
    label: str, counts: list[int], make: Callable[[int], str], refused: bool
) -> None:
    previous: float | None = None
    for count in counts:
        seconds, accepted = paragraph_cost(make(count))
        if accepted == refused:
            raise SystemExit(
                f"{label}, {count:,}: the reader {'accepts' if accepted else 'refuses'} it"
            )
        said = "rendered, indexed" if accepted else "refused"
        figure(f"{label}, {count:,} ({said})", seconds * 1000, "ms CPU", digits=1)
        if previous is not None:
            figure(
                f"{label}, {count:,}: growth per doubling",
                seconds / previous,
                "×",
                f"<= {PARAGRAPH_TARGET:.2f}",
            )
        previous = seconds


def short_paragraphs(paragraph: str, count: int) -> str:
    return "# A page\n\n" + f"{paragraph}\n\n" * count


def main() -> None:
    args = options(__doc__)
    sizes = [k * 1024 for k in ((8, 16, 32) if args.tiny else (128, 256, 512))]
    heading(f"Hostile pages, refused by the reader (best of {RUNS})")
    for label, unit in SHAPES.items():
        series(label, sizes, partial(page_of, unit), refused=True)
    series("nested brackets", sizes, nested, refused=True)
    series("inline marks past the bound", sizes, partial(page_of, "*a* "), refused=True)
    heading(f"Pages at the reader's bounds, rendered by Markdown (best of {RUNS})")
    series("paragraphs at the mark bound", sizes, accepted, refused=False)
    counts = [64, 128, 256] if args.tiny else [1024, 2048, 4096]
    heading(f"Short paragraphs, each with one element (best of {RUNS}), by paragraphs")
    paragraph_series(
        "paragraphs of unclosed <code>", counts, partial(short_paragraphs, "<code>a"), True
    )
    paragraph_series(
        "one paragraph of unclosed <code> (last round's)",
        counts,
        lambda count: page_of("<code>a ", count * 9),
        True,
    )
    paragraph_series(
        "paragraphs of <code> closed in the next one",
        counts,
        partial(short_paragraphs, "<code>a\n\n</code>"),
        True,
    )
    paragraph_series(
        "paragraphs of closed <code>", counts, partial(short_paragraphs, "<code>a</code>"), False
    )


if __name__ == "__main__":
    main()
