"""Every message that counts something agrees with its number, in every language (0, 1, 2)."""

from __future__ import annotations

import re

import pytest

import docset.build
import docset.interface  # noqa: F401
from vocabulary import Message, languages, messages

COUNTED = [m for m in messages() if m.plural is not None]
# French nouns the site counts: singular for 0 and 1, plural from 2.
NOUNS = ("dégât", "point", "étape", "valeur", "unité", "règle", "compétence")
WRONG = re.compile(
    r"\b[01] (?:" + "|".join(f"{n}s" for n in NOUNS) + r")\b"
    r"|\b(?:[2-9]|\d{2,}) (?:" + "|".join(NOUNS) + r")\b"
)


def sample(message: Message, count: int) -> dict[str, object]:
    return {name: f"<{name}>" for name in message.placeholders if name != "count"}


@pytest.mark.parametrize("message", COUNTED, ids=[m.context for m in COUNTED])
def test_a_counted_message_agrees_with_its_number(message: Message) -> None:
    assert len(COUNTED) > 15
    for lang in languages():
        for count in (0, 1, 2, 1_000_000):
            said = message(lang, count, **sample(message, count))
            assert "{" not in said, (lang, count, said)
            if lang == "fr":
                assert not WRONG.search(said.replace("\u202f", " ").replace("\u00a0", " ")), said


def test_french_counts_0_and_1_as_singular_and_2_as_plural() -> None:
    damage = next(m for m in COUNTED if m.context == "board:damage")
    assert [damage("fr", n) for n in (0, 1, 2)] == ["0 dégât", "1 dégât", "2 dégâts"]
    assert [damage("en", n) for n in (0, 1, 2)] == ["0 damage", "1 damage", "2 damage"]
