"""The editor and the step-through on a 360 × 740 phone and on a desktop, in both languages: the
action bar in one row within a tenth of the screen, its icons named and explained by tooltips;
the step-through's icons drawn from the theme's SVG set; axe with no finding in every state of
the editor (opened, every folded field unfolded, a refusal shown, an answer shown).

Screenshots of each land in test-results/screenshots. The editors' pages are shared per
language and mode (their engine starts once), as tests/browser/test_engine.py shares its own.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest
from PIL import Image
from playwright.sync_api import Browser, Locator, ViewportSize, expect

from tests.browser.conftest import axe_violations, settle, watch
from tests.browser.test_engine import (
    SCREENSHOTS,
    WARM_GROUP,
    WORDS,
    Warm,
    answered,
    field,
    log_console,
    new_board,
    one_worker_opens,
    open_variation,
    set_value,
)
from tests.fixtures.shared_build import shared_folder

PHONE: ViewportSize = {"width": 360, "height": 740}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
# The action bar's buttons, by their names, in each mode and language (the words of
# browser_engine/words.py, as a reader sees them).
BAR = {
    ("variation", "en"): [
        "Run",
        "Reset",
        "Which choices change the outcome?",
        "Download the scenario",
        "Share as a link",
        "Close the editor",
    ],
    ("variation", "fr"): [
        "Lancer",
        "Réinitialiser",
        "Quels choix changent le bilan\u202f?",
        "Télécharger le scénario",
        "Partager par un lien",
        "Fermer l’éditeur",
    ],
    ("page", "en"): [
        "Run",
        "New board",
        "Which choices change the outcome?",
        "Download the scenario",
        "Share as a link",
    ],
    ("page", "fr"): [
        "Lancer",
        "Nouveau plateau",
        "Quels choix changent le bilan\u202f?",
        "Télécharger le scénario",
        "Partager par un lien",
    ],
}
EXAMPLE = "wiped-both-sides-uncontrolled"


def prefix(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


@pytest.fixture(scope="module")
def shared_page(
    browser: Browser,
    file_root: str,
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[[str], Warm]]:
    """``shared_page(path)``: the page at ``path`` from disk, opened once for this module (the
    tests of one group run on one worker); its traffic forgotten at each call."""
    opened: dict[str, Warm] = {}

    def get(path: str) -> Warm:
        if path not in opened:
            one_worker_opens(f"{__name__}:{path}", request.config, shared_folder(tmp_path_factory))
            context = browser.new_context(viewport=DESKTOP)
            shared = Warm(context.new_page(), watch(context, file_root))
            log_console(shared.page)
            shared.page.goto(file_root + path)
            opened[path] = shared
        opened[path].traffic.forget()
        return opened[path]

    yield get
    for shared in opened.values():
        shared.page.context.close()


def editor_of(shared: Callable[[str], Warm], mode: str, lang: str) -> Locator:
    """The editor of ``mode`` in ``lang``, its engine started, on its board as it opens: an
    example's variation (every other closed), or "Ask the engine"'s new board."""
    if mode == "page":
        return new_board(shared(prefix(lang) + "ask-the-engine.html"), lang)
    page = shared(prefix(lang) + "resolution-step.html").page
    page.set_viewport_size(DESKTOP)
    for opener in page.locator(".rb-try-button[aria-expanded=true]").all():
        opener.click()
    editor = open_variation(page, EXAMPLE, lang)
    editor.get_by_role("button", name=WORDS[lang]["reset"], exact=True).click()
    expect(editor.locator(".rb-answer")).to_be_hidden()
    expect(editor.locator(".rb-board-problems")).to_be_hidden()
    return editor


MODES = pytest.mark.parametrize(
    ("mode", "lang"),
    [
        pytest.param(m, lang, marks=WARM_GROUP(f"phone-{m}-{lang}"))
        for m in ("variation", "page")
        for lang in ("en", "fr")
    ],
)


def bar_of(editor: Locator) -> Locator:
    return editor.locator(".rb-actions")


@MODES
def test_the_action_bar_is_one_row_of_named_icons_within_a_tenth_of_a_phone_screen(
    shared_page: Callable[[str], Warm], mode: str, lang: str
) -> None:
    editor = editor_of(shared_page, mode, lang)
    page = editor.page
    page.set_viewport_size(PHONE)
    bar = bar_of(editor)
    bar.scroll_into_view_if_needed()
    settle(page)
    buttons = bar.locator("button")
    names = BAR[mode, lang]
    for button, name in zip(buttons.all(), names, strict=True):
        expect(button).to_have_accessible_name(name)
    box = bar.bounding_box()
    assert box is not None
    assert box["height"] <= 0.10 * PHONE["height"], box
    # One row: every button's top the same, none past the screen's edge.
    tops = buttons.evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return [r.top, r.right]; })"
    )
    assert len({round(top) for top, _ in tops}) == 1, tops
    assert max(right for _, right in tops) <= PHONE["width"], tops
    # Each an icon of the theme's, drawn (the button's own text colour, in its box), its name
    # a tooltip: hidden until hovered, then whole on the screen.
    for button, name in zip(buttons.all(), names, strict=True):
        assert drawn_pixels(button) > 15, name
        label = button.locator(".rb-label")
        button.hover()
        expect(label).to_have_css("clip-path", "none")
        tip = label.bounding_box()
        assert tip is not None and tip["x"] >= 0 and tip["x"] + tip["width"] <= PHONE["width"]
        assert label.inner_text() == name
    page.mouse.move(0, 0)
    for label in bar.locator(".rb-label").all():
        expect(label).to_have_css("clip-path", "inset(50%)")  # hidden again, still named
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{lang}-phone-{mode}-action-bar.png"))
    # On a desktop, one row too: Run with its name beside its icon.
    page.set_viewport_size(DESKTOP)
    tops = buttons.evaluate_all("bs => bs.map(b => b.getBoundingClientRect().top)")
    assert len({round(top) for top in tops}) == 1, tops
    expect(bar.locator(".rb-run .rb-label")).to_have_css("clip-path", "none")
    assert shared_page(prefix(lang) + path_of(mode)).traffic.errors == []


def path_of(mode: str) -> str:
    return "ask-the-engine.html" if mode == "page" else "resolution-step.html"


def drawn_pixels(button: Locator) -> int:
    """How many pixels of ``button``'s icon stand out from the colour most of its box has (the
    button's background): none for an icon that draws nothing."""
    icon = button.locator(".rb-icon svg")
    expect(icon).to_be_visible()
    assert button.locator(".rb-icon").inner_text() == ""  # no glyph: the SVG alone
    shot = Image.open(io.BytesIO(icon.screenshot(animations="disabled"))).convert("RGB")
    pixels: list[tuple[int, int, int]] = list(shot.get_flattened_data())  # type: ignore[arg-type]
    ground = max(set(pixels), key=pixels.count)
    return sum(1 for p in pixels if sum(abs(a - b) for a, b in zip(p, ground, strict=True)) > 90)


