"""Which Python files the in-browser engine needs, derived from what its entry module imports.

Starting from the entry module, every ``import`` statement is followed
through our modules and those of the installed distributions:

- an import that runs when its module loads (module level, also inside
  ``if``, ``try`` and ``class`` bodies) is needed: its module is shipped, and
  so is the distribution providing it;
- an import inside a function runs only when that function does: it is
  followed into code already shipped (ours, or a distribution already
  needed), never to add a distribution (Babel, say, which compiles catalogs
  on CPython; the browser gets them compiled);
- an optional import (under ``except ImportError``, ``suppress(ImportError)``
  or ``if TYPE_CHECKING``) is not followed: compiled accelerators such as
  PyYAML's and pyrsistent's, jsonschema's optional format checkers;
- the standard library is Pyodide's own.

Each source's imports are read once: ``ImportCache`` keeps them by a hash of
the source, across builds when given a file.

A package's data files (schemas, catalogs) come with it. Each file is taken
from where Python finds it: our source folders, or the installed
distributions (``importlib.metadata``). A needed import that cannot be found,
or that is compiled code, fails with one line naming the importing file.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import sys
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatch
from importlib.machinery import ModuleSpec, PathFinder
from importlib.metadata import (
    Distribution,
    PackageNotFoundError,
    distribution,
    distributions,
)
from itertools import chain
from pathlib import Path

from diagnostics import Problem, ProblemsFound, Seal

OURS = "(this project)"
# Never needed at run time: compiled code, caches, C sources, typing stubs.
NOT_SHIPPED = frozenset(
    {".pyc", ".pyo", ".so", ".pyd", ".dll", ".dylib", ".c", ".h", ".pyx", ".pyi"}
)
OPTIONAL_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Target:
    """The Python that will run the code: its version (for ``sys.version_info`` tests) and
    the top-level names of its standard library (Pyodide's own, not this Python's)."""

    version: tuple[int, ...]
    stdlib: frozenset[str]

    def is_stdlib(self, name: str) -> bool:
        return name.split(".")[0] in self.stdlib

    @classmethod
    def running(cls) -> Target:
        """The Python running this code."""
        return cls(tuple(sys.version_info[:3]), frozenset(sys.stdlib_module_names))


@dataclass(frozen=True)
class Module:
    name: str
    file: Path
    is_package: bool
    group: str  # OURS or the distribution's name

    @property
    def archive_name(self) -> str:
        """Where the module sits under a ``sys.path`` entry: ``engine/loader.py``."""
        parts = self.name.split(".")
        if self.is_package:
            return "/".join([*parts, "__init__.py"])
        return "/".join([*parts[:-1], parts[-1] + ".py"])


@dataclass(frozen=True)
class Import:
    """``name`` imported by ``importer`` at ``line``; ``eager``: when the module loads."""

    name: str
    importer: Module
    line: int
    eager: bool


@dataclass
class Closure:
    modules: dict[str, Module] = field(default_factory=dict)
    distributions: dict[str, Distribution] = field(default_factory=dict)

    def files(self, skip: frozenset[str] = frozenset()) -> Iterator[tuple[str, Path]]:
        """(name in the archive, file): every module, its packages' data files, and the
        metadata of each distribution. ``skip``: data files of ours the code never reads,
        as patterns (``fnmatch``) of files or folders (e.g. ``browser_engine/static``)."""
        seen: set[str] = set()
        for module in sorted(self.modules.values(), key=lambda m: m.name):
            seen.add(module.archive_name)
            yield module.archive_name, module.file
        for module in sorted(self.modules.values(), key=lambda m: m.name):
            if module.is_package:
                folder = module.archive_name.rsplit("/", 1)[0]
                for relative, file in data_files(module.file.parent):
                    name = f"{folder}/{relative}"
                    if name not in seen and not any(
                        fnmatch(name, s) or fnmatch(name, f"{s}/*") for s in skip
                    ):
                        seen.add(name)
                        yield name, file
        for name, dist in sorted(self.distributions.items()):
            metadata = next(
                (f for f in dist.files or () if f.name == "METADATA" and len(f.parts) == 2), None
            )
            if metadata is not None:
                yield metadata.as_posix(), Path(str(dist.locate_file(metadata)))
            else:
                raise ProblemsFound([Problem(name, 0, "installed without METADATA")])


def data_files(folder: Path) -> Iterator[tuple[str, Path]]:
    """A package folder's files that are neither modules nor subpackages (sorted)."""
    for item in sorted(folder.iterdir()):
        if item.name.startswith((".", "__pycache__")):
            continue
        if item.is_dir():
            if (item / "__init__.py").is_file():
                continue  # a subpackage: shipped if imported, with its own data
            for relative, file in data_files(item):
                yield f"{item.name}/{relative}", file
        elif item.suffix != ".py" and item.suffix not in NOT_SHIPPED:
            yield item.name, item


