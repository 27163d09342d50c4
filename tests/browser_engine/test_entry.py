"""The worker's one call: JSON in, JSON out, as the reader's editor uses it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup

from browser_engine import entry
from browser_engine.entry import difference, handle
from browser_engine.exploring import Explorations
from browser_engine.form import OFF, facts, form_of, variation_of
from engine import load_scenario, run_combat
from engine.report import outcome_dict
from tests.conftest import ROOT, engine_cli
from tests.engine.builders import scenario_yaml, unit
from tests.soup import one


def example(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """An example's variation form, and the facts of its documented outcome."""
    file = ROOT / "examples" / f"{name}.yml"
    board = variation_of(form_of(file.read_text(encoding="utf-8"), file.name))
    return board, facts(run_combat(load_scenario(file)))


def ask(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    return answer


def test_run_renders_the_variation_as_the_build_renders_examples_with_the_difference() -> None:
    board, documented = example("wiped-both-sides-uncontrolled")
    board["units"][0]["might"] = 4
    answer = ask(action="run", lang="en", form=board, documented=documented, page="guide/page.md")
    assert answer["ok"] is True
    assert answer["difference"].startswith("Result: No Result → Red wins · Control: nobody → Red")
    soup = BeautifulSoup(answer["html"], "html.parser")
    example_box = one(soup, "div.rb-example")
    assert example_box["id"] == "example-wiped-both-sides-uncontrolled-variation"
    # The rule links of the step-through lead from the page the editor is on, as the build's.
    assert "Red wins the combat; Blue loses." in one(soup, ".rb-outcome").get_text()
    assert one(soup, "details.rb-walk").has_attr("open")
    steps = soup.select("li.rb-step")
    assert len(steps) >= 10 and all(s.select(".rb-cite a") for s in steps)
    assert soup.select_one('a[href="../rules-browser/400.html#rule-459"]') is not None
    assert soup.select_one(".rb-verdict") is None  # a reader's board documents nothing


def test_run_links_the_rules_browser_of_the_version_the_site_cites() -> None:
    board, _ = example("wiped-both-sides-uncontrolled")
    answer = ask(action="run", lang="fr", form=board, page="guide/page.md", rules_version="1.4")
    soup = BeautifulSoup(answer["html"], "html.parser")
    hrefs = {str(a["href"]) for a in soup.select(".rb-cite a")}
    assert "../rules-browser/v1.4/400.html#rule-459" in hrefs
    assert all("/v1.4/" in href for href in hrefs), hrefs
    refused = ask(action="run", lang="en", form=board, rules_version="../x")
    assert refused["ok"] is False and "rules_version" in refused["error"]


def test_run_in_french_says_everything_in_french() -> None:
    board, documented = example("wiped-both-sides-uncontrolled")
    board["units"][0]["might"] = 4
    answer = ask(action="run", lang="fr", form=board, documented=documented)
    assert answer["difference"].startswith(
        "Résultat\u00a0: aucun résultat → Rouge gagne · Contrôle\u00a0: personne → Rouge"
    )
    soup = BeautifulSoup(answer["html"], "html.parser")
    assert "Rouge gagne le combat" in one(soup, ".rb-outcome").get_text()
    assert one(soup, ".rb-stepper")["lang"] == "fr"


def test_the_same_board_says_it_gives_the_same_outcome() -> None:
    board, documented = example("four-vs-four-prevent-one")
    assert ask(action="run", lang="en", form=board, documented=documented)["difference"] == (
        "the same outcome."
    )


def test_difference_names_units_the_variation_no_longer_has() -> None:
    board, documented = example("four-vs-four-prevent-one")
    board["combat"]["rounds"][0]["showdown"][1][OFF] = True
    after = facts(run_combat(load_scenario(ROOT / "examples" / "four-vs-four-prevent-one.yml")))
    line = difference(documented, after, "en")
    assert line == "the same outcome."
    answer = ask(action="run", lang="en", form=board, documented=documented)
    assert "Killed: none → Blue Warden" in answer["difference"]
    assert "Recalled: Red Raider → none" in answer["difference"]


def test_a_refused_board_gives_each_problem_with_its_field_and_no_html() -> None:
    board, _ = example("wiped-both-sides-uncontrolled")
    board["units"][1]["might"] = -1
    answer = ask(action="run", lang="en", form=board, mode="variation")
    assert answer == {
        "ok": False,
        "problems": [
            {
                "key": "units.1.might",
                "text": "must not be negative (got '-1')",
                "summary": "Unit 2 · Blue Warden · Might: must not be negative (got '-1')",
            }
        ],
        "title": "The engine refuses this board: 1 problem.",
    }
    french = ask(action="run", lang="fr", form=board, mode="variation")
    assert french["problems"] == [
        {
            "key": "units.1.might",
            "text": "doit valoir au moins 0 (ici\u00a0: «\u00a0-1\u00a0»)",
            "summary": "Unité 2 · Gardienne bleue · Puissance\u00a0: doit valoir au moins 0 "
            "(ici\u00a0: «\u00a0-1\u00a0»)",
        }
    ]
    assert french["title"] == "Le moteur refuse ce plateau\u00a0: 1 problème."


def test_the_written_scenario_plays_the_same_on_the_command_line(tmp_path: Path) -> None:
    board, _ = example("four-vs-four-prevent-one")
    board["combat"]["rounds"][0]["showdown"][1][OFF] = True
    answer = ask(action="scenario", form=board, lang="en")
    assert answer["ok"] is True and answer["name"] == "four-vs-four-prevent-one-variation.yml"
    file = tmp_path / answer["name"]
    file.write_text(answer["yaml"], encoding="utf-8")
    cli = engine_cli("run", str(file), "--json")
    assert cli.returncode == 0, cli.stderr
    in_browser = ask(action="run", lang="en", form=board)
    cli_outcome = json.loads(cli.stdout)
    assert cli_outcome["result"] == {"winner": "red", "loser": "blue"}
    assert cli_outcome == outcome_dict(run_combat(load_scenario(file)))
    assert "Red wins the combat" in in_browser["html"]
    check = engine_cli("check", str(file))
    assert check.returncode == 0, check.stderr  # its expected outcome is what the engine gave


def test_open_reads_a_file_into_a_form_or_gives_its_problems() -> None:
    text = (ROOT / "examples" / "conquer-scores.yml").read_text(encoding="utf-8")
    opened = ask(action="open", text=text, name="conquer-scores.yml", lang="en")
    assert opened["ok"] is True and opened["form"]["id"] == "conquer-scores"
    broken = text.replace("might: ", "might: -", 1)
    line = next(i for i, row in enumerate(broken.splitlines(), 1) if "might: -" in row)
    answer = ask(action="open", text=broken, name="mine.yml", lang="en")
    # The file's line is the reader's to see; its field is named as the form names it.
    assert answer == {
        "ok": False,
        "problems": [f"Line {line}: Unit 1 · Red Raider · Might: must not be negative (got '-5')"],
    }
    french = ask(action="open", text=broken, name="mine.yml", lang="fr")
    assert french["problems"][0].startswith(
        f"Ligne {line}\u00a0: Unité 1 · Pillarde rouge · Puissance\u00a0: doit valoir au moins 0"
    )


def test_a_pasted_file_names_its_field_as_the_form_does_not_by_a_dotted_path() -> None:
    text = (ROOT / "examples" / "whole-combat.yml").read_text(encoding="utf-8")
    broken = text.replace("move: [vanguard, skirmisher]", "move: [vanguard, ghost-unit]")
    assert broken != text
    line = next(i for i, row in enumerate(broken.splitlines(), 1) if "ghost-unit" in row)
    answer = ask(action="open", text=broken, name="pasted.yml", lang="en")
    [problem] = answer["problems"]
    assert problem.startswith(f"Line {line}: Combat · Units that move in"), problem
    assert "combat.move" not in problem and "unknown unit 'ghost-unit'" in problem


@pytest.mark.parametrize(
    ("written", "wrong", "said"),
    [
        # A key the format does not have: the reader's own key, after the form's field.
        (
            "    might: 4\n    at: base",
            "    might: 4\n    mihgt: 3\n    at: base",
            "Unit 1 · Red Raider · mihgt: unknown key (did you mean 'might'?)",
        ),
        ("combat:\n", "combat:\n  colour: red\n", "Combat · colour: unknown key"),
        # The file's expectations, which the form does not show: by the file's own keys.
        (
            "    raider: {zone: base, damage: 0}",
            "    ghost: {zone: base, damage: 0}",
            "expected · units · ghost: unknown unit 'ghost'",
        ),
    ],
    ids=["unit-key", "combat-key", "expected"],
)
def test_a_pasted_files_field_the_form_does_not_show_is_named_by_its_keys_never_dotted(
    written: str, wrong: str, said: str
) -> None:
    text = (ROOT / "examples" / "four-vs-four-prevent-one.yml").read_text(encoding="utf-8")
    broken = text.replace(written, wrong, 1)
    assert broken != text
    [problem] = ask(action="open", text=broken, name="pasted.yml", lang="en")["problems"]
    assert re.fullmatch(r"Line \d+: " + re.escape(said), problem), problem


def test_hostile_names_come_back_escaped() -> None:
    board, _ = example("wiped-both-sides-uncontrolled")
    board["units"][0]["name"] = {"en": "<img src=x onerror=alert(1)>", "fr": "<script>x</script>"}
    board["title"] = {"en": '"><b>bold</b>', "fr": "<i>x</i>"}
    for lang in ("en", "fr"):
        soup = BeautifulSoup(ask(action="run", lang=lang, form=board)["html"], "html.parser")
        assert not soup.select("img, script:not(.rb-boards), b, i")
    assert "&lt;img src=x onerror=alert(1)&gt;" in ask(action="run", lang="en", form=board)["html"]


@pytest.mark.parametrize(
    ("request_text", "error"),
    [
        ("not json", "not JSON"),
        ("[]", "a request is a JSON object"),
        ('{"action": "delete"}', "unknown action 'delete'"),
        ('{"action": "run", "lang": "de", "form": {}}', "lang is one of en, fr"),
        ('{"action": "run", "lang": "en", "form": 3}', "a form is a JSON object"),
        (
            '{"action": "open", "text": 3, "name": "x", "lang": "en"}',
            "open needs the file's text and name",
        ),
        ('{"action": "edit", "lang": "en", "form": {}, "key": 3}', "edit needs a control's key"),
        (
            '{"action": "edit", "lang": "en", "form": {}, "key": "nothing"}',
            "no control 'nothing' on this form",
        ),
        ('{"action": "describe", "lang": "en", "form": {}, "mode": "x"}', "mode is one of"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        (
            '{"action": "run", "n": 1' + "0" * 5000 + "}",
            "not JSON this engine reads: a number too long",
        ),
    ],
)
def test_a_wrong_request_gets_one_line_never_a_traceback(request_text: str, error: str) -> None:
    answer = json.loads(handle(request_text))
    assert answer == {"ok": False, "error": answer["error"]}
    assert error in answer["error"]


def test_a_huge_request_is_refused_before_it_is_read() -> None:
    answer = json.loads(handle('{"action": "run", "x": "' + "a" * 600_000 + '"}'))
    assert answer["ok"] is False and "larger than" in answer["error"]


def test_a_number_past_pythons_digit_limit_is_a_problem_at_its_line() -> None:
    """Python refuses to read an integer of more than 4,300 digits: the file's problem."""
    text = (ROOT / "examples" / "kill-before-heal.yml").read_text(encoding="utf-8")
    line = text.splitlines().index("    might: 5") + 1
    huge = text.replace("    might: 5\n", f"    might: {'9' * 5000}\n", 1)
    answer = ask(action="open", text=huge, name="x.yml", lang="en")
    assert answer["ok"] is False
    (problem,) = answer["problems"]
    assert problem.startswith(f"Line {line}: units.0.might: number too long")


@pytest.mark.parametrize(
    ("char", "named"), [("\0", "a NUL character"), ("\x07", "the character U+0007")]
)
def test_a_character_yaml_refuses_is_one_line_at_its_own_line(char: str, named: str) -> None:
    """A pasted text never went through a file's reading: the parser's refusal, placed."""
    text = (ROOT / "examples" / "kill-before-heal.yml").read_text(encoding="utf-8")
    line = text.splitlines().index("    might: 5") + 1
    bad = text.replace("    might: 5\n", f"    might: 5{char}\n", 1)
    answer = ask(action="open", text=bad, name="x.yml", lang="en")
    (problem,) = answer["problems"]
    assert problem.startswith(f"Line {line}: contains {named}") and "\n" not in problem


def test_a_bug_of_ours_is_one_line_never_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(request: object) -> object:
        raise RuntimeError("a bug\nTraceback (most recent call last):\n  the last line\n")

    monkeypatch.setitem(entry.ACTIONS, "open", broken)
    answer = json.loads(handle('{"action": "open", "text": "", "name": "x"}'))
    assert answer == {"ok": False, "error": "internal error: RuntimeError: the last line"}


def test_a_small_file_that_aliases_expand_past_a_run_is_refused_when_opened() -> None:
    """Within the file-size limit, YAML aliases can repeat a long name on 900 units: the form
    would be too large to run, so opening says so (not every Run after)."""
    name = "x" * 500
    units = [f"  - {{id: u{i}, name: *long, owner: red, might: 1, at: base}}" for i in range(900)]
    text = "\n".join(
        [
            "id: aliased",
            "title: {en: T, fr: T}",
            "caption: {en: C, fr: C}",
            f"players: [{{id: red, name: &long {{en: {name}, fr: {name}}}}}, "
            "{id: blue, name: {en: B, fr: B}}]",
            "battlefield: {name: {en: the hill, fr: la butte}, controller: blue}",
            "units:",
            "  - {id: warden, name: {en: W, fr: W}, owner: blue, might: 1, at: battlefield}",
            *units,
            "combat: {attacker: red, move: [u0]}",
        ]
    )
    assert len(text.encode()) < 64 * 1024
    answer = ask(action="open", text=text, name="aliased.yml", lang="en")
    assert answer["ok"] is False
    (problem,) = answer["problems"]
    assert "once its YAML aliases are expanded" in problem


@pytest.mark.parametrize(
    ("lang", "heading"),
    [
        ("en", "Your variation: Red wins the combat; Blue loses."),
        ("fr", "Votre variante\u00a0: Rouge gagne le combat\u202f; Bleu le perd."),
    ],
)
def test_a_variation_is_titled_as_itself_with_its_own_outcome(lang: str, heading: str) -> None:
    """Changed so that Red wins, the example "Both survive…, No Result" is shown under its own
    outcome, never under the example's title, which says another."""
    board, documented = example("four-vs-four-prevent-one")
    board["units"][1]["might"] = 1  # the warden now dies: Red wins
    del board["combat"]["rounds"][0]["damage"]  # each player's assignment the engine's
    answer = ask(action="run", lang=lang, form=board, documented=documented, mode="variation")
    assert answer["ok"] is True, answer
    soup = BeautifulSoup(answer["html"], "html.parser")
    title = one(soup, ".admonition-title").get_text()
    assert title.endswith(heading), title
    text = soup.get_text()
    assert "Both survive" not in text and "Les deux unités survivent" not in text


class Ticks:
    """A clock that moves on a second at each reading: every chunk of an exploration then
    plays one run, whatever the machine's speed."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def explored(lang: str, form: dict[str, Any]) -> list[dict[str, Any]]:
    """Every answer of one exploration, from its start to its end."""
    answers = [ask(action="explore", lang=lang, form=form, start=True)]
    while not answers[-1]["done"]:
        key = answers[-1]["exploration"]
        answers.append(ask(action="explore", lang=lang, exploration=key))
    return answers


def test_explore_answers_run_by_run_then_groups_the_outcomes_the_choices_give(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Blue's two death abilities, in either order, times Red's two legal assignments: four
    runs, two outcomes; the board's own first, each with the choices that give it."""
    monkeypatch.setattr(entry, "EXPLORING", Explorations(Ticks()))
    board, _ = example("death-abilities-order-recruit-survives")
    answers = explored("en", board)
    assert [a["runs"] for a in answers] == [1, 2, 3, 4]
    assert answers[1]["progress"] == "2 runs played."
    soup = BeautifulSoup(answers[-1]["html"], "html.parser")
    assert one(soup, ".rb-choices-head").get_text() == (
        "Every choice tried: 4 runs, 2 different outcomes."
    )
    outcomes = [p.get_text() for p in soup.select(".rb-choices-outcome")]
    assert outcomes[0].startswith(
        "The outcome of the board as written (the one Run shows). Blue wins the combat; Red loses."
    )
    assert outcomes[1].startswith("Another outcome. No Result.")
    choices = [li.get_text() for li in soup.select(".rb-choices-outcome + ul > li")]
    assert (
        "Blue puts Blue Herald's ability, then Blue Bombardier's ability on the chain" in choices[0]
    )
    assert "Red assigns 1 to Blue Bombardier and 2 to Blue Herald." in choices[0]
    assert len(choices) == 4
    # Asked again once done: nothing is under way under that id.
    again = ask(action="explore", lang="en", exploration=answers[-2]["exploration"])
    assert again["stopped"] is True


def test_two_editors_explorations_never_mix(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two editors share the worker: each exploration goes on under its own id, and one
    stopped leaves the other running."""
    monkeypatch.setattr(entry, "EXPLORING", Explorations(Ticks()))
    first, _ = example("death-abilities-order-recruit-survives")
    second, _ = example("death-abilities-order-recruit-dies")
    a = ask(action="explore", lang="en", form=first, start=True)
    b = ask(action="explore", lang="en", form=second, start=True)
    assert a["exploration"] != b["exploration"]
    a = ask(action="explore", lang="en", exploration=a["exploration"])
    assert a["runs"] == 2
    assert ask(action="explore", lang="en", stop=True, exploration=b["exploration"])["stopped"]
    assert ask(action="explore", lang="en", exploration=b["exploration"])["stopped"] is True
    while not a["done"]:
        a = ask(action="explore", lang="en", exploration=a["exploration"])
    assert a["runs"] == 4 and "Recruit" in a["html"]


def test_explore_stops_when_asked_and_says_so_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(entry, "EXPLORING", Explorations(Ticks()))
    board, _ = example("death-abilities-order-recruit-survives")
    first = ask(action="explore", lang="fr", form=board, start=True)
    assert first["done"] is False and first["progress"] == "1 déroulement joué."
    key = first["exploration"]
    assert ask(action="explore", lang="fr", stop=True, exploration=key)["stopped"] is True
    again = ask(action="explore", lang="fr", exploration=key)
    assert again["stopped"] is True and again["progress"] == "Aucune exploration n’est en cours."


def test_explore_past_its_bound_says_so_without_refusing_the_board() -> None:
    """12 defenders of 2 Might against 12: 924 legal assignments for Red, past the 500 an
    exploration tries; the board itself plays."""
    units = [unit("raider", "red", 12, "base")] + [unit(f"d{i}", "blue", 2) for i in range(12)]
    board = form_of(scenario_yaml(units, ["raider"]), "bound.yml")
    answers = explored("en", board)
    last = answers[-1]
    assert last["ok"] is True and last["bounded"] is True
    assert last["progress"].startswith("Too many choices to try them all here: at most 5000 runs")
    assert ask(action="run", lang="en", form=board)["ok"] is True


def test_explore_refuses_a_board_as_run_does_beside_its_field() -> None:
    board, _ = example("death-abilities-order-recruit-survives")
    board["units"][0]["might"] = "-1"
    answer = ask(action="explore", lang="fr", form=board, start=True)
    assert answer["ok"] is False
    assert answer["problems"] and all(p["key"] for p in answer["problems"])


def test_explore_names_abilities_as_the_steps_do_not_by_their_ids(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(entry, "EXPLORING", Explorations(Ticks()))
    bomb = unit(
        "bomb",
        "blue",
        2,
        abilities=[
            {"when": "dies", "id": "boom", "deal_damage": {"to": "raider", "amount": 1}},
            {"when": "dies", "id": "call", "deal_damage": {"to": "raider", "amount": 1}},
        ],
    )
    board = form_of(scenario_yaml([unit("raider", "red", 5, "base"), bomb], ["raider"]), "b.yml")
    html = explored("en", board)[-1]["html"]
    assert "Blue puts Bomb's ability 1, then Bomb's ability 2 on the chain" in html
    assert "boom" not in html and "call" not in html


def test_a_variations_steps_cite_keywords_by_the_names_the_page_gives_them() -> None:
    board, _ = example("keyword-assault-tank")
    names = {"Assault": "Assaut", "Tank": "Tank"}
    answer = ask(action="run", lang="fr", form=board, rule_names=names)
    cited = {
        a.get_text() for a in BeautifulSoup(answer["html"], "html.parser").select(".rb-cite a")
    }
    assert "Assaut" in cited and "Assault" not in cited
    for hostile in ({"Assault": "x" * 61}, {"<b>": "Assaut"}, ["Assault"], {"Assault": 3}):
        refused = ask(action="run", lang="fr", form=board, rule_names=hostile)
        assert refused["ok"] is False and "rule_names" in refused["error"]
