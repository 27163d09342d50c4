"""Every word a French reader meets is French: no English interface word on any French page.

The English words looked for are the interface's own: every message of the
site's catalog and every string of Material's English theme whose French
differs. Each French page is loaded in Chromium (the theme's JavaScript adds
words too); its text and its title, aria-label, placeholder and alt
attributes are read, except code and anything marked as another language
(quoted English rule texts carry lang="en").
"""

from __future__ import annotations

import re
from pathlib import Path

import material
import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Page

from vocabulary import catalog_path

# Names that are the same in both languages.
ALLOWED = {"Riftbound", "Vendetta", "Riot Games"}
THEME = Path(material.__file__).parent / "templates" / "partials" / "languages"
ENTRY = re.compile(r'^\s*"([^"]+)":\s*"((?:[^"\\]|\\.)*)",?$', re.M)

COLLECT = """() => {
  const inFrench = el => { const l = el.closest('[lang]'); return !l || l.lang.startsWith('fr'); };
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (el && !el.closest('code, pre, kbd, samp, script, style, template') && inFrench(el))
      out.push(walker.currentNode.textContent);
  }
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]'))
    if (inFrench(el))
      for (const name of ['title', 'aria-label', 'placeholder', 'alt'])
        if (el.hasAttribute(name)) out.push(el.getAttribute(name));
  out.push(document.title);
  return out;
}"""


def fragments(text: str) -> list[str]:
    """A template's runs of words (between placeholders and punctuation) worth looking for."""
    runs = re.findall(r"[A-Za-z']+(?: [A-Za-z']+)*", re.sub(r"\{[^}]*\}", ",", text))
    return [run for run in runs if len(run.split()) >= 2 or len(run) >= 5]


def english_interface_words() -> set[str]:
    found: set[str] = set()
    with catalog_path("fr").open("rb") as file:
        for entry in read_po(file, locale="fr"):
            if not entry.id:
                continue
            english = [entry.id] if isinstance(entry.id, str) else list(entry.id)
            assert entry.string is not None, f"{entry.id!r} has no msgstr in the French catalog"
            french = " ".join([entry.string] if isinstance(entry.string, str) else entry.string)
            found |= {f for text in english for f in fragments(text) if f not in french}
    theme = {
        lang: dict(ENTRY.findall((THEME / f"{lang}.html").read_text(encoding="utf-8")))
        for lang in ("en", "fr")
    }
    for key, english_text in theme["en"].items():
        if theme["fr"].get(key) != english_text and key not in ("language", "direction"):
            found |= set(fragments(english_text))
    return {word for word in found if word not in ALLOWED}


@pytest.fixture(scope="module")
def english_words() -> re.Pattern[str]:
    words = sorted(english_interface_words(), key=len, reverse=True)
    assert len(words) > 100
    return re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b")


def test_no_english_interface_word_on_any_french_page(
    page: Page, built_site: Path, file_root: str, english_words: re.Pattern[str]
) -> None:
    french_pages = sorted(
        p.relative_to(built_site).as_posix() for p in (built_site / "fr").rglob("*.html")
    )
    assert len(french_pages) >= 10
    found = []
    for path in french_pages:
        page.goto(file_root + path)
        page.wait_for_function("() => document.querySelector('.md-search__input') !== null")
        for text in page.evaluate(COLLECT):
            found += [
                f"{path}: {m.group(0)!r} in {text.strip()[:70]!r}"
                for m in english_words.finditer(text)
            ]
    assert found == []
