"""The engine in the reader's browser (Pyodide in a Web Worker): try a variation, build a board,
open, download and share one — from disk and over http, with every request to another host
blocked and recorded, in English and in French."""

from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, FilePayload, Locator, Page, expect

from browser_engine.pack import START
from tests.browser.conftest import Traffic
from tests.conftest import ROOT, engine_cli

# A cold start is several seconds on a busy 2-core machine: wait for the state, generously.
READY = 120_000
SCREENSHOTS = ROOT / "test-results" / "screenshots"
WORDS = {
    "en": {
        "try": "Try a variation",
        "run": "Run",
        "next": "Next step",
        "position": "Step 2 of {total}",
        "difference": "Result: No Result → Red wins",
        "outcome": "Red wins the combat; Blue loses.",
    },
    "fr": {
        "try": "Essayer une variante",
        "run": "Lancer",
        "next": "Étape suivante",
        "position": "Étape 2 sur {total}",
        "difference": "Résultat\u00a0: aucun résultat → Rouge gagne",
        "outcome": "Rouge gagne le combat ; Bleu le perd.",
    },
}


def ready(editor: Locator) -> Locator:
    """The editor once its engine has started (or the test fails with the reason it gives)."""
    expect(editor).to_have_attribute("data-engine-state", re.compile("ready|failed"), timeout=READY)
    state = editor.get_attribute("data-engine-state")
    if state != "ready":
        logged = LOGS.get(id(editor.page), [])
        assert state == "ready", (editor.locator(".rb-engine-status").inner_text(), logged)
    return editor


# Each page's console (its worker's included), to say why an engine did not start.
LOGS: dict[int, list[str]] = {}


@pytest.fixture(autouse=True)
def console_log(page: Page) -> None:
    page.on("console", lambda m: LOGS.setdefault(id(page), []).append(f"{m.type}: {m.text}"))


def open_variation(page: Page, example: str, lang: str) -> Locator:
    box = page.locator(f"#example-{example}")
    box.get_by_role("button", name=WORDS[lang]["try"]).click()
    return ready(box.locator(".rb-editor"))


def ready_page(page: Page, url: str) -> Locator:
    page.goto(url)
    return ready(page.locator("#rb-ask .rb-editor"))


def run(editor: Locator, lang: str = "en") -> Locator:
    editor.get_by_role("button", name=WORDS[lang]["run"], exact=True).click()
    result = editor.locator(".rb-result")
    expect(result).to_be_visible()
    return result


def field(editor: Locator, path: str) -> Locator:
    return editor.locator(f'[data-path="{path}"]')


FROM_DISK = pytest.mark.parametrize("root", ["file"], indirect=True)


def quiet(traffic: Traffic) -> None:
    assert traffic.outside == []
    assert traffic.errors == []


@pytest.mark.parametrize(
    ("root", "lang"),
    [("file", "en"), ("http", "en"), ("http-subpath", "en"), ("file", "fr"), ("http", "fr")],
    indirect=["root"],
)
def test_a_changed_might_flips_the_result_with_its_step_through(
    page: Page, traffic: Traffic, root: str, lang: str
) -> None:
    words = WORDS[lang]
    page.goto(root + ("fr/" if lang == "fr" else "") + "resolution-step.html")
    editor = open_variation(page, "wiped-both-sides-uncontrolled", lang)
    field(editor, "units.0.might").fill("4")
    result = run(editor, lang)
    expect(result.locator(".rb-difference")).to_contain_text(words["difference"])
    expect(result.locator(".rb-outcome")).to_contain_text(words["outcome"])
    steps = result.locator(".rb-step")
    total = steps.count()
    assert total >= 10
    result.get_by_role("button", name=words["next"]).click()
    expect(result.locator(".rb-position")).to_contain_text(words["position"].format(total=total))
    rule = result.locator(".rb-step.rb-current .rb-cite a").first
    href = rule.get_attribute("href") or ""
    assert href.startswith("rules-browser/") and "#rule-" in href
    # The page's own example is untouched, and its step links still work.
    documented = page.locator("#example-wiped-both-sides-uncontrolled > .rb-outcome")
    expect(documented).not_to_contain_text(words["outcome"])
    assert "#" not in page.url  # stepping a variation changes no address
    quiet(traffic)


