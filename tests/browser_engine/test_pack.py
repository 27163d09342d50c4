"""The build's engine files: Pyodide and our code as scripts, the words, the editor's data."""

from __future__ import annotations

import base64
import gettext
import gzip
import io
import json
import os
import re
import shutil
import string
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path
from typing import Any

import pytest

from browser_engine import pack
from browser_engine.closure import Target, closure
from browser_engine.entry import handle
from browser_engine.words import WORDS, for_language, word
from diagnostics import SECRET, ProblemsFound
from docset.build import SiteBuild, load_site
from engine.effects import EFFECTS
from engine.fields import Const, Either
from engine.model import Trigger
from tests.conftest import ROOT
from vocabulary import LANGUAGE_NAMES, languages

LANGUAGES = languages()

# The site's build packs these very files into the project's engine cache: the tests run after
# it (tests/conftest.py puts the tests that read the site last), so ``packed`` reads what the
# build made instead of making it again, and on one worker, which makes the module's caches
# once.
pytestmark = [pytest.mark.usefixtures("built_site"), pytest.mark.xdist_group("pack")]

PYODIDE = ROOT / "node_modules" / "pyodide"
PAYLOAD = re.compile(
    rb'^\(self\.RiftboundEngineFiles = self\.RiftboundEngineFiles \|\| \{\}\)\["([^"]+)"\] = "([A-Za-z0-9+/=]+)";\n$'
)


@pytest.fixture(scope="module")
def site() -> SiteBuild:
    return load_site(ROOT, "rules", "examples", None, LANGUAGES)


@pytest.fixture(scope="module")
def packed(site: SiteBuild) -> pack.EngineAssets:
    if not PYODIDE.is_dir():
        pytest.fail(f"{PYODIDE} is missing: run `npm ci` (make test does)")
    return pack.engine_assets(site.runs, LANGUAGES, PYODIDE, ROOT / ".cache" / "browser-engine")


def contents(packed: pack.EngineAssets) -> dict[str, bytes]:
    """Every file of the engine as the site gets it (a large one is the cache's file, copied)."""
    return {
        path: content.read_bytes() if isinstance(content, Path) else content
        for path, content in packed.files.items()
    }


@pytest.fixture(scope="module")
def assets(packed: pack.EngineAssets) -> dict[str, bytes]:
    return contents(packed)


