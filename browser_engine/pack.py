"""The build step: the files that run the engine in the reader's browser (``assets/engine/``).

Chromium refuses ``fetch``, XHR and file-based workers on ``file://``, so
every binary the engine needs travels as a ``<script>`` that holds it as
gzip + base64: Pyodide's loader and runtime (npm ``pyodide``, pinned in
``package-lock.json``), its standard library, and one zip of our Python code
with the pure-Python distributions it imports (``closure``). The editor loads
them only when a reader opens it, and hands them to a Web Worker, which
answers Pyodide's own requests for those files from memory. The same files
serve ``file://`` and any web host.

Every file name carries a hash of its content (a host may cache them for
ever), ``start.<hash>.js`` too: the few kilobytes every page loads, which add
the editor's controls and name the rest. A page names it through the plugin
(``EngineAssets.start``), so a redeployed site never pairs an old copy of it
with engine files that are gone.

Its cache folder's entries are sealed by the folder (``diagnostics.Seal``): one that is cut
short, changed, forged or another folder's is made again. Each payload script is cached under
a digest of what determines it (a file of Pyodide's by its content, read a piece at a time),
so that a build whose engine has not changed reads no file of Pyodide's whole, unpacks
nothing and compresses nothing: it reads the scripts it ships.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

import links
from browser_engine import closure, form, words
from diagnostics import SEAL_SUFFIX, Problem, ProblemsFound, Seal, keep_newest
from diagnostics.writing import claim_folder, sweep
from markup import icons
from vocabulary import LANGUAGE_NAMES, language_name, typography
from worked_examples.render import ICONS as STEPPER_ICONS
from worked_examples.verify import ExampleRun

FOLDER = "assets/engine"
START = f"{FOLDER}/start"  # + its hash + .js: the script every page loads
ENTRY = "browser_engine.entry"
# What the engine in the browser needs that its code imports only where it is used: the
# scenario schema's validator (``engine.loader``: a build whose scenarios are all cached loads
# none), which the editor uses on every scenario it reads.
LAZILY_IMPORTED = ("jsonschema",)
ASK_PAGE = "ask-the-engine.html"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
CODE_ARCHIVE = "riftbound.zip"
# The editor's action bar: each button's icon, the theme's own (markup.icons).
ACTION_ICONS = {
    "run": "material/play",
    "explore": "material/call-split",
    "reset": "material/restore",
    "new": "material/file-plus-outline",
    "download": "material/download",
    "share": "material/share-variant",
    "close": "material/close",
}
IMPORTS = "imports.json"  # in the cache: each module's imports (closure.ImportCache)
# Our data files that are the page's, the build's or an editor's, never read by the engine
# in the browser: not in the code archive.
NOT_PYTHON = frozenset(
    {
        "browser_engine/static",
        "browser_engine/node",
        "engine/scenario.schema.json",  # written out for editors; the loader builds its own
        "vocabulary/locales/*.pot",  # for translators
        "vocabulary/locales/*/terminology.txt",  # the build's terminology check
    }
)
# Standard library tools for people at a Python prompt (tests, debugger, profiler, REPL,
# help): nothing the engine or Pyodide's start-up imports, and a tenth of the library's bytes.
DEVELOPMENT_TOOLS = frozenset(
    {"__phello__", "_pyrepl", "bdb", "cProfile", "doctest", "pdb", "profile", "pstats"}
    | {"pyclbr", "pydoc", "tabnanny", "timeit", "trace", "unittest"}
)
# A request the worker has not answered by then is stopped (the worker restarts).
MAX_SECONDS = 20
# Cache entries kept: the ones used last (a build uses twelve files, a serve eleven: five
# scripts, each with its seal, Pyodide's names and the compiled standard library); older are
# deleted.
CACHE_ENTRIES = 48
# Bump to rebuild every cached payload (a change in how they are written, in what
# ``without_tools`` leaves out, or in the requests ``warm_up_requests`` makes).
FORMAT = b"riftbound-engine-payload-2"
# A module compiled into Pyodide's runtime: its init function's name, in the WebAssembly.
BUILT_IN = re.compile(rb"PyInit_(\w+)")
# Modules every CPython builds into its core with no init function of that name.
CORE_MODULES = frozenset(
    {"builtins", "sys", "marshal", "_warnings", "_frozen_importlib", "_frozen_importlib_external"}
)
PRECOMPILE = "browser_engine/node/precompile.mjs"
PRECOMPILE_SCRIPT = resources.files("browser_engine").joinpath("node", "precompile.mjs")
TARGET_ENTRY = ".target.json"  # a cache entry: the names of Pyodide's standard library
# Far more than the build needs (about 10 s): a bound on a hang, not a timing.
PRECOMPILE_SECONDS = 900
SCRATCH = "riftbound-precompile-"  # its scratch folders, in the system's temporary folder
# The line of a Node.js report that names the error ("RangeError: …"), not its minified source.
ERROR_LINE = re.compile(r"^\s*(?:[A-Za-z]*Error|SystemExit|PythonError)\b")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
PROJECT_ROOT = Path(__file__).resolve().parents[1]


class EngineAssets(NamedTuple):
    # Path under the site → content, every file of the engine; a large one the cache holds
    # exactly (checked), by the cache's file, which the build copies.
    files: dict[str, bytes | Path]
    start: str  # the one of them every page loads (its name changes with its content)


def engine_assets(
    runs: Mapping[str, ExampleRun],
    languages: Sequence[str],
    pyodide: Path,
    cache: Path | None,
    precompile: bool = True,
    site_url: str | None = None,
    rules: links.RulesAt | None = None,
    rule_names: Mapping[str, Mapping[str, str]] | None = None,
) -> EngineAssets:
    """Every file of the in-browser engine, and the one every page loads.

    ``precompile=False`` ships the standard library as source (the browser compiles what it
    loads, so the engine is slower to start): ``mkdocs serve`` uses it, for an author who
    edits an example need not wait for Pyodide under Node.js at every save. ``rules``:
    the version of the rules the site cites, whose rules browser a variation's steps link
    (its name, and the ranges of rules its browser splits into parts)."""
    lock = pyodide_lock(pyodide)
    seal = Seal(cache) if cache is not None else None
    digests = {name: file_digest(pyodide / name) for name in PYODIDE_FILES}
    target = cached_target(lock, pyodide, digests, seal)
    imports = closure.ImportCache.load(cache / IMPORTS) if cache is not None else None
    found = closure.closure(ENTRY, PROJECT_ROOT, target, imports, also=LAZILY_IMPORTED)
    if cache is not None and imports is not None:
        imports.save(cache / IMPORTS)
    examples = {
        example_id: {
            "form": form.variation_of(form.form_of_scenario(run.scenario)),
            "documented": form.facts(run.outcome),
        }
        for example_id, run in sorted(runs.items())
    }
    code = code_archive(found, languages)
    stdlib = pyodide / "python_stdlib.zip"
    # The standard library as it ships: what goes in says what comes out.
    shipped = hashlib.sha256(FORMAT + b"\0" + json.dumps(sorted(DEVELOPMENT_TOOLS)).encode())
    shipped.update(digests["python_stdlib.zip"])
    if precompile:
        shipped.update(hashlib.sha256(PRECOMPILE_SCRIPT.read_bytes()).digest())
        shipped.update(digests["pyodide.asm.wasm"])
        shipped.update(hashlib.sha256(code).digest())
        shipped.update(warm_up_digest(runs, examples, languages))

        def standard_library() -> bytes:
            requests = warm_up_requests(runs, examples, languages)
            return precompiled(pyodide, without_tools(stdlib.read_bytes()), code, requests, cache)
    else:

        def standard_library() -> bytes:
            return without_tools(stdlib.read_bytes())

    # Each payload read (and packed) only if the cache has not its script.
    payloads = [
        Payload(name, digests[name], (pyodide / name).read_bytes, (pyodide / name).stat().st_size)
        for name in PYODIDE_FILES[:3]
    ]
    payloads += [
        Payload(
            "python_stdlib.zip",
            shipped.digest(),
            standard_library,
            4 * stdlib.stat().st_size + 4 * 1024 * 1024,  # as precompiled's bound
        ),
        Payload(CODE_ARCHIVE, hashlib.sha256(code).digest(), lambda: code, len(code)),
    ]

    site: dict[str, bytes | Path] = {}
    listed = []
    for payload in payloads:
        name = payload.name
        script, sha256, size = payload_script(payload, cache, seal)
        path = links.hash_named(f"{FOLDER}/{name}.js", sha256)
        site[path] = script
        listed.append({"name": name, "src": path.rsplit("/", 1)[1], "size": size})

    data: dict[str, Any] = {
        "files": listed,
        "lockInfo": lock,
        "code": CODE_ARCHIVE,
        "entry": ENTRY,
        "words": {lang: words.for_language(lang) for lang in languages},
        # Each language's mark between groups of three digits (20 000, 20,000), as the site's.
        "digitGroups": {lang: typography.digit_group(lang) for lang in languages},
        "examples": examples,
        "blank": form.blank_form(),
        "icons": {key: icons.icon(name) for key, name in ACTION_ICONS.items()},
        "rulesVersion": rules.name if rules is not None else None,
        "rulesSplit": sorted(rules.split) if rules is not None else [],
        # Each language's names of the keywords the engine cites (« Assaut » for Assault).
        "ruleNames": {lang: dict((rule_names or {}).get(lang, {})) for lang in languages},
        "limits": {
            "scenarioBytes": form.MAX_SCENARIO_BYTES,
            "shareCharacters": form.MAX_SHARE_CHARACTERS,
            "seconds": MAX_SECONDS,
        },
    }
    data_script = b"self.RiftboundEngineData = " + as_json(data) + b";\n"
    data_path = links.content_named(f"{FOLDER}/data.js", data_script)
    site[data_path] = data_script
    static = resources.files("browser_engine").joinpath("static")
    editor = static.joinpath("editor.js").read_bytes()
    style = static.joinpath("editor.css").read_bytes()
    editor_path = links.content_named(f"{FOLDER}/editor.js", editor)
    style_path = links.content_named(f"{FOLDER}/editor.css", style)
    site[editor_path] = editor
    site[style_path] = style
    start = {
        "editor": editor_path.rsplit("/", 1)[1],
        "style": style_path.rsplit("/", 1)[1],
        "data": data_path.rsplit("/", 1)[1],
        "page": ASK_PAGE,
        "languages": list(languages),
        # From this folder to the site's root, and from there to each language's pages.
        "root": links.site_root(links.Page(languages[0], f"{FOLDER}/start.md")),
        "folders": {lang: links.language_folder(lang) for lang in languages},
        # "Ask the engine" on the host the site is published at, for links shared from a copy
        # opened from disk (none if ``site_url`` is this computer's).
        "hosted": {
            lang: links.hosted(site_url, links.Page(lang, ASK_PAGE.removesuffix(".html") + ".md"))
            for lang in languages
        },
        "words": {
            lang: {
                key: words.for_language(lang)[key]
                for key in ("launch.try", "launch.open", "launch.failed")
            }
            for lang in languages
        },
    }
    start_script = (
        b"self.RiftboundEngineStart = "
        + as_json(start)
        + b";\n"
        + static.joinpath("start.js").read_bytes()
    )
    start_path = links.content_named(f"{START}.js", start_script)
    site[start_path] = start_script
    if cache is not None:
        prune(cache)
    return EngineAssets(site, start_path)


def pyodide_lock(pyodide: Path) -> dict[str, Any]:
    """The ``info`` of Pyodide's lock file (the worker passes it with no packages)."""
    missing = [
        name for name in (*PYODIDE_FILES, "pyodide-lock.json") if not (pyodide / name).is_file()
    ]
    if missing:
        raise ProblemsFound(
            [Problem(str(pyodide), 0, f"missing {', '.join(missing)}: run `npm ci` (make does)")]
        )
    info = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8")).get("info")
    if not isinstance(info, dict) or not isinstance(info.get("python"), str):
        raise ProblemsFound([Problem(str(pyodide / "pyodide-lock.json"), 0, "no info.python")])
    return info


