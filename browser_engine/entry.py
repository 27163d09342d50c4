"""What the in-browser engine's worker calls: ``handle(request) -> answer``, both JSON text.

Requests (``action``), each in the page's language (``lang``) and for an editor's ``mode``
(``page`` or ``variation``, see ``browser_engine.view``):

- ``describe``: the form's view (what the editor draws);
- ``edit``: the form once the reader set a control (``key``, ``value``) or pressed a
  button (``key``), and its new view;
- ``run``: play the board. The answer holds the example's HTML as the build renders it
  (board, narrated and rule-cited step-through, outcome), the outcome in one sentence, and,
  given the documented example's outcome (``documented``: ``facts``), one line saying how
  this one differs from it. A board the engine refuses gives its problems instead, each with
  the control it concerns, said as the form names things, in the page's language;
- ``explore``: every choice players may make on the board (orders of abilities, combat
  damage assignments), a chunk of runs per request so that the page shows progress and can
  stop, then the outcomes they give (``browser_engine.exploring``);
- ``open``: a scenario file's text → its form (or its problems, by line);
- ``scenario``: the board as a scenario file that ``python -m engine run`` accepts unchanged,
  its ``expected`` filled with what the engine gave;
- ``share``: that file as a link's fragment (raw deflate, base64url), and ``link``: a link's
  fragment → its form, both bounded (the fragment's length, the scenario it inflates to).

Rule links in the HTML point at the rules browser, from the page the editor is on
(``page``: its path among its language's pages, e.g. "resolution-step.md").
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import links
from browser_engine import view as views
from browser_engine.edits import name_in
from browser_engine.elements import View
from browser_engine.exploring import Explorations
from browser_engine.form import (
    MAX_FORM_BYTES,
    MAX_SCENARIO_BYTES,
    MAX_SHARE_CHARACTERS,
    REFS,
    FormError,
    Written,
    check_form,
    facts,
    form_of,
    scenario_text,
)
from browser_engine.words import word
from diagnostics import NodePath, Problem, ProblemsFound
from engine import refusals as R
from engine.combat import Outcome, run_combat
from engine.fields import Kind
from engine.loader import parse_scenario, read_yaml, scenario_from_data
from engine.narration import NOBODY, Names, outcome_sentence, result_sentence
from engine.refusals import PLACED, text_of
from engine.scenario import Scenario
from engine.summary import Summary
from rulebook.numbering import RuleNumber, is_version
from rulebook.paging import is_range_name
from vocabulary import LINE, PLAIN, TOP, Voice, languages, localized, plural_message, say, typeset
from worked_examples.render import ExampleRenderer
from worked_examples.verify import ExampleRun

# What a board being played is written with (it documents nothing yet: nothing is compared);
# the file a reader downloads expects the outcome the engine gave instead.
NOTHING_EXPECTED: dict[str, Any] = {"result": "none"}
MAX_REQUEST_BYTES = MAX_FORM_BYTES * 2
# Ranges of rules a rules browser splits into parts, at most (each names a page).
MAX_SPLIT = 10_000
# Rules named otherwise than by their number (keywords), at most.
MAX_RULE_NAMES = 1_000
BASE64URL = re.compile(r"[A-Za-z0-9_-]*")

REFUSED = plural_message(
    "editor:problems.title",
    "The engine refuses this board: {count} problem.",
    "The engine refuses this board: {count} problems.",
)


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


def mode_of(request: Mapping[str, Any]) -> str:
    mode = request.get("mode", "page")
    if mode not in views.MODES:
        raise RequestError(f"mode is one of {', '.join(views.MODES)}")
    return str(mode)


def describe(request: Mapping[str, Any]) -> dict[str, Any]:
    form = check_form(request.get("form"))
    return {"ok": True, "view": views.describe(form, language(request), mode_of(request)).json()}


def edit(request: Mapping[str, Any]) -> dict[str, Any]:
    form, lang, mode = check_form(request.get("form")), language(request), mode_of(request)
    key, value = request.get("key"), request.get("value")
    if not isinstance(key, str) or not (value is None or isinstance(value, str | bool)):
        raise RequestError("edit needs a control's key, and a text or a checkbox's state")
    try:
        changed = views.edit(form, lang, mode, key, value)
    except KeyError:
        raise RequestError(f"no control {key!r} on this form") from None
    changed = check_form(changed)
    return {"ok": True, "form": changed, "view": views.describe(changed, lang, mode).json()}


def run(request: Mapping[str, Any]) -> dict[str, Any]:
    lang = language(request)
    form = check_form(request.get("form"))
    written, loaded = load(form)
    if isinstance(loaded, ProblemsFound):
        return refused(loaded, written, form, lang, mode_of(request))
    scenario, outcome = loaded
    path = request.get("page", "index.md")
    if not (isinstance(path, str) and path.endswith(".md") and ".." not in path.split("/")):
        raise RequestError("page is the path of a page of the site, e.g. resolution-step.md")
    page = links.Page(lang, path)
    version = request.get("rules_version")
    if version is not None and not (isinstance(version, str) and is_version(version)):
        raise RequestError("rules_version is a version of the rules such as 1.4")
    split = request.get("rules_split", [])
    if not (
        isinstance(split, list)
        and len(split) <= MAX_SPLIT
        and all(isinstance(name, str) and is_range_name(name) for name in split)
    ):
        raise RequestError("rules_split lists ranges of rules such as 400 or 400/460-469")
    rules = links.RulesAt(version, frozenset(split)) if version is not None else None
    names = request.get("rule_names", {})
    if not (
        isinstance(names, dict)
        and len(names) <= MAX_RULE_NAMES
        and all(
            isinstance(k, str)
            and RuleNumber.is_valid(k)
            and isinstance(v, str)
            and 0 < len(v) <= 60
            for k, v in names.items()
        )
    ):
        raise RequestError("rule_names maps rule numbers to the names a reader knows them by")

    def rule_link(number: str) -> str:
        # The rules browser of the version the site cites (no version: the old addresses).
        valid = RuleNumber.is_valid(number)
        return links.rule(page, RuleNumber(number), version=rules) if valid else ""

    said = outcome_sentence(outcome.summary, lang, Names(outcome.board))
    if mode_of(request) == "variation":  # titled as itself: its own outcome, not the example's
        heading = word(
            "editor.variation-heading",
            lang,
            outcome=result_sentence(outcome.summary, lang, Names(outcome.board)),
        )
        scenario = replace(scenario, title={lang: heading})
    example = ExampleRun(scenario, outcome, (), Path(file_name(form)))
    html = ExampleRenderer(example, page, rule_link, lambda n: names.get(n, n)).html(
        open_steps=True, prefix=f"{scenario.id}-variation-step", verdict=False
    )
    answer: dict[str, Any] = {"ok": True, "html": html, "outcome": said}
    documented = request.get("documented")
    if documented is not None:
        if not isinstance(documented, dict):
            raise RequestError("documented is an object (see browser_engine.form.facts)")
        answer["difference"] = difference(documented, facts(outcome), lang)
    return answer


EXPLORING = Explorations()


def explore(request: Mapping[str, Any]) -> dict[str, Any]:
    """``start`` (with the board): explore every choice of it, a first chunk of runs, under
    an id the answer gives (``exploration``); asked again with that id, the next chunk, until
    ``done`` (``browser_engine.exploring``); ``stop`` (with the id): forget it."""
    lang, key = language(request), request.get("exploration")
    if request.get("stop") is True:
        EXPLORING.stop(key)
        return {"ok": True, "done": True, "stopped": True}
    if request.get("start") is True:
        form, mode = check_form(request.get("form")), mode_of(request)
        written, loaded = load(form)
        if isinstance(loaded, ProblemsFound):
            return refused(loaded, written, form, lang, mode)
        key = EXPLORING.start(*loaded)
    return EXPLORING.advance(key, lang)


def open_file(request: Mapping[str, Any]) -> dict[str, Any]:
    text, name, lang = request.get("text"), request.get("name"), language(request)
    if not (isinstance(text, str) and isinstance(name, str)):
        raise RequestError("open needs the file's text and name")
    try:
        return {"ok": True, "form": form_of(text, name[:200])}
    except ProblemsFound as found:
        voice = file_voice(text, name[:200], lang)
        return {
            "ok": False,
            "problems": [in_file(problem, lang, voice) for problem in found.problems],
        }


def scenario_file(request: Mapping[str, Any]) -> dict[str, Any]:
    form, lang = check_form(request.get("form")), language(request)
    written, loaded = load(form)
    if isinstance(loaded, ProblemsFound):
        return refused(loaded, written, form, lang, mode_of(request))
    final = scenario_text(form, loaded[1].summary.as_expected())
    try:
        parse_scenario(final.text, file_name(form))  # the file as written loads
    except ProblemsFound as found:
        return refused(found, final, form, lang, mode_of(request))
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


# -- refusals, said as the form says things ------------------------------------------------


class FormVoice:
    """Places as the form labels them, players and units by their names on the board."""

    def __init__(self, view: View, form: Mapping[str, Any], written: Written) -> None:
        self.view, self.form, self.written = view, form, written

    def place(self, at: NodePath, lang: str) -> str:
        where = self.written.form_path(Problem("", 0, "", at))
        return (self.view.label_of(where) if where is not None else None) or ".".join(map(str, at))

    def line(self, number: int, at: NodePath, lang: str) -> str:
        """A line of a file the reader never saw: the field it starts, as the form shows it."""
        return self.place(at, lang)

    def named(self, kind: str, id: str, lang: str) -> str:
        holders = {Kind.PLAYER.value: "players", Kind.UNIT.value: "units"}
        for item in self.form.get(holders.get(kind, ""), []):
            if isinstance(item, dict) and item.get("id") == id:
                return name_in(item.get("name"), lang) or id
        return id


class FileVoice(FormVoice):
    """A file the reader opened: its lines are theirs to see (said as lines), its fields named
    as the form names them, then by the file's own keys where the form shows no field (a key
    the format does not have, the file's expectations): never a dotted path."""

    def place(self, at: NodePath, lang: str) -> str:
        found = self.view.place(at)
        shown = found[1].path if found is not None else ()
        label = self.view.label_of(at) if found is not None else None
        keys = [part for part in at[len(shown) :] if isinstance(part, str)]
        return " · ".join(([label] if label else []) + keys) or TOP(lang)

    def line(self, number: int, at: NodePath, lang: str) -> str:
        return LINE(lang, number=number)


