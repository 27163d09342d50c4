"""Cache entries are written whole or not at all, by builds that may share a cache folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import diagnostics
from diagnostics import store


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

    monkeypatch.setattr(diagnostics.os, "replace", recording)
    store(tmp_path / "key.js", b"one build")
    store(tmp_path / "key.js", b"another build")
    assert len(moved) == 2 and moved[0] != moved[1]


def test_an_entry_that_cannot_be_written_is_not_cached_and_the_build_goes_on(
    tmp_path: Path,
) -> None:
    (tmp_path / "cache").write_text("a file where the cache folder goes", encoding="utf-8")
    assert store(tmp_path / "cache" / "key.js", b"content") is False
