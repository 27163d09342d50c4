"""The example cache: keyed on the engine's code and the scenario's bytes; it keeps files as
read, sealed, never a verdict; no entry in it can run code or lie."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
from pathlib import Path

import pytest

from diagnostics import SECRET, Seal
from tests.conftest import ROOT
from worked_examples import verify
from worked_examples.verify import ResultCache, run_examples


@pytest.fixture
def examples(tmp_path: Path) -> Path:
    folder = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", folder)
    return folder


def count(folder: Path) -> int:
    return len(list(folder.glob("*.yml")))


def entries(cache_dir: Path) -> list[Path]:
    return sorted(cache_dir.glob("*.json"))


def no_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object) -> None:
        raise AssertionError("a scenario file was read again")

    monkeypatch.setattr(verify, "read_yaml", fail)


def test_a_second_build_reads_no_file_again_and_runs_every_example(
    examples: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new process: only the folder remains. No file is read again; every example is played
    and compared again (a tenth of reading it), so each verdict comes from this build."""
    first = run_examples(examples, ResultCache(tmp_path / "cache"))
    assert first.stats.files_read == count(examples) and first.stats.from_cache == 0
    no_reading(monkeypatch)
    again = run_examples(examples, ResultCache(tmp_path / "cache"))
    assert again.stats.files_read == 0 and again.stats.engine_runs == count(examples)
    for example_id, run in first.runs.items():  # the same scenario, steps in the same order
        assert again.runs[example_id].scenario == run.scenario
        assert again.runs[example_id].outcome == run.outcome
        assert again.runs[example_id].mismatches == run.mismatches


