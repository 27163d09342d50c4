"""Cache entries are written whole or not at all, by builds that may share a cache folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from diagnostics import forget_abandoned, store
from diagnostics.writing import claim_file


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
        moved.append(str(source))
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


# A writer killed mid-write: it claims a temporary file, writes half an entry, and dies.
KILLED_WRITER = """
import os, sys
from pathlib import Path
from diagnostics.writing import claim_file
claim = claim_file(Path(sys.argv[1]), ".", ".tmp")
os.write(claim.fd, b"half an entry")
os._exit(9)
"""


def test_a_temporary_file_a_killed_writer_left_is_deleted_at_once_a_live_ones_never(
    tmp_path: Path,
) -> None:
    store(tmp_path / "key.js", b"an entry")
    killed = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(tmp_path)], check=False)
    assert killed.returncode == 9
    assert len(list(tmp_path.glob(".*.tmp"))) == 1  # half an entry, its writer gone
    live = claim_file(tmp_path, ".", ".tmp")  # this process writing: its lock is held
    try:
        forget_abandoned(tmp_path)
        assert sorted(f.name for f in tmp_path.iterdir()) == [live.path.name, "key.js"]
    finally:
        live.release()
    forget_abandoned(tmp_path)  # released, and not moved into place: a writer gone
    assert [f.name for f in tmp_path.iterdir()] == ["key.js"]


def test_an_entry_stored_as_it_is_is_believed_only_whole_sealed_and_this_folders(
    tmp_path: Path,
) -> None:
    """An entry the build copies out as it is (the browser engine's scripts): its seal lies
    beside it; it is checked a piece at a time, and believed only whole, unchanged, within its
    bound and sealed by its own folder."""
    import hashlib

    from diagnostics import Seal, sealed_beside

    folder = tmp_path / "cache"
    seal, content = Seal(folder), b"x" * 3_000_000
    entry = folder / "key.js"
    assert seal.write_beside(entry, "key", content)
    assert entry.read_bytes() == content  # exactly the content: no seal in it
    assert seal.check_beside(entry, "key", len(content)) == hashlib.sha256(content).hexdigest()
    assert seal.check_beside(entry, "key", len(content) - 1) is None  # past its bound
    assert seal.check_beside(entry, "another key", len(content)) is None
    entry.write_bytes(content[:-1])  # cut short
    assert seal.check_beside(entry, "key", len(content)) is None
    entry.write_bytes(content[:-1] + b"y")  # changed
    assert seal.check_beside(entry, "key", len(content)) is None
    Seal(tmp_path / "elsewhere").write_beside(entry, "key", content)  # another folder's seal
    assert seal.check_beside(entry, "key", len(content)) is None
    assert seal.write_beside(entry, "key", content)
    sealed_beside(entry).unlink()
    assert seal.check_beside(entry, "key", len(content)) is None
