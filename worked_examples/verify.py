"""Run every worked example once per build, with a cache of its file as read, and compare it
with what its file documents.

What costs is reading a scenario (YAML, then the schema: about 3 ms); playing it and
comparing the outcome with what it documents costs a tenth of that. So the cache keeps
what reading a file gave (its YAML values and their lines, as JSON), keyed by a hash of the
engine's code and of the file's bytes, only for a file that loaded (so its values passed the
schema, which does not read them again), and every build plays every example and compares
it: every verdict the site shows comes from a run of the build that shows it, and a cache
entry can at most say what a file holds. That it cannot lie about even that: each entry is
sealed with a secret of the cache folder (``diagnostics.Seal``), so a forged, foreign or
truncated entry is not used (the file is read again), nor is a folder whose secret git
tracks. Editing prose reads no scenario again; editing one scenario reads that one;
editing the engine reads them all. In memory (``mkdocs serve``), whole runs are kept. The
folder keeps the entries used last, not one set per version of the engine.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from sys import intern
from typing import Any

from diagnostics import NodePath, Problem, ProblemsFound, Seal, keep_newest, read_source
from engine import Mismatch, Outcome, Scenario, compare, run_combat
from engine.loader import MAX_BYTES, read_yaml, scenario_from_data
from vocabulary import languages


@dataclass(frozen=True)
class ExampleRun:
    scenario: Scenario
    outcome: Outcome
    mismatches: tuple[Mismatch, ...]
    source: Path
    text: str = ""  # the file as read (what the site publishes, not the file read again)

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
    from_cache: int = 0  # examples whose file was not read again (cache in a folder or memory)
    engine_runs: int = 0
    files_read: int = 0  # scenario files read (YAML and schema)

    def summary(self) -> str:
        total = self.verified + self.failed
        return (
            f"examples: {total} run, {self.verified} verified ({self.from_cache} from cache, "
            f"{self.files_read} files read, {self.engine_runs} engine runs), "
            f"{self.failed} failed"
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
FORMAT = "riftbound-example-read-4"
ENTRY = "*.json"
# A file read: its YAML values and the line of each node (``engine.loader.read_yaml``).
Read = tuple[Any, dict[NodePath, int]]
# An example in memory: its scenario, its outcome, and where it differs from its file.
Entry = tuple[Scenario, Outcome, tuple[Mismatch, ...]]
# An entry holds one scenario's YAML values (the file is at most MAX_BYTES) and their lines.
MAX_ENTRY_BYTES = 16 * MAX_BYTES


# The folder keeps the entries a build used and the newest others, up to this many times as
# many (older versions of the engine or of the scenarios, after switching branches, say).
KEPT_GENERATIONS = 4
KEPT_AT_LEAST = 64


def as_json(read: Read) -> bytes | None:
    """A file as read, as JSON (mappings in their order: the engine reads them in it); None
    if JSON cannot hold it exactly (then it is not kept)."""

    def dumped(read: Read) -> str:
        data, lines = read
        value = {"data": data, "lines": [[list(at), line] for at, line in lines.items()]}
        return json.dumps(value, ensure_ascii=False, allow_nan=False)

    try:
        text = dumped(read)
    except (TypeError, ValueError):
        return None
    again = from_json(text.encode())
    return text.encode() if again == read and dumped(again) == text else None


def from_json(content: bytes) -> Read | None:
    try:
        value = json.loads(content)
        # Each key's names once in memory for every scenario (``units``, ``name``…): a build
        # holds every scenario's lines, tens of thousands of paths.
        lines = {
            tuple(intern(part) if isinstance(part, str) else part for part in at): int(line)
            for at, line in value["lines"]
        }
        return value["data"], lines
    except (ValueError, TypeError, KeyError, AttributeError):
        return None


@dataclass
class ResultCache:
    """Scenarios by key: each file as read, in a folder across processes (sealed), and whole
    runs in memory. ``prune`` keeps it from growing with every change to the engine or to a
    scenario."""

    folder: Path | None = None
    memory: dict[str, Entry] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)  # since the last prune

    def __post_init__(self) -> None:
        self.seal = Seal(self.folder) if self.folder is not None else None

    def get(self, key: str) -> Entry | None:
        """A run kept in memory."""
        if key in self.memory:
            self.used.add(key)
            return self.memory[key]
        return None

    def read(self, key: str) -> Read | None:
        """A file as read, kept in the folder, if the entry is whole and this folder's."""
        if self.folder is None or self.seal is None:
            return None
        content = self.seal.read(self.folder / f"{key}.json", key, MAX_ENTRY_BYTES)
        found = from_json(content) if content is not None else None
        if found is not None:
            self.used.add(key)
        return found

    def put(self, key: str, read: Read | None, entry: Entry) -> None:
        """Keep a run in memory, and the file as read (if given: read anew) in the folder."""
        self.memory[key] = entry
        self.used.add(key)
        content = as_json(read) if read is not None else None
        if self.folder is not None and self.seal is not None and content is not None:
            self.seal.write(self.folder / f"{key}.json", key, content)

    def prune(self) -> None:
        """Forget what was not used since the last prune (memory), and delete all but the
        entries used last (folder): those used since, and the newest others up to
        ``KEPT_GENERATIONS`` times as many."""
        used, self.used = self.used, set()
        self.memory = {key: self.memory[key] for key in used if key in self.memory}
        if self.folder is not None and self.seal is not None and self.seal.usable:
            others = max(KEPT_GENERATIONS * len(used), KEPT_AT_LEAST) - len(used)
            keep_newest(self.folder, (ENTRY,), others, {f"{key}.json" for key in used})


@dataclass
class Examples:
    """Every scenario of a folder: the runs of the valid ones, the problems of the others."""

    runs: dict[str, ExampleRun]
    invalid: dict[str, str]  # id (the file's name) → the file, for scenarios that do not load
    problems: list[Problem]
    stats: RunStats


def run_examples(folder: Path, cache: ResultCache, display_root: Path | None = None) -> Examples:
    """Read (or take from the cache), run and verify every ``folder/*.yml``; then prune the
    cache.

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
                read = cache.read(key)
                fresh = read is None
                if read is None:
                    read = read_yaml(text, shown)
                    found.stats.files_read += 1
                else:
                    found.stats.from_cache += 1
                # An entry is kept only for a scenario that loaded: its data passed the schema
                # and the board's checks (of this engine: the key holds its hash), which need
                # not read it again.
                scenario = scenario_from_data(*read, shown, checked=not fresh)
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
                cache.put(key, read if fresh else None, entry)
            else:
                found.stats.from_cache += 1
            scenario, outcome, mismatches = entry
        except ProblemsFound as problems:
            found.problems += problems.problems
            found.invalid[file.stem] = shown
            continue
        run = ExampleRun(scenario, outcome, mismatches, file, text)
        found.runs[scenario.id] = run
        if run.verified:
            found.stats.verified += 1
        else:
            found.stats.failed += 1
    cache.prune()
    return found
