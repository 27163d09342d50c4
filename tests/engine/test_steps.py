"""The table of combat steps: every entry narrated, in every language, with every count.

``tests/golden/steps.txt`` holds each entry's rules and sentences for sample
values; any change to a step's rules, clauses or words shows there, and is
accepted by rewriting it (``make golden``) and reviewing the diff.
"""

from __future__ import annotations

import os
import re
from dataclasses import fields, is_dataclass, replace
from enum import Enum
from itertools import cycle
from pathlib import Path
from typing import Any, get_args, get_type_hints

import pytest

from engine.model import Board, Player, Trigger, Unit, Zone
from engine.narration import Names, narrate
from engine.steps import STEPS, Hit, Ordered, Ref, Replaced, Replacement, StepKind
from engine.trace import Snapshot, Step
from vocabulary import languages

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "steps.txt"
LANGUAGES = languages()

BOARD = Board(
    players={
        "red": Player("red", {"en": "Red", "fr": "Rouge"}),
        "blue": Player("blue", {"en": "Blue", "fr": "Bleu"}),
    },
    battlefield={"en": "the Hill", "fr": "la Colline"},
    controller="blue",
    scored_this_turn=set(),
    units={
        uid: Unit(uid, {"en": name, "fr": nom}, "red", "red", 3, Zone.BASE)
        for uid, name, nom in (("u1", "Scout", "Éclaireuse"), ("u2", "Guard", "Garde"))
    },
)


def sample(params: type, n: int, empty: frozenset[str] = frozenset()) -> Any:
    """``params`` filled with sample values: ``n`` sizes every list and number (0, 1, 2), the
    fields named in ``empty`` hold nothing; the players are Red, then Blue, then Red…"""
    hints = get_type_hints(params, include_extras=True)
    values: dict[str, Any] = {}
    players = cycle(["red", "blue"])
    for f in fields(params):
        hint = hints[f.name]
        ref = next((e for e in getattr(hint, "__metadata__", ()) if isinstance(e, Ref)), None)
        units = tuple(["u1", "u2"][: min(n, 2)])
        if ref is Ref.PLAYER:
            values[f.name] = next(players)
        elif ref is Ref.UNIT:
            values[f.name] = "u1"
        elif ref is Ref.UNITS:
            values[f.name] = units
        elif ref is Ref.ABILITY:
            values[f.name] = ("u1", 0)
        elif ref is Ref.ABILITIES:  # n=2: a unit with two abilities in the list, numbered
            one = (("u1", 0),) if params is not Ordered else (("u1", 1), ("u1", 2))  # an order: 2+
            values[f.name] = ((), one, (("u1", 2), ("u2", 0), ("u1", 1)))[n]
        elif ref is Ref.PLAYED_AT:
            values[f.name] = Zone.BASE
        elif ref is Ref.SENT_TO:
            values[f.name] = Zone.HAND
        elif hint is bool:  # both ways: n=1 true, n=2 false
            values[f.name] = n % 2 == 1
        elif hint is Trigger:
            values[f.name] = Trigger.DIES
        elif Hit in get_args(hint):
            values[f.name] = (
                Hit("u1", n, 0, n),
                Hit("u2", n + 1, 1, n),
                Hit("u1", 2, 2, 0),
                Hit("u2", 0, 0, 0),
            )
        elif Replaced in get_args(hint):
            # One replaced death of each kind (what it did to the unit's death ability).
            kinds = zip(cycle(units), Replacement) if units else ()
            values[f.name] = tuple(Replaced(u, Zone.HAND, how) for u, how in kinds)
        elif (
            get_args(hint)
            and is_dataclass(record := get_args(hint)[0])
            and isinstance(record, type)
        ):
            values[f.name] = tuple(sample(record, n) for _ in units)  # records of a step
        elif isinstance(hint, type) and issubclass(hint, Enum):
            values[f.name] = next(iter(hint))
        else:
            values[f.name] = n
        if f.name in empty:
            values[f.name] = type(values[f.name])()
    return params(**values)


def clause_fields(kind: StepKind) -> frozenset[str]:
    return frozenset(c.field for c in kind.clauses)


def step_of(kind: StepKind, n: int, empty: frozenset[str] = frozenset()) -> Step:
    """A sample step of ``kind``; the clause fields named in ``empty`` hold nothing."""
    params = sample(kind.params, n, empty)
    return Step(f"sample-{n}", "sample", kind, params, Snapshot((), None, (), (), 0))


def step_with_clauses_at(kind: StepKind, n: int, clause_n: int) -> Step:
    """A sample step of ``kind`` whose counted field is sized ``n`` and whose clauses' fields
    are sized ``clause_n``: a clause's plural counted on the wrong field reads wrong here."""
    params = sample(kind.params, n)
    fields_at = sample(kind.params, clause_n)
    params = replace(params, **{c.field: getattr(fields_at, c.field) for c in kind.clauses})
    return Step(f"sample-{n}-{clause_n}", "sample", kind, params, Snapshot((), None, (), (), 0))


