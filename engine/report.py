"""The outcome of a run as text (narrated) or as a JSON-ready dict."""

from __future__ import annotations

from typing import Any

from engine.combat import Outcome
from engine.narration import Names, narrate
from engine.orders import key_of
from engine.trace import changes
from vocabulary import SOURCE_LANGUAGE, plural_message

# The version of the JSON below: raised when a field changes meaning or goes away.
JSON_FORMAT = 2

# "(Rule 466.3.a)", "(Rules 466.5, 470)" after a step.
RULES = plural_message("cite:rules", "Rule", "Rules")


def outcome_dict(outcome: Outcome, lang: str = SOURCE_LANGUAGE) -> dict[str, Any]:
    names = Names(outcome.board)
    return {
        "format": JSON_FORMAT,
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
            state.id: {
                "zone": state.zone.value,
                "player": state.zone_player,
                "might": state.might,
                "damage": state.damage,
            }
            for state in outcome.units.values()
        },
        "killed": list(outcome.killed),
        "recalled": list(outcome.recalled),
        # The order each player chose, in turn, as combat.trigger_order states it.
        "trigger_order": [list(names) for names in key_of(outcome.choices)],
        "steps": [
            {
                "id": step.id,
                "phase": step.phase,
                "kind": step.key,
                "rules": list(step.rules),
                "text": narrate(step, lang, names),
                "changed": list(changes(outcome.steps, index)),
            }
            for index, step in enumerate(outcome.steps)
        ],
    }


def outcome_text(outcome: Outcome, lang: str = SOURCE_LANGUAGE) -> str:
    names = Names(outcome.board)
    lines = []
    for number, step in enumerate(outcome.steps, start=1):
        cited = ", ".join(step.rules)
        label = RULES(lang, len(step.rules))
        lines.append(f"{number:2}. [{step.id}] {narrate(step, lang, names)}  ({label} {cited})")
    return "\n".join(lines)
