"""Data is data: a hostile value in every data field reaches the site as text, never as markup.

Two copies of the site are built: one whose every data field (rule texts,
labels, notes and example paragraphs in both rules files; scenario titles,
captions, player, battlefield and unit names in both languages; every
translation of the French catalog, the site's name and titles included) holds a
hostile value, and one holding harmless words in the same places. The catalog
check refuses markup in a translation: it is let through here, to prove the
escaping holds without it. Both are built in this process (the catalog is the
installed package's: it is swapped for the build's time). Escaped
data changes only text, so both builds must have the same elements with the
same attributes on every page; and the hostile text must read literally
wherever it lands: footnotes (which Material's tooltips show), the rules
browser, the search index, the worked examples and their board data, and the
print edition (Chromium prints the hostile pages; the harmless build's pages link an edition
of its own as every build does, whose content no test reads: a stand-in for the printer makes
it). Neither build compiles Pyodide's standard library under Node.js (as ``mkdocs serve``
does not): no test here reads the compiled library, and the start script every page loads is
compared without its content hash.
Scenario and rule ids cannot carry markup: the schema and the rule-number
syntax refuse it (tested in test_bad_input.py). Both values end with a
cross-reference in each language ("See rule 466."), which becomes a link
amid the escaped text.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import yaml
from babel.messages.pofile import read_po, write_po
from bs4 import BeautifulSoup, Tag
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config

import docset.build
import links
from browser_engine import pack
from browser_engine.pack import START
from docset import print_edition
from docset.pdf import Made
from docset.print_edition import Edition
from tests.fixtures.shared_build import made_once, worker_number
from tests.site.conftest import sandbox
from tests.site.test_print_edition import text_of
from vocabulary import catalogs

# Shows literally in full: at the start of a text, so the rules index (which cuts at 90
# characters) keeps it.
LITERAL = "R&D <b>bold</b> \"double\" 'single' *stars* _under_ &amp; 3 < 4"
MARKUP = (
    '<script>alert("data")</script> <img src=x onerror=alert(1)> '
    '"><svg onload=alert(2)> <a href="javascript:alert(3)">link</a> </script> '
    "<!-- comment --> &lt;escaped&gt; [[466.3.a]] `tick` See rule 466. Voir la règle 466."
)
HARMLESS_LITERAL = "RD bold double single stars under amp 3 4"
HARMLESS_MARKUP = (
    "script alert data img src x onerror svg onload link comment escaped 466 tick See rule 466. "
    "Voir la règle 466."
)
EDITION = "core-rules-1.4"
CONTENT_HASH = re.compile(rf"(?<={START})\.[0-9a-f]{{12}}\.js$")
RULE_LINE = re.compile(r"^(?P<number>\d{3}(?:\.[0-9a-z]+)*)\.\s+(?P<text>.*)$")


def hostile(field: str) -> str:
    return f"{LITERAL} {field} {MARKUP}"


def harmless(field: str) -> str:
    return f"{HARMLESS_LITERAL} {field} {HARMLESS_MARKUP}"


def fill_rules(project: Path, value: Callable[[str], str]) -> None:
    """Every rule text, label, note and further paragraph of both languages' files."""
    for lang in ("en", "fr"):
        file = project / "rules" / f"{EDITION}.{lang}.txt"
        out = []
        for line in file.read_text(encoding="utf-8").splitlines():
            rule = RULE_LINE.match(line)
            if rule:
                number, text = rule["number"], rule["text"]
                filled = value(f"rule-{number}-{lang}")
                out.append(
                    f"{number}. [{filled}]" if text.startswith("[") else f"{number}. {filled}"
                )
                out.append(f"  note: {value(f'note-{number}-{lang}')}")
            elif line.startswith(("  note:", "\tnote:")):
                continue  # one note per rule: the one written above
            elif line[:1] in (" ", "\t") and line.strip():
                out.append(f"  {value(f'paragraph-{lang}')}")
            else:
                out.append(line)
        file.write_text("\n".join(out) + "\n", encoding="utf-8")


