"""A worked example as HTML, in the page's language: the one renderer of boards and steps.

The same markup serves every example, at build time and in the reader's
browser: the board before the combat, the step-through (an ordered list of
steps, each with its narration, the rules it applies and the board after it;
``stepper.js`` only shows one step at a time), the outcome and the verdict,
derived from the run. Every name and text from a scenario is escaped here.
Styles: ``riftbound.css``.
"""

from __future__ import annotations

from collections.abc import Callable

import links
import markup
from engine.model import Designation, Zone
from engine.narration import OUTCOME, Names, narrate, outcome_sentence
from engine.report import RULES
from engine.trace import Snapshot, Step, UnitState, changes
from markup import icons
from vocabulary import Message, localized, message, plural_message
from worked_examples.verify import ExampleRun

EXAMPLE = message("example:label", "Worked example:")
BEFORE = message("example:before", "The board before the combat")
WALK = plural_message(
    "example:walk",
    "Step through the combat ({count} step)",
    "Step through the combat ({count} steps)",
)
CONTROLLED = message("board:controlled", "{battlefield} · controlled by {player}")
UNCONTROLLED = message("board:uncontrolled", "{battlefield} · uncontrolled")
BASE = message("board:base", "{player}'s base")
TRASH = message("board:trash", "Trash")
ELSEWHERE = message("board:elsewhere", "Hand and banishment")
WHERE = {
    Zone.HAND: message("board:in-hand", "in hand"),
    Zone.BANISHMENT: message("board:banished", "banished"),
}
MIGHT = message("board:might", "Might {value}")
DAMAGE = plural_message("board:damage", "{count} damage", "{count} damage")
DESIGNATIONS = {
    Designation.ATTACKER: message("board:attacker", "Attacker"),
    Designation.DEFENDER: message("board:defender", "Defender"),
}
# A unit's combat keywords, as its card has them, and its states.
TANK = message("board:tank", "Tank")
ASSAULT = message("board:assault", "Assault {amount}")
SHIELD = message("board:shield", "Shield {amount}")
STUNNED = message("board:stunned", "Stunned")
NO_DAMAGE = message("board:cant-be-dealt-damage", "Can't be dealt damage")
SCORE = message("board:score", "Score:")
EMPTY = message("board:empty", "no units")
# Said after a unit a step changed, to a reader who does not see the highlight.
CHANGED = message("board:changed", "changed by this step")
VERIFIED = message("example:verified", "✓ Verified by the engine")
VERIFIED_EVERY_ORDER = message(
    "example:verified-every-order",
    "✓ Verified by the engine, in every order the players may choose",
)
VERIFIED_OTHER_ORDERS = plural_message(
    "example:verified-other-orders",
    "✓ Verified by the engine, in this order and in {count} other",
    "✓ Verified by the engine, in this order and in {count} others",
)
DIFFERS = plural_message(
    "example:differs",
    "✗ The engine disagrees with {count} documented value",
    "✗ The engine disagrees with {count} documented values",
)
DOWNLOAD = message("example:download", "Download the scenario")
FIRST = message("stepper:first", "First step")
PREVIOUS = message("stepper:previous", "Previous step")
NEXT = message("stepper:next", "Next step")
LAST = message("stepper:last", "Last step")
POSITION = message("stepper:position", "Step {n} of {total}")
# The theme's own icons (markup.icons), which a phone shows instead of the buttons' names.
ICONS = {
    "first": "material/page-first",
    "previous": "material/chevron-left",
    "next": "material/chevron-right",
    "last": "material/page-last",
}

RuleLink = Callable[[str], str]
# A rule as the page's reader names it: its number, or a keyword's name in their language.
RuleName = Callable[[str], str]


