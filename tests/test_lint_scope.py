"""`make lint` sees every Python file of the project (ruff's excludes skip only built output)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def project_python_files() -> set[Path]:
    """Tracked and new (not ignored) Python files, as git sees them."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.py"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout.splitlines()
    return {(ROOT / name).resolve() for name in listed if (ROOT / name).is_file()}


def test_ruff_checks_and_formats_every_python_file_including_tests_site() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--show-files", "."],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout.splitlines()
    seen = {Path(line.strip()).resolve() for line in shown if line.strip().endswith(".py")}
    files = project_python_files()
    assert any(f.parent.name == "site" and f.parent.parent.name == "tests" for f in files)
    assert sorted(str(f.relative_to(ROOT)) for f in files - seen) == []
