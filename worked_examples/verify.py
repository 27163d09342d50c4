"""Run every worked example once, with a cache, and compare it with what its file documents.

The cache key is a hash of the engine's code and of the scenario's bytes:
editing prose never re-runs an example; editing the engine re-runs them all;
editing one scenario re-runs that one. The comparison (which replays the
combat in every other order the file asks for) is the engine's too, and is
kept with the outcome: a cached example costs no engine work at all. The
folder keeps the entries used last, not one set per version of the engine.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from contextlib import suppress
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TypeGuard

from diagnostics import Problem, ProblemsFound, keep_newest, read_source, store
from engine import Mismatch, Outcome, Scenario, compare, parse_scenario, run_combat
from engine.loader import MAX_BYTES
from vocabulary import languages


@dataclass(frozen=True)
class ExampleRun:
    scenario: Scenario
    outcome: Outcome
    mismatches: tuple[Mismatch, ...]
    source: Path

    @property
    def id(self) -> str:
        return self.scenario.id

    @property
    def verified(self) -> bool:
        return not self.mismatches


@dataclass
class RunStats:
    verified: int = 0
    failed: int = 0
    from_cache: int = 0
    engine_runs: int = 0

    def summary(self) -> str:
        total = self.verified + self.failed
        return (
            f"examples: {total} run, {self.verified} verified ({self.from_cache} from cache, "
            f"{self.engine_runs} engine runs), {self.failed} failed"
        )


def engine_fingerprint() -> str:
    """A hash of every file of the engine package, and of the languages scenarios may use:
    any change invalidates the cache."""
    digest = hashlib.sha256(" ".join(languages()).encode())
    package = resources.files("engine")
    for name in sorted(p.name for p in package.iterdir() if p.name.endswith(".py")):
        digest.update(name.encode())
        digest.update(package.joinpath(name).read_bytes())
    return digest.hexdigest()


# Part of every key: bump it when an entry's shape changes (older entries are then never read).
FORMAT = "riftbound-example-run-2"
# A scenario as read from its file, the outcome the engine gave it, and where it differs from
# what the file documents.
Entry = tuple[Scenario, Outcome, tuple[Mismatch, ...]]


# The folder keeps the entries a build used and the newest others, up to this many times as
# many (older versions of the engine or of the scenarios, after switching branches, say).
KEPT_GENERATIONS = 4
KEPT_AT_LEAST = 64


@dataclass
class ResultCache:
    """Read scenarios and their outcomes by key, in memory and (optionally) in a folder across
    processes: a build re-reads nor re-runs no scenario whose file and engine are unchanged.
    ``prune`` keeps it from growing with every change to the engine or to a scenario."""

    folder: Path | None = None
    memory: dict[str, Entry] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)  # since the last prune

    def get(self, key: str) -> Entry | None:
        if key in self.memory:
            self.used.add(key)
            return self.memory[key]
        if self.folder is not None:
            file = self.folder / f"{key}.pickle"
            try:
                entry = pickle.loads(file.read_bytes())
            except OSError:  # absent, or deleted meanwhile by another build's prune
                return None
            except Exception:  # stale or foreign: a pickle fails in many ways; run it again
                return None
            if not is_entry(entry):  # foreign: run it again
                return None
            with suppress(OSError):  # deleted meanwhile: the entry read is still good
                os.utime(file)  # just used: another build's prune keeps it
            self.memory[key] = entry
            self.used.add(key)
            return entry
        return None

    def put(self, key: str, entry: Entry) -> None:
        self.memory[key] = entry
        self.used.add(key)
        if self.folder is not None:
            store(self.folder / f"{key}.pickle", pickle.dumps(entry))

    def prune(self) -> None:
        """Forget what was not used since the last prune (memory), and delete all but the
        entries used last (folder): those used since, and the newest others up to
        ``KEPT_GENERATIONS`` times as many."""
        used, self.used = self.used, set()
        self.memory = {key: self.memory[key] for key in used if key in self.memory}
        if self.folder is not None:  # those used: never deleted, however old their files
            others = max(KEPT_GENERATIONS * len(used), KEPT_AT_LEAST) - len(used)
            keep_newest(self.folder, ("*.pickle",), others, {f"{key}.pickle" for key in used})


def is_entry(value: object) -> TypeGuard[Entry]:
    return (
        isinstance(value, tuple)
        and len(value) == 3
        and isinstance(value[0], Scenario)
        and isinstance(value[1], Outcome)
        and isinstance(value[2], tuple)
        and all(isinstance(m, Mismatch) for m in value[2])
    )


@dataclass
class Examples:
    """Every scenario of a folder: the runs of the valid ones, the problems of the others."""

    runs: dict[str, ExampleRun]
    invalid: dict[str, str]  # id (the file's name) → the file, for scenarios that do not load
    problems: list[Problem]
    stats: RunStats


def run_examples(folder: Path, cache: ResultCache, display_root: Path | None = None) -> Examples:
    """Load, run (or fetch from cache) and verify every ``folder/*.yml``; then prune the cache.

    A scenario that does not load is reported once, with its own problems;
    mismatches are kept on each run, for the caller to report with the page
    embedding it.
    """
    fingerprint = engine_fingerprint()
    found = Examples({}, {}, [], RunStats())
    for file in sorted(folder.glob("*.yml")):
        shown = str(file.relative_to(display_root)) if display_root else str(file)
        try:
            text = read_source(file, shown, MAX_BYTES, display_root)
            key = hashlib.sha256("\0".join([FORMAT, fingerprint, shown, text]).encode()).hexdigest()
            entry = cache.get(key)
            if entry is None:
                scenario = parse_scenario(text, shown)
                if scenario.id != file.stem:
                    raise ProblemsFound(
                        [
                            Problem(
                                shown,
                                scenario.line_of("id"),
                                f"id '{scenario.id}' must match the file name '{file.stem}'",
                            )
                        ]
                    )
                outcome = run_combat(scenario)
                entry = (scenario, outcome, tuple(compare(scenario, outcome)))
                found.stats.engine_runs += 1
                cache.put(key, entry)
            else:
                found.stats.from_cache += 1
            scenario, outcome, mismatches = entry
        except ProblemsFound as problems:
            found.problems += problems.problems
            found.invalid[file.stem] = shown
            continue
        run = ExampleRun(scenario, outcome, mismatches, file)
        found.runs[scenario.id] = run
        if run.verified:
            found.stats.verified += 1
        else:
            found.stats.failed += 1
    cache.prune()
    return found
