"""The table of combat steps: one entry per kind of step, with everything that says what it is.

An entry holds the step's key, the rules it applies, whether it is quiet (a
rule was checked and found nothing to do), the class of its parameters, and
its text, written once in English and translated in the catalogs
(``vocabulary``). Optional clauses add a sentence and the rules it rests on
when their parameter is not empty. ``engine.combat`` records steps by entry;
narration, quietness, "rules applied in this example" and the check that
every cited rule exists all read this table.

Parameters are small frozen dataclasses; a field's annotation says what its
value names, so narration knows how to say it: a player, a unit, units, or
a place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Annotated, ClassVar

from engine.effects import EFFECTS
from engine.model import Trigger, Zone
from engine.orders import Chosen
from vocabulary import Message, message, plural_message


class Ref(Enum):
    """What a parameter names, for narration."""

    PLAYER = "player"  # a player id, or None for nobody
    UNIT = "unit"
    UNITS = "units"  # several units, said as a list, each once
    ABILITY = "ability"  # an ability, by its unit (``AbilitySource``)
    ABILITIES = "abilities"  # abilities in an order, each named as an ability (``AbilitySources``)
    PLAYED_AT = "played-at"  # where a unit is played: "at their base"
    SENT_TO = "sent-to"  # where a replacement sends a unit: "into banishment"


PlayerId = Annotated[str | None, Ref.PLAYER]
UnitId = Annotated[str, Ref.UNIT]
UnitIds = Annotated[tuple[str, ...], Ref.UNITS]
# Abilities in an order: each one's unit, and its number among that unit's abilities (1, 2…)
# where the unit has more than one in the list, else 0: "Bomb's ability 2, then Herald's ability,
# then Bomb's ability 1" says where each ability goes.
AbilitySources = Annotated[tuple[tuple[str, int], ...], Ref.ABILITIES]
# One of them resolving, named as it was when it went on the chain.
AbilitySource = Annotated[tuple[str, int], Ref.ABILITY]
PlayedAt = Annotated[Zone | None, Ref.PLAYED_AT]
SentTo = Annotated[Zone, Ref.SENT_TO]


# -- parameters --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Nothing:
    """A step that names nothing."""


@dataclass(frozen=True, slots=True)
class Controller:
    controller: PlayerId


@dataclass(frozen=True, slots=True)
class Moved:
    player: PlayerId
    units: UnitIds


@dataclass(frozen=True, slots=True)
class Staged:
    attacker: PlayerId
    defender: PlayerId


@dataclass(frozen=True, slots=True)
class Hit:
    """Combat damage on one unit: assigned, prevented, dealt."""

    unit: UnitId
    assigned: int
    prevented: int
    dealt: int
    immune: bool = False  # it can't be dealt damage

    @property
    def phrase(self) -> Message:
        if not self.assigned:
            return HIT_NONE
        if self.immune:
            return HIT_IMMUNE
        if not self.prevented:
            return HIT
        return HIT_PREVENTED if self.dealt else HIT_ALL_PREVENTED

    @property
    def count(self) -> int:
        return self.assigned


@dataclass(frozen=True, slots=True)
class Damage:
    hits: tuple[Hit, ...]


@dataclass(frozen=True, slots=True)
class Share:
    """What one player assigns to one enemy unit (said in a list: "3 to A and 1 to B")."""

    unit: UnitId
    amount: int
    listed: ClassVar[bool] = True

    @property
    def phrase(self) -> Message:
        return SHARE

    @property
    def count(self) -> int:
        return self.amount


class Keyword(Enum):
    """A keyword that adds Might while its unit has a designation."""

    ASSAULT = "Assault"  # +N while an attacker
    SHIELD = "Shield"  # +N while a defender


@dataclass(frozen=True, slots=True)
class Boost:
    """A unit whose keyword adds to its Might in this combat."""

    unit: UnitId
    keyword: Keyword
    amount: int

    @property
    def phrase(self) -> Message:
        return BOOST_PHRASES[self.keyword]

    @property
    def rules(self) -> tuple[str, ...]:
        return (self.keyword.value,)

    @property
    def count(self) -> int:
        return self.amount


@dataclass(frozen=True, slots=True)
class Assigned:
    """One player's combat damage assignment: its side's combat Might and what each enemy
    unit is assigned (units assigned nothing left out); the units with Tank among those it
    assigns to, its stunned units, and the keywords that add to its units' Might."""

    player: PlayerId
    might: int
    shares: tuple[Share, ...]
    tanks: UnitIds = ()
    stunned: UnitIds = ()
    boosts: tuple[Boost, ...] = ()


@dataclass(frozen=True, slots=True)
class Dying:
    units: UnitIds
    recorded: UnitIds  # whose death abilities were recorded


class Replacement(Enum):
    """What a replacement effect did to a death ability of the unit it sent elsewhere."""

    REMOVES_TRIGGER = "removes-trigger"  # the default: the unit does not die (808.1.d.1)
    NO_TRIGGER = "no-trigger"  # the unit had no death ability
    KEEPS_TRIGGER = "keeps-trigger"  # its card says the ability still triggers


@dataclass(frozen=True, slots=True)
class Replaced:
    """A unit that would have died, sent elsewhere by a replacement effect instead."""

    unit: UnitId
    zone: SentTo
    trigger: Replacement

    @property
    def phrase(self) -> Message:
        return REPLACED_PHRASES[self.trigger].text

    @property
    def rules(self) -> tuple[str, ...]:
        return REPLACED_PHRASES[self.trigger].rules


@dataclass(frozen=True, slots=True)
class Killed:
    units: UnitIds
    replaced: tuple[Replaced, ...] = ()
    # Units in play whose "when another unit dies" abilities those deaths trigger.
    witnessed: UnitIds = ()


@dataclass(frozen=True, slots=True)
class Recalled:
    units: UnitIds
    cant_move: UnitIds  # recalled although they can't move