def file_digest(file: Path) -> bytes:
    """The SHA-256 of a file's content, read a piece at a time."""
    with open(file, "rb") as content:
        return hashlib.file_digest(content, "sha256").digest()


def cached_target(
    lock: Mapping[str, Any], pyodide: Path, digests: Mapping[str, bytes], seal: Seal | None
) -> closure.Target:
    """``browser_target`` of Pyodide's files, cached (sealed) under their digests: reading its
    10 MB runtime for the names of its built-in modules is done once."""
    digest = hashlib.sha256(FORMAT + b"\0target\0" + str(lock["python"]).encode())
    for name in ("python_stdlib.zip", "pyodide.asm.wasm"):
        digest.update(digests[name])
    key = digest.hexdigest()
    file = seal.folder / f"{key}{TARGET_ENTRY}" if seal is not None else None
    if seal is not None and file is not None:
        hit = seal.read(file, key, 1024 * 1024)
        try:
            saved = json.loads(hit) if hit is not None else None
            if isinstance(saved, list) and all(isinstance(n, str) for n in saved):
                version = tuple(int(part) for part in str(lock["python"]).split("."))
                return closure.Target(version=version, stdlib=frozenset(saved))
        except ValueError:  # not this cache's: made again
            pass
    target = browser_target(
        lock, (pyodide / "python_stdlib.zip").read_bytes(), pyodide / "pyodide.asm.wasm"
    )
    if seal is not None and file is not None:
        seal.write(file, key, json.dumps(sorted(target.stdlib)).encode())
    return target


