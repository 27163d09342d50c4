"""``python -m engine run FILE [--lang en|fr] [--json]``, ``python -m engine check [--every-order]
FILE…`` and ``python -m engine orders FILE``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from diagnostics import Problem, ProblemsFound
from engine.check import compare, result_of
from engine.combat import Outcome, run_combat
from engine.explore import every_order, order_key
from engine.loader import load_scenario
from engine.orders import order_text
from engine.report import outcome_dict, outcome_text
from vocabulary import SOURCE_LANGUAGE, languages


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="play a scenario and print its trace and outcome")
    run.add_argument("file", type=Path)
    run.add_argument("--lang", choices=languages(), default=SOURCE_LANGUAGE)
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
        help="play a scenario under every order players may choose for abilities going on "
        "the chain together, and name the orders whose outcome differs from the one shown",
    )
    orders.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    if args.command == "run":
        return run_command(args.file, args.lang, args.json)
    if args.command == "orders":
        return orders_command(args.file)
    return check_command(args.files, args.every_order)


def run_command(file: Path, lang: str, as_json: bool) -> int:
    try:
        outcome = run_combat(load_scenario(file))
    except ProblemsFound as found:
        print(found, file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(outcome_dict(outcome, lang), indent=2, ensure_ascii=False))
    else:
        print(outcome_text(outcome, lang))
    return 0


def check_command(files: Sequence[Path], every: bool = False) -> int:
    """Each file: agrees, differs (its mismatches), or invalid (its problems); exit 1 unless all agree."""
    differ = invalid = 0
    for file in files:
        try:
            scenario = load_scenario(file)
            if scenario.expected is None:
                raise ProblemsFound(
                    [Problem(scenario.path, 1, "expected: nothing to check (add at least result)")]
                )
            mismatches = compare(scenario, run_combat(scenario), every_order=every)
        except ProblemsFound as found:
            print(found, file=sys.stderr)
            invalid += 1
            continue
        for mismatch in mismatches:
            print(mismatch, file=sys.stderr)
        differ += bool(mismatches)
    agree = len(files) - differ - invalid
    print(f"checked {len(files)} scenario(s): {agree} agree, {differ} differ, {invalid} invalid")
    return 0 if agree == len(files) else 1


def summary(outcome: Outcome) -> str:
    """What an order changes, in one line: the result, control, the Conquer, where units are."""
    conquer = f"{outcome.conquered_by} +{outcome.points_scored}" if outcome.conquered_by else "none"
    units = ", ".join(f"{u.id} {u.zone.value}" for u in outcome.units.values())
    return (
        f"result: {result_of(outcome)}; control: {outcome.control_after or 'none'}; "
        f"conquer: {conquer}; units: {units}"
    )


def orders_command(file: Path) -> int:
    try:
        scenario = load_scenario(file)
        shown = run_combat(scenario)
        runs = every_order(scenario)
    except ProblemsFound as found:
        print(found, file=sys.stderr)
        return 1
    shown_key, shown_summary = order_key(shown), summary(shown)
    differ = []
    for run in runs:
        key, said = order_key(run), summary(run)
        mark = " (shown)" if key == shown_key else "" if said == shown_summary else " (differs)"
        print(f"trigger_order {order_text(key)}{mark}: {said}")
        if said != shown_summary:
            differ.append(order_text(key))
    print(
        f"{len(runs)} order(s); the outcome differs from the one shown under {len(differ)}"
        + (f": {'; '.join(differ)}" if differ else "")
    )
    return 0
