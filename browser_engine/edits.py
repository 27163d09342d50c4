"""What an edit does to the editor's form: reading and writing its nodes, a number as typed,
renaming an id along every reference the scenario format declares, and each player's
combat damage assignment as the form holds it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from browser_engine.elements import Form, Setter
from browser_engine.form import REFS
from diagnostics import NodePath
from engine.fields import Kind, namings, references
from engine.format import SCENARIO
from engine.loader import MAX_EXACT_WHOLE, MAX_NUMBER_CHARACTERS
from vocabulary import localized

# A whole number as a scenario file accepts one: digits, no leading zero (``engine.loader``).
WHOLE = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")


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
    refuses it in a file (``1e2``, ``0x10``, ``4.0``); a whole number past what the page's
    JavaScript holds exactly (``9007199254740993``) stays text too, kept as typed, never
    rounded, and the loader refuses it as too large."""
    typed = str(text).strip()
    if len(typed) <= MAX_NUMBER_CHARACTERS and WHOLE.fullmatch(typed):
        number = int(typed)
        return number if abs(number) <= MAX_EXACT_WHOLE else typed
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


# -- combat damage assignments -------------------------------------------------------------


def own_assignments(form: Form, path: NodePath) -> dict[str, dict[str, Any]]:
    """A round's assignments as each player's own (``assign``): the older ``damage`` (both at
    once) turned into them first, and left out."""
    script = get(form, path[:-1])
    script = script if isinstance(script, dict) else {}
    given = stated_assignments(form, script)
    script.pop("damage", None)
    return {player: dict(units) for player, units in given.items()}


def stated_assignments(form: Form, script: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """What a round states each player assigns: its ``assign``, or its older ``damage`` split
    by whose units they are (a unit is assigned damage by the player who does not control
    it)."""
    if isinstance(script.get("assign"), dict):
        return {str(p): dict(u) for p, u in script["assign"].items() if isinstance(u, dict)}
    damage = script.get("damage")
    if not isinstance(damage, dict):
        return {}
    controllers = unit_controllers(form)
    players = [str(p.get("id")) for p in form.get("players", []) if isinstance(p, dict)]
    attacker = str((form.get("combat") or {}).get("attacker", ""))
    found: dict[str, dict[str, Any]] = {}
    for unit, amount in damage.items():
        owner = controllers.get(str(unit))
        by = attacker if owner != attacker else next((p for p in players if p != attacker), "")
        found.setdefault(by, {})[str(unit)] = amount
    return found


def unit_controllers(form: Form) -> dict[str, str]:
    """Whose each unit is: a unit of the board its controller's (or owner's), a unit an
    effect plays the player of that effect (an ability's unit's controller, a play's player)."""
    found: dict[str, str] = {}
    for unit in form.get("units", []):
        if not isinstance(unit, dict):
            continue
        player = str(unit.get("controller") or unit.get("owner"))
        found.setdefault(str(unit.get("id")), player)
        for ability in unit.get("abilities", []) or []:
            for effect in (
                [ability, *(ability.get("effects") or [])] if isinstance(ability, dict) else []
            ):
                played = effect.get("play_unit") if isinstance(effect, dict) else None
                if isinstance(played, dict):
                    found.setdefault(str(played.get("id")), player)
    for script in (form.get("combat") or {}).get("rounds") or []:
        for play in script.get("showdown", []) if isinstance(script, dict) else []:
            played = play.get("play_unit") if isinstance(play, dict) else None
            if isinstance(played, dict):
                found.setdefault(str(played.get("id")), str(play.get("player")))
    return found