def browser_target(lock: Mapping[str, Any], stdlib: bytes, runtime: Path) -> closure.Target:
    """The Python of the browser: Pyodide's version, and its standard library, none of this
    Python's: the modules of its zip, and those compiled into its runtime (``runtime``, the
    WebAssembly: each has an init function ``PyInit_<name>``, but the core's few)."""
    built_in = {name.decode() for name in BUILT_IN.findall(runtime.read_bytes())}
    if not built_in:
        raise ProblemsFound(
            [Problem(str(runtime), 0, "names no built-in module (no PyInit_… function)")]
        )
    return closure.Target(
        version=tuple(int(part) for part in str(lock["python"]).split(".")),
        stdlib=frozenset(top_level_names(stdlib)) | built_in | CORE_MODULES,
    )


def top_level_names(archive: bytes) -> Iterable[str]:
    """The top-level modules and packages of a zip of Python code."""
    with zipfile.ZipFile(io.BytesIO(archive)) as zipped:
        for name in zipped.namelist():
            top = name.split("/")[0]
            yield top.removesuffix(".py")


def code_archive(found: closure.Closure, languages: Sequence[str]) -> bytes:
    """Our modules and the distributions' as one zip; a ``.po`` catalog ships compiled, the
    languages' names as Babel's locale data gives them (Babel itself stays here), and the
    theme's icons the engine's step-throughs draw (``markup.icons``; the theme stays here)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as zipped:
        for name, file in found.files(skip=NOT_PYTHON):
            data = file.read_bytes()
            if name.endswith(".po"):
                name, data = name.removesuffix(".po") + ".mo", compiled_catalog(file, data)
            zipped.writestr(zipfile.ZipInfo(name, ZIP_DATE), data)
        names = {
            lang: {code: language_name(code, lang) for code in languages} for lang in languages
        }
        zipped.writestr(zipfile.ZipInfo(LANGUAGE_NAMES, ZIP_DATE), as_json(names))
        for icon in sorted(set(STEPPER_ICONS.values())):
            path, data = icons.packed(icon)
            zipped.writestr(zipfile.ZipInfo(path, ZIP_DATE), data)
    return buffer.getvalue()


def compiled_catalog(file: Path, data: bytes) -> bytes:
    """A gettext ``.po`` catalog as ``.mo`` (Babel, as the command line reads it)."""
    from babel.messages.mofile import write_mo  # only a build with catalogs needs Babel
    from babel.messages.pofile import read_po

    try:
        catalog = read_po(io.BytesIO(data))
    except Exception as error:  # Babel raises several kinds for a broken catalog
        raise ProblemsFound([Problem(str(file), 0, f"cannot read the catalog: {error}")]) from None
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


class Payload(NamedTuple):
    """A file the browser's engine loads, before it is made a script."""

    name: str
    digest: bytes  # of everything that determines its content
    data: Callable[[], bytes]  # its content, made or read only when its script is not cached
    most: int  # a bound on its size, for reading its script back from the cache