@dataclass(frozen=True, slots=True)
class Ordered:
    """One player's order for their abilities that go on the chain together."""

    player: PlayerId
    units: AbilitySources  # in the order they go on the chain
    chosen: Chosen

    @property
    def phrase(self) -> Message:
        return ORDER_PHRASES[self.chosen]


@dataclass(frozen=True, slots=True)
class Seating:
    """When both players have abilities waiting: whose go on the chain first, by the site's
    default (the Attacker's) or as the scenario states (``combat.first_on_chain``)."""

    first: PlayerId
    second: PlayerId
    stated: bool

    @property
    def phrase(self) -> Message:
        return BOTH_PLAYERS_STATED if self.stated else BOTH_PLAYERS


@dataclass(frozen=True, slots=True)
class Added:
    """Waiting abilities going on the chain: in what order, and who chose it."""

    units: AbilitySources  # in the order they go on the chain
    seating: tuple[Seating, ...] = ()  # one, when both players have abilities waiting
    choices: tuple[Ordered, ...] = ()


@dataclass(frozen=True, slots=True)
class Played:
    """A showdown play: who played it, and what it did."""

    player: PlayerId
    target: UnitId
    amount: int | None
    zone: PlayedAt
    targets: UnitIds = ()  # an effect on every unit at the battlefield
    spared: UnitIds = ()  # those of them that can't be dealt damage
    replaced: tuple[Replaced, ...] = ()  # a unit it kills, sent elsewhere instead
    witnessed: UnitIds = ()  # units whose "when another unit dies" abilities it triggers


@dataclass(frozen=True, slots=True)
class Resolution:
    """A chain item resolving: its source, its controller, and what it did."""

    source: AbilitySource
    trigger: Trigger
    player: PlayerId
    target: UnitId
    amount: int | None
    zone: PlayedAt
    targets: UnitIds = ()  # an effect on every unit at the battlefield
    spared: UnitIds = ()  # those of them that can't be dealt damage
    replaced: tuple[Replaced, ...] = ()  # a unit it kills, sent elsewhere instead
    witnessed: UnitIds = ()  # units whose "when another unit dies" abilities it triggers


@dataclass(frozen=True, slots=True)
class Result:
    winner: PlayerId
    loser: PlayerId


@dataclass(frozen=True, slots=True)
class RecalledResult:
    """No Result because step 3d recalled attackers: how many it recalled."""

    recalled: int


@dataclass(frozen=True, slots=True)
class PlayerNamed:
    player: PlayerId


@dataclass(frozen=True, slots=True)
class Conquered:
    player: PlayerId
    score: int


@dataclass(frozen=True, slots=True)
class Ended:
    expired: int  # "this combat" effects that expired


# -- entries -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Clause:
    """A sentence added when ``field`` is not empty, with the rules it rests on.

    With a ``text``, it is said once (its plural counted on the field's size);
    without one, the field holds records and each says its own ``phrase`` (and adds the
    rules of its own ``rules``, if it has them).
    """

    field: str
    rules: tuple[str, ...]
    text: Message | None = None
    # Said instead of ``text`` when the field holds what another field holds: the sentence
    # before named them, so this one says "its" or "their" instead of naming them again.
    same_as: tuple[str, Message] | None = None


@dataclass(frozen=True)
class StepKind:
    key: str
    params: type
    text: Message
    rules: tuple[str, ...]
    quiet: bool = False
    # The parameter whose size (or value) picks the plural form.
    count: str | None = None
    clauses: tuple[Clause, ...] = ()


@dataclass(frozen=True, slots=True)
class Phrase:
    """What a record says inside a step, and the rules it adds to the step's."""

    text: Message
    rules: tuple[str, ...] = ()


STEPS: dict[str, StepKind] = {}


def entry(
    key: str,
    params: type,
    text: Message,
    rules: tuple[str, ...],
    *,
    quiet: bool = False,
    count: str | None = None,
    clauses: tuple[Clause, ...] = (),
) -> StepKind:
    if key in STEPS:
        raise ValueError(f"step kind {key!r} declared twice")
    STEPS[key] = StepKind(key, params, text, rules, quiet, count, clauses)
    return STEPS[key]


