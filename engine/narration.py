"""Narration: a step as sentences in the reader's language, from its entry in ``engine.steps``,
and an outcome (``engine.summary``) as the sentence that ends a combat.

A step's parameters are typed records; each field's annotation says what it
names (a player, a unit, units, a place), so one function turns any step
into the words its text fills. Records inside a step (a hit, a replaced
death) say their own phrase.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, get_type_hints

from engine.model import Board, Zone
from engine.steps import Ref
from engine.summary import Summary
from engine.trace import Step
from vocabulary import Message, join, localized, message, plural_message, sequence

NOBODY = message("name:nobody", "nobody")
# An ability, named as an ability: its unit's, and its number among the unit's abilities
# where the unit has several going on the chain together.
ABILITY = message("name:ability", "{unit}'s ability")
NUMBERED_ABILITY = message("name:numbered-ability", "{unit}'s ability {n}")
PLAYED_AT = {
    Zone.BASE: message("played-at:base", "at their base"),
    Zone.BATTLEFIELD: message("played-at:battlefield", "at the battlefield"),
}
# Where a replacement effect may send a dying unit (the scenario schema's if_it_would_die).
SENT_TO = {
    Zone.HAND: message("sent-to:hand", "into its owner's hand"),
    Zone.BANISHMENT: message("sent-to:banishment", "into banishment"),
}
# Records said inside a step's sentence are separated by this (typeset per language).
SEPARATOR = "; "


class Names:
    """Localised names of the units, players and battlefield of one run."""

    def __init__(self, board: Board) -> None:
        self.board = board

    def unit(self, unit_id: str, lang: str) -> str:
        unit = self.board.units.get(unit_id)
        return localized(unit.name, lang) if unit else unit_id

    def units(self, unit_ids: tuple[str, ...] | list[str], lang: str) -> str:
        """The units' names as a list, each once (a unit may be the source of two abilities)."""
        return join(list(dict.fromkeys(self.unit(u, lang) for u in unit_ids)), lang)

    def ability(self, source: tuple[str, int], lang: str) -> str:
        """An ability of its unit ("Bomb's ability"), with its number among the unit's
        abilities where the unit had others going on the chain with it ("Bomb's ability 2",
        ``steps.AbilitySources``)."""
        unit, n = source
        return (NUMBERED_ABILITY if n else ABILITY)(lang, unit=self.unit(unit, lang), n=n)

    def abilities(self, sources: tuple[tuple[str, int], ...], lang: str) -> str:
        """Abilities in an order, one after the other ("Bomb's ability 2, then Herald's
        ability")."""
        return sequence([self.ability(source, lang) for source in sources], lang)

    def player(self, player_id: str | None, lang: str) -> str:
        if player_id is None:
            return NOBODY(lang)
        player = self.board.players.get(player_id)
        return localized(player.name, lang) if player else player_id

    def battlefield(self, lang: str) -> str:
        return localized(self.board.battlefield, lang)


_REFS: dict[type, dict[str, Ref | None]] = {}


def field_refs(params: type) -> dict[str, Ref | None]:
    """For each field of a parameters class, what it names (None: a number or records)."""
    if params in _REFS:
        return _REFS[params]
    hints = get_type_hints(params, include_extras=True)
    refs: dict[str, Ref | None] = {}
    for f in fields(params):
        extras = getattr(hints[f.name], "__metadata__", ())
        refs[f.name] = next((e for e in extras if isinstance(e, Ref)), None)
    _REFS[params] = refs
    return refs


def words(params: Any, lang: str, names: Names) -> dict[str, object]:
    """Every field of ``params`` as the words a text puts in its ``{placeholder}`` (a number
    stays a number: the message writes it as the language does)."""
    said: dict[str, object] = {"battlefield": names.battlefield(lang)}
    for name, ref in field_refs(type(params)).items():
        value = getattr(params, name)
        if ref is Ref.PLAYER:
            said[name] = names.player(value, lang)
        elif ref is Ref.UNIT:
            said[name] = names.unit(value, lang)
        elif ref is Ref.UNITS:
            said[name] = names.units(value, lang)
        elif ref is Ref.ABILITY:
            said[name] = names.ability(value, lang)
        elif ref is Ref.ABILITIES:
            said[name] = names.abilities(value, lang)
        elif ref is Ref.PLAYED_AT:
            # Where a unit is played (a kill, a Recall or a return to hand says its own place).
            said[name] = PLAYED_AT[value](lang) if value in PLAYED_AT else ""
        elif ref is Ref.SENT_TO:
            said[name] = SENT_TO[value](lang)
        elif isinstance(value, tuple) and value and getattr(value[0], "listed", False):
            said[name] = join([phrase(record, lang, names) for record in value], lang)
        elif isinstance(value, tuple):
            said[name] = SEPARATOR.join(phrase(record, lang, names) for record in value)
        else:
            said[name] = value
    return said


