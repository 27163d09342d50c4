"""The few fields of the editor's form with controls of their own (``browser_engine.shown``
names them): a name in every language, what a replacement effect does instead of a death,
and each player's combat damage assignment, beside the side's combat Might as the engine
finds it at that damage step.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from browser_engine import shown
from browser_engine.edits import get, name_in, number_of, own_assignments, put, stated_assignments
from browser_engine.elements import Element, Form, Group, Note, Setter
from browser_engine.form import RENAMED, scenario_text
from browser_engine.shown import Show
from diagnostics import NodePath, ProblemsFound
from engine.combat import run_combat
from engine.fields import Kind, Node
from engine.loader import scenario_from_data
from engine.model import Zone
from vocabulary import SOURCE_LANGUAGE, Finished, language_name, languages, nested


class Builder(Protocol):
    """What a widget uses of the walk that asks it (``browser_engine.view.Builder``)."""

    form: Form
    lang: str
    cache: dict[str, Any]  # what the widgets asked the engine, once a view

    def w(self, key: str, **values: object) -> str: ...

    def ids(self, kind: Kind) -> list[str]: ...

    def named(self, kind: Kind, value: str) -> str: ...

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
    ) -> Element: ...


# Where a replacement effect may send a unit that would die, as the unit's choice says it.
INSTEAD = {"hand": "form.instead-hand", "banishment": "form.instead-banishment"}


@dataclass(frozen=True)
class DamageStep:
    """One player's side at a damage step of the board as the engine plays it (its own
    assignments left to it): its combat Might, and the enemy units it may assign damage to
    with what the engine would give each."""

    might: int
    targets: tuple[tuple[str, int], ...]


def damage_steps(form: Form) -> dict[tuple[int, str], DamageStep]:
    """For each round (0, 1…) and player, what the engine finds at that round's damage step,
    the board played with every assignment its own (none if the board does not play)."""
    board = copy.deepcopy(form)
    for script in (board.get("combat") or {}).get("rounds") or []:
        if isinstance(script, dict):
            script.pop("assign", None)
            script.pop("damage", None)
    written = scenario_text(board, {"result": "none"})
    try:
        scenario = scenario_from_data(written.data, written.nodes, "board.yml")
        outcome = run_combat(scenario, boards=False)
    except ProblemsFound:  # a board half typed: no totals until it plays
        return {}
    might = {step: params.might for step, _, _, params in outcome.trace if "-assign-" in step}
    return {
        (int(a.step.split("-")[0][1:]) - 1, a.player): DamageStep(might[a.step], a.amounts)
        for a in outcome.assignments
    }


def names(b: Builder, node: Node, path: NodePath, show: Show, value: Any) -> list[Element]:
    """A name in every language of the site; the page's own language first, the others
    folded (optional) until the reader asks, or until the reader renamed it in one
    language: the others are then shown, each saying it still has its old name."""
    base = b.w(show.label) if show.label else ""
    holder = get(b.form, path[:-1])
    renamed = holder.get(RENAMED) if isinstance(holder, dict) else None
    every = {SOURCE_LANGUAGE: value} if isinstance(value, str) else dict(value or {})
    ordered = [b.lang, *(lang for lang in languages() if lang != b.lang)]
    fields: list[Element] = []
    for lang in ordered:
        language = language_name(lang, b.lang)
        label = f"{base} ({language})" if base else b.w("form.name-in", language=language)

        def apply(form: Form, typed: Any, lang: str = lang) -> None:
            current = get(form, path)
            names = {SOURCE_LANGUAGE: current} if isinstance(current, str) else dict(current or {})
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
        twin = same_name(b.form, path, lang)
        fields.append(
            b.field(
                (*path, lang),
                label,
                value=every.get(lang, ""),
                optional=lang != b.lang and not stale and twin is None,
                set=apply,
            )
        )
        key = ".".join(map(str, (*path, lang)))
        if stale:  # the reader's own text, quoted as typed (no typography)
            old = Finished(nested(every[lang], b.lang))
            said = b.w("form.name-unchanged", language=language, name=old)
            fields.append(Note(key + ".unchanged", said, (*path, lang)))
        if twin is not None:
            (word, n), typed = twin
            said = b.w(
                "form.same-name",
                item=b.w(word, n=n),
                language=language,
                name=Finished(nested(typed, b.lang)),
            )
            fields.append(Note(key + ".same", said, (*path, lang), warning=True))
    return fields


def same_name(form: Form, path: NodePath, lang: str) -> tuple[tuple[str, int], str] | None:
    """The first other item of the same list (a player, a unit) that the board names alike in
    ``lang`` (as its steps and outcome name it: ``item``'s word and number), and that name;
    None if its name there is its own."""
    if len(path) != 3 or not isinstance(path[1], int):
        return None
    listed, show = get(form, path[:1]), shown.FIELDS.get(str(path[0]))
    if not isinstance(listed, list) or show is None or not show.item:
        return None
    value = get(form, path)
    mine = name_in(value, lang)
    if not mine:
        return None
    for n, other in enumerate(listed):
        if n != path[1] and isinstance(other, dict) and name_in(other.get(path[2]), lang) == mine:
            return (show.item, n + 1), as_typed(value, lang)
    return None


def as_typed(name: Any, lang: str) -> str:
    """A name in ``lang`` as the reader typed it (the source language's where ``lang`` has
    none), before the site's typography."""
    if isinstance(name, dict):
        return str(name.get(lang) or name.get(SOURCE_LANGUAGE) or next(iter(name.values()), ""))
    return str(name)


def replacement(b: Builder, node: Node, path: NodePath, show: Show, value: Any) -> list[Element]:
    """ "If it would die": it dies, or a replacement effect sends it to its owner's hand or
    into banishment; then whether, as its card says, its death ability still triggers."""
    sent = value.get("to") if isinstance(value, dict) else value
    keeps = isinstance(value, dict) and value.get("removes_death_trigger") is False

    def where(form: Form, typed: Any) -> None:
        put(
            form,
            path,
            ({"to": typed, "removes_death_trigger": False} if keeps else typed) or None,
        )

    def keep(form: Form, checked: Any) -> None:
        current = get(form, path)
        to = current.get("to") if isinstance(current, dict) else current
        if to:
            put(
                form,
                path,
                {"to": to, "removes_death_trigger": False} if checked is True else to,
            )

    choices = [("", b.w("form.dies"))] + [
        (zone, b.w(f"form.instead-{zone}")) for zone in (Zone.HAND.value, Zone.BANISHMENT.value)
    ]
    out: list[Element] = [
        b.field(
            path,
            b.w(show.label),
            "select",
            sent or "",
            choices=choices,
            optional=not sent,
            set=where,
        )
    ]
    if sent:
        out.append(
            b.field(
                (*path, "removes_death_trigger"),
                b.w("form.keeps-trigger"),
                "checkbox",
                keeps,
                set=keep,
            )
        )
    return out


def assign(b: Builder, node: Node, path: NodePath, show: Show, value: Any) -> list[Element]:
    """Each player's combat damage assignment in a round: the engine's choice, or what the
    reader states for each enemy unit; each side's combat Might beside it, as the engine
    finds it at that damage step (``damage_steps``)."""
    r = int(path[-2])
    script = get(b.form, path[:-1])
    script = script if isinstance(script, dict) else {}
    found = steps(b)
    attacker = str((b.form.get("combat") or {}).get("attacker", ""))
    everyone = b.ids(Kind.PLAYER)
    fighting = [p for p in everyone if (r, p) in found] or [
        p for p in everyone if p == attacker or present(b, p)
    ]
    stated = stated_assignments(b.form, script)
    older = "damage" in script and "assign" not in script
    groups: list[Element] = []
    for player in sorted(fighting, key=lambda p: p != attacker):
        step = found.get((r, player))
        given = stated.get(player)
        here: NodePath = (*path, player)
        children: list[Element] = [
            b.field(
                (*here, "engine"),
                b.w("form.assign-engine"),
                "checkbox",
                given is None,
                key=".".join(map(str, here)) + ".engine",
                set=engine_chooses(b, path, player, step),
            )
        ]
        if given is not None:
            targets = [u for u, _ in step.targets] if step else enemies(b, player)
            for unit in dict.fromkeys([*targets, *given]):
                at = (*path[:-1], "damage", unit) if older else (*here, unit)
                children.append(
                    b.field(
                        at,
                        b.w("form.assigned-to", unit=b.named(Kind.UNIT, unit)),
                        "number",
                        given.get(unit, 0),
                        key=".".join(map(str, (*here, unit))),
                        set=assigned(b, path, player, unit),
                    )
                )
            total = sum(v for v in given.values() if isinstance(v, int))
            values = {"player": b.named(Kind.PLAYER, player), "assigned": total}
            said = (
                b.w("form.assigns-of", total=step.might, **values)
                if step and r == 0
                else b.w("form.assigns", **values)
            )
            children.append(Note(".".join(map(str, here)) + ".total", said, here))
        label = b.w("form.assignment-of", player=b.named(Kind.PLAYER, player))
        groups.append(Group(".".join(map(str, here)), label, here, children))
    # In the older form a problem of the round's damage lands on this group.
    where = (*path[:-1], "damage") if older else path
    return [Group(".".join(map(str, path)), b.w(show.label), where, groups)]


def engine_chooses(b: Builder, path: NodePath, player: str, step: DamageStep | None) -> Setter:
    """The engine's choice (ticked), or the reader's: starting from what the engine
    would give each enemy unit."""

    def apply(form: Form, checked: Any) -> None:
        given = own_assignments(form, path)
        if checked is True:
            given.pop(player, None)
        else:
            given[player] = dict(step.targets) if step else {}
        put(form, path, given or None)

    return apply


def assigned(b: Builder, path: NodePath, player: str, unit: str) -> Setter:
    def apply(form: Form, typed: Any) -> None:
        given = own_assignments(form, path)
        value = number_of(typed)
        mine = given.setdefault(player, {})
        if value == "":
            mine.pop(unit, None)
        else:
            mine[unit] = value
        put(form, path, given)

    return apply


def steps(b: Builder) -> dict[tuple[int, str], DamageStep]:
    """What the engine finds at each damage step (asked once a view)."""
    if "steps" not in b.cache:
        b.cache["steps"] = damage_steps(b.form)
    found: dict[tuple[int, str], DamageStep] = b.cache["steps"]
    return found


def present(b: Builder, player: str) -> bool:
    """Whether ``player`` has a unit in the first combat (at the battlefield, or moving)."""
    return any(str(u.get("controller") or u.get("owner")) == player for u in fighting(b))


def enemies(b: Builder, player: str) -> list[str]:
    return [
        str(u.get("id"))
        for u in fighting(b)
        if str(u.get("controller") or u.get("owner")) != player
    ]


def fighting(b: Builder) -> list[dict[str, Any]]:
    """The units in the first combat as the form has them: at the battlefield, or moving."""
    moving = set((b.form.get("combat") or {}).get("move") or [])
    return [
        u
        for u in b.form.get("units", [])
        if isinstance(u, dict) and (u.get("at") == Zone.BATTLEFIELD.value or u.get("id") in moving)
    ]


WIDGETS: dict[str, Callable[[Builder, Node, NodePath, Show, Any], list[Element]]] = {
    "names": names,
    "replacement": replacement,
    "assign": assign,
}