def golden_text() -> str:
    """Each entry with every clause, with none, and (where it has several) with each alone:
    a clause's rules show even where another clause cites them too. Where an entry counts one
    field and a clause another, also with the two of different sizes (1 and 2, 2 and 1)."""
    names = Names(BOARD)
    out = []
    for kind in STEPS.values():
        every = clause_fields(kind)
        variants: list[tuple[int, frozenset[str], str]] = [
            (1, frozenset(), ""),
            (2, frozenset(), ""),
        ]
        if every:
            variants.append((1, every, ", no clause"))
        if len(every) > 1:
            variants += [(1, every - {c.field}, f", only {c.field}") for c in kind.clauses]
        samples = [(step_of(kind, n, empty), f"n={n}{said}") for n, empty, said in variants]
        if kind.count and kind.count not in every and any(c.text for c in kind.clauses):
            samples += [
                (step_with_clauses_at(kind, n, 3 - n), f"n={n}, clauses at n={3 - n}")
                for n in (1, 2)
            ]
        for step, label in samples:
            quiet = " (quiet: applied, changed nothing)" if step.quiet else ""
            out.append(f"[{kind.key} {label}] rules: {', '.join(step.rules)}{quiet}")
            out += [f"  {lang}: {narrate(step, lang, names)}" for lang in LANGUAGES]
    return "\n".join(out) + "\n"


def test_the_table_reads_as_the_golden_file() -> None:
    text = golden_text()
    if os.environ.get("RIFTBOUND_UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8"), (
        "the step table changed: review with `make golden` and `git diff tests/golden`"
    )


@pytest.mark.parametrize("kind", list(STEPS.values()), ids=list(STEPS))
@pytest.mark.parametrize("n", [0, 1, 2])
def test_every_entry_narrates_in_every_language(kind: StepKind, n: int) -> None:
    names = Names(BOARD)
    step = step_of(kind, n)
    said = {lang: narrate(step, lang, names) for lang in LANGUAGES}
    for lang, text in said.items():
        assert text and "{" not in text and "}" not in text, (lang, text)
    assert len(set(said.values())) == len(said), "a language says it in another's words"
    french = said.get("fr", "")
    # French plurals: 0 and 1 are singular, 2 and more plural; never "1 dégâts" or "2 dégât".
    assert not re.search(r"\b[01]\s+dégâts\b", french) and not re.search(
        r"\b[2-9]\s+dégât\b", french
    )
    assert not re.search(r" [:;!?»]|« ", french), "a breakable space before : ; ! ? » or after «"
    assert "'" not in french, "a straight apostrophe in French prose"


@pytest.mark.parametrize("kind", [k for k in STEPS.values() if k.clauses], ids=lambda k: k.key)
def test_a_clause_adds_its_sentence_and_its_rules_only_when_it_applies(kind: StepKind) -> None:
    names = Names(BOARD)
    plain, full = step_of(kind, 2, clause_fields(kind)), step_of(kind, 2)
    assert plain.rules == kind.rules
    clauses = [n for c in kind.clauses for n in c.rules if n not in kind.rules]
    assert full.rules[: len(kind.rules)] == kind.rules
    assert set(clauses) <= set(full.rules)
    assert len(narrate(full, "en", names)) > len(narrate(plain, "en", names))


def test_a_replaced_death_cites_808_1_d_1_only_where_it_removes_the_death_ability() -> None:
    kill = STEPS["kill"]
    for how in Replacement:
        step = step_of(kill, 1)
        step = step._replace(params=type(step.params)(("u2",), (Replaced("u1", Zone.HAND, how),)))
        assert ("808.1.d.1" in step.rules) is (how is Replacement.REMOVES_TRIGGER), how
        assert "367" in step.rules


def test_a_clause_counts_its_own_field_not_the_steps() -> None:
    """Two units die, one death ability is recorded (the resolution step's main example has
    three and one): the step says the units in the plural, the clause the ability singular."""
    kind = STEPS["death-triggers"]
    step = step_of(kind, 2)
    step = step._replace(params=type(step.params)(("u1", "u2"), ("u1",)))
    names = Names(BOARD)
    assert narrate(step, "en", names) == (
        "Step 3a: Scout and Guard have lethal damage. The death ability of Scout is recorded "
        "with its last known information, before the card moves; it waits for the chain."
    )
    assert narrate(step, "fr", names) == (
        "Étape 3a\u00a0: les unités Éclaireuse et Garde ont des dégâts mortels. La compétence de mort "
        "de l’unité Éclaireuse est conservée avec les dernières informations connues de la "
        "carte, avant que celle-ci ne quitte le plateau\u202f; elle attend d’aller sur la chaîne."
    )
