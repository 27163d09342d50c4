"""The combat procedure, from the move to the end of combat (Core Rules v1.4, 459–466).

``run_combat(scenario)`` plays a scenario and returns its outcome with the
full trace. Each step is recorded by its entry in ``engine.steps`` (which
holds its rules and words); ``tests/engine`` holds a test per rule. The order
of the procedure:

1. the move (459). Onto enemy units, a combat is staged; onto none, a showdown
   without combat begins (341), which becomes a combat's if units of another
   player arrive during it;
2. the Attacker and Defender designations (459); "when I attack" and "when I
   defend" abilities they trigger form the showdown's first chain (341, 327);
3. the showdown (341): each play resolves, then a cleanup (318), then the
   abilities it triggered go on the chain and resolve, all before combat damage;
4. the damage step (465): each player assigns its side's combat Might (the
   Attacker first: ``engine.assignment``), and damage is dealt all at once;
5. the Resolution Step (466) invokes a Combat Cleanup (466.1.a, 324.1):
   3a death abilities recorded (323.4), 3b lethal units killed (323.5),
   3c all units healed (466.1.a.1), 3d attackers recalled if defenders remain
   (466.1.a.2);
6. the chain (327), newest item first, a cleanup (318) after each item;
7. the result (466.3) on the board as it now is;
8. result effects, then control (466.5) and the Conquer (466.5.d, 470);
9. the end of combat (466.7.a, 466.7.c); a restaged combat runs the
   scenario's next round.

A showdown that ends without a combat has no damage step and no Combat Cleanup:
the player with units there establishes control, with a Conquer (341, 188, 469.1).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property

from diagnostics import NodePath, Param, Problem, ProblemsFound
from engine import refusals as R
from engine import steps as S
from engine.assignment import Illegal, Reason, Target, illegal, only_assignment
from engine.effects import Ability, Effect, Resolved
from engine.fields import Kind
from engine.model import IN_PLAY, Board, Designation, Lasting, Trigger, Unit, Void, Zone
from engine.orders import Choice, Chooser, Chosen, Replay, StatedOrders
from engine.scenario import Round, Scenario
from engine.summary import Conquest, Result, Summary, UnitEnd
from engine.trace import Record, Snapshot, Step, UnitState
from vocabulary import Message

# Abilities that trigger each other forever are a scenario error, not a hang.
MAX_CHAIN_ITEMS = 500


@dataclass(frozen=True, slots=True)
class ChainItem:
    """A triggered ability waiting on the chain, with its source's last known information."""

    source: str
    controller: str
    might: int
    trigger: Trigger
    effects: tuple[Effect, ...]
    ability: str  # its name in trigger orders and chain checks
    number: int  # its place among its unit's abilities (1, 2…)
    shown: int = 0  # the number steps name it by: where its unit had others going on with it


def ability_sources(items: list[ChainItem]) -> tuple[tuple[str, int], ...]:
    """The items' units, and each item's number where its unit has more than one different
    ability here (the same ability twice is named alike twice)."""
    units = [i.source for i in items]
    if len(set(units)) == len(units):  # the usual case: one ability a unit
        return tuple((unit, 0) for unit in units)
    numbers: dict[str, set[int]] = {}
    for item in items:
        numbers.setdefault(item.source, set()).add(item.number)
    return tuple((i.source, i.number if len(numbers[i.source]) > 1 else 0) for i in items)


@dataclass(slots=True)  # not frozen: made at every damage step of every run, never changed
class Assignment:
    """One player's combat damage assignment in a run: what each enemy unit was assigned (in
    board order, units assigned nothing included), and how it was decided."""

    step: str
    player: str
    amounts: tuple[tuple[str, int], ...]
    chosen: Chosen


# What one player assigns in a round, as ``combat.rounds[].assign`` states it.
Amounts = tuple[tuple[str, int], ...]
# Why a stated assignment is refused, said by its reason.
# A step that changes nothing shares the board of the step before it (``record``'s ``same``):
# a run that records its boards makes fewer. False: every step makes its own (the tests
# compare the two).
SHARE_BOARDS = True

ILLEGAL = {
    Reason.TOTAL: R.ASSIGN_TOTAL,
    Reason.LETHAL_FIRST: R.ASSIGN_LETHAL_FIRST,
    Reason.OVER: R.ASSIGN_OVER,
    Reason.SPLIT_EXCESS: R.ASSIGN_SPLIT_EXCESS,
    Reason.TANK: R.ASSIGN_TANK,
    Reason.TANK_EXCESS: R.ASSIGN_TANK_EXCESS,
}


