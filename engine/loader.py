"""Load a scenario from YAML, checking it against the JSON Schema and the board's sense.

Every problem of a file is reported, each as ``file:line: what is wrong``;
never a traceback. A scenario may come from a pasted file or a shared link,
so reading it is bounded: its size, its nesting and the nodes its YAML
aliases expand to.
"""

from __future__ import annotations

import difflib
from collections.abc import Generator, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from diagnostics import Problem, ProblemsFound, read_source
from engine.effects import Effect, PlayUnit, ability_of, effect_of
from engine.model import Trigger, Zone, name_of
from engine.scenario import (
    CombatScript,
    PlayerSpec,
    Round,
    Scenario,
    ShowdownPlay,
    StatedOrder,
    UnitSpec,
)
from engine.schema import scenario_schema
from vocabulary import languages

NodePath = tuple[str | int, ...]

# Bounds on what one scenario may ask of the loader.
MAX_BYTES = 512 * 1024
MAX_NODES = 20_000  # after YAML aliases are expanded
MAX_DEPTH = 24
# Characters of one number: Python converts long ones in quadratic time (base 60: 1:59:59…).
MAX_NUMBER_CHARACTERS = 100

# libyaml's loader when PyYAML was built with it (it keeps line marks too): 10x faster.
YAML_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _is_integer(checker: object, instance: object) -> bool:
    """Integers are whole numbers as written: 4, not 4.0, and not true."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@cache
def validator() -> jsonschema.protocols.Validator:
    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine("integer", _is_integer)
    strict: type[jsonschema.protocols.Validator] = jsonschema.validators.extend(
        base, type_checker=checker
    )
    return strict(scenario_schema())


class TooBig(Exception):
    pass


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
                    return Problem(path, line, f"nested too deeply (over {MAX_DEPTH} levels)")
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
        reason += f" (noticed on line {other.line + 1})"
    return Problem(path, line, f"YAML syntax error: {reason}")


def python_parser_problem(text: str, path: str) -> Problem:
    """The syntax error PyYAML's Python parser finds in ``text``."""
    try:
        yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        return syntax_problem(error, path)
    except yaml.reader.ReaderError as error:  # a character YAML does not allow
        code = error.character if isinstance(error.character, int) else ord(error.character)
        line = text.count("\n", 0, error.position) + 1
        named = "a NUL character" if code == 0 else f"the character U+{code:04X}"
        return Problem(path, line, f"contains {named}, which YAML does not allow")
    except yaml.YAMLError as error:
        return Problem(path, 1, f"YAML syntax error: {error}")
    except RecursionError:
        return Problem(path, 1, "nested too deeply")
    return Problem(path, 1, "YAML syntax error: libyaml refuses this text")


