"""The floor plan: each layer imports only those below it, no module cycle, a thin adapter."""

from __future__ import annotations

import ast
import re
import tomllib
from functools import cache
from pathlib import Path

import yaml

from tests.conftest import ROOT

# Bottom to top; a package may import its own layer and those below.
LAYERS = [
    {"diagnostics"},
    {"vocabulary"},
    {"links", "markup"},
    {"engine"},
    {"rulebook"},
    {"worked_examples"},
    {"docset", "browser_engine"},
    {"riftbound_mkdocs"},
]
LEVEL = {package: level for level, packages in enumerate(LAYERS) for package in packages}
ADAPTER = "riftbound_mkdocs"
# Everything but the MkDocs adapter: typed strictly, free of MkDocs, bottom layer first.
CORE = [p for p in sorted(LEVEL, key=lambda p: (LEVEL[p], p)) if p != ADAPTER]
FOLDERS = {p: ROOT / ("plugins/" + p if p == ADAPTER else p) for p in LEVEL}


@cache
def modules() -> dict[str, Path]:
    found = {}
    for folder in FOLDERS.values():
        for file in folder.rglob("*.py"):
            parts = file.relative_to(folder.parent).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = file
    return found


def imports(file: Path) -> set[str]:
    """The modules ``file`` imports (``from engine import steps`` imports ``engine.steps``)."""
    known = modules()
    names = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            submodules = {f"{node.module}.{alias.name}" for alias in node.names}
            names |= (submodules & known.keys()) or {node.module}
    return names


def test_no_import_runs_up_a_layer() -> None:
    upward = []
    for name, file in modules().items():
        level = LEVEL[name.split(".")[0]]
        for target in imports(file):
            top = target.split(".")[0]
            if top in LEVEL and LEVEL[top] > level:
                upward.append(f"{name} imports {target}")
    assert upward == []


def test_no_import_cycle() -> None:
    known = modules()
    graph = {
        name: {t for t in imports(file) if t in known and t != name} for name, file in known.items()
    }
    state: dict[str, int] = {}  # 1: on the path, 2: done
    cycles = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                cycles.append(" → ".join([*path[path.index(target) :], target]))
            elif target not in state:
                visit(target, [*path, target])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert cycles == []


def test_the_mkdocs_adapter_is_under_a_tenth_of_the_python() -> None:
    def lines(folder: Path) -> int:
        return sum(len(f.read_text(encoding="utf-8").splitlines()) for f in folder.rglob("*.py"))

    adapter = lines(FOLDERS[ADAPTER])
    total = sum(lines(folder) for folder in FOLDERS.values())
    assert adapter / total < 0.10, f"{adapter} of {total} lines"


def test_every_package_is_type_checked_installed_and_watched() -> None:
    """The tools list the packages too: none is left out of the floor plan, strict typing,
    the wheel, or what ``mkdocs serve`` watches (a new package is added to each)."""
    packages = {
        init.parent.name
        for folder in (ROOT, ROOT / "plugins")
        for init in folder.glob("*/__init__.py")
        if init.parent.name not in ("tests", "benchmarks")
    }
    assert packages == set(LEVEL), "a package missing from LAYERS, or a layer with no package"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    core = re.search(r"^CORE := (.*)$", makefile, re.M)
    assert core is not None and set(core[1].split()) == set(CORE)
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    strict = [o for o in pyproject["tool"]["mypy"]["overrides"] if o.get("disallow_untyped_defs")]
    assert [{name.removesuffix(".*") for name in o["module"]} for o in strict] == [set(CORE)]
    included = pyproject["tool"]["setuptools"]["packages"]["find"]["include"]
    assert {name.removesuffix("*") for name in included} == set(LEVEL)
    watched = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["watch"]
    assert {*CORE, "plugins"} <= set(watched)