def test_a_serve_keeps_whole_runs_in_memory(
    examples: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = ResultCache()  # in memory only, shared by every rebuild of a serve
    run_examples(examples, cache)
    no_reading(monkeypatch)
    monkeypatch.setattr(verify, "run_combat", lambda *args: pytest.fail("the engine ran"))
    assert run_examples(examples, cache).stats.from_cache == count(examples)


def test_a_cached_example_keeps_its_mismatch(examples: Path, tmp_path: Path) -> None:
    scenario = examples / "conquer-scores.yml"
    scenario.write_text(scenario.read_text().replace("score: 3", "score: 5"))
    first = run_examples(examples, ResultCache(tmp_path / "cache")).runs["conquer-scores"]
    again = run_examples(examples, ResultCache(tmp_path / "cache"))
    assert again.stats.files_read == 0
    assert first.mismatches and again.runs["conquer-scores"].mismatches == first.mismatches


def test_editing_one_scenario_reads_that_one(examples: Path, tmp_path: Path) -> None:
    cache = ResultCache(tmp_path / "cache")
    run_examples(examples, cache)
    scenario = examples / "conquer-scores.yml"
    scenario.write_text(
        scenario.read_text().replace("score: 3", "score: 5").replace("red: 4,", "red: 6,")
    )
    found = run_examples(examples, cache)
    runs, stats = found.runs, found.stats
    assert stats.files_read == 1
    assert runs["conquer-scores"].outcome.scores["red"] == 6 and runs["conquer-scores"].verified


def test_a_change_to_the_engine_reads_everything(
    examples: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = ResultCache(tmp_path / "cache")
    run_examples(examples, cache)
    monkeypatch.setattr(verify, "engine_fingerprint", lambda: "another engine")
    assert run_examples(examples, cache).stats.files_read == count(examples)


# -- entries that cannot run code or lie -------------------------------------------------------


class Planted:
    """Unpickling this writes a file: what a pickle in the cache could do."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, ...]:
        return (Path.write_text, (self.marker, "code ran"))


def test_an_entry_is_never_code(examples: Path, tmp_path: Path) -> None:
    """A pickle under an entry's name (or its old one) runs nothing: entries are data."""
    cache_dir, marker = tmp_path / "cache", tmp_path / "ran"
    run_examples(examples, ResultCache(cache_dir))
    for entry in entries(cache_dir):
        payload = pickle.dumps(Planted(marker))
        entry.write_bytes(payload)
        entry.with_suffix(".pickle").write_bytes(payload)
    found = run_examples(examples, ResultCache(cache_dir))
    assert not marker.exists()
    assert found.stats.files_read == count(examples) and all(
        r.verified for r in found.runs.values()
    )


@pytest.mark.parametrize("fault", ["forged", "sealed elsewhere", "cut short", "not json"])
def test_an_entry_that_is_not_whole_and_this_folders_is_not_believed(
    examples: Path, tmp_path: Path, fault: str
) -> None:
    """An example whose file documents a wrong result, and its entry made to say what the
    engine says (a forged pickle like that was shown "verified by the engine"). The file is
    read again: the mismatch is reported."""
    cache_dir = tmp_path / "cache"
    run_examples(examples, ResultCache(cache_dir))
    agreeing = {e.name: e.read_bytes().partition(b"\n")[2] for e in entries(cache_dir)}
    scenario = examples / "conquer-scores.yml"
    scenario.write_text(scenario.read_text().replace("score: 3", "score: 5"))
    run_examples(examples, ResultCache(cache_dir))  # its entry: the file, with its wrong result
    (wrong,) = [e for e in entries(cache_dir) if e.name not in agreeing]
    (old,) = [c for c in agreeing.values() if b'"id": "conquer-scores"' in c]
    seal, _, content = wrong.read_bytes().partition(b"\n")
    if fault == "sealed elsewhere":  # by a forger's own folder and secret, for this key
        Seal(tmp_path / "elsewhere").write(wrong, wrong.stem, old)
    else:
        wrong.write_bytes(
            {
                "forged": seal + b"\n" + old,  # this entry's seal, what the file said before
                "cut short": seal + b"\n" + content[: len(content) // 2],
                "not json": seal + b"\nnot json",
            }[fault]
        )
    found = run_examples(examples, ResultCache(cache_dir))
    assert found.stats.files_read == 1
    assert not found.runs["conquer-scores"].verified  # the file, not the entry, was believed


def test_a_secret_git_tracks_is_never_used(examples: Path, tmp_path: Path) -> None:
    """A cache folder committed with ``git add -f`` arrives with a fresh clone: its entries
    and its secret are a forger's; nothing is read from it, nothing written to it."""
    project = tmp_path / "clone"
    cache_dir = project / ".cache" / "examples"
    run_examples(examples, ResultCache(cache_dir))
    git = ["git", "-c", "user.name=x", "-c", "user.email=x@x", "-C", str(project)]
    subprocess.run([*git[:5], "init", "-q", str(project)], check=True)
    subprocess.run([*git, "add", "-f", ".cache"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "a cache"], check=True)
    written = {entry: entry.read_bytes() for entry in entries(cache_dir)}
    cache = ResultCache(cache_dir)
    assert cache.seal is not None and not cache.seal.usable
    found = run_examples(examples, cache)
    assert found.stats.files_read == count(examples)
    assert {entry: entry.read_bytes() for entry in entries(cache_dir)} == written


def test_the_cache_keeps_the_entries_used_last_and_deletes_older_ones(
    examples: Path, tmp_path: Path
) -> None:
    """Each change to the engine adds a set of entries: the folder keeps what a build used
    and the newest others, and deletes the rest, however many builds wrote them."""
    cache_dir = tmp_path / "cache"
    run_examples(examples, ResultCache(cache_dir))
    mine = [f.name for f in entries(cache_dir)]
    for file in cache_dir.iterdir():
        os.utime(file, (1_000_000, 1_000_000))  # written long ago
    keep = max(verify.KEPT_GENERATIONS * len(mine), verify.KEPT_AT_LEAST)
    others = [f"{n:064x}.json" for n in range(keep + 10)]
    for n, name in enumerate(others):
        (cache_dir / name).write_bytes(b"an entry of another engine")
        os.utime(cache_dir / name, (2_000_000 + n, 2_000_000 + n))  # used since, oldest first
    (cache_dir / "notes.txt").write_text("not an entry", encoding="utf-8")

    again = run_examples(examples, ResultCache(cache_dir))
    assert again.stats.files_read == 0  # its own entries survived, though the oldest
    kept = sorted(f.name for f in cache_dir.iterdir())
    assert kept == sorted([*mine, *others[len(others) - (keep - len(mine)) :], "notes.txt", SECRET])


def test_a_long_serve_never_deletes_the_entries_it_uses(examples: Path, tmp_path: Path) -> None:
    """A serve reads its entries from memory after the first build: their files, however old,
    stay (another process, or the next serve, reads them)."""
    cache_dir = tmp_path / "cache"
    cache = ResultCache(cache_dir)
    run_examples(examples, cache)
    mine = [f.name for f in entries(cache_dir)]
    for file in cache_dir.iterdir():
        os.utime(file, (1_000_000, 1_000_000))  # written long ago
    for n in range(verify.KEPT_GENERATIONS * len(mine) + verify.KEPT_AT_LEAST):
        (cache_dir / f"{n:064x}.json").write_bytes(b"an entry of another engine")
    run_examples(examples, cache)  # from memory: no file touched
    assert set(mine) <= {f.name for f in entries(cache_dir)}


def test_a_long_serve_keeps_in_memory_only_what_its_last_build_used(
    examples: Path, tmp_path: Path
) -> None:
    cache = ResultCache()  # in memory only, shared by every rebuild of a serve
    run_examples(examples, cache)
    scenario = examples / "conquer-scores.yml"
    scenario.write_text(scenario.read_text().replace("score: 3", "score: 5"))
    run_examples(examples, cache)
    assert len(cache.memory) == len(list(examples.glob("*.yml")))  # the edit's old entry gone
