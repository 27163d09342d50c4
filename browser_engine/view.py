"""The editor's form, described in Python: what the reader sees and what each control does.

``describe(form, lang, mode)`` gives the form's view: groups, fields (their label, kind,
value and choices, all in the page's language) and buttons, each with a key; the editor's
JavaScript only draws it. ``edit(form, lang, mode, key, value)`` applies what the reader did
to the control with that key and returns the new form: every rule of the game stays here
(which units may move in, which fight, how abilities are numbered, how a number typed reads,
what renaming a player, a unit or an ability moves along), taken from the engine and from
the scenario format's table (``engine.format``): a rename follows every reference of that
kind the table declares, so it cannot forget one.

Modes: ``page`` ("Ask the engine": every field, players and units added and removed) and
``variation`` (a worked example's board: its numbers, places and plays).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from browser_engine.form import OFF, REFS, RENAMED, is_off
from browser_engine.words import word
from diagnostics import NodePath
from engine.effects import EFFECTS
from engine.fields import (
    NAME,
    Choice,
    Const,
    Either,
    Id,
    Kind,
    Node,
    Ref,
    Whole,
    namings,
    references,
)
from engine.format import SCENARIO
from engine.loader import MAX_NUMBER_CHARACTERS, mover_problem
from engine.model import ZONE_WORDS, Trigger, Zone
from engine.narration import NOBODY
from vocabulary import SOURCE_LANGUAGE, language_name, languages, localized, nested

MODES = ("page", "variation")
# Where a replacement effect may send a unit that would die, as the unit's choice says it.
INSTEAD_OF_DYING = {Zone.HAND: "form.instead-hand", Zone.BANISHMENT: "form.instead-banishment"}
# A whole number as a scenario file accepts one: digits, no leading zero (``engine.loader``).
WHOLE = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")

# A group that only holds a list's items ("Units"): its items name themselves ("Unit 3 · …").
LIST = "rb-list"

Form = dict[str, Any]
Setter = Callable[[Form, Any], None]
Action = Callable[[Form], None]


# -- the view ------------------------------------------------------------------------------


@dataclass
class Element:
    key: str  # unique in the view: the editor sends it back with what the reader did
    label: str
    path: NodePath = ()  # the form's node it shows (problems land on the deepest one)

    def json(self) -> dict[str, Any]:
        raise NotImplementedError


@dataclass
class Control(Element):
    """A field: text, a whole number, a choice among ``choices``, or a checkbox."""

    kind: str = "text"
    value: str | bool = ""
    choices: list[tuple[str, str]] = field(default_factory=list)
    optional: bool = False  # folded until the reader asks for more fields
    disabled: bool = False
    set: Setter | None = None

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": "field", "key": self.key, "label": self.label}
        out |= {"kind": self.kind, "value": self.value}
        if self.choices:
            out["choices"] = [list(choice) for choice in self.choices]
        if self.optional:
            out["optional"] = True
        if self.disabled:
            out["disabled"] = True
        return out


@dataclass
class Button(Element):
    """A button that changes the form's shape; focus then goes to ``focus`` (a key)."""

    css: str = "rb-add"
    focus: str = ""
    act: Action | None = None
    described: str = ""  # what it acts on, for a screen reader ("Remove · Unit 2 · Red Raider")

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "t": "button",
            "key": self.key,
            "label": self.label,
            "class": self.css,
        }
        if self.focus:
            out["focus"] = self.focus
        if self.described:
            out["described"] = self.described
        return out


@dataclass
class Note(Element):
    """A sentence the form says beside its fields (a running total)."""

    def json(self) -> dict[str, Any]:
        return {"t": "note", "key": self.key, "label": self.label}


@dataclass
class Group(Element):
    children: list[Element] = field(default_factory=list)
    css: str = ""
    off: bool = False

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": "group", "key": self.key, "label": self.label}
        out["children"] = [child.json() for child in self.children]
        if self.css:
            out["class"] = self.css
        if self.off:
            out["off"] = True
        return out