# Phrases that records say inside a step.
HIT = plural_message(
    "phrase:hit",
    "{unit} is assigned {assigned} and takes {dealt}",
    "{unit} is assigned {assigned} and takes {dealt}",
)
HIT_PREVENTED = plural_message(
    "phrase:hit-prevented",
    "{unit} is assigned {assigned}, prevents {prevented} and takes {dealt}",
    "{unit} is assigned {assigned}, prevents {prevented} and takes {dealt}",
)
HIT_ALL_PREVENTED = plural_message(
    "phrase:hit-all-prevented",
    "{unit} is assigned {assigned} and prevents it",
    "{unit} is assigned {assigned} and prevents all of it",
)
HIT_NONE = message("phrase:hit-none", "{unit} is assigned no damage")
HIT_IMMUNE = plural_message(
    "phrase:hit-immune",
    "{unit} is assigned {assigned} but can't be dealt damage",
    "{unit} is assigned {assigned} but can't be dealt damage",
)
SHARE = plural_message("phrase:share", "{amount} to {unit}", "{amount} to {unit}")
BOOST_PHRASES = {
    Keyword.ASSAULT: plural_message(
        "phrase:assault",
        "{unit} has Assault {amount}: +{amount} Might while it is an attacker.",
        "{unit} has Assault {amount}: +{amount} Might while it is an attacker.",
    ),
    Keyword.SHIELD: plural_message(
        "phrase:shield",
        "{unit} has Shield {amount}: +{amount} Might while it is a defender.",
        "{unit} has Shield {amount}: +{amount} Might while it is a defender.",
    ),
}
REPLACED_PHRASES = {
    Replacement.REMOVES_TRIGGER: Phrase(
        message(
            "phrase:replaced",
            "{unit} would die, but a replacement effect puts it {zone} instead: it does not "
            "die, so its death ability never triggers.",
        ),
        ("808.1.d.1",),
    ),
    Replacement.NO_TRIGGER: Phrase(
        message(
            "phrase:replaced-no-trigger",
            "{unit} would die, but a replacement effect puts it {zone} instead: it does not die.",
        )
    ),
    Replacement.KEEPS_TRIGGER: Phrase(
        message(
            "phrase:replaced-keeps-trigger",
            "A replacement effect puts {unit} {zone} instead of the trash. As its card "
            "says, this does not remove its death ability, recorded in step 3a: it still goes "
            "on the chain.",
        )
    ),
}
# Who chose the order the step's sentence gives (it says the order once: these do not).
ORDER_STATED = message(
    "phrase:order-stated",
    "{player} chooses the order of their abilities; the scenario states it.",
)
ORDER_DEFAULT = message(
    "phrase:order-default",
    "{player} chooses the order of their abilities; the scenario does not state it, so they go "
    "on in the order they triggered.",
)
ORDER_TRIED = message(
    "phrase:order-tried",
    "{player} chooses the order of their abilities; this run is one of those that try every "
    "possible order.",
)
ORDER_PHRASES = {
    Chosen.STATED: ORDER_STATED,
    Chosen.DEFAULT: ORDER_DEFAULT,
    Chosen.TRIED: ORDER_TRIED,
}
BOTH_PLAYERS = message(
    "clause:both-players-wait",
    "Both players have abilities waiting: {first}'s go on the chain before {second}'s, which "
    "therefore resolve before them. This is the site's default (the Attacker's first, as the "
    "turn player's), not a rule our sources quote.",
)
BOTH_PLAYERS_STATED = message(
    "clause:both-players-wait-stated",
    "Both players have abilities waiting: as the scenario states, {first}'s go on the chain "
    "before {second}'s, which therefore resolve before them.",
)
# Replaced deaths said after step 3b, each with its own phrase and rules (REPLACED_PHRASES).
REPLACED_CLAUSES = (Clause("replaced", ("367",)),)
# Units that see another unit die (not dying with it): their abilities wait for the chain.
WITNESSED = Clause(
    "witnessed",
    (),
    plural_message(
        "clause:witnessed",
        "{witnessed} sees it happen: its ability that triggers when another unit dies waits "
        "for the chain.",
        "{witnessed} see it happen: their abilities that trigger when another unit dies wait "
        "for the chain.",
    ),
)
# An effect on every unit at the battlefield, some of which can't be dealt damage.
SPARED = Clause(
    "spared",
    (),
    plural_message(
        "clause:spared", "{spared} can't be dealt damage.", "{spared} can't be dealt damage."
    ),
)
# What a resolved effect may add: a unit spared, a kill replaced, deaths seen.
EFFECT_CLAUSES = (SPARED, *REPLACED_CLAUSES, WITNESSED)
# Said when both players have abilities waiting, and when some of the abilities going on the
# chain give their controller a choice of order.
ADDED_CLAUSES = (Clause("seating", ()), Clause("choices", ()))

