"""The words the code composes, in both languages: the reader's value as typed, numbers as the
language writes them, a plural wherever a count shows, the first of a month, excerpts cut at
a word, refusals that agree with any field."""

from __future__ import annotations

import pytest

from diagnostics import Said
from engine import ProblemsFound, parse_scenario
from engine import refusals as R
from tests.engine.builders import scenario_yaml, unit
from vocabulary import Message, excerpt, long_date, message, number, say, typeset
from vocabulary.prose import refusal_faults
from worked_examples.catalogue import WHY_NO_RESULT

TYPED = "ID invalide! l'an : « x » -1"


def said(refusal: Message, lang: str, **params: object) -> str:
    return say(Said(refusal.context, tuple(params.items())), lang)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "refusal", [R.NOT_AN_ID, R.NOT_A_NUMBER, R.UNKNOWN_PLAYER_OR_UNIT, R.NEGATIVE, R.NOT_WHOLE]
)
def test_a_refusal_gives_back_the_readers_value_exactly_as_typed_in_quotes(
    refusal: Message,
) -> None:
    assert f"'{TYPED}'" in said(refusal, "en", value=TYPED, suggestion="")
    french = said(refusal, "fr", value=TYPED, suggestion="")
    assert f"«\u00a0{TYPED}\u00a0»" in french
    assert typeset(TYPED, "fr") != TYPED  # what typography would have made of it


def test_a_value_is_quoted_as_the_file_types_it_not_as_yaml_reads_it() -> None:
    text = scenario_yaml([unit("attacker", "red", 4, "base"), unit("defender", "blue", 3)], [])
    text = text.replace("might: 4", "might: 4.50").replace("move: []", "move: [attacker]")
    with pytest.raises(ProblemsFound) as raised:
        parse_scenario(text, "bad.yml")
    [problem] = raised.value.problems
    assert problem.message == "units.0.might: must be a whole number (got '4.50')"
    assert say(problem.said, "fr") == "doit être un nombre entier (ici\u00a0: «\u00a04.50\u00a0»)"  # type: ignore[arg-type]


def test_a_number_of_ours_has_a_minus_sign_and_its_digits_grouped() -> None:
    assert [number(n, "fr") for n in (-3, 1234, 20000, 1_000_000)] == [
        "\u22123",
        "1234",
        "20\u202f000",
        "1\u202f000\u202f000",
    ]
    assert [number(n, "en") for n in (-3, 20000)] == ["\u22123", "20,000"]
    probe = message("list:and", "{items} and {last}")  # a message of the catalogs
    assert probe("fr", items=-2, last=20000) == "\u22122 et 20\u202f000"


@pytest.mark.parametrize(
    ("refusal", "one", "two"),
    [
        (R.TOO_DEEP, "plus de 1 niveau)", "plus de 2 niveaux)"),
        (R.TOO_LONG, "ne doit pas dépasser 1 caractère", "ne doit pas dépasser 2 caractères"),
        (
            R.TOO_MANY,
            "ne doit pas compter plus de 1 élément",
            "ne doit pas compter plus de 2 éléments",
        ),
        (R.TOO_LARGE, "1 caractère,", "2 caractères,"),
        (R.NUMBER_TOO_LONG, "(1 caractère,", "(2 caractères,"),
    ],
)
def test_a_refusal_that_counts_says_one_and_two_as_french_does(
    refusal: Message, one: str, two: str
) -> None:
    assert one in said(refusal, "fr", count=1, limit=100)
    assert two in said(refusal, "fr", count=2, limit=100)
    assert said(refusal, "en", count=1, limit=100) != said(refusal, "en", count=2, limit=100)


def test_the_ruling_of_one_attacker_recalled_says_one() -> None:
    why = next(iter(WHY_NO_RESULT.values()))
    assert why("fr", 1) == "Un attaquant a été rappelé à l’étape 3d du nettoyage de combat."
    assert why("fr", 2).startswith("Des attaquants ont été rappelés")
    assert why("en", 1).startswith("An attacker was recalled")


@pytest.mark.parametrize("refusal", [R.NEGATIVE, R.NOT_WHOLE, R.TOO_LONG, R.EMPTY_TEXT, R.TOO_MANY])
@pytest.mark.parametrize("field", ["Puissance", "Score", "Légende", "Identifiant"])
def test_a_refusal_after_a_field_of_either_gender_needs_no_agreement(
    refusal: Message, field: str
) -> None:
    body = said(refusal, "fr", value="-1", count=3)
    assert list(refusal_faults(body, "fr")) == [], body
    placed = R.PLACED("fr", place=field, problem=body)
    assert placed.startswith(f"{field}\u00a0: ") and body[0].islower()


def test_the_first_of_a_month_is_1er_in_french_only() -> None:
    assert long_date("2026-12-01", "fr") == "1er décembre 2026"
    assert long_date("2026-12-11", "fr") == "11 décembre 2026"
    assert long_date("2026-12-01", "en") == "December 1, 2026"


def test_an_excerpt_is_cut_at_a_word_with_no_mark_before_the_ellipsis() -> None:
    text = "À la fin du tour de chaque joueur. Voir la règle 317.2, Phase de fin, pour plus d’informations."
    cut = excerpt(text, 90)
    assert cut == "À la fin du tour de chaque joueur. Voir la règle 317.2, Phase de fin, pour plus…"
    assert excerpt("Voir la règle 317.2, Phase de fin, pour", 30) == "Voir la règle 317.2, Phase…"
    assert excerpt("court", 90) == "court"
