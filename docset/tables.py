"""Tables the site generates where a page asks for one (``[[table: name]]``), from the facts
they list, so a page can never disagree with the code: ``step-ids``, every form of step id
the engine gives (``engine.steps.ID_FORMS``), with what it names."""

from __future__ import annotations

from collections.abc import Callable

import markup
from engine.steps import ID_FORMS
from vocabulary import message

STEP_ID = message("table:step-id", "Step id")
WHERE = message("table:step-where", "The steps it names")


def step_ids(lang: str) -> str:
    rows = [
        [f"<code>{markup.text(form.form)}</code>", markup.text(form.where(lang))]
        for form in ID_FORMS
    ]
    head = [markup.text(STEP_ID(lang)), markup.text(WHERE(lang))]
    return markup.table(head, rows, "rb-table")


TABLES: dict[str, Callable[[str], str]] = {"step-ids": step_ids}
