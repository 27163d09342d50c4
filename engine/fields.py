"""The words the scenario format's table is written in: what a field holds, what it refers to.

A field is a node: a scalar (``Text``, ``Whole``, ``Flag``, ``Choice``, ``Const``), an id
that names something (``Id``), a reference to something named elsewhere (``Ref``: a player,
a unit, an ability, a step), or a structure (``Obj``, ``Seq``, ``Map``, ``Localized``,
``Either``). The table itself is ``engine.format.SCENARIO``; from these nodes come its JSON
Schema (``schema``), the references a scenario's data makes (``references``: the loader
checks each, the editor renames along them), and the list of its fields with their paths
(``declared``: the writers' guide and the tests read it).

>>> table = Obj({"owner": Ref((Kind.PLAYER,)), "move": Seq(Ref((Kind.UNIT,)))})
>>> [(r.at, r.to, r.value) for r in references(table, {"owner": "red", "move": ["a"]})]
[(('owner',), (<Kind.PLAYER: 'player'>,), 'red'), (('move', 0), (<Kind.UNIT: 'unit'>,), 'a')]
>>> [path for path, _ in declared(table)]
['owner', 'move', 'move[]']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from diagnostics import NodePath

JSON = dict[str, Any]
# An id: lower-case letters, digits and dashes (the loader says so in words, never as a regex).
ID_PATTERN = "^[a-z0-9][a-z0-9-]*$"
ID_LENGTH = 64
LANGUAGE_PATTERN = "^[a-z]{2,3}$"


class Kind(StrEnum):
    """What an id names, and so what a reference may point at."""

    PLAYER = "player"
    UNIT = "unit"
    ABILITY = "ability"  # by its id, or its unit's id (``engine.model.Ability.name``)
    STEP = "step"  # a step of the run, by its id (known once the scenario is played)
    STEP_KIND = "step-kind"  # a kind of step, or a group of kinds (``engine.steps``)


@dataclass(frozen=True)
class Node:
    """A field of the format. ``define`` names it among the schema's ``$defs`` (written there
    once, referred to wherever it is used)."""

    description: str = field(default="", kw_only=True)
    define: str = field(default="", kw_only=True)

    def own_schema(self) -> JSON:
        raise NotImplementedError

    def schema(self, defs: dict[str, JSON]) -> JSON:
        """This node's JSON Schema; named nodes go to ``defs`` once and are referred to."""
        if self.define:
            if self.define not in defs:
                defs[self.define] = {}  # taken: a node that contains itself stops here
                defs[self.define] = self._described(self._schema(defs))
            return {"$ref": f"#/$defs/{self.define}"}
        return self._described(self._schema(defs))

    def _schema(self, defs: dict[str, JSON]) -> JSON:
        return self.own_schema()

    def _described(self, schema: JSON) -> JSON:
        return schema | {"description": self.description} if self.description else schema

    def children(self, value: Any) -> Iterator[tuple[str | int, Node, Any]]:
        """The nodes inside this one that ``value`` (data of this node's form) fills."""
        return iter(())

    def form_of(self, value: Any) -> Node:
        """The node ``value`` is written in (the matching form of an ``Either``)."""
        return self


@dataclass(frozen=True)
class Text(Node):
    max_length: int = 500

    def own_schema(self) -> JSON:
        return {"type": "string", "minLength": 1, "maxLength": self.max_length}


@dataclass(frozen=True)
class Whole(Node):
    """A whole number, 0 or more."""

    def own_schema(self) -> JSON:
        return {"type": "integer", "minimum": 0}


@dataclass(frozen=True)
class Integer(Node):
    """A whole number, below 0 too (a Might a reduction took below 0)."""

    def own_schema(self) -> JSON:
        return {"type": "integer"}


@dataclass(frozen=True)
class Flag(Node):
    def own_schema(self) -> JSON:
        return {"type": "boolean"}


@dataclass(frozen=True)
class Choice(Node):
    """One of a few words (a zone, a trigger, a kind of step)."""

    values: tuple[str, ...]

    def own_schema(self) -> JSON:
        return {"enum": list(self.values)}


@dataclass(frozen=True)
class Const(Node):
    value: str

    def own_schema(self) -> JSON:
        return {"const": self.value}