def names_in(data: Any) -> Iterator[dict[str, Any]]:
    """Every mapping of a scenario that has a ``name`` (players, units, played units)."""
    if isinstance(data, dict):
        if "name" in data and "id" in data:
            yield data
        for value in data.values():
            yield from names_in(value)
    elif isinstance(data, list):
        for item in data:
            yield from names_in(item)


def fill_examples(project: Path, value: Callable[[str], str]) -> None:
    for file in sorted((project / "examples").glob("*.yml")):
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
        for key in ("title", "caption"):
            data[key] = {lang: value(f"{key}-{data['id']}-{lang}") for lang in ("en", "fr")}
        data["battlefield"]["name"] = {
            lang: value(f"battlefield-{data['id']}-{lang}") for lang in ("en", "fr")
        }
        for holder in names_in(data):
            holder["name"] = {lang: value(f"name-{holder['id']}-{lang}") for lang in ("en", "fr")}
        file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")


def fill_catalog(target: Path, value: Callable[[str], str]) -> Path:
    """The French catalog with every translation (every plural form) led by a value."""
    with catalogs.catalog_path("fr").open("rb") as file:
        catalog = read_po(file, locale="fr")
    for entry in catalog:
        # The word rule texts write before a cross-reference's number is matched, not shown.
        if entry.id and entry.context != "crossref:rule":
            field = f"catalog-{entry.context}"
            forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            filled = tuple(f"{value(field)} {form}" for form in forms)
            entry.string = filled if isinstance(entry.string, tuple) else filled[0]
    with target.open("wb") as file:
        write_po(file, catalog, width=0)
    return target


class StandInPrinter:
    """Makes each edition a few bytes without a browser: for the build whose print edition no
    test reads, and whose pages must still link one (as the hostile build's do)."""

    def __init__(self, chromium: Path, cache: Path | None = None, setting: str = "") -> None:
        pass

    def make(self, edition: Edition) -> Made:
        return Made(edition.lang, b"%PDF- a stand-in", False, 0.0, 0.0)

    def close(self) -> None:
        pass

    def prune(self) -> None:
        pass


def engine_assets_uncompiled(*args: Any, **kwargs: Any) -> pack.EngineAssets:
    """The in-browser engine as ``mkdocs serve`` packs it: no Pyodide under Node.js."""
    return pack.engine_assets(*args, **{**kwargs, "precompile": False})


LEAFLET = print_edition.leaflet


def unbounded_leaflet(*args: Any, **kwargs: Any) -> Edition:
    """The combat summary alone, on as many pages as it takes."""
    return dataclasses.replace(LEAFLET(*args, **kwargs), most_pages=0)


def build(project: Path, catalog: Path, printed: bool) -> Path:
    """``mkdocs build --strict`` in this process, the French words read from ``catalog``, the
    catalog check left out (it refuses markup in a translation); the print edition printed by
    Chromium if ``printed``, else by ``StandInPrinter``."""
    real = catalogs.catalog_path

    def path(lang: str, suffix: str = ".po") -> Any:
        return catalog if lang == "fr" and suffix == ".po" else real(lang, suffix)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(catalogs, "catalog_path", path)
        patch.setattr(docset.build, "catalog_problems", lambda *args, **kwargs: iter(()))
        patch.setattr("riftbound_mkdocs.plugin.engine_assets", engine_assets_uncompiled)
        if not printed:
            patch.setattr("riftbound_mkdocs.plugin.Printer", StandInPrinter)
        else:  # every word ten times the site's: the summary's one page is test_pdf's to hold
            patch.setattr(print_edition, "leaflet", unbounded_leaflet)
        catalogs.forget_compiled()
        try:
            config = load_config(str(project / "mkdocs.yml"), strict=True)
            config.plugins.on_startup(command="build", dirty=False)
            try:
                mkdocs_build(config)
            finally:
                config.plugins.on_shutdown()
        finally:
            catalogs.forget_compiled()
            catalogs._COMPILED_FROM.clear()
    return project / "site"