@dataclass(frozen=True)
class Outcome:
    """What a combat gave: the result, control, the Conquer, where every unit ended.

    ``trace`` is every step without its board; ``steps`` the same steps with the board after
    each, as a reader sees them: recorded by a run that was asked for them, otherwise made on
    first use by playing the combat again with the same choices (a run that only needs its
    outcome makes no board but the last)."""

    winner: str | None
    loser: str | None
    restaged: bool
    fought: bool  # a combat took place (a showdown may end without one)
    control_before: str | None
    control_after: str | None
    conquered_by: str | None
    points_scored: int
    scores: dict[str, int]
    units: dict[str, UnitState]  # every unit as the combat left it
    killed: tuple[str, ...]
    recalled: tuple[str, ...]
    trace: tuple[Record, ...]
    final: Snapshot = field(repr=False)  # the board after the last step
    board: Board = field(repr=False)
    # Each order a player chose for abilities going on the chain together, in turn.
    choices: tuple[Choice, ...] = ()
    # Each player's combat damage assignment, in turn.
    assignments: tuple[Assignment, ...] = ()
    # The board after each step, or how to make them (the same run again, recording them).
    boards: tuple[Snapshot, ...] | Callable[[], tuple[Snapshot, ...]] = field(
        default=(), repr=False, compare=False
    )

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        """Every step with the board after it (``engine.trace.Step``)."""
        boards = self.boards if isinstance(self.boards, tuple) else self.boards()
        return tuple(Step(*record, board) for record, board in zip(self.trace, boards, strict=True))

    @property
    def summary(self) -> Summary:
        """What this outcome says (``engine.summary``), compared by meaning."""
        return Summary(
            result=Result(self.winner, self.loser),
            restaged=self.restaged,
            fought=self.fought,
            control_before=self.control_before,
            control=self.control_after,
            conquer=Conquest(self.conquered_by, self.points_scored) if self.conquered_by else None,
            scores=dict(self.scores),
            killed=self.killed,
            recalled=self.recalled,
            units={
                unit.id: UnitEnd(
                    unit.zone, unit.zone_player, unit.controller, unit.might, unit.damage
                )
                for unit in self.units.values()
            },
        )


class Side:
    """One player's side at the damage step: its units there, its combat Might, and the enemy
    units it may assign damage to (``engine.assignment.Target``)."""

    __slots__ = ("might", "name", "own", "player", "targets")

    def __init__(self, name: str, player: str, own: list[Unit], enemy: list[Unit], board: Board):
        self.name, self.player, self.own = name, player, own
        self.might = 0
        for unit in own:
            self.might += board.combat_might(unit)
        self.targets = tuple([Target(u.id, board.lethal_remaining(u), u.tank) for u in enemy])


