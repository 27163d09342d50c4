"""The combat summary ("Combat at a glance"): one page to print and put on the table.

The procedure from the move to the end of combat, stage by stage, each with the rules the
engine's steps cite there (``engine.steps``: every kind of step belongs to one stage, and
``tests/docset`` checks that a new kind cannot be left out), then the keywords and states the
engine knows, with the rules' own labels for them (``rulebook``). Generated, in each language,
from the same tables the worked examples are narrated from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import markup
from engine.steps import STEPS, Keyword
from rulebook.book import Rule, Rulebook
from rulebook.numbering import RuleNumber
from vocabulary import Message, message, plural_message, typeset

SUMMARY_PAGE = "combat-summary.md"

TITLE = message("summary:title", "Combat at a glance")
INTRO = message(
    "summary:intro",
    "A combat as this site's engine plays it, from the move to the end of combat, each stage "
    "with the rules its steps cite, on one page to print and keep at the table. The pages of "
    "this site explain each stage, with worked examples.",
)
RULES = plural_message("summary:rules", "Rule {rules}", "Rules {rules}")
KEYWORDS = message("summary:keywords", "Keywords")
KEYWORDS_INTRO = message(
    "summary:keywords-intro",
    "Our sources give these keywords no rule number: they are cited by their name.",
)
STATES = message("summary:states", "States")


@dataclass(frozen=True)
class State:
    """A unit's state the engine plays in combat, besides its keywords' (a stunned unit is
    Stun's), and the rules it turns on."""

    title: Message
    said: Message
    rules: tuple[str, ...]


UNIT_STATES = (
    State(
        message("summary:cant-be-dealt-damage", "Can't be dealt damage"),
        message(
            "summary:cant-be-dealt-damage-said",
            "The unit is still assigned its lethal damage before the next is assigned any; none "
            "of it is dealt to it.",
        ),
        ("465",),
    ),
    State(
        message("summary:below-zero", "Might below 0"),
        message(
            "summary:below-zero-said",
            "The unit adds 0 to its side's combat damage, and 1 damage is lethal to it.",
        ),
        ("142.4",),
    ),
)


@dataclass(frozen=True)
class Stage:
    title: Message
    said: Message
    kinds: tuple[str, ...]  # the keys of the step kinds of this stage (``engine.steps.STEPS``)
    # Rules its steps cite only in a phrase they may hold (a unit's Assault or Shield).
    phrased: tuple[str, ...] = ()


def prefixed(prefix: str) -> tuple[str, ...]:
    return tuple(sorted(key for key in STEPS if key.startswith(prefix)))


STAGES = (
    Stage(
        message("summary:move", "The move"),
        message(
            "summary:move-said",
            "The attacker's units move to the battlefield: onto enemy units a combat is "
            "staged; onto none, a showdown begins without a combat.",
        ),
        ("start-controlled", "start-uncontrolled", "move", "move-open"),
    ),
    Stage(
        message("summary:designations", "The designations"),
        message(
            "summary:designations-said",
            "The players and their units there take their designations; the abilities that "
            "trigger on them form the showdown's first chain.",
        ),
        ("stage", "stage-in-showdown", "chain-add-opening"),
    ),
    Stage(
        message("summary:showdown", "The showdown"),
        message(
            "summary:showdown-said",
            "Each play resolves, then a cleanup, then the abilities it triggered; all before "
            "combat damage. A showdown without a combat ends here, and the player with units "
            "there takes control.",
        ),
        (
            *prefixed("showdown-"),
            "chain-add-showdown",
            "cleanup-none",
            "cleanup-death-triggers",
            "open-conquer",
            "open-kept",
            "open-no-conquer",
            "open-nobody",
        ),
    ),
    Stage(
        message("summary:damage", "Combat damage"),
        message(
            "summary:damage-said",
            "Each player assigns all their side's combat Might, the Attacker first: lethal "
            "damage to one unit before the next, Tank first; then all of it is dealt at once.",
        ),
        (*prefixed("assign-"), "damage", "damage-none"),
        tuple(keyword.value for keyword in Keyword),  # cited where a unit has one
    ),
    Stage(
        message("summary:cleanup", "Combat Cleanup"),
        message(
            "summary:cleanup-said",
            "3a: death abilities wait; 3b: lethal units are killed; 3c: every unit is healed; "
            "3d: attackers are recalled if defenders remain.",
        ),
        (
            "resolution",
            "no-lethal",
            "death-triggers",
            "kill",
            "kill-none",
            "heal",
            "recall",
            "recall-none-no-attackers",
            "recall-none-no-defenders",
        ),
    ),
    Stage(
        message("summary:chain", "The chain"),
        message(
            "summary:chain-said",
            "Waiting abilities go on the chain, each player ordering their own; the newest "
            "resolves first, each followed by a cleanup, before the result.",
        ),
        tuple(
            key
            for key in prefixed("chain-")
            if key not in ("chain-add-opening", "chain-add-showdown")
        ),
    ),
    Stage(
        message("summary:result", "The result"),
        message(
            "summary:result-said",
            "The only player with units left wins; both, neither, or attackers recalled in 3d: "
            "No Result. Both left: another showdown and combat.",
        ),
        (
            "win",
            "no-result-both",
            "no-result-neither",
            "no-result-recalled",
            "restage",
            "restaged-unscripted",
        ),
    ),
    Stage(
        message("summary:control", "Control and Conquer"),
        message(
            "summary:control-said",
            "The player with units there takes control, a Conquer if they have not scored it "
            "this turn; an empty battlefield becomes uncontrolled.",
        ),
        (
            "conquer",
            "control-contested",
            "control-kept",
            "control-no-conquer",
            "uncontrolled",
            "stays-uncontrolled",
        ),
    ),
    Stage(
        message("summary:end", "The end of combat"),
        message(
            "summary:end-said",
            "Designations are removed and every \u201cthis combat\u201d effect expires; a "
            "cleanup kills what that leaves lethal.",
        ),
        ("end", "ended-death-triggers"),
    ),
)


def stage_rules(stage: Stage) -> list[str]:
    """The rules the step kinds of ``stage`` cite (their clauses' too), each once, numbered
    rules in their order, then keywords."""
    cited = {
        number
        for key in stage.kinds
        for number in (*STEPS[key].rules, *(r for c in STEPS[key].clauses for r in c.rules))
    } | set(stage.phrased)
    return [n.text for n in sorted(RuleNumber(number) for number in cited)]


PDF = message("summary:pdf", "On paper: {link}, on one A4 page.")
PDF_LINK = message("summary:pdf-link", "this page as a PDF ({size})")


def summary_markdown(lang: str, pdf_place: int) -> str:
    """The page; the late placeholder ``pdf_place`` is where its PDF's link goes
    (``pdf_html``), once the build has printed it."""
    return (
        f"# {markup.markdown_literal(TITLE(lang))}\n\n{markup.markdown_literal(INTRO(lang))}\n\n"
        f"{markup.late(pdf_place)}\n\n{markup.placeholder('combat-summary')}\n"
    )


def pdf_html(href: str, size: str, lang: str) -> str:
    """The paragraph that links the summary's PDF (``size`` as the language writes it)."""
    mark = "\ue010"
    said = markup.text(typeset(PDF(lang, link=mark), lang))
    label = markup.text(typeset(PDF_LINK(lang, size=size), lang))
    link = f'<a href="{markup.attribute(href)}">{label}</a>'
    return f'<p class="rb-summary-pdf rb-screen">{said.replace(mark, link)}</p>'


def summary_html(rules: Rulebook, lang: str, link: Callable[[Rule], str]) -> str:
    """The stages, each with its rules linked to the rules browser (``link``), then the
    keywords with their labels (a stunned unit is the Stun keyword's), then the other states
    of a unit the engine plays, each with its rules."""

    def cited(numbers: list[str]) -> str:
        found = [rule for number in numbers if (rule := rules.get(number)) is not None]
        named = ", ".join(
            f'<a href="{markup.attribute(link(rule))}">{markup.text(rule.name(lang))}</a>'
            for rule in found
        )
        # The label's words around the links, where the language puts them ("Rules …").
        label = RULES(lang, len(found), rules="\ue003")
        before, after = markup.text(typeset(label, lang)).split("\ue003")
        return f'<span class="rb-cite">({before}{named}{after})</span>'

    items = "".join(
        f"<li><strong>{markup.text(typeset(stage.title(lang), lang))}.</strong> "
        f"{markup.text(typeset(stage.said(lang), lang))} {cited(stage_rules(stage))}</li>"
        for stage in STAGES
    )
    keywords = [rule for rule in rules if rule.number.is_keyword]
    described = "".join(
        f'<li><a href="{markup.attribute(link(rule))}">'
        f"{markup.text(' '.join(rule.paragraphs(lang)))}</a></li>"
        for rule in keywords
    )
    states = "".join(
        f"<li><strong>{markup.text(typeset(state.title(lang), lang))}.</strong> "
        f"{markup.text(typeset(state.said(lang), lang))} {cited(list(state.rules))}</li>"
        for state in UNIT_STATES
    )
    return (
        f'<div class="rb-summary"><ol class="rb-summary-stages">{items}</ol>'
        f"<h2>{markup.text(typeset(KEYWORDS(lang), lang))}</h2>"
        f"<p>{markup.text(typeset(KEYWORDS_INTRO(lang), lang))}</p>"
        f'<ul class="rb-summary-keywords">{described}</ul>'
        f"<h2>{markup.text(typeset(STATES(lang), lang))}</h2>"
        f'<ul class="rb-summary-states">{states}</ul></div>'
    )
