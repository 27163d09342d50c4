"""Copies of the site's sources for tests that break or enlarge them."""

from __future__ import annotations

from pathlib import Path

import pytest

from docset.sandbox import copy_sources
from tests.conftest import ROOT


def sandbox(target: Path) -> Path:
    """A copy of the sources that builds: the front-end packages are linked, not copied.

    Without them every build of a copy fails ("iframe-worker/shim/index.js is
    missing"), and a test expecting a failed build would pass for that reason.
    """
    copy_sources(ROOT, target)
    packages = ROOT / "node_modules"
    assert packages.is_dir(), f"{packages} is missing: run `make test` (it runs `npm ci`)"
    (target / "node_modules").symlink_to(packages, target_is_directory=True)
    return target


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return sandbox(tmp_path / "project")
