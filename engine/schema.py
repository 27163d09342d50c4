"""The JSON Schema of a scenario file: what the loader checks and what editors autocomplete.

Declared here once, with each kind of effect's body taken from its class
(``engine.effects``). ``engine/scenario.schema.json`` is this schema written
out for editors (``make schema``); a test keeps the two the same.
"""

from __future__ import annotations

import json
from typing import Any

from engine.effects import EFFECTS, MAX_EFFECTS
from engine.model import Designation, Trigger, Zone
from engine.steps import step_names
from vocabulary import SOURCE_LANGUAGE

JSON = dict[str, Any]
SCHEMA_FILE = "scenario.schema.json"


def obj(properties: JSON, required: tuple[str, ...] = (), **extra: Any) -> JSON:
    """A closed object: only these keys."""
    out: JSON = {"type": "object", "properties": properties}
    if required:
        out["required"] = list(required)
    return out | extra | {"additionalProperties": False}


def ref(name: str, **extra: Any) -> JSON:
    return {"$ref": f"#/$defs/{name}", **extra}


INTEGER: JSON = {"type": "integer", "minimum": 0}
SENT_TO: JSON = {"enum": [Zone.HAND.value, Zone.BANISHMENT.value]}
STRING: JSON = {"type": "string"}
STRINGS: JSON = {"type": "array", "items": STRING}
PLAYER_OR_NONE: JSON = {"type": "string", "description": "A player id, or none."}
TEXT: JSON = {"type": "string", "minLength": 1}
UNIT_FIELDS: JSON = obj(
    {"zone": ref("zone"), "might": INTEGER, "damage": INTEGER, "controller": STRING},
    minProperties=1,
)
UNIT_CHECKS: JSON = {
    "type": "object",
    "description": "For each unit id, the fields to check.",
    "additionalProperties": UNIT_FIELDS,
}


def by_language(text: JSON, **extra: Any) -> JSON:
    """{en: …, fr: …}: English required, other languages checked by the loader."""
    return {
        "type": "object",
        "propertyNames": {"pattern": "^[a-z]{2,3}$"},
        "additionalProperties": text,
        "required": [SOURCE_LANGUAGE],
        **extra,
    }


def exactly_one(keys: list[str]) -> JSON:
    """Exactly one of ``keys`` (the loader says so in one line: "give exactly one of …")."""
    return {"oneOf": [{"required": [key]} for key in keys]}


def one_effect(*, optional: JSON | None = None, **first: JSON) -> JSON:
    """An object with ``first``'s keys (required), ``optional``'s, and exactly one effect."""
    effects = {key: ref(key) for key in EFFECTS}
    return obj(first | (optional or {}) | effects, tuple(first), **exactly_one(list(EFFECTS)))


NAMES: JSON = {
    "type": "array",
    "items": ref("id"),
    "uniqueItems": True,
}
ABILITY_NAMES: JSON = NAMES | {
    "description": "Abilities by name: an ability's id, or its unit's id.",
}
TRIGGER_ORDER: JSON = {
    "type": "array",
    "items": NAMES
    | {
        "minItems": 2,
        "description": "One player's abilities that go on the chain together, in the order "
        "that player puts them there: the last resolves first.",
    },
    "description": "The orders players choose for abilities that go on the chain together; "
    "each applies to the first group of exactly its abilities.",
}
DESIGNATIONS: JSON = {
    "oneOf": [
        {"const": "none"},
        {
            "type": "object",
            "additionalProperties": {"enum": [*(d.value for d in Designation), "none"]},
        },
    ],
    "description": "none (no unit or player has one), or for each unit or player id: "
    "attacker, defender or none.",
}
ABSENT_UNITS: JSON = NAMES | {
    "description": "Units that must not exist: never created by an effect.",
}
ABSENT_STEPS: JSON = {
    "type": "array",
    "items": {"enum": step_names()},
    "uniqueItems": True,
    "description": "Kinds of step that must not happen (a step kind, or a group such as "
    "chain-item).",
}


def expectation(**extra: JSON) -> JSON:
    """The fields an expected outcome may check (``extra`` added)."""
    checkpoint = obj(
        {
            "step": {"type": "string", "description": "A trace step id, e.g. r1-cleanup-3b."},
            "control": PLAYER_OR_NONE,
            "units": UNIT_CHECKS,
            "absent_units": ABSENT_UNITS,
            "absent_steps": ABSENT_STEPS
            | {"description": "Kinds of step that must not have happened up to this step."},
            "designations": DESIGNATIONS,
            "chain": ABILITY_NAMES
            | {"description": "The abilities on the chain, oldest first: the last resolves first."},
        },
        ("step",),
    )
    return {
        "result": {
            "oneOf": [
                {"const": "none"},
                obj({"winner": STRING, "loser": STRING}, ("winner", "loser")),
            ]
        },
        "restaged": {
            "type": "boolean",
            "description": "Whether another showdown and combat was staged at least once.",
        },
        "control": PLAYER_OR_NONE,
        "conquer": {
            "oneOf": [
                {"const": "none"},
                obj({"player": STRING, "points": INTEGER}, ("player", "points")),
            ]
        },
        "scores": {"type": "object", "additionalProperties": INTEGER},
        "units": UNIT_CHECKS,
        "killed": STRINGS,
        "recalled": STRINGS,
        "absent_units": ABSENT_UNITS,
        "absent_steps": ABSENT_STEPS,
        "designations": DESIGNATIONS
        | {"description": "Designations once the combat is over (none: nobody has one)."},
        "step_order": STRINGS
        | {
            "minItems": 2,
            "uniqueItems": True,
            "description": "Step ids that must happen in this order (others may come between).",
        },
        "checkpoints": {"type": "array", "items": checkpoint},
        **extra,
    }


