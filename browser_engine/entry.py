"""What the in-browser engine's worker calls: ``handle(request) -> answer``, both JSON text.

Requests (``action``):

- ``run``: play the editor's board (``form``) in ``lang``. The answer holds the
  example's HTML as the build renders it (board, narrated and rule-cited
  step-through, outcome) and, given the documented example's ``documented``
  facts, one line saying how the outcome differs from it. A board the loader
  refuses gives its problems instead, each with the command line's message and
  the form field it concerns.
- ``open``: a scenario file's text → its form (or the loader's problems).
- ``scenario``: the board as a scenario file that ``python -m engine run``
  accepts unchanged, its ``expected`` filled with what the engine gave.

Rule links in the HTML point at the rules browser, from the page the editor is on
(``page``: its path among its language's pages, e.g. "resolution-step.md").
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import links
from browser_engine.form import (
    MAX_FORM_BYTES,
    FormError,
    Written,
    check_form,
    form_of,
    problems_of,
    scenario_text,
)
from browser_engine.words import word
from diagnostics import ProblemsFound
from engine.check import expected_of
from engine.combat import Outcome, run_combat
from engine.loader import parse_scenario, scenario_from_data
from engine.model import Name, localized
from engine.scenario import Scenario
from rulebook.numbering import RuleNumber
from vocabulary import languages, typeset
from worked_examples.render import ExampleRenderer
from worked_examples.verify import ExampleRun

# What a board being played is written with (it documents nothing yet: nothing is compared);
# the file a reader downloads expects the outcome the engine gave instead.
NOTHING_EXPECTED: dict[str, Any] = {"result": "none"}
MAX_REQUEST_BYTES = MAX_FORM_BYTES * 2


class RequestError(ValueError):
    """A request the editor should never send: one line saying what is wrong with it."""


def handle(request_text: str) -> str:
    """Answer one request; a wrong request gets ``{"ok": false, "error": …}``, never a raise."""
    try:
        if len(request_text.encode("utf-8", "surrogatepass")) > MAX_REQUEST_BYTES:
            raise RequestError(f"request larger than {MAX_REQUEST_BYTES} bytes")
        try:
            request = json.loads(request_text)
        except json.JSONDecodeError as error:
            raise RequestError(f"not JSON: {error}") from None
        except RecursionError:
            raise RequestError("not JSON this engine reads: nested too deeply") from None
        except ValueError:  # an integer past Python's 4,300 digits
            raise RequestError("not JSON this engine reads: a number too long") from None
        if not isinstance(request, dict):
            raise RequestError("a request is a JSON object")
        action = ACTIONS.get(str(request.get("action")))
        if action is None:
            raise RequestError(f"unknown action {request.get('action')!r}")
        answer = action(request)
    except (RequestError, FormError) as error:
        answer = {"ok": False, "error": str(error)}
    except Exception as error:  # a bug of ours: one line for the reader, never a traceback
        said = (str(error).strip().splitlines() or [""])[-1].strip()[:300]
        answer = {"ok": False, "error": f"internal error: {type(error).__name__}: {said}"}
    return json.dumps(answer, ensure_ascii=False)


def run(request: Mapping[str, Any]) -> dict[str, Any]:
    lang = language(request)
    form = check_form(request.get("form"))
    written, loaded = load(form)
    if isinstance(loaded, ProblemsFound):
        return {"ok": False, "problems": list(problems_of(loaded, written))}
    scenario, outcome = loaded
    path = request.get("page", "index.md")
    if not (isinstance(path, str) and path.endswith(".md") and ".." not in path.split("/")):
        raise RequestError("page is the path of a page of the site, e.g. resolution-step.md")
    page = links.Page(lang, path)

    def rule_link(number: str) -> str:
        return links.rule(page, RuleNumber(number)) if RuleNumber.is_valid(number) else ""

    example = ExampleRun(scenario, outcome, (), Path(file_name(form)))
    html = ExampleRenderer(example, page, rule_link).html(
        open_steps=True, prefix=f"{scenario.id}-variation-step", verdict=False
    )
    answer: dict[str, Any] = {"ok": True, "html": html}
    documented = request.get("documented")
    if documented is not None:
        if not isinstance(documented, dict):
            raise RequestError("documented is an object (see browser_engine.entry.facts)")
        answer["difference"] = difference(documented, facts(outcome), lang)
    return answer


def open_file(request: Mapping[str, Any]) -> dict[str, Any]:
    text, name = request.get("text"), request.get("name")
    if not (isinstance(text, str) and isinstance(name, str)):
        raise RequestError("open needs the file's text and name")
    try:
        return {"ok": True, "form": form_of(text, name[:200])}
    except ProblemsFound as found:
        return {"ok": False, "problems": list(problems_of(found, None))}


def scenario_file(request: Mapping[str, Any]) -> dict[str, Any]:
    form = check_form(request.get("form"))
    written, loaded = load(form)
    if isinstance(loaded, ProblemsFound):
        return {"ok": False, "problems": list(problems_of(loaded, written))}
    final = scenario_text(form, expected_of(loaded[1]))
    try:
        parse_scenario(final.text, file_name(form))  # the file as written loads
    except ProblemsFound as found:
        return {"ok": False, "problems": list(problems_of(found, final))}
    return {"ok": True, "yaml": final.text, "name": file_name(form)}


def load(form: Mapping[str, Any]) -> tuple[Written, tuple[Scenario, Outcome] | ProblemsFound]:
    """The form written as a file, then loaded and played as the command line would (the
    file's data and lines taken as written: the same as reading it back, tests check)."""
    written = scenario_text(form, NOTHING_EXPECTED)
    try:
        scenario = scenario_from_data(written.data, written.nodes, file_name(form))
        return written, (scenario, run_combat(scenario))
    except ProblemsFound as found:
        return written, found


def file_name(form: Mapping[str, Any]) -> str:
    """``<id>.yml`` when the id is one; the loader reports a bad id itself."""
    scenario_id = form.get("id")
    if isinstance(scenario_id, str) and scenario_id.replace("-", "").isalnum():
        return f"{scenario_id}.yml" if scenario_id.isascii() else "scenario.yml"
    return "scenario.yml"


def language(request: Mapping[str, Any]) -> str:
    lang = request.get("lang")
    if lang not in languages():
        raise RequestError(f"lang is one of {', '.join(languages())}")
    return str(lang)


ACTIONS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "run": run,
    "open": open_file,
    "scenario": scenario_file,
}


