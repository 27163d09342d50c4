"""Copies of the site's sources for tests that break or enlarge them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.fixtures.sandbox import copy_sources

# The in-browser engine's cache, shared by every copy a test builds: Pyodide's standard library
# compiled under Node.js (seconds of work) is the same for each copy of unchanged examples.
ENGINE_CACHE = ROOT / ".cache" / "browser-engine"


def sandbox(target: Path) -> Path:
    """A copy of the sources that builds (see ``tests.fixtures.sandbox``), sharing the
    project's in-browser engine cache (its entries are checked before they ship)."""
    project = copy_sources(ROOT, target)
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    shared = f"  - riftbound:\n      engine_cache_dir: {ENGINE_CACHE}\n"
    assert "\n  - riftbound\n" in text, "mkdocs.yml: the riftbound plugin takes no options here"
    config.write_text(text.replace("\n  - riftbound\n", "\n" + shared, 1), encoding="utf-8")
    return project


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return sandbox(tmp_path / "project")
