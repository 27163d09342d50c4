"""The "Translation status" page: every page pair, and whether the French follows the English."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

from docset import LANGUAGE_FOLDERS, DocSet

STATUS_PAGE = "translation-status.md"

TEXT = {
    "title": {"en": "Translation status", "fr": "État des traductions"},
    "intro": {
        "en": (
            "Every page exists in English and in French under the same file name, and both "
            "cite the same rules and embed the same worked examples, in the same order: the "
            "site does not build otherwise. What the build cannot check is whether a sentence "
            "changed in one language only; the dates below, from the project's history, show "
            "where a French page is older than its English original."
        ),
        "fr": (
            "Chaque page existe en anglais et en français sous le même nom de fichier, et les "
            "deux citent les mêmes règles et intègrent les mêmes exemples commentés, dans le "
            "même ordre : sinon, le site ne se construit pas. Ce que la construction ne peut "
            "pas vérifier, c'est si une phrase n'a changé que dans une langue ; les dates "
            "ci-dessous, tirées de l'historique du projet, signalent une page française plus "
            "ancienne que son original anglais."
        ),
    },
    "head": {
        "en": "| Page | English | French | Rules | Examples | State |\n| --- | --- | --- | --- | --- | --- |",
        "fr": "| Page | Anglais | Français | Règles | Exemples | État |\n| --- | --- | --- | --- | --- | --- |",
    },
    "in-step": {"en": "✓ in step", "fr": "✓ à jour"},
    "review": {"en": "French older: review it", "fr": "Français plus ancien : à relire"},
    "unknown": {"en": "—", "fr": "—"},
}


# (commit time in seconds, its date): the time orders changes, the date is shown.
Change = tuple[int, str]


def git_date(root: Path) -> Callable[[str], Change | None]:
    """When the last commit touching a file was made, or None outside a git checkout."""

    def last_change(path: str) -> Change | None:
        try:
            result = subprocess.run(
                ["git", "log", "-1", "--format=%ct %cs", "--", path],
                cwd=root,
                capture_output=True,
                text=True,
                timeout=10,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            return None
        seconds, _, date = result.stdout.strip().partition(" ")
        return (int(seconds), date) if seconds.isdigit() else None

    return last_change


def status_markdown(docs: DocSet, lang: str, last_change: Callable[[str], Change | None]) -> str:
    rows = []
    for english in docs.in_language("en"):
        french = docs.pages.get(("fr", english.path))
        if french is None:
            continue  # a missing twin fails the build before this page is drawn
        title = (english if lang == "en" else french).title.replace("|", "\\|")
        en = last_change(f"{LANGUAGE_FOLDERS['en']}/{english.path}")
        fr = last_change(f"{LANGUAGE_FOLDERS['fr']}/{french.path}")
        older = en is not None and fr is not None and fr[0] < en[0]
        state = TEXT["review" if older else "in-step"][lang]
        unknown = TEXT["unknown"][lang]
        en_date, fr_date = (en[1] if en else None), (fr[1] if fr else None)
        rules = len({r.value for r in english.rules()})
        examples = len(english.examples())
        rows.append(
            f"| [{title}]({english.path}) | {en_date or unknown} | {fr_date or unknown} "
            f"| {rules} | {examples} | {state} |"
        )
    parts = [f"# {TEXT['title'][lang]}", "", TEXT["intro"][lang], "", TEXT["head"][lang], *rows]
    return "\n".join(parts) + "\n"