def payload_script(
    payload: Payload, cache: Path | None, seal: Seal | None
) -> tuple[bytes | Path, str, int]:
    """The payload's data as a script that files it, gzip + base64, by name: the script, or
    the cache's file that holds it exactly (the build copies it: no build holds Pyodide's
    runtime in memory); its SHA-256 (hex) and its size. Cached under the payload's digest,
    sealed beside it (one that is cut short or changed is made again)."""
    name = payload.name
    key = hashlib.sha256(FORMAT + b"\0" + name.encode() + b"\0" + payload.digest).hexdigest()
    cached = cache / f"{key}.js" if cache is not None else None
    if seal is not None and cached is not None:
        sha256 = seal.check_beside(cached, key, 2 * payload.most + 4096)
        if sha256 is not None:
            return cached, sha256, cached.stat().st_size
    head, tail = payload_ends(name)
    script = head + base64.b64encode(gzip.compress(payload.data(), compresslevel=9, mtime=0)) + tail
    sha256 = hashlib.sha256(script).hexdigest()
    if seal is not None and cached is not None and seal.write_beside(cached, key, script):
        return cached, sha256, len(script)
    return script, sha256, len(script)


def payload_ends(name: str) -> tuple[bytes, bytes]:
    """What a payload script holds before and after its data."""
    head = b"(self.RiftboundEngineFiles = self.RiftboundEngineFiles || {})["
    return head + json.dumps(name).encode() + b'] = "', b'";\n'