START_CONTROLLED = entry(
    "start-controlled",
    Controller,
    message("step:start-controlled", "Before the move, {controller} controls {battlefield}."),
    ("459",),
)
START_UNCONTROLLED = entry(
    "start-uncontrolled",
    Nothing,
    message("step:start-uncontrolled", "Before the move, nobody controls {battlefield}."),
    ("459",),
)
MOVE = entry(
    "move",
    Moved,
    plural_message(
        "step:move",
        "{player} moves {units} to {battlefield}. Enemy units are there: a combat is staged.",
        "{player} moves {units} to {battlefield}. Enemy units are there: a combat is staged.",
    ),
    ("459",),
    count="units",
)
MOVE_OPEN = entry(
    "move-open",
    Moved,
    plural_message(
        "step:move-open",
        "{player} moves {units} to {battlefield}. No enemy unit is there: a showdown begins, "
        "without a combat.",
        "{player} moves {units} to {battlefield}. No enemy unit is there: a showdown begins, "
        "without a combat.",
    ),
    ("341",),
    count="units",
)
STAGE = entry(
    "stage",
    Staged,
    message(
        "step:stage",
        "{attacker} is the Attacker and {defender} the Defender; their units at the "
        "battlefield take the same designation.",
    ),
    ("459",),
)
STAGE_IN_SHOWDOWN = entry(
    "stage-in-showdown",
    Staged,
    message(
        "step:stage-in-showdown",
        "{defender} now has units at the battlefield too: the showdown becomes a combat's. "
        "{attacker}, who moved in first, is the Attacker and {defender} the Defender; their "
        "units at the battlefield take the same designation.",
    ),
    ("459", "341"),
)
SHOWDOWN_PASS = entry(
    "showdown-pass",
    Nothing,
    message("step:showdown-pass", "Showdown: both players pass without playing anything."),
    ("341",),
    quiet=True,
)
SHOWDOWN_ENDS_OPEN = entry(
    "showdown-ends-open",
    Nothing,
    message(
        "step:showdown-ends-open",
        "The showdown ends without a combat: no combat damage is dealt, and no Combat Cleanup "
        "heals anyone.",
    ),
    ("341",),
)
ASSIGN_CLAUSES = (
    Clause(
        "tanks",
        ("Tank",),
        plural_message(
            "clause:assign-tanks",
            "{tanks} has Tank: it is assigned lethal damage before the units of its side "
            "without Tank.",
            "{tanks} have Tank: they are assigned lethal damage before the units of their side "
            "without Tank.",
        ),
    ),
    Clause(
        "stunned",
        ("Stun",),
        plural_message(
            "clause:assign-stunned",
            "{stunned} is stunned and adds no Might to it.",
            "{stunned} are stunned and add no Might to it.",
        ),
    ),
    Clause("boosts", ()),
)
ASSIGN_STATED = entry(
    "assign-stated",
    Assigned,
    plural_message(
        "step:assign-stated",
        "{player} assigns {might} combat damage, as the scenario states: {shares}.",
        "{player} assigns {might} combat damage, as the scenario states: {shares}.",
    ),
    ("465",),
    count="might",
    clauses=ASSIGN_CLAUSES,
)
ASSIGN_CHOSEN = entry(
    "assign-chosen",
    Assigned,
    plural_message(
        "step:assign-chosen",
        "{player} assigns {might} combat damage: {shares}. The scenario does not say how, so "
        "this is the engine's choice among the legal assignments: lethal damage to each unit "
        "in turn, units with Tank first.",
        "{player} assigns {might} combat damage: {shares}. The scenario does not say how, so "
        "this is the engine's choice among the legal assignments: lethal damage to each unit "
        "in turn, units with Tank first.",
    ),
    ("465",),
    count="might",
    clauses=ASSIGN_CLAUSES,
)
ASSIGN_ONLY = entry(
    "assign-only",
    Assigned,
    plural_message(
        "step:assign-only",
        "{player} assigns {might} combat damage: {shares}. The scenario does not say how, and "
        "this is the only legal assignment.",
        "{player} assigns {might} combat damage: {shares}. The scenario does not say how, and "
        "this is the only legal assignment.",
    ),
    ("465",),
    count="might",
    clauses=ASSIGN_CLAUSES,
)
ASSIGN_TRIED = entry(
    "assign-tried",
    Assigned,
    plural_message(
        "step:assign-tried",
        "{player} assigns {might} combat damage: {shares}. This run tries one of every legal "
        "assignment.",
        "{player} assigns {might} combat damage: {shares}. This run tries one of every legal "
        "assignment.",
    ),
    ("465",),
    count="might",
    clauses=ASSIGN_CLAUSES,
)
ASSIGN_NOTHING = entry(
    "assign-nothing",
    Assigned,
    message(
        "step:assign-nothing",
        "{player} has no combat Might at the battlefield: no damage to assign.",
    ),
    ("465",),
    clauses=ASSIGN_CLAUSES,
)
ASSIGN_NO_UNITS = entry(
    "assign-no-units",
    Assigned,
    message(
        "step:assign-no-units",
        "{player} has no unit left at the battlefield: no damage to assign.",
    ),
    ("465",),
    clauses=ASSIGN_CLAUSES,
)
ASSIGN_NO_TARGET = entry(
    "assign-no-target",
    Assigned,
    message(
        "step:assign-no-target",
        "{player}'s units have no enemy unit left at the battlefield to assign damage to.",
    ),
    ("465",),
    quiet=True,
    clauses=ASSIGN_CLAUSES,
)
# The assignment steps, by how the assignment was decided (``engine.orders.Chosen``).
ASSIGNED_BY = {
    Chosen.STATED: ASSIGN_STATED,
    Chosen.DEFAULT: ASSIGN_CHOSEN,
    Chosen.TRIED: ASSIGN_TRIED,
}
DAMAGE = entry(
    "damage",
    Damage,
    message(
        "step:damage",
        "Both assignments made, the Attacker's announced first, combat damage is dealt, all at "
        "once: {hits}. No normal Reaction window comes between this damage and the lethal "
        "check.",
    ),
    ("465",),
)
DAMAGE_NONE = entry(
    "damage-none",
    Damage,
    message(
        "step:damage-none",
        "Both assignments made, no combat damage is dealt: no unit is assigned any.",
    ),
    ("465",),
)
RESOLUTION = entry(
    "resolution",
    Nothing,
    message(
        "step:resolution",
        "Combat proceeds to the Resolution Step, which invokes a Combat Cleanup.",
    ),
    ("465.3", "466.1.a", "324.1"),
)
NO_LETHAL = entry(
    "no-lethal",
    Nothing,
    message("step:no-lethal", "Step 3a: no unit has lethal damage, so no death ability triggers."),
    ("323.4",),
    quiet=True,
)
DEATH_RECORDED = Clause(
    "recorded",
    ("808",),
    plural_message(
        "clause:death-recorded",
        "The death ability of {recorded} is recorded with its last known information, "
        "before the card moves; it waits for the chain.",
        "The death abilities of {recorded} are recorded with their last known "
        "information, before the cards move; they wait for the chain.",
    ),
    same_as=(
        "units",
        plural_message(
            "clause:death-recorded-all",
            "Its death ability is recorded with its last known information, before the card "
            "moves; it waits for the chain.",
            "Their death abilities are recorded with their last known information, before the "
            "cards move; they wait for the chain.",
        ),
    ),
)
DEATH_TRIGGERS = entry(
    "death-triggers",
    Dying,
    plural_message(
        "step:death-triggers",
        "Step 3a: {units} has lethal damage.",
        "Step 3a: {units} have lethal damage.",
    ),
    ("323.4",),
    count="units",
    clauses=(DEATH_RECORDED,),
)
KILL = entry(
    "kill",
    Killed,
    plural_message(
        "step:kill",
        "Step 3b: {units} is killed and placed in its owner's trash.",
        "Step 3b: {units} are killed and placed in their owners' trash.",
    ),
    ("323.5", "142.4"),
    count="units",
    clauses=(*REPLACED_CLAUSES, WITNESSED),
)
KILL_NONE = entry(
    "kill-none",
    Killed,
    message("step:kill-none", "Step 3b: no unit is killed."),
    ("323.5",),
    quiet=True,
    clauses=REPLACED_CLAUSES,
)
# The cleanup after a showdown play or a chain item (318): a step of its own, quiet when no
# unit has lethal damage; when some have, its step 3a says that a cleanup of its own begins.
CLEANUP_NONE = entry(
    "cleanup-none",
    Nothing,
    message(
        "step:cleanup-none",
        "This resolution is followed by a cleanup of its own: no unit has lethal damage, so the "
        "cleanup kills none.",
    ),
    ("318",),
    quiet=True,
)
CLEANUP_DEATH_TRIGGERS = entry(
    "cleanup-death-triggers",
    Dying,
    plural_message(
        "step:cleanup-death-triggers",
        "This resolution is followed by a cleanup of its own. Step 3a: {units} has lethal damage.",
        "This resolution is followed by a cleanup of its own. Step 3a: {units} have lethal damage.",
    ),
    ("318", "323.4"),
    count="units",
    clauses=(DEATH_RECORDED,),
)
ENDED_DEATH_TRIGGERS = entry(
    "ended-death-triggers",
    Dying,
    plural_message(
        "step:ended-death-triggers",
        "Once the combat has ended, a cleanup: the “this combat” effects that expired "
        "leave lethal damage. Step 3a: {units} has lethal damage.",
        "Once the combat has ended, a cleanup: the “this combat” effects that expired "
        "leave lethal damage. Step 3a: {units} have lethal damage.",
    ),
    ("318", "466.7.c", "323.4"),
    count="units",
    clauses=(DEATH_RECORDED,),
)
HEAL = entry(
    "heal",
    Nothing,
    message(
        "step:heal",
        "Step 3c: all units are healed: damage is cleared from every unit still on the board.",
    ),
    ("466.1.a.1", "418.1", "143.3.b.2"),
)
RECALL = entry(
    "recall",
    Recalled,
    plural_message(
        "step:recall",
        "Step 3d: a defender is still at the battlefield, so the attacker {units} is recalled "
        "to its base. A Recall is not a Move.",
        "Step 3d: a defender is still at the battlefield, so the attackers {units} are "
        "recalled to their bases. A Recall is not a Move.",
    ),
    ("466.1.a.2", "455"),
    count="units",
    clauses=(
        Clause(
            "cant_move",
            ("456.3",),
            plural_message(
                "clause:recall-cant-move",
                "{cant_move} can't move, but nothing that restricts movement stops a Recall.",
                "{cant_move} can't move, but nothing that restricts movement stops a Recall.",
            ),
            same_as=(
                "units",
                plural_message(
                    "clause:recall-cant-move-all",
                    "The unit can't move, but nothing that restricts movement stops a Recall.",
                    "The units can't move, but nothing that restricts movement stops a Recall.",
                ),
            ),
        ),
    ),
)
RECALL_NONE_NO_DEFENDERS = entry(
    "recall-none-no-defenders",
    Nothing,
    message(
        "step:recall-none-no-defenders",
        "Step 3d: no defender remains at the battlefield, so no attacker is recalled.",
    ),
    ("466.1.a.2",),
    quiet=True,
)
RECALL_NONE_NO_ATTACKERS = entry(
    "recall-none-no-attackers",
    Nothing,
    message(
        "step:recall-none-no-attackers",
        "Step 3d: no attacker remains at the battlefield; there is nothing to recall.",
    ),
    ("466.1.a.2",),
    quiet=True,
)
CHAIN_ADD = entry(
    "chain-add",
    Added,
    plural_message(
        "step:chain-add",
        "Before the result, a waiting ability goes on the chain: {units}.",
        "Before the result, waiting abilities go on the chain: {units}. The newest resolves first.",
    ),
    ("327",),
    count="units",
    clauses=ADDED_CLAUSES,
)
CHAIN_ADD_OPENING = entry(
    "chain-add-opening",
    Added,
    plural_message(
        "step:chain-add-opening",
        "An ability that triggers on the designations goes on the chain: {units}. It is the "
        "showdown's first chain and resolves before anything is played.",
        "Abilities that trigger on the designations go on the chain: {units}. They are the "
        "showdown's first chain and resolve, the newest first, before anything is played.",
    ),
    ("341", "327"),
    count="units",
    clauses=ADDED_CLAUSES,
)
CHAIN_ADD_SHOWDOWN = entry(
    "chain-add-showdown",
    Added,
    plural_message(
        "step:chain-add-showdown",
        "In the showdown, a waiting ability goes on the chain: {units}. It resolves now, before "
        "combat damage.",
        "In the showdown, waiting abilities go on the chain: {units}. They resolve now, the "
        "newest first, before combat damage.",
    ),
    ("341", "327"),
    count="units",
    clauses=ADDED_CLAUSES,
)
CHAIN_ADD_RESULT = entry(
    "chain-add-result",
    Added,
    plural_message(
        "step:chain-add-result",
        "An ability that triggers on the result goes on the chain: {units}. It resolves "
        "before control is established.",
        "Abilities that trigger on the result go on the chain: {units}. They resolve before "
        "control is established.",
    ),
    ("327",),
    count="units",
    clauses=ADDED_CLAUSES,
)
CHAIN_ADD_CONTROL = entry(
    "chain-add-control",
    Added,
    plural_message(
        "step:chain-add-control",
        "An ability that triggers on the Conquer goes on the chain: {units}. It resolves "
        "before the combat ends.",
        "Abilities that trigger on the Conquer go on the chain: {units}. They resolve before "
        "the combat ends.",
    ),
    ("327",),
    count="units",
    clauses=ADDED_CLAUSES,
)
CHAIN_ADD_AFTER = entry(
    "chain-add-after",
    Added,
    plural_message(
        "step:chain-add-after",
        "After the combat, a waiting ability goes on the chain: {units}.",
        "After the combat, waiting abilities go on the chain: {units}. The newest resolves first.",
    ),
    ("327",),
    count="units",
    clauses=ADDED_CLAUSES,
)
CHAIN_NO_TARGET = entry(
    "chain-no-target",
    Resolution,
    message(
        "step:chain-no-target",
        "{source} resolves, but {target} is no longer on the board: nothing happens.",
    ),
    ("327",),
)
CHAIN_NOBODY_HERE = entry(
    "chain-nobody-here",
    Resolution,
    message(
        "step:chain-nobody-here",
        "{source} resolves, but no unit is at the battlefield: nothing happens.",
    ),
    ("327",),
)
CHAIN_LAPSED = entry(
    "chain-lapsed",
    Resolution,
    message(
        "step:chain-lapsed",
        "{source} resolves, but what it gives {target} lasts only this combat, and no combat is "
        "under way: it does nothing.",
    ),
    ("327", "466.7.c"),
)
CHAIN_IMMUNE = entry(
    "chain-immune",
    Resolution,
    message(
        "step:chain-immune",
        "{source} resolves, but {target} can't be dealt damage: nothing happens.",
    ),
    ("327",),
)
CHAIN_IMMUNE_ALL = entry(
    "chain-immune-all",
    Resolution,
    message(
        "step:chain-immune-all",
        "{source} resolves, but no unit at the battlefield can be dealt damage: nothing happens.",
    ),
    ("327",),
)
CHAIN_KILL_REPLACED = entry(
    "chain-kill-replaced",
    Resolution,
    message("step:chain-kill-replaced", "{source} resolves: it would kill {target}."),
    ("327",),
    clauses=EFFECT_CLAUSES,
)
CHAIN_THEN_NO_TARGET = entry(
    "chain-then-no-target",
    Resolution,
    message(
        "step:chain-then-no-target",
        "Then the ability would act on {target}, which is no longer on the board: that part "
        "does nothing.",
    ),
    ("327",),
)
CHAIN_THEN_NOBODY_HERE = entry(
    "chain-then-nobody-here",
    Resolution,
    message(
        "step:chain-then-nobody-here",
        "Then the ability would act on the units at the battlefield, but there are none: that "
        "part does nothing.",
    ),
    ("327",),
)
CHAIN_THEN_LAPSED = entry(
    "chain-then-lapsed",
    Resolution,
    message(
        "step:chain-then-lapsed",
        "Then it would give {target} something that lasts only this combat, and no combat is "
        "under way: that part does nothing.",
    ),
    ("327", "466.7.c"),
)
CHAIN_THEN_IMMUNE = entry(
    "chain-then-immune",
    Resolution,
    message(
        "step:chain-then-immune",
        "Then it would deal damage to {target}, which can't be dealt damage: that part does "
        "nothing.",
    ),
    ("327",),
)
CHAIN_THEN_IMMUNE_ALL = entry(
    "chain-then-immune-all",
    Resolution,
    message(
        "step:chain-then-immune-all",
        "Then it would deal damage to the units at the battlefield, none of which can be dealt "
        "damage: that part does nothing.",
    ),
    ("327",),
)
CHAIN_THEN_KILL_REPLACED = entry(
    "chain-then-kill-replaced",
    Resolution,
    message("step:chain-then-kill-replaced", "Then it would kill {target}."),
    ("327",),
    clauses=EFFECT_CLAUSES,
)
SHOWDOWN_LAPSED = entry(
    "showdown-lapsed",
    Played,
    message(
        "step:showdown-lapsed",
        "Showdown: {player} plays an effect on {target} that lasts only this combat, and no "
        "combat is under way: it does nothing.",
    ),
    ("341", "466.7.c"),
)
SHOWDOWN_IMMUNE = entry(
    "showdown-immune",
    Played,
    message(
        "step:showdown-immune",
        "Showdown: {player} would deal damage to {target}, which can't be dealt damage: nothing "
        "happens.",
    ),
    ("341",),
)
SHOWDOWN_IMMUNE_ALL = entry(
    "showdown-immune-all",
    Played,
    message(
        "step:showdown-immune-all",
        "Showdown: {player} would deal damage to the units at the battlefield, none of which "
        "can be dealt damage: nothing happens.",
    ),
    ("341",),
)
SHOWDOWN_KILL_REPLACED = entry(
    "showdown-kill-replaced",
    Played,
    message("step:showdown-kill-replaced", "Showdown: {player} would kill {target}."),
    ("341",),
    clauses=EFFECT_CLAUSES,
)
NO_RESULT_RECALLED = entry(
    "no-result-recalled",
    RecalledResult,
    plural_message(
        "step:no-result-recalled",
        "Result: No Result. An attacker was recalled in step 3d of the Combat Cleanup.",
        "Result: No Result. Attackers were recalled in step 3d of the Combat Cleanup.",
    ),
    ("466.3.d",),
    count="recalled",
)
NO_RESULT_BOTH = entry(
    "no-result-both",
    Result,
    message(
        "step:no-result-both", "Result: No Result. Both players have units at the battlefield."
    ),
    ("466.3.d",),
)
NO_RESULT_NEITHER = entry(
    "no-result-neither",
    Result,
    message(
        "step:no-result-neither",
        "Result: No Result. Neither player has units left at the battlefield.",
    ),
    ("466.3.d",),
)
WIN = entry(
    "win",
    Result,
    message(
        "step:win",
        "Result: {winner} wins the combat, as the only player with units left at the "
        "battlefield; {loser} loses.",
    ),
    ("466.3.a", "466.3.b"),
)
RESTAGE = entry(
    "restage",
    Nothing,
    message(
        "step:restage",
        "Both sides still have units there: another showdown and combat is staged, so control "
        "does not change yet.",
    ),
    ("466.3.d", "466.5"),
)
RESTAGED_UNSCRIPTED = entry(
    "restaged-unscripted",
    Nothing,
    message(
        "step:restaged-unscripted", "The example stops here: the next combat is not part of it."
    ),
    ("466.3.d", "466.5"),
)
UNCONTROLLED = entry(
    "uncontrolled",
    PlayerNamed,
    message(
        "step:uncontrolled",
        "Control: no units remain, so the battlefield becomes uncontrolled. {player} does not "
        "keep it.",
    ),
    ("466.5.b",),
)
STAYS_UNCONTROLLED = entry(
    "stays-uncontrolled",
    Nothing,
    message(
        "step:stays-uncontrolled", "Control: no units remain; the battlefield stays uncontrolled."
    ),
    ("466.5.b",),
)
CONTROL_CONTESTED = entry(
    "control-contested",
    Nothing,
    message(
        "step:control-contested",
        "Control: a combat is staged again here, so control does not change.",
    ),
    ("466.5",),
)
OPEN_NOBODY = entry(
    "open-nobody",
    Nothing,
    message(
        "step:open-nobody",
        "Control: no unit is left at the battlefield, so nobody establishes control; it stays "
        "as it was.",
    ),
    ("341", "188"),
)
OPEN_CONQUER = entry(
    "open-conquer",
    Conquered,
    message(
        "step:open-conquer",
        "Control: {player}, the only player with units at the battlefield, establishes control "
        "of it. That is a Conquer: {player} scores 1 point (score: {score}).",
    ),
    ("341", "188", "469.1", "470"),
)
OPEN_NO_CONQUER = entry(
    "open-no-conquer",
    PlayerNamed,
    message(
        "step:open-no-conquer",
        "Control: {player}, the only player with units at the battlefield, establishes control "
        "of it, but has already scored this battlefield this turn: no Conquer, no point.",
    ),
    ("341", "188", "470"),
)
OPEN_KEPT = entry(
    "open-kept",
    PlayerNamed,
    message(
        "step:open-kept",
        "Control: {player}, the only player with units at the battlefield, already controls "
        "it: nothing is established and there is no Conquer.",
    ),
    ("341", "188"),
)
CONTROL_KEPT = entry(
    "control-kept",
    PlayerNamed,
    message(
        "step:control-kept",
        "Control: {player} already controls the battlefield, so nothing is established and "
        "there is no Conquer.",
    ),
    ("466.5", "466.5.d"),
)
CONTROL_NO_CONQUER = entry(
    "control-no-conquer",
    PlayerNamed,
    message(
        "step:control-no-conquer",
        "Control: {player} establishes control, but has already scored this battlefield this "
        "turn: no Conquer, no point.",
    ),
    ("466.5", "466.5.d", "470"),
)
CONQUER = entry(
    "conquer",
    Conquered,
    message(
        "step:conquer",
        "Control: {player} establishes control of the battlefield. That is a Conquer: {player} "
        "scores 1 point (score: {score}).",
    ),
    ("466.5", "466.5.d", "469.1", "470", "188"),
)
END = entry(
    "end",
    Ended,
    message(
        "step:end",
        "The combat ends: Attacker and Defender designations are removed from all units and "
        "players, and all \u201cthis combat\u201d effects expire together.",
    ),
    ("466.7.a", "466.7.c"),
)

