"""The editor's form model, to and from a scenario file.

The form is the scenario's own data (as the loader reads it from YAML, as
JSON), without ``expected``, where an ability or a showdown play may carry
``"_off": true`` to leave it out of the board. Keys the editor does not know
are kept as they are, so a scenario the editor cannot show in full still
goes back to a file unchanged.

``scenario_text`` writes the form as a scenario file (YAML that ``python -m
engine run`` accepts), with the form's node each of the file's nodes comes from, so a
problem of the loader (its ``at``: a node of the file) is shown beside its field.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from browser_engine import words
from diagnostics import NodePath, Problem, ProblemsFound
from engine.loader import MAX_DEPTH, parse_scenario  # a form nests as its file does
from engine.scenario import Scenario
from vocabulary import languages

if TYPE_CHECKING:
    from engine.combat import Outcome

OFF = "_off"
# Where an id's references still point while the id typed is another's (``view.set_id``).
REFS = "_refs"
# A name changed in one language while another has its own (``view.names``).
RENAMED = "_renamed"
# The form's own marks: never part of the board.
MARKS = frozenset({OFF, REFS, RENAMED})
# Bounds on what a reader's browser may hand the engine (pasted files, links, forms).
MAX_SCENARIO_BYTES = 64 * 1024
# A shared link carries the whole scenario after '#': bounded, so it fits where links go.
MAX_SHARE_CHARACTERS = 8000
MAX_FORM_BYTES = 256 * 1024
# The top-level keys in the order a scenario file gives them; ``expected`` always last.
ORDER = ("id", "title", "caption", "players", "battlefield", "units", "combat")
HEADER = "# A Riftbound combat scenario: `python -m engine run FILE` plays it.\n"


class FormError(ValueError):
    """A form that is not one (wrong shape, too large, too deep): one line saying why."""


def check_form(value: object) -> dict[str, Any]:
    """The form, if it has the shape of one: a JSON object, bounded in size and depth."""
    if not isinstance(value, dict):
        raise FormError("a form is a JSON object")
    size = len(json.dumps(value, ensure_ascii=False).encode("utf-8"))
    if size > MAX_FORM_BYTES:
        raise FormError(f"the form is too large ({size} bytes; at most {MAX_FORM_BYTES})")

    def walk(node: object, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise FormError(f"the form is nested too deeply (more than {MAX_DEPTH} levels)")
        if isinstance(node, dict):
            for key, item in node.items():
                if not isinstance(key, str):
                    raise FormError("form keys are strings")
                walk(item, depth + 1)
        elif isinstance(node, list):
            for item in node:
                walk(item, depth + 1)
        elif not (node is None or isinstance(node, str | int | float | bool)):
            raise FormError(f"a form holds JSON values, not {type(node).__name__}")

    walk(value, 0)
    return value


# -- form → scenario file ----------------------------------------------------------------


@dataclass
class Written:
    """A scenario file written from a form, and where each of its lines comes from."""

    # The file's lines so far (each ends with its newline): joined once, when read.
    rows: list[str] = field(default_factory=lambda: [HEADER])
    # A node of the file → the form's node it comes from (they differ after an item the
    # reader left out: the file's play 0 may be the form's play 1).
    paths: dict[NodePath, NodePath] = field(default_factory=lambda: {(): ()})
    # What reading the file back gives (engine.loader.read_yaml): the data, and each node's line.
    data: dict[str, Any] = field(default_factory=dict)
    nodes: dict[NodePath, int] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return "".join(self.rows)

    @property
    def line(self) -> int:
        """The number of the next line written."""
        return len(self.rows) + HEADER.count("\n")

    def add(self, indent: int, text: str, at: NodePath, form_at: NodePath) -> None:
        """One line, which starts the node at ``at`` (``form_at`` in the form)."""
        self.paths[at] = form_at
        self.nodes[at] = self.line
        self.rows.append(" " * indent + text + "\n")

    def form_path(self, problem: Problem) -> NodePath | None:
        """The form's node a problem of the loader concerns (None: the whole board)."""
        at = problem.at
        if at is None:
            return None
        for cut in range(len(at), -1, -1):
            if at[:cut] in self.paths:
                return self.paths[at[:cut]] + at[cut:]
        return None


def scenario_text(form: Mapping[str, Any], expected: Mapping[str, Any]) -> Written:
    """The form as a scenario file, ``expected`` as its last key."""
    written = Written()
    keys = [k for k in ORDER if k in form] + [k for k in form if k not in ORDER]
    written.nodes[()] = written.line
    for key in keys:
        if key != "expected":
            emit_entry(written, 0, key, form[key], (), (), False)
            written.data[key] = board_value(form[key])
    emit_entry(written, 0, "expected", dict(expected), (), (), False)
    written.data["expected"] = board_value(dict(expected))
    return written


def board_value(value: Any) -> Any:
    """A form value as the board has it: items turned off left out, their marks removed."""
    if isinstance(value, dict):
        return {k: board_value(v) for k, v in value.items() if k not in MARKS}
    if isinstance(value, list):
        return [board_value(v) for v in value if not is_off(v)]
    return value


def emit_entry(
    written: Written,
    indent: int,
    key: str,
    value: Any,
    at: NodePath,
    form_at: NodePath,
    first: bool,
) -> None:
    """``key: value`` at ``indent``; ``first``: it opens a list item (``- key: …``)."""
    prefix = "- " if first else ""
    pad = indent - 2 if first else indent
    here, form_here = (*at, key), (*form_at, key)
    line = written.line
    if is_block(value):
        written.add(pad, f"{prefix}{scalar(key)}:", here, form_here)
    else:
        written.add(pad, f"{prefix}{scalar(key)}: {scalar(value)}", here, form_here)
    if first:  # the line starts the list item: a problem there concerns the item
        written.paths[at] = form_at
        written.nodes[at] = line
    if is_block(value):
        emit_block(written, indent + 2, value, here, form_here)


