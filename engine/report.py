"""The outcome of a run as text (narrated, ending with its outcome) or as a JSON-ready dict."""

from __future__ import annotations

from typing import Any

from engine.combat import Outcome
from engine.narration import OUTCOME, Names, narrate, outcome_sentence
from engine.orders import key_of
from engine.trace import changes
from vocabulary import SOURCE_LANGUAGE, plural_message

# The version of the JSON below: raised when a field changes meaning or goes away.
JSON_FORMAT = 2

# "(Rule 466.3.a)", "(Rules 466.5, 470)" after a step.
RULES = plural_message("cite:rules", "Rule", "Rules")


def outcome_dict(outcome: Outcome, lang: str = SOURCE_LANGUAGE) -> dict[str, Any]:
    names = Names(outcome.board)
    summary = outcome.summary
    expected = summary.as_expected()
    return {
        "format": JSON_FORMAT,
        "result": expected["result"],
        "restaged": summary.restaged,
        "combat": summary.fought,  # false: a showdown that ended without a combat
        "control": {"before": summary.control_before, "after": summary.control},
        "conquer": expected["conquer"],
        "scores": dict(summary.scores),
        "units": {
            unit_id: {
                "zone": unit.zone.value,
                "player": unit.zone_player,
                "might": unit.might,
                "damage": unit.damage,
            }
            for unit_id, unit in summary.units.items()
        },
        "killed": list(summary.killed),
        "recalled": list(summary.recalled),
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
        "outcome": outcome_sentence(summary, lang, names),
    }


def outcome_text(outcome: Outcome, lang: str = SOURCE_LANGUAGE) -> str:
    """Every step, numbered, with its id and its rules; then the outcome."""
    names = Names(outcome.board)
    lines = []
    for number, step in enumerate(outcome.steps, start=1):
        cited = ", ".join(step.rules)
        label = RULES(lang, len(step.rules))
        lines.append(f"{number:2}. [{step.id}] {narrate(step, lang, names)}  ({label} {cited})")
    lines.append(f"{OUTCOME(lang)} {outcome_sentence(outcome.summary, lang, names)}")
    return "\n".join(lines)
