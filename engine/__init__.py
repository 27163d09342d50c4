"""The Riftbound combat engine: plays a combat from the move to the end, citing rules at every step.

>>> from pathlib import Path
>>> from engine import load_scenario, run_combat
>>> outcome = run_combat(load_scenario(Path("examples/four-vs-four-prevent-one.yml")))
>>> outcome.winner, outcome.recalled, outcome.control_after
(None, ('raider',), 'blue')
>>> [(step.id, step.rules) for step in outcome.steps if step.id.endswith("3d")]
[('r1-cleanup-3d', ('466.1.a.2', '455'))]
"""

from diagnostics import Problem, ProblemsFound
from engine.check import Mismatch, compare
from engine.combat import Outcome, run_combat
from engine.loader import load_scenario, parse_scenario
from engine.scenario import Scenario
from engine.summary import Summary

__all__ = [
    "Mismatch",
    "Outcome",
    "Problem",
    "ProblemsFound",
    "Scenario",
    "Summary",
    "compare",
    "load_scenario",
    "parse_scenario",
    "run_combat",
]
