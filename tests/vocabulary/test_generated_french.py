"""Every French sentence the site generates, read as a judge would (``vocabulary.prose``).

The corpus is what the code composes, not a list of known sentences: every step of every
worked example under every order of its abilities, and its outcome and ruling; every entry
of the step table at 0, 1 and 2, with and without its clauses (``tests/engine/test_steps``);
the steps of random boards (``tests/engine/test_properties``); every refusal the engine has,
with values typography would change, alone and after field labels of either gender; every
line of the editor's form for every example and the blank board, and what the form says when
a reader types such values in its fields; every message of the catalog at the counts 1 and
2; the French rules browser as built (its excerpts, labels and notes) and long dates. Each text
is read for a phrase said twice, a term variant (``terminology.txt``), a capital after a
colon, a count or a list its words disagree with, a hyphen for a minus, « 1 » for « 1er », a
word cut before an ellipsis and the reader's values altered. A new step, refusal, field or
message is in the corpus as soon as it is in the code.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields, is_dataclass, replace
from functools import cache
from typing import Any, get_type_hints

import pytest
from babel.messages.pofile import read_po
from bs4 import BeautifulSoup
from hypothesis import HealthCheck, given, settings

from browser_engine import entry
from browser_engine.elements import Control
from browser_engine.form import blank_form, form_of, variation_of
from browser_engine.view import describe
from diagnostics import Named, Said, Term
from docset.terminology import load_terminology
from engine import Scenario, load_scenario
from engine import refusals as R
from engine.explore import every_order
from engine.fields import Kind
from engine.model import Board
from engine.narration import Names, narrate, outcome_sentence
from engine.steps import STEPS, Ref
from rulebook.browser import RulesBrowser, layout
from rulebook.versions import load_versions
from tests.conftest import ROOT
from tests.engine.test_properties import boards, play
from tests.engine.test_steps import BOARD, clause_fields, step_of, step_with_clauses_at
from vocabulary import Message, catalog_path, long_date, say
from vocabulary.prose import Fault, Lexicon, faults, refusal_faults, words_of
from worked_examples.catalogue import outcome_words
from worked_examples.verify import ExampleRun

LANG = "fr"
EXAMPLES = sorted((ROOT / "examples").glob("*.yml"))
# Keywords and names of the game and the web that keep their capital wherever they stand.
KEYWORDS = ("Réaction", "Agonie", "FEPR", "YAML", "JSON", "Riftbound", "Pyodide")
# A reader's values that typography would change if it touched them.
TYPED = ("ID invalide! l'an", "a : b ; c ?", "« x »", "-1", "4.50", "1 000")


@dataclass(frozen=True)
class Text:
    """A generated text: where it comes from, the names it may use (as a board names things),
    the reader's values it must give back as typed, and, for a refusal said after a field,
    its body (read for agreement with the field and for bounds)."""

    where: str
    text: str
    names: tuple[str, ...] = ()
    verbatim: tuple[str, ...] = ()
    refusal: str = ""
    shared: tuple[str, ...] = ()  # names several units bear: a list of them is not counted


@cache
def lexicon() -> Lexicon:
    """The French words the site writes: its catalog (every form), pages and rule texts."""
    with catalog_path(LANG).open("rb") as file:
        catalog = read_po(file)
    texts = [
        form
        for m in catalog
        if m.id
        for form in ([m.string] if isinstance(m.string, str) else list(m.string or ()))
        if isinstance(form, str)
    ]
    texts += [page.read_text("utf-8") for page in sorted((ROOT / "docs_fr").glob("*.md"))]
    texts += [file.read_text("utf-8") for file in sorted((ROOT / "rules").glob("*.fr.txt"))]
    return Lexicon.of(texts)


def board_names(board: Board) -> tuple[str, ...]:
    names = Names(board)
    said = [names.player(p, LANG) for p in board.players] + [names.battlefield(LANG)]
    said += [names.unit(u, LANG) for u in board.units]
    return tuple(dict.fromkeys([*said, *KEYWORDS]))


def shared_names(board: Board) -> tuple[str, ...]:
    """The names two units of ``board`` or more bear (a token played twice)."""
    said = [Names(board).unit(u, LANG) for u in board.units]
    return tuple(sorted({n for n in said if said.count(n) > 1}))


def read(texts: Iterable[Text]) -> list[str]:
    """Every fault of ``texts``, one line each: where, what, then the text."""
    variants = load_terminology(LANG)
    out = []
    for item in texts:
        found = faults(
            item.text,
            LANG,
            names=item.names,
            verbatim=item.verbatim,
            lexicon=lexicon(),
            shared=item.shared,
        )
        if item.refusal:
            found += refusal_faults(item.refusal, LANG)
        if variants is not None:
            found += [Fault("variant", f"{v} → {t}") for _, v, t in variants.variants(item.text)]
        out += [f"{item.where}: {fault}\n    {item.text}" for fault in found]
    return out


# -- steps ---------------------------------------------------------------------------------


def example_texts() -> Iterator[Text]:
    """Every step of every worked example under every order, its outcome and its ruling."""
    for file in EXAMPLES:
        scenario = load_scenario(file)
        for outcome in every_order(scenario):
            names, known = Names(outcome.board), board_names(outcome.board)
            for step in outcome.steps:
                yield Text(f"{file.stem} {step.id}", narrate(step, LANG, names), known)
            said = outcome_sentence(outcome.summary, LANG, names)
            yield Text(f"{file.stem} outcome", said, known)
            run = ExampleRun(scenario, outcome, (), file)
            yield Text(f"{file.stem} ruling", outcome_words(run, LANG), known)


# The samples' board, with units enough for each list of a step to name its own (a step's
# clauses name different units: its tanks are the enemy's, its stunned units its own…).
MANY = replace(
    BOARD,
    units={
        **BOARD.units,
        **{
            uid: replace(BOARD.units["u1"], id=uid, name={"en": name, "fr": nom})
            for uid, name, nom in (
                ("u3", "Herald", "Héraut"),
                ("u4", "Bomb", "Bombardier"),
                ("u5", "Archer", "Archère"),
                ("u6", "Sentinel", "Sentinelle"),
                ("u7", "Raider", "Pillarde"),
                ("u8", "Warden", "Gardienne"),
            )
        },
    },
)


def table_texts() -> Iterator[Text]:
    """Every entry of the step table at 0, 1 and 2, with and without its clauses, and with its
    clauses counted apart from its own count (the samples of ``tests/golden/steps.txt``,
    each record naming a unit or player of its own, each list its own units, as a real step's
    records and clauses do)."""
    names, known = Names(MANY), board_names(MANY)
    for kind in STEPS.values():
        every = clause_fields(kind)
        steps = [step_of(kind, n) for n in (0, 1, 2)] + [step_of(kind, 1, every)]
        steps += [step_of(kind, 1, every - {c.field}) for c in kind.clauses]
        steps += [step_with_clauses_at(kind, n, 3 - n) for n in (1, 2)]
        for step in steps:
            step = step._replace(params=lists_apart(one_record_each(step.params)))
            yield Text(f"step table {kind.key} {step.id}", narrate(step, LANG, names), known)


def lists_apart(params: Any) -> Any:
    """``params`` with each list of units naming units of its own (u1, u2 become u3, u4 in the
    second list, u5, u6 in the third…)."""
    hints = get_type_hints(type(params), include_extras=True)
    moved: dict[str, Any] = {}
    lists = 0
    for f in fields(params):
        extras = getattr(hints[f.name], "__metadata__", ())
        if Ref.UNITS in extras and getattr(params, f.name):
            shift = 2 * min(lists, 3)
            moved[f.name] = tuple(f"u{int(u[1:]) + shift}" for u in getattr(params, f.name))
            lists += 1
    return replace(params, **moved)


def one_record_each(params: Any) -> Any:
    """``params`` with, in each field of records, one record per unit or player (a sample
    cycles through kinds; a real step never replaces one unit's death twice)."""
    kept: dict[str, Any] = {}
    for f in fields(params):
        value = getattr(params, f.name)
        if isinstance(value, tuple) and value and is_dataclass(value[0]):
            first = fields(value[0])[0].name
            kept[f.name] = tuple({getattr(r, first): r for r in reversed(value)}.values())[::-1]
    return replace(params, **kept)


# -- refusals ------------------------------------------------------------------------------


class FieldVoice:
    """A form's voice: the field by ``label``, players and units by their names."""

    def __init__(self, label: str) -> None:
        self.label = label

    def place(self, at: Any, lang: str) -> str:
        return self.label

    def named(self, kind: str, id: str, lang: str) -> str:
        return {"red": "Rouge", "blue": "Bleu", "raider": "Pillarde rouge"}.get(id, id)

    def line(self, number: int, at: Any, lang: str) -> str:
        return self.label


SAMPLE_NAMES = ("Rouge", "Bleu", "Pillarde rouge", "Gardienne bleue")
# A field label of each gender, as the editor's form labels them.
LABELS = ("Unité 2 · Puissance", "Joueur 1 · Score", "Unité 1 · Identifiant (a-z, 0-9, -)")
# The parameters that hold what the reader wrote.
THEIRS = ("value", "key", "tag", "first", "second")


def refusal_messages() -> list[Message]:
    """Every refusal ``engine.refusals`` declares (a new one included, without listing it)."""
    found: dict[str, Message] = {}
    for value in vars(R).values():
        for item in value.values() if isinstance(value, dict) else [value]:
            if isinstance(item, Message) and item.context.startswith("problem:"):
                found.setdefault(item.context, item)
    return sorted(found.values(), key=lambda m: m.context)


def refusal_params(said: Message, value: str, count: int) -> dict[str, Any]:
    """Sample parameters: the reader's ``value`` wherever the refusal quotes one, names where
    it names a player or a unit, terms where it says one, ``count`` wherever it counts."""
    params: dict[str, Any] = {}
    for name in said.placeholders:
        if name in THEIRS and said is not R.MUST_BE_EITHER:
            params[name] = value
        elif name in ("player", "other", "first_player", "second_player"):
            params[name] = Named(Kind.PLAYER.value, "blue" if name == "other" else "red")
        elif name == "unit":
            params[name] = Named(Kind.UNIT.value, "raider")
        elif name == "zone":
            params[name] = Term("zone:trash")
        elif name in ("kind", "first", "second"):
            params[name] = Term(R.KINDS["string" if name == "second" else "integer"].context)
        elif name == "why":
            params[name] = Term(R.WHY_OCTAL.context)
        elif name == "suggestion":
            params[name] = Said(R.DID_YOU_MEAN.context, (("name", "might"),))
        elif name == "reason":
            params[name] = "expected a mapping"
        elif name == "word":
            params[name] = "none"
        elif name == "step":
            params[name] = "r1-chain-add-1"
        elif name == "code":
            params[name] = "0007"
        elif name in ("choices", "keys", "languages", "abilities", "groups"):
            params[name] = "a, b"
        else:  # a number: a count, a limit, a size, a line
            params[name] = count
    return params


def refusal_texts() -> Iterator[Text]:
    """Every refusal the engine has, alone and after a field, with each value typography
    would change, at the counts 1 and 2."""
    for said in refusal_messages():
        if said is R.PLACED:
            continue
        for value in TYPED:
            for count in (1, 2):
                params = refusal_params(said, value, count)
                theirs = tuple({str(params[n]) for n in THEIRS if isinstance(params.get(n), str)})
                what = Said(said.context, tuple(params.items()))
                yield Text(f"refusal {said.context}", say(what, LANG), SAMPLE_NAMES, theirs)
                for label in LABELS:
                    body = say(what, LANG, FieldVoice(label))
                    yield Text(
                        f"refusal {said.context} after {label!r}",
                        R.PLACED(LANG, place=label, problem=body),
                        (*SAMPLE_NAMES, label),
                        theirs,
                        refusal=body,
                    )


# -- the editor ----------------------------------------------------------------------------


@cache
def example_forms() -> dict[str, tuple[dict[str, Any], str]]:
    """Each example's variation form, and the blank board of "Ask the engine"."""
    forms = {
        f.stem: (variation_of(form_of(f.read_text("utf-8"), f.name)), "variation") for f in EXAMPLES
    }
    return {**forms, "blank": (blank_form(), "page")}


def editor_texts(name: str) -> Iterator[Text]:
    """Every line of the form ``name``, and what the form says when the reader types, in each
    of its number and text fields, values typography would change."""
    form, mode = example_forms()[name]
    view = describe(form, LANG, mode)
    known = (*KEYWORDS, *SAMPLE_NAMES, *names_of_form(form))
    for _, element in view.elements():
        yield Text(f"editor {name}: {element.key}", element.label, known)
    for control in (e for _, e in view.elements() if isinstance(e, Control)):
        typed = TYPED if control.kind == "number" else TYPED[:2] if control.kind == "text" else ()
        for value in typed:
            yield from refused(name, form, mode, control.key, value, known)


def names_of_form(form: dict[str, Any]) -> list[str]:
    found = [form["battlefield"]["name"]]
    found += [item["name"] for part in ("players", "units") for item in form.get(part, [])]
    return [n.get(LANG) or n.get("en", "") if isinstance(n, dict) else str(n) for n in found]


def bare(text: str) -> str:
    """``text`` without its typography: what typography changes, a value typed may not."""
    return re.sub(r"[\s'’«»\u2212-]", "", text)


def refused(
    name: str, form: dict[str, Any], mode: str, key: str, typed: str, known: tuple[str, ...]
) -> Iterator[Text]:
    request = {"action": "edit", "lang": LANG, "form": form, "mode": mode, "key": key}
    changed = json.loads(entry.handle(json.dumps({**request, "value": typed})))
    if not changed.get("ok"):
        return
    run = {"action": "run", "lang": LANG, "form": changed["form"], "mode": mode}
    for problem in json.loads(entry.handle(json.dumps(run))).get("problems", []):
        # Where the refusal says the value, it says it as typed.
        theirs = (typed,) if bare(typed) in bare(problem["text"]) else ()
        where = f"editor {name} {key}={typed!r}"
        yield Text(where, problem["summary"], known, theirs, refusal=problem["text"])


# -- the catalog and the rules browser ------------------------------------------------------

# Sample words for the catalog's placeholders: the count where it counts, else a name.
NUMBERS = frozenset(
    [
        "count",
        "n",
        "limit",
        "size",
        "assigned",
        "amount",
        "dealt",
        "prevented",
        "total",
        "might",
        "score",
        "points",
        "line",
        "first_line",
        "noticed",
        "length",
        "seconds",
        "done",
        "differ",
        "agree",
        "invalid",
        "page",
        "pages",
    ]
)
SAMPLE_WORDS = {
    "player": "Rouge",
    "winner": "Rouge",
    "loser": "Bleu",
    "unit": "Pillarde rouge",
    "target": "Pillarde rouge",
    "battlefield": "la Butte venteuse",
    "version": "v1.4",
    "rule": "466.3.a",
    "number": "466.3.a",
    "title": "L’élimination passe avant les soins",
}
# The samples that are names (a title is not one: it may not start after a colon).
SAMPLES = (*(v for k, v in SAMPLE_WORDS.items() if k != "title"), *KEYWORDS)


def catalog_texts() -> Iterator[Text]:
    """Every message of the catalog, at the counts 1 and 2, its other placeholders filled
    with a sample name or their own name."""
    with catalog_path(LANG).open("rb") as file:
        catalog = read_po(file)
    for found in catalog:
        if not found.id:
            continue
        text, plural = (found.id, None) if isinstance(found.id, str) else found.id
        said = Message(found.context or "", text, plural)
        for count in (1, 2):
            values: dict[str, object] = {
                name: count if name in NUMBERS else SAMPLE_WORDS.get(name, name)
                for name in said.placeholders - {"count"}
            }
            filled = said.fill(LANG, values, count)
            yield Text(f"catalog {said.context} ({count})", filled, SAMPLES)


def alike_forms() -> list[str]:
    """The plural messages whose French says 1 and 2 alike (the number aside) where the English
    says them differently: a translation that gave every form the plural's words."""

    def said(entry: Message, lang: str, count: int) -> str:
        values: dict[str, object] = {name: name for name in entry.placeholders - {"count"}}
        return re.sub(r"\d", "", entry.fill(lang, values, count))

    with catalog_path(LANG).open("rb") as file:
        catalog = read_po(file)
    alike = []
    for found in catalog:
        if found.id and not isinstance(found.id, str):
            entry = Message(found.context or "", found.id[0], found.id[1])
            english = said(entry, "en", 1) != said(entry, "en", 2)
            if english and said(entry, LANG, 1) == said(entry, LANG, 2):
                alike.append(f"{entry.context}: {said(entry, LANG, 1)}")
    return alike


def rules_texts() -> Iterator[Text]:
    """The French rules browser as built, but for the rules' translated text: each rule's
    excerpt in each version's index, each label, each editor's note (a paragraph each), the
    edition's line with its dates; and the first of every month as a long date."""
    browser = RulesBrowser(load_versions(ROOT / "rules", ("en", LANG)), LANG)
    for version in browser.versions:
        # Our translations follow the official text's wording, its repetitions included.
        translations = [
            " ".join(p.split()[:6])
            for rule in version.book
            if rule.quoted
            for p in rule.paragraphs(LANG)
        ]
        pages = [browser.index(version)]
        pages += [
            browser.chapter(version, part, {}, {})
            for c in version.book.chapters()
            for part in layout(version, c)
        ]
        for page in pages:
            soup = BeautifulSoup("".join([*page.inserts.values(), *page.parts]), "html.parser")
            for english in soup.select('[lang="en"]'):
                english.decompose()  # the official English text: not ours to read
            for item in soup.find_all(["p", "li"]):
                if item.find(["p", "li"]) is not None:
                    continue
                if item.name == "li" and item.a is not None:
                    item.a.decompose()  # the rule's number: an address, not a count
                said = " ".join(item.get_text(" ").split())
                if item.name == "li" or not any(said.startswith(t) for t in translations):
                    yield Text(f"rules browser v{version.name}", said, KEYWORDS)
    for month in range(1, 13):
        yield Text(f"date 2026-{month:02}-01", long_date(f"2026-{month:02}-01", LANG))


CORPORA = {
    "examples": example_texts,
    "step table": table_texts,
    "refusals": refusal_texts,
    "catalog": catalog_texts,
    "rules": rules_texts,
}


@pytest.mark.parametrize("corpus", list(CORPORA))
def test_every_generated_french_sentence_reads_as_a_judge_signs_it(corpus: str) -> None:
    texts = list(CORPORA[corpus]())
    assert len(texts) > 40
    problems = read(texts)
    assert not problems, f"{len(problems)} fault(s):\n" + "\n".join(problems[:40])


def test_every_plural_message_says_one_and_two_as_french_does() -> None:
    assert alike_forms() == []


@pytest.mark.parametrize("name", [*(f.stem for f in EXAMPLES), "blank"])
def test_every_line_of_the_editor_reads_as_a_judge_signs_it(name: str) -> None:
    texts = list(editor_texts(name))
    assert any(t.verbatim for t in texts), "no refusal quoted what the reader typed"
    problems = read(texts)
    assert not problems, f"{len(problems)} fault(s):\n" + "\n".join(problems[:40])


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(boards())
def test_every_step_of_a_random_board_reads_as_a_judge_signs_it(scenario: Scenario) -> None:
    outcome = play(scenario)
    names, known = Names(outcome.board), board_names(outcome.board)
    shared = shared_names(outcome.board)
    texts = [Text(s.id, narrate(s, LANG, names), known, shared=shared) for s in outcome.steps]
    said = outcome_sentence(outcome.summary, LANG, names)
    problems = read([*texts, Text("outcome", said, known, shared=shared)])
    assert not problems, "\n".join(problems)


def test_the_corpus_holds_every_step_kind_and_every_refusal() -> None:
    """A new entry of the step table, or a new refusal, is read without anyone listing it."""
    assert {t.where.split()[2] for t in table_texts()} == set(STEPS)
    refusals = {t.where.split()[1] for t in refusal_texts()}
    assert refusals == {m.context for m in refusal_messages()} - {R.PLACED.context}
    assert len(refusals) > 60


# -- the check finds what the issue found -----------------------------------------------------

NAMES = ("Bleu", "Rouge", "Héraut bleu", "Bombardier bleu", "Pillarde rouge", "Puissance")
# Each defect a French judge quoted in issue 34, as the site once said it: the check finds
# each by the rule that finds a new one like it.
QUOTED: list[tuple[str, str, tuple[str, ...], str]] = [
    (
        "the chain's order said twice",
        "Avant le résultat, les compétences en attente vont sur la chaîne\u00a0: la compétence de "
        "l’unité Héraut bleu, puis la compétence de l’unité Bombardier bleu. La dernière ajoutée "
        "se résout en premier. Bleu choisit l’ordre de ses compétences, comme l’indique le "
        "scénario\u00a0: la compétence de l’unité Héraut bleu, puis la compétence de l’unité "
        "Bombardier bleu.",
        (),
        "repeated",
    ),
    (
        "« en premier » twice",
        "Les deux joueurs ont des compétences en attente\u00a0: celles de Rouge vont sur la chaîne "
        "en premier, puis celles de Bleu, qui se résolvent donc en premier.",
        (),
        "repeated",
    ),
    (
        "assigner beside attribuer",
        "Rouge assigne 5 sur 5\u00a0: chaque camp assigne toute sa puissance.",
        (),
        "variant",
    ),
    (
        "the damage refusal's verb",
        "les unités de Bleu se voient assigner 9 en tout, mais la puissance des unités de Rouge "
        "est de 5\u00a0: chaque camp assigne toute sa puissance",
        (),
        "variant",
    ),
    (
        "one unit recalled, attackers in the plural",
        "Le combat se solde par «\u00a0aucun résultat\u00a0». Des attaquants ont été rappelés à "
        "l’étape 3d du nettoyage de combat. Contrôle\u00a0: Bleu → Bleu. Pas de conquête. Unité "
        "rappelée\u00a0: Pillarde rouge.",
        (),
        "participle",
    ),
    (
        "a limit read as a fact",
        "Unité 1 · Compétences\u00a0: compte au plus 8 éléments",
        (),
        "bound",
    ),
    ("the gender of a refusal", "Puissance\u00a0: ne doit pas être négatif", (), "agreement"),
    (
        "expect is not attendre",
        "l’unité Pillarde rouge est sur le plateau dès le départ\u00a0: elle existe donc toujours "
        "(attendez plutôt sa zone, sous units)",
        (),
        "variant",
    ),
    (
        "ordonner",
        "chaque joueur n’ordonne que ses propres compétences (raider est à Rouge, bomb à Bleu)",
        (),
        "variant",
    ),
    (
        "the reader's value typeset",
        "id\u00a0: «\u00a0'ID invalide\u202f! l’an'\u00a0» n’est pas un identifiant",
        ("ID invalide! l'an",),
        "altered value",
    ),
    (
        "two notes run together",
        "Note de l’équipe\u00a0: notre source cite ce texte sous la forme «\u00a0465.3. 2.\u00a0»"
        "\u00a0: l’élément numéroté 2 de la règle 465.3, dont elle ne donne pas le numéro complet. "
        "nous laissons le sigle FEPR tel quel",
        (),
        "lower case",
    ),
    ("the first of a month", "Relue le 1 décembre 2026", (), "date"),
    (
        "a capital after a colon",
        "Variante\u00a0: L’élimination passe avant les soins",
        (),
        "capital",
    ),
    ("an excerpt cut mid-word", "Voir la règle 317.2, Phase de fin, pour plus d’infor…", (), "cut"),
    ("a negative echoed with a hyphen", "doit valoir au moins 0 (ici\u00a0: -1)", (), "minus"),
    ("Riot Games twice", "ni approuvé par Riot Games ni affilié à Riot Games.", (), "repeated"),
    ("a count and its noun", "ne doit pas compter plus de 1 éléments", (), "count"),
    ("a label and its list", "Unités éliminées\u00a0: Pillarde rouge.", (), "label"),
]


@pytest.mark.parametrize(
    ("text", "verbatim", "kind"), [q[1:] for q in QUOTED], ids=[q[0] for q in QUOTED]
)
def test_the_check_finds_each_defect_the_issue_quoted(
    text: str, verbatim: tuple[str, ...], kind: str
) -> None:
    body = text.split("\u00a0: ", 1)[-1]
    found = read([Text("quoted", text, NAMES, verbatim, refusal=body)])
    assert any(f": {kind}: " in line for line in found), found


def test_the_check_passes_what_the_site_says_instead() -> None:
    fixed = [
        "Avant le résultat, les compétences en attente vont sur la chaîne\u00a0: la compétence de "
        "l’unité Héraut bleu, puis la compétence de l’unité Bombardier bleu. La dernière ajoutée "
        "se résout en premier. Bleu choisit l’ordre de ses compétences, comme l’indique le "
        "scénario.",
        "Total attribué par Rouge\u00a0: 5 sur 5 (chaque camp attribue toute sa puissance).",
        "Un attaquant a été rappelé à l’étape 3d du nettoyage de combat. Contrôle\u00a0: Bleu → "
        "Bleu. Pas de conquête. Unité rappelée\u00a0: Pillarde rouge.",
        "L’élimination passe avant les soins (variante)",
        "Relue le 1er décembre 2026",
    ]
    assert read(Text("fixed", text, NAMES) for text in fixed) == []
    said = say(Said(R.NEGATIVE.context, (("value", "-1"),)), LANG)
    assert read([Text("fixed", said, NAMES, ("-1",), refusal=said)]) == []


def test_a_word_is_read_through_elisions_and_hyphens() -> None:
    assert words_of("l’unité Avant-garde rouge, combat.trigger_order") == [
        "l",
        "unité",
        "avant-garde",
        "rouge",
        "combat.trigger_order",
    ]
