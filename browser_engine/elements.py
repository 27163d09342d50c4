"""What the editor draws: groups, fields, buttons and notes, each with a key, in the page's
language; the editor's JavaScript draws them (``browser_engine.view`` says which).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from diagnostics import NodePath

Form = dict[str, Any]
Setter = Callable[[Form, Any], None]
Action = Callable[[Form], None]

# A group that only holds a list's items ("Units"): its items name themselves ("Unit 3 · …").
LIST = "rb-list"


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
    """A sentence the form says beside its fields (a running total); a ``warning`` says
    something the reader may want to change, though the board plays."""

    warning: bool = False

    def json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": "note", "key": self.key, "label": self.label}
        if self.warning:
            out["warning"] = True
        return out


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
