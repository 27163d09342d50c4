"""Copies of the site's sources for tests that break or enlarge them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.fixtures.sandbox import copy_sources


def sandbox(target: Path, print_edition: bool = False) -> Path:
    """A copy of the sources that builds (see ``tests.fixtures.sandbox``)."""
    return copy_sources(ROOT, target, print_edition)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return sandbox(tmp_path / "project")
