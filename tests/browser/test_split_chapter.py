"""A chapter too large for one page: its rules on the pages of its parts, and every address a
rule had before (its chapter's page, the address without a version) still landing on it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from rulebook.convert import convert_official_text
from tests.conftest import mkdocs
from tests.fixtures.shared_build import made_once
from tests.fixtures.synthetic_rules import synthetic_official_text
from tests.site.conftest import sandbox

EDITION = "core-rules-1.4"
# Twelve sections of 41 rules in chapter 500 (500, 502… 522): too many for one page.
SECTIONS = 12
RULE = "512.1.a"
PART = "rules-browser/v1.4/500/510-519.html"


@pytest.fixture(scope="session")
def split_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    def make(folder: Path) -> None:
        project = sandbox(folder / "project")
        raw, _ = synthetic_official_text(SECTIONS, 500, 2)
        for lang in ("en", "fr"):
            converted = convert_official_text(raw, "synthetic", {})
            if lang == "fr":
                converted = converted.replace(" says ", " dit ")
            file = project / "rules" / f"{EDITION}.{lang}.txt"
            file.write_text(file.read_text(encoding="utf-8") + "\n" + converted, "utf-8")
        result = mkdocs(project, "build", "--strict")
        assert result.returncode == 0, result.stderr[-3000:]

    return made_once(tmp_path_factory, "split-chapter-site", make) / "project" / "site"


def test_the_split_chapter_has_a_page_per_part_and_search_leads_there(split_site: Path) -> None:
    for folder in ("", "fr/"):
        parts = sorted(
            p.name for p in (split_site / f"{folder}rules-browser/v1.4/500").glob("*.html")
        )
        assert parts == ["500-509.html", "510-519.html", "520-529.html"]
        index = json.loads((split_site / f"{folder}search/search_index.json").read_text("utf-8"))
        found = [d["location"] for d in index["docs"] if d["title"] == RULE]
        assert found == [f"{PART}#rule-512-1-a"]
    page = (split_site / PART).read_text(encoding="utf-8")
    assert re.search(r'id="rule-512-1-a"', page)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("old", ["rules-browser/v1.4/500.html", "rules-browser/500.html"])
def test_an_address_from_before_the_split_lands_on_the_rule(
    page: Page, split_site: Path, lang: str, old: str
) -> None:
    folder = "" if lang == "en" else f"{lang}/"
    page.goto((split_site / folder / old).as_uri() + "#rule-512-1-a")
    page.wait_for_url(re.compile(re.escape(f"{folder}{PART}#rule-512-1-a") + "$"))
    heading = page.locator("#rule-512-1-a")
    expect(heading).to_be_in_viewport()
