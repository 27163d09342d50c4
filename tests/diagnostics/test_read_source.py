"""One reader for every source: regular files inside the project only, at most the size limit."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from diagnostics import ProblemsFound, read_source


def problem(file: Path, limit: int = 1024, root: Path | None = None) -> str:
    with pytest.raises(ProblemsFound) as raised:
        read_source(file, "shown", limit, root)
    (found,) = raised.value.problems
    return str(found)


def test_a_link_inside_the_project_is_read(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "real.txt").write_text("text", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "link.txt").symlink_to(tmp_path / "rules" / "real.txt")
    assert read_source(tmp_path / "docs" / "link.txt", "docs/link.txt", root=tmp_path) == "text"


def test_a_link_out_of_the_project_is_refused_by_name(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (tmp_path / "secret.txt").write_text("not ours", encoding="utf-8")
    (project / "page.md").symlink_to(tmp_path / "secret.txt")
    said = problem(project / "page.md", root=project)
    assert said == f"shown: a link to {tmp_path / 'secret.txt'}, outside the project: not read"


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda at: at.mkdir(), "a folder"),
        (lambda at: os.mkfifo(at), "a named pipe (FIFO)"),
        (lambda at: at.symlink_to("/dev/zero"), "a device"),
    ],
    ids=["folder", "fifo", "device"],
)
def test_anything_but_a_regular_file_is_refused_by_kind_without_blocking(
    tmp_path: Path, make: Callable[[Path], object], kind: str
) -> None:
    """A named pipe with no writer would block a plain open; /dev/zero would never end."""
    at = tmp_path / "source.yml"
    make(at)
    assert problem(at) == f"shown: is {kind}, not a file"


def test_at_most_the_limit_is_read_whatever_the_size_says(tmp_path: Path) -> None:
    """/proc files say they hold 0 bytes: the limit holds on what is read, not on stat."""
    status = Path("/proc/self/status")
    if not status.is_file() or status.stat().st_size:
        pytest.skip("no /proc file whose size says 0")
    assert problem(status, limit=16) == "shown: too large: over 16 bytes (the limit)"
    assert "Name:" in read_source(status, "status", 1024 * 1024)


def test_a_file_of_exactly_the_limit_is_read(tmp_path: Path) -> None:
    (tmp_path / "x.txt").write_bytes(b"a" * 16)
    assert read_source(tmp_path / "x.txt", "x", 16) == "a" * 16
    (tmp_path / "x.txt").write_bytes(b"a" * 17)
    assert problem(tmp_path / "x.txt", limit=16) == "shown: too large: over 16 bytes (the limit)"