def read_yaml(text: str, path: str) -> tuple[Any, dict[NodePath, int]]:
    """Parse YAML into plain data plus the line of every node."""
    if len(text) > MAX_BYTES:
        raise ProblemsFound(
            [Problem(path, 0, f"too large: {len(text):,} characters (the limit is {MAX_BYTES:,})")]
        )
    if too_deep := depth_problem(text, path):
        raise ProblemsFound([too_deep])
    try:
        root = yaml.compose(text, Loader=YAML_LOADER)
    except yaml.YAMLError:
        # libyaml words its errors (and counts their lines) its own way: the error reported is
        # PyYAML's Python parser's, which is also the in-browser engine's (no libyaml there).
        raise ProblemsFound([python_parser_problem(text, path)]) from None
    except RecursionError:
        raise ProblemsFound([Problem(path, 1, "nested too deeply")]) from None
    lines: dict[NodePath, int] = {}
    problems: list[Problem] = []
    constructor = yaml.SafeLoader("")
    visited = 0

    def convert(node: yaml.Node, at: NodePath) -> Any:
        nonlocal visited
        visited += 1
        line = node.start_mark.line + 1
        if visited > MAX_NODES:
            raise ProblemsFound(
                [
                    Problem(
                        path, line, f"too many values (over {MAX_NODES:,}, YAML aliases expanded)"
                    )
                ]
            )
        if len(at) > MAX_DEPTH:
            raise ProblemsFound(
                [Problem(path, line, f"nested too deeply (over {MAX_DEPTH} levels)")]
            )
        lines.setdefault(at, line)
        if isinstance(node, yaml.MappingNode):
            result: dict[str, Any] = {}
            for key_node, value_node in node.value:
                key = str(scalar(key_node))
                if key in result:
                    problems.append(
                        Problem(path, key_node.start_mark.line + 1, f"duplicate key '{key}'")
                    )
                lines[(*at, key)] = key_node.start_mark.line + 1
                result[key] = convert(value_node, (*at, key))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [convert(item, (*at, i)) for i, item in enumerate(node.value)]
        return scalar(node)

    def scalar(node: yaml.Node) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            return f"<{type(node).__name__}>"  # a key that is a list or a map
        line = node.start_mark.line + 1
        shown = str(node.value)
        number = node.tag.endswith((":int", ":float"))
        if number and len(shown) > MAX_NUMBER_CHARACTERS:  # refused before it is converted
            problems.append(
                Problem(
                    path,
                    line,
                    f"number too long ({len(shown)} characters; at most {MAX_NUMBER_CHARACTERS})",
                )
            )
            return None
        try:
            return constructor.construct_object(node)
        except yaml.constructor.ConstructorError as error:
            problems.append(Problem(path, line, f"YAML: {error.problem}"))
            return None
        except (ValueError, OverflowError) as error:  # "!!int five", a date 2024-13-45
            kind = "a number" if number else "a date" if node.tag.endswith(":timestamp") else ""
            said = (
                f"'{shown[:40]}' is not {kind}" if kind else f"YAML: '{shown[:40]}' cannot be read"
            )
            problems.append(Problem(path, line, f"{said} ({error})"))
            return None

    data = convert(root, ()) if root is not None else None
    if problems:
        raise ProblemsFound(problems)
    return data, lines


def dotted(at: NodePath) -> str:
    return ".".join(str(p) for p in at) or "(top)"


def closest(word: str, choices: list[str]) -> str:
    """ " (did you mean 'x'?)" for a near miss, or nothing."""
    near = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean '{near[0]}'?)" if near else ""


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


def error_problems(
    error: jsonschema.ValidationError, lines: Mapping[NodePath, int], path: str
) -> Iterator[Problem]:
    at: NodePath = tuple(error.absolute_path)
    line = lines.get(at, 1)
    rule = str(error.validator)  # the keyword that failed ("required", "enum", …)
    schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}
    if rule == "additionalProperties" and isinstance(error.instance, dict):
        allowed = list(schema.get("properties", {}))
        for key in error.instance:
            if key not in allowed:
                yield Problem(
                    path,
                    lines.get((*at, key), line),
                    f"{dotted((*at, key))}: unknown key{closest(key, allowed)}",
                )
    elif rule == "required":
        yield Problem(path, line, f"{dotted(at)}: {error.message.replace('property', 'key')}")
    elif rule == "oneOf" and all(set(choice) == {"required"} for choice in schema.get("oneOf", [])):
        keys = [choice["required"][0] for choice in schema["oneOf"]]
        yield Problem(path, line, f"{dotted(at)}: give exactly one of {', '.join(keys)}")
    elif rule in ("oneOf", "anyOf") and (branch := one_of_branch(error)) is not None:
        for sub in branch:
            yield from error_problems(sub, lines, path)
    elif rule == "minimum":
        yield Problem(path, line, f"{dotted(at)}: must not be negative (got {error.instance})")
    elif rule == "type" and error.validator_value == "integer":
        yield Problem(path, line, f"{dotted(at)}: must be a whole number (got {error.instance!r})")
    elif rule == "enum":
        allowed = [str(v) for v in schema.get("enum", [])]
        choices = (
            f"one of {', '.join(allowed)}"
            if len(allowed) <= 12
            else f"one of the {len(allowed)} names the schema lists here"
        )
        yield Problem(
            path,
            line,
            f"{dotted(at)}: '{error.instance}' is not {choices}"
            f"{closest(str(error.instance), allowed)}",
        )
    elif rule == "const":
        want = str(error.validator_value)
        yield Problem(
            path,
            line,
            f"{dotted(at)}: '{error.instance}' is not {want}{closest(str(error.instance), [want])}",
        )
    elif rule == "propertyNames":
        yield Problem(path, line, f"{dotted(at)}: '{error.instance}' is not a language code")
    elif rule == "uniqueItems":
        yield Problem(path, line, f"{dotted(at)}: names the same item twice")
    elif rule == "maxLength":
        yield Problem(
            path, line, f"{dotted(at)}: too long (over {error.validator_value} characters)"
        )
    elif rule == "type":
        kind = str(error.validator_value)
        article = "an" if kind[:1] in "aeiou" else "a"
        yield Problem(path, line, f"{dotted(at)}: must be {article} {kind}")
    elif rule in ("oneOf", "anyOf"):
        kinds = " or ".join(
            str(choice.get("type", choice.get("const")))
            if "type" in choice or "const" in choice
            else "one of " + ", ".join(map(str, choice.get("enum", [])))
            for choice in schema.get(rule, [])
            if isinstance(choice, dict)
        )
        yield Problem(path, line, f"{dotted(at)}: must be {kinds}")
    else:
        yield Problem(path, line, f"{dotted(at)}: {error.message}")