def emit_block(written: Written, indent: int, value: Any, at: NodePath, form_at: NodePath) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in MARKS:
                emit_entry(written, indent, key, item, at, form_at, False)
        return
    index = 0
    for form_index, item in enumerate(value):
        if is_off(item):
            continue  # left out of the board by the reader
        here, form_here = (*at, index), (*form_at, form_index)
        if isinstance(item, dict) and any(k not in MARKS for k in item):
            entries = [(k, v) for k, v in item.items() if k not in MARKS]
            for n, (key, part) in enumerate(entries):
                emit_entry(written, indent + 2, key, part, here, form_here, n == 0)
        elif is_block(item):
            written.add(indent, "-", here, form_here)
            written.nodes[here] = written.line  # YAML starts the inner list at its first item
            emit_block(written, indent + 2, item, here, form_here)
        else:
            written.add(indent, f"- {scalar(item)}", here, form_here)
        index += 1


def is_block(value: Any) -> bool:
    """A non-empty mapping or list (written over several lines)."""
    if isinstance(value, dict):
        return any(k not in MARKS for k in value)
    return isinstance(value, list) and any(not is_off(v) for v in value)


def is_off(value: Any) -> bool:
    return isinstance(value, dict) and value.get(OFF) is True


PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")
# Words YAML 1.1 (PyYAML) reads as booleans or null when unquoted.
SPECIAL = frozenset({"y", "n", "yes", "no", "on", "off", "true", "false", "null"})
# Characters PyYAML refuses in a stream or reads as line breaks, even inside quotes.
UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]")


def scalar(value: Any) -> str:
    """One value as YAML text that reads back as exactly that value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise FormError("numbers in a form are finite")
        written = repr(value)  # YAML 1.1 reads "1e+20" as text: its floats have a point
        mantissa, e, exponent = written.partition("e")
        return written if "." in mantissa or not e else f"{mantissa}.0e{exponent}"
    if isinstance(value, dict):
        return "{}"
    if isinstance(value, list):
        return "[]"
    text = str(value)
    if PLAIN.match(text) and text.lower() not in SPECIAL:
        return text
    quoted = json.dumps(text, ensure_ascii=False)
    return UNSAFE.sub(lambda m: f"\\u{ord(m[0]):04x}", quoted)


# -- scenario file → form ----------------------------------------------------------------


def form_of(text: str, name: str) -> dict[str, Any]:
    """The form of a scenario file; ProblemsFound with the loader's problems if it has any."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_SCENARIO_BYTES:
        raise ProblemsFound(
            [Problem(name, 0, f"too large: {size} bytes (at most {MAX_SCENARIO_BYTES})")]
        )
    # Every problem, as the command line reports them.
    form = form_of_scenario(parse_scenario(text, name))
    expanded = len(json.dumps(form, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    if expanded > MAX_FORM_BYTES:  # a small file that YAML aliases repeat past what a run takes
        raise ProblemsFound(
            [
                Problem(
                    name,
                    0,
                    f"too large once its YAML aliases are expanded: {expanded} bytes "
                    f"(at most {MAX_FORM_BYTES})",
                )
            ]
        )
    return form


def form_of_scenario(scenario: Scenario) -> dict[str, Any]:
    """The form of a scenario as read (its file's data, without ``expected``)."""
    form = {key: value for key, value in scenario.data.items() if key != "expected"}
    copied: dict[str, Any] = json.loads(json.dumps(form))  # JSON values only, and a copy
    return copied


def variation_of(form: Mapping[str, Any]) -> dict[str, Any]:
    """A worked example's form as the start of a variation: its own id, title and caption.
    Neither repeats the example's title, which says the example's outcome: a variation's
    may be another."""
    title = form["title"]
    suffix = "-variation"
    return {
        **form,
        "id": form["id"] if form["id"].endswith(suffix) else form["id"] + suffix,
        "title": {lang: words.written("scenario.variation-title", lang) for lang in title},
        "caption": {lang: words.written("scenario.variation-caption", lang) for lang in title},
    }


def blank_form() -> dict[str, Any]:
    """The board the "Ask the engine" page starts from: one unit on each side."""

    def name(key: str) -> dict[str, str]:
        return {lang: words.written(key, lang) for lang in languages()}

    return {
        "id": "my-board",
        "title": name("scenario.board-title"),
        "caption": name("scenario.board-caption"),
        "players": [
            {"id": "red", "name": name("board.red")},
            {"id": "blue", "name": name("board.blue")},
        ],
        "battlefield": {"name": name("board.battlefield"), "controller": "blue"},
        "units": [
            {
                "id": "red-unit",
                "name": name("board.red-unit"),
                "owner": "red",
                "might": 3,
                "at": "base",
            },
            {
                "id": "blue-unit",
                "name": name("board.blue-unit"),
                "owner": "blue",
                "might": 2,
                "at": "battlefield",
            },
        ],
        "combat": {"attacker": "red", "move": ["red-unit"]},
    }


def facts(outcome: Outcome) -> dict[str, Any]:
    """What a reader compares between two outcomes (``engine.summary``), with the names to
    say it (JSON)."""
    board = outcome.board
    return {
        "summary": outcome.summary.to_json(),
        "names": {
            "players": {p.id: dict(p.name) for p in board.players.values()},
            "units": {u.id: dict(u.name) for u in board.units.values()},
        },
    }
