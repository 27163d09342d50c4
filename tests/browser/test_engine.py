"""The engine in the reader's browser (Pyodide in a Web Worker): try a variation, build a board,
open, download and share one — from disk and over http, with every request to another host
blocked and recorded, in English and in French.

A page starts its engine (one worker per page) when a reader first asks, in seconds of CPU. The
tests that need a cold start have a page of their own: the variation on each hosting (where the
engine's files are fetched from), a link arriving (the page plays it as it loads), the pasted
scenario's page. The others share a page whose engine has started (``warm``, once per module and
worker), each test bringing its editor back to a known state first and asserting it is there.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Browser, FilePayload, Locator, Page, expect

from browser_engine.pack import START
from tests.browser.conftest import Traffic, axe_violations, watch
from tests.conftest import ROOT, engine_cli
from tests.fixtures.shared_build import shared_folder, worker_number

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
        "reset": "Reset",
        "new": "New board",
    },
    "fr": {
        "try": "Essayer une variante",
        "run": "Lancer",
        "next": "Étape suivante",
        "position": "Étape 2 sur {total}",
        "difference": "Résultat\u00a0: aucun résultat → Rouge gagne",
        "outcome": "Rouge gagne le combat ; Bleu le perd.",
        "reset": "Réinitialiser",
        "new": "Nouveau plateau",
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


def log_console(page: Page) -> None:
    page.on("console", lambda m: LOGS.setdefault(id(page), []).append(f"{m.type}: {m.text}"))


@pytest.fixture(autouse=True)
def console_log(request: pytest.FixtureRequest) -> None:
    if "page" in request.fixturenames:
        log_console(request.getfixturevalue("page"))


@dataclass
class Warm:
    """A page whose engine has started, shared by the tests of this module (on one worker)."""

    page: Page
    traffic: Traffic  # what this page did during the current test only


# The tests sharing one warm page run on one worker (make test passes --dist loadgroup), so the
# page's engine starts once per run, not once on each worker the tests land on.
WARM_GROUP = pytest.mark.xdist_group


def one_worker_opens(path: str, config: pytest.Config, shared: Path) -> None:
    """Under ``--dist loadgroup``, the tests sharing a warm page run on one worker: fail if
    another worker of this run opened ``path`` already (pytest 9.2 with pytest-xdist 3.8
    stopped grouping, silently: each worker started its own engine)."""
    if not getattr(config.option, "loadgroup", False):
        return
    opened = shared / f"warm-{hashlib.sha256(path.encode()).hexdigest()[:16]}"
    try:
        with opened.open("x", encoding="utf-8") as record:
            record.write(f"{worker_number()}\n")
    except FileExistsError:
        pytest.fail(
            f"{path}: its warm page opened on two workers; --dist loadgroup grouped nothing",
            pytrace=False,
        )


@pytest.fixture(scope="module")
def warm(
    browser: Browser,
    file_root: str,
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[[str], Warm]]:
    """``warm(path)``: the page at ``path`` from disk, its engine started on the first call
    (by opening an editor: the "Ask the engine" page opens its own; on an article, the first
    variation); the same page on each later call, its traffic forgotten."""
    opened: dict[str, Warm] = {}

    def get(path: str) -> Warm:
        if path not in opened:
            one_worker_opens(path, request.config, shared_folder(tmp_path_factory))
            context = browser.new_context()
            shared = Warm(context.new_page(), watch(context, file_root))
            log_console(shared.page)
            shared.page.goto(file_root + path)
            opened[path] = shared
        opened[path].traffic.forget()
        return opened[path]

    yield get
    for shared in opened.values():
        shared.page.context.close()


def open_variation(page: Page, example: str, lang: str) -> Locator:
    box = page.locator(f"#example-{example}")
    box.get_by_role("button", name=WORDS[lang]["try"]).click()
    return ready(box.locator(".rb-editor"))


def ready_page(page: Page, url: str) -> Locator:
    page.goto(url)
    return ready(page.locator("#rb-ask .rb-editor"))


def run(editor: Locator, lang: str = "en") -> Locator:
    """Press Run: the answer (the outcome, and how it differs) comes first, focused, in view."""
    editor.get_by_role("button", name=WORDS[lang]["run"], exact=True).click()
    return answered(editor)


def answered(editor: Locator) -> Locator:
    answer = editor.locator(".rb-answer")
    expect(answer).to_be_visible()
    expect(answer).to_be_focused()
    expect(answer).to_be_in_viewport()
    return editor


def field(editor: Locator, path: str) -> Locator:
    return editor.locator(f'[data-path="{path}"]')


def set_value(editor: Locator, path: str, value: str) -> None:
    """Type a value and leave the field, as a reader does: the engine takes the edit."""
    control = field(editor, path)
    control.fill(value)
    control.press("Tab")
    expect(field(editor, path)).to_have_value(value)


FROM_DISK = pytest.mark.parametrize("root", ["file"], indirect=True)


# A unit's or a player's own text fields (its name, might, score…) whose value is not the one
# at their path in a form the site ships (the blank board, or an example's documented one), and
# how many were compared (at least each unit's might: a field the form leaves out, such as a
# score of 0, is not compared).
DIFFERENT_FIELDS = """([editor, form]) => {
  const fields = [...editor.querySelectorAll('input[type=text][data-path]')]
    .filter(input => /^(units|players)\\.\\d+\\.\\w+(\\.\\w+)?$/.test(input.dataset.path))
    .map(input => [input.dataset.path, input.value,
                   input.dataset.path.split('.').reduce((at, key) => at == null ? at : at[key], form)]);
  const compared = fields.filter(([, , expected]) => expected != null && typeof expected !== 'object');
  return [compared.filter(([, value, expected]) => value !== String(expected)).map(f => f[0]),
          compared.length];
}"""


def shows_board(editor: Locator, form: str) -> None:
    """Wait until the editor's fields hold ``form`` (an expression: ``RiftboundEngineData.blank``…):
    the engine has drawn the board a reset asked for."""
    editor.page.wait_for_function(
        f"""editor => {{
          const [different, compared] = ({DIFFERENT_FIELDS})([editor, {form}]);
          return compared >= 2 && different.length === 0;  // a might a unit at least
        }}""",
        arg=editor.element_handle(),
    )


def new_board(shared: Warm, lang: str = "en") -> Locator:
    """The shared "Ask the engine" page's editor with a new board, as "New board" gives it:
    nothing answered, refused or shared, the open panel shut, the page at its top."""
    page = shared.page
    page.set_viewport_size({"width": 1280, "height": 720})
    editor = ready(page.locator("#rb-ask .rb-editor"))
    editor.locator("details.rb-open").evaluate("panel => panel.open = false")
    editor.get_by_role("button", name=WORDS[lang]["new"], exact=True).click()
    page.evaluate("window.scrollTo(0, 0)")
    for part in (".rb-answer", ".rb-result", ".rb-board-problems", ".rb-share"):
        expect(editor.locator(part)).to_be_hidden()
    expect(editor.locator(".rb-field-error")).to_have_count(0)
    expect(editor.locator(".rb-engine-status")).to_have_text("")
    expect(field(editor, "units.2.id")).to_have_count(0)  # the blank board's two units
    expect(field(editor, "units.1.id")).to_have_count(1)
    shows_board(editor, "RiftboundEngineData.blank")
    return editor


def fresh_variation(shared: Warm, example: str, lang: str) -> Locator:
    """On a shared article, every variation closed, then ``example``'s opened and reset to
    the documented board: nothing answered or refused."""
    page = shared.page
    page.set_viewport_size({"width": 1280, "height": 720})
    for opener in page.locator(".rb-try-button[aria-expanded=true]").all():
        opener.click()
    expect(page.locator(".rb-variation .rb-editor:visible")).to_have_count(0)
    editor = open_variation(page, example, lang)
    editor.get_by_role("button", name=WORDS[lang]["reset"], exact=True).click()
    for part in (".rb-answer", ".rb-result", ".rb-board-problems", ".rb-share"):
        expect(editor.locator(part)).to_be_hidden()
    expect(editor.locator(".rb-field-error")).to_have_count(0)
    expect(editor.locator(".rb-engine-status")).to_have_text("")
    shows_board(editor, f"RiftboundEngineData.examples[{json.dumps(example)}].form")
    return editor


def quiet(traffic: Traffic) -> None:
    assert traffic.outside == []
    assert traffic.errors == []


@pytest.mark.parametrize(
    ("root", "lang", "width"),
    # Each hosting (the engine's files come from it), each language, a phone and a desktop.
    [("file", "en", 360), ("http-subpath", "en", 1280), ("http", "fr", 360)],
    indirect=["root"],
)
def test_a_variation_answers_first_with_how_it_differs(
    page: Page, traffic: Traffic, root: str, lang: str, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 740 if width < 400 else 900})
    words = WORDS[lang]
    page.goto(root + ("fr/" if lang == "fr" else "") + "resolution-step.html")
    editor = open_variation(page, "wiped-both-sides-uncontrolled", lang)
    set_value(editor, "units.0.might", "4")
    run(editor, lang)
    answer = editor.locator(".rb-answer")
    expect(answer).to_contain_text(words["outcome"])
    expect(answer.locator(".rb-difference")).to_contain_text(words["difference"])
    result = editor.locator(".rb-result")
    steps = result.locator(".rb-step")
    total = steps.count()
    assert total >= 10
    result.get_by_role("button", name=words["next"]).click()
    expect(result.locator(".rb-position")).to_contain_text(words["position"].format(total=total))
    rule = result.locator(".rb-step.rb-current .rb-cite a").first
    href = rule.get_attribute("href") or ""
    assert href.startswith("rules-browser/") and "#rule-" in href
    # The page's own example is untouched, and stepping a variation changes no address.
    documented = page.locator("#example-wiped-both-sides-uncontrolled > .rb-outcome")
    expect(documented).not_to_contain_text(words["outcome"])
    assert "#" not in page.url
    # Reset brings the documented board back, and says nothing of a run that is gone.
    editor.get_by_role("button", name=words["reset"]).click()
    expect(field(editor, "units.0.might")).to_have_value("3")
    expect(answer).to_be_hidden()
    expect(editor.locator(".rb-engine-status")).to_have_text("")
    quiet(traffic)


@WARM_GROUP("triggers-page")
def test_a_refusal_stands_beside_its_field_in_the_readers_language(
    warm: Callable[[str], Warm],
) -> None:
    shared = warm("fr/triggers-between-combat-stages.html")
    editor = fresh_variation(shared, "four-vs-four-prevent-one", "fr")
    might = field(editor, "units.1.might")
    documented = might.input_value()
    set_value(editor, "units.1.might", "-1")
    editor.get_by_role("button", name="Lancer", exact=True).click()
    error = editor.locator('[data-field="units.1.might"] .rb-field-error')
    expect(error).to_have_text("doit valoir au moins 0 (ici\u00a0: «\u00a0-1\u00a0»)")
    expect(might).to_have_attribute("aria-invalid", "true")
    assert might.get_attribute("aria-describedby") == error.get_attribute("id")
    summary = editor.locator(".rb-board-problems")
    expect(summary).to_be_focused()
    expect(summary).to_contain_text("Le moteur refuse ce plateau\u00a0: 1 problème.")
    link = summary.get_by_role("link")
    expect(link).to_have_text(
        "Unité 2 · Gardienne bleue · Puissance\u00a0: doit valoir au moins 0 (ici\u00a0: «\u00a0-1\u00a0»)"
    )
    assert ".yml" not in summary.inner_text() and "units.1" not in summary.inner_text()
    link.click()
    expect(might).to_be_focused()
    set_value(editor, "units.1.might", documented)
    run(editor, "fr")
    expect(editor.locator(".rb-field-error")).to_have_count(0)
    expect(summary).to_be_hidden()
    quiet(shared.traffic)


@WARM_GROUP("triggers-page")
def test_a_refusal_shows_the_readers_value_as_typed_its_spaces_and_marks_untouched(
    warm: Callable[[str], Warm],
) -> None:
    shared = warm("fr/triggers-between-combat-stages.html")
    editor = fresh_variation(shared, "four-vs-four-prevent-one", "fr")
    might = field(editor, "units.1.might")
    documented = might.input_value()
    set_value(editor, "units.1.might", "x!  2")
    editor.get_by_role("button", name="Lancer", exact=True).click()
    error = editor.locator('[data-field="units.1.might"] .rb-field-error')
    expect(error).to_be_visible()
    # As shown (innerText follows the page's layout of spaces): two spaces stay two, and no
    # French typography enters the value (no space before its « ! »).
    said = "doit être un nombre entier (ici\u00a0: «\u00a0x!  2\u00a0»)"
    assert error.inner_text() == said
    listed = editor.locator(".rb-board-problems li")
    assert listed.inner_text().endswith(said)
    set_value(editor, "units.1.might", documented)
    run(editor, "fr")
    quiet(shared.traffic)


@WARM_GROUP("triggers-page")
def test_a_number_the_page_cannot_hold_exactly_is_kept_as_typed_and_refused(
    warm: Callable[[str], Warm],
) -> None:
    """9007199254740993 typed in a number field was rounded to …992 by the form, silently."""
    shared = warm("fr/triggers-between-combat-stages.html")
    editor = fresh_variation(shared, "four-vs-four-prevent-one", "fr")
    might = field(editor, "units.1.might")
    documented = might.input_value()
    set_value(editor, "units.1.might", "9007199254740993")  # the value stays as typed
    editor.get_by_role("button", name="Lancer", exact=True).click()
    error = editor.locator('[data-field="units.1.might"] .rb-field-error')
    expect(error).to_have_text(
        "« 9007199254740993 » dépasse 9007199254740991, le plus grand nombre entier qu’un "
        "navigateur représente exactement"
    )
    expect(might).to_have_value("9007199254740993")
    set_value(editor, "units.1.might", documented)
    run(editor, "fr")
    expect(editor.locator(".rb-field-error")).to_have_count(0)
    quiet(shared.traffic)


@WARM_GROUP("ask-page")
def test_a_board_built_from_scratch_runs_and_downloads_as_a_scenario_the_cli_plays(
    warm: Callable[[str], Warm], tmp_path: Path
) -> None:
    shared = warm("ask-the-engine.html")
    page = shared.page
    editor = new_board(shared)
    editor.get_by_role("button", name="Add a unit").click()
    # Focus goes to the new unit's first control, not the button.
    new_id = field(editor, "units.2.id")
    expect(field(editor, "units.2.name.en")).to_have_value("New unit 3")
    expect(editor.locator(":focus")).to_have_attribute("data-path", re.compile(r"^units\.2\."))
    expect(new_id).to_have_value("unit-3")
    set_value(editor, "units.2.name.en", "Second Blue")
    field(editor, "units.2.owner").select_option("blue")
    field(editor, "units.2.at").select_option("battlefield")
    set_value(editor, "units.2.might", "2")
    editor.locator('[data-key="add-units.2.abilities"]').click()
    field(editor, "units.2.abilities.0.when").select_option("damaged")
    field(editor, "units.2.abilities.0.effect").select_option("deal_damage")
    field(editor, "units.2.abilities.0.deal_damage.to").select_option("red-unit")
    set_value(editor, "units.2.abilities.0.deal_damage.amount", "3")
    run(editor)
    expect(editor.locator(".rb-answer")).to_contain_text("Blue wins the combat; Red loses.")
    expect(editor.locator(".rb-answer")).to_contain_text("Killed: Red unit and Blue unit.")
    expect(editor.locator(".rb-step-list")).to_contain_text("Second Blue's ability resolves")
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
    assert len(cli["steps"]) == editor.locator(".rb-step").count()
    quiet(shared.traffic)


@WARM_GROUP("ask-page")
def test_two_units_named_alike_are_warned_of_beside_each_name_and_the_board_still_plays(
    warm: Callable[[str], Warm],
) -> None:
    shared = warm("ask-the-engine.html")
    editor = new_board(shared)
    warnings = editor.locator(".rb-note.rb-warning")
    expect(warnings).to_have_count(0)
    set_value(editor, "units.1.name.en", "Red unit")
    expect(warnings).to_have_count(2)
    beside = editor.locator('[data-field="units.1"] .rb-note.rb-warning')
    expect(beside).to_have_text(
        "Unit 1 is also named “Red unit” in English: the steps and the outcome could not tell "
        "them apart."
    )
    expect(beside).to_be_visible()
    run(editor)  # warned of, not refused
    expect(editor.locator(".rb-board-problems")).to_be_hidden()
    set_value(editor, "units.1.name.en", "Blue unit")
    expect(warnings).to_have_count(0)
    quiet(shared.traffic)


# Every control of the editor's form, folded or not: its path and what it holds.
CONTROLS = """editor => Object.fromEntries([...editor.querySelectorAll('.rb-fields [data-path]')]
  .map(n => [n.dataset.path, n.type === 'checkbox' ? n.checked : n.value]))"""


@WARM_GROUP("ask-page")
def test_every_examples_form_goes_to_a_file_and_back_to_the_same_form(
    warm: Callable[[str], Warm], tmp_path: Path
) -> None:
    """Each example opened in the editor, downloaded, and the file pasted back: the same
    controls holding the same values, and the file the example's own board (a variation of it:
    its id, title, caption and expectations are its own)."""
    shared = warm("ask-the-engine.html")
    page = shared.page
    editor = new_board(shared)
    examples = sorted(page.evaluate("Object.keys(RiftboundEngineData.examples)"))
    assert len(examples) == len(list((ROOT / "examples").glob("*.yml")))
    status = editor.locator(".rb-engine-status")
    changed: dict[str, list[str]] = {}
    for example in examples:
        page.evaluate("id => { location.hash = '#example=' + id; }", example)
        shows_board(editor, f"RiftboundEngineData.examples[{json.dumps(example)}].form")
        expect(editor.locator(".rb-answer")).to_be_visible()
        before = editor.evaluate(CONTROLS)
        with page.expect_download() as download:
            editor.get_by_role("button", name="Download the scenario").click()
        file = tmp_path / f"{example}.yml"
        download.value.save_as(file)
        text = file.read_text(encoding="utf-8")
        written = yaml.safe_load(text)
        documented = yaml.safe_load((ROOT / "examples" / f"{example}.yml").read_text("utf-8"))
        # A variation of it: its own id, title and caption, and what the engine gave expected.
        assert written["id"] == f"{example}-variation"
        for key in ("id", "title", "caption", "expected"):
            written.pop(key), documented.pop(key)
        assert written == documented, example
        panel = editor.locator("details.rb-open")
        panel.evaluate("panel => panel.open = true")
        panel.locator("textarea").fill(text)
        panel.get_by_role("button", name="Open the pasted scenario").click()
        expect(status).to_have_text("Scenario opened: pasted.yml.")
        after = editor.evaluate(CONTROLS)
        assert len(after) >= 10, example
        if after != before:
            changed[example] = sorted(k for k in {*before, *after} if before.get(k) != after.get(k))
        panel.evaluate("panel => panel.open = false")
    page.evaluate("() => history.replaceState(null, '', location.pathname)")
    assert changed == {}
    quiet(shared.traffic)


@WARM_GROUP("ask-page")
def test_a_field_selected_to_be_typed_over_stays_selected_when_the_form_is_drawn_again(
    warm: Callable[[str], Warm],
) -> None:
    """The engine draws the form again after each edit. A reader who has just selected a
    field's value to type over it (or whose keys are on their way) keeps the selection: the
    new value replaces the old instead of landing in front of it."""
    shared = warm("ask-the-engine.html")
    editor = new_board(shared)
    might = field(editor, "units.0.might")
    expect(might).to_have_value("3")
    drawn_before = might.element_handle()
    might.evaluate("input => { input.focus(); input.select(); }")
    # Another control's edit arrives, the focus staying in the selected field.
    field(editor, "units.1.owner").evaluate("select => select.dispatchEvent(new Event('change'))")
    shared.page.wait_for_function("input => !input.isConnected", arg=drawn_before)
    expect(might).to_be_focused()
    shared.page.keyboard.insert_text("5")
    expect(might).to_have_value("5")


@FROM_DISK
def test_open_in_the_editor_plays_the_example_on_arrival(
    page: Page, traffic: Traffic, file_root: str
) -> None:
    editor = ready_page(page, file_root + "ask-the-engine.html#example=conquer-scores")
    answered(editor)  # no click: the example's board is played at once
    shows_board(editor, 'RiftboundEngineData.examples["conquer-scores"].form')
    expect(editor.locator(".rb-answer")).to_contain_text("Red wins the combat; Blue loses.")
    # Another example's link followed on the open page (its fragment only): that one plays,
    # compared with what it documents.
    page.evaluate("() => { location.hash = '#example=wiped-both-sides-uncontrolled'; }")
    shows_board(editor, 'RiftboundEngineData.examples["wiped-both-sides-uncontrolled"].form')
    answered(editor)
    expect(editor.locator(".rb-answer .rb-difference")).to_contain_text("the same outcome.")
    expect(editor.locator(".rb-answer")).not_to_contain_text("Red wins the combat; Blue loses.")
    quiet(traffic)


@WARM_GROUP("ask-page")
def test_a_shared_link_shows_its_outcome_on_arrival_and_when_followed_on_the_open_page(
    warm: Callable[[str], Warm], browser: Browser, file_root: str
) -> None:
    """A link arriving damaged says so where the reader looks and plays no other board; a link
    followed on the page already open (only its fragment changes, the page stays) plays its
    board, with no click."""
    shared = warm("ask-the-engine.html")
    editor = new_board(shared)
    set_value(editor, "players.0.score", "5")
    set_value(editor, "units.0.might", "7")
    editor.get_by_role("button", name="Share as a link").click()
    link = editor.locator(".rb-share-link")
    expect(link).to_be_focused()
    url = link.input_value()
    assert url.startswith(file_root + "ask-the-engine.html#scenario=")
    expect(editor.locator(".rb-share-note")).to_have_text(re.compile("."))
    expected = run(editor).locator(".rb-answer").inner_text().strip()
    assert "Compared with" not in expected  # a new board documents nothing to compare with
    other = browser.new_context(viewport={"width": 360, "height": 740})
    opened = other.new_page()
    opened.goto(url[: url.index("#")] + "#scenario=@@not-base64")
    again = ready(opened.locator("#rb-ask .rb-editor"))
    expect(again.locator(".rb-engine-status")).to_contain_text(
        "The board in this link cannot be read"
    )
    expect(again.locator("details.rb-open")).to_have_attribute("open", "")
    expect(again.locator(".rb-answer")).to_be_hidden()
    expect(field(again, "players.0.score")).to_have_value("0")  # the blank board, unplayed
    opened.evaluate(
        "hash => { window.rbStayed = true; location.hash = hash; }", url[url.index("#") :]
    )
    answered(again)
    expect(again.locator(".rb-engine-status")).not_to_have_text(re.compile("cannot be read"))
    expect(field(again, "players.0.score")).to_have_value("5")
    assert again.locator(".rb-answer").inner_text().strip() == expected
    assert opened.evaluate("window.rbStayed") is True  # followed in the page, not loaded again
    other.close()
    quiet(shared.traffic)


def shared_fragment(example: str) -> str:
    """An example's board as the editor shares it: the fragment of its link."""
    from browser_engine import entry
    from browser_engine.form import form_of

    file = ROOT / "examples" / f"{example}.yml"
    board = form_of(file.read_text(encoding="utf-8"), file.name)
    answer = json.loads(entry.handle(json.dumps({"action": "share", "lang": "en", "form": board})))
    return str(answer["fragment"])


