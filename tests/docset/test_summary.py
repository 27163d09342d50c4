"""The combat summary: made from the engine's step table and the rules, nothing left out."""

from __future__ import annotations

from collections import Counter

from bs4 import BeautifulSoup

from docset.build import load_site
from docset.summary import STAGES, stage_rules, summary_html
from engine.steps import STEPS
from rulebook import Rulebook
from tests.conftest import ROOT


def test_every_kind_of_step_belongs_to_exactly_one_stage() -> None:
    """A kind of step added to the engine's table must be placed in the summary, once."""
    placed = Counter(key for stage in STAGES for key in stage.kinds)
    assert sorted(set(STEPS) - set(placed)) == []
    assert sorted(key for key, n in placed.items() if n > 1) == []
    assert sorted(set(placed) - set(STEPS)) == []


def rules() -> Rulebook:
    return load_site(ROOT, "rules", "examples", None, ("en", "fr")).rules


def test_each_stage_cites_the_rules_its_steps_cite_linked_and_named_in_the_pages_language() -> None:
    book = rules()
    html = summary_html(book, "fr", lambda rule: f"#{rule.number.anchor}")
    soup = BeautifulSoup(html, "html.parser")
    stages = soup.select(".rb-summary-stages > li")
    assert len(stages) == len(STAGES)
    damage = next(
        s for s, stage in zip(stages, STAGES, strict=True) if "assign-chosen" in stage.kinds
    )
    named = [a.get_text() for a in damage.select(".rb-cite a")]
    assert named == ["465", "Assaut", "Bouclier", "Étourdissement", "Tank"]
    for li, stage in zip(stages, STAGES, strict=True):
        hrefs = [a["href"] for a in li.select(".rb-cite a")]
        assert len(hrefs) == len(stage_rules(stage)) > 0
    keywords = [a.get_text() for a in soup.select(".rb-summary-keywords a")]
    assert keywords[0].startswith("Assaut N") and len(keywords) == 4


def test_the_states_a_unit_may_be_in_follow_the_keywords_each_with_its_rules() -> None:
    """Besides the keywords (a stunned unit is Stun's), the states the engine plays: a unit
    that can't be dealt damage, and a Might below 0."""
    book = rules()
    for lang, named in (
        ("en", ["Can't be dealt damage.", "Might below 0."]),
        ("fr", ["Ne peut pas subir de dégâts.", "Puissance sous 0."]),
    ):
        soup = BeautifulSoup(
            summary_html(book, lang, lambda r: f"#{r.number.anchor}"), "html.parser"
        )
        states = soup.select(".rb-summary-states > li")
        assert [li.strong.get_text() for li in states if li.strong] == named
        assert [[a.get_text() for a in li.select(".rb-cite a")] for li in states] == [
            ["465"],
            ["142.4"],
        ]
