"""The scenario format, declared once: every field of a scenario file, its type and what it
refers to, in the words of ``engine.fields``.

Read by the JSON Schema (``engine.schema`` writes it out of ``SCENARIO``), by the loader
(its reference checks are one walk over the references this table declares), by the
in-browser editor (its fields, choices and renames: ``browser_engine.form``), by the
writers' guide and by the tests. Each kind of effect declares its own fields in its class
(``engine.effects``); this table takes them from there.

>>> refs = [path for path, node in declared(SCENARIO) if isinstance(node, Ref)]
>>> [path for path in refs if path.startswith("combat.") and "rounds" not in path]
['combat.attacker', 'combat.move[]', 'combat.first_on_chain', 'combat.trigger_order[][]']
"""

from __future__ import annotations

from dataclasses import replace

from engine.effects import EFFECTS, MAX_EFFECTS
from engine.fields import (
    LOCALIZED,
    NAME,
    Choice,
    Const,
    Either,
    Flag,
    Id,
    Integer,
    Kind,
    Map,
    Node,
    Obj,
    Ref,
    Seq,
    Whole,
    declared,
)
from engine.model import Designation, Trigger, Zone
from engine.steps import step_names

PLAYER = Ref((Kind.PLAYER,), description="A player's id.")
PLAYER_OR_NONE = Ref((Kind.PLAYER,), none=True, description="A player's id, or none.")
UNIT = Ref((Kind.UNIT,), description="A unit's id.")
ABILITY = Ref((Kind.ABILITY,), description="An ability, by its id or its unit's id.")
ZONE = Choice(tuple(z.value for z in Zone), define="zone")
# Where a replacement effect may send a unit that would die.
SENT_TO = Choice((Zone.HAND.value, Zone.BANISHMENT.value))
STEP_KIND = Choice(
    tuple(step_names()),
    description="A kind of step (as `python -m engine run --json` prints it), or a group such "
    "as chain-item.",
)
ABILITIES_IN_ORDER = Seq(ABILITY, unique=True)
TRIGGER_ORDER = Seq(
    replace(
        ABILITIES_IN_ORDER,
        min_items=2,
        description="One player's abilities that go on the chain together, in the order that "
        "player puts them there: the last resolves first.",
    ),
    description="The orders players choose for abilities that go on the chain together; each "
    "applies to the first group of exactly its abilities.",
)