class CombatRun:
    """One run of a scenario. Use ``run_combat``; the methods follow the procedure."""

    def __init__(
        self, scenario: Scenario, chooser: Chooser | None = None, boards: bool = True
    ) -> None:
        self.scenario = scenario
        self.chooser: Chooser = chooser or StatedOrders(
            scenario.combat.trigger_order, scenario.path
        )
        self.choices: list[Choice] = []
        self.assignments: list[Assignment] = []
        # What the chooser answered, in turn: a run with the same answers plays the same.
        self.answers: list[tuple[tuple[int, ...], Chosen]] = []
        self.board = scenario.new_board()
        self.trace: list[Record] = []
        # The board after each step, when asked for (``Outcome.steps`` otherwise makes them).
        self.boards: list[Snapshot] | None = [] if boards else None
        self.round = 0
        self.pending: list[ChainItem] = []
        self.chain: list[ChainItem] = []
        self.killed: list[str] = []
        self.recalled: list[str] = []
        self.recalled_this_combat = 0
        self.conquered_by: str | None = None
        self.points = 0
        self.attacker = scenario.combat.attacker
        self.defender = ""
        self.fighting = False  # a combat is under way (not only a showdown)
        self.fought = False  # a combat took place (an open showdown may end without one)
        self.played = 0
        self.chain_items = 0  # numbers chain steps: chain-1, chain-2, …
        self.winner: str | None = None
        self.loser: str | None = None
        self.control_before: str | None = None
        self.restaged = False  # a new showdown and combat was staged at least once
        self.at_damage = False  # paused before a round's damage step (``proceed``)

    # -- recording -------------------------------------------------------

    def record(
        self,
        where: S.IdForm,
        phase: str,
        kind: S.StepKind,
        params: object = S.Nothing(),
        **parts: object,
    ) -> str:
        """Record a step of ``kind`` with its id of the form ``where``; return the id."""
        return self.recorded(where, phase, kind, params, parts, same=False)

    def unchanged(
        self,
        where: S.IdForm,
        phase: str,
        kind: S.StepKind,
        params: object = S.Nothing(),
        **parts: object,
    ) -> str:
        """Record a step that changed nothing on the board (nor the chain) since the last
        one: it shares that step's board (``SHARE_BOARDS``; tests/engine check each such step)."""
        return self.recorded(where, phase, kind, params, parts, same=True)

    def recorded(
        self,
        where: S.IdForm,
        phase: str,
        kind: S.StepKind,
        params: object,
        parts: dict[str, object],
        same: bool,
    ) -> str:
        if params.__class__ is not kind.params:
            raise TypeError(f"step {kind.key} takes {kind.params.__name__}, not {params!r}")
        step_id = where.id(round=self.round, **parts) if parts else where.of_round(self.round)
        self.trace.append((step_id, phase, kind, params))
        boards = self.boards
        if boards is not None:
            if same and boards and SHARE_BOARDS:
                boards.append(boards[-1])
            else:
                chain = tuple([item.ability for item in self.chain]) if self.chain else ()
                boards.append(Snapshot.of(self.board, chain))
        return step_id

    def fail(self, at: NodePath, said: Message, **params: Param) -> ProblemsFound:
        """The scenario cannot be played on: its field ``at`` does not fit the board as it is."""
        line = self.scenario.line_of(*at)
        return ProblemsFound([R.refuse(self.scenario.path, line, said, at, **params)])

    # -- what effects may use (engine.effects.Table) ----------------------

    @property
    def in_combat(self) -> bool:
        return self.fighting

    def prevent(self, unit_id: str, amount: int) -> tuple[int, int]:
        """Apply this combat's prevention shields; return (dealt, prevented)."""
        prevented = 0
        for effect in self.board.effects:
            if effect.kind is Lasting.PREVENT and effect.target == unit_id and effect.amount:
                used = min(effect.amount, amount - prevented)
                effect.amount -= used
                prevented += used
        return amount - prevented, prevented

    def triggered(self, unit: Unit, trigger: Trigger) -> bool:
        """Record the unit's abilities for ``trigger`` with its last known information."""
        if not unit.abilities:
            return False
        fired = [(n, a) for n, a in enumerate(unit.abilities, 1) if a.trigger is trigger]
        for number, ability in fired:
            self.pending.append(self.item(unit, ability, number))
        return bool(fired)

    def new_unit_id(self, wanted: str) -> str:
        unit_id = wanted
        while unit_id in self.board.units:  # the same ability may resolve twice
            self.played += 1
            unit_id = f"{wanted}-{self.played}"
        return unit_id

    def kill(self, unit: Unit) -> Zone:
        """An effect kills ``unit``: as a cleanup kills (its death abilities recorded first,
        a replacement effect applied, other units seeing it die), at once."""
        if unit.instead_of_dying is None or unit.keeps_death_trigger:
            self.triggered(unit, Trigger.DIES)
        unit.damage = 0
        unit.designation = None
        if unit.instead_of_dying is not None:
            unit.zone = unit.instead_of_dying
            return unit.zone
        unit.zone = Zone.TRASH
        self.killed.append(unit.id)
        return Zone.TRASH

    def leave(self, unit: Unit, zone: Zone) -> None:
        unit.zone = zone
        unit.damage = 0
        unit.designation = None
        if zone is Zone.BASE:
            self.recalled.append(unit.id)

    def witnesses(self, dead: list[Unit]) -> tuple[str, ...]:
        """Units in play, not among ``dead``, whose "when another unit dies" abilities these
        deaths trigger: once for each death (units dying together do not see each other)."""
        if not dead:
            return ()
        seen = []
        for unit in self.board.units.values():
            if unit.abilities and unit.zone in IN_PLAY and unit not in dead:
                for _ in dead:
                    if self.triggered(unit, Trigger.ANOTHER_DIES):
                        seen.append(unit.id)
        return tuple(dict.fromkeys(seen))

    # -- the procedure ---------------------------------------------------

    def run(self) -> Outcome:
        self.control_before = self.board.controller
        if self.control_before:
            self.record(S.START_ID, "start", S.START_CONTROLLED, S.Controller(self.control_before))
        else:
            self.record(S.START_ID, "start", S.START_UNCONTROLLED)
        self.move()
        self.round, self.at_damage = 1, False
        return self.proceed()

    def proceed(self) -> Outcome:
        """Play on from where the run is: the start of a round, or its damage step
        (``at_damage``: a run paused there, or a copy of one, ``fork``)."""
        rounds = self.scenario.combat.rounds
        while True:
            script = rounds[self.round - 1]
            if not self.at_damage:
                self.fighting = self.fighting or self.round > 1  # staged again: a combat
                if self.fighting:
                    self.stage(S.STAGE)
                self.showdown(script)
                if not self.fighting:
                    self.end_open_showdown()
                    break
                self.at_damage = True
                self.chooser.before_damage(self)
            self.at_damage = False
            self.damage_step(script)
            self.combat_cleanup()
            self.resolve_chain("chain")
            staged_again = self.determine_result()
            if not staged_again:
                self.establish_control()
            self.end_combat()
            self.after_combat()
            if not staged_again:
                break
            self.restaged = True
            if self.round == len(rounds):
                self.record(S.RESTAGED_ID, "result", S.RESTAGED_UNSCRIPTED)
                break
            self.round += 1
        problems = self.chooser.finish()
        if problems:
            raise ProblemsFound(problems)
        return self.outcome(self.control_before, self.restaged)

    def fork(self, chooser: Chooser) -> CombatRun:
        """A copy of this run, as it is between two steps, that plays on with ``chooser``:
        exploring choices starts each run from the board before the choice it changes."""
        other = copy.copy(self)
        other.chooser = chooser
        other.board = self.board.copy()
        other.trace = list(self.trace)
        other.boards = None if self.boards is None else list(self.boards)
        for name in ("pending", "chain", "killed", "recalled", "choices", "assignments", "answers"):
            setattr(other, name, list(getattr(self, name)))
        return other

    def move(self) -> None:
        """Units move from their base to the battlefield (459): onto enemy units a combat is
        staged; onto none, a showdown begins without a combat (341)."""
        combat = self.scenario.combat
        for unit_id in combat.move:
            self.board.units[unit_id].zone = Zone.BATTLEFIELD
        others = [p for p in self.board.players_present() if p != self.attacker]
        self.fighting = bool(others)
        kind = S.MOVE if others else S.MOVE_OPEN
        self.record(S.MOVE_ID, "move", kind, S.Moved(self.attacker, tuple(combat.move)))
        if others:
            self.defender = others[0]

    def stage(self, kind: S.StepKind) -> None:
        """Attacker and Defender designations for the players and their units there (459);
        the "when I attack" and "when I defend" abilities they trigger open the showdown with
        its first chain."""
        for player in self.board.players.values():
            player.designation = None
        self.board.players[self.attacker].designation = Designation.ATTACKER
        self.board.players[self.defender].designation = Designation.DEFENDER
        here = self.board.at_battlefield()
        for unit in here:
            unit.designation = self.board.players[unit.controller].designation
        self.recalled_this_combat = 0
        self.record(S.STAGE_ID, "stage", kind, S.Staged(self.attacker, self.defender))
        for unit in here:
            if unit.abilities:
                attacks = unit.designation is Designation.ATTACKER
                self.triggered(unit, Trigger.ATTACK if attacks else Trigger.DEFEND)
        # Given at the move, they open the showdown; given in it (a unit arriving), its chain.
        self.resolve_chain("opening" if kind is S.STAGE else "showdown-chain")

    def showdown(self, script: Round) -> None:
        """The showdown (341): each play resolves in turn, then a cleanup, then the abilities
        it triggered go on the chain and resolve; then both players pass. In a showdown
        without a combat, units of another player arriving make it a combat's."""
        if not script.showdown:
            self.unchanged(S.SHOWDOWN_ID, "showdown", S.SHOWDOWN_PASS)
            return
        for number, play in enumerate(script.showdown, start=1):
            done = play.effect.apply(self, play.player, 0)
            if done is None:
                at: NodePath = ("combat", "rounds", self.round - 1, "showdown", number - 1)
                if play.effect.target is None:
                    raise self.fail(at, R.NOBODY_WHEN_PLAYED)
                unit = R.named(Kind.UNIT, play.effect.target)
                raise self.fail((*at, play.effect.key, "to"), R.GONE_WHEN_PLAYED, unit=unit)
            dead = [self.board.units[done.target]] if done.zone is Zone.TRASH else []
            step_id = self.record(
                S.PLAY_ID,
                "showdown",
                played_kind(play.effect, done),
                S.Played(
                    play.player,
                    done.target,
                    done.amount,
                    done.zone,
                    done.targets,
                    done.spared,
                    replaced_by(play.effect, self.board.units.get(done.target), done),
                    self.witnesses(dead),
                ),
                n=number,
            )
            self.cleanup(step_id)
            self.resolve_chain("showdown-chain")
            if not self.fighting:
                self.arrivals()

    def arrivals(self) -> None:
        """A showdown without a combat becomes a combat's when units of another player are at
        the battlefield with the Attacker's: the designations are given at once."""
        others = [p for p in self.board.players_present() if p != self.attacker]
        if others and self.attacker in self.board.players_present():
            self.defender = others[0]
            self.fighting = True
            self.stage(S.STAGE_IN_SHOWDOWN)

    def end_open_showdown(self) -> None:
        """A showdown without a combat ends: no damage step, no Combat Cleanup; the only
        player with units there establishes control, which is a Conquer (341, 188, 469.1)."""
        self.record(S.SHOWDOWN_END_ID, "showdown", S.SHOWDOWN_ENDS_OPEN)
        board = self.board
        present = board.players_present()
        if not present:
            self.record(S.CONTROL_ID, "control", S.OPEN_NOBODY)
            return
        player = present[0]
        if board.controller == player:
            self.record(S.CONTROL_ID, "control", S.OPEN_KEPT, S.PlayerNamed(player))
            return
        board.controller = player
        if player in board.scored_this_turn:
            self.record(S.CONTROL_ID, "control", S.OPEN_NO_CONQUER, S.PlayerNamed(player))
            return
        self.conquer(player, S.OPEN_CONQUER)

    def damage_step(self, script: Round) -> None:
        """Combat damage (465): each player assigns its side's combat Might among the enemy
        units there, the Attacker first; then it is dealt, all at once."""
        board = self.board
        here = board.at_battlefield()
        attackers = [u for u in here if u.controller == self.attacker]
        defenders = [u for u in here if u.controller == self.defender]
        sides = (
            Side("attacker", self.attacker, attackers, defenders, board),
            Side("defender", self.defender, defenders, attackers, board),
        )
        stated: list[tuple[int, ...] | None] = []
        problems: list[Problem] = []
        for side in sides:
            try:  # both players' assignments are checked before either is made
                stated.append(self.stated_assignment(script, side))
            except ProblemsFound as found:
                problems += [p for p in found.problems if p not in problems]
        if problems:
            raise ProblemsFound(problems)
        hits = []
        for side, given in zip(sides, stated, strict=True):
            for unit_id, amount in self.assign(side, given):
                unit = board.units[unit_id]
                if unit.cant_be_dealt_damage:
                    hits.append(S.Hit(unit_id, amount, 0, 0, immune=True))
                    continue
                dealt, prevented = self.prevent(unit_id, amount) if board.effects else (amount, 0)
                hits.append(S.Hit(unit_id, amount, prevented, dealt))
        for hit in hits:
            board.units[hit.unit].damage += hit.dealt
        dealt = any(hit.assigned for hit in hits)
        self.record(
            S.DAMAGE_ID, "damage", S.DAMAGE if dealt else S.DAMAGE_NONE, S.Damage(tuple(hits))
        )
        for hit in hits:
            if hit.dealt > 0 and (unit := board.units[hit.unit]).abilities:
                self.triggered(unit, Trigger.DAMAGED)

    def assign(self, side: Side, stated: tuple[int, ...] | None) -> Amounts:
        """What ``side``'s player assigns, recorded as a step: as the scenario states it
        (checked legal), or as the chooser decides."""
        targets, might = side.targets, side.might
        step_id = S.ASSIGN_ID.id(round=self.round, side=side.name)
        amounts = self.chooser.assign(side.player, step_id, might, targets, stated)
        chosen = self.chooser.chosen
        self.answers.append((amounts, chosen))
        pairs = tuple(zip([t.unit for t in targets], amounts, strict=True))
        self.assignments.append(Assignment(step_id, side.player, pairs, chosen))
        tanks = [t.unit for t in targets if t.tank]
        params = S.Assigned(
            side.player,
            might,
            tuple([S.Share(unit, amount) for unit, amount in pairs if amount]),
            tuple(tanks) if len(tanks) < len(targets) else (),  # said only beside others
            tuple([u.id for u in side.own if u.stunned]),
            boosts(side.own),
        )
        kind = (
            S.ASSIGN_NO_UNITS
            if not side.own
            else S.ASSIGN_NO_TARGET
            if not targets
            else S.ASSIGN_NOTHING
            if not might
            else S.ASSIGN_ONLY
            if chosen is not Chosen.STATED and only_assignment(might, targets)
            else S.ASSIGNED_BY[chosen]
        )
        self.unchanged(S.ASSIGN_ID, "damage", kind, params, side=side.name)
        return pairs

    def stated_assignment(self, script: Round, side: Side) -> tuple[int, ...] | None:
        """What the scenario states ``side``'s player assigns (its ``assign``, or its share of
        the older ``damage``, both players' at once), checked: None if it states nothing."""
        r, player = self.round - 1, side.player
        at: NodePath
        if player in script.assign:
            given, at, both = (
                script.assign[player],
                ("combat", "rounds", r, "assign", player),
                False,
            )
        elif script.damage is not None:
            given, at, both = script.damage, ("combat", "rounds", r, "damage"), True
        else:
            return None
        place = {t.unit: i for i, t in enumerate(side.targets)}
        own = {u.id for u in side.own}
        amounts = [0] * len(side.targets)
        for unit_id, amount in given.items():
            i = place.get(unit_id)
            if i is not None:
                amounts[i] = amount
            elif unit_id in own:
                if not both:  # in damage, the other player's assignment to this side
                    raise self.fail(
                        (*at, unit_id),
                        R.ASSIGN_OWN_UNIT,
                        unit=R.named(Kind.UNIT, unit_id),
                        player=R.named(Kind.PLAYER, player),
                    )
            else:
                raise self.fail((*at, unit_id), R.NOT_IN_COMBAT, unit=R.named(Kind.UNIT, unit_id))
        wrong = illegal(side.might, side.targets, amounts)
        if wrong is not None:
            raise self.refuse_assignment(wrong, at, player, side.might)
        return tuple(amounts)

    def refuse_assignment(
        self, wrong: Illegal, at: NodePath, player: str, might: int
    ) -> ProblemsFound:
        """An assignment the rules do not allow, said with its reason beside the field."""
        where = at if wrong.reason is Reason.TOTAL else (*at, wrong.unit)
        return self.fail(
            where,
            ILLEGAL[wrong.reason],
            player=R.named(Kind.PLAYER, player),
            unit=R.named(Kind.UNIT, wrong.unit),
            other=R.named(Kind.UNIT, wrong.other),
            lethal=wrong.lethal,
            **({"count": wrong.assigned} if wrong.reason is Reason.TOTAL else {}),
            assigned=wrong.assigned,
            might=might,
        )

    def combat_cleanup(self) -> None:
        """The Resolution Step's Combat Cleanup, in label order 3a, 3b, 3c, 3d."""
        self.unchanged(S.RESOLUTION_ID, "cleanup", S.RESOLUTION)
        self.cleanup_kill(combat=True)
        for unit in self.board.units.values():
            if unit.damage and unit.zone in IN_PLAY:
                unit.damage = 0
        self.record(S.CLEANUP_ID, "cleanup", S.HEAL, label="3c")
        defenders_remain, attackers = False, []
        for unit in self.board.at_battlefield():
            if unit.designation is Designation.DEFENDER:
                defenders_remain = True
            elif unit.designation is Designation.ATTACKER:
                attackers.append(unit)
        if defenders_remain and attackers:
            for unit in attackers:
                unit.zone = Zone.BASE
                unit.designation = None
            self.recalled += [u.id for u in attackers]
            self.recalled_this_combat = len(attackers)
            stuck = tuple(u.id for u in attackers if u.cant_move)
            recalled = S.Recalled(tuple(u.id for u in attackers), stuck)
            self.record(S.CLEANUP_ID, "cleanup", S.RECALL, recalled, label="3d")
        elif attackers:
            self.unchanged(S.CLEANUP_ID, "cleanup", S.RECALL_NONE_NO_DEFENDERS, label="3d")
        else:
            self.unchanged(S.CLEANUP_ID, "cleanup", S.RECALL_NONE_NO_ATTACKERS, label="3d")

    def cleanup_kill(
        self, combat: bool, after: str = "", quiet: bool = True, ended: bool = False
    ) -> None:
        """Steps 3a and 3b of any cleanup: record death abilities, then kill lethal units.

        A cleanup after a play or a chain item (``after``: its step's id) is one quiet step
        when no unit has lethal damage (``quiet``); the one after the end of combat
        (``ended``) is none.
        """
        might = self.board.might  # is_lethal, without a call for each unit with no damage
        dying = [
            u
            for u in self.board.units.values()
            if u.damage and u.zone in IN_PLAY and u.damage >= might(u)
        ]
        if not combat and not dying:
            if quiet:
                self.unchanged(S.AFTER_ID, "chain", S.CLEANUP_NONE, after=after)
            return
        form, parts = (S.CLEANUP_ID, {}) if combat else (S.AFTER_STEP_ID, {"after": after})
        phase = "cleanup" if combat else "chain"
        recorded = tuple(
            [
                u.id
                for u in dying
                if (u.instead_of_dying is None or u.keeps_death_trigger)
                and self.triggered(u, Trigger.DIES)
            ]
        )
        if dying:
            kind = (
                S.DEATH_TRIGGERS
                if combat
                else S.ENDED_DEATH_TRIGGERS
                if ended
                else S.CLEANUP_DEATH_TRIGGERS
            )
            dead = S.Dying(tuple([u.id for u in dying]), recorded)
            self.unchanged(form, phase, kind, dead, label="3a", **parts)
        else:
            self.unchanged(form, phase, S.NO_LETHAL, label="3a", **parts)
        replaced: list[S.Replaced] = []
        for unit in dying:
            unit.damage = 0
            unit.designation = None
            if unit.instead_of_dying is None:
                unit.zone = Zone.TRASH
                self.killed.append(unit.id)
                continue
            unit.zone = unit.instead_of_dying
            replaced.append(replacement_of(unit, unit.id in recorded))
        killed = [u for u in dying if u.instead_of_dying is None]
        seen = self.witnesses(killed) if killed else ()
        self.record(
            form,
            phase,
            S.KILL if killed else S.KILL_NONE,
            S.Killed(tuple([u.id for u in killed]), tuple(replaced), seen),
            label="3b",
            **parts,
        )

    def cleanup(self, after: str, quiet: bool = True) -> None:
        """A cleanup after a showdown play or chain item (318): lethal units die."""
        self.cleanup_kill(combat=False, after=after, quiet=quiet)

    def item(self, unit: Unit, ability: Ability, number: int) -> ChainItem:
        return ChainItem(
            unit.id,
            unit.controller,
            self.board.might(unit),
            ability.trigger,
            ability.effects,
            ability.name(unit.id),
            number,
        )

    def put_on_chain(self, step_id: str) -> S.Added:
        """The waiting abilities go on the chain: the Attacker's first (the turn player's, our
        default) unless the scenario states whose go first, then the other player's; each
        player orders their own."""
        first = self.scenario.combat.first_on_chain or self.attacker
        seats = [first, *(p for p in self.board.players if p != first)]
        pending = {i.controller for i in self.pending}
        waiting = [p for p in seats if p in pending]
        orders: list[S.Ordered] = []
        placed: list[ChainItem] = []
        for player in waiting:
            items = [i for i in self.pending if i.controller == player]
            if len(items) > 1:
                names = tuple(i.ability for i in items)
                alike = tuple((i.ability, i.source, i.might) for i in items)  # same if equal
                indices = self.chooser.order(player, names, step_id, alike)
                items = [items[i] for i in indices]
                chosen = self.chooser.chosen
                self.answers.append((indices, chosen))
                named = ability_sources(items)
                self.choices.append(
                    Choice(step_id, player, tuple(i.ability for i in items), chosen, named)
                )
                orders.append(S.Ordered(player, named, chosen))
            placed += items
        sources = ability_sources(placed)
        self.chain += [
            replace(i, shown=n) if n else i for i, (_, n) in zip(placed, sources, strict=True)
        ]
        self.pending = []
        stated = self.scenario.combat.first_on_chain is not None
        seating = (S.Seating(waiting[0], waiting[1], stated),) if len(waiting) > 1 else ()
        return S.Added(sources, seating, tuple(orders))

    def resolve_item(self, item: ChainItem, label: str, number: int) -> None:
        """Each effect of the ability, in the order written, a step each; then a cleanup."""
        item_id = ""
        for part, effect in enumerate(item.effects):
            done = effect.apply(self, item.controller, item.might)
            kind = chain_kind(effect, done, then=part > 0)
            if part == 0:
                where, parts = S.ITEM_ID, {}
            else:
                where, parts = S.PART_ID, {"part": chr(ord("a") + part)}
            done = done or Resolved(effect.target or "")
            dead = [self.board.units[done.target]] if done.zone is Zone.TRASH else []
            step_id = self.record(
                where,
                "chain",
                kind,
                S.Resolution(
                    (item.source, item.shown),
                    item.trigger,
                    item.controller,
                    done.target,
                    done.amount,
                    done.zone,
                    done.targets,
                    done.spared,
                    replaced_by(effect, self.board.units.get(done.target), done),
                    self.witnesses(dead),
                ),
                chain=label,
                n=number,
                **parts,
            )
            if part == 0:
                item_id = step_id
        self.cleanup(item_id)

    def resolve_chain(self, label: str) -> None:
        """Put waiting abilities on the chain; resolve the newest first, each followed by a cleanup."""
        while self.pending or self.chain:
            if self.pending:
                self.chain_items += 1
                parts = {"chain": label, "n": self.chain_items}
                added = self.put_on_chain(S.ADD_ID.id(round=self.round, **parts))
                self.record(S.ADD_ID, "chain", S.CHAIN_ADDS[label], added, **parts)
                continue
            if self.chain_items > MAX_CHAIN_ITEMS:
                raise self.fail(("combat",), R.CHAIN_NEVER_ENDS)
            item = self.chain.pop()
            self.chain_items += 1
            self.resolve_item(item, label, self.chain_items)

    def determine_result(self) -> bool:
        """The result (466.3) on the board as it is now; True if a new combat is staged."""
        present = set(self.board.players_present())
        both = {self.attacker, self.defender} <= present
        self.winner = self.loser = None
        params: object = None
        if self.recalled_this_combat:
            kind = S.NO_RESULT_RECALLED
            params = S.RecalledResult(self.recalled_this_combat)
        elif both:
            kind = S.NO_RESULT_BOTH
        elif not present & {self.attacker, self.defender}:
            kind = S.NO_RESULT_NEITHER
        else:
            (self.winner,) = present & {self.attacker, self.defender}
            self.loser = self.defender if self.winner == self.attacker else self.attacker
            kind = S.WIN
        self.unchanged(S.RESULT_ID, "result", kind, params or S.Result(self.winner, self.loser))
        if self.winner:
            for unit in self.board.at_battlefield():
                if unit.controller == self.winner:
                    self.triggered(unit, Trigger.WIN)
            self.resolve_chain("result-effects")
        if both:
            self.unchanged(S.RESTAGE_ID, "result", S.RESTAGE)
        return both

    def establish_control(self) -> None:
        """Control (466.5): the player with units here takes it; nobody keeps an empty one."""
        board = self.board
        present = board.players_present()
        if not present:
            before = board.controller
            board.controller = None
            if before:
                self.record(S.CONTROL_ID, "control", S.UNCONTROLLED, S.PlayerNamed(before))
            else:
                self.unchanged(S.CONTROL_ID, "control", S.STAYS_UNCONTROLLED)
        elif len(present) > 1:
            self.unchanged(S.CONTROL_ID, "control", S.CONTROL_CONTESTED)
        elif board.controller == present[0]:
            self.unchanged(S.CONTROL_ID, "control", S.CONTROL_KEPT, S.PlayerNamed(present[0]))
        else:
            player = present[0]
            board.controller = player
            if player in board.scored_this_turn:
                self.record(S.CONTROL_ID, "control", S.CONTROL_NO_CONQUER, S.PlayerNamed(player))
            else:
                self.conquer(player, S.CONQUER)

    def conquer(self, player: str, kind: S.StepKind) -> None:
        """A Conquer: a point, then the abilities it triggers resolve (466.5.d, 469.1, 470)."""
        board = self.board
        board.scored_this_turn.add(player)
        board.players[player].score += 1
        self.conquered_by, self.points = player, 1
        score = board.players[player].score
        self.record(S.CONTROL_ID, "control", kind, S.Conquered(player, score))
        for unit in board.at_battlefield():
            if unit.controller == player:
                self.triggered(unit, Trigger.CONQUER)
        self.resolve_chain("control-effects")

    def end_combat(self) -> None:
        """End of combat: designations removed (466.7.a), this-combat effects expire (466.7.c)."""
        for unit in self.board.units.values():
            unit.designation = None
        for player in self.board.players.values():
            player.designation = None
        expired = len(self.board.effects)
        self.board.effects.clear()
        self.fighting = False
        self.fought = True
        self.record(S.END_ID, "end", S.END, S.Ended(expired))

    def after_combat(self) -> None:
        """Expired "this combat" Might can leave damage lethal: the next cleanup (318) kills it."""
        self.cleanup_kill(
            combat=False, after=f"r{self.round}-after-combat", quiet=False, ended=True
        )
        self.resolve_chain("after-combat")

    def outcome(self, control_before: str | None, restaged: bool) -> Outcome:
        board = self.board
        final = self.boards[-1] if self.boards else Snapshot.of(board)
        return Outcome(
            winner=self.winner,
            loser=self.loser,
            restaged=restaged,
            fought=self.fought,
            control_before=control_before,
            control_after=board.controller,
            conquered_by=self.conquered_by,
            points_scored=self.points,
            scores={p.id: p.score for p in board.players.values()},
            units={u.id: u for u in final.units},
            killed=tuple(self.killed),
            recalled=tuple(self.recalled),
            trace=tuple(self.trace),
            final=final,
            board=board,
            choices=tuple(self.choices),
            assignments=tuple(self.assignments),
            boards=tuple(self.boards) if self.boards is not None else self.replayed,
        )

    def replayed(self) -> tuple[Snapshot, ...]:
        """The board after each step of this run: the same run again, recording them."""
        again = CombatRun(self.scenario, Replay(tuple(self.answers)), boards=True)
        again.run()
        assert again.boards is not None
        return tuple(again.boards)