# What a module's source imports: (name, line, eager) for each ``Import``.
Imported = list[tuple[str, int, bool]]


# A saved cache is sealed under this key, and read up to this size.
IMPORTS_KEY = "imports"
MAX_SAVED_BYTES = 64 * 1024 * 1024
# How this module reads imports (its own code, and the Python parsing): part of every key.
READER = hashlib.sha256(Path(__file__).read_bytes() + repr(sys.version_info[:2]).encode())


@dataclass
class ImportCache:
    """The imports of each module source, by a hash of the source, its module's name (relative
    imports depend on it), the target's version and how this module reads them (``READER``):
    a file is parsed again when any of these changed. Saved, it keeps the entries of its last
    closure only, so it does not grow."""

    known: dict[str, Imported] = field(default_factory=dict)
    used: dict[str, Imported] = field(default_factory=dict)

    def imports(self, module: Module, version: tuple[int, ...]) -> Iterator[Import]:
        source = module.file.read_bytes()
        digest = READER.copy()
        digest.update(source)
        digest.update(f"\0{module.name}\0{module.is_package}\0{version}".encode())
        key = digest.hexdigest()
        found = self.known.get(key)
        if found is None:
            found = [(i.name, i.line, i.eager) for i in imports_of(module, version, source)]
        self.used[key] = found
        return (Import(name, module, line, eager) for name, line, eager in found)

    @classmethod
    def load(cls, file: Path) -> ImportCache:
        """The cache saved in ``file``; an empty one if there is none, or it is not whole and
        sealed by its folder (``diagnostics.Seal``): what the engine ships follows from it."""
        content = Seal(file.parent).read(file, IMPORTS_KEY, MAX_SAVED_BYTES)
        try:
            saved = json.loads(content) if content is not None else {}
            known = {
                key: [(str(name), int(line), bool(eager)) for name, line, eager in imported]
                for key, imported in saved.items()
            }
        except (ValueError, TypeError, AttributeError):  # not this cache
            return cls()
        return cls(known)

    def save(self, file: Path) -> None:
        Seal(file.parent).write(file, IMPORTS_KEY, json.dumps(self.used, sort_keys=True).encode())


def closure(
    entry: str,
    project_root: Path,
    target: Target,
    cache: ImportCache | None = None,
    also: Sequence[str] = (),
) -> Closure:
    """Every module and distribution that ``entry`` needs on ``target`` (see the docstring);
    ``also``: modules it needs that its code imports only where it uses them (a lazy import
    ships only with a distribution shipped for another reason)."""
    cache = cache if cache is not None else ImportCache()
    finder = Finder(project_root.resolve())
    found = Closure()
    groups = {OURS}
    queue: deque[Module] = deque()
    for name in (entry, *also):
        module = finder.module(name)
        if not isinstance(module, Module):
            raise ProblemsFound([Problem(name, 0, "entry module not found")])
        queue.append(module)
    pending: list[Import] = []
    while queue:
        while queue:
            module = queue.popleft()
            if module.name in found.modules:
                continue
            found.modules[module.name] = module
            if module.group not in groups:
                groups.add(module.group)
                found.distributions[module.group] = distribution(module.group)
            pending.extend(cache.imports(module, target.version))
        problems: list[Problem] = []
        waiting: list[Import] = []
        for wanted in pending:
            for needed in resolve(finder, wanted, target, problems):
                if needed.name in found.modules:
                    continue
                if wanted.eager or needed.group in groups:
                    queue.append(needed)
                else:
                    waiting.append(wanted)  # until a distribution it needs is shipped
                    break
        if problems:
            raise ProblemsFound(problems)
        pending = waiting
    return found


