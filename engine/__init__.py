"""The Riftbound combat engine: plays a combat from the move to the end, citing a rule at every step.

>>> from engine import load_scenario, run_combat
>>> outcome = run_combat(load_scenario(Path("examples/four-vs-four.yml")))  # doctest: +SKIP
>>> outcome.winner is None, outcome.recalled  # doctest: +SKIP
(True, ('attacker-unit',))
"""

from engine.check import Mismatch, compare
from engine.combat import Outcome, run_combat
from engine.diagnostics import Problem, ProblemsFound
from engine.loader import load_scenario, parse_scenario
from engine.scenario import Scenario

__all__ = [
    "Mismatch",
    "Outcome",
    "Problem",
    "ProblemsFound",
    "Scenario",
    "compare",
    "load_scenario",
    "parse_scenario",
    "run_combat",
]