def boosts(units: list[Unit]) -> tuple[S.Boost, ...]:
    """The keywords that add to these units' Might now (Assault while attacking, Shield while
    defending)."""
    found = []
    for unit in units:
        if unit.assault and unit.designation is Designation.ATTACKER:
            found.append(S.Boost(unit.id, S.Keyword.ASSAULT, unit.assault))
        if unit.shield and unit.designation is Designation.DEFENDER:
            found.append(S.Boost(unit.id, S.Keyword.SHIELD, unit.shield))
    return tuple(found)


def replacement_of(unit: Unit, recorded: bool) -> S.Replaced:
    """What a replacement effect did to a dying unit's death ability (recorded or not)."""
    if recorded:
        how = S.Replacement.KEEPS_TRIGGER
    elif any(a.trigger is Trigger.DIES for a in unit.abilities):
        how = S.Replacement.REMOVES_TRIGGER
    else:
        how = S.Replacement.NO_TRIGGER
    return S.Replaced(unit.id, unit.zone, how)


def replaced_by(effect: Effect, unit: Unit | None, done: Resolved) -> tuple[S.Replaced, ...]:
    """A kill that a replacement effect turned away, as the step says it."""
    if effect.key != "kill" or unit is None or done.zone in (None, Zone.TRASH):
        return ()
    recorded = unit.keeps_death_trigger and any(a.trigger is Trigger.DIES for a in unit.abilities)
    return (replacement_of(unit, recorded),)