@FROM_DISK
def test_four_vs_four_where_the_defender_dies_and_a_bad_value_beside_its_field(
    page: Page, traffic: Traffic, file_root: str
) -> None:
    page.goto(file_root + "triggers-between-combat-stages.html")
    editor = open_variation(page, "four-vs-four-prevent-one", "en")
    blue_prevents = field(editor, "combat.rounds.0.showdown.1._off")
    blue_prevents.uncheck()
    result = run(editor)
    expect(result.locator(".rb-difference")).to_contain_text(
        "Result: No Result → Red wins · Control: Blue → Red"
    )
    expect(result.locator(".rb-difference")).to_contain_text("Killed: none → Blue Warden")
    expect(result.locator(".rb-step-list")).to_contain_text(
        "Step 3b: Blue Warden is killed and placed in its owner's trash."
    )
    # A bad value: the command line's message, next to its field; nothing else changes.
    might = field(editor, "units.1.might")
    might.fill("-1")
    editor.get_by_role("button", name="Run", exact=True).click()
    message = (
        "four-vs-four-prevent-one-variation.yml:36: units.1.might: must not be negative (got -1)"
    )
    error = editor.locator('[data-field="units.1.might"] .rb-field-error')
    expect(error).to_have_text(message)
    expect(might).to_have_attribute("aria-invalid", "true")
    assert might.get_attribute("aria-describedby") == error.get_attribute("id")
    expect(editor.locator(".rb-board-problems")).to_contain_text(message)
    expect(editor.locator(".rb-field-error")).to_have_count(1)
    expect(result).to_be_hidden()
    might.fill("4")
    run(editor)
    expect(editor.locator(".rb-field-error")).to_have_count(0)
    expect(editor.locator(".rb-board-problems")).to_be_hidden()
    # Reset brings the documented board back.
    editor.get_by_role("button", name="Reset").click()
    expect(field(editor, "combat.rounds.0.showdown.1._off")).to_be_checked()
    quiet(traffic)


@FROM_DISK
def test_keyboard_only_in_french(page: Page, traffic: Traffic, file_root: str) -> None:
    page.goto(file_root + "fr/resolution-step.html")
    box = page.locator("#example-wiped-both-sides-uncontrolled")
    box.get_by_role("button", name="Essayer une variante").focus()
    page.keyboard.press("Enter")
    editor = box.locator(".rb-editor")
    expect(editor.locator(".rb-editor-title")).to_be_focused()
    ready(editor)
    might = field(editor, "units.0.might")
    for _ in range(40):  # Tab from the editor's title to the first unit's Might
        if might.evaluate("node => node === document.activeElement"):
            break
        page.keyboard.press("Tab")
    expect(might).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("4")
    page.keyboard.press("Enter")  # Enter in a field runs the board
    expect(editor.locator(".rb-result .rb-outcome")).to_contain_text(WORDS["fr"]["outcome"])
    outline = might.evaluate("node => getComputedStyle(node).outlineStyle")
    assert outline != "none"  # focus stays visible
    quiet(traffic)