def load_scenario(file: Path, display: str | None = None) -> Scenario:
    """Read, validate and build a scenario; ProblemsFound lists every problem."""
    path = display or str(file)
    return parse_scenario(read_source(file, path, MAX_BYTES), path)


def parse_scenario(text: str, path: str) -> Scenario:
    data, lines = read_yaml(text, path)
    return scenario_from_data(data, lines, path)


def scenario_from_data(data: Any, lines: Mapping[NodePath, int], path: str) -> Scenario:
    """A scenario from data already read, with the line of each node (as ``read_yaml`` gives
    them): the in-browser editor writes a file from its form and knows both without
    parsing the file again."""
    if data is None:
        raise ProblemsFound([Problem(path, 1, "empty scenario file")])
    problems = list(schema_problems(data, lines, path))
    if problems:
        raise ProblemsFound(problems)
    scenario = build_scenario(data, lines, path)
    problems = list(board_problems(scenario, data))
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
        StatedOrder(tuple(names), lines.get((*at, i), lines.get(at, 1)), f"{dotted(at)}.{i}")
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
        ),
        path=path,
        expected=data.get("expected"),
        lines=lines,
        data=data,
    )


def language_problems(
    data: Mapping[str, Any], lines: Mapping[NodePath, int], path: str
) -> Iterator[Problem]:
    """Names and texts may only use the languages the site speaks."""
    known = languages()
    places: list[NodePath] = [("battlefield", "name")]
    places += [(key,) for key in ("title", "caption") if key in data]
    places += [("players", i, "name") for i in range(len(data["players"]))]
    places += [("units", i, "name") for i in range(len(data["units"]))]
    for at in places:
        value: Any = data
        for part in at:
            value = value[part]
        if isinstance(value, dict):
            for lang in value:
                if lang not in known:
                    yield Problem(
                        path,
                        lines.get((*at, lang), 1),
                        f"{dotted((*at, lang))}: unknown language (this site has "
                        f"{', '.join(known)}){closest(lang, list(known))}",
                    )