# Each kind of effect is a step in the showdown and a step on the chain; its class has the words.
SHOWDOWN_PLAYS = {
    key: entry(
        f"showdown-{key.replace('_', '-')}",
        Played,
        kind.in_showdown,
        ("341",),
        count="amount",
        clauses=EFFECT_CLAUSES,
    )
    for key, kind in EFFECTS.items()
}
CHAIN_RESOLUTIONS = {
    key: entry(
        f"chain-{key.replace('_', '-')}",
        Resolution,
        kind.on_chain,
        ("327",),
        count="amount",
        clauses=EFFECT_CLAUSES,
    )
    for key, kind in EFFECTS.items()
}
# The second and later effects of an ability, each a step of its own, in the order written.
CHAIN_CONTINUATIONS = {
    key: entry(
        f"chain-then-{key.replace('_', '-')}",
        Resolution,
        kind.then_on_chain,
        ("327",),
        count="amount",
        clauses=EFFECT_CLAUSES,
    )
    for key, kind in EFFECTS.items()
}

# Which chain: before the result, after it (before control), after control (before the end of
# combat), or after the combat.
CHAIN_ADDS = {
    "opening": CHAIN_ADD_OPENING,
    "showdown-chain": CHAIN_ADD_SHOWDOWN,
    "chain": CHAIN_ADD,
    "result-effects": CHAIN_ADD_RESULT,
    "control-effects": CHAIN_ADD_CONTROL,
    "after-combat": CHAIN_ADD_AFTER,
}

