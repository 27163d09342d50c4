"""Every choice of a board, explored in the worker a few runs at a time: "Which choices change
the outcome?".

The editor asks ``explore`` with ``start`` and the board, then again and again until the
answer is ``done``: each answer plays runs for about ``CHUNK_SECONDS`` (``engine.explore``,
every order of abilities going on the chain together, every legal combat damage assignment)
and says how many it has played, so that the page shows progress and a reader can stop it
between two answers (``stop``). The last answer groups the runs by outcome (compared by
meaning, ``engine.summary``) and says, in the reader's language, which choices give each
one, the outcome the board plays by default first.

One exploration at a time per worker: a new ``start`` replaces the one under way.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import markup
from browser_engine.words import word
from diagnostics import ProblemsFound
from engine import steps as S
from engine.combat import Outcome
from engine.explore import Exploration
from engine.narration import Names, outcome_sentence
from engine.scenario import Scenario
from vocabulary import join, sequence, typeset

# Each answer plays runs for about this long, then answers: the page can show progress and
# stop between two answers.
CHUNK_SECONDS = 0.1
# The choices said under each outcome, at most (the others counted).
MAX_LISTED = 5


@dataclass
class Under:
    """One outcome, and the runs that give it."""

    outcome: Outcome
    runs: list[Outcome] = field(default_factory=list)


class Explorations:
    """The worker's exploration under way, if any."""

    def __init__(self, clock: Callable[[], float] = time.process_time) -> None:
        self.clock = clock
        self.current: Exploration | None = None
        self.shown: Outcome | None = None
        self.refused: Callable[[ProblemsFound], dict[str, Any]] = lambda found: {}

    def start(
        self, scenario: Scenario, shown: Outcome, refused: Callable[[ProblemsFound], dict[str, Any]]
    ) -> None:
        """Explore ``scenario``, whose default run is ``shown``; ``refused`` says a bound
        reached as the board's refusals are said."""
        self.current, self.shown, self.refused = Exploration(scenario), shown, refused

    def stop(self) -> None:
        self.current = self.shown = None

    def advance(self, lang: str) -> dict[str, Any]:
        """Play on for about ``CHUNK_SECONDS``: the progress, or the answer once done."""
        exploring, shown = self.current, self.shown
        if exploring is None or shown is None:
            return {
                "ok": True,
                "done": True,
                "stopped": True,
                "progress": word("explore.none", lang),
            }
        deadline = self.clock() + CHUNK_SECONDS
        try:
            done = exploring.advance(1)
            while not done and self.clock() < deadline:
                done = exploring.advance(1)
        except ProblemsFound as found:
            self.stop()
            return self.refused(found)
        runs = len(exploring.outcomes)
        if not done:
            return {"ok": True, "done": False, "runs": runs, "progress": progress(runs, lang)}
        self.stop()
        return {
            "ok": True,
            "done": True,
            "runs": runs,
            "progress": progress(runs, lang),
            "html": answer_html(shown, exploring.outcomes, lang),
        }


def progress(runs: int, lang: str) -> str:
    return typeset(word("explore.progress", lang, count=runs, runs=runs), lang)


def meaning(outcome: Outcome) -> str:
    """What two runs compare by: their summaries' meaning."""
    return json.dumps(outcome.summary.to_json(), sort_keys=True)


def grouped(shown: Outcome, runs: list[Outcome]) -> list[Under]:
    """The runs by outcome, the one shown first, then in the order first met."""
    groups: dict[str, Under] = {meaning(shown): Under(shown)}
    for run in runs:
        groups.setdefault(meaning(run), Under(run)).runs.append(run)
    return [group for group in groups.values() if group.runs]


def choices_said(run: Outcome, lang: str) -> str:
    """A run's choices in a sentence: each order a player chose, each assignment."""
    names = Names(run.board)
    said = []
    for choice in run.choices:
        abilities = [
            names.ability((name, 0), lang) if name in run.board.units else name
            for name in choice.abilities
        ]
        said.append(
            word(
                "explore.order",
                lang,
                player=names.player(choice.player, lang),
                abilities=sequence(abilities, lang),
            )
        )
    for assignment in run.assignments:
        shares = [
            S.SHARE(lang, amount, amount=amount, unit=names.unit(unit, lang))
            for unit, amount in assignment.amounts
            if amount
        ]
        if shares:
            said.append(
                word(
                    "explore.assign",
                    lang,
                    player=names.player(assignment.player, lang),
                    shares=join(shares, lang),
                )
            )
    return typeset(" ".join(said) or word("explore.no-choice", lang), lang)


def answer_html(shown: Outcome, runs: list[Outcome], lang: str) -> str:
    """The outcomes every choice gives, each with the choices that give it (the outcome
    shown above first)."""
    groups = grouped(shown, runs)
    if len(groups) == 1:
        head = word("explore.one-outcome", lang, count=len(runs), runs=len(runs))
    else:
        head = word("explore.found", lang, count=len(runs), runs=len(runs), outcomes=len(groups))
    parts = [f'<p class="rb-choices-head">{markup.text(typeset(head, lang))}</p>', "<ul>"]
    for index, group in enumerate(groups):
        label = word("explore.shown" if index == 0 else "explore.other", lang)
        said = outcome_sentence(group.outcome.summary, lang, Names(group.outcome.board))
        listed = [
            f"<li>{markup.text(choices_said(run, lang))}</li>" for run in group.runs[:MAX_LISTED]
        ]
        more = len(group.runs) - MAX_LISTED
        if more > 0:
            said_more = word("explore.more", lang, count=more, more=more)
            listed.append(f"<li>{markup.text(typeset(said_more, lang))}</li>")
        parts.append(
            f'<li><p class="rb-choices-outcome"><strong>{markup.text(typeset(label, lang))}'
            f"</strong> {markup.text(typeset(said, lang))}</p><ul>{''.join(listed)}</ul></li>"
        )
    parts.append("</ul>")
    return f'<div class="rb-choices">{"".join(parts)}</div>'
