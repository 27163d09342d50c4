"""Load a scenario from YAML, checking it against the scenario format and the board's sense.

Every problem of a file is reported, each once, as ``file:line: field: what is wrong``
(a refusal of ``engine.refusals``: any language renders it); never a traceback. A scenario
may come from a pasted file or a shared link, so reading it is bounded: its size, its
nesting and the nodes its YAML aliases expand to.

Values are read as the format's table (``engine.format``) types them: a name YAML 1.1 would
read as a boolean, a number or a date (``On``, ``no``, ``2024-01-01``) is the name as
written; a number YAML 1.1 would read in another base (``012``, ``1:30``) is refused with
the value it would have had, and so is a whole number past ``MAX_EXACT_WHOLE``. A value so
refused is reported with every other problem of the file (the schema's included), not
instead of them; nothing is said of it twice.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from diagnostics import Line, NodePath, Param, Problem, ProblemsFound, Term, read_source
from engine import refusals as R
from engine.effects import Effect, PlayUnit, ability_of, effect_of
from engine.fields import (
    Choice,
    Const,
    Either,
    Flag,
    Id,
    Kind,
    Localized,
    Map,
    Node,
    Obj,
    Ref,
    Seq,
    Text,
    Whole,
    references,
    texts,
)
from engine.format import SCENARIO
from engine.model import ZONE_WORDS, Designation, Trigger, Zone, name_of
from engine.scenario import (
    UNSTATED,
    Absence,
    Checkpoint,
    CombatScript,
    Designations,
    Expectation,
    Expected,
    OtherAssignment,
    OtherOrder,
    PlayerSpec,
    Round,
    Scenario,
    ShowdownPlay,
    StatedOrder,
    UnitCheck,
    UnitSpec,
)
from engine.schema import scenario_schema
from engine.summary import Conquest, Result
from vocabulary import Message, languages

if TYPE_CHECKING:  # imported where a schema is checked: a build's cached scenarios need none
    import jsonschema

# Bounds on what one scenario may ask of the loader.
MAX_BYTES = 512 * 1024
MAX_NODES = 20_000  # after YAML aliases are expanded
MAX_DEPTH = 24
# Characters of one number: Python converts long ones in quadratic time (base 60: 1:59:59…).
MAX_NUMBER_CHARACTERS = 100
# The largest whole number a browser's JavaScript holds exactly (2**53 - 1): the editor's form
# holds numbers so, and would round a larger one (9007199254740993 to …992). Refused past it.
MAX_EXACT_WHOLE = 2**53 - 1

# libyaml's loader when PyYAML was built with it (it keeps line marks too): 10x faster.
YAML_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _is_integer(checker: object, instance: object) -> bool:
    """Integers are whole numbers as written: 4, not 4.0, and not true."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@cache
def validator() -> jsonschema.protocols.Validator:
    import jsonschema

    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine("integer", _is_integer)
    strict: type[jsonschema.protocols.Validator] = jsonschema.validators.extend(
        base, type_checker=checker
    )
    return strict(scenario_schema())


def depth_problem(text: str, path: str) -> Problem | None:
    """A collection nested past ``MAX_DEPTH``, block (``- - - …``, indented maps) or flow
    (``[[[…``, ``{{{…``): refused before any parser composes it (libyaml's composer recurses
    in C: 60,000 levels crash the process; PyYAML's in Python). YAML's own event parser,
    which keeps its nesting on a list and recurses nowhere, reads up to the first collection
    too deep and stops there; a syntax error before it is the composer's to report.
    """
    depth = 0
    try:
        for event in yaml.parse(text, Loader=YAML_LOADER):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    line = event.start_mark.line + 1 if event.start_mark else 1
                    return R.refuse(path, line, R.TOO_DEEP, count=MAX_DEPTH)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return None
    return None


# Errors about something left open: the line where it opened is the one to fix.
UNCLOSED = ("while parsing a flow", "while scanning a quoted scalar")


def syntax_problem(error: yaml.MarkedYAMLError, path: str) -> Problem:
    """A YAML error at the line to fix (where an unclosed bracket or quote opened, otherwise
    where the fault is), saying where else it shows."""
    opened, noticed = error.context_mark, error.problem_mark
    unclosed = bool(error.context and error.context.startswith(UNCLOSED))
    mark, other = (opened, noticed) if unclosed and opened else (noticed or opened, None)
    line = mark.line + 1 if mark else 1
    reason = ", ".join(r for r in (error.context, error.problem) if r) or "not valid YAML"
    if other and other.line + 1 != line:
        return R.refuse(path, line, R.YAML_SYNTAX_ELSEWHERE, reason=reason, noticed=other.line + 1)
    return R.refuse(path, line, R.YAML_SYNTAX, reason=reason)