# Names a scenario may give in ``absent_steps`` besides a step kind's key: each stands for
# every kind it lists.
STEP_GROUPS: dict[str, tuple[StepKind, ...]] = {
    "chain-item": (
        *CHAIN_RESOLUTIONS.values(),
        *CHAIN_CONTINUATIONS.values(),
        CHAIN_NO_TARGET,
        CHAIN_NOBODY_HERE,
        CHAIN_THEN_NO_TARGET,
        CHAIN_THEN_NOBODY_HERE,
        CHAIN_LAPSED,
        CHAIN_THEN_LAPSED,
        CHAIN_IMMUNE,
        CHAIN_THEN_IMMUNE,
        CHAIN_IMMUNE_ALL,
        CHAIN_THEN_IMMUNE_ALL,
        CHAIN_KILL_REPLACED,
        CHAIN_THEN_KILL_REPLACED,
    ),
    "showdown-play": (
        *SHOWDOWN_PLAYS.values(),
        SHOWDOWN_LAPSED,
        SHOWDOWN_IMMUNE,
        SHOWDOWN_IMMUNE_ALL,
        SHOWDOWN_KILL_REPLACED,
    ),
    "assignment": (
        ASSIGN_STATED,
        ASSIGN_CHOSEN,
        ASSIGN_ONLY,
        ASSIGN_TRIED,
        ASSIGN_NOTHING,
        ASSIGN_NO_UNITS,
        ASSIGN_NO_TARGET,
    ),
    "no-result": (NO_RESULT_RECALLED, NO_RESULT_BOTH, NO_RESULT_NEITHER),
    "control-change": (
        UNCONTROLLED,
        CONTROL_NO_CONQUER,
        CONQUER,
        OPEN_CONQUER,
        OPEN_NO_CONQUER,
    ),
}


