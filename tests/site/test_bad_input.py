"""A walk through bad input, as authors and hostile files produce it, across rules, pages and scenarios.

For each input the build (and ``python -m engine check`` for a scenario)
exits non-zero, prints no traceback, and reports each problem once, as one
line naming the file and the right line: nothing about files that are fine
(no "unknown example" for the pages embedding a broken scenario). Files on
disk are data too: links out of the project, devices, named pipes, loops of
links. Most inputs are loaded in this process, as the build's first event
loads them (``docset.build.load_site``), under a time bound; those that could
crash or exhaust the process that reads them (nesting, aliases, devices) run a
real build in a process of their own, under a memory cap and a time bound, so
a file that makes the build explode fails its test instead of the machine; so
do unreadable files, which as root that build cannot read either (``AS_ANYONE``).
"""

from __future__ import annotations

import io
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from diagnostics import ProblemsFound
from docset.build import load_site, without_citations
from engine.cli import main as engine_main
from tests.fixtures.shared_build import made_once
from tests.site.conftest import sandbox
from vocabulary import languages

RULES_EN = "rules/core-rules-1.4.en.txt"
RULES_FR = "rules/core-rules-1.4.fr.txt"
PAGE_EN = "docs/glossary.md"
PAGE_FR = "docs_fr/glossary.md"
SCENARIO = "examples/kill-before-heal.yml"
MEMORY_CAP = 1536 * 1024**2  # bytes of data for each build (a build needs < 400 MB)
TIME_BOUND = 180  # seconds: not a timing assertion, a bound on unbounded work
HUGE = 20 * 1024 * 1024  # bytes: past any sane size for a rules or scenario file
Result = subprocess.CompletedProcess[str]

# A source file's problem as the build prints it: "docs/x.md:12: …" (after MkDocs' log prefix).
REPORT = re.compile(
    r"^(?:(?:ERROR|WARNING|INFO)\s+-\s+)?(?P<file>(?:docs|docs_fr|rules|examples)/[^\s:]+)"
    r"(?::(?P<line>\d+)(?::\d+)?)?:\s"
)

# Run a command with a cap on its data (a trampoline, not preexec_fn: the suite has threads). Data,
# not address space: Node.js, which the build runs Pyodide with, reserves gigabytes of address
# space for WebAssembly memory that it never touches.
CAPPED = (
    "import os, resource, sys; "
    "resource.setrlimit(resource.RLIMIT_DATA, (int(sys.argv[1]), int(sys.argv[1]))); "
    "os.execv(sys.argv[2], sys.argv[2:])"
)


# Root reads and writes any file whatever its mode (the capabilities CAP_DAC_OVERRIDE and
# CAP_DAC_READ_SEARCH): as root, a build runs without them, so that a file's mode binds it as it
# binds any contributor (CI runs as root: chmod 000 would otherwise prove nothing there).
def as_anyone() -> list[str]:
    """The prefix that starts a command without those powers, if root has them and may give
    them up here (setpriv, from util-linux; out of the inheritable set as well as the bounding
    one, or a runtime that fills the first would hand them back); else none. Probed: the command
    it starts must be refused a file of mode 000."""
    setpriv = shutil.which("setpriv")
    if os.geteuid() != 0 or not setpriv:
        return []
    powers = "-dac_override,-dac_read_search"
    prefix = [setpriv, f"--inh-caps={powers}", f"--bounding-set={powers}", "--"]
    with tempfile.TemporaryDirectory() as folder:
        locked = Path(folder) / "locked"
        locked.touch(mode=0)
        probe = subprocess.run([*prefix, "test", "-r", str(locked)], check=False)
    return prefix if probe.returncode == 1 else []


AS_ANYONE = as_anyone()