@pytest.fixture(scope="module")
def source_cache(site: SiteBuild, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder as a build without the precompile (``mkdocs serve``) leaves it, made
    once for the tests that start from one (gzip at level 9 of Pyodide's files takes
    seconds)."""
    folder = tmp_path_factory.mktemp("source-cache")
    pack.engine_assets(site.runs, LANGUAGES, PYODIDE, folder, precompile=False)
    return folder


def cache_copy(source_cache: Path, target: Path) -> Path:
    """A copy of ``source_cache`` (its files' times kept) for a test to change."""
    return Path(shutil.copytree(source_cache, target))


def payloads(assets: dict[str, bytes]) -> dict[str, bytes]:
    found = {}
    for content in assets.values():
        match = PAYLOAD.match(content)
        if match:
            found[match[1].decode()] = gzip.decompress(base64.b64decode(match[2]))
    return found


def test_each_binary_travels_as_a_script_of_gzip_base64(assets: dict[str, bytes]) -> None:
    files = payloads(assets)
    assert set(files) == {*pack.PYODIDE_FILES, pack.CODE_ARCHIVE}
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"):
        assert files[name] == (PYODIDE / name).read_bytes()
    original = zipfile.ZipFile(PYODIDE / "python_stdlib.zip")
    shipped = zipfile.ZipFile(io.BytesIO(files["python_stdlib.zip"]))
    names = set(shipped.namelist())
    compiled = {n for n in names if n.endswith(".pyc")}
    for name in original.namelist():
        if name.split("/")[0].removesuffix(".py") in pack.DEVELOPMENT_TOOLS:
            assert name not in names and name + "c" not in names
        elif name + "c" in compiled:  # loaded by the engine under Pyodide: shipped compiled
            assert name not in names
        else:
            assert shipped.read(name) == original.read(name), name
    # Pyodide's start-up and the engine's imports, compiled by Pyodide's own Python.
    assert {"asyncio/__init__.pyc", "json/__init__.pyc", "dataclasses.pyc"} <= compiled
    assert len(compiled) > 150
    assert len({shipped.read(n)[:4] for n in compiled}) == 1  # one magic number
    for path in assets:
        assert path.startswith(pack.FOLDER + "/")
        assert re.search(r"\.[0-9a-f]{12}\.(js|css)$", path), path  # cacheable for ever


def test_pages_load_only_start_js_which_names_the_rest(packed: pack.EngineAssets) -> None:
    assets = contents(packed)
    start = assets[packed.start]
    assert re.fullmatch(rf"{pack.START}\.[0-9a-f]{{12}}\.js", packed.start)
    assert len(start) < 5000
    config = json.loads(
        start.split(b"\n", 1)[0].removeprefix(b"self.RiftboundEngineStart = ").rstrip(b";")
    )
    for key in ("editor", "style", "data"):
        assert f"{pack.FOLDER}/{config[key]}" in assets
    assert config["words"]["fr"]["launch.try"] == "Essayer une variante"


def test_the_start_scripts_name_changes_with_its_content(
    site: SiteBuild, packed: pack.EngineAssets, source_cache: Path, tmp_path: Path
) -> None:
    """A host may cache the script every page loads for ever too: a site whose engine
    changed names a new one, never an old copy that names files since deleted."""
    fewer = dict(sorted(site.runs.items())[1:])  # one example less: other data to name
    cache = cache_copy(source_cache, tmp_path / "cache")
    other = pack.engine_assets(fewer, LANGUAGES, PYODIDE, cache, precompile=False)
    assert other.files[other.start] != packed.files[packed.start]
    assert other.start != packed.start
    assert packed.start not in other.files


def archive(assets: dict[str, bytes]) -> bytes:
    """The zip of our code, as the browser gets it."""
    return payloads(assets)[pack.CODE_ARCHIVE]


def data(assets: dict[str, bytes]) -> dict[str, Any]:
    script = next(c for p, c in assets.items() if p.startswith(f"{pack.FOLDER}/data."))
    loaded: dict[str, Any] = json.loads(
        script.removeprefix(b"self.RiftboundEngineData = ").rstrip(b";\n")
    )
    return loaded


def test_the_editor_gets_every_example_and_the_languages_names(
    assets: dict[str, bytes], site: SiteBuild
) -> None:
    loaded = data(assets)
    assert set(loaded["examples"]) == set(site.runs)
    assert loaded["examples"]["whole-combat"]["form"]["id"] == "whole-combat-variation"
    assert {f["name"] for f in loaded["files"]} == {*pack.PYODIDE_FILES, pack.CODE_ARCHIVE}
    with zipfile.ZipFile(io.BytesIO(archive(assets))) as code:
        names = json.loads(code.read(LANGUAGE_NAMES))
    assert names["fr"] == {"en": "anglais", "fr": "français"}
    assert names["en"] == {"en": "English", "fr": "French"}


def test_every_word_the_editor_says_exists_and_none_is_left_over() -> None:
    """The words the JavaScript asks for, and those the form's view says: its own, and one per
    trigger, kind of effect and effect field the format declares."""
    source = (ROOT / "browser_engine" / "static" / "editor.js").read_text(encoding="utf-8")
    calls = re.findall(r"\bt\(([^()]*)", source)  # t("key"), t(test ? "a.b" : "c.d", …)
    used = {k for call in calls for k in re.findall(r'"([a-z-]+\.[a-z_-]+)"', call)}
    assert len(used) > 20
    python = "".join(
        (ROOT / "browser_engine" / name).read_text(encoding="utf-8")
        for name in (
            "pack.py",
            "form.py",
            "entry.py",
            "exploring.py",
            "view.py",
            "shown.py",
            "widgets.py",
        )
    )
    used |= set(re.findall(r'\b(?:w|word|written|name)\(\s*["\']([a-z]+\.[a-z_-]+)["\']', python))
    # Keys the Python passes on before saying them ("diff.result" in a table of lines).
    mentioned = set(re.findall(r'"([a-z]+\.[a-z_-]+)"', python)) & set(WORDS)
    used |= {f"when.{t.value}" for t in Trigger} | {"effect.effects"}
    for kind, effect in EFFECTS.items():
        used.add(f"effect.{kind}")
        for name, node in effect.body.fields.items():
            used.add(f"field.{name}")
            forms = node.forms if isinstance(node, Either) else ()
            used |= {f"field.{f.value}" for f in forms if isinstance(f, Const)}
    assert sorted(used - set(WORDS)) == []
    assert sorted(set(WORDS) - used - mentioned) == []


# The page fills the words without a plural (Python says those, picking the form by the count).
@pytest.mark.parametrize("key", sorted(k for k, word in WORDS.items() if word.plural is None))
def test_each_word_the_page_fills_has_the_same_placeholders_in_every_language(key: str) -> None:
    said = {lang: for_language(lang)[key] for lang in LANGUAGES}
    fields = [{f for _, f, _, _ in string.Formatter().parse(text) if f} for text in said.values()]
    assert all(f == fields[0] for f in fields), said
    french = said["fr"]
    assert not re.search(r"[^\u00a0\u202f][:;!?](\s|$)", french.replace("://", "")), french
    assert "'" not in french, french


def test_the_code_archive_alone_runs_every_example_as_in_the_build(
    assets: dict[str, bytes], site: SiteBuild, tmp_path: Path
) -> None:
    """Python with nothing but its standard library and the archive: what Pyodide has."""
    zipfile.ZipFile(io.BytesIO(payloads(assets)[pack.CODE_ARCHIVE])).extractall(tmp_path / "code")
    examples = data(assets)["examples"]
    requests = [
        json.dumps(
            {"action": "run", "lang": lang, "form": e["form"], "documented": e["documented"]}
        )
        for e in examples.values()
        for lang in LANGUAGES
    ]
    requests.append(json.dumps({"action": "scenario", "form": data(assets)["blank"]}))
    requests.append(json.dumps({"action": "open", "text": "id: [", "name": "x.yml"}))
    script = textwrap.dedent(
        """
        import json, sys
        sys.path.insert(0, sys.argv[1])
        from browser_engine.entry import handle
        print(json.dumps([handle(r) for r in json.load(sys.stdin)]))
        assert not [m for m in sys.modules if m.split(".")[0] in ("mkdocs", "babel", "docset")]
        """
    )
    alone = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script, str(tmp_path / "code")],
        input=json.dumps(requests),
        capture_output=True,
        text=True,
        check=False,
    )
    assert alone.returncode == 0, alone.stderr
    answers = json.loads(alone.stdout)
    assert answers == [handle(r) for r in requests]
    for request, answer in zip(requests[: len(examples) * len(LANGUAGES)], answers, strict=False):
        lang = json.loads(request)["lang"]  # each example plays as documented, in each language
        played = json.loads(answer)
        assert played["ok"] and played["difference"] == word("diff.same", lang), played


