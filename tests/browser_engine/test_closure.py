"""What the browser gets is derived from what the entry imports: nothing listed by hand."""

from __future__ import annotations

import ast
import hashlib
import textwrap
from pathlib import Path
from typing import Any

import pytest

from browser_engine import closure as closure_module
from browser_engine.closure import OURS, ImportCache, Target, closure
from browser_engine.pack import ENTRY, LAZILY_IMPORTED, PROJECT_ROOT
from engine import ProblemsFound

TARGET = Target((3, 14, 2), Target.running().stdlib | {"annotationlib"})


def test_the_entry_needs_our_engine_and_four_pure_python_distributions() -> None:
    """The schema's validator among them: the loader imports it only to check a scenario
    (a build whose scenarios are all cached needs none), so the pack names it."""
    assert "jsonschema" not in closure(ENTRY, PROJECT_ROOT, TARGET).distributions
    found = closure(ENTRY, PROJECT_ROOT, TARGET, also=LAZILY_IMPORTED)
    ours = {name for name, module in found.modules.items() if module.group == OURS}
    assert {
        "engine.loader",
        "engine.combat",
        "worked_examples.render",
        "browser_engine.form",
    } <= ours
    assert set(found.distributions) == {"PyYAML", "jsonschema", "attrs", "pyrsistent"}
    names = {name for name, _ in found.files()}
    assert "vocabulary/locales/fr/LC_MESSAGES/riftbound.po" in names  # shipped compiled (pack)
    assert "jsonschema/schemas/draft2020-12.json" in names
    assert "jsonschema-4.17.3.dist-info/METADATA" in names
    # Not what the browser runs: the build, MkDocs, the rules browser, tests, compiled code.
    # (Rule numbers are: the step-through links each rule it cites.)
    assert "rulebook.numbering" in ours
    assert not ours & {
        "browser_engine.pack",
        "browser_engine.closure",
        "docset",
        "rulebook.browser",
    }
    assert not any(n.startswith(("mkdocs", "babel", "jsonschema/tests")) for n in names)
    assert not any(n.endswith((".so", ".pyc", ".pyi")) for n in names)


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_a_new_package_of_ours_comes_with_its_data_and_nothing_it_does_not_need(
    project: Path,
) -> None:
    write(
        project,
        {
            "newwords/__init__.py": """
                import sys
                from newwords import table
                from . import plural
                try:
                    import not_installed_accelerator
                except ImportError:
                    pass
                if sys.version_info >= (3, 12):
                    from newwords import modern
                else:
                    from newwords import legacy

                def compile_catalog():
                    import babel  # a lazy import: never adds a distribution
                    from newwords import tools  # ours: shipped with the package
            """,
            "newwords/table.py": "import yaml\n",
            "newwords/plural.py": "",
            "newwords/modern.py": "",
            "newwords/legacy.py": "import does_not_exist\n",
            "newwords/tools.py": "",
            "newwords/unused.py": "import mkdocs\n",
            "newwords/locales/fr/LC_MESSAGES/words.po": 'msgid ""\nmsgstr ""\n',
            "newwords/static/page.js": "",
        },
    )
    found = closure("newwords", project, TARGET)
    assert sorted(found.modules) == sorted(
        ["newwords", "newwords.table", "newwords.plural", "newwords.modern", "newwords.tools"]
        + [name for name in found.modules if name.startswith("yaml")]
    )
    assert set(found.distributions) == {"PyYAML"}
    names = {name for name, _ in found.files(skip=frozenset({"newwords/static"}))}
    assert "newwords/locales/fr/LC_MESSAGES/words.po" in names
    assert "newwords/static/page.js" not in names
    assert "newwords/unused.py" not in names


def test_a_needed_import_that_is_missing_fails_with_file_and_line(project: Path) -> None:
    write(project, {"brokenpkg/__init__.py": "import os\n\nimport missing_thing\n"})
    with pytest.raises(ProblemsFound) as found:
        closure("brokenpkg", project, TARGET)
    assert str(found.value) == (
        f"{project / 'brokenpkg' / '__init__.py'}:3: imports 'missing_thing', which is not installed"
    )


