"""``python -m engine run FILE [--lang L] [--json]``, ``python -m engine check [--every-order]
[--lang L] FILE…`` and ``python -m engine orders [--lang L] FILE``.

A scenario the engine refuses gets one line per problem, ``file:line: field: message``, in
the language asked for; exit 1."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from diagnostics import ProblemsFound
from engine.check import assignment_text, compare, summary_line
from engine.combat import run_combat
from engine.explore import AssignmentKey, OrderKey, assignment_key, every_choice, order_key
from engine.loader import load_scenario
from engine.orders import order_text
from engine.refusals import NOTHING_EXPECTED, problem_line, refuse
from engine.report import outcome_dict, outcome_text
from vocabulary import SOURCE_LANGUAGE, languages, plural_message

CHECKED = plural_message(
    "cli:checked",
    "checked {count} scenario: {agree} agrees, {differ} differs, {invalid} invalid",
    "checked {count} scenarios: {agree} agree, {differ} differ, {invalid} invalid",
)
CHOICES = plural_message(
    "cli:choices",
    "{count} run (every order of abilities going on the chain together, every legal damage "
    "assignment); the outcome differs from the one shown in {differ}{listed}",
    "{count} runs (every order of abilities going on the chain together, every legal damage "
    "assignment); the outcome differs from the one shown in {differ}{listed}",
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="play a scenario and print its trace, then its outcome")
    run.add_argument("file", type=Path)
    run.add_argument("--json", action="store_true", help="print the outcome as JSON")
    check = commands.add_parser("check", help="compare expected outcomes with the engine's")
    check.add_argument("files", type=Path, nargs="+")
    check.add_argument(
        "--every-order",
        action="store_true",
        help="check the expectations under every order players may choose for abilities "
        "going on the chain together, naming each order that differs",
    )
    orders = commands.add_parser(
        "orders",
        help="play a scenario under every choice players may make (every order of abilities "
        "going on the chain together, every legal combat damage assignment), and name the "
        "choices whose outcome differs from the one shown",
    )
    orders.add_argument("file", type=Path)
    for command in (run, check, orders):
        command.add_argument(
            "--lang",
            choices=languages(),
            default=SOURCE_LANGUAGE,
            help="the language of the steps and of the problems",
        )
    args = parser.parse_args(argv)
    if args.command == "run":
        return run_command(args.file, args.lang, args.json)
    if args.command == "orders":
        return orders_command(args.file, args.lang)
    return check_command(args.files, args.every_order, args.lang)


def refused(found: ProblemsFound, lang: str) -> None:
    for problem in found.problems:
        print(problem_line(problem, lang), file=sys.stderr)


def run_command(file: Path, lang: str = SOURCE_LANGUAGE, as_json: bool = False) -> int:
    try:
        outcome = run_combat(load_scenario(file))
    except ProblemsFound as found:
        refused(found, lang)
        return 1
    if as_json:
        print(json.dumps(outcome_dict(outcome, lang), indent=2, ensure_ascii=False))
    else:
        print(outcome_text(outcome, lang))
    return 0


def check_command(files: Sequence[Path], every: bool = False, lang: str = SOURCE_LANGUAGE) -> int:
    """Each file: agrees, differs (its mismatches), or invalid (its problems); exit 1 unless all agree."""
    differ = invalid = 0
    for file in files:
        try:
            scenario = load_scenario(file)
            if scenario.expected is None:
                raise ProblemsFound([refuse(scenario.path, 1, NOTHING_EXPECTED, ("expected",))])
            mismatches = compare(scenario, run_combat(scenario), every_order=every)
        except ProblemsFound as found:
            refused(found, lang)
            invalid += 1
            continue
        for mismatch in mismatches:
            print(mismatch, file=sys.stderr)
        differ += bool(mismatches)
    agree = len(files) - differ - invalid
    print(CHECKED(lang, len(files), agree=agree, differ=differ, invalid=invalid))
    return 0 if agree == len(files) else 1


def orders_command(file: Path, lang: str = SOURCE_LANGUAGE) -> int:
    """Every choice players may make, and whether its outcome means something other than the
    one shown (units compared by id, not by the order a run created them in)."""
    try:
        scenario = load_scenario(file)
        shown = run_combat(scenario)
        runs = every_choice(scenario)
    except ProblemsFound as found:
        refused(found, lang)
        return 1
    shown_key = (order_key(shown), assignment_key(shown))
    differ = []
    for run in runs:
        key = (order_key(run), assignment_key(run))
        same = run.summary == shown.summary
        mark = " (shown)" if key == shown_key else "" if same else " (differs)"
        print(f"{choices_text(*key)}{mark}: {summary_line(run.summary)}")
        if not same:
            differ.append(choices_text(*key))
    listed = f": {' | '.join(differ)}" if differ else ""
    print(CHOICES(lang, len(runs), differ=len(differ), listed=listed))
    return 0


def choices_text(orders: OrderKey, assignments: AssignmentKey) -> str:
    """A run's choices as a scenario states them: its trigger orders (when any player had
    several abilities at once) and its assignments."""
    said = [f"trigger_order {order_text(orders)}"] if orders else []
    if assignments:
        said.append(f"assign {assignment_text(assignments)}")
    return "; ".join(said) or "no choice"
