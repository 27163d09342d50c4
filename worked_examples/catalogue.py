"""The "All worked examples" page, read as rulings: each example's outcome in words, the rules
it turns on, where it is shown and its verdict, all derived from the engine's run; and a filter
by rule (``?rule=466.3.a``), which the rules browser links to.

Without JavaScript the page lists every example, and the filter's form reloads it with its
rule in the address; ``reading.js`` shows only the examples whose list of rules (``rb-rules``)
names the rule (the build wrote which they are: the script decides nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

import links
import markup
from engine import steps as S
from engine.narration import OUTCOME, Names, count_of, outcome_sentence
from rulebook.numbering import RuleNumber
from vocabulary import localized, message, plural_message
from worked_examples.render import verdict
from worked_examples.verify import ExampleRun

CATALOGUE_PAGE = "worked-examples.md"
# The address's parameter that names the rule the list is filtered by.
RULE_PARAMETER = "rule"

TITLE = message("catalogue:title", "All worked examples")
INTRO = message(
    "catalogue:intro",
    "Every worked example on this site is a scenario file that the engine plays when the site "
    "is built. Each scenario states the outcome it must reach, and the build fails if the engine "
    "reaches a different one, so each example below was verified when this site was built. Its "
    "steps and outcome are the engine's; its title and caption are written by hand.",
)
SHOWN_IN = message("catalogue:shown-in", "Shown in:")
NOT_SHOWN = message("catalogue:not-shown", "shown on no page")
TURNS_ON = message("catalogue:turns-on", "Rules it turns on:")
STEPS = plural_message("catalogue:steps", "{count} step", "{count} steps")
FILTER_LABEL = message("catalogue:filter-label", "Filter by rule:")
EVERY_RULE = message("catalogue:every-rule", "all rules")
FILTER = message("catalogue:filter", "Filter")
FILTERED = message("catalogue:filtered", "The worked examples whose steps apply rule {rule}.")
NONE_FILTERED = message("catalogue:none-filtered", "No worked example applies rule {rule}.")
SHOW_ALL = message("catalogue:show-all", "Show every example")
# Why a combat has No Result (466.3.d), by the engine's step that found it (counted as the
# step counts: one attacker recalled, or several).
WHY_NO_RESULT = {
    S.NO_RESULT_RECALLED.key: plural_message(
        "catalogue:why-recalled",
        "An attacker was recalled in step 3d of the Combat Cleanup.",
        "Attackers were recalled in step 3d of the Combat Cleanup.",
    ),
    S.NO_RESULT_BOTH.key: message(
        "catalogue:why-both", "Both players still have units at the battlefield."
    ),
    S.NO_RESULT_NEITHER.key: message(
        "catalogue:why-neither", "Neither player has units left at the battlefield."
    ),
}


class Shown(Protocol):
    @property
    def page(self) -> links.Page: ...

    @property
    def title(self) -> str: ...


def rules_applied(run: ExampleRun) -> tuple[str, ...]:
    """The rules an example turns on: those its non-quiet steps cite, in the rules' order."""
    steps = (step for step in run.outcome.steps if not step.quiet)
    numbers = {number for step in steps for number in step.rules}  # each once, then ordered
    return tuple(sorted(numbers, key=RuleNumber))


def outcome_words(run: ExampleRun, lang: str) -> str:
    """The run's outcome in words: who wins, control, the Conquer, killed and recalled units;
    for No Result, why (the engine's last result step)."""
    why = ""
    results = [step for step in run.outcome.steps if step.key in WHY_NO_RESULT]
    if results and run.outcome.summary.result.none:
        last = results[-1]
        why = WHY_NO_RESULT[last.key](lang, count_of(last.params, last.kind.count))
    return outcome_sentence(run.outcome.summary, lang, Names(run.outcome.board), why)


def filter_href(here: links.Page, to: links.Page, number: str) -> str:
    """The catalogue's address from ``here``, filtered to the examples applying rule ``number``
    (a rule number needs no escaping in an address)."""
    return f"{links.link(here, to)}?{RULE_PARAMETER}={RuleNumber(number).text}"