class ExampleRenderer:
    """Renders one run for one page; ``rule_link`` maps a rule number to its browser URL,
    ``rule_name`` to the words its link shows (default: the number)."""

    def __init__(
        self,
        run: ExampleRun,
        page: links.Page,
        rule_link: RuleLink,
        rule_name: RuleName | None = None,
    ) -> None:
        self.run = run
        self.page = page
        self.lang = page.lang
        self.rule_link = rule_link
        self.rule_name = rule_name or (lambda number: number)
        self.names = Names(run.outcome.board)
        self.players = [p.id for p in run.scenario.players]
        # A unit that a step leaves as it was is drawn as before; a rule is linked as before.
        self.drawn: dict[tuple[UnitState, bool], str] = {}
        self.linked: dict[str, str] = {}
        self.empty = f'<p class="rb-empty">{markup.text(EMPTY(self.lang))}</p>'
        self.bases = {p: BASE(self.lang, player=self.player(p)) for p in self.players}

    # -- pieces ------------------------------------------------------------

    def player(self, player_id: str | None) -> str:
        return self.names.player(player_id, self.lang)

    def unit(self, state: UnitState, changed: bool) -> str:
        drawn = self.drawn.get((state, changed))
        if drawn is None:
            drawn = self.drawn[state, changed] = self.draw_unit(state, changed)
        return drawn

    def draw_unit(self, state: UnitState, changed: bool) -> str:
        lang = self.lang
        parts = [
            f'<span class="rb-unit-name">{markup.text(self.names.unit(state.id, lang))}</span>'
        ]
        if state.zone is not Zone.BASE:  # where players' units mix, name the player
            parts.append(
                f'<span class="rb-player">{markup.text(self.player(state.zone_player))}</span>'
            )
        if state.zone.in_play:
            parts.append(
                f'<span class="rb-might">{markup.text(MIGHT(lang, value=state.might))}</span>'
            )
            if state.damage:
                parts.append(
                    f'<span class="rb-damage">{markup.text(DAMAGE(lang, state.damage))}</span>'
                )
        elif state.zone in WHERE:
            parts.append(f'<span class="rb-where">{markup.text(WHERE[state.zone](lang))}</span>')
        if state.designation:
            parts.append(
                f'<span class="rb-tag rb-{state.designation.value}">'
                f"{markup.text(DESIGNATIONS[state.designation](lang))}</span>"
            )
        if state.zone.in_play:
            parts += [
                f'<span class="rb-tag rb-keyword">{markup.text(said)}</span>'
                for said in self.keywords(state)
            ]
        side = self.players.index(state.zone_player) + 1 if state.zone_player in self.players else 0
        css = f"rb-unit rb-side-{side}" + (" rb-changed" if changed else "")
        marker = (
            f'<span class="rb-visually-hidden">, {markup.text(CHANGED(lang))}</span>'
            if changed
            else ""
        )
        return f'<li class="{css}">{" ".join(parts)}{marker}</li>'

    def keywords(self, state: UnitState) -> list[str]:
        """What a reader must see of a unit to follow its combat: its keywords (from the
        board: a card's keywords do not change in a combat) and whether it is stunned."""
        lang, unit = self.lang, self.run.outcome.board.units.get(state.id)
        said = []
        if unit is not None:
            if unit.tank:
                said.append(TANK(lang))
            if unit.assault:
                said.append(ASSAULT(lang, amount=unit.assault))
            if unit.shield:
                said.append(SHIELD(lang, amount=unit.shield))
            if unit.cant_be_dealt_damage:
                said.append(NO_DAMAGE(lang))
        if state.stunned:
            said.append(STUNNED(lang))
        return said

    def zone(self, title: str, units: list[UnitState], changed: tuple[str, ...], css: str) -> str:
        items = "".join(self.unit(u, u.id in changed) for u in units)
        body = f'<ul class="rb-units">{items}</ul>' if items else self.empty
        return (
            f'<div class="rb-zone {css}"><p class="rb-zone-title">{markup.text(title)}</p>'
            f"{body}</div>"
        )

    def board(self, snapshot: Snapshot, changed: tuple[str, ...] = ()) -> str:
        lang = self.lang
        battlefield = self.names.battlefield(lang)
        title = capitalized(
            CONTROLLED(lang, battlefield=battlefield, player=self.player(snapshot.controller))
            if snapshot.controller
            else UNCONTROLLED(lang, battlefield=battlefield)
        )
        battlefield_css = "rb-battlefield" + (" rb-changed" if "controller" in changed else "")
        zones = [
            self.zone(
                title,
                [u for u in snapshot.units if u.zone is Zone.BATTLEFIELD],
                changed,
                battlefield_css,
            )
        ]
        for player in self.players:
            units = [u for u in snapshot.units if u.zone is Zone.BASE and u.zone_player == player]
            zones.append(self.zone(self.bases[player], units, changed, "rb-base"))
        trash = [u for u in snapshot.units if u.zone is Zone.TRASH]
        zones.append(self.zone(TRASH(lang), trash, changed, "rb-trash"))
        elsewhere = [
            u for u in snapshot.units if u.zone in (Zone.HAND, Zone.BANISHMENT, Zone.ELSEWHERE)
        ]
        if elsewhere:
            zones.append(self.zone(ELSEWHERE(lang), elsewhere, changed, "rb-elsewhere"))
        scores = " · ".join(
            f'<span class="{"rb-changed" if f"score:{p}" in changed else "rb-score"}">'
            f"{markup.text(self.player(p))} {s}</span>"
            for p, s in snapshot.scores
        )
        zones.append(f'<p class="rb-scores">{markup.text(SCORE(lang))} {scores}</p>')
        return f'<div class="rb-board">{"".join(zones)}</div>'

    def link(self, number: str) -> str:
        linked = self.linked.get(number)
        if linked is None:
            href = markup.attribute(self.rule_link(number))
            name = markup.text(self.rule_name(number))
            linked = self.linked[number] = f'<a href="{href}">{name}</a>'
        return linked

    def citations(self, step: Step) -> str:
        anchors = ", ".join(self.link(n) for n in step.rules)
        label = markup.text(RULES(self.lang, len(step.rules)))
        return f'<span class="rb-cite">({label} {anchors})</span>'

    def step(self, index: int, prefix: str) -> str:
        """A step: its narration and rules, and the board after it if the step changed it
        (the first step shows it always; ``stepper.js`` shows the last board for the others)."""
        steps = self.run.outcome.steps
        step = steps[index]
        text = markup.text(narrate(step, self.lang, self.names))
        # The step's number alone: its narration may name a step of the rules ("Step 3a").
        number = f"{index + 1}."
        anchor = links.step_anchor(prefix, index + 1)
        changed = changes(steps, index)
        board = self.board(step.board, changed) if changed or not index else ""
        return (
            f'<li class="rb-step" id="{markup.attribute(anchor)}" '
            f'data-step-id="{markup.attribute(step.id)}">'
            f'<p class="rb-narration"><strong>{number}</strong> {text} {self.citations(step)}</p>'
            f"{board}</li>"
        )

    def outcome(self) -> str:
        return markup.text(outcome_sentence(self.run.outcome.summary, self.lang, self.names))

    def verdict(self) -> str:
        """What the engine found of the documented outcome: this run's own comparison."""
        css = "rb-verified" if self.run.verified else "rb-differs"
        return f'<span class="{css}">{markup.text(verdict(self.run, self.lang))}</span>'

    def steps(self, stepper_prefix: str | None = None) -> str:
        """The step-through: every step with its rules and board; ``stepper.js`` pages it."""
        run, lang = self.run, self.lang
        prefix = stepper_prefix or f"{run.id}-step"
        items = "".join(self.step(i, prefix) for i in range(len(run.outcome.steps)))

        def button(go: str, label: Message) -> str:
            # On a phone an icon shows instead of the name, which a screen reader still says.
            return (
                f'<button type="button" data-go="{go}"><span class="rb-icon">'
                f'{icons.icon(ICONS[go])}</span><span class="rb-label">{markup.text(label(lang))}'
                "</span></button>"
            )

        template = markup.attribute(POSITION(lang, n="{n}", total="{total}"))
        controls = (
            f'<div class="rb-controls" hidden>{button("first", FIRST)}{button("previous", PREVIOUS)}'
            f'<output class="rb-position" aria-live="polite" data-template="{template}"></output>'
            f"{button('next', NEXT)}{button('last', LAST)}</div>"
        )
        return (
            f'<div class="rb-stepper" data-prefix="{markup.attribute(prefix)}" lang="{lang}">'
            f'{controls}<ol class="rb-step-list">{items}</ol></div>'
        )

    # -- the whole example ---------------------------------------------------

    def html(
        self,
        open_steps: bool = False,
        prefix: str = "",
        steps: str | None = None,
        board: str | None = None,
        verdict: bool = True,
    ) -> str:
        """The example (search skips it: each example has its own entry, ``docset.build``).
        ``open_steps``: its step-through shown open (the page's stepper);
        ``prefix`` names the steps' anchors (``<id>-step`` by default). ``steps`` and ``board``
        stand where the step-through and the board before the combat go (they are rendered in
        place otherwise). ``verdict``: the engine's verdict on what the file documents, and its
        download, and the label "Worked example:" (a board a reader made in the browser documents
        nothing and is no worked example: it has none of them, its own title says what it is)."""
        run, lang = self.run, self.lang
        scenario = run.scenario
        title = markup.text(localized(scenario.title, lang))
        caption = markup.text(localized(scenario.caption, lang))
        download = links.shared(self.page, f"examples/{run.id}.yml")
        open_attr = " open" if open_steps else ""
        summary = markup.text(WALK(lang, len(run.outcome.steps)))
        walk = self.steps(prefix or None) if steps is None else steps
        before = self.board(run.outcome.steps[0].board) if board is None else board
        label = f"{markup.text(EXAMPLE(lang))} " if verdict else ""
        return (
            f'<div class="admonition example rb-example" id="{markup.attribute(links.example_anchor(run.id))}" '
            f'data-example="{markup.attribute(run.id)}" data-search-exclude>'
            f'<p class="admonition-title">{label}{title}</p>'
            f"<p>{caption}</p>"
            f'<p class="rb-board-title">{markup.text(BEFORE(lang))}</p>{before}'
            f'<details class="rb-walk"{open_attr}><summary>{summary}</summary>{walk}</details>'
            f'<p class="rb-outcome"><strong>{markup.text(OUTCOME(lang))}</strong> {self.outcome()}</p>'
            + (
                f'<p class="rb-verdict">{self.verdict()}<span class="rb-download"> · '
                f'<a href="{markup.attribute(download)}" download>{markup.text(DOWNLOAD(lang))}'
                "</a></span></p>"
                if verdict
                else ""
            )
            + "</div>"
        )


def verdict(run: ExampleRun, lang: str) -> str:
    """What the engine found of a run's documented outcome, and under which orders of the
    abilities that wait together it checked it (``expected``'s order fields)."""
    if not run.verified:
        return DIFFERS(lang, len(run.mismatches))
    expected = run.scenario.expected
    if expected is not None and expected.every_order:
        return VERIFIED_EVERY_ORDER(lang)
    others = len(expected.others) + len(expected.differs_under) if expected is not None else 0
    return VERIFIED_OTHER_ORDERS(lang, others) if others else VERIFIED(lang)


def capitalized(label: str) -> str:
    """A label that starts with a name written to run in a sentence ("the Windswept Hillock"),
    as a label starts: with a capital.

    >>> capitalized("la Butte venteuse · sous le contrôle de Bleu")
    'La Butte venteuse · sous le contrôle de Bleu'
    """
    return label[:1].upper() + label[1:]