def resolve(
    finder: Finder, wanted: Import, target: Target, problems: list[Problem]
) -> Iterator[Module]:
    """The modules an import loads: the named one and its packages (stdlib left out).

    ``a.b:from`` (from ``from a import b``) is a submodule, or else a name in ``a``.
    """
    maybe = wanted.name.endswith(":from")
    name = wanted.name.removesuffix(":from")
    if not name or target.is_stdlib(name):
        return
    top = name.split(".")[0]
    if top in sys.stdlib_module_names:  # this Python's standard library, not the target's
        if wanted.eager and not maybe:
            problems.append(
                Problem(
                    str(wanted.importer.file),
                    wanted.line,
                    f"imports '{top}', a standard module the browser's Python "
                    f"{'.'.join(map(str, target.version))} does not have",
                )
            )
        return
    parts = name.split(".")
    names = [name] if maybe else [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    for each in names:
        found = finder.module(each)
        if isinstance(found, Module):
            yield found
            continue
        if wanted.eager and not (maybe and found is None):  # ``from a import b``: b a name
            where = str(wanted.importer.file)
            problems.append(
                Problem(where, wanted.line, f"imports '{each}', which is not installed")
                if found is None
                else Problem(
                    where,
                    wanted.line,
                    f"imports '{each}', compiled code ({found}) that Pyodide cannot load: "
                    "make the import optional",
                )
            )
        return


class Finder:
    """Finds a module's file without running it (parents' specs only, no imports)."""

    def __init__(self, project_root: Path) -> None:
        self.root = project_root
        self.specs: dict[str, ModuleSpec | None] = {}
        self.owners: dict[str, str] = {}  # top-level name → the distribution installing it

    def spec(self, name: str) -> ModuleSpec | None:
        if name not in self.specs:
            if "." not in name:
                spec = importlib.util.find_spec(name)
            else:
                parent = self.spec(name.rsplit(".", 1)[0])
                locations = parent.submodule_search_locations if parent else None
                spec = PathFinder.find_spec(name, list(locations)) if locations else None
            self.specs[name] = spec
        return self.specs[name]

    def module(self, name: str) -> Module | str | None:
        """The module, the file name of compiled code, or None when it does not exist."""
        spec = self.spec(name)
        if spec is None or spec.origin is None or spec.origin in ("built-in", "frozen"):
            return None
        origin = Path(spec.origin)
        if origin.suffix != ".py":
            return origin.name
        return Module(
            name, origin, spec.submodule_search_locations is not None, self.group(name, origin)
        )

    def group(self, name: str, origin: Path) -> str:
        resolved = origin.resolve()
        if resolved.is_relative_to(self.root):
            inside = resolved.relative_to(self.root).parts
            if not any(p.startswith(".") or p == "site-packages" for p in inside):
                return OURS
        top = name.split(".")[0]
        if top not in self.owners:
            self.owners[top] = self.owner(top, origin)
        return self.owners[top]

    def owner(self, top: str, origin: Path) -> str:
        """The distribution whose files hold ``origin``: the one named like the module, or
        one whose records list ``top`` (read as text: parsing every installed distribution's
        file list takes a second); each candidate checked against the files it installed."""
        try:
            named = [distribution(top)]
        except PackageNotFoundError:
            named = []
        listing = (found for found in distributions() if lists(found, top))
        for candidate in chain(named, listing):
            if installs(candidate, origin):
                return str(candidate.metadata["Name"])
        raise ProblemsFound([Problem(str(origin), 0, f"'{top}' comes from no distribution")])


def lists(found: Distribution, top: str) -> bool:
    """Whether ``found``'s records name the top-level module or package ``top``."""
    if top in (found.read_text("top_level.txt") or "").split():
        return True
    record = found.read_text("RECORD") or ""
    return any(row.startswith((f"{top}/", f"{top}.py,")) for row in record.splitlines())


def installs(found: Distribution, origin: Path) -> bool:
    """Whether ``origin`` is one of the files ``found`` installed."""
    resolved = origin.resolve()
    return any(Path(str(found.locate_file(f))).resolve() == resolved for f in found.files or ())


def imports_of(module: Module, version: tuple[int, ...], source: bytes) -> Iterator[Import]:
    """The imports of a module's source, each marked eager or lazy; optional ones left out,
    and the branch a ``sys.version_info`` test does not take on ``version``.

    ``from a import b`` yields ``a`` and ``a.b:from`` (a submodule if there is one).
    """
    tree = ast.parse(source, str(module.file))
    package = module.name if module.is_package else module.name.rpartition(".")[0]

    def absolute(level: int, base: str | None) -> str:
        if level == 0:
            return base or ""
        parts = package.split(".")
        anchor = ".".join(parts[: len(parts) - (level - 1)])
        return f"{anchor}.{base}" if base else anchor

    def visit(nodes: list[ast.stmt], eager: bool) -> Iterator[Import]:
        for node in nodes:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield Import(alias.name, module, node.lineno, eager)
            elif isinstance(node, ast.ImportFrom):
                base = absolute(node.level, node.module)
                yield Import(base, module, node.lineno, eager)
                for alias in node.names:
                    if alias.name != "*":
                        yield Import(f"{base}.{alias.name}:from", module, node.lineno, eager)
            elif isinstance(node, ast.Try | ast.TryStar):
                optional = any(catches_import_error(h.type) for h in node.handlers)
                if not optional:
                    yield from visit(node.body, eager)
                for handler in node.handlers:
                    yield from visit(handler.body, eager)
                yield from visit(node.orelse, eager)
                yield from visit(node.finalbody, eager)
            elif isinstance(node, ast.If):
                taken = version_test(node.test, version)
                if taken is not False and not is_type_checking(node.test):
                    yield from visit(node.body, eager)
                if taken is not True:
                    yield from visit(node.orelse, eager)
            elif isinstance(node, ast.With | ast.AsyncWith):
                if not any(suppresses_import_error(item.context_expr) for item in node.items):
                    yield from visit(node.body, eager)
            elif isinstance(node, ast.ClassDef):
                yield from visit(node.body, eager)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                yield from visit(node.body, False)
            elif isinstance(node, ast.For | ast.AsyncFor | ast.While):
                yield from visit(node.body, eager)
                yield from visit(node.orelse, eager)
            elif isinstance(node, ast.Match):
                for case in node.cases:
                    yield from visit(case.body, eager)

    yield from visit(tree.body, True)


def catches_import_error(handler: ast.expr | None) -> bool:
    if handler is None:
        return True
    names = handler.elts if isinstance(handler, ast.Tuple) else [handler]
    return any(isinstance(n, ast.Name) and n.id in OPTIONAL_ERRORS for n in names)


def suppresses_import_error(expression: ast.expr) -> bool:
    if not isinstance(expression, ast.Call):
        return False
    function = expression.func
    called = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
    return called == "suppress" and any(catches_import_error(a) for a in expression.args)


def is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def version_test(test: ast.expr, version: tuple[int, ...]) -> bool | None:
    """The value of ``sys.version_info <op> (3, 9)`` on ``version``; None for any other test."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    left, right = test.left, test.comparators[0]
    if not (
        isinstance(left, ast.Attribute)
        and left.attr == "version_info"
        and isinstance(left.value, ast.Name)
        and left.value.id == "sys"
        and isinstance(right, ast.Tuple)
        and all(isinstance(e, ast.Constant) and isinstance(e.value, int) for e in right.elts)
    ):
        return None
    other = tuple(e.value for e in right.elts if isinstance(e, ast.Constant))
    compare = {
        ast.Gt: version > other,
        ast.GtE: version >= other,
        ast.Lt: version < other,
        ast.LtE: version <= other,
    }
    return compare.get(type(test.ops[0]))
