"""The examples in the docstrings run and say what the code does (python-chess's habit)."""

from __future__ import annotations

import doctest
import importlib

import pytest

from tests.conftest import ROOT
from tests.test_layers import CORE

# Every core module with an example in a docstring (a test below finds any not listed).
MODULES = [
    "vocabulary",
    "vocabulary.typography",
    "vocabulary.prose",
    "links",
    "markup",
    "markup.icons",
    "engine",
    "engine.orders",
    "engine.assignment",
    "engine.explore",
    "engine.fields",
    "engine.format",
    "engine.refusals",
    "engine.summary",
    "rulebook.numbering",
    "rulebook.browser",
    "rulebook.crossref",
    "rulebook.changes",
    "rulebook.paging",
    "worked_examples.render",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # examples name files relative to the project
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert tried > 0 and failures == 0


def test_every_module_with_examples_is_listed() -> None:
    found = {
        ".".join(file.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for package in CORE
        for file in (ROOT / package).rglob("*.py")
        if ">>>" in file.read_text(encoding="utf-8")
    }
    assert found == set(MODULES)