def catalogue_markdown(lang: str) -> str:
    return (
        f"# {markup.markdown_literal(TITLE(lang))}\n\n"
        f"{markup.markdown_literal(INTRO(lang))}\n\n{markup.placeholder('worked-examples')}\n"
    )


def catalogue_html(
    runs: Mapping[str, ExampleRun],
    lang: str,
    shown_in: Mapping[str, Sequence[Shown]],
    rule_name: Callable[[str], str] = str,
) -> str:
    """The filter, then every example as a ruling. Search skips both: each example has its
    own entry (``search_entries``). ``rule_name``: a rule as the reader names it (a keyword
    by its name in their language; default, its number)."""
    here = links.Page(lang, CATALOGUE_PAGE)
    applied = {example_id: rules_applied(run) for example_id, run in sorted(runs.items())}
    items = [
        ruling(here, run, applied[example_id], shown_in.get(example_id, ()), rule_name)
        for example_id, run in sorted(runs.items())
    ]
    every = sorted({RuleNumber(n) for numbers in applied.values() for n in numbers})
    return (
        rule_filter(every, lang, rule_name)
        + f'<ul class="rb-rulings" data-search-exclude>{"".join(items)}</ul>'
    )


def rule_filter(
    numbers: Iterable[RuleNumber], lang: str, rule_name: Callable[[str], str] = str
) -> str:
    """A form that reloads the page with a rule in its address; the status line ``reading.js``
    fills (its words, with the rule's place held for it)."""
    options = "".join(
        f'<option value="{n.text}">{markup.text(rule_name(n.text))}</option>' for n in numbers
    )
    templates = {
        "data-filtered": FILTERED(lang, rule="{rule}"),
        "data-none": NONE_FILTERED(lang, rule="{rule}"),
    }
    status = " ".join(f'{name}="{markup.attribute(text)}"' for name, text in templates.items())
    return (
        f'<form class="rb-rule-filter rb-screen" method="get" data-search-exclude>'
        f'<label for="rb-rule">{markup.text(FILTER_LABEL(lang))}</label> '
        f'<select id="rb-rule" name="{RULE_PARAMETER}">'
        f'<option value="">{markup.text(EVERY_RULE(lang))}</option>{options}</select> '
        f'<button type="submit">{markup.text(FILTER(lang))}</button></form>'
        f'<p class="rb-filter-status rb-screen" role="status" hidden {status}>'
        f'<span></span> <a href="?">{markup.text(SHOW_ALL(lang))}</a></p>'
    )


def ruling(
    here: links.Page,
    run: ExampleRun,
    rules: Sequence[str],
    pages: Sequence[Shown],
    rule_name: Callable[[str], str] = str,
) -> str:
    """One example: its title (linked where it is shown), its outcome, the rules it turns on
    (``reading.js`` filters by them), where it is shown, its steps and its verdict. Terse
    markup: at full size the list holds hundreds."""
    lang = here.lang
    title = markup.text(localized(run.scenario.title, lang))
    if pages:
        href = links.link(here, pages[0].page, links.example_anchor(run.id))
        title = f'<a href="{markup.attribute(href)}">{title}</a>'
    outcome = (
        f"<strong>{markup.text(OUTCOME(lang))}</strong> {markup.text(outcome_words(run, lang))}"
    )
    where = ", ".join(markup.text(p.title) for p in pages) or markup.text(NOT_SHOWN(lang))
    facts = " · ".join(
        [where, markup.text(STEPS(lang, len(run.outcome.steps))), markup.text(verdict(run, lang))]
    )
    names = [rule_name(number) for number in rules]
    # ``reading.js`` reads the rules from the list's words, which are their numbers; where a
    # keyword's name stands for its number (« Assaut »), from an attribute too.
    ids = "" if names == list(rules) else f' data-rules="{markup.attribute(" ".join(rules))}"'
    return (
        f'<li id="ruling-{markup.attribute(run.id)}"><p>{title}</p><p>{outcome}</p>'
        f'<p>{markup.text(TURNS_ON(lang))} <span class="rb-rules"{ids}>'
        f"{', '.join(markup.text(name) for name in names)}</span></p>"
        f"<p>{markup.text(SHOWN_IN(lang))} {facts}</p></li>"
    )