def prune(cache: Path, keep: int = CACHE_ENTRIES) -> None:
    """Delete all but the ``keep`` entries used last: the cache does not grow with every
    change to the engine or the examples."""
    keep_newest(cache, ("*.js", f"*.js{SEAL_SUFFIX}", "*.stdlib.zip", f"*{TARGET_ENTRY}"), keep)


def warm_up_requests(
    runs: Mapping[str, ExampleRun], examples: Mapping[str, Any], languages: Sequence[str]
) -> list[str]:
    """What the build asks the engine under Pyodide: every example in each language, a file
    written and opened, a broken file; the modules these load are the ones compiled."""
    requests = [
        {"action": action, "lang": lang, "mode": "variation", **example}
        for example in examples.values()
        for lang in languages
        for action in ("describe", "run")
    ]
    requests += [
        {"action": "describe", "lang": lang, "mode": "page", "form": form.blank_form()}
        for lang in languages
    ]
    requests.append({"action": "scenario", "lang": languages[0], "form": form.blank_form()})
    for run in sorted(runs.values(), key=lambda r: r.id)[:1]:
        requests.append({"action": "open", "text": run.text, "name": "x.yml", "lang": languages[0]})
    requests.append(
        {"action": "open", "text": "id: [", "name": "broken.yml", "lang": languages[-1]}
    )
    return [json.dumps(r, ensure_ascii=False) for r in requests]