def python_parser_problem(text: str, path: str) -> Problem:
    """The syntax error PyYAML's Python parser finds in ``text``."""
    try:
        yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        return syntax_problem(error, path)
    except yaml.reader.ReaderError as error:  # a character YAML does not allow
        code = error.character if isinstance(error.character, int) else ord(error.character)
        line = text.count("\n", 0, error.position) + 1
        if code == 0:
            return R.refuse(path, line, R.NUL)
        return R.refuse(path, line, R.NOT_ALLOWED_CHARACTER, code=f"{code:04X}")
    except yaml.YAMLError as error:
        return R.refuse(path, 1, R.YAML_SYNTAX, reason=str(error))
    except RecursionError:
        return R.refuse(path, 1, R.TOO_DEEP, count=MAX_DEPTH)
    return R.refuse(path, 1, R.YAML_SYNTAX, reason="libyaml refuses this text")


def json_kinds(field: Node | None) -> frozenset[str]:
    """The JSON kinds a field of the table accepts ("string", "integer", "object"…)."""
    if field is None:
        return frozenset()
    if isinstance(field, Either):
        return frozenset().union(*(json_kinds(form) for form in field.forms))
    if isinstance(field, Text | Id | Ref | Choice | Const):
        return frozenset({"string"})
    if isinstance(field, Whole):
        return frozenset({"integer"})
    if isinstance(field, Flag):
        return frozenset({"boolean"})
    if isinstance(field, Seq):
        return frozenset({"array"})
    return frozenset({"object"})


def form_for(field: Node | None, node: yaml.Node) -> Node | None:
    """The form of ``field`` that ``node`` is written in (a mapping, a list or a scalar)."""
    if not isinstance(field, Either):
        return field
    kind = (
        "object"
        if isinstance(node, yaml.MappingNode)
        else "array"
        if isinstance(node, yaml.SequenceNode)
        else None
    )
    if kind is None:
        return field  # a scalar: its kinds are all the forms' (``json_kinds``)
    return next((f for f in field.forms if kind in json_kinds(f)), None)


def inner(field: Node | None, key: str | int) -> Node | None:
    """The table's field for the child ``key`` of a value of ``field`` (its form resolved)."""
    if isinstance(field, Obj) and isinstance(key, str):
        return field.fields.get(key)
    if isinstance(field, Map):
        return field.value
    if isinstance(field, Localized):
        return field.text
    if isinstance(field, Seq):
        return field.item
    return None


# A number as this format writes numbers: decimal digits, no leading zero.
PLAIN_NUMBER = re.compile(r"[-+]?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?")
PLAIN_WHOLE = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
MERGE = "tag:yaml.org,2002:merge"


def yaml_11_reading(raw: str) -> Message:
    """Why YAML 1.1 reads ``raw`` as another number than its digits say."""
    if ":" in raw:
        return R.WHY_SEXAGESIMAL
    digits = raw.lstrip("+-")
    if digits[:2].lower() in ("0x", "0b"):
        return R.WHY_OTHER_BASE
    if "_" in raw:
        return R.WHY_SEPARATED
    return R.WHY_OCTAL


