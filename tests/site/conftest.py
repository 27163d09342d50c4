"""Copies of the site's sources for tests that break or enlarge them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT, mkdocs
from tests.fixtures.sandbox import copy_sources
from tests.fixtures.shared_build import made_once

# The in-browser engine's cache, shared by every copy a test builds: Pyodide's standard library
# compiled under Node.js (seconds of work) is the same for each copy of unchanged examples.
ENGINE_CACHE = ROOT / ".cache" / "browser-engine"


def sandbox(target: Path, print_edition: bool = False) -> Path:
    """A copy of the sources that builds (see ``tests.fixtures.sandbox``), sharing the
    project's in-browser engine cache (its entries are checked before they ship)."""
    project = copy_sources(ROOT, target, print_edition)
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    option = f"      engine_cache_dir: {ENGINE_CACHE}\n"
    for entry in ("\n  - riftbound:\n", "\n  - riftbound\n"):  # with options, or without
        if entry in text:
            text = text.replace(entry, "\n  - riftbound:\n" + option, 1)
            break
    else:
        raise AssertionError("mkdocs.yml: no `  - riftbound` entry under plugins:")
    config.write_text(text, encoding="utf-8")
    return project


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return sandbox(tmp_path / "project")


@pytest.fixture(scope="session")
def built_sandbox(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the sources with the site ``mkdocs build --strict`` wrote in it, once per
    run; tests copy it (``built_project``) and never change it."""

    def make(folder: Path) -> None:
        project = sandbox(folder / "project")
        result = mkdocs(project, "build", "--strict")
        assert result.returncode == 0, result.stderr[-3000:]

    return made_once(tmp_path_factory, "sandbox-site", make) / "project"


@pytest.fixture
def built_project(tmp_path: Path, built_sandbox: Path) -> Path:
    """A copy of the sources and of the whole site a real build made of them, for a test
    that starts from a previous build (cheaper than building it again)."""
    return Path(shutil.copytree(built_sandbox, tmp_path / "project", symlinks=True))
