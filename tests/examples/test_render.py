"""Trace → HTML: what a reader gets for a worked example, in each language."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup, Tag

import links
from engine import Mismatch, compare, load_scenario, parse_scenario, run_combat
from engine.narration import Names, outcome_sentence
from engine.trace import changes
from markup import icons
from tests.conftest import ROOT
from tests.engine.builders import scenario_yaml, unit
from tests.soup import find, one
from worked_examples.render import ICONS, ExampleRenderer
from worked_examples.verify import ExampleRun

LANGS = ("en", "fr")


def rule_href(number: str) -> str:
    return f"rules.html#rule-{number.replace('.', '-')}"


def run_of(example: str) -> ExampleRun:
    file = ROOT / "examples" / f"{example}.yml"
    scenario = load_scenario(file)
    outcome = run_combat(scenario)
    return ExampleRun(scenario, outcome, tuple(compare(scenario, outcome)), file)


def render(
    run: ExampleRun, lang: str, stepper: str | None = None, path: str = "a.md"
) -> BeautifulSoup:
    renderer = ExampleRenderer(run, links.Page(lang, path), rule_href)
    html = renderer.html(True, stepper) if stepper else renderer.html()
    return BeautifulSoup(html, "html.parser")


# What a reader reads for examples/whole-combat.yml, written out by hand: its number, its
# sentences and its rules, step by step (the French words are checked where their catalog is).
WHOLE_COMBAT_EN = [
    "1. Before the move, Blue controls the Windswept Hillock. (Rule 459)",
    "2. Red moves Red Vanguard and Red Skirmisher to the Windswept Hillock. Enemy units are there: a combat is staged. (Rule 459)",
    "3. Red is the Attacker and Blue the Defender; their units at the battlefield take the same designation. (Rule 459)",
    "4. Showdown: Red gives Red Vanguard +1 Might this combat. (Rule 341)",
    "5. This resolution is followed by a cleanup of its own: no unit has lethal damage, so the cleanup kills none. (Rule 318)",
    "6. Red assigns 7 combat damage, as the scenario states: 3 to Blue Sentinel and 4 to Blue Archer. (Rule 465)",
    "7. Blue assigns 5 combat damage, as the scenario states: 3 to Red Vanguard and 2 to Red Skirmisher. (Rule 465)",
    "8. Both assignments made, the Attacker's announced first, combat damage is dealt, all at once: Blue Sentinel is assigned 3 and takes 3; Blue Archer is assigned 4 and takes 4; Red Vanguard is assigned 3 and takes 3; Red Skirmisher is assigned 2 and takes 2. No normal Reaction window comes between this damage and the lethal check. (Rule 465)",
    "9. Combat proceeds to the Resolution Step, which invokes a Combat Cleanup. (Rules 465.3, 466.1.a, 324.1)",
    "10. Step 3a: Red Skirmisher, Blue Sentinel and Blue Archer have lethal damage. The death ability of Blue Sentinel is recorded with its last known information, before the card moves; it waits for the chain. (Rules 323.4, 808)",
    "11. Step 3b: Red Skirmisher, Blue Sentinel and Blue Archer are killed and placed in their owners' trash. (Rules 323.5, 142.4)",
    "12. Step 3c: all units are healed: damage is cleared from every unit still on the board. (Rules 466.1.a.1, 418.1, 143.3.b.2)",
    "13. Step 3d: no defender remains at the battlefield, so no attacker is recalled. (Rule 466.1.a.2)",
    "14. Before the result, a waiting ability goes on the chain: Blue Sentinel's ability. (Rule 327)",
    "15. Blue Sentinel's ability resolves: Blue plays Blue Recruit (1 Might) at their base. (Rule 327)",
    "16. This resolution is followed by a cleanup of its own: no unit has lethal damage, so the cleanup kills none. (Rule 318)",
    "17. Result: Red wins the combat, as the only player with units left at the battlefield; Blue loses. (Rules 466.3.a, 466.3.b)",
    "18. Control: Red establishes control of the battlefield. That is a Conquer: Red scores 1 point (score: 3). (Rules 466.5, 466.5.d, 469.1, 470, 188)",
    "19. The combat ends: Attacker and Defender designations are removed from all units and players, and all “this combat” effects expire together. (Rules 466.7.a, 466.7.c)",
]


def test_the_whole_combat_reads_step_by_step_as_written_here() -> None:
    soup = render(run_of("whole-combat"), "en")
    said = [one(item, ".rb-narration").get_text() for item in soup.select("li.rb-step")]
    assert said == WHOLE_COMBAT_EN


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_step_is_a_list_item_with_narration_rule_links_and_its_board(lang: str) -> None:
    run = run_of("whole-combat")
    soup = render(run, lang)
    items = soup.select("ol.rb-step-list > li.rb-step")
    steps = run.outcome.steps
    assert len(items) == len(steps)
    # Numbered once: the list's number, never "Step 8. Step 3a" (the cleanup's steps say theirs).
    word = {"en": "Step", "fr": "Étape"}[lang]
    for index, (item, step) in enumerate(zip(items, steps, strict=True)):
        said = one(item, ".rb-narration").get_text()
        assert said.startswith(f"{index + 1}. ") and len(said) > 40, said
        assert said.count(f"{word} ") <= 1, said
        assert [a["href"] for a in item.select(".rb-cite a")] == [rule_href(n) for n in step.rules]
        assert item["data-step-id"] == step.id
        changed_units = [c for c in changes(steps, index) if c in run.outcome.units]
        assert len(item.select(".rb-board .rb-unit.rb-changed")) == len(changed_units)


def test_each_steps_board_is_the_board_after_that_step() -> None:
    run = run_of("whole-combat")
    soup = render(run, "en")
    conquer = next(i for i, s in enumerate(run.outcome.steps) if s.key == "conquer")
    board = one(soup.select("li.rb-step")[conquer], ".rb-board")
    assert "controlled by Red" in one(board, ".rb-battlefield .rb-zone-title").get_text()
    assert "rb-changed" in one(board, ".rb-battlefield")["class"]
    assert one(board, ".rb-scores .rb-changed").get_text() == "Red 3"


def test_collapsed_by_default_open_as_the_page_stepper() -> None:
    run = run_of("whole-combat")
    assert one(render(run, "en"), "details.rb-walk").get("open") is None
    page_stepper = render(run, "en", "combat-step")
    assert one(page_stepper, "details.rb-walk").has_attr("open")
    ids = [li["id"] for li in page_stepper.select("li.rb-step")]
    assert ids[:2] == ["combat-step-1", "combat-step-2"]


def test_controls_are_labelled_in_the_page_language_and_hidden_without_javascript() -> None:
    run = run_of("whole-combat")
    for lang, labels in (
        ("en", ["First step", "Previous step", "Next step", "Last step"]),
        ("fr", ["Première étape", "Étape précédente", "Étape suivante", "Dernière étape"]),
    ):
        controls = one(render(run, lang), ".rb-controls")
        assert controls.has_attr("hidden")
        # Their names, as a screen reader says them (the icon a phone shows is hidden from it).
        buttons = controls.select("button")
        assert [one(b, ".rb-label").get_text() for b in buttons] == labels
        # The icons are the theme's own SVG files, drawn inline: no font glyph to miss.
        for button, name in zip(buttons, ICONS.values(), strict=True):
            assert one(button, ".rb-icon").get_text() == ""
            svg = one(button, ".rb-icon svg")
            assert svg["aria-hidden"] == "true" and svg["focusable"] == "false"
            theme = BeautifulSoup((icons.folder() / f"{name}.svg").read_text(), "html.parser")
            assert one(svg, "path")["d"] == one(theme, "path")["d"]
        assert find(controls, "output")["aria-live"] == "polite"


def test_board_before_combat_shows_zones_might_control_and_score() -> None:
    board = one(render(run_of("whole-combat"), "en"), ".rb-board")
    text = " ".join(board.get_text(" ").split())
    assert "The Windswept Hillock · controlled by Blue" in text  # a label starts with a capital
    assert "Red's base" in text and "Blue's base" in text and "Trash" in text
    assert "Red Vanguard Might 4" in text
    assert "Score: Red 2 · Blue 3" in text


def unit_texts(soup: Tag) -> list[str]:
    return [" ".join(li.get_text(" ").split()) for li in soup.select(".rb-unit")]


def test_a_board_shows_each_units_keywords_and_whether_it_is_stunned() -> None:
    """A reader follows an assignment only if the board says which unit has Tank or Assault,
    and which a showdown stunned (in the board after that step, not before)."""
    board = one(render(run_of("keyword-assault-tank"), "en"), ".rb-board")
    units = unit_texts(board)
    assert "Red Raider Might 3 Assault 2" in units
    assert "Blue Bulwark Blue Might 3 Tank" in units
    french = unit_texts(one(render(run_of("keyword-assault-tank"), "fr"), ".rb-board"))
    assert "Pillarde rouge puissance 3 Assaut 2" in french
    stunned = render(run_of("keyword-stunned-deals-nothing"), "en")
    before, *after = stunned.select(".rb-board")
    assert not any("Stunned" in text for text in unit_texts(before))
    assert any(
        "Red Raider" in text and "Stunned" in text for board in after for text in unit_texts(board)
    )


def test_outcome_verdict_and_download_in_french_from_any_depth() -> None:
    soup = render(run_of("whole-combat"), "fr", path="guide/page.md")
    outcome = one(soup, ".rb-outcome").get_text(" ")
    assert "Rouge gagne le combat" in outcome and "Conquête\u00a0: Rouge marque 1 point" in outcome
    verdict = one(soup, ".rb-verdict")
    assert "Vérifié par le moteur" in verdict.get_text()
    download = find(verdict, "a", attrs={"download": True})
    assert download["href"] == "../../examples/whole-combat.yml"


def test_the_verdict_is_the_runs_own_comparison() -> None:
    run = run_of("whole-combat")
    mismatches = (
        Mismatch("whole-combat.yml", 1, "result.winner", "blue", "red"),
        Mismatch("whole-combat.yml", 2, "result.loser", "red", "blue"),
    )
    wrong = ExampleRun(run.scenario, run.outcome, mismatches, run.source)
    verdict = one(render(wrong, "en"), ".rb-verdict").get_text()
    assert "Verified" not in verdict and "disagrees with 2 documented values" in verdict


def test_names_and_titles_are_escaped() -> None:
    evil = unit("attacker", "red", 5, "base", name="</script><b>Evil</b>")
    text = scenario_yaml([evil, unit("defender", "blue", 2)], ["attacker"])
    text = text.replace(
        "en: Test\n  fr: Test\ncaption", "en: <img src=x onerror=go()>\n  fr: T\ncaption", 1
    )
    scenario = parse_scenario(text, "t.yml")
    run = ExampleRun(scenario, run_combat(scenario), (), ROOT / "t.yml")
    html = ExampleRenderer(run, links.Page("en", "a.md"), lambda n: "#").html()
    soup = BeautifulSoup(html, "html.parser")
    assert not soup.find("b") and not soup.find("img") and not soup.find("script")
    assert "</script><b>Evil</b>" in soup.get_text()
    assert "<img src=x onerror=go()>" in one(soup, ".admonition-title").get_text()


def test_the_verdict_names_the_orders_the_engine_checked() -> None:
    """An example checked under every order of its waiting abilities says so beside its
    verdict; one that expects something of other orders listed says how many."""
    run = run_of("death-abilities-order-recruit-survives")
    assert run.verified and run.scenario.expected and run.scenario.expected.every_order
    verdicts = {lang: one(render(run, lang), ".rb-verdict").get_text() for lang in LANGS}
    assert "Verified by the engine, in every order the players may choose" in verdicts["en"]
    assert "quel que soit l’ordre choisi par les joueurs" in verdicts["fr"]

    text = (ROOT / "examples" / "death-abilities-order-recruit-survives.yml").read_text("utf-8")
    assert "\n  every_trigger_order: true\n" in text
    listed = parse_scenario(text.replace("\n  every_trigger_order: true\n", "\n"), "x.yml")
    outcome = run_combat(listed)
    checked = ExampleRun(listed, outcome, tuple(compare(listed, outcome)), ROOT / "x.yml")
    assert checked.verified
    verdicts = {lang: one(render(checked, lang), ".rb-verdict").get_text() for lang in LANGS}
    assert "Verified by the engine, in this order and in 1 other" in verdicts["en"]
    assert "Vérifié par le moteur, dans cet ordre et dans 1 autre" in verdicts["fr"]


def test_an_outcome_says_nobody_where_no_player_controls_the_battlefield() -> None:
    run = run_of("wiped-both-sides-uncontrolled")
    said = outcome_sentence(run.outcome.summary, "en", Names(run.outcome.board))
    assert (
        said == "No Result. Control: Blue → nobody. No Conquer. Killed: Red Raider and Blue Warden."
    )


def test_a_unit_listed_twice_is_named_once() -> None:
    """A unit may be the source of two abilities in one list: its name is said once."""
    names = Names(run_of("whole-combat").outcome.board)
    assert names.units(["vanguard", "sentinel", "vanguard"], "en") == (
        "Red Vanguard and Blue Sentinel"
    )
