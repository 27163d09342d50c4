"""Shared fixtures: the site, built once per test session into a temporary folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fixtures.shared_build import made_once

ROOT = Path(__file__).resolve().parents[1]
SEEDS = Path(os.environ.get("RIFTBOUND_SEEDS", ROOT.parent / "shared" / "seeds"))


def mkdocs(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", *args, "-f", str(project / "mkdocs.yml")]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=project)


def engine_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m engine ARGS`` from the project, as a reader runs it."""
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], capture_output=True, text=True, cwd=ROOT
    )


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`mkdocs build --strict` of the real project, once per run however many workers run it;
    fails every test that uses it if the build fails. Tests read it and never change it."""

    def build(site: Path) -> None:
        result = mkdocs(ROOT, "build", "--strict", "--site-dir", str(site))
        assert result.returncode == 0, result.stderr

    return made_once(tmp_path_factory, "site", build)


def seed(name_start: str) -> str:
    """A source text from shared/seeds; in CI its absence is a failure, not a skip."""
    found = sorted(SEEDS.glob(f"{name_start}_*.txt"))
    if not found:
        if os.environ.get("CI"):
            pytest.fail(f"seed {name_start} not found in {SEEDS}")
        pytest.skip(f"seed {name_start} not found in {SEEDS} (set RIFTBOUND_SEEDS)")
    return found[0].read_text(encoding="utf-8")
