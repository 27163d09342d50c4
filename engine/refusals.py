"""Every reason the engine refuses a scenario, as a message of the catalogs.

A refusal is a ``diagnostics.Problem`` that carries its field (``at``) and what it says
(``said``: one of the messages below, with typed parameters), so the command line prints
it as ``file:line: field: message`` in any language (``--lang``) and the in-browser
editor shows it beside the field it concerns, in the page's language, naming fields as the
form names them. Nothing reads a message back to find its field.

>>> problem = refuse("bad.yml", 7, NOT_WHOLE, ("units", 2, "might"), value="4.5")
>>> str(problem)
"bad.yml:7: units.2.might: must be a whole number (got '4.5')"
>>> say(problem.said, "fr")
'doit être un nombre entier (ici\\xa0: «\\xa04.5\\xa0»)'
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from diagnostics import Named, NodePath, Param, Place, Problem, Said, Term
from engine.fields import Kind
from vocabulary import PLAIN, Message, Voice, message, plural_message, say

# -- reading the file ----------------------------------------------------------------------
EMPTY = message("problem:empty", "empty scenario file")
BOM = message(
    "problem:bom", "starts with a byte-order mark (BOM): save the file as UTF-8 without BOM"
)
TOO_LARGE = plural_message(
    "problem:too-large",
    "too large: {count} character, over the limit of {limit}",
    "too large: {count} characters, over the limit of {limit}",
)
TOO_DEEP = plural_message(
    "problem:too-deep",
    "nested too deeply (over {count} level)",
    "nested too deeply (over {count} levels)",
)
TOO_MANY_VALUES = message(
    "problem:too-many-values", "too many values (over {limit}, YAML aliases expanded)"
)
YAML_SYNTAX = message("problem:yaml-syntax", "YAML syntax error: {reason}")
YAML_SYNTAX_ELSEWHERE = message(
    "problem:yaml-syntax-elsewhere", "YAML syntax error: {reason} (noticed on line {noticed})"
)
NOT_ALLOWED_CHARACTER = message(
    "problem:not-allowed-character", "contains the character U+{code}, which YAML does not allow"
)
NUL = message("problem:nul", "contains a NUL character, which YAML does not allow")
NUMBER_TOO_LONG = plural_message(
    "problem:number-too-long",
    "number too long ({count} character; the limit is {limit})",
    "number too long ({count} characters; the limit is {limit})",
)
NOT_A_NUMBER = message("problem:not-a-number", "'{value}' is not a number")
NOT_A_DATE = message("problem:not-a-date", "'{value}' is not a date")
UNREADABLE_VALUE = message("problem:unreadable-value", "YAML: '{value}' cannot be read")
UNKNOWN_TAG = message("problem:unknown-tag", "YAML: the tag '{tag}' is not one a scenario may use")
DUPLICATE_KEY = message("problem:duplicate-key", "duplicate key '{key}'")
KEY_NOT_A_NAME = message("problem:key-not-a-name", "a key is a name, not {kind}")
PAST_EXACT = message(
    "problem:past-exact",
    "{value} is beyond {limit}, the largest whole number a browser holds exactly",
)
MERGE_KEY = message(
    "problem:merge-key",
    "'<<' (a YAML merge key) is not read here: write the keys out where they belong",
)
YAML_11_NUMBER = message(
    "problem:yaml-11-number",
    "'{value}' reads as {read} in YAML 1.1 ({why}): write the number in plain digits",
)
WHY_SEXAGESIMAL = message("problem:why-sexagesimal", "a number in base 60")
WHY_OCTAL = message("problem:why-octal", "a leading 0 makes it octal")
WHY_OTHER_BASE = message("problem:why-other-base", "a number written in another base")
WHY_SEPARATED = message("problem:why-separated", "underscores are dropped")

# -- the schema ----------------------------------------------------------------------------
UNKNOWN_KEY = message("problem:unknown-key", "unknown key{suggestion}")
REQUIRED_KEY = message("problem:required-key", "'{key}' is a required key")
EXACTLY_ONE = message("problem:exactly-one", "give exactly one of {keys}")
NEGATIVE = message("problem:negative", "must not be negative (got '{value}')")
NOT_WHOLE = message("problem:not-whole", "must be a whole number (got '{value}')")
NOT_ONE_OF = message("problem:not-one-of", "'{value}' is not one of {choices}{suggestion}")
NOT_ONE_OF_MANY = plural_message(
    "problem:not-one-of-many",
    "'{value}' is not the one name the schema lists here{suggestion}",
    "'{value}' is not one of the {count} names the schema lists here{suggestion}",
)
NOT_THE_WORD = message("problem:not-the-word", "'{value}' is not {word}{suggestion}")
NOT_A_LANGUAGE_CODE = message("problem:not-a-language-code", "'{value}' is not a language code")
NOT_AN_ID = message(
    "problem:not-an-id",
    "'{value}' is not an id: an id is lower-case letters, digits and dashes, starting with a "
    "letter or a digit",
)
SAME_ITEM_TWICE = message("problem:same-item-twice", "names the same item twice")
TOO_LONG = plural_message(
    "problem:too-long", "too long (over {count} character)", "too long (over {count} characters)"
)
EMPTY_TEXT = message("problem:empty-text", "must not be empty")
TOO_FEW = plural_message(
    "problem:too-few", "needs at least {count} item", "needs at least {count} items"
)
TOO_MANY = plural_message(
    "problem:too-many", "must hold at most {count} item", "must hold at most {count} items"
)
NOTHING_TO_CHECK = message("problem:nothing-to-check", "names nothing to check")
MUST_BE = message("problem:must-be", "must be {kind}")
MUST_BE_EITHER = message("problem:must-be-either", "must be {first} or {second}")
NOT_VALID = message("problem:not-valid", "not valid here")
DID_YOU_MEAN = message("problem:did-you-mean", " (did you mean '{name}'?)")
# What a value must be, as ``MUST_BE`` says it.
KINDS = {
    "string": message("kind:string", "a string"),
    "integer": message("kind:integer", "a whole number"),
    "number": message("kind:number", "a number"),
    "boolean": message("kind:boolean", "true or false"),
    "object": message("kind:object", "a mapping of keys to values"),
    "array": message("kind:array", "a list"),
    "null": message("kind:null", "empty"),
}

# -- what the board names ----------------------------------------------------------------
UNKNOWN = {
    Kind.PLAYER: message("problem:unknown-player", "unknown player '{value}'{suggestion}"),
    Kind.UNIT: message("problem:unknown-unit", "unknown unit '{value}'{suggestion}"),
    Kind.ABILITY: message(
        "problem:unknown-ability",
        "unknown ability '{value}'{suggestion} (an ability is named by its id, or its unit's id)",
    ),
}
UNKNOWN_PLAYER_OR_UNIT = message(
    "problem:unknown-player-or-unit", "'{value}' is neither a player nor a unit{suggestion}"
)
UNKNOWN_LANGUAGE = message(
    "problem:unknown-language", "unknown language (this site has {languages}){suggestion}"
)
DUPLICATE_PLAYER = message("problem:duplicate-player", "a second player with the id '{value}'")
UNIT_TWICE = message(
    "problem:unit-twice",
    "a second unit with the id '{value}' (the first: {first}): a unit is in one place",
)
DAMAGE_OFF_BOARD = message(
    "problem:damage-off-board", "damage on a unit {zone}: only units in play have damage"
)
ALREADY_LETHAL = message("problem:already-lethal", "{unit} already has lethal damage before combat")
UNIT_TAKEN = message("problem:unit-taken", "'{value}' is already a unit on the board")
MOVER_NOT_AT_BASE = message("problem:mover-not-at-base", "{unit} is {zone}, not at its base")
MOVER_NOT_ATTACKERS = message("problem:mover-not-attackers", "{unit} is not the Attacker's unit")
MOVER_CANT_MOVE = message("problem:mover-cant-move", "{unit} can't move")
ATTACKER_PRESENT = message(
    "problem:attacker-present", "the Attacker already has units at the battlefield"
)
TWO_DEFENDERS = message(
    "problem:two-defenders", "units of more than one defender at the battlefield"
)
ABILITY_ID_TAKEN = message(
    "problem:ability-id-taken",
    "the id '{value}' already names another ability that can wait with this one: give each "
    "its own id (trigger orders and chain checks name abilities)",
)
ABILITY_UNIT_NAME_TAKEN = message(
    "problem:ability-unit-name-taken",
    "this ability has no id, so its unit's id '{value}' names it, and it already names another "
    "ability that can wait with it: give each its own id (trigger orders and chain checks name "
    "abilities)",
)
NO_DEATH_ABILITY = message(
    "problem:no-death-ability", "{unit} has no death ability (when: dies) to keep"
)
ORDER_MIXES_PLAYERS = message(
    "problem:order-mixes-players",
    "an order names one player's abilities only ('{first}' is {first_player}'s, '{second}' is "
    "{second_player}'s)",
)
ALWAYS_EXISTS = message(
    "problem:always-exists",
    "{unit} is on the board from the start, so it always exists (expect its zone under units "
    "instead)",
)
PLAYER_AND_UNIT = message("problem:player-and-unit", "'{value}' is both a player and a unit")
NOTHING_EXPECTED = message("problem:nothing-expected", "nothing to check (add at least result)")
# A problem of a field, after the field: "units.2.might: must not be negative (got -1)".
PLACED = message("problem:placed", "{place}: {problem}")

# -- what only the run finds ---------------------------------------------------------------
GONE_WHEN_PLAYED = message(
    "problem:gone-when-played", "{unit} is no longer on the board when this is played"
)
NOBODY_WHEN_PLAYED = message(
    "problem:nobody-when-played", "no unit is at the battlefield when this is played"
)
NOT_IN_COMBAT = message("problem:not-in-combat", "{unit} is not in this combat")
# A player's combat damage assignment that is not legal (``engine.assignment.Reason``).
ASSIGN_TOTAL = plural_message(
    "problem:assign-total",
    "{player} assigns {count} combat damage, but {player}'s units have {might} combat Might: a "
    "player assigns all of it, no more and no less",
    "{player} assigns {count} combat damage, but {player}'s units have {might} combat Might: a "
    "player assigns all of it, no more and no less",
)
ASSIGN_OWN_UNIT = message(
    "problem:assign-own-unit",
    "{unit} is one of {player}'s own units: a player assigns damage to enemy units only",
)
ASSIGN_LETHAL_FIRST = message(
    "problem:assign-lethal-first",
    "{player} assigns damage to {unit} while {other} has not been assigned lethal damage "
    "({lethal}): a unit is assigned lethal damage before any goes to the next",
)
ASSIGN_OVER = message(
    "problem:assign-over",
    "{player} assigns {assigned} to {unit}, more than lethal damage ({lethal}), while {other} "
    "has not been assigned lethal damage: no unit is assigned more than lethal while another "
    "lacks it",
)
ASSIGN_SPLIT_EXCESS = message(
    "problem:assign-split-excess",
    "{player} assigns more than lethal damage to both {other} and {unit}: once every unit has "
    "lethal damage, what is left goes to one unit, the last assigned",
)
ASSIGN_TANK = message(
    "problem:assign-tank",
    "{player} assigns damage to {unit}, which does not have Tank, while {other} (Tank) has "
    "not been assigned lethal damage ({lethal}): units with Tank are assigned lethal damage "
    "first",
)
ASSIGN_TANK_EXCESS = message(
    "problem:assign-tank-excess",
    "{player} assigns {assigned} to {unit}, which has Tank, more than its lethal damage "
    "({lethal}), while {other}, which does not have Tank, is there: what is left once every unit "
    "has lethal damage goes to a unit without Tank",
)
AT_MOST_ONE = message("problem:at-most-one", "give '{first}' or '{second}', not both")
NOT_CONTESTED = message(
    "problem:not-contested",
    "the Attacker already controls this battlefield and no enemy unit is there: moving in "
    "contests nothing",
)
CHAIN_NEVER_ENDS = message(
    "problem:chain-never-ends", "the chain does not end: abilities keep triggering each other"
)
ORDER_UNUSED = message(
    "problem:order-unused",
    "[{abilities}] is never used: an order applies to the next group of exactly these "
    "abilities that one player puts on the chain together, and no such group was left",
)
ORDER_UNUSED_LEFT = message(
    "problem:order-unused-left",
    "[{abilities}] is never used: an order applies to the next group of exactly these "
    "abilities that one player puts on the chain together, and no such group was left (groups "
    "with no order stated: {groups})",
)
TOO_MANY_WAITING = plural_message(
    "problem:too-many-waiting",
    "{count} ability of {player} waits at {step}, more than the {limit} whose every order can be "
    "verified: state their order in combat.trigger_order and drop every_trigger_order",
    "{count} abilities of {player} wait together at {step}, more than the {limit} whose every "
    "order can be verified: state their order in combat.trigger_order and drop "
    "every_trigger_order",
)
TOO_MANY_ASSIGNMENTS = plural_message(
    "problem:too-many-assignments",
    "{player} has more than {count} legal assignment of combat damage at {step}: exploring "
    "every assignment is limited to that; state the assignment in the round's assign",
    "{player} has more than {count} legal assignments of combat damage at {step}: exploring "
    "every assignment is limited to that; state the assignment in the round's assign",
)
TOO_MANY_CHOICES = plural_message(
    "problem:too-many-choices",
    "more than {count} possible run (trigger orders and assignments together): exploring "
    "every choice is limited to that; state some of them in the scenario",
    "more than {count} possible runs (trigger orders and assignments together): exploring "
    "every choice is limited to that; state some of them in the scenario",
)
TOO_MANY_ORDERS = plural_message(
    "problem:too-many-orders",
    "more than {count} possible trigger order: verifying every order is limited to that; "
    "state the orders in combat.trigger_order and drop every_trigger_order",
    "more than {count} possible trigger orders: verifying every order is limited to that; "
    "state the orders in combat.trigger_order and drop every_trigger_order",
)


def refuse(
    path: str, line: int, said: Message, at: NodePath | None = None, **params: Param
) -> Problem:
    """A refusal: ``said`` with ``params``, about the field ``at`` (or the whole file)."""
    what = Said(said.context, tuple(params.items()))
    problem = Problem(path, line, "", at, what)
    return Problem(path, line, text_of(problem, "en"), at, what)


def suggestion(word: str, choices: Sequence[str]) -> Param:
    """ " (did you mean 'x'?)" for a near miss among ``choices``, or nothing."""
    near = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return Said(DID_YOU_MEAN.context, (("name", near[0]),)) if near else ""


def kind_term(kind: str) -> Term:
    return Term(KINDS[kind].context)


def place(at: NodePath) -> Place:
    return Place(at)


def named(kind: Kind, value: str) -> Named:
    return Named(kind.value, value)


def text_of(problem: Problem, lang: str, voice: Voice = PLAIN) -> str:
    """What a problem says in ``lang``, after its field as ``voice`` names it."""
    if problem.said is None:
        return problem.message
    body = say(problem.said, lang, voice)
    if problem.at is None:
        return body
    return PLACED(lang, place=voice.place(problem.at, lang), problem=body)


def problem_line(problem: Problem, lang: str) -> str:
    """A problem as the command line prints it, in ``lang``: ``file:line: field: message``."""
    where = f"{problem.path}:{problem.line}" if problem.line else problem.path
    return f"{where}: {text_of(problem, lang)}"
