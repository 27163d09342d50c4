"""The "Translation status" page: every page, and whether each translation follows its source;
and the rule texts whose translation follows an older version's English."""

from __future__ import annotations

import subprocess
from collections.abc import Mapping
from pathlib import Path

import links
import markup
from docset.pages import DocSet, folder_of
from docset.review import StaleTranslation
from vocabulary import SOURCE_LANGUAGE, language_name, long_date, message

STATUS_PAGE = "translation-status.md"

TITLE = message("status:title", "Translation status")
INTRO = message(
    "status:intro",
    "Every page exists in every language under the same file name, and each cites the same "
    "rules and embeds the same worked examples, in the same order: the site does not build "
    "otherwise. What the build cannot check is whether a sentence changed in one language "
    "only; the dates below, from the project's history, show where a translation is older "
    "than its English original.",
)
PAGE = message("status:page", "Page")
LANGUAGE = message("status:language-dates", "Last change ({language})")
RULES = message("status:rules", "Rules")
EXAMPLES = message("status:examples", "Examples")
STATE = message("status:state", "State")
IN_STEP = message("status:in-step", "✓ in step")
REVIEW = message("status:review", "Translation older: review it")
UNKNOWN = "—"
RULE_TRANSLATIONS = message("status:rule-translations", "Rule texts to revise")
RULE_TRANSLATIONS_INTRO = message(
    "status:rule-translations-intro",
    "These rule texts translate the English text of an older version, which has changed since. "
    "The rules browser and the footnotes show them with a note saying so, beside the English "
    "text, which prevails; the build lists each one at its line in the rules file.",
)
RULE = message("status:rule", "Rule")
TRANSLATION = message("status:translation", "Translation")
FOLLOWS = message("status:follows", "Version translated")
ENGLISH_CHANGED = message("status:english-changed", "English text changed in")
WHERE = message("status:where", "File")

# (commit time in seconds, its date): the time orders changes, the date is shown.
Change = tuple[int, str]


def git_dates(root: Path, folders: list[str]) -> dict[str, Change]:
    """When the last commit touching each file of ``folders`` was made, from one ``git log``
    (none outside a git checkout)."""
    try:
        result = subprocess.run(
            ["git", "log", "--format=%x00%ct %cs", "--name-only", "--", *folders],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return {}
    dates: dict[str, Change] = {}
    for commit in result.stdout.split("\0")[1:]:  # newest first
        head, _, files = commit.partition("\n")
        seconds, _, date = head.partition(" ")
        if not seconds.isdigit():
            continue
        for name in filter(None, files.splitlines()):
            dates.setdefault(name, (int(seconds), date))
    return dates


def git_commit(root: Path) -> tuple[str | None, bool]:
    """The commit the sources at ``root`` are checked out at (None outside a git checkout),
    and whether any of them differs from it."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        if head.returncode != 0 or not head.stdout.strip():
            return None, False
        status = subprocess.run(
            ["git", "status", "--porcelain", "--", "."],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None, False
    return head.stdout.strip(), bool(status.stdout.strip()) or status.returncode != 0


def status_table(docs: DocSet, lang: str, changes: Mapping[str, Change]) -> str:
    here = links.Page(lang, STATUS_PAGE)
    others = [other for other in docs.languages if other != SOURCE_LANGUAGE]
    head = [
        PAGE(lang),
        *(LANGUAGE(lang, language=language_name(code, lang)) for code in docs.languages),
    ]
    head += [RULES(lang), EXAMPLES(lang), STATE(lang)]
    rows = []
    for source in docs.in_language(SOURCE_LANGUAGE):
        shown = docs.get(lang, source.path) or source
        dates = {code: changes.get(f"{folder_of(code)}/{source.path}") for code in docs.languages}
        base = dates[SOURCE_LANGUAGE]
        older = base is not None and any(
            (date := dates[o]) is not None and date[0] < base[0] for o in others
        )
        cells = [
            f'<a href="{markup.attribute(links.link(here, shown.page))}">{markup.text(shown.title)}</a>',
            *(
                markup.text(long_date(date[1], lang) if date else UNKNOWN)
                for date in dates.values()
            ),
            str(len({r.value for r in source.rules()})),
            str(len(source.examples())),
            markup.text((REVIEW if older else IN_STEP)(lang)),
        ]
        rows.append(cells)
    return markup.table([markup.text(cell) for cell in head], rows)


def rule_translations_table(stale: list[StaleTranslation], lang: str) -> str:
    """Each translated rule text that follows an older English text, linked to the rule in its
    language's rules browser."""
    here = links.Page(lang, STATUS_PAGE)
    rows = []
    for item in stale:
        href = links.link(
            here,
            links.rule_page(item.lang, item.rule.number, item.version.at),
            item.rule.number.anchor,
        )
        number = f"{item.rule.number} ({item.version.label})"
        cells = [
            f'<a href="{markup.attribute(href)}">{markup.text(number)}</a>',
            markup.text(language_name(item.lang, lang)),
            markup.text(item.follows.label),
            markup.text(item.changed_in.label if item.changed_in else UNKNOWN),
            f"<code>{markup.text(f'{item.path}:{item.line}')}</code>",
        ]
        rows.append(cells)
    head = [
        markup.text(word(lang)) for word in (RULE, TRANSLATION, FOLLOWS, ENGLISH_CHANGED, WHERE)
    ]
    intro = f"<p>{markup.text(RULE_TRANSLATIONS_INTRO(lang))}</p>"
    return intro + markup.table(head, rows)


def status_markdown(lang: str, rule_translations: bool = False) -> str:
    """The page's Markdown; ``rule_translations``: with the section listing rule texts."""
    text = (
        f"# {markup.markdown_literal(TITLE(lang))}\n\n{markup.markdown_literal(INTRO(lang))}"
        f"\n\n{markup.placeholder('translation-status')}\n"
    )
    if rule_translations:
        text += (
            f"\n## {markup.markdown_literal(RULE_TRANSLATIONS(lang))}\n\n"
            f"{markup.placeholder('rule-translations')}\n"
        )
    return text