def board_problems(s: Scenario, data: Mapping[str, Any]) -> Iterator[Problem]:
    """What the schema cannot see: ids that point nowhere, impossible boards."""
    path = s.path
    yield from language_problems(data, s.lines, path)
    players = {p.id for p in s.players}
    seen_players: set[str] = set()
    for i, p in enumerate(s.players):
        if p.id in seen_players:
            yield Problem(
                path, s.line_of("players", i, "id"), f"players: duplicate player '{p.id}'"
            )
        seen_players.add(p.id)

    def player(value: str | None, *at: str | int, none_ok: bool = False) -> Iterator[Problem]:
        if value is None or (none_ok and value == "none") or value in players:
            return
        yield Problem(
            path,
            s.line_of(*at),
            f"{dotted(at)}: unknown player '{value}'{closest(value, sorted(players))}",
        )

    yield from player(data["battlefield"]["controller"], "battlefield", "controller", none_ok=True)
    for i, p in enumerate(data["battlefield"].get("scored_this_turn", [])):
        yield from player(p, "battlefield", "scored_this_turn", i)

    units: dict[str, UnitSpec] = {}
    for i, u in enumerate(s.units):
        if u.id in units:
            first = units[u.id]
            yield Problem(
                path,
                u.line,
                f"units.{u.id}: the same unit twice (at line {first.line} in {first.zone.value}, "
                f"here in {u.zone.value}): a unit is in one place",
            )
            continue
        units[u.id] = u
        yield from player(u.owner, "units", i, "owner")
        yield from player(u.controller, "units", i, "controller")
        if u.damage and not u.zone.in_play:
            yield Problem(
                path,
                s.line_of("units", i, "damage"),
                f"units.{u.id}: damage on a unit in {u.zone.value}",
            )
        if u.might and u.damage >= u.might:
            yield Problem(
                path,
                s.line_of("units", i, "damage"),
                f"units.{u.id}: already has lethal damage before combat",
            )

    played = [(e.unit_id, where) for e, where in all_effects(s) if isinstance(e, PlayUnit)]
    for unit_id, where in played:
        if unit_id in units:
            yield Problem(
                path,
                s.line_of(*where, "id"),
                f"{dotted((*where, 'id'))}: '{unit_id}' is already a unit on the board",
            )
    known = units.keys() | {unit_id for unit_id, _ in played}
    for effect, where in all_effects(s):
        target = effect.target
        if target is not None and target not in known:
            # Every effect that acts on a unit names it in ``to`` (engine/effects.py).
            yield Problem(
                path,
                s.line_of(*where, "to"),
                f"{dotted((*where, 'to'))}: unknown unit '{target}'"
                f"{closest(target, sorted(known))}",
            )

    combat = s.combat
    yield from player(combat.attacker, "combat", "attacker")
    for i, unit_id in enumerate(combat.move):
        at = s.line_of("combat", "move", i)
        unit = units.get(unit_id)
        if unit is None:
            yield Problem(
                path, at, f"combat.move: unknown unit '{unit_id}'{closest(unit_id, sorted(units))}"
            )
        elif unit.zone is not Zone.BASE:
            yield Problem(
                path, at, f"combat.move: {unit_id} is in {unit.zone.value}, not at its base"
            )
        elif (unit.controller or unit.owner) != combat.attacker:
            yield Problem(path, at, f"combat.move: {unit_id} is not the attacker's unit")
        elif unit.cant_move:
            yield Problem(path, at, f"combat.move: {unit_id} can't move")
    holders = {u.controller or u.owner for u in s.units if u.zone is Zone.BATTLEFIELD}
    if combat.attacker in holders:
        yield Problem(
            path, combat.line, "combat: the attacker already has units at the battlefield"
        )
    if len(holders) > 1:
        yield Problem(
            path, combat.line, "combat: units of more than one defender at the battlefield"
        )
    if not holders:
        yield Problem(path, combat.line, "combat: no defending unit at the battlefield")
    for r, script in enumerate(combat.rounds):
        for n, play in enumerate(script.showdown):
            yield from player(play.player, "combat", "rounds", r, "showdown", n, "player")
        for unit_id, line in script.damage_lines.items():
            if unit_id not in known:
                yield Problem(
                    path, line, f"damage: unknown unit '{unit_id}'{closest(unit_id, sorted(known))}"
                )

    owners = yield from ability_problems(s)
    yield from order_problems(s, s.combat.trigger_order, owners)
    yield from expected_problems(s, players, known, set(units), owners)


def ability_problems(s: Scenario) -> Generator[Problem, None, dict[str, str]]:
    """Abilities are named (their id, else their unit's) once each; a replacement that keeps
    the death trigger needs a death ability. Returns each name's controller."""
    owners: dict[str, str] = {}
    for i, u in enumerate(s.units):
        seen: dict[str, Trigger] = {}
        for j, ability in enumerate(u.abilities):
            name = ability.name(u.id)
            other = seen.get(name)
            if name in owners and (other is None or together(other, ability.trigger)):
                how = f"id '{name}'" if ability.id else f"no id, so its unit's id '{name}'"
                yield Problem(
                    s.path,
                    s.line_of("units", i, "abilities", j),
                    f"units.{i}.abilities.{j}: this ability has {how}, which already names "
                    "another ability that can wait with it: give each its own id (trigger "
                    "orders and chain checks name abilities)",
                )
            seen.setdefault(name, ability.trigger)
            owners.setdefault(name, u.controller or u.owner)
        if u.keeps_death_trigger and not any(a.trigger is Trigger.DIES for a in u.abilities):
            at = ("units", i, "if_it_would_die", "removes_death_trigger")
            yield Problem(
                s.path,
                s.line_of(*at),
                f"{dotted(at)}: {u.id} has no death ability (when: dies) to keep",
            )
    return owners