@dataclass(frozen=True)
class Id(Node):
    """An id that names a player, a unit or an ability (``names``), or only the file."""

    names: Kind | None = None

    def _schema(self, defs: dict[str, JSON]) -> JSON:
        defs.setdefault(
            "id",
            {
                "type": "string",
                "pattern": ID_PATTERN,
                "maxLength": ID_LENGTH,
                "description": "An id: lower-case letters, digits and dashes.",
            },
        )
        return {"$ref": "#/$defs/id"}


@dataclass(frozen=True)
class Ref(Node):
    """A reference, by id, to something of one of the kinds ``to``; ``none``: or the word
    ``none`` (nobody). Written as plain text in the schema: the loader names a near miss."""

    to: tuple[Kind, ...]
    none: bool = False

    def own_schema(self) -> JSON:
        return {"type": "string"}


@dataclass(frozen=True)
class Obj(Node):
    """An object with these keys only; ``required`` keys; ``exactly_one``: of these keys,
    exactly one is given; ``at_most_one``: of these, one or none."""

    fields: Mapping[str, Node]
    required: tuple[str, ...] = ()
    exactly_one: tuple[str, ...] = ()
    min_fields: int = 0
    at_most_one: tuple[str, ...] = ()

    def _schema(self, defs: dict[str, JSON]) -> JSON:
        out: JSON = {
            "type": "object",
            "properties": {key: node.schema(defs) for key, node in self.fields.items()},
        }
        if self.required:
            out["required"] = list(self.required)
        if self.exactly_one:
            out["oneOf"] = [{"required": [key]} for key in self.exactly_one]
        if self.min_fields:
            out["minProperties"] = self.min_fields
        if self.at_most_one:
            pairs = [
                [first, second]
                for i, first in enumerate(self.at_most_one)
                for second in self.at_most_one[i + 1 :]
            ]
            out["not"] = {"anyOf": [{"required": pair} for pair in pairs]}
        return out | {"additionalProperties": False}

    def children(self, value: Any) -> Iterator[tuple[str | int, Node, Any]]:
        if isinstance(value, Mapping):
            for key, node in self.fields.items():
                if key in value:
                    yield key, node, value[key]


@dataclass(frozen=True)
class Seq(Node):
    item: Node
    min_items: int = 0
    max_items: int | None = None
    unique: bool = False

    def _schema(self, defs: dict[str, JSON]) -> JSON:
        out: JSON = {"type": "array", "items": self.item.schema(defs)}
        if self.min_items:
            out["minItems"] = self.min_items
        if self.max_items is not None:
            out["maxItems"] = self.max_items
        if self.unique:
            out["uniqueItems"] = True
        return out

    def children(self, value: Any) -> Iterator[tuple[str | int, Node, Any]]:
        if isinstance(value, list):
            for index, item in enumerate(value):
                yield index, self.item, item


@dataclass(frozen=True)
class Map(Node):
    """An object whose keys are data: references (``key``), each with a ``value``."""

    key: Ref
    value: Node

    def _schema(self, defs: dict[str, JSON]) -> JSON:
        return {"type": "object", "additionalProperties": self.value.schema(defs)}

    def children(self, value: Any) -> Iterator[tuple[str | int, Node, Any]]:
        if isinstance(value, Mapping):
            for key, item in value.items():
                yield key, self.value, item


@dataclass(frozen=True)
class Localized(Node):
    """A text in each language the site speaks: ``{en: …, fr: …}``, English required."""

    text: Text

    def _schema(self, defs: dict[str, JSON]) -> JSON:
        return {
            "type": "object",
            "propertyNames": {"pattern": LANGUAGE_PATTERN},
            "additionalProperties": self.text.schema(defs),
            "required": ["en"],
        }


@dataclass(frozen=True)
class Either(Node):
    """One of several forms, told apart by their JSON kind (a word or an object…)."""

    forms: tuple[Node, ...]

    def _schema(self, defs: dict[str, JSON]) -> JSON:
        return {"oneOf": [form.schema(defs) for form in self.forms]}

    def form_of(self, value: Any) -> Node:
        for form in self.forms:
            chosen = form.form_of(value)
            if fits(chosen, value):
                return chosen
        return self

    def children(self, value: Any) -> Iterator[tuple[str | int, Node, Any]]:
        chosen = self.form_of(value)
        return iter(()) if chosen is self else chosen.children(value)