def chain_kind(effect: Effect, done: Resolved | None, then: bool) -> S.StepKind:
    """The step of an ability's effect on the chain: what it did, or why it did nothing."""
    area = effect.target is None
    if done is None:
        if then:
            return S.CHAIN_THEN_NOBODY_HERE if area else S.CHAIN_THEN_NO_TARGET
        return S.CHAIN_NOBODY_HERE if area else S.CHAIN_NO_TARGET
    if done.void is Void.LAPSED:
        return S.CHAIN_THEN_LAPSED if then else S.CHAIN_LAPSED
    if done.void is Void.IMMUNE:
        if area:
            return S.CHAIN_THEN_IMMUNE_ALL if then else S.CHAIN_IMMUNE_ALL
        return S.CHAIN_THEN_IMMUNE if then else S.CHAIN_IMMUNE
    if effect.key == "kill" and done.zone is not Zone.TRASH:
        return S.CHAIN_THEN_KILL_REPLACED if then else S.CHAIN_KILL_REPLACED
    return (S.CHAIN_CONTINUATIONS if then else S.CHAIN_RESOLUTIONS)[effect.key]


def played_kind(effect: Effect, done: Resolved) -> S.StepKind:
    """The step of a showdown play: what it did, or why it did nothing."""
    if done.void is Void.LAPSED:
        return S.SHOWDOWN_LAPSED
    if done.void is Void.IMMUNE:
        return S.SHOWDOWN_IMMUNE_ALL if effect.target is None else S.SHOWDOWN_IMMUNE
    if effect.key == "kill" and done.zone is not Zone.TRASH:
        return S.SHOWDOWN_KILL_REPLACED
    return S.SHOWDOWN_PLAYS[effect.key]


def run_combat(
    scenario: Scenario, chooser: Chooser | None = None, *, boards: bool = True
) -> Outcome:
    """Play ``scenario`` from the move to the end of combat.

    Players order their abilities that go on the chain together as the
    scenario states (``combat.trigger_order``), else in the order they
    triggered; each assigns its combat damage as the scenario states
    (``rounds[].assign``), else as the engine chooses; ``chooser`` decides instead
    (``engine.explore`` tries every choice). ``boards``: record the board after every step;
    without them (a run that only needs its outcome), ``Outcome.steps`` plays the combat
    again the first time it is read.
    """
    return CombatRun(scenario, chooser, boards).run()