EFFECT_KINDS = {key: replace(kind.body, define=key) for key, kind in EFFECTS.items()}
EFFECT = Obj(EFFECT_KINDS, exactly_one=tuple(EFFECTS), define="effect")
ABILITY_SPEC = Obj(
    {
        "when": Choice(
            tuple(t.value for t in Trigger),
            description="dies: when I die; damaged: when I'm dealt damage; attack: when I "
            "attack; defend: when I defend; another_dies: when another unit dies; win: when "
            "you win a combat here; conquer: when you conquer here.",
        ),
        "id": Id(
            Kind.ABILITY,
            description="Names it in trigger orders and chain checks (default: its unit's id).",
        ),
        "effects": Seq(
            EFFECT,
            min_items=1,
            max_items=MAX_EFFECTS,
            description="Several effects, resolved in the order written.",
        ),
        **EFFECT_KINDS,
    },
    ("when",),
    exactly_one=(*EFFECTS, "effects"),
    define="ability",
)
PLAY = Obj(
    {"player": PLAYER, **EFFECT_KINDS}, ("player",), exactly_one=tuple(EFFECTS), define="play"
)
ASSIGNMENT = Map(
    UNIT,
    Whole(),
    description="How much of its side's combat Might the player assigns each enemy unit "
    "(units left out: none).",
)
ROUND = Obj(
    {
        "showdown": Seq(PLAY),
        "assign": Map(
            PLAYER,
            ASSIGNMENT,
            description="Each player's combat damage assignment, checked for legality (lethal "
            "damage to one unit before the next, Tank first, all of the side's Might); a "
            "player left out: the engine makes a legal assignment and says it chose it.",
        ),
        "damage": Map(
            UNIT,
            Whole(),
            description="Both players' assignments at once: the combat damage each unit is "
            "assigned (an older form of assign, checked alike).",
        ),
    },
    at_most_one=("assign", "damage"),
    define="round",
)
UNIT_SPEC = Obj(
    {
        "id": Id(Kind.UNIT),
        "name": NAME,
        "owner": PLAYER,
        "controller": PLAYER,
        "might": Whole(),
        "at": ZONE,
        "damage": Whole(),
        "cant_move": Flag(),
        "assault": Whole(description="Assault N: +N Might while it is an attacker."),
        "shield": Whole(description="Shield N: +N Might while it is a defender."),
        "tank": Flag(
            description="Tank: assigned lethal combat damage before its side's units without Tank."
        ),
        "stunned": Flag(description="Stunned: it deals no combat damage."),
        "cant_be_dealt_damage": Flag(description="It can't be dealt damage."),
        "if_it_would_die": Either(
            (
                SENT_TO,
                Obj(
                    {
                        "to": SENT_TO,
                        "removes_death_trigger": Flag(
                            description="Whether it removes the card's death abilities, as its "
                            "card says (default: true, rule 808.1.d.1)."
                        ),
                    },
                    ("to",),
                ),
            ),
            description="A replacement effect: the card goes here instead of dying (hand or "
            "banishment), or {to: …, removes_death_trigger: false} for a card that keeps its "
            "death trigger.",
        ),
        "abilities": Seq(ABILITY_SPEC),
    },
    ("id", "name", "owner", "might", "at"),
)
COMBAT = Obj(
    {
        "attacker": Ref((Kind.PLAYER,), description="The player whose units move in."),
        "move": Seq(UNIT, min_items=1, unique=True),
        "rounds": Seq(
            ROUND,
            min_items=1,
            description="One showdown and combat each; a further round runs if a combat is "
            "staged again.",
        ),
        "first_on_chain": Ref(
            (Kind.PLAYER,),
            description="When both players have abilities waiting to go on the chain together, "
            "the player whose go on first (so resolve last). Default: the Attacker, as the turn "
            "player: this site's choice, not a rule our sources quote.",
        ),
        "trigger_order": TRIGGER_ORDER,
    },
    ("attacker", "move"),
)

# -- what a scenario expects ---------------------------------------------------------------

UNIT_CHECKS = Map(
    UNIT,
    Obj(
        {"zone": ZONE, "might": Integer(), "damage": Whole(), "controller": PLAYER},
        min_fields=1,
    ),
    description="For each unit id, the fields to check.",
)
ABSENT_UNITS = Seq(
    UNIT, unique=True, description="Units that must not exist: never created by an effect."
)
ABSENT_STEPS = Seq(
    STEP_KIND,
    unique=True,
    description="Kinds of step that must not happen (a step kind, or a group such as chain-item).",
)
DESIGNATIONS = Either(
    (
        Const("none"),
        Map(
            Ref((Kind.UNIT, Kind.PLAYER)),
            Choice((*(d.value for d in Designation), "none")),
        ),
    ),
    description="none (no unit or player has one), or for each unit or player id: attacker, "
    "defender or none.",
)
CHECKPOINT = Obj(
    {
        "step": Ref((Kind.STEP,), description="A step's id, e.g. r1-cleanup-3b."),
        "kind": replace(STEP_KIND, description="The kind of that step (or its group)."),
        "control": PLAYER_OR_NONE,
        "units": UNIT_CHECKS,
        "absent_units": ABSENT_UNITS,
        "absent_steps": replace(
            ABSENT_STEPS, description="Kinds of step that must not have happened up to this step."
        ),
        "designations": DESIGNATIONS,
        "chain": replace(
            ABILITIES_IN_ORDER,
            description="The abilities on the chain, oldest first: the last resolves first.",
        ),
    },
    ("step",),
)