@dataclass
class View:
    root: Group

    def json(self) -> dict[str, Any]:
        return self.root.json()

    def elements(self) -> Iterator[tuple[tuple[Group, ...], Element]]:
        """Every element with the groups it is in, outermost first."""

        def visit(
            group: Group, outer: tuple[Group, ...]
        ) -> Iterator[tuple[tuple[Group, ...], Element]]:
            for child in group.children:
                yield outer, child
                if isinstance(child, Group):
                    yield from visit(child, (*outer, child))

        return visit(self.root, ())

    def find(self, key: str) -> Element | None:
        return next((e for _, e in self.elements() if e.key == key), None)

    def place(self, path: NodePath) -> tuple[tuple[Group, ...], Element] | None:
        """The element showing the deepest node of ``path`` (a field, else its group)."""
        best: tuple[tuple[Group, ...], Element] | None = None
        depth = -1
        for outer, element in self.elements():
            if element.path and path[: len(element.path)] == element.path:
                deeper = len(element.path) > depth
                # A field beats the group of the same path.
                same = len(element.path) == depth and isinstance(element, Control)
                if deeper or same:
                    best, depth = (outer, element), len(element.path)
        return best

    def label_of(self, path: NodePath) -> str | None:
        """A field as the form names it: its groups' labels, then its own."""
        found = self.place(path)
        if found is None:
            return None
        outer, element = found
        labels = [g.label for g in outer if g.label and g.css != LIST] + [element.label]
        return " · ".join(labels)


# -- reading and writing the form -----------------------------------------------------------


def get(form: Any, path: NodePath) -> Any:
    node = form
    for part in path:
        if isinstance(node, dict) and isinstance(part, str):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            return None
    return node


def ensure(form: Form, path: NodePath, last: type[dict[str, Any]] | type[list[Any]] = dict) -> Any:
    """The node at ``path`` (a ``last`` where there is none), the objects and lists on the way
    made where the form has none (a combat without rounds is one showdown and combat)."""
    node: Any = form
    for part, after in zip(path, (*path[1:], None), strict=True):
        made: Any = last() if after is None else [] if isinstance(after, int) else {}
        if isinstance(node, list) and isinstance(part, int):
            while len(node) <= part:
                node.append({})
            if not isinstance(node[part], dict | list):
                node[part] = made
            node = node[part]
        elif isinstance(node, dict):
            if not isinstance(node.get(part), dict | list):
                node[part] = made
            node = node[part]
        else:
            raise KeyError(path)
    return node


def put(form: Form, path: NodePath, value: Any) -> None:
    """Set the node at ``path`` (None removes it); the nodes on the way are made."""
    last = path[-1]
    node = ensure(form, path[:-1], list if isinstance(last, int) else dict)
    if value is None:
        if isinstance(node, dict):
            node.pop(last, None)
        elif isinstance(node, list) and isinstance(last, int) and last < len(node):
            del node[last]
    elif isinstance(node, list) and isinstance(last, int):
        while len(node) <= last:
            node.append({})
        node[last] = value
    else:
        node[last] = value


def number_of(text: Any) -> Any:
    """What a number field holds once the reader typed ``text``: a whole number written as a
    scenario file writes one, else the text itself, which the loader then refuses as it
    refuses it in a file (``1e2``, ``0x10``, ``4.0``, ``9007199254740993`` read exactly)."""
    typed = str(text).strip()
    if len(typed) <= MAX_NUMBER_CHARACTERS and WHOLE.fullmatch(typed):
        return int(typed)
    return typed


def shown_number(value: Any) -> str:
    return "" if value is None else str(value)


def name_in(name: Any, lang: str) -> str:
    if isinstance(name, str):
        return name
    if isinstance(name, dict):
        return localized({k: str(v) for k, v in name.items()}, lang) if name else ""
    return ""


# -- renaming along the table --------------------------------------------------------------


def ids_of(form: Form, kind: Kind) -> list[str]:
    """Every id the form gives to ``kind`` (units: those on the board and those played)."""
    return [n.value for n in namings(SCENARIO, form) if n.names is kind]


def rename(form: Form, kind: Kind, old: str, new: str, abilities_too: bool = False) -> None:
    """Every reference the table declares to ``kind`` ``old`` now names ``new``: values and
    map keys, in every part of the scenario (trigger orders and expectations included).
    ``abilities_too``: an ability without an id is named by its unit's id
    (``engine.model.Ability.name``), so a unit with such abilities renames them too."""
    kinds = {kind, Kind.ABILITY} if abilities_too else {kind}
    found = [r for r in references(SCENARIO, form) if r.value == old and kinds & set(r.to)]
    for ref in reversed(found):  # keys last in, first renamed: paths above stay valid
        if ref.is_key:
            holder = get(form, ref.at[:-1])
            if isinstance(holder, dict) and new not in holder:
                renamed = {new if k == old else k: v for k, v in holder.items()}
                holder.clear()
                holder.update(renamed)
        else:
            put(form, ref.at, new)