@pytest.fixture(scope="session")
def sites(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(hostile site, harmless site): the same sources but for the data fields' values. Each
    is built once per run (``made_once``); parallel workers start from different ends, so two
    workers build the two at once."""
    values = {"hostile": hostile, "harmless": harmless}

    def maker(name: str) -> Callable[[Path], None]:
        def make(folder: Path) -> None:
            project = sandbox(folder / "project", print_edition=True)
            fill_rules(project, values[name])
            fill_examples(project, values[name])
            catalog = fill_catalog(project / "catalog.po", values[name])
            build(project, catalog, printed=name == "hostile")

        return make

    order = list(values)
    if worker_number() % 2:
        order.reverse()
    built = {name: made_once(tmp_path_factory, f"{name}-site", maker(name)) for name in order}
    return built["hostile"] / "project" / "site", built["harmless"] / "project" / "site"


@cache
def soup_of(file: Path) -> BeautifulSoup:
    """A page of a built site, parsed once per process for every test that reads it (the tests
    only read what they parse)."""
    return BeautifulSoup(file.read_text(encoding="utf-8"), "html.parser")


def squash(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def pages(site: Path) -> list[Path]:
    found = sorted(site.rglob("*.html"))
    assert any(p.relative_to(site).parts[0] == "fr" for p in found) and len(found) > 20
    return found


def shape(soup: BeautifulSoup) -> list[tuple[str, tuple[str, ...]]]:
    """Each element's name and attribute names, in document order."""
    return [(tag.name, tuple(sorted(tag.attrs))) for tag in soup.find_all(True)]


def markup_from_data(soup: BeautifulSoup) -> list[str]:
    """Elements and attributes only data could have put there."""
    found = []
    for tag in soup.find_all(True):
        handlers = [name for name in tag.attrs if name.lower().startswith("on")]
        if handlers:
            found.append(f"<{tag.name} {' '.join(handlers)}>")
        if tag.name == "img" and tag.get("src") == "x":
            found.append("<img src=x>")
        href = str(tag.get("href", ""))
        if href.lower().startswith("javascript:"):
            found.append(f"<{tag.name} href={href}>")
        if tag.name == "script":
            code = tag.string or ""
            if tag.get("type") == "application/json":
                try:
                    json.loads(code)  # data inside stays inside: the element holds JSON only
                except ValueError:
                    found.append(f"<script type=application/json> not JSON: {code[:40]}")
            elif "alert(" in code:
                found.append(f"<script>{code[:40]}")
    return found


def test_no_element_attribute_or_script_comes_from_data(sites: tuple[Path, Path]) -> None:
    hostile_site, harmless_site = sites
    problems: list[str] = []
    for file in pages(hostile_site):
        where = file.relative_to(hostile_site).as_posix()
        soup = soup_of(file)
        problems += [f"{where}: {found}" for found in markup_from_data(soup)]
        twin = harmless_site / where
        if not twin.is_file():
            problems.append(f"{where}: not in the harmless build")
            continue
        ours, theirs = shape(soup), shape(soup_of(twin))
        if ours != theirs:
            extra = Counter(ours) - Counter(theirs)
            missing = Counter(theirs) - Counter(ours)
            problems.append(
                f"{where}: elements differ from the harmless build: "
                f"more {sorted(extra)[:4]} fewer {sorted(missing)[:4]}"
            )
    assert problems == []


def scripts(soup: BeautifulSoup) -> list[tuple[str, str, str]]:
    """Each script's address (the engine's start script without its content hash: the
    examples' text is part of its content), type and class."""
    return [
        (
            CONTENT_HASH.sub(".js", str(s.get("src", ""))),
            str(s.get("type", "")),
            " ".join(s.get_attribute_list("class")),
        )
        for s in soup.find_all("script")
    ]


def test_every_script_is_the_sites_own(sites: tuple[Path, Path]) -> None:
    hostile_site, harmless_site = sites
    for file in pages(hostile_site):
        where = file.relative_to(hostile_site).as_posix()
        assert scripts(soup_of(file)) == scripts(soup_of(harmless_site / where)), where


def footnote(soup: BeautifulSoup, number: str) -> Tag:
    note = soup.find("li", id=f"fn:rule-{number}")
    assert isinstance(note, Tag), f"no footnote for rule {number}: data broke the markup"
    return note


@pytest.mark.parametrize(("prefix", "lang"), [("", "en"), ("fr/", "fr")])
def test_a_rule_text_reads_literally_in_footnotes_and_their_tooltips(
    sites: tuple[Path, Path], prefix: str, lang: str
) -> None:
    """Material's tooltip shows the footnote's content: what the footnote says, it says."""
    soup = soup_of(sites[0] / f"{prefix}resolution-step.html")
    note = footnote(soup, "466.3.a")
    text = squash(note.get_text())
    assert squash(hostile(f"rule-466.3.a-{lang}")) in text
    # The cross-reference of the note's language is a link amid the escaped text; the
    # other language's reads as text.
    links = [(a.get_text(), a["href"]) for a in note.select("a.rb-rule-ref")]
    word = {"en": "rule", "fr": "règle"}[lang]
    assert links == [(f"{word} 466", "rules-browser/v1.4/400.html#rule-466")]
    label_page = soup_of(sites[0] / f"{prefix}glossary.html")
    assert squash(hostile(f"rule-327-{lang}")) in squash(footnote(label_page, "327").get_text())


@pytest.mark.parametrize(("prefix", "lang"), [("", "en"), ("fr/", "fr")])
def test_a_rule_text_reads_literally_in_the_rules_browser(
    sites: tuple[Path, Path], prefix: str, lang: str
) -> None:
    chapter = soup_of(sites[0] / f"{prefix}rules-browser/v1.4/400.html")
    heading = chapter.find(id="rule-466-3-a")
    assert isinstance(heading, Tag), "rule 466.3.a is not a heading: data broke the markup"
    body = heading.find_next("p")
    assert isinstance(body, Tag)
    assert squash(body.get_text()) == squash(hostile(f"rule-466.3.a-{lang}"))
    word = {"en": "rule", "fr": "règle"}[lang]
    links = [(a.get_text(), a["href"]) for a in body.select("a.rb-rule-ref")]
    assert links == [(f"{word} 466", "400.html#rule-466")]
    text = squash(chapter.get_text(" "))
    assert squash(hostile(f"note-466.3.a-{lang}")) in text
    assert squash(hostile("rule-327-" + lang)) in squash(
        soup_of(sites[0] / f"{prefix}rules-browser/v1.4/300.html").get_text(" ")
    )
    index = soup_of(sites[0] / f"{prefix}rules-browser/index.html")
    item = index.find("a", href=re.compile(r"#rule-188$"))
    assert isinstance(item, Tag), "rule 188 has no link in the index: data broke the markup"
    assert item.parent is not None, "rule 188's link has no parent element"
    line = squash(item.parent.get_text())
    assert line.startswith(f"188 {LITERAL}"), line


def search_docs(site: Path, prefix: str) -> list[dict[str, str]]:
    index = json.loads((site / prefix / "search" / "search_index.json").read_text("utf-8"))
    docs: list[dict[str, str]] = index["docs"]
    assert docs
    return docs


@pytest.mark.parametrize(("prefix", "lang"), [("", "en"), ("fr/", "fr")])
def test_a_rule_text_reads_literally_in_the_search_index(
    sites: tuple[Path, Path], prefix: str, lang: str
) -> None:
    """Material shows an entry's title and text as HTML: parsed, they read as the data."""
    docs = search_docs(sites[0], prefix)
    for doc in docs:
        for key in ("title", "text"):
            found = markup_from_data(BeautifulSoup(doc.get(key, ""), "html.parser"))
            assert found == [], (doc["location"], key, found)
    rule = next(
        d for d in docs if d["location"].endswith("rules-browser/v1.4/400.html#rule-466-3-a")
    )
    shown = squash(BeautifulSoup(rule["text"], "html.parser").get_text(" "))
    assert squash(hostile(f"rule-466.3.a-{lang}")) in shown
    example = next(d for d in docs if d["location"].endswith("#example-whole-combat"))
    title = squash(BeautifulSoup(example["title"], "html.parser").get_text(" "))
    assert squash(hostile(f"title-whole-combat-{lang}")) in title


@pytest.mark.parametrize(("prefix", "lang"), [("", "en"), ("fr/", "fr")])
def test_scenario_texts_read_literally_in_examples_and_every_steps_board(
    sites: tuple[Path, Path], prefix: str, lang: str
) -> None:
    soup = soup_of(sites[0] / f"{prefix}resolution-step.html")
    example = soup.find(id="example-whole-combat")
    assert isinstance(example, Tag), "no example whole-combat: data broke the markup"
    text = squash(example.get_text(" "))
    for field in ("title-whole-combat", "caption-whole-combat", "name-vanguard", "name-red"):
        assert squash(hostile(f"{field}-{lang}")) in text, field
    # Every board, drawn at build (before the combat, after each step that changed it): the
    # names read as written there too.
    boards = example.select(".rb-board")
    assert len(boards) > 5
    for board in boards:
        battlefield = board.select_one(".rb-battlefield .rb-zone-title")
        assert battlefield is not None
        assert squash(hostile(f"battlefield-whole-combat-{lang}")) in squash(battlefield.get_text())
    catalogue = soup_of(sites[0] / f"{prefix}worked-examples.html")
    assert squash(hostile(f"title-whole-combat-{lang}")) in squash(catalogue.get_text(" "))


# What a PDF can be made to do besides show its pages: run code, open files or programs, send.
PDF_ACTIONS = {"/JavaScript", "/JS", "/Launch", "/SubmitForm", "/ImportData", "/GoToR", "/GoToE"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_data_reads_literally_in_the_print_edition_and_gives_it_no_action(
    sites: tuple[Path, Path], lang: str
) -> None:
    file = sites[0] / links.print_edition(lang)
    text = text_of(file)
    for field in (f"rule-466.3.a-{lang}", f"title-whole-combat-{lang}", f"name-vanguard-{lang}"):
        assert squash(hostile(field)) in text, field
    found = []
    with pikepdf.open(file) as pdf:
        assert "/Names" not in pdf.Root or "/JavaScript" not in pdf.Root.Names
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary):
                kind = obj.get("/S")
                if (kind is not None and str(kind) in PDF_ACTIONS) or "/JS" in obj:
                    found.append(repr(obj)[:200])
                uri = obj.get("/URI")
                if uri is not None and not str(uri).startswith(("http://", "https://")):
                    found.append(f"URI {uri}")
    assert found == []


def test_the_catalogs_words_read_literally_in_the_frame_of_every_french_page(
    sites: tuple[Path, Path],
) -> None:
    """The site's name, the theme's controls, the notice and the generated pages' titles come
    from the catalog: in the header, the navigation, the footer, <title> and attributes."""
    name = squash(hostile("catalog-site:name"))
    french = [f for f in pages(sites[0]) if f.relative_to(sites[0]).parts[0] == "fr"]
    for file in french:
        soup = soup_of(file)
        where = file.relative_to(sites[0]).as_posix()
        if soup.find("meta", attrs={"name": "robots", "content": "noindex"}):
            # An old address's page, sending the reader on: no frame, a title from the catalog.
            assert soup.title is not None, where
            assert squash(hostile("catalog-addresses:title")) in squash(soup.title.get_text())
            assert markup_from_data(soup) == [], where
            continue
        header = soup.select_one(".md-header__topic .md-ellipsis")
        assert header is not None and squash(header.get_text()).startswith(name), where
        logo = soup.select_one("a.md-logo")
        assert logo is not None and squash(str(logo["aria-label"])).startswith(name), where
        assert soup.title is not None and name in squash(soup.title.get_text()), where
        notice = soup.select_one(".md-copyright__highlight")
        assert notice is not None
        assert squash(notice.get_text()).startswith(squash(hostile("catalog-site:copyright")))
    # A generated page's title, from its heading: its markup reads as written.
    status = soup_of(sites[0] / "fr" / "translation-status.html")
    assert status.title is not None
    said = 'catalog-status:title <script>alert("data")</script> <img src=x onerror=alert(1)>'
    assert said in squash(status.title.get_text())
