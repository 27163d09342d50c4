"""Mutation score of the engine's table of steps: does a test see every rule, clause and word?

Each mutant changes one thing of one entry of ``engine/steps.py`` (a rule
removed, a clause removed, a clause's rule removed, quietness flipped, a
sentence cut from a text) in memory, runs the engine's and the examples' tests
in this process, and counts as killed if any test fails. Generic mutation tools
(mutmut, cosmic-ray) mutate code, not a table of data: this one mutates the
table the way an editor's slip would. Each mutant is scored twice: with the tests
below (``TESTS``), and without the golden file's (``make golden`` rewrites
tests/golden/ to fit the table, so a slip the golden file alone would see
survives a careless ``make golden``). None is equivalent (a change no behaviour
shows): each changes a rule a step cites, whether a step is quiet, or a sentence
a reader sees; the run says so. Target: every mutant killed, both ways.

``make mutation`` runs it; ``make bench`` leaves it out (it scores the tests, it measures
nothing of the site), ``make bench-tiny`` runs it once at a tiny size.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402
from _bench import figure, heading, options  # noqa: E402

from engine.steps import STEPS, StepKind  # noqa: E402
from vocabulary import Message  # noqa: E402

# Tests that run in this process and read the table (not those that start a new process).
TESTS = [
    "tests/engine/test_steps.py",
    "tests/engine/test_step_table.py",
    "tests/engine/test_step_counts.py",
    "tests/engine/test_procedure.py",
    "tests/engine/test_seeds.py",
    "tests/examples/test_examples.py",
    "tests/examples/test_render.py",
]

# The test that compares the table with tests/golden/steps.txt, which `make golden` rewrites.
GOLDEN = "tests/engine/test_steps.py::test_the_table_reads_as_the_golden_file"

Mutant = tuple[str, Callable[[StepKind], dict[str, object]]]


def cut(message: Message) -> Message:
    """The message without its last sentence (or, for one sentence, its last clause)."""

    def shorten(text: str) -> str:
        for mark in (". ", "; ", ": ", ", "):
            if mark in text.rstrip(". "):
                return text.rstrip(". ").rsplit(mark, 1)[0] + "."
        return text[: len(text) // 2]

    plural = shorten(message.plural) if message.plural else None
    return Message(message.context, shorten(message.text), plural)


def setting(name: str, value: object) -> Callable[[StepKind], dict[str, object]]:
    """The change that sets the entry's ``name`` to ``value``."""
    return lambda _kind: {name: value}


def mutants(kind: StepKind) -> Iterator[Mutant]:
    for number in kind.rules:
        rules = tuple(n for n in kind.rules if n != number)
        yield f"{kind.key}: rule {number} removed", setting("rules", rules)
    yield f"{kind.key}: quiet flipped", lambda k: {"quiet": not k.quiet}
    yield f"{kind.key}: text cut", lambda k: {"text": cut(k.text)}
    for i, clause in enumerate(kind.clauses):
        others = kind.clauses[:i] + kind.clauses[i + 1 :]
        yield f"{kind.key}: clause {clause.field} removed", setting("clauses", others)
        for number in clause.rules:
            fewer = dataclasses.replace(clause, rules=tuple(n for n in clause.rules if n != number))
            changed = (*kind.clauses[:i], fewer, *kind.clauses[i + 1 :])
            yield (
                f"{kind.key}: clause {clause.field} loses rule {number}",
                setting("clauses", changed),
            )
        if clause.text is not None:
            shorter = dataclasses.replace(clause, text=cut(clause.text))
            changed = (*kind.clauses[:i], shorter, *kind.clauses[i + 1 :])
            yield f"{kind.key}: clause {clause.field} text cut", setting("clauses", changed)


@contextlib.contextmanager
def applied(kind: StepKind, changes: dict[str, object]) -> Iterator[None]:
    """The entry changed in place (every reference to it sees the change), then restored."""
    saved = {name: getattr(kind, name) for name in changes}
    for name, value in changes.items():
        object.__setattr__(kind, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            object.__setattr__(kind, name, value)


def tests_pass(*options: str) -> bool:
    arguments = ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", *options, *TESTS]
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = pytest.main(arguments)
    return code == pytest.ExitCode.OK


def main() -> None:
    args = options(__doc__)
    os.chdir(ROOT)
    heading("Mutation of the step table (engine/steps.py)")
    if not tests_pass():
        sys.exit("the tests fail on the table as it is: fix them first")
    every = [(kind, name, change) for kind in STEPS.values() for name, change in mutants(kind)]
    if args.tiny:
        every = every[:: max(1, len(every) // 3)][:3]
    survived: list[str] = []
    survived_golden: list[str] = []
    start = time.perf_counter()
    for kind, name, change in every:
        with applied(kind, change(kind)):
            # Killed without the golden file's test is killed with it too (more tests, -x).
            if tests_pass("--deselect", GOLDEN):
                survived_golden.append(name)
                if tests_pass():
                    survived.append(name)
    for name in survived:
        print(f"  survived: {name}")
    for name in survived_golden:
        print(f"  survived without the golden file: {name}")
    print("  equivalent mutants: none (each changes a rule cited, a quietness or a sentence)")
    figure("mutants", len(every), digits=0)
    for label, alive in (("killed", survived), ("killed without the golden file", survived_golden)):
        figure(label, 100 * (len(every) - len(alive)) / len(every), "%", target="100%", digits=1)
    figure("seconds per mutant", (time.perf_counter() - start) / len(every), "s")


if __name__ == "__main__":
    main()