def read_yaml(
    text: str, path: str, table: Node | None = SCENARIO
) -> tuple[Any, dict[NodePath, int]]:
    """Parse YAML into plain data plus the line of every node, each value read as ``table``
    types its field (None: as YAML 1.1 reads it)."""
    if len(text) > MAX_BYTES:
        raise ProblemsFound([R.refuse(path, 0, R.TOO_LARGE, count=len(text), limit=MAX_BYTES)])
    if too_deep := depth_problem(text, path):
        raise ProblemsFound([too_deep])
    try:
        root = yaml.compose(text, Loader=YAML_LOADER)
    except yaml.YAMLError:
        # libyaml words its errors (and counts their lines) its own way: the error reported is
        # PyYAML's Python parser's, which is also the in-browser engine's (no libyaml there).
        raise ProblemsFound([python_parser_problem(text, path)]) from None
    except RecursionError:
        raise ProblemsFound([R.refuse(path, 1, R.TOO_DEEP, count=MAX_DEPTH)]) from None
    lines = Lines()
    problems: list[Problem] = []
    constructor = yaml.SafeLoader("")
    visited = 0

    def convert(node: yaml.Node, at: NodePath, field: Node | None) -> Any:
        nonlocal visited
        visited += 1
        line = node.start_mark.line + 1
        if visited > MAX_NODES:
            raise ProblemsFound([R.refuse(path, line, R.TOO_MANY_VALUES, limit=MAX_NODES)])
        if len(at) > MAX_DEPTH:
            raise ProblemsFound([R.refuse(path, line, R.TOO_DEEP, count=MAX_DEPTH)])
        lines.setdefault(at, line)
        field = form_for(field, node)
        if isinstance(node, yaml.MappingNode):
            result: dict[str, Any] = {}
            for key_node, value_node in node.value:
                key_line = key_node.start_mark.line + 1
                if key_node.tag == MERGE:
                    problems.append(R.refuse(path, key_line, R.MERGE_KEY, at))
                    continue
                if not isinstance(key_node, yaml.ScalarNode):  # {a: 1}: x, [a]: x
                    kind = "object" if isinstance(key_node, yaml.MappingNode) else "array"
                    said = R.KEY_NOT_A_NAME
                    problems.append(R.refuse(path, key_line, said, at, kind=R.kind_term(kind)))
                    continue
                key = str(key_node.value)  # as written: never YAML 1.1's booleans or numbers
                here = (*at, key)
                if key in result:
                    problems.append(R.refuse(path, key_line, R.DUPLICATE_KEY, here, key=key))
                    continue
                lines[here] = key_line
                result[key] = convert(value_node, here, inner(field, key))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [convert(item, (*at, i), inner(field, i)) for i, item in enumerate(node.value)]
        return scalar(node, at, field)

    def scalar(node: yaml.Node, at: NodePath, field: Node | None) -> Any:
        assert isinstance(node, yaml.ScalarNode)
        line = node.start_mark.line + 1
        raw = str(node.value)
        lines.typed[at] = raw
        plain = not node.style  # None from PyYAML, "" from libyaml
        resolved = node.tag.rsplit(":", 1)[-1]  # str, int, float, bool, null, timestamp…
        wanted = json_kinds(field)
        if plain and resolved != "str" and "string" in wanted and raw:
            kind = {"int": "integer", "float": "number", "bool": "boolean", "null": "null"}
            if kind.get(resolved) not in wanted:
                return raw  # a name or an id as written (On, no, 2024-01-01, 1e3)
        number = resolved in ("int", "float")
        if number and len(raw) > MAX_NUMBER_CHARACTERS:  # refused before it is converted
            problems.append(
                R.refuse(
                    path, line, R.NUMBER_TOO_LONG, at, count=len(raw), limit=MAX_NUMBER_CHARACTERS
                )
            )
            return None
        try:
            value = constructor.construct_object(node)
        except yaml.constructor.ConstructorError:
            problems.append(R.refuse(path, line, R.UNKNOWN_TAG, at, tag=node.tag))
            return None
        except (ValueError, OverflowError):  # "!!int five", a date 2024-13-45
            said = (
                R.NOT_A_NUMBER
                if number
                else R.NOT_A_DATE
                if resolved == "timestamp"
                else R.UNREADABLE_VALUE
            )
            problems.append(R.refuse(path, line, said, at, value=raw[:40]))
            return None
        if isinstance(value, int) and abs(value) > MAX_EXACT_WHOLE:
            limit = f"{'-' if value < 0 else ''}{MAX_EXACT_WHOLE}"
            problems.append(R.refuse(path, line, R.PAST_EXACT, at, value=raw, limit=limit))
            return None
        if plain and resolved == "int" and not PLAIN_NUMBER.fullmatch(raw):
            problems.append(
                R.refuse(
                    path,
                    line,
                    R.YAML_11_NUMBER,
                    at,
                    value=raw,
                    read=value,
                    why=Term(yaml_11_reading(raw).context),
                )
            )
            return None
        return value

    data = convert(root, (), table) if root is not None else None
    if problems:
        if table is SCENARIO and data is not None:  # every other problem too, each once
            # A value left out is not said again by the schema (a key that is not a name
            # leaves nothing out that the schema would miss).
            reported = [
                p.at
                for p in problems
                if p.at is not None and not (p.said and p.said.key == R.KEY_NOT_A_NAME.context)
            ]
            problems += [
                problem
                for problem in schema_problems(data, lines, path)
                if not any(within(problem.at, where) for where in reported)
            ]
        raise ProblemsFound(problems)
    return data, lines


def within(at: NodePath | None, where: NodePath) -> bool:
    """Whether ``at`` is ``where`` or inside it: what a problem there already says."""
    return at is not None and at[: len(where)] == where


# -- the schema ----------------------------------------------------------------------------


def schema_problems(data: Any, lines: Mapping[NodePath, int], path: str) -> Iterator[Problem]:
    for error in validator().iter_errors(data):
        yield from error_problems(error, lines, path)


def json_kind(value: Any) -> str:
    """The JSON type of a value, as a schema's ``type`` names it."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, dict):
        return "object"
    return "array" if isinstance(value, list) else "null"


def branch_kind(schema: Any) -> str | None:
    """The JSON type a ``oneOf`` choice takes: its ``type``, or that of its constants."""
    if not isinstance(schema, dict):
        return None
    if "type" in schema:
        return str(schema["type"]).replace("integer", "number")
    if "$ref" in schema:
        return "string" if schema["$ref"] == "#/$defs/id" else "object"
    values = [schema["const"]] if "const" in schema else schema.get("enum", [])
    kinds = {json_kind(v) for v in values}
    return kinds.pop() if len(kinds) == 1 else None


def one_of_branch(error: jsonschema.ValidationError) -> list[jsonschema.ValidationError] | None:
    """For a value valid under none of ``oneOf``'s choices: the errors of the one choice of
    its kind (the object form for an object, the list of names for a string…), or None."""
    schema = error.schema if isinstance(error.schema, dict) else {}
    choices = schema.get(str(error.validator), [])
    kind = json_kind(error.instance)
    fitting = [i for i, choice in enumerate(choices) if branch_kind(choice) == kind]
    if len(fitting) != 1:
        return None
    return [sub for sub in error.context or [] if sub.relative_schema_path[0] == fitting[0]]


class Lines(dict[NodePath, int]):
    """The line of every node of a file, and each scalar as it is typed there (``4.50``,
    ``+1``): a message quotes the reader's value as they typed it, not as YAML reads it."""

    def __init__(self) -> None:
        super().__init__()
        self.typed: dict[NodePath, str] = {}


