"""The "All worked examples" page: every example, where it is shown, and its verdict."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import links
import markup
from vocabulary import localized, message
from worked_examples.render import verdict
from worked_examples.verify import ExampleRun

CATALOGUE_PAGE = "worked-examples.md"

TITLE = message("catalogue:title", "All worked examples")
INTRO = message(
    "catalogue:intro",
    "Every worked example on this site is a scenario file that the engine plays when the site "
    "is built. Each scenario states the outcome it must reach, and the build fails if the engine "
    "reaches a different one, so each example below was verified when this site was built. Its "
    "steps and outcome are the engine's; its title and caption are written by hand.",
)
EXAMPLE = message("catalogue:example", "Example")
SHOWN_IN = message("catalogue:shown-in", "Shown in")
STEPS = message("catalogue:steps", "Steps")
VERDICT = message("catalogue:verdict", "Verdict")


class Shown(Protocol):
    @property
    def page(self) -> links.Page: ...

    @property
    def title(self) -> str: ...


def catalogue_markdown(lang: str) -> str:
    return (
        f"# {markup.markdown_literal(TITLE(lang))}\n\n"
        f"{markup.markdown_literal(INTRO(lang))}\n\n{markup.placeholder('worked-examples')}\n"
    )


def catalogue_table(
    runs: Mapping[str, ExampleRun], lang: str, shown_in: Mapping[str, Sequence[Shown]]
) -> str:
    here = links.Page(lang, CATALOGUE_PAGE)
    rows = []
    for example_id, run in sorted(runs.items()):
        title = markup.text(localized(run.scenario.title, lang))
        pages = shown_in.get(example_id, [])
        if pages:
            href = links.link(here, pages[0].page, links.example_anchor(example_id))
            title = f'<a href="{markup.attribute(href)}">{title}</a>'
        where = ", ".join(
            f'<a href="{markup.attribute(links.link(here, p.page))}">{markup.text(p.title)}</a>'
            for p in pages
        )
        cells = [title, where or "—", str(len(run.outcome.steps)), markup.text(verdict(run, lang))]
        rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    head = "".join(
        f"<th>{markup.text(word(lang))}</th>" for word in (EXAMPLE, SHOWN_IN, STEPS, VERDICT)
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