def test_an_example_that_plays_otherwise_under_pyodide_stops_the_build(
    assets: dict[str, bytes],
) -> None:
    """The build's warm-up under Node.js also checks each example plays there as documented."""
    example_id, example = sorted(data(assets)["examples"].items())[0]
    summary = example["documented"]["summary"]
    wrong = {**example["documented"], "summary": {**summary, "restaged": not summary["restaged"]}}
    request = {"action": "run", "lang": "fr", "form": example["form"], "documented": wrong}
    stdlib = pack.without_tools((PYODIDE / "python_stdlib.zip").read_bytes())
    code = payloads(assets)[pack.CODE_ARCHIVE]
    with pytest.raises(ProblemsFound) as raised:
        pack.precompiled(PYODIDE, stdlib, code, [json.dumps(request)], None)
    (problem,) = raised.value.problems
    assert problem.path == pack.PRECOMPILE
    assert f"the example {example_id} (fr) plays differently under Pyodide" in problem.message


def test_the_code_archive_holds_what_the_engine_reads_and_not_what_editors_or_the_build_do(
    assets: dict[str, bytes],
) -> None:
    with zipfile.ZipFile(io.BytesIO(payloads(assets)[pack.CODE_ARCHIVE])) as zipped:
        names = set(zipped.namelist())
    assert {"engine/loader.py", "browser_engine/entry.py"} <= names
    for lang in LANGUAGES[1:]:
        assert f"vocabulary/locales/{lang}/LC_MESSAGES/riftbound.mo" in names
        assert f"vocabulary/locales/{lang}/terminology.txt" not in names
    assert not [n for n in names if n.endswith((".pot", ".schema.json", ".js", ".mjs", ".css"))]


