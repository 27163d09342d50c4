"""The "All worked examples" page: every example, where it is shown, and its verdict."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from worked_examples.render import word
from worked_examples.verify import ExampleRun

CATALOGUE_PAGE = "worked-examples.md"

TEXT = {
    "title": {"en": "All worked examples", "fr": "Tous les exemples commentés"},
    "intro": {
        "en": (
            "Every worked example on this site is a scenario file that the engine plays at build "
            "time. The build fails if a page documents an outcome the engine does not reach, so "
            "each example below was verified when this site was built."
        ),
        "fr": (
            "Chaque exemple commenté de ce site est un fichier de scénario que le moteur joue au "
            "moment de la construction du site. La construction échoue si une page annonce un "
            "résultat que le moteur n'obtient pas : chaque exemple ci-dessous a donc été vérifié "
            "lors de la construction de ce site."
        ),
    },
    "head": {
        "en": "| Example | Shown in | Steps | Verdict |\n| --- | --- | --- | --- |",
        "fr": "| Exemple | Présenté dans | Étapes | Verdict |\n| --- | --- | --- | --- |",
    },
    "failed": {"en": "✗ differs from the engine", "fr": "✗ diffère du moteur"},
}


class Page(Protocol):
    @property
    def path(self) -> str: ...

    @property
    def title(self) -> str: ...


def catalogue_markdown(
    runs: Mapping[str, ExampleRun], lang: str, shown_in: Mapping[str, Sequence[Page]]
) -> str:
    rows = []
    for example_id, run in sorted(runs.items()):
        title = run.scenario.title.get(lang, run.scenario.title["en"]).replace("|", "\\|")
        pages = shown_in.get(example_id, [])
        first = f"{pages[0].path}#example-{example_id}" if pages else ""
        name = f"[{title}]({first})" if first else title
        where = ", ".join(f"[{p.title}]({p.path})" for p in pages) or "—"
        verdict = f"✓ {word('verified', lang)}" if run.verified else TEXT["failed"][lang]
        rows.append(f"| {name} | {where} | {len(run.outcome.steps)} | {verdict} |")
    return (
        "\n".join(
            [f"# {TEXT['title'][lang]}", "", TEXT["intro"][lang], "", TEXT["head"][lang], *rows]
        )
        + "\n"
    )
