"""The worked examples read as rulings, and what search reads of them, in the built site."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup

from engine import load_scenario, run_combat
from engine.steps import ID_FORMS
from tests.conftest import ROOT
from tests.soup import attr, element, find, one

LANGUAGES = [("", "en"), ("fr/", "fr")]


def page(site: Path, path: str) -> BeautifulSoup:
    return BeautifulSoup((site / path).read_text(encoding="utf-8"), "html.parser")


def index(site: Path, prefix: str) -> list[dict[str, Any]]:
    docs: list[dict[str, Any]] = json.loads(
        (site / prefix / "search" / "search_index.json").read_text(encoding="utf-8")
    )["docs"]
    return docs


@cache
def applied_by_the_engine() -> dict[str, set[str]]:
    """Each example's rules, from the engine's own run: those its non-quiet steps cite."""
    found = {}
    for file in sorted((ROOT / "examples").glob("*.yml")):
        outcome = run_combat(load_scenario(file))
        found[file.stem] = {n for step in outcome.steps if not step.quiet for n in step.rules}
    return found


@pytest.mark.parametrize(("prefix", "lang"), LANGUAGES)
def test_each_example_is_a_ruling_with_the_rules_its_steps_turn_on(
    built_site: Path, prefix: str, lang: str
) -> None:
    soup = page(built_site, f"{prefix}worked-examples.html")
    rulings = soup.select(".rb-rulings > li")
    applied = applied_by_the_engine()
    assert {attr(r, "id").removeprefix("ruling-") for r in rulings} == set(applied)
    for ruling in rulings:
        example = attr(ruling, "id").removeprefix("ruling-")
        listed = one(ruling, ".rb-rules")
        # The rules as reading.js reads them: their numbers, in the attribute where the words
        # name a keyword otherwise.
        words = listed.get_text().split(", ")
        shown = attr(listed, "data-rules").split(" ") if listed.has_attr("data-rules") else words
        assert set(shown) == applied[example], example
        assert len(shown) == len(applied[example]), example  # each once
        # Said as the reader names them: a keyword by its name in the page's language.
        named = listed.get_text().split(", ")
        assert len(named) == len(shown)
        if "Stun" in shown:
            assert ("Étourdissement" if lang == "fr" else "Stun") in named, example
    verdict = "Verified by the engine" if lang == "en" else "Vérifié par le moteur"
    assert all(verdict in ruling.get_text() for ruling in rulings)
    # The filter offers every rule an example turns on, and no other.
    options = {attr(o, "value") for o in soup.select(".rb-rule-filter option")} - {""}
    assert options == set().union(*applied.values())


@pytest.mark.parametrize(
    ("prefix", "example", "said"),
    [
        ("", "whole-combat", "Red wins the combat; Blue loses."),
        ("", "wiped-both-sides-uncontrolled", "No Result. Neither player has units left"),
        ("", "cant-move-still-recalled", "No Result. An attacker was recalled in step 3d"),
        ("fr/", "wiped-both-sides-uncontrolled", "Aucun des deux joueurs n’a plus d’unité"),
        ("fr/", "cant-move-still-recalled", "Un attaquant a été rappelé à l’étape 3d"),
    ],
)
def test_a_ruling_says_its_outcome_and_why_there_is_no_result(
    built_site: Path, prefix: str, example: str, said: str
) -> None:
    ruling = one(page(built_site, f"{prefix}worked-examples.html"), f"#ruling-{example}")
    assert said in " ".join(ruling.get_text().split())  # French spaces read as spaces


@pytest.mark.parametrize(
    ("prefix", "label"),
    [("", "2 worked examples apply this rule"), ("fr/", "2 exemples commentés appliquent")],
)
def test_a_rule_links_to_the_list_of_its_examples_instead_of_listing_them(
    built_site: Path, prefix: str, label: str
) -> None:
    soup = page(built_site, f"{prefix}rules-browser/v1.4/400.html")
    recall = find(soup, id="rule-466-1-a-2")
    link = one(element(recall.find_next_sibling("p", class_="rb-applied"), "after 466.1.a.2"), "a")
    assert attr(link, "href") == "../../worked-examples.html?rule=466.1.a.2"
    assert label in link.get_text()
    # No rule repeats its examples: no link from the chapter to an example's place.
    assert not soup.select('.md-content a[href*="#example-"]')


@pytest.mark.parametrize(("prefix", "lang"), LANGUAGES)
def test_search_reads_each_example_as_its_own_entry_and_no_table_as_a_blob(
    built_site: Path, prefix: str, lang: str
) -> None:
    docs = index(built_site, prefix)
    entries = {
        d["location"].split("#example-")[-1]: d for d in docs if "#example-" in d["location"]
    }
    assert set(entries) == set(applied_by_the_engine())
    whole = entries["whole-combat"]
    assert whole["location"].startswith("resolution-step.html#")
    assert ("Red wins" if lang == "en" else "Rouge gagne") in whole["text"]
    # The list of examples and the examples' frames are read through those entries only: no
    # other entry holds an example's caption (nor the list, its titles).
    captions = [d["text"].split("</p>")[0] + "</p>" for d in entries.values()]
    others = [d for d in docs if "#example-" not in d["location"]]
    for doc in others:
        assert not [c for c in captions if c.removeprefix("<p>")[:-4] in doc["text"]], doc
    (catalogue,) = [d for d in docs if d["location"].startswith("worked-examples.html")]
    assert not [d["title"] for d in entries.values() if d["title"] in catalogue["text"]]
    # A generated table's cells stay apart: each step-id form, then what it names.
    writing = " ".join(d["text"] for d in docs if d["location"].startswith("writing-for"))
    for form in ID_FORMS:
        assert re.search(rf"<code>{re.escape(form.form)}</code>\s+\S", writing), form.form