def run(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [*AS_ANYONE, sys.executable, "-c", CAPPED, str(MEMORY_CAP), sys.executable, *args]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    try:
        return subprocess.run(
            command, capture_output=True, text=True, env=env, cwd=project, timeout=TIME_BOUND
        )
    except subprocess.TimeoutExpired:
        raise AssertionError(f"{args} did not finish in {TIME_BOUND} s: unbounded work") from None


def build(project: Path) -> subprocess.CompletedProcess[str]:
    return run(project, "-m", "mkdocs", "build", "--strict", "-f", str(project / "mkdocs.yml"))


class Unbounded(BaseException):
    """Raised in a block that ran past its time bound (a BaseException: no ``except OSError``
    or ``except Exception`` of the code under test can take it for its own)."""


@contextmanager
def time_bound(seconds: float = TIME_BOUND) -> Iterator[None]:
    """Fail (``Unbounded``) if the block runs past ``seconds``: a bound on unbounded work (a
    read that blocks is interrupted too), not a timing assertion."""

    def stop(signum: int, frame: object) -> None:
        raise Unbounded(f"did not finish in {seconds} s: unbounded work")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def load(project: Path) -> subprocess.CompletedProcess[str]:
    """What the build's first event reports (``load_site``, as the plugin calls it with the
    default configuration), in this process: exit 1 and its problems, or exit 0."""
    with time_bound():
        try:
            load_site(project, "rules", "examples", None, languages())
        except ProblemsFound as found:
            return subprocess.CompletedProcess(["load_site"], 1, "", str(found))
    return subprocess.CompletedProcess(["load_site"], 0, "", "")


def engine_check(project: Path, file: str, monkeypatch: pytest.MonkeyPatch) -> Result:
    """``python -m engine check FILE`` from ``project``, in this process."""
    monkeypatch.chdir(project)
    out, err = io.StringIO(), io.StringIO()
    with time_bound(), redirect_stdout(out), redirect_stderr(err):
        code = engine_main(["check", file])
    return subprocess.CompletedProcess(
        ["engine", "check", file], code, out.getvalue(), err.getvalue()
    )


def reports(output: str) -> dict[str, list[int | None]]:
    """File → the line of each problem reported about it."""
    found: dict[str, list[int | None]] = {}
    for row in output.splitlines():
        if m := REPORT.match(row.strip()):
            found.setdefault(m["file"], []).append(int(m["line"]) if m["line"] else None)
    return found


Expected = dict[str, range | None]  # file → where its one problem is (None: no line to give)


def assert_reported_once(result: Result, expected: Expected, says: str = "") -> None:
    """Exit non-zero, no traceback, each expected file named once at its line (``says`` in it)."""
    output = result.stdout + result.stderr
    shown = f"exit {result.returncode}\n{output[-3000:]}"
    assert "Traceback" not in output, shown
    assert result.returncode > 0, f"not a clean failure: {shown}"  # < 0: killed by a signal
    found = reports(output)
    assert set(found) == set(expected), f"files reported {sorted(found)}\n{shown}"
    for file, where in expected.items():
        lines = found[file]
        assert len(lines) == 1, f"{file} reported {len(lines)} times\n{shown}"
        if where is not None:
            assert lines[0] in where, f"{file}: line {lines[0]}, expected {where}\n{shown}"
    if says:
        named = [row for row in output.splitlines() if REPORT.match(row.strip())]
        assert all(re.search(says, row) for row in named), f"not saying /{says}/:\n{shown}"


# -- ways to break a file ---------------------------------------------------------


def read(project: Path, name: str) -> list[str]:
    return (project / name).read_text(encoding="utf-8").splitlines(keepends=True)


def line_of(project: Path, name: str, text: str) -> int:
    return next(i for i, row in enumerate(read(project, name), 1) if text in row)


def write_bytes_at(project: Path, name: str, line: int, data: bytes) -> None:
    """Replace line ``line`` (1-based) of ``name`` with ``data``."""
    rows = [row.encode("utf-8") for row in read(project, name)]
    rows[line - 1] = data + b"\n"
    (project / name).write_bytes(b"".join(rows))


def append(project: Path, name: str, text: str) -> int:
    """Append ``text`` after a blank line; return the line of its first row."""
    rows = read(project, name)
    start = len(rows) + 2
    (project / name).write_text("".join(rows) + "\n" + text, encoding="utf-8")
    return start


def latin1(project: Path, name: str, line: int) -> Expected:
    row = read(project, name)[line - 1].rstrip("\n")
    write_bytes_at(project, name, line, (row + " Côte").encode("latin-1", "replace"))
    return {name: range(line, line + 1)}


def bom(project: Path, name: str) -> Expected:
    (project / name).write_bytes(b"\xef\xbb\xbf" + (project / name).read_bytes())
    return {name: range(1, 2)}


def nul_on_line_2(project: Path, name: str) -> Expected:
    row = read(project, name)[1].rstrip("\n")
    write_bytes_at(project, name, 2, row.encode("utf-8") + b"\0")
    return {name: range(2, 3)}


def huge(project: Path, name: str) -> Expected:
    """A file grown past any sane size with comment lines (cheap to read, and still too big)."""
    row = "# filler " + "x" * 70 + "\n"
    with (project / name).open("a", encoding="utf-8") as out:
        out.write(row * (HUGE // len(row)))
    return {name: None}


def unreadable(project: Path, name: str) -> Expected:
    """A file its mode forbids reading (its cases run a real build: as root, one without the
    power to read any file, ``AS_ANYONE``)."""
    (project / name).chmod(0)
    if os.access(project / name, os.R_OK) and not AS_ANYONE:
        pytest.skip("chmod 000 does not stop this user reading, who cannot give that up here")
    return {name: None}


def both_pages(change: Callable[[Path, str], Expected]) -> Callable[[Path], Expected]:
    """The same fault in the English page and its French twin: each reported once."""

    def apply(project: Path) -> Expected:
        return change(project, PAGE_EN) | change(project, PAGE_FR)

    return apply


def citation(text: str) -> Callable[[Path, str], Expected]:
    def apply(project: Path, name: str) -> Expected:
        line = append(project, name, f"A citation written wrong: {text}\n")
        return {name: range(line, line + 1)}

    return apply


def paragraph_of(unit: str, size: int = 32 * 1024) -> Callable[[Path, str], Expected]:
    """A paragraph of ``unit`` repeated: shapes Python-Markdown reads again from each one."""

    def apply(project: Path, name: str) -> Expected:
        line = append(project, name, "Text " + unit * (size // len(unit)) + "\n")
        return {name: range(line, line + 1)}

    return apply


def paragraphs_of(paragraph: str, count: int) -> Callable[[Path, str], Expected]:
    """``count`` short paragraphs, each ``paragraph``: the first is the line reported."""

    def apply(project: Path, name: str) -> Expected:
        line = append(project, name, f"{paragraph}\n\n" * count)
        return {name: range(line, line + 1)}

    return apply


def cr_only(project: Path, name: str) -> Expected:
    """The page saved with old Mac line endings, a citation written wrong on one line."""
    line = append(project, name, "A citation written wrong: [[188]\n")
    text = (project / name).read_text(encoding="utf-8")
    (project / name).write_bytes(text.replace("\n", "\r").encode("utf-8"))
    return {name: range(line, line + 1)}


def front_matter_error(project: Path, name: str) -> Expected:
    """Front matter that is not YAML on a page that embeds examples."""
    text = (project / name).read_text(encoding="utf-8")
    (project / name).write_text("---\nterms_kept: [tue\n---\n" + text, encoding="utf-8")
    return {name: range(2, 4)}


def deep_list(project: Path, name: str) -> Expected:
    levels = 400
    block = "".join("    " * i + "- deeper\n" for i in range(levels))
    line = append(project, name, block)
    return {name: range(line, line + levels)}


def scenario_line(old: str, new: str) -> Callable[[Path], Expected]:
    def apply(project: Path) -> Expected:
        line = line_of(project, SCENARIO, old)
        rows = read(project, SCENARIO)
        rows[line - 1] = rows[line - 1].replace(old, new)
        (project / SCENARIO).write_text("".join(rows), encoding="utf-8")
        return {SCENARIO: range(line, line + 1)}

    return apply


def alias_bomb(project: Path) -> Expected:
    """Billion laughs: nine levels of nine aliases, 9**9 strings from a few hundred bytes."""
    rows = read(project, SCENARIO)
    start = len(rows) + 1
    bomb = ['laughs: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n']
    for level in range(1, 10):
        refs = ", ".join([f"*l{level - 1}"] * 9)
        bomb.append(f"laughs{level}: &l{level} [{refs}]\n")
    text = "".join(rows) + "".join(bomb)
    (project / SCENARIO).write_text(text, encoding="utf-8")
    return {SCENARIO: range(start, start + len(bomb))}


def deep_nesting(depth: int) -> Callable[[Path], Expected]:
    def apply(project: Path) -> Expected:
        rows = read(project, SCENARIO)
        line = len(rows) + 1
        nested = "nested: " + "[" * depth + "]" * depth + "\n"
        (project / SCENARIO).write_text("".join(rows) + nested, encoding="utf-8")
        return {SCENARIO: range(line, line + 1)}

    return apply


def expected_empty(project: Path) -> Expected:
    rows = read(project, SCENARIO)
    line = next(i for i, row in enumerate(rows, 1) if row.startswith("expected:"))
    (project / SCENARIO).write_text("".join(rows[: line - 1]) + "expected: {}\n", "utf-8")
    return {SCENARIO: range(line, line + 1)}


def leading_zero(project: Path) -> Expected:
    expected: Expected = {}
    for name, text in ((RULES_EN, "A rule numbered 01."), (RULES_FR, "Une règle numérotée 01.")):
        line = line_of(project, name, "466.1. [") + 1
        rows = read(project, name)
        rows.insert(line - 1, f"466.01. {text}\n")
        (project / name).write_text("".join(rows), encoding="utf-8")
        expected[name] = range(line, line + 1)
    return expected


def directory_named_yml(project: Path) -> Expected:
    (project / "examples" / "something.yml").mkdir()
    return {"examples/something.yml": None}


OUTSIDE_TEXT = "# A file outside the project\n\nNot ours to publish.\n"


def outside_file(project: Path, name: str) -> Path:
    """A file beside the project, never part of it."""
    file = project.parent / "outside" / name
    file.parent.mkdir(exist_ok=True)
    file.write_text(OUTSIDE_TEXT, encoding="utf-8")
    return file


def linked(name: str, target: Callable[[Path], Path | str]) -> Callable[[Path], Expected]:
    """``name`` (replaced if it exists) as a symbolic link to ``target``."""

    def apply(project: Path) -> Expected:
        link = project / name
        link.unlink(missing_ok=True)
        link.symlink_to(target(project))
        return {name: None}

    return apply


def fifo(name: str) -> Callable[[Path], Expected]:
    def apply(project: Path) -> Expected:
        os.mkfifo(project / name)
        return {name: None}

    return apply


def block_nesting(depth: int) -> Callable[[Path], Expected]:
    """Block sequences nested ``depth`` deep on one line (``- - - … x``): 2 bytes a level."""

    def apply(project: Path) -> Expected:
        rows = read(project, SCENARIO)
        line = len(rows) + 2
        nested = "deep:\n  " + "- " * depth + "x\n"
        (project / SCENARIO).write_text("".join(rows) + nested, encoding="utf-8")
        return {SCENARIO: range(line, line + 1)}

    return apply


def indented_nesting(project: Path) -> Expected:
    """Mappings nested by indentation, a level a line: refused at the first one too deep."""
    rows = read(project, SCENARIO)
    start = len(rows) + 1
    nested = "".join(f"{'  ' * n}deep:\n" for n in range(40)) + "  " * 40 + "deep: 1\n"
    (project / SCENARIO).write_text("".join(rows) + nested, encoding="utf-8")
    return {SCENARIO: range(start + 24, start + 25)}


def front_matter(value: str) -> Callable[[Path, str], Expected]:
    """Front matter whose ``terms_kept`` is ``value`` (its lines after the first)."""

    def apply(project: Path, name: str) -> Expected:
        text = (project / name).read_text(encoding="utf-8")
        (project / name).write_text(f"---\nterms_kept: {value}\n---\n{text}", encoding="utf-8")
        return {name: range(2, 2 + value.count("\n") + 1)}

    return apply


@dataclass(frozen=True)
class Case:
    name: str
    apply: Callable[[Path], Expected]
    about: str = ""  # what the case proves (issue 10)
    says: str = ""  # a pattern every report line matches: the cause, named
    # Could crash or exhaust the process reading it, or needs a reader that file modes bind:
    # a real build, in a process of its own.
    isolated: bool = False

    def param(self) -> object:
        return pytest.param(self, id=self.name)


NOT_UTF8 = "non-UTF-8 text: one line naming file and line, no traceback"
BOM = "a byte-order mark: an error at line 1 that names it"
NUL = "a NUL byte: an error on its own line"
SIZE = "a size limit on input files"
CITE = "malformed citation brackets and padded ids are errors with file:line"
CASCADE = "an invalid scenario reports only its own errors (no 'unknown example' per page)"
YAML_LINE = "YAML errors reported on the line where they start; " + CASCADE
TRACEBACK = "no traceback, ever"
HANG = "no hang"
LEAK = "nothing from outside the project is published"
SAYS_UTF8 = r"(?i)utf-?8"
OUT = r"outside the project"
NESTED = r"nested too deeply"
SAYS_BOM = r"(?i)byte.order mark|\bBOM\b"

CASES = [
    # rules files
    Case(
        "rules-latin-1",
        lambda p: latin1(p, RULES_EN, line_of(p, RULES_EN, "466.3.a.")),
        f"{NOT_UTF8} ({TRACEBACK})",
        SAYS_UTF8,
    ),
    Case("rules-bom", lambda p: bom(p, RULES_EN), BOM, SAYS_BOM),
    Case("rules-nul-on-line-2", lambda p: nul_on_line_2(p, RULES_EN), NUL),
    Case("rules-unreadable", lambda p: unreadable(p, RULES_EN), TRACEBACK, isolated=True),
    Case("rules-leading-zero-466.01", leading_zero, "rule numbers with leading zeros are errors"),
    Case("rules-huge", lambda p: huge(p, RULES_EN), SIZE),
    # pages (the same fault in both languages: each page reported once)
    Case(
        "page-latin-1",
        both_pages(lambda p, n: latin1(p, n, 3)),
        f"{NOT_UTF8} ({TRACEBACK})",
        SAYS_UTF8,
    ),
    Case("page-bom", both_pages(bom), BOM, SAYS_BOM),
    Case("page-unreadable", both_pages(unreadable), TRACEBACK, isolated=True),
    Case("page-nul-on-line-2", both_pages(nul_on_line_2), NUL),
    Case("page-deep-nesting", both_pages(deep_list), f"nesting bounded in pages ({TRACEBACK})"),
    Case(
        "page-runs-of-![",
        both_pages(paragraph_of("![")),
        "a paragraph Markdown reads again from each '![' (32 KB: 120 s) refused before it",
        r"brackets left open",
    ),
    Case(
        "page-unclosed-<code>",
        both_pages(paragraph_of("<code>a ")),
        "a paragraph of unclosed <code> (128 KB: 124 s in our own reader) refused, linearly",
        r"marks of inline Markdown",
    ),
    Case(
        "page-short-paragraphs-of-unclosed-<code>",
        both_pages(paragraphs_of("<code>a", 8192)),
        "8,192 paragraphs each with an unclosed <code> (64 KB: over 300 s in the search index's "
        "reader, each paragraph under the bound of marks) refused, at the first",
        r"<code> is never closed",
        isolated=True,
    ),
    Case(
        "page-cr-only-line-endings",
        both_pages(cr_only),
        "lines counted as Markdown counts them (all 26 problems were at line 1)",
    ),
    Case(
        "page-front-matter-error",
        lambda p: (
            front_matter_error(p, "docs/resolution-step.md")
            | front_matter_error(p, "docs_fr/resolution-step.md")
        ),
        "a front matter error: no false '[x] not embedded in any page' for its examples",
        r"front matter",
    ),
    Case(
        "page-unreadable-alone",
        lambda p: latin1(p, "docs/resolution-step.md", 3),
        "a page that does not read: no false 'no twin' for its translation, no false "
        "'not embedded' for its examples",
        SAYS_UTF8,
    ),
    Case("citation-[[188]", both_pages(citation("[[188]")), CITE),
    Case("citation-[[188", both_pages(citation("[[188")), CITE),
    Case("citation-[188]]", both_pages(citation("[188]]")), CITE),
    Case("citation-[[[188]]]", both_pages(citation("[[[188]]]")), CITE),
    Case("citation-[[ 466.3.a ]]", both_pages(citation("[[ 466.3.a ]]")), CITE),
    Case("citation-[[466.01]]", both_pages(citation("[[466.01]]"))),
    # scenarios
    Case(
        "scenario-latin-1",
        lambda p: latin1(p, SCENARIO, 4),
        f"non-UTF-8 text: the line of the first bad byte; {CASCADE}",
        SAYS_UTF8,
    ),
    Case("scenario-bom", lambda p: bom(p, SCENARIO), BOM, SAYS_BOM),
    Case("scenario-unreadable", lambda p: unreadable(p, SCENARIO), TRACEBACK, isolated=True),
    Case(
        "scenario-directory",
        directory_named_yml,
        f"a directory named *.yml in examples/ ({TRACEBACK})",
    ),
    Case("scenario-nul-on-line-2", lambda p: nul_on_line_2(p, SCENARIO), f"{NUL}; {CASCADE}"),
    Case(
        "scenario-yaml-error-on-line-16",
        scenario_line("name: {en: Red, fr: Rouge}", "name: {en: Red, fr: Rouge"),
        YAML_LINE,
    ),
    Case(
        "scenario-unclosed-quote-on-line-16",
        scenario_line("name: {en: Red, fr: Rouge}", 'name: "Red'),
        YAML_LINE,
    ),
    Case(
        "scenario-tab",
        scenario_line("    name: {en: Red", "\tname: {en: Red"),
        CASCADE,
    ),
    Case(
        "scenario-alias-bomb",
        alias_bomb,
        f"YAML aliases bounded ({TRACEBACK}: MemoryError)",
        isolated=True,
    ),
    Case("scenario-nesting-10000", deep_nesting(10_000), f"YAML nesting bounded ({TRACEBACK})"),
    Case(
        "scenario-nesting-100000",
        deep_nesting(100_000),
        "YAML nesting bounded before libyaml composes it (it would crash the process)",
        isolated=True,
    ),
    Case(
        "scenario-block-nesting-60000",
        block_nesting(60_000),
        "block nesting (120 KB, under the size limit) bounded before libyaml composes it "
        "(it crashed the process)",
        NESTED,
        isolated=True,
    ),
    Case("scenario-indented-nesting", indented_nesting, "nesting by indentation bounded", NESTED),
    Case("scenario-huge", lambda p: huge(p, SCENARIO), SIZE),
    # files on disk: only regular files inside the project are read or published
    Case("scenario-fifo", fifo("examples/pipe.yml"), f"a named pipe ({HANG})", r"named pipe"),
    Case(
        "scenario-link-to-a-device",
        linked("examples/zero.yml", lambda p: "/dev/zero"),
        f"a link to a device ({HANG}: its size says 0)",
        rf"{OUT}|is a device",
        isolated=True,
    ),
    Case(
        "page-link-outside",
        linked("docs/leak.md", lambda p: outside_file(p, "leak.md")),
        f"a page linked to a file outside the project ({LEAK})",
        OUT,
    ),
    Case(
        "asset-link-outside",
        linked("docs_fr/leak.txt", lambda p: outside_file(p, "leak.txt")),
        f"any other file of a language's folder linked outside the project ({LEAK})",
        OUT,
    ),
    Case(
        "page-link-to-a-device",
        linked("docs_fr/zero.md", lambda p: "/dev/zero"),
        f"a page linked to a device ({HANG})",
        OUT,
        isolated=True,
    ),
    Case("page-fifo", fifo("docs/pipe.md"), f"a named pipe as a page ({HANG})", r"named pipe"),
    Case(
        "folder-link-outside",
        linked("docs/elsewhere", lambda p: outside_file(p, "page.md").parent),
        f"a folder linked outside the project ({LEAK})",
        OUT,
    ),
    Case(
        "folder-link-loop",
        linked("docs/again", lambda p: p / "docs"),
        "a link to a folder holding it: refused, not walked 40 levels deep",
        r"loop",
    ),
    Case(
        "rules-link-outside",
        linked(RULES_FR, lambda p: outside_file(p, "rules.fr.txt")),
        "a rules file linked outside the project",
        OUT,
    ),
    # front matter
    Case(
        "front-matter-flow-nesting",
        both_pages(front_matter("[" * 400 + "]" * 400)),
        f"front matter nesting bounded ({TRACEBACK}: RecursionError)",
        NESTED,
    ),
    Case(
        "front-matter-block-nesting",
        both_pages(front_matter("\n  " + "- " * 5000 + "x")),
        f"front matter nesting bounded ({TRACEBACK}: RecursionError)",
        NESTED,
    ),
    Case(
        "front-matter-nesting-60000-after-a-tag",
        both_pages(front_matter("!" + "[a: " * 60_000)),
        f"front matter read as scenarios are: nested too deeply, as they say ({TRACEBACK}: "
        "RecursionError; libyaml refuses '![', Python's parser does not)",
        NESTED,
        isolated=True,
    ),
    Case(
        "scenario-might-4.0",
        scenario_line("might: 5\n", "might: 5.0\n"),
        "numbers in scenarios are integers",
    ),
    Case(
        "scenario-might-5000-digits",
        scenario_line("might: 5\n", f"might: {'9' * 5000}\n"),
        f"an integer past Python's 4,300 digits ({TRACEBACK})",
        r"number too long",
    ),
    Case("scenario-expected-empty", expected_empty, "an example expects at least its result"),
    Case(
        "scenario-id-with-markup",
        scenario_line("id: kill-before-heal", "id: 'kill\"><svg onload=alert(1)>'"),
        CASCADE,
    ),
]


@pytest.mark.parametrize("case", [c.param() for c in CASES])
def test_bad_input_fails_the_build_with_one_line_per_problem(project: Path, case: Case) -> None:
    expected = case.apply(project)
    assert_reported_once((build if case.isolated else load)(project), expected, case.says)


@pytest.mark.parametrize("case", [c.param() for c in CASES if c.name.startswith("scenario-")])
def test_engine_check_reports_a_bad_scenario_once(
    project: Path, case: Case, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = case.apply(project)
    (file,) = expected
    result = (
        run(project, "-m", "engine", "check", file)
        if case.isolated
        else engine_check(project, file, monkeypatch)
    )
    assert_reported_once(result, expected, case.says)


@pytest.mark.parametrize("command", ["run", "check"])
def test_engine_refuses_a_device_by_name(project: Path, command: str) -> None:
    """``python -m engine run /dev/zero`` grew past 7 GB: its size says 0."""
    result = run(project, "-m", "engine", command, "/dev/zero")
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.splitlines() == ["/dev/zero: is a device, not a file"]


def test_a_problem_of_the_rules_files_does_not_hide_the_pages_citations(project: Path) -> None:
    """A French rule missing (a problem of the rules) and a page citing a rule that does not
    exist: both are said, each once."""
    name = RULES_FR
    rows = read(project, name)
    rows = [row for row in rows if not row.startswith("470. ")]
    (project / name).write_text("".join(rows), encoding="utf-8")
    cited = append(project, PAGE_EN, "A rule we do not carry.[[999.1]]\n")
    append(project, PAGE_FR, "Une règle absente.[[999.1]]\n")
    rule = line_of(project, RULES_EN, "470. ")
    expected: Expected = {RULES_EN: range(rule, rule + 1), PAGE_EN: range(cited, cited + 1)}
    expected[PAGE_FR] = None
    assert_reported_once(load(project), expected)


def test_citations_not_checked_for_want_of_the_rules_are_said_so_once(project: Path) -> None:
    latin1(project, RULES_EN, 3)
    result = load(project)
    assert_reported_once(result, {RULES_EN: range(3, 4)}, SAYS_UTF8)
    notes = [row for row in result.stderr.splitlines() if "not checked" in row]
    assert notes == ["(the pages' citations are not checked until the rules files of rules/ read)"]


# -- citations where a footnote cannot stand; the build's own marks in data -------------------

MISPLACED = {
    "See [the rule [[466.3.a]] here](index.md) here.": "in a link's text",
    "![A board [[470]] here](index.md)": "in an image's description",
    '<span title="[[470]]">x</span>': "in the attribute title",
    'An attribute list.\n{ title="[[341]]" }': "in the attribute title",
}


def test_a_citation_where_a_footnote_cannot_stand_is_an_error_at_its_line(project: Path) -> None:
    """A link inside a link, markup inside an attribute, a footnote in the page's name: each
    an error at its line (a real build: the pages are converted by Markdown to see it)."""
    expected: dict[str, dict[int, str]] = {}
    for name in (PAGE_EN, PAGE_FR):
        rows = read(project, name)
        title = next(i for i, row in enumerate(rows) if row.startswith("# "))
        rows[title] = rows[title].rstrip("\n") + "[[341]]\n"  # the page's name everywhere
        (project / name).write_text("".join(rows), encoding="utf-8")
        lines: dict[int, str] = {title + 1: "in the page's title"}
        for text, where in MISPLACED.items():
            line = append(project, name, text + "\n")
            lines[line + text.count("\n")] = where
        expected[name] = lines
    result = build(project)
    output = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in output, output[-3000:]
    found: dict[str, dict[int, str]] = {}
    for row in output.splitlines():
        if (m := REPORT.match(row.strip())) and m["line"]:
            where = next(w for w in {*MISPLACED.values(), "in the page's title"} if w in row)
            found.setdefault(m["file"], {})[int(m["line"])] = where
    assert found == expected, output[-3000:]


def test_a_citation_in_a_heading_leaves_its_anchor_and_its_table_of_contents_entry_alone(
    project: Path,
) -> None:
    """The heading's anchor was #heading-cites36: the citation's number in the page."""
    import markdown

    for name in (PAGE_EN, PAGE_FR):
        append(project, name, "## A heading that cites[[466.3.a]] and more[[470]]\n\nText.\n")
    with time_bound():
        site = load_site(project, "rules", "examples", None, languages())
    source = site.docs.get("en", "glossary.md")
    assert source is not None
    rendered = site.render_page(source.markdown, "en", "glossary.md")
    converter = markdown.Markdown(extensions=["toc", "attr_list"])
    html = converter.convert(rendered.markdown)
    assert '<h2 id="a-heading-that-cites-and-more">' in html, html[-400:]
    assert rendered.misplaced(html) == []
    toc = converter.toc_tokens  # type: ignore[attr-defined]
    titles = [token["name"] for token in toc] + [c["name"] for t in toc for c in t["children"]]
    assert "A heading that cites and more" in [without_citations(t) for t in titles]


@pytest.mark.parametrize(
    ("name", "old", "new"),
    [
        (SCENARIO, "  en: Killing comes before healing", "  en: Killing <!-- rb-late:0 --> first"),
        (
            SCENARIO,
            "  fr: L’élimination passe avant les soins",
            "  fr: L’élimination \ue0000\ue001",
        ),
        (RULES_EN, "466.3.a. A Player has won", "466.3.a. A Player \ue000 has won"),
        (PAGE_EN, "# Glossary", "# Glossary <!-- rb:example-0 -->"),
    ],
    ids=["caption-late-placeholder", "title-citation-mark", "rule-text-mark", "page-placeholder"],
)
def test_the_builds_own_marks_in_data_are_refused_at_their_line(
    project: Path, name: str, old: str, new: str
) -> None:
    """A caption could summon another rule's footnote, a page another example's block."""
    line = line_of(project, name, old)
    text = (project / name).read_text(encoding="utf-8")
    (project / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    assert_reported_once(load(project), {name: range(line, line + 1)}, r"reserved by the build")


def test_links_inside_the_project_are_followed(project: Path) -> None:
    """A link may point elsewhere in the project: a scenario, a page and a folder of assets."""
    for name in (SCENARIO, PAGE_FR):
        moved = project / "shared" / name
        moved.parent.mkdir(parents=True, exist_ok=True)
        (project / name).rename(moved)
        (project / name).symlink_to(moved)
    (project / "docs" / "more-assets").symlink_to(project / "docs" / "assets")
    result = load(project)
    assert result.returncode == 0, result.stderr


def test_engine_check_counts_a_file_that_does_not_load_as_invalid(project: Path) -> None:
    scenario_line("might: 5\n", "might: -5\n")(project)
    result = run(project, "-m", "engine", "check", SCENARIO)
    assert result.returncode == 1
    summary = result.stdout.strip().splitlines()[-1]
    assert re.search(r"\b1 invalid\b", summary) and not re.search(r"\b1 differ", summary), summary


def test_one_invalid_scenario_yields_exactly_its_own_errors(project: Path) -> None:
    """An unknown key in one scenario: one line, at the key; the pages embedding it say nothing."""
    line = line_of(project, SCENARIO, "    might: 3\n") + 1
    scenario_line("    might: 3\n", "    might: 3\n    colour: blue\n")(project)
    result = build(project)
    assert "unknown example" not in result.stderr, result.stderr
    assert_reported_once(result, {SCENARIO: range(line, line + 1)})


# -- what must build: one real build of a copy holding every such change, each test reading
# the pages its own change is on ------------------------------------------------------------

SECOND_STEPPER_PAGES = ("docs/resolution-step.md", "docs_fr/resolution-step.md")
# Each case on a page of its own (in both languages): its code, and only it, holds [[317.2]].
CODE_CASES = {
    "raw-html-code": ("Written in raw HTML: <code>[[317.2]]</code>\n", "glossary"),
    "indented-code-block": ("An indented code block:\n\n    [[317.2]]\n", "index"),
}


def add_a_second_stepper(project: Path) -> None:
    old = "[[example: this-combat-effects-expire]]"
    for name in SECOND_STEPPER_PAGES:
        text = (project / name).read_text(encoding="utf-8")
        assert text.index(old) < text.index("[[stepper: whole-combat]]"), name
        (project / name).write_text(text.replace(old, "[[stepper: this-combat-effects-expire]]"))


def add_citations_in_code(project: Path) -> None:
    for text, page in CODE_CASES.values():
        for name in (f"docs/{page}.md", f"docs_fr/{page}.md"):
            assert "317.2" not in (project / name).read_text(encoding="utf-8"), name
            append(project, name, text)


@pytest.fixture(scope="session")
def built_oddities(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site a real ``mkdocs build --strict`` makes of a copy with a second stepper on a
    page and citations in code (once per run): it exits 0, with no traceback."""

    def make(folder: Path) -> None:
        project = sandbox(folder / "project")
        add_a_second_stepper(project)
        add_citations_in_code(project)
        result = build(project)
        output = result.stdout + result.stderr
        assert result.returncode == 0 and "Traceback" not in output, output[-3000:]

    return made_once(tmp_path_factory, "oddities-site", make) / "project" / "site"


def test_a_second_stepper_on_a_page_numbers_its_steps_by_its_id(built_oddities: Path) -> None:
    """Two step-throughs on one page build (docs/writing-for-this-site.md says so): the first
    keeps #combat-step-N, the second numbers its steps #<id>-step-N; no id is given twice."""
    for path in ("resolution-step.html", "fr/resolution-step.html"):
        soup = BeautifulSoup((built_oddities / path).read_text("utf-8"), "html.parser")
        ids = [tag["id"] for tag in soup.select("[id]")]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        assert duplicates == [], f"{path}: duplicate ids {duplicates[:5]}"
        steppers = soup.select("div.rb-stepper")
        prefixes = [stepper["data-prefix"] for stepper in steppers]
        assert prefixes[-2:] == ["combat-step", "whole-combat-step"], (path, prefixes)
        for stepper, prefix in zip(steppers[-2:], prefixes[-2:], strict=True):
            steps = [li["id"] for li in stepper.select("li.rb-step")]
            assert steps == [f"{prefix}-{n}" for n in range(1, len(steps) + 1)], (path, steps)
            assert len(steps) > 10, (path, prefix)


@pytest.mark.parametrize("case", list(CODE_CASES))
def test_a_citation_in_code_stays_literal(built_oddities: Path, case: str) -> None:
    """Raw <code> and indented code blocks are code: no footnote, no marker, no warning."""
    page = CODE_CASES[case][1]
    for path in (f"{page}.html", f"fr/{page}.html"):
        soup = BeautifulSoup((built_oddities / path).read_text("utf-8"), "html.parser")
        assert soup.find(id=re.compile(r"317\.2")) is None, f"{path}: a footnote"
        codes = [code.get_text() for code in soup.find_all("code")]
        assert any("[[317.2]]" in code for code in codes), f"{path}: {codes}"
