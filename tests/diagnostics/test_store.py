"""Cache entries are written whole or not at all, by builds that may share a cache folder."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from diagnostics import ABANDONED_SECONDS, forget_abandoned, store


def test_an_entry_is_written_whole_and_nothing_else_is_left(tmp_path: Path) -> None:
    entry = tmp_path / "cache" / "key.js"
    assert store(entry, b"first") and store(entry, b"second")
    assert entry.read_bytes() == b"second"
    assert [f.name for f in entry.parent.iterdir()] == ["key.js"]


def test_two_writers_of_one_entry_never_share_a_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fixed temporary name let one build move another's half-written file into place."""
    moved: list[str] = []
    replace = os.replace

    def recording(source: str, target: Path) -> None:
        moved.append(source)
        replace(source, target)

    monkeypatch.setattr("diagnostics.os.replace", recording)
    store(tmp_path / "key.js", b"one build")
    store(tmp_path / "key.js", b"another build")
    assert len(moved) == 2 and moved[0] != moved[1]


def test_an_entry_that_cannot_be_written_is_not_cached_and_the_build_goes_on(
    tmp_path: Path,
) -> None:
    (tmp_path / "cache").write_text("a file where the cache folder goes", encoding="utf-8")
    assert store(tmp_path / "cache" / "key.js", b"content") is False


def test_a_temporary_file_a_killed_writer_left_is_deleted_once_it_is_old(tmp_path: Path) -> None:
    store(tmp_path / "key.js", b"an entry")
    abandoned, live = tmp_path / ".abandoned.tmp", tmp_path / ".live.tmp"
    abandoned.write_bytes(b"half an entry")
    live.write_bytes(b"being written")
    old = time.time() - ABANDONED_SECONDS - 60
    os.utime(abandoned, (old, old))
    forget_abandoned(tmp_path)
    assert sorted(f.name for f in tmp_path.iterdir()) == [".live.tmp", "key.js"]