def fits(node: Node, value: Any) -> bool:
    """Whether ``value`` has the JSON kind ``node`` is written in."""
    if isinstance(node, Const):
        return bool(value == node.value)
    if isinstance(node, Choice):
        return isinstance(value, str) and value in node.values
    if isinstance(node, Text | Id | Ref):
        return isinstance(value, str)
    if isinstance(node, Whole | Integer):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(node, Flag):
        return isinstance(value, bool)
    if isinstance(node, Seq):
        return isinstance(value, list)
    return isinstance(value, Mapping)


@dataclass(frozen=True)
class Reference:
    """A value of a scenario's data that refers to something by id: where (``at``), to what
    kinds, and whether it is a key of its object (renamed as a key) or a value."""

    at: NodePath
    to: tuple[Kind, ...]
    value: str
    none: bool = False
    is_key: bool = False


@dataclass(frozen=True)
class Naming:
    """A value of a scenario's data that names something (an ``Id`` field)."""

    at: NodePath
    names: Kind
    value: str


def walk(node: Node, value: Any, at: NodePath = ()) -> Iterator[tuple[NodePath, Node, Any, bool]]:
    """Every node of ``value``: its path, the table's node for it (forms resolved), its value,
    and whether it is a map's key (the key at ``at``) rather than a value."""
    chosen = node.form_of(value)
    yield at, chosen, value, False
    if isinstance(chosen, Map) and isinstance(value, Mapping):
        for key in value:
            yield (*at, key), chosen.key, key, True
    for key, child, item in chosen.children(value):
        yield from walk(child, item, (*at, key))


def references(node: Node, value: Any, at: NodePath = ()) -> Iterator[Reference]:
    """Every reference ``value`` makes, in the order written (a map's keys before values)."""
    for path, child, item, is_key in walk(node, value, at):
        if isinstance(child, Ref) and isinstance(item, str):
            yield Reference(path, child.to, item, child.none, is_key)


def texts(node: Node, value: Any, at: NodePath = ()) -> Iterator[tuple[NodePath, str | None, str]]:
    """Every text ``value`` holds for readers (names, titles, captions): its path, its
    language (None: one text for every language) and the text."""
    for path, child, item, _ in walk(node, value, at):
        if isinstance(child, Localized) and isinstance(item, Mapping):
            for lang, text in item.items():
                if isinstance(text, str):
                    yield (*path, lang), str(lang), text
        elif isinstance(child, Text) and isinstance(item, str):
            yield path, None, item


def namings(node: Node, value: Any, at: NodePath = ()) -> Iterator[Naming]:
    """Every id ``value`` gives to a player, a unit or an ability."""
    for path, child, item, _ in walk(node, value, at):
        if isinstance(child, Id) and child.names is not None and isinstance(item, str):
            yield Naming(path, child.names, item)


def declared(node: Node, path: str = "") -> Iterator[tuple[str, Node]]:
    """Every field of the table with its path (``units[].owner``, ``rounds[].damage{}``),
    wherever it is used (a named definition under each of its paths)."""

    def visit(node: Node, path: str, inside: frozenset[str]) -> Iterator[tuple[str, Node]]:
        if path:
            yield path, node
        if node.define in inside:
            return  # a definition that contains itself: once
        inside = inside | {node.define} if node.define else inside
        if isinstance(node, Obj):
            for key, child in node.fields.items():
                yield from visit(child, f"{path}.{key}" if path else key, inside)
        elif isinstance(node, Seq):
            yield from visit(node.item, f"{path}[]", inside)
        elif isinstance(node, Map):
            yield f"{path}{{}}", node.key
            yield from visit(node.value, f"{path}{{}}", inside)
        elif isinstance(node, Either):
            for form in node.forms:
                for inner, child in visit(form, path, inside):
                    if inner != path:
                        yield inner, child

    yield from visit(node, path, frozenset())


# Nodes every part of the format shares.
NAME = Either(
    (Text(), Localized(Text())),
    define="name",
    description="A name: one string for every language, or {en: …, fr: …}.",
)
LOCALIZED = Localized(
    Text(max_length=4000),
    define="localized",
    description="A text in each language: {en: …, fr: …}.",
)