def together(first: Trigger, second: Trigger) -> bool:
    """Whether abilities with these triggers can wait to go on the chain together: the same
    trigger, or a death and damage (dealt by one effect, or by combat damage then 3a)."""
    return first is second or {first, second} == {Trigger.DIES, Trigger.DAMAGED}


def order_problems(
    s: Scenario, orders: tuple[StatedOrder, ...], owners: Mapping[str, str]
) -> Iterator[Problem]:
    """Each stated order names known abilities, all of one player's."""
    for order in orders:
        unknown = [n for n in order.abilities if n not in owners]
        for name in unknown:
            yield Problem(
                s.path,
                order.line,
                f"{order.at}: unknown ability '{name}'{closest(name, sorted(owners))} (an "
                "ability is named by its id, or its unit's id)",
            )
        players = sorted({owners[n] for n in order.abilities if n in owners})
        if not unknown and len(players) > 1:
            whose = ", ".join(f"{n} is {owners[n]}'s" for n in order.abilities)
            yield Problem(
                s.path,
                order.line,
                f"{order.at}: each player orders only their own abilities ({whose})",
            )


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


def expected_problems(
    s: Scenario,
    players: set[str],
    units: set[str],
    starting: set[str],
    abilities: Mapping[str, str],
    expected: Mapping[str, Any] | None = None,
    base: NodePath = ("expected",),
) -> Iterator[Problem]:
    """Every id an expected outcome names exists (players, units, abilities)."""
    if expected is None:
        expected = s.expected or {}
    path = s.path

    def check(kind: str, value: str, *at: str | int) -> Iterator[Problem]:
        pool = players if kind == "player" else abilities if kind == "ability" else units
        if (value != "none" or kind != "player") and value not in pool:
            yield Problem(
                path,
                s.line_of(*base, *at),
                f"{dotted((*base, *at))}: unknown {kind} '{value}'{closest(value, sorted(pool))}",
            )

    def absent(block: Mapping[str, Any], *at: str | int) -> Iterator[Problem]:
        for i, u in enumerate(block.get("absent_units", [])):
            yield from check("unit", u, *at, "absent_units", i)
            if u in starting:
                yield Problem(
                    path,
                    s.line_of(*base, *at, "absent_units", i),
                    f"{dotted((*base, *at, 'absent_units', i))}: {u} is on the board from the "
                    "start, so it always exists (expect its zone under units instead)",
                )
        designations = block.get("designations")
        if isinstance(designations, dict):
            for key in designations:
                if key in players and key in units:
                    yield Problem(
                        path,
                        s.line_of(*base, *at, "designations", key),
                        f"{dotted((*base, *at, 'designations', key))}: '{key}' is both a player "
                        "and a unit",
                    )
                elif key not in players:
                    yield from check("unit", key, *at, "designations", key)

    result = expected.get("result")
    if isinstance(result, dict):
        for key in ("winner", "loser"):
            yield from check("player", result[key], "result", key)
    if "control" in expected:
        yield from check("player", expected["control"], "control")
    conquer = expected.get("conquer")
    if isinstance(conquer, dict):
        yield from check("player", conquer["player"], "conquer", "player")
    for p in expected.get("scores", {}):
        yield from check("player", p, "scores", p)
    for key in ("killed", "recalled"):
        for i, u in enumerate(expected.get(key, [])):
            yield from check("unit", u, key, i)
    for u in expected.get("units", {}):
        yield from check("unit", u, "units", u)
    yield from absent(expected)
    for i, point in enumerate(expected.get("checkpoints", [])):
        for u in point.get("units", {}):
            yield from check("unit", u, "checkpoints", i, "units", u)
        if "control" in point:
            yield from check("player", point["control"], "checkpoints", i, "control")
        yield from absent(point, "checkpoints", i)
        for j, name in enumerate(point.get("chain", [])):
            yield from check("ability", name, "checkpoints", i, "chain", j)
    for i, other in enumerate(expected.get("other_trigger_orders", [])):
        at = (*base, "other_trigger_orders", i)
        yield from order_problems(
            s, stated_orders(other["trigger_order"], s.lines, (*at, "trigger_order")), abilities
        )
        yield from expected_problems(s, players, units, starting, abilities, other, at)
