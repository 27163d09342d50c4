"""Step through one whole combat, from the move to the Conquer, in a real browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

LANGS = {
    "en": {
        "path": "resolution-step.html",
        "next": "Next step",
        "position": "Step {n} of {total}",
        "conquer": "That is a Conquer",
        "board": "controlled by Red",
    },
    "fr": {
        "path": "fr/resolution-step.html",
        "next": "Étape suivante",
        "position": "Étape {n} sur {total}",
        "conquer": "C’est une conquête",
        "board": "sous le contrôle de Rouge",
    },
}
STEPPER = "#example-whole-combat .rb-stepper"


def position(page: Page) -> str:
    return page.locator(f"{STEPPER} .rb-position").inner_text().split(".")[0].strip()


def current_narration(page: Page) -> str:
    return page.locator(f"{STEPPER} .rb-step.rb-current .rb-narration").inner_text()


def total_steps(page: Page) -> int:
    return page.locator(f"{STEPPER} .rb-step").count()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_buttons_step_from_the_move_to_the_conquer(page: Page, file_root: str, lang: str) -> None:
    words = LANGS[lang]
    page.goto(file_root + words["path"])
    total = total_steps(page)
    assert position(page) == words["position"].format(n=1, total=total)
    next_button = page.locator(STEPPER).get_by_role("button", name=words["next"])
    seen = [current_narration(page)]
    while next_button.is_enabled():
        next_button.click()
        seen.append(current_narration(page))
        if words["conquer"] in seen[-1]:
            break
    assert words["conquer"] in seen[-1], seen
    board = page.locator(f"{STEPPER} .rb-step.rb-current .rb-board")
    expect(board.locator(".rb-battlefield")).to_contain_text(words["board"])
    expect(board.locator(".rb-changed").first).to_be_visible()  # control and score changed
    assert page.url.endswith(f"#combat-step-{len(seen)}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_arrow_keys_step_through(page: Page, file_root: str, lang: str) -> None:
    words = LANGS[lang]
    page.goto(file_root + words["path"])
    total = total_steps(page)
    page.locator(STEPPER).focus()
    page.keyboard.press("End")
    assert position(page) == words["position"].format(n=total, total=total)
    page.keyboard.press("Home")
    for _ in range(total):
        if words["conquer"] in current_narration(page):
            break
        page.keyboard.press("ArrowRight")
    assert words["conquer"] in current_narration(page)
    page.keyboard.press("ArrowLeft")
    assert words["conquer"] not in current_narration(page)


def test_a_step_link_opens_that_step_and_back_returns(page: Page, file_root: str) -> None:
    page.goto(file_root + "fr/resolution-step.html#combat-step-7")
    total = total_steps(page)
    assert position(page) == f"Étape 7 sur {total}"
    expect(page.locator("#combat-step-7")).to_be_visible()
    expect(page.locator("#combat-step-8")).to_be_hidden()
    # The controls end up below the sticky header, not hidden under it.
    page.wait_for_function(
        """() => document.querySelector('#example-whole-combat .rb-controls').getBoundingClientRect().top
              >= document.querySelector('header.md-header').getBoundingClientRect().bottom""",
        timeout=5_000,
    )
    next_button = page.locator(STEPPER).get_by_role("button", name="Étape suivante")
    next_button.click()
    next_button.click()
    assert position(page) == f"Étape 9 sur {total}"
    page.go_back()  # the stepper follows on popstate: wait for it, do not race it
    expect(page.locator(f"{STEPPER} .rb-position")).to_contain_text(f"Étape 8 sur {total}.")


def test_the_current_step_is_announced(page: Page, file_root: str) -> None:
    page.goto(file_root + "resolution-step.html")
    live = page.locator(f"{STEPPER} .rb-position")
    assert live.get_attribute("aria-live") == "polite"
    page.locator(STEPPER).get_by_role("button", name="Next step").click()
    assert (
        "Step 2 of" in live.inner_text()
        and current_narration(page).split(". ", 1)[1][:20] in live.inner_text()
    )


def test_without_javascript_the_steps_read_as_an_ordered_list(
    browser: Browser, file_root: str
) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(file_root + "resolution-step.html")
    steps = page.locator(f"{STEPPER} ol.rb-step-list > li.rb-step")
    assert steps.count() > 10
    for index in range(steps.count()):
        expect(steps.nth(index)).to_be_visible()
    expect(page.locator(f"{STEPPER} .rb-controls")).to_be_hidden()
    context.close()


@pytest.mark.parametrize(
    "path", ["resolution-step.html", "fr/resolution-step.html", "fr/rules-browser/v1.4/400.html"]
)
def test_no_horizontal_scroll_on_a_phone(browser: Browser, file_root: str, path: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(file_root + path)
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


def test_a_step_that_changes_nothing_shows_the_board_as_it_stands(
    page: Page, file_root: str
) -> None:
    """A step without a board of its own shows the last one before it, without its highlights."""
    page.goto(file_root + "resolution-step.html#combat-step-1")
    steps = page.locator(f"{STEPPER} .rb-step")
    own = [steps.nth(i).locator(":scope > .rb-board").count() for i in range(steps.count())]
    assert own[0] == 1 and 0 in own, own
    quiet = own.index(0)
    next_button = page.locator(STEPPER).get_by_role("button", name="Next step")
    for _ in range(quiet):
        next_button.click()
    current = page.locator(f"{STEPPER} .rb-step.rb-current")
    expect(current).to_have_id(f"combat-step-{quiet + 1}")
    board = current.locator(".rb-board")
    expect(board).to_have_count(1)
    expect(board).to_be_visible()
    expect(board.locator(".rb-changed")).to_have_count(0)
    previous = steps.nth(max(i for i in range(quiet) if own[i])).locator(":scope > .rb-board")

    def units(locator: Locator) -> list[str]:
        names = locator.locator(".rb-unit").evaluate_all("us => us.map(u => u.textContent)")
        return [" ".join(n.replace(", changed by this step", "").split()) for n in names]

    assert units(board) == units(previous)


@pytest.mark.parametrize("path", ["resolution-step.html", "fr/resolution-step.html"])
def test_on_a_phone_the_controls_stay_in_one_row_above_the_step_and_its_board(
    browser: Browser, file_root: str, path: str
) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(file_root + path + "#combat-step-1")
    stepper = page.locator(STEPPER)
    controls = stepper.locator(".rb-controls")
    buttons = controls.locator("button")
    expect(buttons).to_have_count(4)
    tops = {round(box["y"]) for box in (b.bounding_box() for b in buttons.all()) if box}
    assert len(tops) == 1, "the four buttons wrap"
    next_button = stepper.locator('button[data-go="next"]')
    for step in range(2, 8):
        next_button.click()
        current = stepper.locator(".rb-step.rb-current")
        expect(current).to_have_id(f"combat-step-{step}")
        bar = controls.bounding_box()
        narration = current.locator(".rb-narration").bounding_box()
        assert bar and narration and narration["y"] >= bar["y"] + bar["height"] - 1
        expect(controls).to_be_in_viewport()
        board = current.locator(".rb-board")
        expect(board).to_be_in_viewport()
    context.close()