# The words of an element that a line break cuts in two (none: each word on one line).
CUT_WORDS = """element => {
  const text = element.firstChild;
  return [...text.textContent.matchAll(/\\S+/g)].filter(word => {
    const range = document.createRange();
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1;
  }).map(word => word[0]);
}"""


def test_the_step_through_draws_the_themes_icons_on_a_phone(
    browser: Browser, file_root: str
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    traffic = watch(context, file_root)
    page.goto(file_root + "fr/resolution-step.html#combat-step-5")
    settle(page)
    buttons = page.locator(".rb-stepper:has(#combat-step-5) .rb-controls button")
    expect(buttons).to_have_count(4)
    names = ["Première étape", "Étape précédente", "Étape suivante", "Dernière étape"]
    for button, name in zip(buttons.all(), names, strict=True):
        expect(button).to_have_accessible_name(name)
        expect(button.locator(".rb-label")).not_to_be_in_viewport()  # the name: for screen readers
        assert drawn_pixels(button) > 15, name
    position = page.locator(".rb-stepper:has(#combat-step-5) .rb-position")
    assert position.evaluate(CUT_WORDS) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "fr-phone-stepper-icons.png"))
    assert traffic.errors == [] and traffic.outside == []
    context.close()


STATES = ("opened", "unfolded", "refused", "answered")


@MODES
def test_axe_finds_nothing_in_any_state_of_the_editor_on_a_phone_and_a_desktop(
    shared_page: Callable[[str], Warm], mode: str, lang: str
) -> None:
    """Each state at both widths, axe's WCAG 2 A/AA rules and best practices on the editor;
    the answer's step-through (drawn by the engine in the browser) shows the theme's icons on
    a phone, as the page's own do."""
    editor = editor_of(shared_page, mode, lang)
    page = editor.page
    within = "#rb-ask .rb-editor" if mode == "page" else f"#example-{EXAMPLE} .rb-editor"
    report: list[str] = []

    def check(state: str) -> None:
        for viewport in (DESKTOP, PHONE):
            page.set_viewport_size(viewport)
            page.evaluate("window.scrollTo(0, 0)")
            found = axe_violations(page, within=within)
            report.extend(f"{mode} {lang} {state} {viewport['width']} px: {v}" for v in found)

    check("opened")
    for fold in editor.locator("details").all():
        fold.evaluate("fold => fold.open = true")
    expect(editor.locator("details:not([open])")).to_have_count(0)
    check("unfolded")
    page.set_viewport_size(DESKTOP)
    might = field(editor, "units.0.might")
    documented = might.input_value()
    set_value(editor, "units.0.might", "-1")
    editor.get_by_role("button", name=WORDS[lang]["run"], exact=True).click()
    expect(editor.locator(".rb-board-problems")).to_be_visible()
    expect(editor.locator(".rb-field-error")).to_have_count(1)
    check("refused")
    page.set_viewport_size(DESKTOP)
    set_value(editor, "units.0.might", documented)
    editor.get_by_role("button", name=WORDS[lang]["run"], exact=True).click()
    answered(editor)
    expect(editor.locator(".rb-board-problems")).to_be_hidden()
    check("answered")
    assert report == []
    # The answer's step-through on the phone: the engine's own HTML, with the theme's icons.
    page.set_viewport_size(PHONE)
    stepper = editor.locator(".rb-result .rb-controls")
    stepper.scroll_into_view_if_needed()
    for button in stepper.locator("button").all():
        assert drawn_pixels(button) > 15
    # In one row with the step's number, whose words stay whole.
    tops = stepper.locator("button").evaluate_all(
        "bs => bs.map(b => b.getBoundingClientRect().top)"
    )
    assert len({round(top) for top in tops}) == 1, tops
    assert stepper.locator(".rb-position").evaluate(CUT_WORDS) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{lang}-phone-{mode}-answered.png"))
    assert shared_page(prefix(lang) + path_of(mode)).traffic.errors == []
