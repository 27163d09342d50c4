"""The outcome of a run as text (narrated) or as a JSON-ready dict."""

from __future__ import annotations

from typing import Any

from engine.combat import Outcome
from engine.messages import Names, narrate
from engine.trace import changes


def outcome_dict(outcome: Outcome, lang: str = "en") -> dict[str, Any]:
    names = Names(outcome.board)
    return {
        "result": (
            {"winner": outcome.winner, "loser": outcome.loser} if outcome.winner else "none"
        ),
        "restaged": outcome.restaged,
        "control": {"before": outcome.control_before, "after": outcome.control_after},
        "conquer": (
            {"player": outcome.conquered_by, "points": outcome.points_scored}
            if outcome.conquered_by
            else "none"
        ),
        "scores": outcome.scores,
        "units": {
            unit_id: {"zone": zone, "player": player, "might": might, "damage": damage}
            for unit_id, (zone, player, might, damage) in outcome.units.items()
        },
        "killed": list(outcome.killed),
        "recalled": list(outcome.recalled),
        "steps": [
            {
                "id": step.id,
                "phase": step.phase,
                "rules": list(step.rules),
                "text": narrate(step, lang, names),
                "message": step.message,
                "changed": list(changes(outcome.steps, index)),
            }
            for index, step in enumerate(outcome.steps)
        ],
    }


def outcome_text(outcome: Outcome, lang: str = "en") -> str:
    names = Names(outcome.board)
    rule = {"en": "Rule", "fr": "Règle"}[lang]
    lines = []
    for number, step in enumerate(outcome.steps, start=1):
        cited = ", ".join(step.rules)
        lines.append(f"{number:2}. [{step.id}] {narrate(step, lang, names)}  ({rule} {cited})")
    return "\n".join(lines)