def file_voice(text: str, name: str, lang: str) -> Voice:
    """How to say the problems of a file the reader opened: its fields as the form would show
    them, where the file reads as a board at all (else as the command line does)."""
    try:
        data, _ = read_yaml(text, name)
        view = views.describe(data, lang, "page") if isinstance(data, dict) else None
    except (ProblemsFound, TypeError, ValueError, KeyError, AttributeError):
        view = None  # too broken to show as a form: its fields by their paths
    if view is None:
        return PLAIN
    written = Written(paths={(): ()})  # the file's nodes are the form's own
    return FileVoice(view, data, written)


def refused(
    found: ProblemsFound, written: Written, form: Mapping[str, Any], lang: str, mode: str
) -> dict[str, Any]:
    """The board's problems, each once: beside its control (``key``), and in the summary
    list, where it names the control as the form labels it."""
    view = views.describe(dict(form), lang, mode)
    voice = FormVoice(view, form, written)
    listed = []
    seen: set[tuple[str | None, str]] = set()
    waiting = waiting_ids(form)
    for problem in found.problems:
        if problem.said and problem.said.key in UNKNOWN and problem.said.get("value") in waiting:
            continue  # an id typed that another has: its references wait (one fault, once)
        text = say(problem.said, lang, voice) if problem.said else problem.message
        where = written.form_path(problem)
        placed = view.place(where) if where is not None else None
        key = placed[1].key if placed else None
        if (key, text) in seen:
            continue
        seen.add((key, text))
        label = view.label_of(where) if where is not None else None
        summary = PLACED(lang, place=label, problem=text) if label else text
        listed.append({"key": key, "text": text, "summary": summary})
    return {"ok": False, "problems": listed, "title": REFUSED(lang, len(listed))}