def test_a_gettext_catalog_ships_compiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalog = tmp_path / "catalogs" / "locales" / "fr" / "LC_MESSAGES" / "site.po"
    catalog.parent.mkdir(parents=True)
    (tmp_path / "catalogs" / "__init__.py").write_text("", encoding="utf-8")
    catalog.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgctxt "board:trash"\nmsgid "Trash"\nmsgstr "Défausse"\n',
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    archive = pack.code_archive(closure("catalogs", tmp_path, Target.running()), LANGUAGES)
    with zipfile.ZipFile(io.BytesIO(archive)) as zipped:
        assert "catalogs/locales/fr/LC_MESSAGES/site.po" not in zipped.namelist()
        compiled = zipped.read("catalogs/locales/fr/LC_MESSAGES/site.mo")
    assert (
        gettext.GNUTranslations(io.BytesIO(compiled)).pgettext("board:trash", "Trash") == "Défausse"
    )


def test_a_failure_of_pyodide_under_node_is_one_line_naming_the_error(tmp_path: Path) -> None:
    broken = tmp_path / "pyodide"
    broken.mkdir()
    (broken / "pyodide.asm.wasm").write_bytes(b"not wasm")  # and no pyodide.mjs to import
    with pytest.raises(ProblemsFound) as raised:
        pack.precompiled(broken, b"", b"", [], None)
    (problem,) = raised.value.problems
    assert problem.path == "browser_engine/node/precompile.mjs"
    assert "Error" in problem.message and "pyodide.mjs" in problem.message, problem.message
    assert "\n" not in problem.message and len(problem.message) < 400


def test_serve_ships_the_standard_library_as_source_and_the_same_engine(
    site: SiteBuild, assets: dict[str, bytes], source_cache: Path, tmp_path: Path
) -> None:
    """``mkdocs serve`` skips the precompile (no Node.js run at each save); the rest is the
    build's, byte for byte."""
    cache = cache_copy(source_cache, tmp_path / "cache")
    served = pack.engine_assets(site.runs, LANGUAGES, PYODIDE, cache, precompile=False)
    files, built = payloads(contents(served)), payloads(assets)
    stdlib = zipfile.ZipFile(io.BytesIO(files["python_stdlib.zip"]))
    assert not [n for n in stdlib.namelist() if n.endswith(".pyc")]
    assert "json/__init__.py" in stdlib.namelist()
    assert {n: c for n, c in files.items() if n != "python_stdlib.zip"} == {
        n: c for n, c in built.items() if n != "python_stdlib.zip"
    }
    assert not list(cache.glob("*.stdlib.zip"))  # and Pyodide under Node.js did not run


def test_the_cache_keeps_the_entries_used_last_and_deletes_older_ones(
    site: SiteBuild, source_cache: Path, tmp_path: Path
) -> None:
    """Each change to the engine or an example adds entries; the cache does not grow forever,
    and what a build uses stays, however old its files."""
    tmp_path = cache_copy(source_cache, tmp_path / "cache")
    first = pack.engine_assets(site.runs, LANGUAGES, PYODIDE, tmp_path, precompile=False)
    mine = sorted(f.name for f in tmp_path.iterdir() if f.name not in (pack.IMPORTS, SECRET))
    # Pyodide's three files, its standard library, our code, each with its seal; the names in
    # Pyodide's standard library.
    assert len(mine) == 11
    for file in tmp_path.iterdir():
        os.utime(file, (1_000_000, 1_000_000))  # written long ago
    others = [f"{n:064x}.js" for n in range(pack.CACHE_ENTRIES + 10)]
    for n, name in enumerate(others):
        (tmp_path / name).write_bytes(b"an entry of another build")
        os.utime(tmp_path / name, (2_000_000 + n, 2_000_000 + n))  # used since, oldest first
    (tmp_path / "notes.txt").write_text("not an entry", encoding="utf-8")

    again = pack.engine_assets(site.runs, LANGUAGES, PYODIDE, tmp_path, precompile=False)
    assert again == first
    kept = sorted(f.name for f in tmp_path.iterdir())
    newest = others[len(others) - (pack.CACHE_ENTRIES - len(mine)) :]
    assert kept == sorted([*mine, *newest, pack.IMPORTS, SECRET, "notes.txt"])


FAULTS = ("cut short", "script added", "another file", "another file's data under its name")


def with_data_of(entry: bytes, other: bytes) -> bytes:
    """``entry``'s script holding ``other``'s gzip + base64 data."""
    mine, theirs = PAYLOAD.match(entry), PAYLOAD.match(other)
    assert mine is not None and theirs is not None
    return entry[: mine.start(2)] + theirs[2] + entry[mine.end(2) :]