def test_renaming_a_unit_moves_its_references_once_typed_and_no_one_elses(
    page: Page, traffic: Traffic, root: str
) -> None:
    """Typing red-unit's new id "blue-unit2" passes through "blue-unit", the other unit's id:
    the references to blue-unit must stay with blue-unit."""
    editor = ready_page(page, root + "ask-the-engine.html")
    editor.get_by_role("button", name="Add an ability").first.click()
    field(editor, "units.0.abilities.0.when").select_option("dies")
    field(editor, "units.0.abilities.0.effect").select_option("deal_damage")
    field(editor, "units.0.abilities.0.deal_damage.to").select_option("blue-unit")
    target = field(editor, "units.0.abilities.0.deal_damage.to")
    expect(target).to_have_value("blue-unit")
    identifier = field(editor, "units.0.id")
    identifier.select_text()
    identifier.press_sequentially("blue-unit2")
    identifier.press("Tab")
    expect(field(editor, "units.0.abilities.0.deal_damage.to")).to_have_value("blue-unit")
    result = run(editor)  # red-unit's move followed it: the board plays
    expect(result.locator(".rb-step-list")).to_contain_text("Red moves Red unit")
    # Renamed to an id that is taken, then to a free one: its references follow it, from
    # where they were, and blue-unit's stay with blue-unit.
    for again in ("blue-unit", "raider"):
        identifier.fill(again)
        identifier.press("Tab")
        expect(field(editor, "units.0.id")).to_have_value(again)
    expect(field(editor, "units.0.abilities.0.deal_damage.to")).to_have_value("blue-unit")
    result = run(editor)
    expect(result.locator(".rb-step-list")).to_contain_text("Red moves Red unit")
    quiet(traffic)


def test_a_board_built_from_scratch_runs_and_downloads_as_a_scenario_the_cli_plays(
    page: Page, traffic: Traffic, root: str, tmp_path: Path
) -> None:
    editor = ready_page(page, root + "ask-the-engine.html")
    editor.get_by_role("button", name="Add a unit").click()
    expect(editor.get_by_role("button", name="Add a unit")).to_be_focused()
    expect(field(editor, "units.2.name.en")).to_have_value("New unit 3")
    expect(field(editor, "units.2.name.fr")).to_have_value("Nouvelle unité 3")
    field(editor, "units.2.id").fill("second-blue")
    field(editor, "units.2.name.en").fill("Second Blue")
    field(editor, "units.2.owner").select_option("blue")
    field(editor, "units.2.at").select_option("battlefield")
    field(editor, "units.2.might").fill("2")
    editor.get_by_role("button", name="Add an ability").nth(2).click()
    field(editor, "units.2.abilities.0.when").select_option("damaged")
    field(editor, "units.2.abilities.0.effect").select_option("deal_damage")
    field(editor, "units.2.abilities.0.deal_damage.to").select_option("red-unit")
    field(editor, "units.2.abilities.0.deal_damage.amount").fill("3")
    result = run(editor)
    outcome = result.locator(".rb-outcome")
    expect(outcome).to_contain_text("Blue wins the combat; Red loses.")
    expect(outcome).to_contain_text("Killed: Red unit and Blue unit.")
    expect(result.locator(".rb-step-list")).to_contain_text("The ability of Second Blue resolves")
    with page.expect_download() as download:
        editor.get_by_role("button", name="Download the scenario").click()
    file = tmp_path / download.value.suggested_filename
    download.value.save_as(file)
    assert file.name == "my-board.yml"
    played = engine_cli("run", str(file), "--json")
    assert played.returncode == 0, played.stderr
    cli = json.loads(played.stdout)
    assert cli["result"] == {"winner": "blue", "loser": "red"}
    assert cli["killed"] == ["red-unit", "blue-unit"]
    narrated = engine_cli("run", str(file))
    assert narrated.returncode == 0, narrated.stderr
    assert len(narrated.stdout.splitlines()) == result.locator(".rb-step").count()
    quiet(traffic)


@FROM_DISK
def test_abilities_are_numbered_as_the_steps_number_them_those_left_out_not_counted(
    page: Page, traffic: Traffic, file_root: str
) -> None:
    """The steps name a unit's abilities by their place among those it has ("Red unit
    (ability 2)"): the editor's labels count the same ones, so a left-out ability shifts
    them."""
    editor = ready_page(page, file_root + "ask-the-engine.html")
    for _ in range(3):
        editor.get_by_role("button", name="Add an ability").first.click()
    legends = editor.locator('fieldset[data-field^="units.0.abilities."] > legend')
    expect(legends).to_have_text(["Ability 1", "Ability 2", "Ability 3"])
    field(editor, "units.0.abilities.0._off").uncheck()
    expect(legends).to_have_text(["Ability (left out)", "Ability 1", "Ability 2"])
    quiet(traffic)