def set_id(path: NodePath, kind: Kind, name: str = "id") -> Setter:
    """An id field: once the id typed is the only one of its kind, what referred to the old
    id refers to it; while another has it, the references wait (``REFS``) and follow the next
    edit."""

    def apply(form: Form, value: Any) -> None:
        owner = get(form, path)
        if not isinstance(owner, dict):
            return
        old = str(owner.get(REFS, owner.get(name, "")))
        new = str(value).strip()
        named = (
            kind is Kind.UNIT
            and name == "id"
            and any(isinstance(a, dict) and "id" not in a for a in owner.get("abilities", []))
        )
        owner[name] = new
        if ids_of(form, kind).count(new) == 1:
            owner.pop(REFS, None)
            if old and old != new:
                rename(form, kind, old, new, abilities_too=named)
        else:
            owner[REFS] = old

    return apply


# -- building the view ---------------------------------------------------------------------


@dataclass
class Builder:
    form: Form
    lang: str
    mode: str

    @property
    def full(self) -> bool:
        return self.mode == "page"

    def w(self, key: str, **values: object) -> str:
        return word(key, self.lang, **values)

    # -- pieces

    def field(
        self,
        path: NodePath,
        label: str,
        kind: str = "text",
        value: Any = None,
        *,
        key: str = "",
        choices: list[tuple[str, str]] | None = None,
        optional: bool = False,
        set: Setter | None = None,
        disabled: bool = False,
    ) -> Control:
        shown = get(self.form, path) if value is None else value
        if kind == "checkbox":
            shown = bool(shown)
        elif kind == "number":
            shown = shown_number(shown)
        else:
            shown = "" if shown is None else str(shown)
        apply = set or (
            lambda form, typed: put(form, path, number_of(typed) if kind == "number" else typed)
        )
        return Control(
            key or ".".join(map(str, path)),
            label,
            path,
            kind,
            shown,
            choices or [],
            optional,
            disabled,
            apply,
        )

    def button(
        self,
        key: str,
        label: str,
        act: Action,
        focus: str = "",
        css: str = "rb-add",
        described: str = "",
    ) -> Button:
        return Button(key, label, (), css, focus, act, described)

    def remove(self, path: NodePath, label: str) -> Button:
        listing = ".".join(map(str, path[:-1]))

        def act(form: Form) -> None:
            put(form, path, None)

        return self.button(
            "remove-" + ".".join(map(str, path)),
            self.w("button.remove"),
            act,
            focus="add-" + listing,
            css="rb-remove",
            described=f"{self.w('button.remove')} · {label}",
        )

    def players(self) -> list[tuple[str, str]]:
        return [
            (str(p.get("id", "")), name_in(p.get("name"), self.lang) or str(p.get("id", "")))
            for p in self.form.get("players", [])
            if isinstance(p, dict)
        ]

    def units(self) -> list[tuple[str, str]]:
        """Every unit an effect may name: those of the board, and those an effect plays."""
        named: dict[str, str] = {}
        for u in self.form.get("units", []):
            if isinstance(u, dict):
                named.setdefault(str(u.get("id", "")), name_in(u.get("name"), self.lang))
        for holder in self.effect_holders():
            body = holder.get("play_unit")
            if isinstance(body, dict) and body.get("id"):
                named.setdefault(str(body["id"]), name_in(body.get("name"), self.lang))
        return [(uid, name or uid) for uid, name in named.items()]

    def effect_holders(self) -> Iterator[dict[str, Any]]:
        for u in self.form.get("units", []):
            for a in u.get("abilities", []) if isinstance(u, dict) else []:
                if isinstance(a, dict):
                    yield a
                    for e in a.get("effects", []):
                        if isinstance(e, dict):
                            yield e
        for r in (self.form.get("combat") or {}).get("rounds", []):
            for p in r.get("showdown", []) if isinstance(r, dict) else []:
                if isinstance(p, dict):
                    yield p

    def names(self, path: NodePath, base: str = "") -> list[Element]:
        """A name in every language of the site; the page's own language first, the others
        folded (optional) until the reader asks, or until the reader renamed it in one
        language: the others are then shown, each saying it still has its old name."""
        name = get(self.form, path)
        holder = get(self.form, path[:-1])
        renamed = holder.get(RENAMED) if isinstance(holder, dict) else None
        every = {SOURCE_LANGUAGE: name} if isinstance(name, str) else dict(name or {})
        ordered = [self.lang, *(lang for lang in languages() if lang != self.lang)]
        fields: list[Element] = []
        for lang in ordered:
            language = language_name(lang, self.lang)
            label = f"{base} ({language})" if base else self.w("form.name-in", language=language)

            def apply(form: Form, typed: Any, lang: str = lang) -> None:
                current = get(form, path)
                names = (
                    {SOURCE_LANGUAGE: current} if isinstance(current, str) else dict(current or {})
                )
                text = str(typed)
                changed = names.get(lang, "") != text
                if text == "" and lang != SOURCE_LANGUAGE:
                    names.pop(lang, None)
                else:
                    names[lang] = text
                put(form, path, names)
                owner = get(form, path[:-1])
                if isinstance(owner, dict) and changed:
                    # A name changed in one language, while another has its own: say so there.
                    others = [other for other in names if other != lang]
                    if owner.get(RENAMED) not in (None, lang) or not others:
                        owner.pop(RENAMED, None)
                    else:
                        owner[RENAMED] = lang

            stale = renamed not in (None, lang) and lang in every
            fields.append(
                self.field(
                    (*path, lang),
                    label,
                    value=every.get(lang, ""),
                    optional=lang != self.lang and not stale,
                    set=apply,
                )
            )
            if stale:
                said = self.w(
                    "form.name-unchanged", language=language, name=nested(every[lang], self.lang)
                )
                fields.append(
                    Note(".".join(map(str, (*path, lang))) + ".unchanged", said, (*path, lang))
                )
        return fields

    # -- sections

    def view(self) -> View:
        parts = [
            self.players_part(),
            self.battlefield_part(),
            self.units_part(),
            self.combat_part(),
        ]
        return View(Group("form", "", (), [p for p in parts if p is not None]))

    def players_part(self) -> Group:
        players = [p for p in self.form.get("players", []) if isinstance(p, dict)]
        items: list[Element] = []
        for i, player in enumerate(players):
            path: NodePath = ("players", i)
            children: list[Element] = []
            name = name_in(player.get("name"), self.lang) or str(player.get("id", ""))
            if self.full:
                children.append(
                    self.field(
                        (*path, "id"),
                        self.w("form.id"),
                        optional=True,
                        set=set_id(path, Kind.PLAYER),
                    )
                )
                children += self.names((*path, "name"))
            children.append(
                self.field((*path, "score"), self.w("form.score"), "number", player.get("score", 0))
            )
            if self.full and len(players) > 2:
                children.append(self.remove(path, name))
            items.append(
                Group(
                    ".".join(map(str, path)),
                    f"{self.w('form.player', n=i + 1)} · {name}",
                    path,
                    children,
                    "rb-item",
                )
            )
        if self.full:

            def add(form: Form) -> None:
                n = len(form.setdefault("players", [])) + 1
                name = {lang: word("board.new-player", lang, n=n) for lang in languages()}
                taken = set(ids_of(form, Kind.PLAYER))
                new = next(
                    f"player-{k}"
                    for k in range(n, n + len(taken) + 2)
                    if f"player-{k}" not in taken
                )
                form["players"].append({"id": new, "name": name})

            items.append(
                self.button("add-players", self.w("form.add-player"), add, focus="add-players")
            )
        return Group("players", self.w("form.players"), ("players",), items, LIST)

    def battlefield_part(self) -> Group:
        path: NodePath = ("battlefield",)
        battlefield = self.form.get("battlefield") or {}
        children: list[Element] = self.names((*path, "name")) if self.full else []
        children.append(
            self.field(
                (*path, "controller"),
                self.w("form.controller"),
                "select",
                choices=[("none", NOBODY(self.lang)), *self.players()],
            )
        )
        scored = battlefield.get("scored_this_turn") or []
        boxes: list[Element] = []
        for player, label in self.players():

            def apply(form: Form, checked: Any, player: str = player) -> None:
                listed = [p for p in (get(form, (*path, "scored_this_turn")) or []) if p != player]
                if checked is True:
                    listed.append(player)
                put(form, (*path, "scored_this_turn"), listed or None)

            # A box stands for its entry of the list (problems there land on it), if ticked.
            place = scored.index(player) if player in scored else player
            boxes.append(
                self.field(
                    (*path, "scored_this_turn", place),
                    label,
                    "checkbox",
                    player in scored,
                    key=f"battlefield.scored_this_turn.{player}",
                    set=apply,
                )
            )
        children.append(
            Group(
                "battlefield.scored_this_turn",
                self.w("form.scored"),
                (*path, "scored_this_turn"),
                boxes,
                "rb-checks",
            )
        )
        name, label = name_in(battlefield.get("name"), self.lang), self.w("form.battlefield")
        # A battlefield named only "the battlefield" (a new board's) is not named twice.
        if label.casefold() not in name.casefold():
            label = f"{label} · {name}"
        return Group("battlefield", label, path, children)

    def units_part(self) -> Group:
        units = [u for u in self.form.get("units", []) if isinstance(u, dict)]
        zones = [(z.value, ZONE_WORDS[z](self.lang)) for z in Zone]
        items: list[Element] = []
        for i, unit in enumerate(units):
            path: NodePath = ("units", i)
            name = name_in(unit.get("name"), self.lang) or str(unit.get("id", ""))
            label = f"{self.w('form.unit', n=i + 1)} · {name}"
            children: list[Element] = []
            if self.full:
                children.append(
                    self.field(
                        (*path, "id"), self.w("form.id"), optional=True, set=set_id(path, Kind.UNIT)
                    )
                )
                children += self.names((*path, "name"))
                children.append(
                    self.field(
                        (*path, "owner"), self.w("form.owner"), "select", choices=self.players()
                    )
                )

                def controller(form: Form, typed: Any, path: NodePath = path) -> None:
                    put(form, (*path, "controller"), typed or None)

                children.append(
                    self.field(
                        (*path, "controller"),
                        self.w("form.unit-controller"),
                        "select",
                        unit.get("controller", ""),
                        choices=[("", self.w("form.its-owner")), *self.players()],
                        optional=True,
                        set=controller,
                    )
                )
            children.append(self.field((*path, "might"), self.w("form.might"), "number"))
            children.append(self.field((*path, "at"), self.w("form.at"), "select", choices=zones))

            def damage(form: Form, typed: Any, path: NodePath = path) -> None:
                value = number_of(typed)
                put(form, (*path, "damage"), None if value in ("", 0) else value)

            children.append(
                self.field(
                    (*path, "damage"),
                    self.w("form.damage"),
                    "number",
                    unit.get("damage", 0),
                    set=damage,
                )
            )
            if self.full or unit.get("cant_move"):

                def cant_move(form: Form, checked: Any, path: NodePath = path) -> None:
                    put(form, (*path, "cant_move"), True if checked is True else None)

                children.append(
                    self.field(
                        (*path, "cant_move"),
                        self.w("form.cant_move"),
                        "checkbox",
                        optional=not unit.get("cant_move"),
                        set=cant_move,
                    )
                )
            if self.full or unit.get("if_it_would_die"):
                replaced = unit.get("if_it_would_die")
                shown = replaced.get("to") if isinstance(replaced, dict) else replaced

                def replacement(form: Form, typed: Any, path: NodePath = path) -> None:
                    current = get(form, (*path, "if_it_would_die"))
                    if not typed:
                        put(form, (*path, "if_it_would_die"), None)
                    elif isinstance(current, dict):
                        current["to"] = typed
                    else:
                        put(form, (*path, "if_it_would_die"), typed)

                sent = [(zone.value, self.w(key)) for zone, key in INSTEAD_OF_DYING.items()]
                children.append(
                    self.field(
                        (*path, "if_it_would_die"),
                        self.w("form.if_it_would_die"),
                        "select",
                        shown or "",
                        choices=[("", self.w("form.dies")), *sent],
                        optional=not replaced,
                        set=replacement,
                    )
                )
            abilities = [a for a in unit.get("abilities", []) if isinstance(a, dict)]
            if abilities or self.full:
                listed: list[Element] = []
                number = 0  # as the engine numbers them ("Bomb's ability 2"): left out, not counted
                for n, ability in enumerate(abilities):
                    if is_off(ability):
                        title = self.w("form.ability-off")
                    else:
                        number += 1
                        title = self.w("form.ability", n=number)
                    listed.append(self.ability_part((*path, "abilities", n), ability, title))
                if self.full:

                    def add(form: Form, path: NodePath = path) -> None:
                        kind = next(iter(EFFECTS))
                        ability = {"when": Trigger.DIES.value, kind: self.default_effect(kind)}
                        ensure(form, (*path, "abilities"), list).append(ability)

                    key = "add-" + ".".join(map(str, (*path, "abilities")))
                    listed.append(self.button(key, self.w("form.add-ability"), add, focus=key))
                children.append(
                    Group(
                        ".".join(map(str, (*path, "abilities"))),
                        self.w("form.abilities"),
                        (*path, "abilities"),
                        listed,
                        LIST,
                    )
                )
            if self.full:
                children.append(self.remove(path, label))
            items.append(Group(".".join(map(str, path)), label, path, children, "rb-item"))
        if self.full:

            def add_unit(form: Form) -> None:
                units = form.setdefault("units", [])
                n = len(units) + 1
                taken = set(ids_of(form, Kind.UNIT))
                new = next(
                    f"unit-{k}" for k in range(n, n + len(taken) + 2) if f"unit-{k}" not in taken
                )
                players = form.get("players") or [{}]
                owner = str(players[0].get("id", "")) if isinstance(players[0], dict) else ""
                name = {lang: word("board.added-unit", lang, n=n) for lang in languages()}
                units.append(
                    {"id": new, "name": name, "owner": owner, "might": 1, "at": Zone.BASE.value}
                )

            items.append(
                self.button("add-units", self.w("form.add-unit"), add_unit, focus="add-units")
            )
        return Group("units", self.w("form.units"), ("units",), items, LIST)

    def on_off(self, path: NodePath, label: str) -> Control:
        def apply(form: Form, checked: Any) -> None:
            holder = get(form, path)
            if isinstance(holder, dict):
                if checked is True:
                    holder.pop(OFF, None)
                else:
                    holder[OFF] = True

        return self.field(
            (*path, OFF), label, "checkbox", not is_off(get(self.form, path)), set=apply
        )

    def ability_part(self, path: NodePath, ability: Mapping[str, Any], title: str) -> Group:
        triggers = [(t.value, self.w(f"when.{t.value}")) for t in Trigger]
        children: list[Element] = [self.on_off(path, self.w("form.ability-on"))]
        children.append(
            self.field((*path, "when"), self.w("form.when"), "select", choices=triggers)
        )
        if self.full:
            children.append(
                self.field(
                    (*path, "id"),
                    self.w("form.ability-id"),
                    optional=True,
                    set=set_id(path, Kind.ABILITY),
                )
            )
        children += self.effect_part(path, ability)
        if self.full:
            children.append(self.remove(path, title))
        return Group(
            ".".join(map(str, path)), title, path, children, "rb-item", off=is_off(ability)
        )

    def default_effect(self, kind: str) -> dict[str, Any]:
        """A new effect of ``kind``, its required fields filled (from its class's fields)."""
        body = EFFECTS[kind].body
        units = self.units()
        effect: dict[str, Any] = {}
        for name in body.required:
            node = body.fields[name]
            effect[name] = self.default_value(node, units)
        return effect

    def default_value(self, node: Node, units: list[tuple[str, str]]) -> Any:
        if isinstance(node, Ref):
            return units[0][0] if units else ""
        if isinstance(node, Whole):
            return 1
        if isinstance(node, Id):
            taken = set(ids_of(self.form, Kind.UNIT))
            free = ("new-unit", *(f"new-unit-{k}" for k in range(2, len(taken) + 3)))
            return next(name for name in free if name not in taken)
        if node is NAME:
            return {lang: word("board.new-unit", lang) for lang in languages()}
        if isinstance(node, Choice):
            return node.values[0]
        if isinstance(node, Either):
            return self.default_value(node.forms[0], units)
        return ""

    def effect_part(self, path: NodePath, holder: Mapping[str, Any]) -> list[Element]:
        kind = next((k for k in EFFECTS if k in holder), "")
        kinds = [(k, self.w(f"effect.{k}")) for k in EFFECTS]

        def switch(form: Form, typed: Any) -> None:
            target = get(form, path)
            if not isinstance(target, dict) or typed not in EFFECTS:
                return
            for other in EFFECTS:
                target.pop(other, None)
            target[typed] = self.default_effect(typed)

        parts: list[Element] = [
            self.field(
                (*path, "effect"),
                self.w("form.effect"),
                "select",
                kind,
                choices=kinds if kind else [("", "—"), *kinds],
                set=switch,
            )
        ]
        if not kind:
            return parts
        body = EFFECTS[kind].body
        at = (*path, kind)
        effect = holder.get(kind) or {}
        for name, node in body.fields.items():
            here = (*at, name)
            if not isinstance(node, Ref | Whole | Either | Id | Choice) and node is not NAME:
                # An effect declares a field of a kind the editor has no control for.
                raise TypeError(f"{kind}.{name}: the editor has no field for {node!r}")
            label = self.w(f"field.{name}")
            if isinstance(node, Ref):
                parts.append(self.field(here, label, "select", choices=self.units()))
            elif isinstance(node, Whole):
                parts.append(self.field(here, label, "number"))
            elif isinstance(node, Either) and any(isinstance(f, Const) for f in node.forms):
                special = next(f.value for f in node.forms if isinstance(f, Const))
                is_special = effect.get(name) == special
                parts.append(
                    self.field(
                        here,
                        label,
                        "number",
                        "" if is_special else effect.get(name),
                        disabled=is_special,
                    )
                )

                def toggle(
                    form: Form, checked: Any, here: NodePath = here, special: str = special
                ) -> None:
                    put(form, here, special if checked is True else 1)

                parts.append(
                    self.field(
                        here,
                        self.w(f"field.{special}"),
                        "checkbox",
                        is_special,
                        key=".".join(map(str, here)) + ".special",
                        set=toggle,
                    )
                )
            elif isinstance(node, Id):
                parts.append(self.field(here, self.w("field.id"), set=set_id(at, Kind.UNIT, name)))
            elif node is NAME:
                parts += self.names(here, label)
            elif isinstance(node, Choice):
                parts.append(
                    self.field(
                        here,
                        label,
                        "select",
                        choices=[(v, ZONE_WORDS[Zone(v)](self.lang)) for v in node.values],
                    )
                )
        return parts

    def combat_part(self) -> Group:
        combat = self.form.get("combat") or {}
        path: NodePath = ("combat",)
        children: list[Element] = [
            self.field(
                (*path, "attacker"), self.w("form.attacker"), "select", choices=self.players()
            )
        ]
        moving = [m for m in combat.get("move", []) if isinstance(m, str)]
        attacker = str(combat.get("attacker", ""))
        boxes: list[Element] = []
        for unit in self.form.get("units", []):
            if not isinstance(unit, dict):
                continue
            uid = str(unit.get("id", ""))
            if uid not in moving and not may_move(unit, attacker):
                continue

            def apply(form: Form, checked: Any, uid: str = uid) -> None:
                listed = [m for m in (get(form, ("combat", "move")) or []) if m != uid]
                if checked is True:
                    listed.append(uid)
                put(form, ("combat", "move"), listed)

            place = moving.index(uid) if uid in moving else uid
            boxes.append(
                self.field(
                    ("combat", "move", place),
                    name_in(unit.get("name"), self.lang) or uid,
                    "checkbox",
                    uid in moving,
                    key=f"combat.move.{uid}",
                    set=apply,
                )
            )
        children.append(
            Group("combat.move", self.w("form.move"), ("combat", "move"), boxes, "rb-checks")
        )
        if self.full:

            def first(form: Form, typed: Any) -> None:
                put(form, ("combat", "first_on_chain"), typed or None)

            children.append(
                self.field(
                    (*path, "first_on_chain"),
                    self.w("form.first-on-chain"),
                    "select",
                    combat.get("first_on_chain", ""),
                    choices=[("", self.w("form.first-by-default")), *self.players()],
                    optional=True,
                    set=first,
                )
            )
        rounds = combat.get("rounds") or [{}]
        for r, script in enumerate(rounds):
            if isinstance(script, dict):
                children.append(self.round_part((*path, "rounds", r), script, r, len(rounds)))
        if self.full:

            def add_round(form: Form, count: int = len(rounds)) -> None:
                ensure(form, ("combat", "rounds", count))

            children.append(
                self.button(
                    "add-combat.rounds",
                    self.w("form.add-round"),
                    add_round,
                    focus="add-combat.rounds",
                )
            )
        return Group("combat", self.w("form.combat"), path, children)

    def round_part(self, path: NodePath, script: dict[str, Any], r: int, count: int) -> Group:
        title = self.w("form.round", n=r + 1)
        plays = [p for p in script.get("showdown", []) if isinstance(p, dict)]
        listed: list[Element] = []
        for n, play in enumerate(plays):
            at = (*path, "showdown", n)
            label = self.w("form.play", n=n + 1)
            children: list[Element] = [self.on_off(at, self.w("form.play-on"))]
            children.append(
                self.field(
                    (*at, "player"), self.w("form.player-field"), "select", choices=self.players()
                )
            )
            children += self.effect_part(at, play)
            if self.full:
                children.append(self.remove(at, label))
            listed.append(
                Group(".".join(map(str, at)), label, at, children, "rb-item", off=is_off(play))
            )
        if self.full:

            def add(form: Form) -> None:
                players = form.get("players") or [{}]
                kind = next(iter(EFFECTS))
                play = {"player": str(players[0].get("id", "")), kind: self.default_effect(kind)}
                ensure(form, (*path, "showdown"), list).append(play)

            key = "add-" + ".".join(map(str, (*path, "showdown")))
            listed.append(self.button(key, self.w("form.add-play"), add, focus=key))
        children = (
            [
                Group(
                    ".".join(map(str, (*path, "showdown"))),
                    self.w("form.showdown"),
                    (*path, "showdown"),
                    listed,
                    LIST,
                )
            ]
            if listed
            else []
        )
        children.append(self.damage_part(path, script, r))
        if self.full and count > 1:
            children.append(self.remove(path, title))
        return Group(".".join(map(str, path)), title, path, children, "rb-round")

    def fighting(self) -> list[dict[str, Any]]:
        """The units in the first combat: at the battlefield, or moving in."""
        moving = set((self.form.get("combat") or {}).get("move") or [])
        return [
            u
            for u in self.form.get("units", [])
            if isinstance(u, dict)
            and (u.get("at") == Zone.BATTLEFIELD.value or u.get("id") in moving)
        ]

    def damage_part(self, path: NodePath, script: dict[str, Any], r: int) -> Group:
        at = (*path, "damage")
        auto = not isinstance(script.get("damage"), dict)

        def toggle(form: Form, checked: Any) -> None:
            if checked is True:
                put(form, at, None)
            else:
                put(form, at, {str(u.get("id")): 0 for u in self.fighting()})

        children: list[Element] = [
            self.field(
                (*at, "auto"),
                self.w("form.assign-auto"),
                "checkbox",
                auto,
                key=".".join(map(str, at)) + ".auto",
                set=toggle,
            )
        ]
        if not auto:
            assigned = script["damage"]
            shown = dict.fromkeys(map(str, assigned))
            shown.update(dict.fromkeys(str(u.get("id")) for u in self.fighting()))
            names = dict(self.units())
            for uid in shown:

                def apply(form: Form, typed: Any, uid: str = uid) -> None:
                    value = number_of(typed)
                    put(form, (*at, uid), None if value == "" else value)

                children.append(
                    self.field(
                        (*at, uid),
                        self.w("form.assigned-to", unit=names.get(uid, uid)),
                        "number",
                        assigned.get(uid),
                        set=apply,
                    )
                )
            children += self.damage_totals(at, assigned, r)
        return Group(".".join(map(str, at)), self.w("form.assigned"), at, children)

    def damage_totals(self, at: NodePath, assigned: Mapping[str, Any], r: int) -> list[Element]:
        """Each side's total beside the damage fields: each side assigns all of its Might to
        the other side's units (rule 465; the engine refuses any other total). Its Might is
        known before the run in the first combat (printed, plus this showdown's +Might)."""
        units = {str(u.get("id")): u for u in self.fighting()}
        owner = {uid: str(u.get("controller") or u.get("owner")) for uid, u in units.items()}
        bonus: dict[str, int] = {}
        for play in get(self.form, (*at[:-1], "showdown")) or []:
            body = play.get("give_might") if isinstance(play, dict) and not is_off(play) else None
            if isinstance(body, dict) and isinstance(body.get("amount"), int):
                bonus[str(body.get("to"))] = bonus.get(str(body.get("to")), 0) + body["amount"]
        might: dict[str, int] = {}
        for uid, unit in units.items():
            value = unit.get("might")
            if isinstance(value, int) and not isinstance(value, bool):
                might[owner[uid]] = might.get(owner[uid], 0) + value + bonus.get(uid, 0)
        received: dict[str, int] = {}
        for uid, value in assigned.items():
            if uid in owner and isinstance(value, int) and not isinstance(value, bool):
                received[owner[uid]] = received.get(owner[uid], 0) + value
        notes: list[Element] = []
        players = dict(self.players())
        sides = list(dict.fromkeys(owner.values()))
        for player in sides:
            others = [p for p in sides if p != player]
            if not others:
                continue
            other = others[0]
            given = received.get(other, 0)
            values = {"player": players.get(player, player), "assigned": given}
            text = (
                self.w("form.assigns-of", total=might.get(player, 0), **values)
                if r == 0
                else self.w("form.assigns", **values)
            )
            notes.append(Note(".".join(map(str, at)) + f".total.{player}", text, at))
        return notes