# -- how an outcome differs from the documented one ------------------------------------


def facts(outcome: Outcome) -> dict[str, Any]:
    """What a reader compares between two outcomes, with the names to say it (JSON)."""
    board = outcome.board
    return {
        "winner": outcome.winner,
        "restaged": outcome.restaged,
        "control": outcome.control_after,
        "conquer": [outcome.conquered_by, outcome.points_scored] if outcome.conquered_by else None,
        "killed": list(outcome.killed),
        "recalled": list(outcome.recalled),
        "scores": dict(outcome.scores),
        "names": {
            "players": {p.id: dict(p.name) for p in board.players.values()},
            "units": {u.id: dict(u.name) for u in board.units.values()},
        },
    }


def difference(before: Mapping[str, Any], after: Mapping[str, Any], lang: str) -> str:
    """One line: each fact that changed, "Result: No Result → Red wins · …" (or "the same")."""

    def name(kind: str, key: object) -> str:
        for side in (after, before):
            names: Mapping[str, Name] = side.get("names", {}).get(kind, {})
            if isinstance(key, str) and isinstance(names.get(key), dict):
                return localized(names[key], lang)
        return str(key)

    def player(key: object) -> str:
        return name("players", key) if key else word("diff.nobody", lang)

    def units(keys: object) -> str:
        listed = [name("units", k) for k in keys] if isinstance(keys, list) else []
        return ", ".join(listed) or word("diff.no-units", lang)

    def result(side: Mapping[str, Any]) -> str:
        winner = side.get("winner")
        return (
            word("diff.wins", lang, player=player(winner))
            if winner
            else word("diff.no-result", lang)
        )

    def conquer(side: Mapping[str, Any]) -> str:
        value = side.get("conquer")
        if isinstance(value, list) and len(value) == 2:
            return word("diff.conquered", lang, player=player(value[0]), points=value[1])
        return word("diff.no-conquer", lang)

    order = list(after.get("scores") or {}) + list(before.get("scores") or {})

    def scores(side: Mapping[str, Any]) -> str:
        table = side.get("scores")
        if not isinstance(table, dict):
            return word("diff.no-scores", lang)
        return ", ".join(f"{player(p)} {table[p]}" for p in dict.fromkeys(order) if p in table)

    def yes_no(side: Mapping[str, Any]) -> str:
        return word("diff.yes" if side.get("restaged") else "diff.no", lang)

    shown: list[tuple[str, Callable[[Mapping[str, Any]], str]]] = [
        ("diff.result", result),
        ("diff.restaged", yes_no),
        ("diff.control", lambda side: player(side.get("control"))),
        ("diff.conquer", conquer),
        ("diff.killed", lambda side: units(side.get("killed"))),
        ("diff.recalled", lambda side: units(side.get("recalled"))),
        ("diff.scores", scores),
    ]
    changes = [
        word("diff.change", lang, what=word(label, lang), before=show(before), after=show(after))
        for label, show in shown
        if show(before) != show(after)
    ]
    return typeset(" · ".join(changes), lang) if changes else word("diff.same", lang)