def test_compiled_code_the_browser_cannot_load_fails_the_build(project: Path) -> None:
    write(project, {"fastpkg/__init__.py": "from yaml import _yaml\n"})
    with pytest.raises(
        ProblemsFound, match=r"compiled code \(_yaml\..*\) that Pyodide cannot load"
    ):
        closure("fastpkg", project, TARGET)


def test_a_saved_import_cache_spares_parsing_unchanged_files_and_only_those(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(project, {"cachedpkg/__init__.py": "from . import a\n", "cachedpkg/a.py": ""})
    saved = project / "imports.json"
    cache = ImportCache.load(saved)  # none yet: an empty cache
    first = closure("cachedpkg", project, TARGET, cache)
    cache.save(saved)
    parsed: list[str] = []
    real_parse = ast.parse

    def counted(source: bytes, filename: str = "<unknown>", *args: Any, **kwargs: Any) -> Any:
        parsed.append(Path(filename).name)
        return real_parse(source, filename, *args, **kwargs)

    monkeypatch.setattr("browser_engine.closure.ast.parse", counted)
    assert closure("cachedpkg", project, TARGET, ImportCache.load(saved)).modules == first.modules
    assert parsed == []
    write(project, {"cachedpkg/a.py": "from . import b\n", "cachedpkg/b.py": ""})
    cache = ImportCache.load(saved)
    again = closure("cachedpkg", project, TARGET, cache)
    assert sorted(parsed) == ["a.py", "b.py"]  # the changed file, and the new one
    assert "cachedpkg.b" in again.modules
    cache.save(saved)
    assert len(ImportCache.load(saved).known) == 3  # a.py's old entry is gone: no growth


def test_an_import_cache_file_that_is_not_one_is_ignored(project: Path) -> None:
    saved = project / "imports.json"
    for content in (b"not json", b"[1, 2]", b'{"k": [["yaml", "one", true]]}', b'{"k": 3}'):
        saved.write_bytes(content)
        assert ImportCache.load(saved).known == {}


def test_the_import_cache_tells_apart_what_changes_a_sources_imports(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same text in another package (relative imports), under another Python, or read by
    another version of this module is not the same entry."""
    same = "import sys\nfrom . import x\nif sys.version_info >= (3, 12):\n    from . import new\n"
    write(project, {f"{p}/{f}": "" for p in ("twina", "twinb") for f in ("x.py", "new.py")})
    write(project, {"twina/__init__.py": same, "twinb/__init__.py": same})
    cache = ImportCache()
    assert sorted(closure("twina", project, TARGET, cache).modules) == [
        "twina",
        "twina.new",
        "twina.x",
    ]
    assert sorted(closure("twinb", project, TARGET, cache).modules) == [
        "twinb",
        "twinb.new",
        "twinb.x",
    ]
    older = Target((3, 11, 0), TARGET.stdlib)
    assert sorted(closure("twina", project, older, cache).modules) == ["twina", "twina.x"]
    saved = project / "imports.json"
    cache.save(saved)
    monkeypatch.setattr(closure_module, "READER", hashlib.sha256(b"a changed closure.py"))
    assert ImportCache.load(saved).known  # the entries are there, under the old reader
    parsed: list[str] = []
    real_parse = ast.parse

    def counted(source: bytes, filename: str = "<unknown>", *args: Any, **kwargs: Any) -> Any:
        parsed.append(Path(filename).parent.name)
        return real_parse(source, filename, *args, **kwargs)

    monkeypatch.setattr("browser_engine.closure.ast.parse", counted)
    closure("twina", project, TARGET, ImportCache.load(saved))
    assert parsed.count("twina") == 3  # each file of it read again


def test_a_standard_module_the_browsers_python_lacks_fails_at_the_import(project: Path) -> None:
    write(project, {"oldpkg/__init__.py": "import os\n\nimport cgi\n", "oldpkg/x.py": ""})
    browser = Target((3, 14, 2), TARGET.stdlib - {"cgi"})
    with pytest.raises(ProblemsFound) as found:
        closure("oldpkg", project, browser)
    assert str(found.value) == (
        f"{project / 'oldpkg' / '__init__.py'}:3: imports 'cgi', a standard module the "
        "browser's Python 3.14.2 does not have"
    )