def step_kinds_named(name: str) -> tuple[StepKind, ...]:
    """The step kinds ``name`` stands for: a group's, or the one kind with that key."""
    return STEP_GROUPS.get(name) or (STEPS[name],)


def step_names() -> list[str]:
    """Every name ``absent_steps`` accepts: step kinds' keys and group names."""
    return sorted([*STEPS, *STEP_GROUPS])


# -- step ids ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IdForm:
    """The form of the ids of the steps at one place of the procedure (``r{round}-damage``):
    stable across runs and languages, so checkpoints, step orders and tests name steps by
    them. ``where`` says which steps have it (the writers' guide lists every form)."""

    form: str
    where: Message
    # The ids already made, by their parts: a run makes the same ones again and again.
    made: dict[tuple[object, ...], str] = field(default_factory=dict, compare=False, repr=False)
    by_round: dict[int, str] = field(default_factory=dict, compare=False, repr=False)

    def of_round(self, round: int) -> str:
        """The id of a form that names only its round (``r1-damage``)."""
        found = self.by_round.get(round)
        if found is None:
            found = self.by_round[round] = self.form.format(round=round)
        return found

    def id(self, **parts: object) -> str:
        key = tuple(parts.items())
        found = self.made.get(key)
        if found is None:
            if len(self.made) > 10_000:  # bounded, whatever the runs of a long process
                self.made.clear()
            found = self.made[key] = self.form.format(**parts)
        return found


