"""The example cache: keyed on the engine's code and the scenario's bytes, nothing else."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT
from worked_examples import verify
from worked_examples.verify import ResultCache, run_examples


@pytest.fixture
def examples(tmp_path: Path) -> Path:
    folder = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", folder)
    return folder


def test_second_run_takes_every_outcome_from_the_cache(
    examples: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = ResultCache(tmp_path / "cache")
    first = run_examples(examples, cache).stats
    assert first.engine_runs == len(list(examples.glob("*.yml"))) and first.from_cache == 0

    def no_engine(*args: object) -> None:
        raise AssertionError("the engine ran for a cached example")

    # A new process: only the folder remains. Neither the combat nor its comparison (which
    # replays other orders) runs again.
    monkeypatch.setattr(verify, "run_combat", no_engine)
    monkeypatch.setattr(verify, "compare", no_engine)
    second = run_examples(examples, ResultCache(tmp_path / "cache")).stats
    assert second.engine_runs == 0 and second.verified == first.verified


def test_a_cached_example_keeps_its_mismatch(examples: Path, tmp_path: Path) -> None:
    scenario = examples / "conquer-scores.yml"
    scenario.write_text(scenario.read_text().replace("score: 3", "score: 5"))
    first = run_examples(examples, ResultCache(tmp_path / "cache")).runs["conquer-scores"]
    again = run_examples(examples, ResultCache(tmp_path / "cache"))
    assert again.stats.engine_runs == 0
    assert first.mismatches and again.runs["conquer-scores"].mismatches == first.mismatches


def test_editing_one_scenario_reruns_that_one(examples: Path, tmp_path: Path) -> None:
    cache = ResultCache(tmp_path / "cache")
    run_examples(examples, cache)
    scenario = examples / "conquer-scores.yml"
    scenario.write_text(
        scenario.read_text().replace("score: 3", "score: 5").replace("red: 4,", "red: 6,")
    )
    found = run_examples(examples, cache)
    runs, stats = found.runs, found.stats
    assert stats.engine_runs == 1
    assert runs["conquer-scores"].outcome.scores["red"] == 6 and runs["conquer-scores"].verified


def test_a_change_to_the_engine_reruns_everything(
    examples: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = ResultCache(tmp_path / "cache")
    run_examples(examples, cache)
    monkeypatch.setattr(verify, "engine_fingerprint", lambda: "another engine")
    stats = run_examples(examples, cache).stats
    assert stats.engine_runs == len(list(examples.glob("*.yml")))


def test_a_corrupt_cache_entry_is_run_again(examples: Path, tmp_path: Path) -> None:
    cache_dir = tmp_path / "cache"
    run_examples(examples, ResultCache(cache_dir))
    foreign = [b"not a pickle", b"\x80\x09 a newer protocol", b"\x80\x04K\x01."]  # and an int
    for n, entry in enumerate(sorted(cache_dir.glob("*.pickle"))):
        entry.write_bytes(foreign[n % len(foreign)])
    found = run_examples(examples, ResultCache(cache_dir))
    runs, stats = found.runs, found.stats
    assert stats.engine_runs == len(runs) and all(r.verified for r in runs.values())


def test_the_cache_keeps_the_entries_used_last_and_deletes_older_ones(
    examples: Path, tmp_path: Path
) -> None:
    """Each change to the engine adds a set of entries: the folder keeps what a build used
    and the newest others, and deletes the rest, however many builds wrote them."""
    cache_dir = tmp_path / "cache"
    run_examples(examples, ResultCache(cache_dir))
    mine = sorted(f.name for f in cache_dir.glob("*.pickle"))
    for file in cache_dir.iterdir():
        os.utime(file, (1_000_000, 1_000_000))  # written long ago
    keep = max(verify.KEPT_GENERATIONS * len(mine), verify.KEPT_AT_LEAST)
    others = [f"{n:064x}.pickle" for n in range(keep + 10)]
    for n, name in enumerate(others):
        (cache_dir / name).write_bytes(b"an entry of another engine")
        os.utime(cache_dir / name, (2_000_000 + n, 2_000_000 + n))  # used since, oldest first
    (cache_dir / "notes.txt").write_text("not an entry", encoding="utf-8")

    again = run_examples(examples, ResultCache(cache_dir))
    assert again.stats.engine_runs == 0  # its own entries survived, though the oldest
    kept = sorted(f.name for f in cache_dir.iterdir())
    assert kept == sorted([*mine, *others[len(others) - (keep - len(mine)) :], "notes.txt"])


def test_a_long_serve_never_deletes_the_entries_it_uses(examples: Path, tmp_path: Path) -> None:
    """A serve reads its entries from memory after the first build: their files, however old,
    stay (another process, or the next serve, reads them)."""
    cache_dir = tmp_path / "cache"
    cache = ResultCache(cache_dir)
    run_examples(examples, cache)
    mine = sorted(f.name for f in cache_dir.glob("*.pickle"))
    for file in cache_dir.iterdir():
        os.utime(file, (1_000_000, 1_000_000))  # written long ago
    for n in range(verify.KEPT_GENERATIONS * len(mine) + verify.KEPT_AT_LEAST):
        (cache_dir / f"{n:064x}.pickle").write_bytes(b"an entry of another engine")
    run_examples(examples, cache)  # from memory: no file touched
    assert set(mine) <= {f.name for f in cache_dir.glob("*.pickle")}


def test_a_long_serve_keeps_in_memory_only_what_its_last_build_used(
    examples: Path, tmp_path: Path
) -> None:
    cache = ResultCache()  # in memory only, shared by every rebuild of a serve
    run_examples(examples, cache)
    scenario = examples / "conquer-scores.yml"
    scenario.write_text(scenario.read_text().replace("score: 3", "score: 5"))
    run_examples(examples, cache)
    assert len(cache.memory) == len(list(examples.glob("*.yml")))  # the edit's old entry gone