def warm_up_digest(
    runs: Mapping[str, ExampleRun], examples: Mapping[str, Any], languages: Sequence[str]
) -> bytes:
    """A hash of what ``warm_up_requests`` makes its requests of (a change to how it makes
    them is a change of ``FORMAT``): the compiled standard library's cache key, without
    writing out every request (a few megabytes at full size)."""
    digest = hashlib.sha256(as_json([list(languages), form.blank_form(), examples]))
    for run in sorted(runs.values(), key=lambda r: r.id)[:1]:
        digest.update(run.text.encode())
    return digest.digest()


def without_tools(stdlib: bytes) -> bytes:
    """The standard library zip without ``DEVELOPMENT_TOOLS`` (and uncompressed: gzip over
    the whole compresses it better). A change here is a change of ``FORMAT``: the payload
    cache knows the standard library as it ships by the digest of Pyodide's own."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(stdlib)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target,
    ):
        for info in source.infolist():
            if info.filename.split("/")[0].removesuffix(".py") not in DEVELOPMENT_TOOLS:
                target.writestr(zipfile.ZipInfo(info.filename, ZIP_DATE), source.read(info))
    return out.getvalue()


def precompiled(
    pyodide: Path, stdlib: bytes, code: bytes, requests: list[str], cache: Path | None
) -> bytes:
    """The standard library with the modules the engine loads compiled by Pyodide's own
    Python (``node/precompile.mjs``); cached by everything that goes in."""
    script = PRECOMPILE_SCRIPT.read_bytes()
    digest = hashlib.sha256(FORMAT)
    wasm = file_digest(pyodide / "pyodide.asm.wasm")  # 10 MB: read a piece at a time
    for part in (hashlib.sha256(script).digest(), wasm, hashlib.sha256(stdlib).digest()):
        digest.update(part)
    digest.update(hashlib.sha256(code).digest())
    digest.update(json.dumps(requests).encode())
    key = digest.hexdigest()
    # What Pyodide compiled cannot be checked without running it again: the entry is sealed.
    seal = Seal(cache) if cache is not None else None
    cached = cache / f"{key}.stdlib.zip" if cache is not None else None
    if seal is not None and cached is not None:
        hit = seal.read(cached, key, 4 * len(stdlib) + 4 * 1024 * 1024)
        if hit is not None:
            return hit
    node = shutil.which("node")
    if node is None:
        raise ProblemsFound(
            [Problem("node", 0, "Node.js is missing: the build runs Pyodide with it")]
        )
    # Its scratch folder is claimed (diagnostics.writing): a killed build's is deleted by the next.
    scratch = Path(tempfile.gettempdir())
    sweep(scratch, f"{SCRATCH}*")
    claim = claim_folder(scratch, SCRATCH)
    try:
        work = claim.path
        (work / "precompile.mjs").write_bytes(script)
        (work / "stdlib.zip").write_bytes(stdlib)
        (work / "code.zip").write_bytes(code)
        (work / "requests.json").write_text(json.dumps(requests), encoding="utf-8")
        command = [node, str(work / "precompile.mjs"), str(pyodide.resolve())]
        command += [str(work / n) for n in ("stdlib.zip", "code.zip", "requests.json")]
        command.append(str(work / "out-stdlib.zip"))
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, check=False, timeout=PRECOMPILE_SECONDS
            )
        except subprocess.TimeoutExpired:
            raise ProblemsFound(
                [Problem(PRECOMPILE, 0, f"Pyodide under Node.js ran past {PRECOMPILE_SECONDS} s")]
            ) from None
        if done.returncode != 0:
            said = done.stderr.strip().splitlines()
            errors = [line for line in said if ERROR_LINE.match(line)]
            last = (errors or said or ["no message"])[-1][:300]
            raise ProblemsFound([Problem(PRECOMPILE, 0, f"Pyodide under Node.js failed: {last}")])
        compiled = (work / "out-stdlib.zip").read_bytes()
    finally:
        shutil.rmtree(claim.path, ignore_errors=True)
        claim.release()
    if seal is not None and cached is not None:
        seal.write(cached, key, compiled)
    return compiled


def as_json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