def shown(value: Any, at: NodePath = (), lines: Mapping[NodePath, int] | None = None) -> str:
    """A value as a message quotes it: as typed in the file where it was read from one, else
    text as it is and anything else as a scenario writes it (the message adds the quotes)."""
    typed = getattr(lines, "typed", {}).get(at)
    if typed is not None:
        return str(typed)
    return (
        value
        if isinstance(value, str)
        else str(value).lower()
        if isinstance(value, bool)
        else str(value)
    )


def error_problems(
    error: jsonschema.ValidationError, lines: Mapping[NodePath, int], path: str
) -> Iterator[Problem]:
    at: NodePath = tuple(error.absolute_path)
    line = lines.get(at, 1)
    rule = str(error.validator)  # the keyword that failed ("required", "enum", …)
    schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}

    def problem(said: Message, where: NodePath = at, **params: Param) -> Problem:
        return R.refuse(path, lines.get(where, line), said, where, **params)

    if rule == "additionalProperties" and isinstance(error.instance, dict):
        allowed = list(schema.get("properties", {}))
        for key in error.instance:
            if key not in allowed:
                yield problem(R.UNKNOWN_KEY, (*at, key), suggestion=R.suggestion(key, allowed))
    elif rule == "required":
        missing = error.validator_value
        for key in missing if isinstance(missing, list) else []:
            if isinstance(error.instance, dict) and key not in error.instance:
                yield problem(R.REQUIRED_KEY, key=key)
    elif rule == "oneOf" and all(set(choice) == {"required"} for choice in schema.get("oneOf", [])):
        keys = [choice["required"][0] for choice in schema["oneOf"]]
        yield problem(R.EXACTLY_ONE, keys=", ".join(keys))
    elif rule in ("oneOf", "anyOf") and (branch := one_of_branch(error)) is not None:
        for sub in branch:
            yield from error_problems(sub, lines, path)
    elif rule == "not" and isinstance(error.instance, dict):
        pairs = [c["required"] for c in schema.get("not", {}).get("anyOf", [])]
        both = next((pair for pair in pairs if all(k in error.instance for k in pair)), None)
        if both:
            yield problem(R.AT_MOST_ONE, (*at, both[1]), first=both[0], second=both[1])
        else:
            yield problem(R.NOT_VALID)
    elif rule == "minimum":
        yield problem(R.NEGATIVE, value=shown(error.instance, at, lines))
    elif rule == "type" and error.validator_value == "integer":
        instance = error.instance
        if isinstance(instance, str) and PLAIN_WHOLE.fullmatch(instance):  # the form keeps one
            limit = f"{'-' if instance.startswith('-') else ''}{MAX_EXACT_WHOLE}"
            yield problem(R.PAST_EXACT, value=instance, limit=limit)
        else:
            yield problem(R.NOT_WHOLE, value=shown(instance, at, lines))
    elif rule == "enum":
        allowed = [str(v) for v in schema.get("enum", [])]
        near = R.suggestion(str(error.instance), allowed)
        if len(allowed) <= 12:
            yield problem(
                R.NOT_ONE_OF, value=str(error.instance), choices=", ".join(allowed), suggestion=near
            )
        else:
            yield problem(
                R.NOT_ONE_OF_MANY, value=str(error.instance), count=len(allowed), suggestion=near
            )
    elif rule == "const":
        want = str(error.validator_value)
        yield problem(
            R.NOT_THE_WORD,
            value=str(error.instance),
            word=want,
            suggestion=R.suggestion(str(error.instance), [want]),
        )
    elif rule == "propertyNames" or "propertyNames" in error.absolute_schema_path:
        yield problem(R.NOT_A_LANGUAGE_CODE, value=str(error.instance))
    elif rule == "pattern":
        yield problem(R.NOT_AN_ID, value=str(error.instance))
    elif rule == "uniqueItems":
        yield problem(R.SAME_ITEM_TWICE)
    elif rule == "maxLength":
        yield problem(R.TOO_LONG, count=int(error.validator_value))
    elif rule == "minLength":
        yield problem(R.EMPTY_TEXT)
    elif rule == "minItems":
        yield problem(R.TOO_FEW, count=int(error.validator_value))
    elif rule == "maxItems":
        yield problem(R.TOO_MANY, count=int(error.validator_value))
    elif rule == "minProperties":
        yield problem(R.NOTHING_TO_CHECK)
    elif rule == "type":
        yield problem(R.MUST_BE, kind=R.kind_term(str(error.validator_value)))
    elif rule in ("oneOf", "anyOf"):
        kinds = [
            str(choice["type"]) if "type" in choice else "string"
            for choice in schema.get(rule, [])
            if isinstance(choice, dict)
        ]
        forms = list(dict.fromkeys(kinds))
        if len(forms) == 2:
            yield problem(
                R.MUST_BE_EITHER, first=R.kind_term(forms[0]), second=R.kind_term(forms[1])
            )
        else:
            yield problem(R.NOT_VALID)
    else:  # a keyword the format does not use (tests/engine check that each has its message)
        yield problem(R.NOT_VALID)


