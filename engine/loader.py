"""Load a scenario from YAML, checking it against the published JSON Schema and the board's sense.

Every problem of a file is reported, each as ``file:line: what is wrong``;
never a traceback. The schema (``engine/scenario.schema.json``) is the one
editors use to autocomplete scenario files.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from engine.diagnostics import Problem, ProblemsFound
from engine.model import (
    Ability,
    DealDamage,
    Effect,
    GiveMight,
    Name,
    PlayUnit,
    PreventDamage,
    StopMoving,
    Trigger,
    Zone,
)
from engine.scenario import CombatScript, PlayerSpec, Round, Scenario, ShowdownPlay, UnitSpec

NodePath = tuple[str | int, ...]
EFFECTS = ("play_unit", "deal_damage", "give_might", "prevent_damage", "cant_move")


# libyaml's loader when PyYAML was built with it (it keeps line marks too): 10x faster.
YAML_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def schema() -> dict[str, Any]:
    text = resources.files("engine").joinpath("scenario.schema.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema())


def read_yaml(text: str, path: str) -> tuple[Any, dict[NodePath, int]]:
    """Parse YAML into plain data plus the line of every node."""
    try:
        root = yaml.compose(text, Loader=YAML_LOADER)
    except yaml.YAMLError:
        # libyaml words errors (and counts their lines) its own way: the error reported is
        # PyYAML's Python parser's, which is also the in-browser engine's (no libyaml there).
        try:
            root = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            line = mark.line + 1 if mark else 1
            reason = getattr(error, "problem", None) or str(error).splitlines()[0]
            raise ProblemsFound([Problem(path, line, f"YAML syntax error: {reason}")]) from None
    lines: dict[NodePath, int] = {}
    problems: list[Problem] = []
    constructor = yaml.SafeLoader("")

    def convert(node: yaml.Node, at: NodePath) -> Any:
        lines[at] = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            result: dict[str, Any] = {}
            for key_node, value_node in node.value:
                key = str(constructor.construct_object(key_node))
                if key in result:
                    problems.append(
                        Problem(path, key_node.start_mark.line + 1, f"duplicate key '{key}'")
                    )
                result[key] = convert(value_node, (*at, key))
                lines[(*at, key)] = key_node.start_mark.line + 1
            return result
        if isinstance(node, yaml.SequenceNode):
            return [convert(item, (*at, i)) for i, item in enumerate(node.value)]
        return constructor.construct_object(node)

    data = convert(root, ()) if root is not None else None
    if problems:
        raise ProblemsFound(problems)
    return data, lines


def dotted(at: NodePath) -> str:
    return ".".join(str(p) for p in at) or "(top)"


def schema_problems(data: Any, lines: Mapping[NodePath, int], path: str) -> Iterator[Problem]:
    for error in validator().iter_errors(data):
        at: NodePath = tuple(error.absolute_path)
        line = lines.get(at, 1)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = error.schema.get("properties", {})
            for key in error.instance:
                if key not in allowed:
                    yield Problem(
                        path, lines.get((*at, key), line), f"{dotted((*at, key))}: unknown key"
                    )
        elif error.validator == "required":
            yield Problem(path, line, f"{dotted(at)}: {error.message.replace('property', 'key')}")
        elif error.validator in ("minProperties", "maxProperties") and set(EFFECTS) <= set(
            error.schema.get("properties", {})
        ):
            yield Problem(path, line, f"{dotted(at)}: give exactly one of {', '.join(EFFECTS)}")
        elif error.validator == "minimum":
            yield Problem(path, line, f"{dotted(at)}: must not be negative (got {error.instance})")
        else:
            yield Problem(path, line, f"{dotted(at)}: {error.message}")


def name_of(value: str | Mapping[str, str]) -> Name:
    return {"en": value} if isinstance(value, str) else dict(value)


def build_effect(spec: Mapping[str, Any]) -> Effect:
    kind = next(k for k in EFFECTS if k in spec)
    body = spec[kind]
    if kind == "play_unit":
        return PlayUnit(body["id"], name_of(body["name"]), body["might"], Zone(body["at"]))
    if kind == "deal_damage":
        amount = None if body["amount"] == "my_might" else body["amount"]
        return DealDamage(body["to"], amount)
    if kind == "give_might":
        return GiveMight(body["to"], body["amount"])
    if kind == "cant_move":
        return StopMoving(body["to"])
    return PreventDamage(body["to"], body["amount"])


def load_scenario(file: Path, display: str | None = None) -> Scenario:
    """Read, validate and build a scenario; ProblemsFound lists every problem."""
    path = display or str(file)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ProblemsFound([Problem(path, 0, f"cannot read: {error}")]) from None
    return parse_scenario(text, path)


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
            abilities=tuple(
                Ability(Trigger(a["when"]), build_effect(a)) for a in u.get("abilities", [])
            ),
            cant_move=u.get("cant_move", False),
            instead_of_dying=Zone(u["if_it_would_die"]) if "if_it_would_die" in u else None,
            line=lines[("units", i)],
        )
        for i, u in enumerate(data["units"])
    )
    combat = data["combat"]
    rounds = tuple(
        Round(
            showdown=tuple(
                ShowdownPlay(
                    p["player"], build_effect(p), lines[("combat", "rounds", r, "showdown", n)]
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
        title=dict(data["title"]),
        caption=dict(data["caption"]),
        players=tuple(
            PlayerSpec(p["id"], name_of(p["name"]), p.get("score", 0)) for p in data["players"]
        ),
        battlefield=name_of(battlefield["name"]),
        controller=None if controller == "none" else controller,
        scored_this_turn=frozenset(battlefield.get("scored_this_turn", [])),
        units=units,
        combat=CombatScript(combat["attacker"], tuple(combat["move"]), rounds, lines[("combat",)]),
        path=path,
        expected=data["expected"],
        lines=lines,
    )


def board_problems(s: Scenario, data: Mapping[str, Any]) -> Iterator[Problem]:
    """What the schema cannot see: ids that point nowhere, impossible boards."""
    path = s.path
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
        yield Problem(path, s.line_of(*at), f"{dotted(at)}: unknown player '{value}'")

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

    played = {e.unit_id: line for e, line in all_effects(s) if isinstance(e, PlayUnit)}
    for unit_id, line in played.items():
        if unit_id in units:
            yield Problem(path, line, f"play_unit: id '{unit_id}' is already a unit on the board")
    known = units.keys() | played.keys()
    for effect, line in all_effects(s):
        target = getattr(effect, "target", None)
        if target is not None and target not in known:
            yield Problem(path, line, f"unknown unit '{target}'")

    combat = s.combat
    yield from player(combat.attacker, "combat", "attacker")
    for i, unit_id in enumerate(combat.move):
        at = s.line_of("combat", "move", i)
        unit = units.get(unit_id)
        if unit is None:
            yield Problem(path, at, f"combat.move: unknown unit '{unit_id}'")
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
                yield Problem(path, line, f"damage: unknown unit '{unit_id}'")

    yield from expected_problems(s, players, known)


def all_effects(s: Scenario) -> Iterator[tuple[Effect, int]]:
    for u in s.units:
        for ability in u.abilities:
            yield ability.effect, u.line
    for script in s.combat.rounds:
        for play in script.showdown:
            yield play.effect, play.line


def expected_problems(s: Scenario, players: set[str], units: set[str]) -> Iterator[Problem]:
    expected = s.expected or {}
    path = s.path

    def check(kind: str, value: str, *at: str | int) -> Iterator[Problem]:
        pool = players if kind == "player" else units
        if (value != "none" or kind != "player") and value not in pool:
            yield Problem(path, s.line_of(*at), f"{dotted(at)}: unknown {kind} '{value}'")

    result = expected.get("result")
    if isinstance(result, dict):
        for key in ("winner", "loser"):
            yield from check("player", result[key], "expected", "result", key)
    if "control" in expected:
        yield from check("player", expected["control"], "expected", "control")
    conquer = expected.get("conquer")
    if isinstance(conquer, dict):
        yield from check("player", conquer["player"], "expected", "conquer", "player")
    for p in expected.get("scores", {}):
        yield from check("player", p, "expected", "scores", p)
    for key in ("killed", "recalled"):
        for i, u in enumerate(expected.get(key, [])):
            yield from check("unit", u, "expected", key, i)
    for u in expected.get("units", {}):
        yield from check("unit", u, "expected", "units", u)
    for i, point in enumerate(expected.get("checkpoints", [])):
        for u in point.get("units", {}):
            yield from check("unit", u, "expected", "checkpoints", i, "units", u)
        if "control" in point:
            yield from check("player", point["control"], "expected", "checkpoints", i, "control")
