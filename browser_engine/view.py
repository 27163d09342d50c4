"""The editor's form, described in Python: a walk over the scenario format's table.

``describe(form, lang, mode)`` gives the form's view: groups, fields (their label, kind,
value and choices, all in the page's language) and buttons, each with a key; the editor's
JavaScript only draws it. ``edit(form, lang, mode, key, value)`` applies what the reader did
to the control with that key and returns the new form.

The view is the format's table (``engine.format``) walked over the form: each field becomes
the control of its kind (a reference a choice among the ids of its kind, a whole number a
number field, a flag a checkbox, a choice a list of its words, a list its items with add and
remove buttons). What the table cannot say (labels, folding, which fields show in which mode,
the few controls of their own) is one line a field in ``browser_engine.shown``; every rule of
the game comes from the engine: who may move in (``engine.loader.mover_problem``), each
side's Might and the units it may assign damage to (the board played by the engine), what
renaming a player, a unit or an ability moves along (every reference the table declares).

Modes: ``page`` ("Ask the engine": every field, players and units added and removed) and
``variation`` (a worked example's board: its numbers, places, plays and keywords).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from browser_engine import shown, widgets
from browser_engine.edits import (
    ensure,
    get,
    ids_of,
    name_in,
    number_of,
    put,
    set_id,
    shown_number,
)
from browser_engine.elements import (
    LIST,
    Action,
    Button,
    Control,
    Element,
    Form,
    Group,
    Setter,
    View,
)
from browser_engine.form import OFF, is_off
from browser_engine.shown import Show, Where
from browser_engine.words import word
from diagnostics import NodePath
from engine.effects import EFFECTS
from engine.fields import (
    NAME,
    Choice,
    Const,
    Either,
    Flag,
    Id,
    Integer,
    Kind,
    Node,
    Obj,
    Ref,
    Seq,
    Whole,
    namings,
)
from engine.format import SCENARIO
from engine.loader import mover_problem
from engine.model import ZONE_WORDS, Zone
from engine.narration import NOBODY
from vocabulary import languages

MODES = ("page", "variation")


# -- where a field of the table shows, and what the engine says of the board --------------


def table_key(parent: str, name: str, node: Node) -> str:
    """The key of a field in ``browser_engine.shown``: its path in the table, where a named
    definition starts its own (``ability.when``), a field of any effect under ``effect``."""
    if node.define in EFFECTS or node.define == "effect":
        return "effect"
    if node.define and node.define not in ("name", "localized", "zone"):
        return node.define
    return f"{parent}.{name}" if parent else name


def object_of(node: Node) -> Obj | None:
    """The object form of a field (an ``Either`` may have one)."""
    if isinstance(node, Obj):
        return node
    if isinstance(node, Either):
        return next((f for f in node.forms if isinstance(f, Obj)), None)
    return None


def may_move(unit: Mapping[str, Any], attacker: str) -> bool:
    """Whether the form's ``unit`` may move in for ``attacker`` (the loader's rule)."""
    try:
        zone = Zone(str(unit.get("at")))
    except ValueError:
        return False
    controller = str(unit.get("controller") or unit.get("owner") or "")
    return mover_problem(zone, controller, bool(unit.get("cant_move")), attacker) is None


# Lists whose items the reader may leave out of the board without removing them.
OFFABLE = {"units[].abilities": "form.ability-on", "round.showdown": "form.play-on"}


# -- the walk ------------------------------------------------------------------------------


@dataclass
class Builder:
    form: Form
    lang: str
    mode: str
    cache: dict[str, Any] = field(default_factory=dict)  # what the widgets ask the engine

    def w(self, key: str, **values: object) -> str:
        return word(key, self.lang, **values)

    @property
    def adds(self) -> bool:
        """Whether lists take items added and removed (Ask the engine's board)."""
        return self.mode == "page"

    def line(self, key: str, path: NodePath) -> Show:
        found = shown.FIELDS.get(key)
        if found is None:  # a field added to the format needs its line (a test holds them)
            where = ".".join(map(str, path))
            raise TypeError(
                f"{where}: the editor has no line for the field {key} (browser_engine.shown)"
            )
        return found

    def shows(self, show: Show, value: Any) -> bool:
        if show.where is Where.NOWHERE:
            return False
        if self.mode == "page" or show.where is Where.BOTH:
            return True
        return show.where is Where.PAGE_OR_SET and value not in (None, [], {}, False)

    # -- the walk itself

    def view(self) -> View:
        return View(Group("form", "", (), self.fields_of(SCENARIO, (), "", self.form)))

    def fields_of(self, node: Obj, path: NodePath, key: str, value: Any) -> list[Element]:
        """The controls of an object's fields, in the table's order; then, where the object
        is one of several kinds (an effect), the choice of its kind and its own fields."""
        holder = value if isinstance(value, dict) else {}
        out: list[Element] = []
        for name, child in node.fields.items():
            if name in node.exactly_one:
                continue
            child_key = table_key(key, name, child)
            show = self.line(child_key, (*path, name))
            if self.shows(show, holder.get(name)):
                optional = name not in node.required
                out += self.part(child, (*path, name), child_key, show, holder.get(name), optional)
        if node.exactly_one:
            out += self.kinds(node, path, holder)
        return out

    def part(
        self, node: Node, path: NodePath, key: str, show: Show, value: Any, optional: bool
    ) -> list[Element]:
        """The controls of one field: of its own widget, or of its kind in the table."""
        if show.widget in widgets.WIDGETS:
            return widgets.WIDGETS[show.widget](self, node, path, show, value)
        label = self.w(show.label) if show.label else ""
        if isinstance(node, Either) and any(isinstance(f, Const) for f in node.forms):
            return self.special_number(node, path, label, value)
        if isinstance(node, Seq):
            return self.listing(node, path, key, show, value)
        inner = object_of(node)
        if inner is not None:
            children = self.fields_of(inner, path, key, value)
            return [Group(".".join(map(str, path)), self.group_label(label, value), path, children)]
        return [self.control(node, path, label, show, value, optional)]

    def kinds(self, node: Obj, path: NodePath, holder: Mapping[str, Any]) -> list[Element]:
        """An object that is one of several kinds (an ability's or a play's effect): the choice
        of its kind, then that kind's own fields."""
        kind = next((k for k in node.exactly_one if k in holder), "")
        choices = [(k, self.w(f"effect.{k}")) for k in node.exactly_one]

        def switch(form: Form, typed: Any) -> None:
            target = get(form, path)
            if not isinstance(target, dict) or typed not in node.exactly_one:
                return
            for other in node.exactly_one:
                target.pop(other, None)
            target[typed] = self.new_value(
                node.fields[typed], table_key("", typed, node.fields[typed]), form, 1
            )

        out: list[Element] = [
            self.field(
                (*path, "effect"),
                self.w("form.effect"),
                "select",
                kind,
                choices=choices if kind else [("", "—"), *choices],
                set=switch,
            )
        ]
        if kind:
            child = node.fields[kind]
            child_key = table_key("", kind, child)
            show = self.line(child_key, (*path, kind)) if child_key != "effect" else Show()
            if isinstance(child, Seq):
                out += self.listing(child, (*path, kind), child_key, show, holder.get(kind))
            else:
                inner = object_of(child)
                assert inner is not None
                out += self.fields_of(inner, (*path, kind), "effect", holder.get(kind))
        return out

    def group_label(self, label: str, value: Any) -> str:
        """A group's legend; a battlefield with a name of its own says it, once."""
        name = name_in(value.get("name"), self.lang) if isinstance(value, dict) else ""
        if name and label and label.casefold() not in name.casefold():
            return f"{label} · {name}"
        return label

    # -- controls of each kind

    def control(
        self, node: Node, path: NodePath, label: str, show: Show, value: Any, optional: bool
    ) -> Control:
        folded = show.fold and value in (None, show.default, False)
        if isinstance(node, Ref):
            kind = node.to[0]
            choices = [(v, self.named(kind, v)) for v in self.ids(kind)]
            if node.none:
                choices.insert(0, ("none", NOBODY(self.lang)))
            if show.unset:
                choices.insert(0, ("", self.w(show.unset)))
            chosen = "" if value is None else value
            return self.field(
                path,
                label,
                "select",
                chosen,
                choices=choices,
                optional=folded,
                set=self.setter(path, optional),
            )
        if isinstance(node, Choice):
            choices = [(v, self.choice_word(show.words, v)) for v in node.values]
            return self.field(path, label, "select", value, choices=choices, optional=folded)
        if isinstance(node, Flag):
            return self.field(
                path,
                label,
                "checkbox",
                bool(value),
                optional=folded,
                set=self.setter(path, optional, flag=True),
            )
        if isinstance(node, Whole | Integer):
            return self.field(
                path,
                label,
                "number",
                show.default if value is None else value,
                optional=folded,
                set=self.setter(path, optional, number=True, default=show.default),
            )
        if isinstance(node, Id):
            kind = node.names or Kind.UNIT
            return self.field(
                path, label, optional=show.fold, set=set_id(path[:-1], kind, str(path[-1]))
            )
        raise TypeError(f"{'.'.join(map(str, path))}: the editor has no control for {node!r}")

    def setter(
        self,
        path: NodePath,
        optional: bool,
        flag: bool = False,
        number: bool = False,
        default: object = None,
    ) -> Setter:
        """The field at ``path`` set to what the reader typed or chose; an optional field set
        back to nothing (or to what it holds when absent) is left out."""

        def apply(form: Form, typed: Any) -> None:
            value: Any = (typed is True) if flag else number_of(typed) if number else typed
            left_out = value in ("", None, False) or (default is not None and value == default)
            put(form, path, None if optional and left_out else value)

        return apply

    def choice_word(self, prefix: str, value: str) -> str:
        if prefix == "zone.":
            return ZONE_WORDS[Zone(value)](self.lang)
        return self.w(prefix + value) if prefix else value

    def special_number(self, node: Either, path: NodePath, label: str, value: Any) -> list[Element]:
        """A number, or a word standing for one (an amount "equal to its own Might")."""
        special = next(f.value for f in node.forms if isinstance(f, Const))
        is_special = value == special

        def toggle(form: Form, checked: Any) -> None:
            put(form, path, special if checked is True else 1)

        return [
            self.field(path, label, "number", "" if is_special else value, disabled=is_special),
            self.field(
                path,
                self.w(f"field.{special}"),
                "checkbox",
                is_special,
                key=".".join(map(str, path)) + ".special",
                set=toggle,
            ),
        ]

    # -- lists

    def listing(self, node: Seq, path: NodePath, key: str, show: Show, value: Any) -> list[Element]:
        """A list: a box for each name it may hold (names, each once), or its items, each with
        its fields, a remove button, and the list's add button."""
        items = value if isinstance(value, list) else []
        if isinstance(node.item, Ref):
            return [self.checks(node, path, show, items)]
        item_key = table_key(key, "[]", node.item) if node.item.define else f"{key}[]"
        inner = object_of(node.item)
        if inner is None:
            raise TypeError(
                f"{'.'.join(map(str, path))}: the editor shows no list of {node.item!r}"
            )
        if not items and node.min_items == 1:  # a combat without rounds is one round
            items = [{}]
        elements: list[Element] = []
        counted = 0
        for n, item in enumerate(items):
            if not isinstance(item, dict):
                continue
            here = (*path, n)
            off = is_off(item)
            counted += not off
            title = self.item_title(show, n, counted, item, off)
            children: list[Element] = []
            if key in OFFABLE:
                children.append(self.on_off(here, self.w(OFFABLE[key])))
            children += self.fields_of(inner, here, item_key, item)
            if self.adds and len(items) > node.min_items:
                children.append(self.remove(here, title))
            css = "rb-round" if key == "combat.rounds" else "rb-item"
            elements.append(Group(".".join(map(str, here)), title, here, children, css, off=off))
        if self.adds and show.add:
            add = "add-" + ".".join(map(str, path))

            def act(form: Form) -> None:
                listed = ensure(form, path, list)
                listed.append(self.new_value(node.item, item_key, form, len(listed) + 1))

            elements.append(self.button(add, self.w(show.add), act, focus=add))
        label = self.w(show.label) if show.label else ""
        return [Group(".".join(map(str, path)), label, path, elements, LIST)]

    def item_title(
        self, show: Show, n: int, counted: int, item: Mapping[str, Any], off: bool
    ) -> str:
        """ "Unit 2 · Red Raider"; abilities numbered as the steps number them (those left out
        not counted)."""
        if show.item == "form.ability":
            return self.w("form.ability-off") if off else self.w("form.ability", n=counted)
        title = self.w(show.item, n=n + 1)
        if show.item not in ("form.player", "form.unit"):  # plays, rounds, effects: numbered
            return title
        name = name_in(item.get("name"), self.lang) or str(item.get("id", ""))
        return f"{title} · {name}" if name else title

    def checks(self, node: Seq, path: NodePath, show: Show, listed: list[Any]) -> Group:
        """A list of names, each once (``combat.move``, ``scored_this_turn``): a box each."""
        assert isinstance(node.item, Ref)
        kind = node.item.to[0]
        ticked = [v for v in listed if isinstance(v, str)]
        offered = self.movers(ticked) if show.widget == "movers" else self.ids(kind)
        boxes: list[Element] = []
        for name in offered:

            def apply(form: Form, checked: Any, name: str = name) -> None:
                kept = [v for v in (get(form, path) or []) if v != name]
                if checked is True:
                    kept.append(name)
                put(form, path, kept if kept or node.min_items else None)

            # A box stands for its entry of the list (problems there land on it), if ticked.
            place = ticked.index(name) if name in ticked else name
            boxes.append(
                self.field(
                    (*path, place),
                    self.named(kind, name),
                    "checkbox",
                    name in ticked,
                    key=".".join(map(str, (*path, name))),
                    set=apply,
                )
            )
        return Group(".".join(map(str, path)), self.w(show.label), path, boxes, "rb-checks")

    # -- what a new item holds

    def new_value(self, node: Node, key: str, form: Form, n: int) -> Any:
        """A new item of a list (or a new effect): its required fields filled, each as a new
        field of its kind (``new_field``)."""
        inner = object_of(node)
        if inner is None:
            return self.new_field(node, key, form, n)
        made: dict[str, Any] = {}
        for name in inner.required:
            child = inner.fields[name]
            made[name] = self.new_field(child, table_key(key, name, child), form, n)
        if inner.exactly_one:
            kind = inner.exactly_one[0]
            made[kind] = self.new_value(inner.fields[kind], "effect", form, n)
        return made

    def new_field(self, node: Node, key: str, form: Form, n: int) -> Any:
        """A new field: an id of its own, a name in every language, the first player or unit,
        1, the first place (a base before the battlefield)."""
        if isinstance(node, Id):
            prefix = {"players[].id": "player", "units[].id": "unit"}.get(key, "new-unit")
            taken = set(ids_of(form, node.names or Kind.UNIT))
            free = (f"{prefix}-{k}" for k in range(n, n + len(taken) + 2))
            return next(name for name in free if name not in taken)
        if node is NAME:
            said = {"players[].name": "board.new-player", "units[].name": "board.added-unit"}
            return {lang: word(said.get(key, "board.new-unit"), lang, n=n) for lang in languages()}
        if isinstance(node, Ref):
            found = ids_of(form, node.to[0])
            return found[0] if found else ""
        if isinstance(node, Whole | Integer):
            return 1
        if isinstance(node, Choice):
            return Zone.BASE.value if Zone.BASE.value in node.values else node.values[0]
        if isinstance(node, Either):
            return self.new_field(node.forms[0], key, form, n)
        return self.new_value(node, key, form, n)

    # -- names and ids

    def ids(self, kind: Kind) -> list[str]:
        return list(dict.fromkeys(ids_of(self.form, kind)))

    def named(self, kind: Kind, value: str) -> str:
        """A player or a unit as the board names it in the page's language."""
        for naming in namings(SCENARIO, self.form):
            if naming.names is kind and naming.value == value:
                holder = get(self.form, naming.at[:-1])
                name = name_in(holder.get("name"), self.lang) if isinstance(holder, dict) else ""
                return name or value
        return value

    def movers(self, moving: list[str]) -> list[str]:
        """The units that may move in for the Attacker (the loader's rule), and those that do."""
        attacker = str((self.form.get("combat") or {}).get("attacker", ""))
        return [
            str(u.get("id", ""))
            for u in self.form.get("units", [])
            if isinstance(u, dict) and (u.get("id") in moving or may_move(u, attacker))
        ]

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
        shown_value = get(self.form, path) if value is None else value
        if kind == "checkbox":
            shown_value = bool(shown_value)
        elif kind == "number":
            shown_value = shown_number(shown_value)
        else:
            shown_value = "" if shown_value is None else str(shown_value)
        apply = set or (
            lambda form, typed: put(form, path, number_of(typed) if kind == "number" else typed)
        )
        return Control(
            key or ".".join(map(str, path)),
            label,
            path,
            kind,
            shown_value,
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