# -- building the scenario ---------------------------------------------------------------


def load_scenario(file: Path, display: str | None = None) -> Scenario:
    """Read, validate and build a scenario; ProblemsFound lists every problem."""
    path = display or str(file)
    return parse_scenario(read_source(file, path, MAX_BYTES), path)


def parse_scenario(text: str, path: str) -> Scenario:
    """A scenario from its file's text, wherever it comes from (a file, a paste, a link): a
    byte-order mark is refused alike everywhere (the command line's reader refuses it too)."""
    if text.startswith("\ufeff"):
        raise ProblemsFound([R.refuse(path, 1, R.BOM)])
    data, lines = read_yaml(text, path)
    return scenario_from_data(data, lines, path)


def scenario_from_data(
    data: Any, lines: Mapping[NodePath, int], path: str, checked: bool = False
) -> Scenario:
    """A scenario from data already read, with the line of each node (as ``read_yaml`` gives
    them): the in-browser editor writes a file from its form and knows both without
    parsing the file again. ``checked``: this very data loaded before with this engine (the
    build's sealed cache of scenarios read says so: it keeps only those), so neither the
    schema nor the board's checks need read it again."""
    if data is None:
        raise ProblemsFound([R.refuse(path, 1, R.EMPTY)])
    problems = [] if checked else list(schema_problems(data, lines, path))
    if problems:
        raise ProblemsFound(problems)
    scenario = build_scenario(data, lines, path)
    problems = [] if checked else list(board_problems(scenario))
    if problems:
        raise ProblemsFound(problems)
    return scenario


def replacement(spec: str | Mapping[str, Any] | None) -> tuple[Zone | None, bool]:
    """``if_it_would_die``: where the card goes instead, and whether its death trigger stays."""
    if spec is None:
        return None, False
    if isinstance(spec, str):
        return Zone(spec), False
    return Zone(spec["to"]), not spec.get("removes_death_trigger", True)


def stated_orders(
    orders: list[list[str]], lines: Mapping[NodePath, int], at: NodePath
) -> tuple[StatedOrder, ...]:
    return tuple(
        StatedOrder(tuple(names), lines.get((*at, i), lines.get(at, 1)), (*at, i))
        for i, names in enumerate(orders)
    )


def build_scenario(data: Mapping[str, Any], lines: Mapping[NodePath, int], path: str) -> Scenario:
    units = tuple(
        UnitSpec(
            id=u["id"],
            name=name_of(u["name"]),
            owner=u["owner"],
            controller=u.get("controller"),
            might=u["might"],
            zone=Zone(u["at"]),
            damage=u.get("damage", 0),
            abilities=tuple(ability_of(a) for a in u.get("abilities", [])),
            cant_move=u.get("cant_move", False),
            instead_of_dying=replacement(u.get("if_it_would_die"))[0],
            keeps_death_trigger=replacement(u.get("if_it_would_die"))[1],
            assault=u.get("assault", 0),
            shield=u.get("shield", 0),
            tank=u.get("tank", False),
            stunned=u.get("stunned", False),
            cant_be_dealt_damage=u.get("cant_be_dealt_damage", False),
            line=lines[("units", i)],
        )
        for i, u in enumerate(data["units"])
    )
    combat = data["combat"]
    rounds = tuple(
        Round(
            showdown=tuple(
                ShowdownPlay(
                    p["player"], effect_of(p), lines[("combat", "rounds", r, "showdown", n)]
                )
                for n, p in enumerate(script.get("showdown", []))
            ),
            damage=script.get("damage"),
            line=lines.get(("combat", "rounds", r, "damage"), lines[("combat", "rounds", r)]),
            damage_lines={
                unit: lines[("combat", "rounds", r, "damage", unit)]
                for unit in script.get("damage", {})
            },
            assign={player: dict(given) for player, given in script.get("assign", {}).items()},
        )
        for r, script in enumerate(combat.get("rounds", []))
    ) or (Round(line=lines[("combat",)]),)
    battlefield = data["battlefield"]
    controller = battlefield["controller"]
    return Scenario(
        id=data["id"],
        title=dict(data.get("title", {})),
        caption=dict(data.get("caption", {})),
        players=tuple(
            PlayerSpec(p["id"], name_of(p["name"]), p.get("score", 0)) for p in data["players"]
        ),
        battlefield=name_of(battlefield["name"]),
        controller=None if controller == "none" else controller,
        scored_this_turn=frozenset(battlefield.get("scored_this_turn", [])),
        units=units,
        combat=CombatScript(
            combat["attacker"],
            tuple(combat["move"]),
            rounds,
            lines[("combat",)],
            stated_orders(combat.get("trigger_order", []), lines, ("combat", "trigger_order")),
            combat.get("first_on_chain"),
        ),
        path=path,
        expected=expected_of_data(data["expected"], lines) if "expected" in data else None,
        lines=lines,
        data=data,
    )