def test_a_cached_payload_that_is_not_exactly_its_file_is_made_again(
    site: SiteBuild, source_cache: Path, tmp_path: Path
) -> None:
    """A truncated entry shipped a broken engine ("The engine could not start" in every
    editor); a changed one would ship its script to every reader. Every entry is spoiled in
    one build, each way on one entry at least, and all are made again exactly."""
    first = pack.engine_assets(site.runs, LANGUAGES, PYODIDE, source_cache, precompile=False)
    cache = cache_copy(source_cache, tmp_path / "cache")
    # Largest first: the largest holds the smallest's data (no bound on an entry's size
    # refuses that before it is read); the others each one of the other faults, in turn.
    scripts = sorted(cache.glob("*.js"), key=lambda e: -e.stat().st_size)
    assert len(scripts) >= len(FAULTS)
    originals = [entry.read_bytes() for entry in scripts]
    faults = [FAULTS[-1], *(FAULTS[n % (len(FAULTS) - 1)] for n in range(len(scripts) - 1))]
    for n, (entry, fault) in enumerate(zip(scripts, faults, strict=True)):
        data = originals[n]
        entry.write_bytes(
            {
                "cut short": data[: len(data) // 2],
                "script added": data.replace(b'] = "', b'] = alert(1) || "', 1),
                "another file": originals[(n + 1) % len(scripts)],
                "another file's data under its name": with_data_of(data, originals[-1]),
            }[fault]
        )
    assert [e.read_bytes() for e in scripts] != originals
    again = pack.engine_assets(site.runs, LANGUAGES, PYODIDE, cache, precompile=False)
    assert contents(again) == contents(first)
    assert [e.read_bytes() for e in scripts] == originals


def test_a_compiled_standard_library_ships_from_the_cache_only_if_sealed_by_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What Pyodide compiled cannot be checked but by compiling again: an entry not whole, or
    not sealed by its folder, is compiled again (here by a stand-in for Node.js)."""
    compiled: list[bytes] = []
    run = subprocess.run

    def compile_under_node(command: list[str], **kwargs: Any) -> Any:
        if not command[1].endswith("precompile.mjs"):
            return run(command, **kwargs)
        compiled.append(b"compiled %d" % len(compiled))
        Path(command[-1]).write_bytes(compiled[-1])
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr("browser_engine.pack.subprocess.run", compile_under_node)
    inputs = (PYODIDE, b"stdlib", b"code", ["{}"], tmp_path)
    assert pack.precompiled(*inputs) == b"compiled 0"
    assert pack.precompiled(*inputs) == b"compiled 0"  # from the cache
    (entry,) = tmp_path.glob("*.stdlib.zip")
    seal, _, _ = entry.read_bytes().partition(b"\n")
    entry.write_bytes(seal + b"\nforged")
    assert pack.precompiled(*inputs) == b"compiled 1"
    entry.write_bytes(entry.read_bytes()[:-3])
    assert pack.precompiled(*inputs) == b"compiled 2"


def test_the_browsers_standard_library_is_pyodides_not_this_pythons() -> None:
    """A module this Python has and Pyodide does not is not taken as present: pure Python
    (``cgi``, gone since 3.13; ``tkinter``) or C (``readline``, ``_winapi``); its zip's
    modules, those compiled into its runtime and its core's are, even where this Python has
    none of that name (``_zstd``, new in 3.14)."""
    stdlib = (PYODIDE / "python_stdlib.zip").read_bytes()
    target = pack.browser_target(pack.pyodide_lock(PYODIDE), stdlib, PYODIDE / "pyodide.asm.wasm")
    assert target.version[:2] >= (3, 13)
    present = ["json", "dataclasses", "annotationlib", "_json", "itertools", "_zstd", "sys"]
    for name in present:
        assert target.is_stdlib(name), name
    for name in ("cgi", "tkinter", "distutils", "imp", "readline", "_winapi", "audioop"):
        assert not target.is_stdlib(name), name


def test_a_runtime_naming_no_built_in_module_stops_the_build(tmp_path: Path) -> None:
    runtime = tmp_path / "pyodide.asm.wasm"
    runtime.write_bytes(b"\0asm not a Pyodide runtime")
    with pytest.raises(ProblemsFound) as raised:
        pack.browser_target({"python": "3.14.2"}, b"", runtime)
    assert str(raised.value) == f"{runtime}: names no built-in module (no PyInit_… function)"