def scenario_schema() -> JSON:
    effect_defs = {
        key: obj(
            kind.schema["properties"],
            tuple(kind.schema["required"]),
            description=kind.description,
        )
        for key, kind in EFFECTS.items()
    }
    triggers = [t.value for t in Trigger]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "riftbound-combat-scenario",
        "title": "Riftbound combat scenario",
        "description": "The board before a combat, what happens in it, and the expected "
        "outcome. See 'Writing for this site'.",
        "type": "object",
        "properties": {
            "id": ref("id"),
            "title": ref("localized"),
            "caption": ref("localized"),
            "players": {
                "type": "array",
                "minItems": 2,
                "items": obj(
                    {"id": ref("id"), "name": ref("name"), "score": INTEGER}, ("id", "name")
                ),
            },
            "battlefield": obj(
                {
                    "name": ref("name"),
                    "controller": {
                        "type": "string",
                        "description": "The player who controls it, or none.",
                    },
                    "scored_this_turn": STRINGS
                    | {
                        "uniqueItems": True,
                        "description": "Players who already scored this battlefield this "
                        "turn (by Hold or Conquer).",
                    },
                },
                ("name", "controller"),
            ),
            "units": {
                "type": "array",
                "minItems": 2,
                "items": obj(
                    {
                        "id": ref("id"),
                        "name": ref("name"),
                        "owner": STRING,
                        "controller": STRING,
                        "might": INTEGER,
                        "at": ref("zone"),
                        "damage": INTEGER,
                        "cant_move": {"type": "boolean"},
                        "if_it_would_die": {
                            "oneOf": [
                                SENT_TO,
                                obj(
                                    {
                                        "to": SENT_TO,
                                        "removes_death_trigger": {
                                            "type": "boolean",
                                            "description": "Whether it removes the card's "
                                            "death abilities, as its card says (default: true, "
                                            "rule 808.1.d.1).",
                                        },
                                    },
                                    ("to",),
                                ),
                            ],
                            "description": "A replacement effect: the card goes here instead "
                            "of dying (hand or banishment), or {to: …, removes_death_trigger: "
                            "false} for a card that keeps its death trigger.",
                        },
                        "abilities": {"type": "array", "items": ref("ability")},
                    },
                    ("id", "name", "owner", "might", "at"),
                ),
            },
            "combat": obj(
                {
                    "attacker": {
                        "type": "string",
                        "description": "The player whose units move in.",
                    },
                    "move": STRINGS | {"minItems": 1, "uniqueItems": True},
                    "rounds": {
                        "type": "array",
                        "minItems": 1,
                        "items": ref("round"),
                        "description": "One showdown and combat each; a further round runs if a "
                        "combat is staged again.",
                    },
                    "trigger_order": TRIGGER_ORDER,
                },
                ("attacker", "move"),
            ),
            "expected": obj(
                expectation(
                    every_trigger_order={
                        "type": "boolean",
                        "description": "Verify these expectations under every order players "
                        "may choose for abilities going on the chain together (those listed in "
                        "other_trigger_orders have their own).",
                    },
                    other_trigger_orders={
                        "type": "array",
                        "items": obj(expectation(trigger_order=TRIGGER_ORDER), ("trigger_order",)),
                        "description": "What other orders give: each a trigger_order and the "
                        "expectations under it.",
                    },
                ),
                ("result",),
                description="What the engine must find; at least the result.",
            ),
        },
        # A worked example must also have a title, a caption and its expected outcome (the
        # site checks that); a board asked of the engine need not.
        "required": ["id", "players", "battlefield", "units", "combat"],
        "additionalProperties": False,
        "$defs": {
            "id": {
                "type": "string",
                "pattern": "^[a-z0-9][a-z0-9-]*$",
                "maxLength": 64,
                "description": "An id: lower-case letters, digits and dashes.",
            },
            "name": {
                "oneOf": [
                    TEXT | {"maxLength": 500},
                    by_language(TEXT | {"maxLength": 500}),
                ],
                "description": "A name: one string for every language, or {en: …, fr: …}.",
            },
            "localized": by_language(
                TEXT | {"maxLength": 4000},
                description="A text in each language: {en: …, fr: …}.",
            ),
            "zone": {"enum": [z.value for z in Zone]},
            "ability": obj(
                {
                    "when": {
                        "enum": triggers,
                        "description": "dies: when I die; damaged: when I'm dealt damage; win: "
                        "when you win a combat here; conquer: when you conquer here.",
                    },
                    "id": ref(
                        "id",
                        description="Names it in trigger orders and chain checks (default: "
                        "its unit's id).",
                    ),
                    "effects": {
                        "type": "array",
                        "items": ref("effect"),
                        "minItems": 1,
                        "maxItems": MAX_EFFECTS,
                        "description": "Several effects, resolved in the order written.",
                    },
                }
                | {key: ref(key) for key in EFFECTS},
                ("when",),
                **exactly_one([*EFFECTS, "effects"]),
            ),
            "effect": obj({key: ref(key) for key in EFFECTS}, **exactly_one(list(EFFECTS))),
            "play": one_effect(player=STRING),
            "round": obj(
                {
                    "showdown": {"type": "array", "items": ref("play")},
                    "damage": {
                        "type": "object",
                        "additionalProperties": INTEGER,
                        "description": "Combat damage assigned to each unit; leave out to assign "
                        "each side's Might in unit order.",
                    },
                }
            ),
            **effect_defs,
        },
    }


def schema_text() -> str:
    """The schema as the file editors read."""
    return json.dumps(scenario_schema(), indent=2, ensure_ascii=False) + "\n"