# -- what a scenario expects, typed ------------------------------------------------------


def who(value: str) -> str | None:
    """A player, or nobody for ``none``."""
    return None if value == "none" else value


def unit_checks(block: Mapping[str, Any]) -> dict[str, UnitCheck]:
    return {
        unit_id: UnitCheck(
            zone=Zone(fields["zone"]) if "zone" in fields else None,
            might=fields.get("might"),
            damage=fields.get("damage"),
            controller=fields.get("controller"),
        )
        for unit_id, fields in block.items()
    }


def absence(block: Mapping[str, Any]) -> Absence:
    designations = None
    if "designations" in block:
        wanted = block["designations"]
        designations = (
            Designations(nobody=True)
            if wanted == "none"
            else Designations(
                each={k: None if v == "none" else Designation(v) for k, v in wanted.items()}
            )
        )
    return Absence(
        tuple(block.get("absent_units", [])), tuple(block.get("absent_steps", [])), designations
    )


def expectation(block: Mapping[str, Any], at: NodePath) -> Expectation:
    result, conquer = block.get("result"), block.get("conquer")
    return Expectation(
        at=at,
        result=(
            UNSTATED
            if result is None
            else Result()
            if result == "none"
            else Result(result["winner"], result["loser"])
        ),
        restaged=block.get("restaged", UNSTATED),
        control=who(block["control"]) if "control" in block else UNSTATED,
        conquer=(
            UNSTATED
            if conquer is None
            else None
            if conquer == "none"
            else Conquest(conquer["player"], conquer["points"])
        ),
        scores=dict(block.get("scores", {})),
        killed=tuple(block["killed"]) if "killed" in block else UNSTATED,
        recalled=tuple(block["recalled"]) if "recalled" in block else UNSTATED,
        units=unit_checks(block.get("units", {})),
        absence=absence(block),
        step_order=tuple(block.get("step_order", [])),
        checkpoints=tuple(
            Checkpoint(
                at=(*at, "checkpoints", i),
                step=point["step"],
                kind=point.get("kind"),
                control=who(point["control"]) if "control" in point else UNSTATED,
                units=unit_checks(point.get("units", {})),
                absence=absence(point),
                chain=tuple(point["chain"]) if "chain" in point else None,
            )
            for i, point in enumerate(block.get("checkpoints", []))
        ),
    )


def expected_of_data(block: Mapping[str, Any], lines: Mapping[NodePath, int]) -> Expected:
    """A scenario's ``expected``, typed (the schema has checked its shape)."""
    base: NodePath = ("expected",)
    others = []
    for i, other in enumerate(block.get("other_trigger_orders", [])):
        at = (*base, "other_trigger_orders", i)
        orders = stated_orders(other["trigger_order"], lines, (*at, "trigger_order"))
        others.append(OtherOrder(orders, expectation(other, at)))
    return Expected(
        shown=expectation(block, base),
        every_order=bool(block.get("every_trigger_order", False)),
        others=tuple(others),
        differs_under=tuple(
            stated_orders(orders, lines, (*base, "differs_under", i))
            for i, orders in enumerate(block.get("differs_under", []))
        ),
        every_assignment=bool(block.get("every_assignment", False)),
        other_assignments=tuple(
            OtherAssignment(
                other.get("round", 1),
                {player: dict(given) for player, given in other["assign"].items()},
                expectation(other, (*base, "other_assignments", i)),
            )
            for i, other in enumerate(block.get("other_assignments", []))
        ),
    )


# -- what the schema cannot see ----------------------------------------------------------


def mover_problem(zone: Zone, controller: str, cant_move: bool, attacker: str) -> Message | None:
    """Why a unit may not move to the battlefield for ``attacker``, or None if it may: a unit
    moves from its controller's base, unless it can't move (the editor offers only the units
    this allows)."""
    if zone is not Zone.BASE:
        return R.MOVER_NOT_AT_BASE
    if controller != attacker:
        return R.MOVER_NOT_ATTACKERS
    return R.MOVER_CANT_MOVE if cant_move else None


def may_move_in(unit: UnitSpec, attacker: str) -> Message | None:
    return mover_problem(unit.zone, unit.controller or unit.owner, unit.cant_move, attacker)


# Triggers that can fire at one moment: damage and the deaths it brings (dealt by one effect,
# or by combat damage then a cleanup's 3a and 3b); the two designations.
AT_ONCE = (
    frozenset({Trigger.DIES, Trigger.DAMAGED, Trigger.ANOTHER_DIES}),
    frozenset({Trigger.ATTACK, Trigger.DEFEND}),
)


def together(first: Trigger, second: Trigger) -> bool:
    """Whether abilities with these triggers can wait to go on the chain together: the same
    trigger, or two that one moment can fire (``AT_ONCE``)."""
    return first is second or any({first, second} <= group for group in AT_ONCE)


