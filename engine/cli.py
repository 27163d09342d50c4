"""``python -m engine run FILE [--lang en|fr] [--json]`` and ``python -m engine check FILE…``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from diagnostics import Problem, ProblemsFound
from engine.check import compare
from engine.combat import run_combat
from engine.loader import load_scenario
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
    args = parser.parse_args(argv)
    if args.command == "run":
        return run_command(args.file, args.lang, args.json)
    return check_command(args.files)


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


def check_command(files: Sequence[Path]) -> int:
    """Each file: agrees, differs (its mismatches), or invalid (its problems); exit 1 unless all agree."""
    differ = invalid = 0
    for file in files:
        try:
            scenario = load_scenario(file)
            if scenario.expected is None:
                raise ProblemsFound(
                    [Problem(scenario.path, 1, "expected: nothing to check (add at least result)")]
                )
            mismatches = compare(scenario, run_combat(scenario))
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
