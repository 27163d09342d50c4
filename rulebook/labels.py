"""Words the site shows around rule texts, in each language."""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "rule": {"en": "Rule", "fr": "Règle"},
    "open": {"en": "Open in the rules browser", "fr": "Ouvrir dans le navigateur de règles"},
    "unofficial": {
        "en": "",
        "fr": "Traduction non officielle ; le texte anglais fait foi.",
    },
    "not-quoted": {
        "en": "Wording not quoted by our sources; this is our label for the rule.",
        "fr": "Texte non cité par nos sources ; ceci est notre intitulé pour la règle.",
    },
    "note": {"en": "Editor's note", "fr": "Note de l'équipe"},
    "original": {"en": "Official English text", "fr": "Texte officiel anglais"},
    "cited-by": {"en": "Cited by", "fr": "Cité par"},
    "shown-in": {"en": "Applied in worked examples", "fr": "Appliquée dans les exemples commentés"},
    "not-cited": {"en": "Not cited by any page yet.", "fr": "Cité par aucune page pour l'instant."},
    "browser": {"en": "Rules browser", "fr": "Navigateur de règles"},
    "chapter": {"en": "Rules {start}–{end}", "fr": "Règles {start} à {end}"},
}


def label(key: str, lang: str) -> str:
    return LABELS[key][lang]
