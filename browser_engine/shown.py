"""How each field of the scenario format shows in the editor: what the format's table
(``engine.format``) cannot say. One line a field.

The form is a walk over the table (``browser_engine.view``): a reference becomes a choice
among the ids of its kind, a whole number a number field, a flag a checkbox, a choice a list
of its words, a list its items with their add and remove buttons. A line here says only the
field's label (a word of ``browser_engine.words``), where it shows (``WHERE``), whether it is
folded under "More fields" until set, the word for leaving it out, and, for the few fields
with a control of their own, which (``widget``).

A field's key is its path in the table, where a named definition starts its own: ``units[].
might``, ``ability.when`` (an ability wherever it is written), ``round.assign``, and
``effect.to`` (a field of any kind of effect). A test holds every field of the board to a
line here; a field the form should not show has one with no label.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Where(Enum):
    """In which editor a field shows: "Ask the engine" (``page``: every field) or "Try a
    variation" (``variation``: a worked example's numbers, places, plays and keywords)."""

    BOTH = "both"
    PAGE = "page"  # a variation keeps the example's ids, names and owners
    PAGE_OR_SET = "page-or-set"  # in a variation, only where the example sets it
    NOWHERE = "nowhere"  # not a field of the board (the file's id, its texts, expectations)


@dataclass(frozen=True)
class Show:
    """How one field shows. ``label``: its word; ``item``: a list's word for each item
    ("Unit {n}"); ``add``: a list's add button (on "Ask the engine"); ``unset``: the choice
    that leaves the field out ("its owner"); ``default``: what an absent field holds, shown
    (setting it back to that leaves the field out); ``words``: a choice's words, one each,
    under this prefix (``when.`` → ``when.dies``); ``widget``: a control of its own."""

    label: str = ""
    where: Where = Where.BOTH
    fold: bool = False
    unset: str = ""
    default: object = None
    item: str = ""
    add: str = ""
    words: str = ""
    widget: str = ""


HIDDEN = Show(where=Where.NOWHERE)

FIELDS: dict[str, Show] = {
    "id": HIDDEN,
    "title": HIDDEN,
    "caption": HIDDEN,
    "expected": HIDDEN,
    "players": Show("form.players", item="form.player", add="form.add-player"),
    "players[].id": Show("form.id", Where.PAGE, fold=True),
    "players[].name": Show(where=Where.PAGE, widget="names"),
    "players[].score": Show("form.score", default=0),
    "battlefield": Show("form.battlefield"),
    "battlefield.name": Show(where=Where.PAGE, widget="names"),
    "battlefield.controller": Show("form.controller"),
    "battlefield.scored_this_turn": Show("form.scored"),
    "units": Show("form.units", item="form.unit", add="form.add-unit"),
    "units[].id": Show("form.id", Where.PAGE, fold=True),
    "units[].name": Show(where=Where.PAGE, widget="names"),
    "units[].owner": Show("form.owner", Where.PAGE),
    "units[].controller": Show(
        "form.unit-controller", Where.PAGE, fold=True, unset="form.its-owner"
    ),
    "units[].might": Show("form.might"),
    "units[].at": Show("form.at", words="zone."),
    "units[].damage": Show("form.damage", default=0),
    "units[].cant_move": Show("form.cant_move", Where.PAGE_OR_SET, fold=True),
    "units[].assault": Show("form.assault", fold=True, default=0),
    "units[].shield": Show("form.shield", fold=True, default=0),
    "units[].tank": Show("form.tank", fold=True),
    "units[].stunned": Show("form.stunned", fold=True),
    "units[].cant_be_dealt_damage": Show("form.cant_be_dealt_damage", fold=True),
    "units[].if_it_would_die": Show(
        "form.if_it_would_die", Where.PAGE_OR_SET, fold=True, widget="replacement"
    ),
    "units[].abilities": Show(
        "form.abilities", Where.PAGE_OR_SET, item="form.ability", add="form.add-ability"
    ),
    "ability.when": Show("form.when", words="when."),
    "ability.id": Show("form.ability-id", Where.PAGE, fold=True),
    "ability.effects": Show("form.effects", item="form.effect-n", add="form.add-effect"),
    "effect.to": Show("field.to"),
    "effect.amount": Show("field.amount"),
    "effect.id": Show("field.id"),
    "effect.name": Show("field.name", widget="names"),
    "effect.might": Show("field.might"),
    "effect.at": Show("field.at", words="zone."),
    "combat": Show("form.combat"),
    "combat.attacker": Show("form.attacker"),
    "combat.move": Show("form.move", widget="movers"),
    "combat.first_on_chain": Show(
        "form.first-on-chain", Where.PAGE, fold=True, unset="form.first-by-default"
    ),
    "combat.rounds": Show("form.rounds", item="form.round", add="form.add-round"),
    "combat.trigger_order": Show("form.trigger-order", Where.NOWHERE),
    "round.showdown": Show(
        "form.showdown", Where.PAGE_OR_SET, item="form.play", add="form.add-play"
    ),
    "round.assign": Show("form.assigned", widget="assign"),
    "round.damage": Show("form.assigned", Where.NOWHERE),  # shown as assign (both at once)
    "play.player": Show("form.player-field"),
}