def all_effects(s: Scenario) -> Iterator[tuple[Effect, NodePath]]:
    """Every effect of the board, with where the file writes its fields
    (``units.0.abilities.1.effects.2.deal_damage``, ``combat.rounds.0.showdown.1.give_might``)."""
    for i, u in enumerate(s.units):
        for j, ability in enumerate(u.abilities):
            listed = "effects" in s.data["units"][i]["abilities"][j]
            for k, effect in enumerate(ability.effects):
                where = ("effects", k) if listed else ()
                yield effect, ("units", i, "abilities", j, *where, effect.key)
    for r, script in enumerate(s.combat.rounds):
        for n, play in enumerate(script.showdown):
            yield play.effect, ("combat", "rounds", r, "showdown", n, play.effect.key)


class Board:
    """What a scenario names, for its checks: its players, its units (those on the board from
    the start, and those an effect plays), its abilities by name and whose each is."""

    def __init__(self, s: Scenario) -> None:
        self.players = {p.id for p in s.players}
        self.starting: dict[str, int] = {}  # unit id → its index (the first with that id)
        for i, u in enumerate(s.units):
            self.starting.setdefault(u.id, i)
        self.played = {e.unit_id: at for e, at in all_effects(s) if isinstance(e, PlayUnit)}
        self.units = set(self.starting) | set(self.played)
        # Ability name → its controller, and its unit's index (the first ability of that name).
        self.abilities: dict[str, str] = {}
        self.ability_units: dict[str, int] = {}
        for i, u in enumerate(s.units):
            if self.starting[u.id] == i:
                for ability in u.abilities:
                    self.abilities.setdefault(ability.name(u.id), u.controller or u.owner)
                    self.ability_units.setdefault(ability.name(u.id), i)
        self.pools: dict[Kind, set[str]] = {
            Kind.PLAYER: self.players,
            Kind.UNIT: self.units,
            Kind.ABILITY: set(self.abilities),
        }


def board_problems(s: Scenario) -> Iterator[Problem]:
    """What the schema cannot see: ids that point nowhere, impossible boards. Each fault once:
    a reference to nothing is not also checked for what it would mean."""
    board = Board(s)

    def refuse(at: NodePath, said: Message, **params: Param) -> Problem:
        return R.refuse(s.path, s.line_of(*at), said, at, **params)

    yield from language_problems(s)
    yield from naming_problems(s, board)
    unknown: set[NodePath] = set()
    for ref in references(SCENARIO, s.data):
        if ref.none and ref.value == "none":
            continue
        pools = [board.pools[kind] for kind in ref.to if kind in board.pools]
        if not pools or any(ref.value in pool for pool in pools):
            continue
        unknown.add(ref.at)
        near = R.suggestion(ref.value, sorted(set().union(*pools)))
        if len(ref.to) > 1:
            yield refuse(ref.at, R.UNKNOWN_PLAYER_OR_UNIT, value=ref.value, suggestion=near)
        else:
            yield refuse(ref.at, R.UNKNOWN[ref.to[0]], value=ref.value, suggestion=near)
    yield from unit_problems(s, refuse)
    yield from combat_problems(s, board, unknown, refuse)
    yield from ability_problems(s, board, refuse)
    yield from order_problems(s, board, unknown)
    yield from expected_problems(s, board, refuse)


def language_problems(s: Scenario) -> Iterator[Problem]:
    """Names and texts may only use the languages the site speaks."""
    known = languages()
    for at, lang, _ in texts(SCENARIO, s.data):
        if lang is not None and lang not in known:
            yield R.refuse(
                s.path,
                s.line_of(*at),
                R.UNKNOWN_LANGUAGE,
                at,
                languages=", ".join(known),
                suggestion=R.suggestion(lang, known),
            )


def naming_problems(s: Scenario, board: Board) -> Iterator[Problem]:
    """Each player and unit has an id of its own; a unit an effect plays is a new one."""
    seen: set[str] = set()
    for i, p in enumerate(s.players):
        if p.id in seen:
            yield R.refuse(
                s.path,
                s.line_of("players", i, "id"),
                R.DUPLICATE_PLAYER,
                ("players", i, "id"),
                value=p.id,
            )
        seen.add(p.id)
    for i, u in enumerate(s.units):
        first = board.starting[u.id]
        if first != i:
            at: NodePath = ("units", i, "id")
            yield R.refuse(
                s.path,
                s.line_of(*at),
                R.UNIT_TWICE,
                at,
                value=u.id,
                first=Line(s.units[first].line, ("units", first)),
            )
    for unit_id, where in board.played.items():
        if unit_id in board.starting:
            at = (*where, "id")
            yield R.refuse(s.path, s.line_of(*at), R.UNIT_TAKEN, at, value=unit_id)