# A reference to nothing: not said of an id whose references wait for the one it had.
UNKNOWN = frozenset(m.context for m in R.UNKNOWN.values())


def waiting_ids(form: Mapping[str, Any]) -> set[str]:
    """The ids whose references wait (``browser_engine.form.REFS``): the reader typed, for
    their player, unit or ability, an id another already has."""
    found: set[str] = set()

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get(REFS), str):
                found.add(node[REFS])
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(form)
    return found


def in_file(problem: Problem, lang: str, voice: Voice = PLAIN) -> str:
    """A problem of a file the reader opened: by its line, in the reader's language, its
    field named as the form names it (``voice``)."""
    text = text_of(problem, lang, voice)
    return word("open.line", lang, line=problem.line, problem=text) if problem.line else text


def share(request: Mapping[str, Any]) -> dict[str, Any]:
    answer = scenario_file(request)
    if not answer["ok"]:
        return answer
    fragment = fragment_of(answer["yaml"])
    if len(fragment) > MAX_SHARE_CHARACTERS:
        said = word(
            "share.too-long", language(request), count=len(fragment), limit=MAX_SHARE_CHARACTERS
        )
        return {"ok": False, "reason": said}
    return {"ok": True, "fragment": fragment}


def fragment_of(text: str) -> str:
    """A scenario as a link's fragment: raw deflate, then base64url without padding."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


class BadLink(ValueError):
    """A link's fragment that holds no scenario: its reason, in the reader's language."""


def text_of_fragment(fragment: str, lang: str) -> str:
    """The scenario a link's fragment holds, read within bounds: the fragment's length, the
    bytes it inflates to (never more than ``MAX_SCENARIO_BYTES`` are inflated), UTF-8.

    A link cut short anywhere is told apart from one that never held a board, by the
    format itself, with no checksum: base64 of any length but one more than a multiple of
    4, then a deflate stream, which ends with a mark of its own. Cut, a fragment either
    has that one length or stops before that mark (every cut drops a byte, and the last
    byte holds the end of that mark), so it is "incomplete"; and links shared before this
    read as they did."""
    if len(fragment) > MAX_SHARE_CHARACTERS:
        raise BadLink(
            word("share.link-too-long", lang, size=len(fragment), limit=MAX_SHARE_CHARACTERS)
        )
    if len(fragment) % 4 == 1 and BASE64URL.fullmatch(fragment):  # cut mid-character
        raise BadLink(word("share.incomplete", lang))
    try:
        packed = base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4))
    except (binascii.Error, ValueError):
        raise BadLink(word("share.not-a-link", lang)) from None
    unpacker = zlib.decompressobj(-15)
    try:
        data = unpacker.decompress(packed, MAX_SCENARIO_BYTES + 1)
    except zlib.error:
        raise BadLink(word("share.not-a-link", lang)) from None
    if len(data) > MAX_SCENARIO_BYTES or unpacker.unconsumed_tail:
        kilobytes = (MAX_SCENARIO_BYTES + 1023) // 1024
        raise BadLink(word("open.too-large", lang, size=f"> {kilobytes}", limit=kilobytes))
    if not unpacker.eof:
        raise BadLink(word("share.incomplete", lang))
    if unpacker.unused_data:  # more after the end: not a link the editor wrote
        raise BadLink(word("share.not-a-link", lang))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadLink(word("open.not-text", lang)) from None


def open_link(request: Mapping[str, Any]) -> dict[str, Any]:
    fragment, lang = request.get("fragment"), language(request)
    if not isinstance(fragment, str):
        raise RequestError("link needs the fragment of a shared link")
    try:
        text = text_of_fragment(fragment, lang)
    except BadLink as bad:
        return {"ok": False, "problems": [word("share.bad", lang, reason=str(bad))]}
    answer = open_file({"text": text, "name": "shared.yml", "lang": lang})
    if not answer["ok"]:
        reasons = "; ".join(answer["problems"])
        return {"ok": False, "problems": [word("share.bad", lang, reason=reasons)]}
    return answer


ACTIONS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "describe": describe,
    "edit": edit,
    "run": run,
    "explore": explore,
    "open": open_file,
    "scenario": scenario_file,
    "share": share,
    "link": open_link,
}


# -- how an outcome differs from the documented one ------------------------------------


def difference(before: Mapping[str, Any], after: Mapping[str, Any], lang: str) -> str:
    """One line: each fact that changed, "Result: No Result → Red wins · …" (or "the same")."""
    try:
        old, new = Summary.from_json(before["summary"]), Summary.from_json(after["summary"])
    except (KeyError, TypeError, ValueError, AttributeError):
        raise RequestError(
            "documented is the facts of an outcome (browser_engine.form.facts)"
        ) from None

    def name(kind: str, key: str | None) -> str:
        if key is None:
            return NOBODY(lang)
        for side in (after, before):
            names = side.get("names", {}).get(kind, {})
            if isinstance(names, dict) and isinstance(names.get(key), dict):
                return localized(names[key], lang)
        return key

    def units(keys: tuple[str, ...]) -> str:
        return ", ".join(name("units", k) for k in keys) or word("diff.no-units", lang)

    def result(side: Summary) -> str:
        winner = side.result.winner
        if not side.fought:
            return word("diff.no-combat", lang)
        return (
            word("diff.wins", lang, player=name("players", winner))
            if winner
            else word("diff.no-result", lang)
        )

    def conquer(side: Summary) -> str:
        if side.conquer is None:
            return word("diff.no-conquer", lang)
        return word(
            "diff.conquered",
            lang,
            player=name("players", side.conquer.player),
            points=side.conquer.points,
        )

    order = list(dict.fromkeys([*new.scores, *old.scores]))

    def scores(side: Summary) -> str:
        return ", ".join(
            f"{name('players', p)} {side.scores[p]}" for p in order if p in side.scores
        ) or word("diff.no-scores", lang)

    shown: list[tuple[str, Callable[[Summary], str]]] = [
        ("diff.result", result),
        ("diff.restaged", lambda side: word("diff.yes" if side.restaged else "diff.no", lang)),
        ("diff.control", lambda side: name("players", side.control)),
        ("diff.conquer", conquer),
        ("diff.killed", lambda side: units(side.killed)),
        ("diff.recalled", lambda side: units(side.recalled)),
        ("diff.scores", scores),
    ]
    changes = [
        word("diff.change", lang, what=word(label, lang), before=show(old), after=show(new))
        for label, show in shown
        if show(old) != show(new)
    ]
    return typeset(" · ".join(changes), lang) if changes else word("diff.same", lang)