@FROM_DISK
def test_a_shared_link_restores_the_board(
    page: Page, browser: Browser, traffic: Traffic, file_root: str
) -> None:
    editor = ready_page(page, file_root + "ask-the-engine.html#example=conquer-scores")
    field(editor, "players.0.score").fill("5")
    field(editor, "units.0.might").fill("7")
    editor.get_by_role("button", name="Share as a link").click()
    link = editor.locator(".rb-share-link")
    expect(link).to_be_focused()
    url = link.input_value()
    assert url.startswith(file_root + "ask-the-engine.html#scenario=")
    expected = run(editor).locator(".rb-outcome").inner_text()
    other = browser.new_context()
    opened = other.new_page()
    again = ready_page(opened, url)
    expect(again.locator(".rb-engine-status")).to_have_text("Board restored from the link.")
    expect(field(again, "players.0.score")).to_have_value("5")
    expect(field(again, "units.0.might")).to_have_value("7")
    assert run(again).locator(".rb-outcome").inner_text() == expected
    # A link damaged on its way says so, and leaves the page usable.
    damaged = other.new_page()
    damaged.goto(url[: url.index("#")] + "#scenario=@@not-base64")
    expect(damaged.locator("#rb-ask .rb-open .rb-problems")).to_contain_text(
        "The board in this link cannot be read"
    )
    expect(damaged.locator("#rb-ask .rb-form")).to_be_visible()
    other.close()
    quiet(traffic)


@FROM_DISK
def test_open_a_pasted_scenario_broken_or_hostile(
    page: Page, traffic: Traffic, file_root: str
) -> None:
    editor = ready_page(page, file_root + "fr/ask-the-engine.html")
    panel = editor.locator("details.rb-open")
    panel.locator("summary").click()
    text = (ROOT / "examples" / "kill-before-heal.yml").read_text(encoding="utf-8")
    panel.get_by_label("Ou collez un scénario").fill(text.replace("might: 5", "might: -5", 1))
    panel.get_by_role("button", name="Ouvrir le scénario collé").click()
    expect(panel.locator(".rb-problems")).to_contain_text("pasted.yml:")
    expect(panel.locator(".rb-problems")).to_contain_text("must not be negative (got -5)")
    latin = FilePayload(
        name="latin.yml", mimeType="text/yaml", buffer="id: côté\n".encode("latin-1")
    )
    panel.get_by_label("Fichier de scénario (.yml)").set_input_files(latin)
    expect(panel.locator(".rb-problems")).to_have_text("Ce fichier n’est pas du texte UTF-8.")
    hostile = text.replace("name: {en: Red Raider", 'name: {en: "<img src=x onerror=alert(1)>"', 1)
    hostile = hostile.replace("fr: Pillarde rouge", 'fr: "<img src=x onerror=alert(2)>"', 1)
    assert hostile != text
    panel.get_by_label("Ou collez un scénario").fill(hostile)
    panel.get_by_role("button", name="Ouvrir le scénario collé").click()
    expect(editor.locator(".rb-engine-status")).to_have_text("Scénario ouvert\u00a0: pasted.yml.")
    result = run(editor, "fr")
    expect(result.locator(".rb-outcome")).to_contain_text("<img src=x onerror=alert(2)>")
    assert page.locator("img[src=x]").count() == 0
    # A board too large for a link says so, and offers nothing broken.
    chance = random.Random(9)
    extra = "".join(
        f"  - id: extra-{n}\n    owner: red\n    might: 1\n    at: base\n    name: "
        + "".join(chance.choices(string.ascii_letters + string.digits, k=450))
        + "\n"
        for n in range(24)
    )
    assert "\nunits:\n" in text
    if not panel.evaluate("details => details.open"):
        panel.locator("summary").click()
    panel.get_by_label("Ou collez un scénario").fill(
        text.replace("\nunits:\n", "\nunits:\n" + extra, 1)
    )
    panel.get_by_role("button", name="Ouvrir le scénario collé").click()
    expect(editor.locator(".rb-engine-status")).to_have_text("Scénario ouvert\u00a0: pasted.yml.")
    editor.get_by_role("button", name="Partager par un lien").click()
    expect(editor.locator(".rb-board-problems")).to_contain_text(
        "trop grand pour être partagé par un lien"
    )
    expect(editor.locator(".rb-share")).to_be_hidden()
    quiet(traffic)


