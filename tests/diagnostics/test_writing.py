"""Several files written as one: all of them, or none (each as it was)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from diagnostics.writing import Unwritten, write_all


def folder_of_three(tmp_path: Path) -> dict[Path, bytes]:
    (tmp_path / "a.txt").write_bytes(b"old a")
    (tmp_path / "c.txt").write_bytes(b"old c")
    os.chmod(tmp_path / "c.txt", 0o640)
    return {tmp_path / name: f"new {name}".encode() for name in ("a.txt", "b.txt", "c.txt")}


def contents(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {f.name: (f.read_bytes(), f.stat().st_mode & 0o777) for f in sorted(folder.iterdir())}


def test_every_file_is_written_each_keeping_its_mode(tmp_path: Path) -> None:
    files = folder_of_three(tmp_path)
    write_all(files)
    umask = os.umask(0)
    os.umask(umask)
    assert contents(tmp_path) == {
        "a.txt": (b"new a.txt", 0o666 & ~umask),
        "b.txt": (b"new b.txt", 0o666 & ~umask),
        "c.txt": (b"new c.txt", 0o640),
    }


def test_a_move_that_fails_puts_back_every_file_moved_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = folder_of_three(tmp_path)
    before = contents(tmp_path)
    rename = os.rename

    def failing(source: str | Path, target: str | Path) -> None:
        if Path(target).name == "c.txt":
            raise OSError(28, "No space left on device")
        rename(source, target)

    monkeypatch.setattr("diagnostics.writing.os.rename", failing)
    with pytest.raises(Unwritten) as failed:
        write_all(files)
    assert str(failed.value) == f"{tmp_path / 'c.txt'}: cannot be written: No space left on device"
    assert contents(tmp_path) == before  # a.txt put back, b.txt gone, no temporary file left