def unit_problems(s: Scenario, refuse: Any) -> Iterator[Problem]:
    for i, u in enumerate(s.units):
        at: NodePath = ("units", i, "damage")
        if u.damage and not u.zone.in_play:
            yield refuse(at, R.DAMAGE_OFF_BOARD, zone=Term(ZONE_WORDS[u.zone].context))
        elif u.might and u.damage >= u.might:
            yield refuse(at, R.ALREADY_LETHAL, unit=R.named(Kind.UNIT, u.id))
        if u.keeps_death_trigger and not any(a.trigger is Trigger.DIES for a in u.abilities):
            at = ("units", i, "if_it_would_die", "removes_death_trigger")
            yield refuse(at, R.NO_DEATH_ABILITY, unit=R.named(Kind.UNIT, u.id))


def combat_problems(
    s: Scenario, board: Board, unknown: set[NodePath], refuse: Any
) -> Iterator[Problem]:
    combat = s.combat
    # Units whose player is unknown (said once, there): nothing is checked of whose they are.
    unsure = {
        i
        for i in range(len(s.units))
        if {("units", i, "owner"), ("units", i, "controller")} & unknown
    }
    units = {u.id: (i, u) for i, u in reversed(list(enumerate(s.units)))}  # the first with each id
    if ("combat", "attacker") not in unknown:
        for n, unit_id in enumerate(combat.move):
            at: NodePath = ("combat", "move", n)
            i, unit = units.get(unit_id, (-1, None))
            if at in unknown or unit is None or i in unsure:
                continue
            why = may_move_in(unit, combat.attacker)
            if why is not None:
                zone = Term(ZONE_WORDS[unit.zone].context)
                yield refuse(at, why, unit=R.named(Kind.UNIT, unit_id), zone=zone)
    holders = {
        u.controller or u.owner
        for i, u in enumerate(s.units)
        if u.zone is Zone.BATTLEFIELD and i not in unsure
    }
    if combat.attacker in holders:
        yield refuse(("combat",), R.ATTACKER_PRESENT)
    if len(holders - {combat.attacker}) > 1:
        yield refuse(("combat",), R.TWO_DEFENDERS)
    if not holders and s.controller == combat.attacker and ("combat", "attacker") not in unknown:
        yield refuse(("combat", "move"), R.NOT_CONTESTED)


def ability_problems(s: Scenario, board: Board, refuse: Any) -> Iterator[Problem]:
    """Abilities are named (their id, else their unit's) once each among those that can wait
    together."""
    owners: set[str] = set()
    for i, u in enumerate(s.units):
        if board.starting[u.id] != i:
            continue  # a second unit with a taken id: said once, there
        seen: dict[str, Trigger] = {}
        for j, ability in enumerate(u.abilities):
            name = ability.name(u.id)
            other = seen.get(name)
            if name in owners and (other is None or together(other, ability.trigger)):
                said = R.ABILITY_ID_TAKEN if ability.id else R.ABILITY_UNIT_NAME_TAKEN
                yield refuse(("units", i, "abilities", j), said, value=name)
            seen.setdefault(name, ability.trigger)
            owners.add(name)


def every_stated_order(s: Scenario) -> Iterator[StatedOrder]:
    yield from s.combat.trigger_order
    if s.expected is not None:
        for other in s.expected.others:
            yield from other.orders
        for orders in s.expected.differs_under:
            yield from orders


def order_problems(s: Scenario, board: Board, unknown: set[NodePath]) -> Iterator[Problem]:
    """Each stated order names one player's abilities (unknown names are said already)."""
    for order in every_stated_order(s):
        if any((*order.at, i) in unknown for i in range(len(order.abilities))):
            continue
        units = {board.ability_units[name] for name in order.abilities}
        if any({("units", i, "owner"), ("units", i, "controller")} & unknown for i in units):
            continue  # whose an ability is, is not known: said once, at its unit's player
        owners = [(name, board.abilities[name]) for name in order.abilities]
        mixed = [(n, p) for n, p in owners if p != owners[0][1]]
        if mixed:
            yield R.refuse(
                s.path,
                order.line,
                R.ORDER_MIXES_PLAYERS,
                order.at,
                first=owners[0][0],
                first_player=R.named(Kind.PLAYER, owners[0][1]),
                second=mixed[0][0],
                second_player=R.named(Kind.PLAYER, mixed[0][1]),
            )


def expected_problems(s: Scenario, board: Board, refuse: Any) -> Iterator[Problem]:
    """Expected outcomes that cannot mean anything: a unit on the board from the start
    expected absent, a designation for an id that is both a player and a unit."""
    if s.expected is None:
        return
    blocks = [s.expected.shown, *(other.expectation for other in s.expected.others)]
    for block in blocks:
        for at, gone in [(block.at, block.absence)] + [
            (point.at, point.absence) for point in block.checkpoints
        ]:
            for i, unit_id in enumerate(gone.units):
                if unit_id in board.starting:
                    yield refuse(
                        (*at, "absent_units", i), R.ALWAYS_EXISTS, unit=R.named(Kind.UNIT, unit_id)
                    )
            for key in gone.designations.each if gone.designations else {}:
                if key in board.players and key in board.units:
                    yield refuse((*at, "designations", key), R.PLAYER_AND_UNIT, value=key)