def may_move(unit: Mapping[str, Any], attacker: str) -> bool:
    """Whether the form's ``unit`` may move in for ``attacker`` (the loader's rule)."""
    try:
        zone = Zone(str(unit.get("at")))
    except ValueError:
        return False
    controller = str(unit.get("controller") or unit.get("owner") or "")
    return mover_problem(zone, controller, bool(unit.get("cant_move")), attacker) is None


# -- what the worker answers ----------------------------------------------------------------


def check_mode(mode: object) -> str:
    if mode not in MODES:
        raise ValueError(f"mode is one of {', '.join(MODES)}")
    return str(mode)


def describe(form: Form, lang: str, mode: str) -> View:
    """The form's view, in ``lang``."""
    return Builder(copy.deepcopy(form), lang, check_mode(mode)).view()


def edit(form: Form, lang: str, mode: str, key: str, value: Any = None) -> Form:
    """The form once the reader set the control ``key`` to ``value`` (or pressed it)."""
    changed = copy.deepcopy(form)
    element = Builder(changed, lang, check_mode(mode)).view().find(key)
    if isinstance(element, Control) and element.set is not None and not element.disabled:
        if element.kind == "checkbox":
            value = value is True
        elif not isinstance(value, str):
            value = "" if value is None else str(value)
        element.set(changed, value)
    elif isinstance(element, Button) and element.act is not None:
        element.act(changed)
    else:
        raise KeyError(key)
    return changed