def expectation(**extra: Node) -> dict[str, Node]:
    """The fields an expected outcome may check (``extra`` added)."""
    return {
        "result": Either(
            (Const("none"), Obj({"winner": PLAYER, "loser": PLAYER}, ("winner", "loser")))
        ),
        "restaged": Flag(
            description="Whether another showdown and combat was staged at least once."
        ),
        "control": PLAYER_OR_NONE,
        "conquer": Either(
            (Const("none"), Obj({"player": PLAYER, "points": Whole()}, ("player", "points")))
        ),
        "scores": Map(PLAYER, Whole()),
        "units": UNIT_CHECKS,
        "killed": Seq(UNIT),
        "recalled": Seq(UNIT),
        "absent_units": ABSENT_UNITS,
        "absent_steps": ABSENT_STEPS,
        "designations": replace(
            DESIGNATIONS, description="Designations once the combat is over (none: nobody has one)."
        ),
        "step_order": Seq(
            Ref((Kind.STEP,)),
            min_items=2,
            unique=True,
            description="Step ids that must happen in this order (others may come between).",
        ),
        "checkpoints": Seq(CHECKPOINT),
        **extra,
    }


EXPECTED = Obj(
    expectation(
        every_trigger_order=Flag(
            description="Verify these expectations under every order players may choose for "
            "abilities going on the chain together (those listed in other_trigger_orders have "
            "their own)."
        ),
        other_trigger_orders=Seq(
            Obj(expectation(trigger_order=TRIGGER_ORDER), ("trigger_order",)),
            description="What other orders give: each a trigger_order and the expectations "
            "under it.",
        ),
        differs_under=Seq(
            TRIGGER_ORDER,
            min_items=1,
            description="Orders of the abilities that wait together under which the outcome "
            "differs from the one shown (result, control, Conquer, scores or where units end), "
            "each as combat.trigger_order states it.",
        ),
        every_assignment=Flag(
            description="Verify these expectations under every legal combat damage assignment "
            "of every player (those listed in other_assignments have their own)."
        ),
        other_assignments=Seq(
            Obj(
                expectation(
                    round=Whole(description="The showdown and combat it applies to (default 1)."),
                    assign=Map(
                        PLAYER,
                        ASSIGNMENT,
                        description="The assignments made instead of the round's own, as "
                        "combat.rounds[].assign states them.",
                    ),
                ),
                ("assign",),
            ),
            description="What other combat damage assignments give: each an assign (and its "
            "round) and the expectations under it.",
        ),
    ),
    ("result",),
    description="What the engine must find; at least the result.",
)

SCENARIO = Obj(
    {
        "id": Id(),
        "title": LOCALIZED,
        "caption": LOCALIZED,
        "players": Seq(
            Obj({"id": Id(Kind.PLAYER), "name": NAME, "score": Whole()}, ("id", "name")),
            min_items=2,
        ),
        "battlefield": Obj(
            {
                "name": NAME,
                "controller": Ref(
                    (Kind.PLAYER,), none=True, description="The player who controls it, or none."
                ),
                "scored_this_turn": Seq(
                    PLAYER,
                    unique=True,
                    description="Players who already scored this battlefield this turn (by Hold "
                    "or Conquer).",
                ),
            },
            ("name", "controller"),
        ),
        "units": Seq(UNIT_SPEC, min_items=2),
        "combat": COMBAT,
        "expected": EXPECTED,
    },
    # A worked example must also have a title, a caption and its expected outcome (the site
    # checks that); a board asked of the engine need not.
    ("id", "players", "battlefield", "units", "combat"),
    description="The board before a combat, what happens in it, and the expected outcome. See "
    "'Writing for this site'.",
)

__all__ = ["SCENARIO", "declared"]