def phrase(record: Any, lang: str, names: Names) -> str:
    """A record's own phrase (a hit, a replaced death), its plural counted on ``record.count``."""
    template: Message = record.phrase
    return template(lang, getattr(record, "count", None), **words(record, lang, names))


def count_of(params: Any, field: str | None) -> int | None:
    if field is None:
        return None
    value = getattr(params, field)
    return len(value) if isinstance(value, tuple) else value if isinstance(value, int) else None


def narrate(step: Step, lang: str, names: Names) -> str:
    """The step as one or more sentences in ``lang``."""
    kind, params = step.kind, step.params
    said = words(params, lang, names)
    # A sentence may start with a name that runs in a sentence ("la compétence de…").
    first = kind.text(lang, count_of(params, kind.count), **said)
    sentences = [first[:1].upper() + first[1:]]
    for clause in kind.clauses:
        value = getattr(params, clause.field)
        if not value:
            continue
        text = clause.text
        if clause.same_as is not None and value == getattr(params, clause.same_as[0]):
            text = clause.same_as[1]
        if text is None:
            sentences += [phrase(record, lang, names) for record in value]
        else:
            sentences.append(text(lang, count_of(params, clause.field), **said))
    return " ".join(sentences)


# The outcome of a combat, in the sentence that ends it.
OUTCOME = message("example:outcome", "Outcome.")
WINS = message("outcome:wins", "{winner} wins the combat; {loser} loses.")
NO_RESULT = message("outcome:no-result", "No Result.")
NO_COMBAT = message("outcome:no-combat", "No combat: the showdown ended without one.")
RESTAGED = message("outcome:restaged", "Another showdown and combat was staged.")
CONTROL = message("outcome:control", "Control: {before} → {after}.")
CONQUER = plural_message(
    "outcome:conquer",
    "Conquer: {player} scores {count} point.",
    "Conquer: {player} scores {count} points.",
)
NO_CONQUER = message("outcome:no-conquer", "No Conquer.")
KILLED = plural_message("outcome:killed", "Killed: {units}.", "Killed: {units}.")
RECALLED = plural_message("outcome:recalled", "Recalled: {units}.", "Recalled: {units}.")


def result_sentence(summary: Summary, lang: str, names: Names) -> str:
    """The combat's result in one sentence: who won and lost, No Result, or no combat at all."""
    result = summary.result
    if not summary.fought:
        return NO_COMBAT(lang)
    if not result.winner:
        return NO_RESULT(lang)
    return WINS(
        lang, winner=names.player(result.winner, lang), loser=names.player(result.loser, lang)
    )


def outcome_sentence(summary: Summary, lang: str, names: Names, why: str = "") -> str:
    """What a combat gave, in a few sentences: the result (for No Result, ``why``, if given,
    follows it), another combat staged, control, the Conquer, the units killed and recalled."""
    result = summary.result
    lines = [result_sentence(summary, lang, names)]
    if why and not result.winner:
        lines.append(why)
    if summary.restaged:
        lines.append(RESTAGED(lang))
    before, after = names.player(summary.control_before, lang), names.player(summary.control, lang)
    lines.append(CONTROL(lang, before=before, after=after))
    conquer = summary.conquer
    lines.append(
        CONQUER(lang, conquer.points, player=names.player(conquer.player, lang))
        if conquer
        else NO_CONQUER(lang)
    )
    for said, units in ((KILLED, summary.killed), (RECALLED, summary.recalled)):
        if units:
            lines.append(said(lang, len(units), units=names.units(units, lang)))
    return " ".join(lines)
