"""Languages are declared once: a third one is a folder of pages, a catalog, a rules
translation and its texts in the worked examples, with no change to the code."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml
from babel.messages.pofile import read_po, write_po
from bs4 import BeautifulSoup

from docset.print_edition import NOT_MADE
from tests.conftest import ROOT
from tests.fixtures.sandbox import NO_PRINT_EDITION, PLUGIN_LINE
from tests.site.conftest import ENGINE_CACHE
from tests.soup import find, one

LANG = "de"


def copy_project(target: Path) -> Path:
    """The whole project as committed (code included), with the installed front-end packages."""
    listed = (
        subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
        .stdout.decode()
        .split("\0")
    )
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    (target / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    return target


def add_language(project: Path) -> None:
    """Pages, a rules translation, a catalog, and a title and caption for each worked example."""
    shutil.copytree(
        project / "docs", project / f"docs_{LANG}", ignore=shutil.ignore_patterns("assets")
    )
    rules = (project / "rules" / "core-rules-1.4.en.txt").read_text(encoding="utf-8")
    (project / "rules" / f"core-rules-1.4.{LANG}.txt").write_text(
        rules.replace("@language: en", f"@language: {LANG}"), encoding="utf-8"
    )
    with (project / "vocabulary" / "locales" / "riftbound.pot").open("rb") as file:
        catalog = read_po(file, locale=LANG)  # German plural forms, from Babel's locale data
    for entry in catalog:
        if entry.id:
            entry.string = entry.id if isinstance(entry.id, str) else tuple(entry.id)
    folder = project / "vocabulary" / "locales" / LANG / "LC_MESSAGES"
    folder.mkdir(parents=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog)
    (folder / "riftbound.po").write_bytes(buffer.getvalue())
    for scenario in (project / "examples").glob("*.yml"):
        data = yaml.safe_load(scenario.read_text(encoding="utf-8"))
        for key in ("title", "caption"):
            data[key][LANG] = data[key]["en"]
        scenario.write_text(
            yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8"
        )
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    declared = "        - locale: fr\n          name: Français\n          build: true\n"
    assert declared in text
    config.write_text(
        text.replace(
            declared,
            declared
            + f"        - locale: {LANG}\n          name: Deutsch\n          build: true\n",
        ),
        encoding="utf-8",
    )


def test_a_third_language_builds_with_no_code_change(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    add_language(project)
    # No print edition: this build has none to make. The in-browser engine's cache is the
    # one the other copies share (its entries are checked before they ship): Pyodide's files
    # are packed as for them.
    config = project / "mkdocs.yml"
    options = NO_PRINT_EDITION + f"      engine_cache_dir: {ENGINE_CACHE}\n"
    config.write_text(config.read_text(encoding="utf-8").replace(PLUGIN_LINE, options, 1), "utf-8")
    site = tmp_path / "site"
    env = {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        # The copy's code, not the installed one: the test proves the copy needs no change.
        "PYTHONPATH": os.pathsep.join([str(project), str(project / "plugins")]),
    }
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "-f",
            "mkdocs.yml",
            "--site-dir",
            str(site),
        ],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    page = BeautifulSoup(
        (site / LANG / "resolution-step.html").read_text(encoding="utf-8"), "html.parser"
    )
    assert find(page, "html")["lang"] == LANG
    assert page.select("div.footnote li") and page.select("#example-whole-combat li.rb-step")
    assert (site / LANG / "rules-browser" / "v1.4" / "400.html").is_file()
    assert (site / LANG / "search" / "search_index.js").is_file()
    switcher = {a.get("hreflang") for a in page.select("a[hreflang]")}
    assert {"en", "fr", LANG} <= switcher
    # Without a print edition, no page links one, and each home page says the build made none.
    assert not list(site.rglob("*.pdf"))
    assert not page.select(".rb-print-link")
    home = BeautifulSoup((site / LANG / "index.html").read_text(encoding="utf-8"), "html.parser")
    said = NOT_MADE("en")  # the copy's German catalog holds the English words
    assert one(home, ".rb-print-edition").get_text() == said and not home.select(
        ".rb-print-edition a"
    )
