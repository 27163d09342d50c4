"""The examples in the engine's docstrings run and say what the engine does."""

from __future__ import annotations

import doctest

import pytest

import engine
from tests.conftest import ROOT


def test_engine_docstring_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples name files relative to the project
    failures, tried = doctest.testmod(engine)
    assert tried >= 4 and failures == 0
