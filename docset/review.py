"""After a new version of the rules: what rests on a rule that changed since it was last checked.

Each place that cites rules records the version it was last checked against,
and the build lists what changed since, each once, at its file and line:

- a page's citations, against the page's ``rules_reviewed`` (front matter; the
  oldest version carried where a page does not say): each citation of a rule
  whose text changed, whose number changed, that was removed or added since;
- a worked example whose steps cite such a rule, against the pages showing it
  (the oldest of their ``rules_reviewed``: reviewing a page reviews its examples);
- a step of the engine's step table (``engine/steps.py``, its entries' rules and
  clauses) citing such a rule, against ``@engine-reviewed`` in ``rules/versions.txt``.

Those are problems: the build fails until the author has checked them and
bumped the version (the sign-off). A French rule text whose English changed
since it was translated (``translated-from:``) is listed too, but does not fail
the build: the translation is shown with a note saying so, beside the English
text, which prevails; the translation status page lists them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import engine.steps
from diagnostics import Problem, ProblemsFound, read_source
from docset.pages import DocSet, PageSource
from rulebook.book import Rule
from rulebook.numbering import RuleNumber, is_version
from rulebook.versions import DECLARATION, Fate, RuleVersions, Version
from vocabulary import SOURCE_LANGUAGE
from worked_examples.verify import Examples

STEP_TABLE = "engine/steps.py"  # as messages name it, wherever the engine is installed


def written_version(written: str) -> str | None:
    """``v1.4`` as a front matter writes a version: ``1.4`` (None: not written so)."""
    name = written.removeprefix("v")
    return name if written.startswith("v") and is_version(name) else None


def reviewed_version(page: PageSource, versions: RuleVersions) -> Version | None:
    """The version a page was last reviewed against: the oldest carried if it does not say;
    None if it names one the site does not carry or one after the current (a problem of its
    own, ``front_matter_problems``: its citations are then not checked against it)."""
    if page.rules_reviewed is None:
        return versions.oldest
    name = written_version(page.rules_reviewed[0])
    found = versions.get(name) if name is not None else None
    if found is None or versions.position(found) > versions.position(versions.current):
        return None
    return found


def front_matter_problems(docs: DocSet, versions: RuleVersions | None) -> Iterator[Problem]:
    """A page's ``rules_reviewed`` is written as v1.4 and (with ``versions``, when the rules
    load) names a version the site carries, not after the current."""
    carried = ", ".join(v.label for v in versions or ())
    for page in docs.pages.values():
        if page.rules_reviewed is None:
            continue
        written, line = page.rules_reviewed
        name = written_version(written)
        if name is None:
            yield Problem(
                page.display,
                line,
                f"front matter: rules_reviewed: {written!r} is not a version written as v1.4",
            )
            continue
        if versions is None:
            continue
        found, current = versions.get(name), versions.current
        if found is None:
            yield Problem(
                page.display,
                line,
                f"front matter: rules_reviewed: v{name} is not a version rules/{DECLARATION} "
                f"lists ({carried})",
            )
        elif versions.position(found) > versions.position(current):
            yield Problem(
                page.display,
                line,
                f"front matter: rules_reviewed: v{name} is after the current version, "
                f"{current.label}",
            )


def sign_off(current: Version) -> str:
    return f"then set rules_reviewed: {current.label} in its front matter"


def citation_advice(fate: Fate) -> str:
    if fate.removed_in is not None:
        return "cite the rule that replaces it, or remove the citation"
    if fate.successor is not None and fate.successor != fate.number:
        return f"cite [[{fate.successor}]] and check what the page says here"
    return "check what the page says here"


def since_words(fate: Fate, what: str) -> str:
    """', after v1.4, which this page was last reviewed against' (what: 'this page was')."""
    if fate.was is not None:  # "was 466.3.a in v1.4" names the version already
        return f", which {what} last reviewed against"
    return f", after {fate.since.label}, which {what} last reviewed against"


def citation_problems(docs: DocSet, versions: RuleVersions) -> Iterator[Problem]:
    """Each citation of a rule that changed since its page was last reviewed, once a line."""
    current = versions.current
    for page in docs.pages.values():
        since = reviewed_version(page, versions)
        if since is None or since is current:
            continue
        seen: set[tuple[int, str]] = set()
        for ref in page.rules():
            if (ref.line, ref.value) in seen:
                continue
            seen.add((ref.line, ref.value))
            fate = versions.fate(ref.value, since, current)
            if fate is None:
                continue
            yield Problem(
                page.display,
                ref.line,
                f"[{ref.value}] {fate.describe()}{since_words(fate, 'this page was')}: "
                f"{citation_advice(fate)}, {sign_off(current)}",
            )


def unknown_citation(page: PageSource, number: str, versions: RuleVersions) -> bool:
    """A citation of a number neither the current version nor the page's reviewed one has
    (a number only the reviewed one has is a change since: ``citation_problems``)."""
    reviewed = reviewed_version(page, versions)
    in_reviewed = reviewed is not None and number in reviewed.book
    return number not in versions.current.book and not in_reviewed


def example_versions(docs: DocSet, versions: RuleVersions) -> dict[str, Version]:
    """For each embedded example, the oldest version the pages showing it were reviewed
    against (none where one of them names a version the site does not carry)."""
    oldest: dict[str, Version] = {}
    for example_id, places in docs.embedded_examples().items():
        reviewed = [reviewed_version(page, versions) for page, _ in places]
        known = [v for v in reviewed if v is not None]
        if known and len(known) == len(reviewed):
            oldest[example_id] = min(known, key=versions.position)
    return oldest


def fates(numbers: Iterable[str], since: Version, versions: RuleVersions) -> list[Fate]:
    """What became of each of ``numbers`` (once each, in the rules' order) since ``since``."""
    found = (versions.fate(n, since, versions.current) for n in dict.fromkeys(numbers))
    return sorted((f for f in found if f is not None), key=lambda f: RuleNumber(f.number).sort_key)


def listed(found: list[Fate]) -> str:
    return "; ".join(f"{f.number} ({f.describe()})" for f in found)


def worked_example_problems(
    docs: DocSet, examples: Examples, versions: RuleVersions
) -> Iterator[Problem]:
    """Each example whose steps cite a rule that changed since its pages were reviewed."""
    current = versions.current
    for example_id, since in sorted(example_versions(docs, versions).items()):
        run = examples.runs.get(example_id)
        if run is None or since is current:
            continue
        found = fates((n for step in run.outcome.steps for n in step.rules), since, versions)
        if not found:
            continue
        scenario = run.scenario
        yield Problem(
            scenario.path,
            scenario.line_of("id"),
            f"[{example_id}] its steps cite rules changed after {since.label}, which the pages "
            f"showing it were last reviewed against: {listed(found)}. Check its title, caption "
            f"and expected outcome against them, then set rules_reviewed: {current.label} in "
            "those pages",
        )


def engine_step_problems(versions: RuleVersions) -> Iterator[Problem]:
    """Each step of the step table citing a rule that changed since ``@engine-reviewed``."""
    current, since = versions.current, versions.engine_reviewed
    if since is current:
        return
    lines = step_lines()
    for key, kind in engine.steps.STEPS.items():
        cited = [*kind.rules, *(n for clause in kind.clauses for n in clause.rules)]
        found = fates(cited, since, versions)
        if not found:
            continue
        entry_line, numbers = lines.get(key, (0, {}))
        line = min((numbers[f.number] for f in found if f.number in numbers), default=entry_line)
        yield Problem(
            STEP_TABLE,
            line,
            f"[{key}] cites {listed(found)}, after {since.label}, which the step table was last "
            f"checked against: check the step, then set @engine-reviewed: {current.name} in "
            f"rules/{DECLARATION}",
        )


def engine_numbers_changed(versions: RuleVersions) -> set[str]:
    """The step table's rule numbers that moved or went since ``@engine-reviewed``: each is
    reported at its step, not again as a rule the rules file lacks."""
    found = set()
    for kind in engine.steps.STEPS.values():
        for number in (*kind.rules, *(n for c in kind.clauses for n in c.rules)):
            fate = versions.fate(number, versions.engine_reviewed, versions.current)
            if fate is not None and fate.successor != number:
                found.add(number)
    return found


@cache
def step_lines() -> dict[str, tuple[int, dict[str, int]]]:
    """For each entry of the step table: the line of its ``entry(...)`` call, and of each rule
    number written in it (or in a module-level name it uses, such as a tuple of clauses).
    Empty if the source does not read or parse: steps are then reported at line 0."""
    path = Path(engine.steps.__file__)
    try:
        tree = ast.parse(read_source(path, STEP_TABLE))
    except (ProblemsFound, SyntaxError, ValueError):
        return {}
    assigned: dict[str, ast.expr] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    assigned[target.id] = statement.value
    found: dict[str, tuple[int, dict[str, int]]] = {}
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "entry"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            continue
        numbers: dict[str, int] = {}
        todo: list[ast.AST] = [node]
        names: set[str] = set()
        while todo:
            for sub in ast.walk(todo.pop()):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                    if RuleNumber.is_valid(sub.value):
                        numbers.setdefault(sub.value, sub.lineno)
                elif isinstance(sub, ast.Name) and sub.id in assigned and sub.id not in names:
                    names.add(sub.id)
                    todo.append(assigned[sub.id])
        found[node.args[0].value] = (node.lineno, numbers)
    return found


# -- translations ------------------------------------------------------------------


@dataclass(frozen=True)
class StaleTranslation:
    """A rule text of ``lang`` that translates an older version's English, since changed."""

    version: Version
    lang: str
    rule: Rule
    follows: Version  # the version whose English it translates
    changed_in: Version | None  # the last version that changed the English (None: added)
    path: str
    line: int

    def problem(self) -> Problem:
        what = (
            f"the English text changed in {self.changed_in.label}"
            if self.changed_in is not None
            else f"the English rule is new since {self.follows.label}"
        )
        return Problem(
            self.path,
            self.line,
            f"[{self.rule.number}] {what}; this translation follows {self.follows.label}'s: "
            f'revise it, then remove its "translated-from: {self.follows.name}" line',
        )


def stale_translations(versions: RuleVersions) -> list[StaleTranslation]:
    """Every translated rule text whose English changed since the version it translates."""
    found = []
    for version in versions:
        for lang, file in version.book.files.items():
            if lang == SOURCE_LANGUAGE:
                continue
            for rule in version.book:
                source = rule.translated_from(lang)
                follows = versions.get(source) if source else None
                if follows is None or versions.position(follows) >= versions.position(version):
                    continue  # not marked, or a problem of its own (rulebook.versions)
                before = versions.predecessor(rule.number.text, version, follows)
                changed_in: Version | None = None
                if before is not None:
                    fate = versions.fate(before, follows, version)
                    if fate is None or fate.changed_in is None:
                        continue  # the English it translates is still this one
                    changed_in = fate.changed_in
                entry = rule.entries[lang]
                found.append(
                    StaleTranslation(
                        version, lang, rule, follows, changed_in, file.path, entry.line
                    )
                )
    return found
