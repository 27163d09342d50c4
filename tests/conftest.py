"""Shared fixtures: the site, built once per test session into a temporary folder."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
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


def build_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`mkdocs build --strict` of the real project, once per run however many workers ask."""

    def build(site: Path) -> None:
        result = mkdocs(ROOT, "build", "--strict", "--site-dir", str(site))
        assert result.returncode == 0, result.stderr

    return made_once(tmp_path_factory, "site", build)


def reads_the_site(item: pytest.Item) -> bool:
    return "built_site" in getattr(item, "fixturenames", ())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests that read the built site after the others (in the same order otherwise), so
    that each worker has work to do while the site builds (``site_built_meanwhile``)."""
    items.sort(key=reads_the_site)


@pytest.fixture(scope="session", autouse=True)
def site_built_meanwhile(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """When a test of this run reads the built site, its build starts with the run, in a
    thread of each worker (one of them builds, under ``made_once``'s lock; the build is
    another process); a failure is recorded for ``built_site`` to report. The run ends once
    the thread has."""

    def build() -> None:
        with contextlib.suppress(BaseException):  # made_once recorded it for built_site
            build_site(tmp_path_factory)

    thread = threading.Thread(target=build, name="site build", daemon=True)
    if any(map(reads_the_site, request.session.items)):
        thread.start()
    yield
    if thread.is_alive():
        thread.join()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real project's site, built once per run however many workers run it; fails every
    test that uses it if the build fails. Tests read it and never change it."""
    return build_site(tmp_path_factory)


def seed(name_start: str) -> str:
    """A source text from shared/seeds; in CI its absence is a failure, not a skip."""
    found = sorted(SEEDS.glob(f"{name_start}_*.txt"))
    if not found:
        if os.environ.get("CI"):
            pytest.fail(f"seed {name_start} not found in {SEEDS}")
        pytest.skip(f"seed {name_start} not found in {SEEDS} (set RIFTBOUND_SEEDS)")
    return found[0].read_text(encoding="utf-8")