START_ID = IdForm("start", message("step-id:start", "The board before the move."))
MOVE_ID = IdForm("move", message("step-id:move", "The move."))
STAGE_ID = IdForm(
    "r{round}-stage",
    message(
        "step-id:stage",
        "The designations of each combat at the battlefield, numbered 1, then 2 and on when a "
        "combat is staged again (every id from here on starts with that number).",
    ),
)
SHOWDOWN_ID = IdForm(
    "r{round}-showdown", message("step-id:showdown", "A showdown in which both players pass.")
)
PLAY_ID = IdForm(
    "r{round}-showdown-{n}",
    message("step-id:play", "The showdown's plays, numbered 1, 2… in order."),
)
ASSIGN_ID = IdForm(
    "r{round}-assign-{side}",
    message(
        "step-id:assign",
        "Each player's combat damage assignment: r1-assign-attacker, then r1-assign-defender.",
    ),
)
DAMAGE_ID = IdForm("r{round}-damage", message("step-id:damage", "Combat damage."))
SHOWDOWN_END_ID = IdForm(
    "r{round}-showdown-end",
    message("step-id:showdown-end", "The end of a showdown without a combat."),
)
RESOLUTION_ID = IdForm(
    "r{round}-resolution",
    message("step-id:resolution", "The Resolution Step, which invokes the Combat Cleanup."),
)
CLEANUP_ID = IdForm(
    "r{round}-cleanup-{label}",
    message("step-id:cleanup", "The Combat Cleanup's steps 3a, 3b, 3c and 3d."),
)
ADD_ID = IdForm(
    "r{round}-{chain}-add-{n}",
    message(
        "step-id:add",
        "Waiting abilities going on a chain: opening when the designations are given, "
        "showdown-chain during the showdown, chain before the result, result-effects after it, "
        "control-effects after a Conquer, after-combat after the end of combat. The number "
        "counts the steps of the combat's chains, 1, 2…",
    ),
)
ITEM_ID = IdForm(
    "r{round}-{chain}-{n}",
    message("step-id:item", "An ability resolving: its first effect (its next ones: below)."),
)
PART_ID = IdForm(
    "r{round}-{chain}-{n}{part}",
    message("step-id:part", "The next effects of that ability, lettered b, c…"),
)
AFTER_ID = IdForm(
    "{after}-cleanup",
    message(
        "step-id:after",
        "The cleanup after a showdown play or an ability, when no unit has lethal damage; "
        "it starts with the play's or the ability's id.",
    ),
)
AFTER_STEP_ID = IdForm(
    "{after}-cleanup-{label}",
    message(
        "step-id:after-step",
        "That cleanup's steps 3a and 3b, when some unit has lethal damage; after the end of "
        "combat (r1-after-combat-cleanup-3a…), only when an expired effect leaves a unit with "
        "lethal damage.",
    ),
)
RESULT_ID = IdForm("r{round}-result", message("step-id:result", "The result of the combat."))
RESTAGE_ID = IdForm(
    "r{round}-restage", message("step-id:restage", "Another showdown and combat is staged.")
)
RESTAGED_ID = IdForm(
    "r{round}-restaged",
    message("step-id:restaged", "The example stops: the next combat is not part of it."),
)
CONTROL_ID = IdForm("r{round}-control", message("step-id:control", "Control and the Conquer."))
END_ID = IdForm("r{round}-end", message("step-id:end", "The end of the combat."))

# Every form, in the order of the procedure.
ID_FORMS = (
    START_ID,
    MOVE_ID,
    STAGE_ID,
    SHOWDOWN_ID,
    PLAY_ID,
    SHOWDOWN_END_ID,
    ASSIGN_ID,
    DAMAGE_ID,
    RESOLUTION_ID,
    CLEANUP_ID,
    ADD_ID,
    ITEM_ID,
    PART_ID,
    AFTER_ID,
    AFTER_STEP_ID,
    RESULT_ID,
    RESTAGE_ID,
    RESTAGED_ID,
    CONTROL_ID,
    END_ID,
)