def test_a_link_too_long_or_cut_short_says_so_in_the_pages_language_the_panel_open(
    browser: Browser, file_root: str
) -> None:
    """A link over 512 KB showed the worker's 'request larger than 524288 bytes', in English on
    the French page, the panel closed."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(file_root + "fr/ask-the-engine.html#scenario=" + "A" * 600_000)
    editor = ready(page.locator("#rb-ask .rb-editor"))
    said = (
        "Le plateau de ce lien ne peut pas être lu\u00a0: ce lien est plus long que tous ceux "
        "qu’écrit l’éditeur de ce site (longueur\u00a0: 600\u202f000\u202f; maximum\u00a0: 8000)"
    )
    expect(editor.locator(".rb-engine-status")).to_have_text(said)
    expect(editor.locator("details.rb-open")).to_have_attribute("open", "")
    expect(editor.locator(".rb-open .rb-problems")).to_have_text(said)
    expect(editor.locator(".rb-answer")).to_be_hidden()
    fragment = shared_fragment("kill-before-heal")
    page.evaluate(
        "hash => { location.hash = hash; }", "#scenario=" + fragment[: len(fragment) // 2]
    )
    expect(editor.locator(".rb-open .rb-problems")).to_have_text(
        "Le plateau de ce lien ne peut pas être lu\u00a0: ce lien est incomplet, tronqué\u202f; "
        "copiez-le en entier, jusqu’à son dernier caractère"
    )
    expect(field(editor, "units.0.might")).to_have_value("3")  # the blank board, as it was
    # Its length written as the page's language writes numbers (it said 600000, 20000).
    page.goto(file_root + "ask-the-engine.html#scenario=" + "A" * 20_000)
    editor = ready(page.locator("#rb-ask .rb-editor"))
    expect(editor.locator(".rb-open .rb-problems")).to_have_text(
        "The board in this link cannot be read: this link is longer than any this site's "
        "editor writes (length 20,000; at most 8000)"
    )
    context.close()


@FROM_DISK
def test_open_a_pasted_scenario_broken_or_hostile(
    page: Page, traffic: Traffic, file_root: str
) -> None:
    editor = ready_page(page, file_root + "fr/ask-the-engine.html")
    panel = editor.locator("details.rb-open")
    panel.locator("summary").click()
    text = (ROOT / "examples" / "kill-before-heal.yml").read_text(encoding="utf-8")
    broken = text.replace("might: 5", "might: -5", 1)
    line = next(i for i, row in enumerate(broken.splitlines(), 1) if "might: -5" in row)
    panel.get_by_label("Ou collez un scénario").fill(broken)
    panel.get_by_role("button", name="Ouvrir le scénario collé").click()
    expect(panel.locator(".rb-problems")).to_contain_text(
        f"Ligne {line}\u00a0: Unité 1 · Pillarde rouge · Puissance\u00a0: doit valoir au moins 0 "
        "(ici\u00a0: «\u00a0-5\u00a0»)"
    )
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
    run(editor, "fr")
    expect(editor.locator(".rb-answer")).to_contain_text("<img src=x onerror=alert(2)>")
    assert page.locator("img[src=x]").count() == 0
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


def set_scheme(page: Page, scheme: str) -> None:
    """The reader's palette switch (Material's), as a reader would press it."""
    wanted = "slate" if scheme == "dark" else "default"
    body = page.locator("body")
    if body.get_attribute("data-md-color-scheme") != wanted:
        page.locator("form[data-md-component=palette] label:not([hidden])").click()
    expect(body).to_have_attribute("data-md-color-scheme", wanted)


@WARM_GROUP("ask-page")
def test_axe_finds_nothing_in_the_editor_light_and_dark(warm: Callable[[str], Warm]) -> None:
    """The "Ask the engine" page with a refusal (Run, then Share, refused) and the open panel
    showing."""
    shared = warm("ask-the-engine.html")
    page = shared.page
    editor = new_board(shared)
    field(editor, "units.0.might").fill("-3")
    editor.get_by_role("button", name="Run", exact=True).click()
    expect(editor.locator(".rb-field-error")).to_have_count(1)
    editor.get_by_role("button", name="Share as a link").click()
    expect(editor.locator(".rb-board-problems")).to_be_focused()  # refused again: no link
    expect(editor.locator(".rb-share")).to_be_hidden()
    editor.locator("details.rb-open summary").click()
    quiet(shared.traffic)  # the page's part; axe then reads the stylesheets itself, which a page
    # from disk may not (an error of axe's in the console, not the site's)
    report: list[str] = []
    for scheme in ("light", "dark"):
        set_scheme(page, scheme)
        # From the top: a control the theme's fixed header covers, scrolled, is no finding.
        page.evaluate("window.scrollTo(0, 0)")
        found = axe_violations(page, colours_only=scheme == "dark")
        report += [f"ask [{scheme}] {v}" for v in found]
    assert report == []
    assert shared.traffic.outside == []


@WARM_GROUP("triggers-page")
def test_axe_finds_nothing_in_a_variation_light_and_dark_and_a_phone_can_use_it(
    warm: Callable[[str], Warm],
) -> None:
    """A French variation with its answer: every rule in the light palette on the whole page;
    in the dark one the colour rules on the variation (the article's own colours are
    tests/browser/test_accessibility.py's)."""
    shared = warm("fr/triggers-between-combat-stages.html")
    page = shared.page
    page.set_viewport_size({"width": 1280, "height": 900})
    variation = fresh_variation(shared, "death-trigger-changes-result", "fr")
    run(variation, "fr")
    quiet(shared.traffic)  # the page's part (axe's own requests are not the site's: see above)
    report: list[str] = []
    set_scheme(page, "light")
    report += [f"variation [light] {v}" for v in axe_violations(page)]
    set_scheme(page, "dark")
    within = "#example-death-trigger-changes-result .rb-variation"
    report += [
        f"variation [dark] {v}" for v in axe_violations(page, colours_only=True, within=within)
    ]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    variation.screenshot(path=str(SCREENSHOTS / "fr-variation-dark.png"))
    set_scheme(page, "light")
    assert report == []
    # A 360 px phone: nothing wider than the screen, every control reachable.
    page.set_viewport_size({"width": 360, "height": 740})
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    # Each control's box as Playwright's bounding_box gives it (none when not displayed), read
    # in one call.
    shown, beyond = variation.evaluate(
        """box => {
          const shown = [...box.querySelectorAll('input, select, button')]
            .filter(n => n.getClientRects().length);
          return [shown.length, shown.filter(n => n.getBoundingClientRect().right > 360)
            .map(n => n.outerHTML)];
        }"""
    )
    assert shown >= 10 and beyond == [], (shown, beyond)
    variation.screenshot(path=str(SCREENSHOTS / "fr-variation-phone.png"))
    assert shared.traffic.outside == []


def fragment_of(text: str) -> str:
    """A scenario file's text as the editor shares it: the fragment of its link."""
    from browser_engine import entry

    request = {"action": "open", "lang": "en", "text": text, "name": "judge.yml"}
    opened = json.loads(entry.handle(json.dumps(request)))
    request = {"action": "share", "lang": "en", "form": opened["form"]}
    return str(json.loads(entry.handle(json.dumps(request)))["fragment"])


# The judge's board: an attacker with Assault 2 against a Tank and two other defenders.
JUDGES_BOARD = """\
id: judge
players:
  - {id: red, name: {en: Red, fr: Rouge}}
  - {id: blue, name: {en: Blue, fr: Bleu}}
battlefield: {name: {en: the Hill, fr: la Butte}, controller: blue}
units:
  - {id: raider, name: {en: Red Raider, fr: Pillarde rouge}, owner: red, might: 3, assault: 2, at: base}
  - {id: guard, name: {en: Blue Guard, fr: Garde bleu}, owner: blue, might: 2, tank: true, at: battlefield}
  - {id: scout, name: {en: Blue Scout, fr: Éclaireur bleu}, owner: blue, might: 2, at: battlefield}
  - {id: archer, name: {en: Blue Archer, fr: Archère bleue}, owner: blue, might: 2, at: battlefield}
combat:
  attacker: red
  move: [raider]
"""
# Main-thread tasks over 200 ms from the moment it is reset (Chromium's Long Tasks API).
WATCH_LONG_TASKS = """
window.rbLongTasks = [];
new PerformanceObserver(list => {
  for (const task of list.getEntries()) if (task.duration > 200) window.rbLongTasks.push(task.duration);
}).observe({ type: "longtask" });
"""


@FROM_DISK
def test_a_judge_sees_an_illegal_split_refused_in_french_and_asks_which_assignments_matter(
    page: Page, traffic: Traffic, file_root: str
) -> None:
    """Assault 2 against a Tank and two others: Red's split that skips the Tank is refused
    beside its field, with the reason, in French; with no split stated, "Which choices change
    the outcome?" tries both legal assignments (lethal to the Tank, then 2 + 1 either way)
    and says which unit each kills, with no main-thread task over 200 ms meanwhile."""
    page.add_init_script(WATCH_LONG_TASKS)
    editor = ready_page(
        page, file_root + "fr/ask-the-engine.html#scenario=" + fragment_of(JUDGES_BOARD)
    )
    answered(editor)
    expect(editor.locator(".rb-answer")).to_contain_text("Bleu gagne le combat")
    # Red states a split that skips the Tank.
    engine_chooses = field(editor, "combat.rounds.0.assign.red.engine")
    engine_chooses.uncheck()
    for unit, amount in (("guard", "0"), ("scout", "2"), ("archer", "3")):
        set_value(editor, f"combat.rounds.0.assign.red.{unit}", amount)
    editor.get_by_role("button", name="Lancer", exact=True).click()
    error = editor.locator('[data-field="combat.rounds.0.assign.red.scout"] .rb-field-error')
    expect(error).to_contain_text("qui n’a pas Tank, alors que l’unité Garde bleu (Tank)")
    expect(editor.locator(".rb-board-problems")).to_contain_text("Le moteur refuse ce plateau")
    # Left to the engine again, the board plays; then every legal assignment is tried.
    field(editor, "combat.rounds.0.assign.red.engine").check()
    expect(field(editor, "combat.rounds.0.assign.red.scout")).to_have_count(0)
    run(editor, "fr")
    page.evaluate("() => { window.rbLongTasks = []; }")
    editor.get_by_role("button", name="Quels choix changent le bilan\u00a0?").click()
    box = editor.locator(".rb-choices-box")
    expect(box).to_have_attribute("data-state", "done")
    expect(box.locator(".rb-choices-head")).to_have_text(
        "Tous les choix essayés\u00a0: 2 déroulements, 2 bilans différents."
    )
    said = box.locator(".rb-choices > ul > li")
    expect(said).to_have_count(2)
    expect(said.nth(0)).to_contain_text("Le bilan du plateau tel qu’il est écrit")
    expect(said.nth(0)).to_contain_text("Rouge attribue 2 à l’unité Garde bleu")
    expect(said.nth(1)).to_contain_text("Un autre bilan.")
    assert page.evaluate("window.rbLongTasks") == []
    quiet(traffic)


def many_choices_board() -> str:
    """Six units a side, each with a death ability, all killed at once: 720 orders for each
    player, far more runs than an exploration plays before its bound."""
    lines = [
        "id: many",
        "players:",
        "  - {id: red, name: Red}",
        "  - {id: blue, name: Blue}",
        "battlefield: {name: the Hill, controller: blue}",
        "units:",
    ]
    for player, at in (("red", "base"), ("blue", "battlefield")):
        for n in range(6):
            lines.append(
                f"  - {{id: {player}{n}, name: {player} {n}, owner: {player}, might: 1, at: {at},"
                f" abilities: [{{when: dies, give_might: {{to: {player}{n}, amount: 1}}}}]}}"
            )
    lines += ["combat:", "  attacker: red", f"  move: [{', '.join(f'red{n}' for n in range(6))}]"]
    return "\n".join(lines) + "\n"


@FROM_DISK
def test_an_exploration_shows_its_progress_and_stops_when_asked(
    page: Page, traffic: Traffic, file_root: str
) -> None:
    editor = ready_page(
        page, file_root + "ask-the-engine.html#scenario=" + fragment_of(many_choices_board())
    )
    answered(editor)
    editor.get_by_role("button", name="Which choices change the outcome?").click()
    box = editor.locator(".rb-choices-box")
    expect(box.locator(".rb-choices-progress")).to_contain_text(re.compile(r"\d runs played"))
    expect(box).to_have_attribute("data-state", "running")
    box.get_by_role("button", name="Stop").click()
    expect(box).to_have_attribute("data-state", "stopped")
    expect(box.locator(".rb-choices-progress")).to_have_text(
        "Stopped: not every choice was tried, so nothing is concluded."
    )
    expect(box.get_by_role("button", name="Stop")).to_have_count(0)
    # The worker is free again: the next request is answered.
    editor.locator(".rb-answer").evaluate("node => { node.hidden = true; }")
    run(editor)
    expect(box).to_have_attribute("data-state", "stopped")  # no late chunk changed it
    quiet(traffic)


# Each page of the judge's combat, and its examples: every field of the judge's combat (the
# keywords and states, each new effect, attack, defend and another_dies abilities, stated
# assignments, showdowns without a combat) is in at least one of them.
JUDGES_PAGES = {
    "assigning-combat-damage.html": "assign-",
    "combat-keywords-and-states.html": "keyword-",
    "showdown-before-combat-damage.html": "showdown-",
}


@pytest.mark.parametrize("path", list(JUDGES_PAGES))
def test_every_example_of_the_judges_combat_plays_as_a_variation_from_disk(
    browser: Browser, file_root: str, path: str
) -> None:
    """Opened from disk, each example's "Try a variation", run unchanged, gives the outcome it
    documents: the in-browser engine reads every new field as the build's does."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(file_root + path)
    examples = [
        str(node.get_attribute("id"))[len("example-") :]
        for node in page.locator(f'[id^="example-{JUDGES_PAGES[path]}"].rb-example').all()
    ]
    assert len(examples) >= 3, examples
    for example in examples:
        editor = open_variation(page, example, "en")
        run(editor)
        expect(editor.locator(".rb-answer .rb-difference")).to_contain_text("the same outcome.")
        page.locator(f"#example-{example} .rb-try-button[aria-expanded=true]").click()
    context.close()
