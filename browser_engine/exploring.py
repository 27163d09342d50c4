"""Every choice of a board, explored in the worker a few runs at a time: "Which choices change
the outcome?".

An editor asks ``explore`` with ``start`` and its board, and gets back the exploration's id;
then asks again with that id until the answer is ``done``: each answer plays runs for about
``CHUNK_SECONDS`` (``engine.explore``: every order of abilities going on the chain together,
every legal combat damage assignment) and says how many it has played, so that the page
shows progress and a reader can stop between two answers (``stop``, with the id). The runs
are grouped by outcome as they come (compared by meaning, ``engine.summary``); the last answer
says, in the reader's language, which choices give each outcome, the board's own first.

Several editors share one worker: each exploration is its own, under its id; an id the worker
no longer holds (stopped, finished, replaced, or a worker started again) is answered as
stopped. Bounded: ``MAX_EXPLORATIONS`` held at once, ``MAX_LISTED`` choices said under an
outcome and ``MAX_OUTCOMES`` outcomes said (the others counted); past the engine's own bounds
(``engine.explore``), one sentence says so, in the box.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import markup
from browser_engine.words import word
from diagnostics import ProblemsFound
from engine import steps as S
from engine.assignment import MAX_ASSIGNMENTS
from engine.combat import Outcome
from engine.explore import MAX_RUNS, Exploration
from engine.narration import Names, outcome_sentence
from engine.orders import MAX_SIMULTANEOUS
from engine.scenario import Scenario
from vocabulary import join, typeset

# Each answer plays runs for about this long, then answers: the page can show progress and
# stop between two answers.
CHUNK_SECONDS = 0.1
# The choices said under each outcome, and the outcomes said, at most (the others counted).
MAX_LISTED = 5
MAX_OUTCOMES = 20
# Explorations a worker holds at once (one per editor in use, in practice): a new one past
# this forgets the oldest.
MAX_EXPLORATIONS = 8


@dataclass
class Under:
    """One outcome, the choices said of the first runs that give it, and how many do."""

    outcome: Outcome
    runs: int = 0
    listed: list[Outcome] = field(default_factory=list)


@dataclass
class Session:
    exploration: Exploration
    shown: str  # the meaning of the board's own outcome
    groups: dict[str, Under] = field(default_factory=dict)
    runs: int = 0

    def take(self) -> None:
        """Group the runs played since the last time, keeping only what will be said."""
        for outcome in self.exploration.outcomes:
            group = self.groups.setdefault(meaning(outcome), Under(outcome))
            group.runs += 1
            if len(group.listed) < MAX_LISTED:
                group.listed.append(outcome)
        self.runs += len(self.exploration.outcomes)
        self.exploration.outcomes.clear()


class Explorations:
    """The worker's explorations under way, by id."""

    def __init__(self, clock: Callable[[], float] = time.process_time) -> None:
        self.clock = clock
        self.sessions: dict[str, Session] = {}
        self.numbers = itertools.count(1)

    def start(self, scenario: Scenario, shown: Outcome) -> str:
        """Explore ``scenario``, whose board as written gives ``shown``: its id."""
        while len(self.sessions) >= MAX_EXPLORATIONS:
            del self.sessions[next(iter(self.sessions))]
        key = f"x{next(self.numbers)}"
        self.sessions[key] = Session(Exploration(scenario), meaning(shown))
        return key

    def stop(self, key: object) -> None:
        if isinstance(key, str):
            self.sessions.pop(key, None)

    def advance(self, key: object, lang: str) -> dict[str, Any]:
        """Play on for about ``CHUNK_SECONDS``: the progress, or the answer once done."""
        if not isinstance(key, str) or key not in self.sessions:
            return {
                "ok": True,
                "done": True,
                "stopped": True,
                "progress": word("explore.none", lang),
            }
        session = self.sessions[key]
        exploring = session.exploration
        deadline = self.clock() + CHUNK_SECONDS
        try:
            done = exploring.advance(1)
            while not done and self.clock() < deadline:
                done = exploring.advance(1)
        except ProblemsFound:
            del self.sessions[key]
            said = word(
                "explore.bounded",
                lang,
                runs=MAX_RUNS,
                assignments=MAX_ASSIGNMENTS,
                abilities=MAX_SIMULTANEOUS,
            )
            return {"ok": True, "done": True, "bounded": True, "progress": typeset(said, lang)}
        session.take()
        answer = {"ok": True, "done": done, "exploration": key, "runs": session.runs}
        answer["progress"] = progress(session.runs, lang)
        if done:
            del self.sessions[key]
            answer["html"] = answer_html(session, lang)
        return answer


def progress(runs: int, lang: str) -> str:
    return typeset(word("explore.progress", lang, count=runs, runs=runs), lang)


def meaning(outcome: Outcome) -> str:
    """What two runs compare by: their summaries' meaning."""
    return json.dumps(outcome.summary.to_json(), sort_keys=True)


def choices_said(run: Outcome, lang: str) -> str:
    """A run's choices in a sentence: each order a player chose, each assignment, its units
    and abilities named as the steps name them."""
    names = Names(run.board)
    said = [
        word(
            "explore.order",
            lang,
            player=names.player(choice.player, lang),
            abilities=names.abilities(choice.sources, lang),
        )
        for choice in run.choices
    ]
    for assignment in run.assignments:
        shares = [
            S.SHARE(lang, amount, amount=amount, unit=names.unit(unit, lang))
            for unit, amount in assignment.amounts
            if amount
        ]
        if shares:
            player = names.player(assignment.player, lang)
            said.append(word("explore.assign", lang, player=player, shares=join(shares, lang)))
    return typeset(" ".join(said) or word("explore.no-choice", lang), lang)


def answer_html(session: Session, lang: str) -> str:
    """The outcomes every choice gives, each with the choices that give it (the board's own
    outcome first, labelled by what it means)."""
    groups = sorted(session.groups.items(), key=lambda item: item[0] != session.shown)
    runs = session.runs
    if len(groups) == 1:
        head = word("explore.one-outcome", lang, count=runs, runs=runs)
    else:
        head = word("explore.found", lang, count=runs, runs=runs, outcomes=len(groups))
    parts = [f'<p class="rb-choices-head">{markup.text(typeset(head, lang))}</p>', "<ul>"]
    for key, group in groups[:MAX_OUTCOMES]:
        label = word("explore.shown" if key == session.shown else "explore.other", lang)
        said = outcome_sentence(group.outcome.summary, lang, Names(group.outcome.board))
        listed = [f"<li>{markup.text(choices_said(run, lang))}</li>" for run in group.listed]
        more = group.runs - len(group.listed)
        if more > 0:
            said_more = word("explore.more", lang, count=more, more=more)
            listed.append(f"<li>{markup.text(typeset(said_more, lang))}</li>")
        parts.append(
            f'<li><p class="rb-choices-outcome"><strong>{markup.text(typeset(label, lang))}'
            f"</strong> {markup.text(typeset(said, lang))}</p><ul>{''.join(listed)}</ul></li>"
        )
    parts.append("</ul>")
    hidden = len(groups) - MAX_OUTCOMES
    if hidden > 0:
        others = word("explore.more-outcomes", lang, count=hidden, more=hidden)
        parts.append(f'<p class="rb-choices-more">{markup.text(typeset(others, lang))}</p>')
    return f'<div class="rb-choices">{"".join(parts)}</div>'
