"""A build is whole or absent: written aside and moved into place when every language is written.

A build that fails, or is killed, leaves the previous site as it was; the next
build, however soon, deletes what a killed one left. Two builds of one project at once both
succeed and leave one whole site. Each wait is for a state (a line logged, a
process ending), bounded; never for a time.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.site.test_bad_input import TIME_BOUND, append, build, citation

WHOLE = ("index.html", "fr/index.html", "search/search_index.json", "fr/search/search_index.json")


def leftovers(project: Path) -> list[str]:
    return sorted(p.name for p in project.glob(".site.*"))


def whole(site: Path) -> bool:
    return all((site / part).is_file() for part in WHOLE)


def previous_site(project: Path) -> Path:
    """The first build (``built_project``: a real build's site, copied), marked, to tell it
    apart from the next."""
    site = project / "site"
    assert whole(site) and leftovers(project) == []
    (site / "previous.txt").write_text("the build before", encoding="utf-8")
    return site


@pytest.mark.parametrize(
    "fault",
    ["a rule we do not carry (found before any page is written)", "a link to no page (--strict)"],
)
def test_a_failed_build_leaves_the_previous_site_as_it_was(built_project: Path, fault: str) -> None:
    """MkDocs empties the site's folder, writes every page, and fails a --strict build with a
    warning only at its end."""
    project = built_project
    site = previous_site(project)
    if fault.startswith("a rule"):
        citation("[[999.9]]")(project, "docs/glossary.md")
    else:
        append(project, "docs/glossary.md", "See [a page that is not there](missing.md).\n")
    result = build(project)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr[-3000:]
    assert (site / "previous.txt").is_file() and whole(site)
    assert leftovers(project) == []


def mkdocs_build(project: Path) -> subprocess.Popen[str]:
    command = [
        sys.executable,
        "-m",
        "mkdocs",
        "build",
        "--strict",
        "-f",
        str(project / "mkdocs.yml"),
    ]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.Popen(
        command, cwd=project, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def said_until(running: subprocess.Popen[str], text: str) -> str:
    """What a process logs until a line holding ``text`` (or its end): waits for that state,
    bounded by ``TIME_BOUND``."""
    assert running.stderr is not None
    deadline, said = time.monotonic() + TIME_BOUND, []
    while time.monotonic() < deadline:
        ready, _, _ = select.select([running.stderr], [], [], deadline - time.monotonic())
        line = running.stderr.readline() if ready else ""
        said.append(line)
        if not line or text in line:
            break
    return "".join(said)


def test_a_killed_build_leaves_the_previous_site_and_the_next_cleans_up(
    built_project: Path,
) -> None:
    """Killed mid-way, a build left English pages and no fr/, or no search index."""
    project = built_project
    site = previous_site(project)
    running = mkdocs_build(project)
    said = said_until(running, ".site.unfinished-")  # MkDocs names where it writes, then writes
    assert leftovers(project), f"the build wrote no folder beside the site:\n{said}"
    running.send_signal(signal.SIGKILL)
    running.communicate(timeout=TIME_BOUND)
    assert (site / "previous.txt").is_file() and whole(site)
    result = build(project)  # at once: what the killed build left outlives no later build
    assert result.returncode == 0, result.stderr[-3000:]
    assert whole(site) and not (site / "previous.txt").exists()
    assert leftovers(project) == []


def test_two_builds_at_once_in_one_folder_both_succeed_and_leave_one_whole_site(
    built_project: Path,
) -> None:
    project = built_project
    previous_site(project)
    builds = [mkdocs_build(project) for _ in range(2)]
    results = [(*b.communicate(timeout=TIME_BOUND), b.returncode) for b in builds]
    for out, err, code in results:
        assert code == 0 and "Traceback" not in out + err, err[-3000:]
    assert whole(project / "site") and not (project / "site" / "previous.txt").exists()
    assert leftovers(project) == []


@pytest.mark.parametrize("there", ["a link to a folder", "a file"])
def test_a_site_folder_that_is_a_link_or_a_file_is_one_line_before_the_build(
    built_project: Path, there: str
) -> None:
    """It built every page, then said "[Errno 21] Is a directory: 'site' -> '.site.replaced-…'"
    (moving a link or a file aside into a folder), naming neither what was there nor what to do."""
    project = built_project
    site = project / "site"
    elsewhere = project.parent / "elsewhere"
    site.rename(elsewhere)
    if there.startswith("a link"):
        site.symlink_to(elsewhere, target_is_directory=True)
        said = f"{site}: is a link (to {elsewhere}): the site is put in place whole"
    else:
        site.write_text("not a site", encoding="utf-8")
        said = f"{site}: is not a folder (a file?): the site is put there as a folder"
    result = build(project)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr[-3000:]
    errors = [row for row in result.stderr.splitlines() if row.startswith("ERROR")]
    assert len(errors) == 1 and errors[0].split("-  ", 1)[1].startswith(said), result.stderr
    assert whole(elsewhere) and leftovers(project) == []
    assert (
        site.is_symlink() if there.startswith("a link") else site.read_text("utf-8") == "not a site"
    )