@FROM_DISK
def test_pages_load_nothing_of_the_engine_until_a_reader_asks(
    page: Page, traffic: Traffic, file_root: str
) -> None:
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(file_root + "triggers-between-combat-stages.html", wait_until="load")
    examples = page.locator(".rb-example").count()
    assert examples >= 6
    expect(page.get_by_role("button", name="Try a variation")).to_have_count(examples)
    engine_files = [u for u in requested if "/assets/engine/" in u]
    assert len(engine_files) == 1, engine_files
    assert re.search(rf"/{START}\.[0-9a-f]{{12}}\.js$", engine_files[0]), engine_files
    link = page.locator("#example-four-vs-four-prevent-one").get_by_role(
        "link", name="Open in the editor"
    )
    assert link.get_attribute("href") == (
        file_root + "ask-the-engine.html#example=four-vs-four-prevent-one"
    )
    quiet(traffic)


def test_with_javascript_off_the_page_says_what_it_needs(browser: Browser, file_root: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    for path, text in [
        ("ask-the-engine.html", "This page needs JavaScript."),
        ("fr/ask-the-engine.html", "Cette page a besoin de JavaScript."),
    ]:
        page.goto(file_root + path)
        expect(page.locator(".rb-noscript")).to_contain_text(text)
    context.close()


WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def violations(page: Page) -> list[str]:
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG_A_AA}})
    return [
        f"{v['id']}: {v['help']} {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
    ]


def set_scheme(page: Page, scheme: str) -> None:
    """The reader's palette switch (Material's), as a reader would press it."""
    wanted = "slate" if scheme == "dark" else "default"
    body = page.locator("body")
    if body.get_attribute("data-md-color-scheme") != wanted:
        page.locator("form[data-md-component=palette] label:not([hidden])").click()
    expect(body).to_have_attribute("data-md-color-scheme", wanted)


def test_axe_finds_nothing_light_and_dark_and_a_phone_can_use_it(
    browser: Browser, file_root: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    report: list[str] = []
    editor = ready_page(page, file_root + "ask-the-engine.html#example=whole-combat")
    might = field(editor, "units.0.might")
    documented = might.input_value()
    might.fill("-3")
    editor.get_by_role("button", name="Run", exact=True).click()
    expect(editor.locator(".rb-field-error")).to_have_count(1)
    editor.get_by_role("button", name="Share as a link").click()
    editor.locator("details.rb-open summary").click()
    for scheme in ("light", "dark"):
        set_scheme(page, scheme)
        report += [f"ask [{scheme}] {v}" for v in violations(page)]
    might.fill(documented)
    run(editor)
    page.goto(file_root + "fr/triggers-between-combat-stages.html")
    variation = open_variation(page, "death-trigger-changes-result", "fr")
    run(variation, "fr")
    for scheme in ("light", "dark"):
        set_scheme(page, scheme)
        report += [f"variation [{scheme}] {v}" for v in violations(page)]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    variation.screenshot(path=str(SCREENSHOTS / "fr-variation-dark.png"))
    assert report == []
    # A 360 px phone: nothing wider than the screen, every control reachable.
    page.set_viewport_size({"width": 360, "height": 740})
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    for control in variation.locator("input, select, button").all():
        box = control.bounding_box()
        assert box is None or box["x"] + box["width"] <= 360, control.evaluate("n => n.outerHTML")
    variation.screenshot(path=str(SCREENSHOTS / "fr-variation-phone.png"))
    context.close()
