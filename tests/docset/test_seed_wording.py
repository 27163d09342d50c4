"""The French page on triggers is seed 003, word for word, apart from the changes its
translator's note lists: each sentence of the seed is on the page, once each listed change is
made, and each change is one the note names (its words and the page's, in « »)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import seed

PAGE = Path(__file__).resolve().parents[2] / "docs_fr" / "triggers-between-combat-stages.md"

# What the page writes instead of the seed: (the seed's words, the page's words, the words
# the translator's note quotes for the change).
CHANGES = (
    ("Le nettoyage tue", "Le nettoyage élimine", ("Le nettoyage tue", "élimine")),
    (
        "Les dégâts de combat tuent",
        "Les dégâts de combat éliminent",
        ("Les dégâts de combat tuent", "éliminent"),
    ),
    (
        "avant d’établir le contrôle",
        "avant de prendre le contrôle",
        ("avant d’établir le contrôle", "avant de prendre le contrôle"),
    ),
    ("Exemple - ", "Exemple. ", ("Exemple",)),
    ("Séquence - ", "Séquence. ", ("Séquence",)),
)
NOTE = re.compile(r'^!!! note "Note du traducteur"\n\n((?:    .*\n)+)', re.M)
CITATION = re.compile(r"\[\[[^\]]*\]\]")
SENTENCE = re.compile(r"(?<=[.!?»])\s+(?=[A-ZÀ-Ý«])")


def squashed(text: str) -> str:
    """Text as words: no-break spaces and line breaks as plain spaces, no bold."""
    return " ".join(text.replace("**", "").split())


def page_and_note() -> tuple[str, str]:
    text = PAGE.read_text(encoding="utf-8")
    note = NOTE.search(text)
    assert note, "the page has its translator's note"
    body = text[note.end() :]
    return squashed(CITATION.sub("", body)), squashed(note.group(1))


def test_every_sentence_of_seed_003_is_on_the_page_but_for_the_listed_changes() -> None:
    source = seed("003")
    title, _, text = source.partition("\n")
    for old, new, _ in CHANGES:
        assert old in text, f"the seed no longer has {old!r}: update CHANGES"
        text = text.replace(old, new)
    page, _ = page_and_note()
    assert PAGE.read_text(encoding="utf-8").count(f"# {title.strip()}\n") == 1
    sentences = [s for s in SENTENCE.split(squashed(text)) if s]
    assert len(sentences) > 25
    missing = [s for s in sentences if s not in page]
    assert missing == [], "sentences of seed 003 not on the page as the seed writes them"


def test_each_change_is_one_the_translator_s_note_names() -> None:
    _, note = page_and_note()
    for _, _, quoted in CHANGES:
        for words in quoted:
            assert f"« {words} »" in note, f"the translator's note does not name « {words} »"
