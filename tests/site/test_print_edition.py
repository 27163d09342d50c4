"""The print edition of each language, as the real build writes it: read back as a reader's PDF
viewer and Debian's poppler-utils read it.

Its text holds every step of the whole combat as the engine narrates it, every footnote of
"The resolution step" with its rule's number and text, a table of contents whose numbers are
the pages its entries start on, the rules version, and no word of a screen control; its
internal links land on places in it; its fonts are embedded; it is tagged, in its language;
each language's is in its language only; the site links it with its real size.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import zipfile
from functools import cache
from pathlib import Path

import pikepdf
import pytest
from babel.messages.pofile import read_po
from bs4 import BeautifulSoup

import links
from browser_engine.words import WORDS
from docset.archive import archive
from docset.interface import TO_DARK, TO_LIGHT
from docset.print_edition import CONTENTS, size_text
from docset.summary import (
    INTRO,
    KEYWORDS,
    PDF,
    STAGES,
    STATES,
    SUMMARY_PAGE,
    TITLE,
    UNIT_STATES,
)
from engine import load_scenario, run_combat
from engine.narration import Names, narrate
from rulebook import load_rulebook
from rulebook.browser import SEARCH_HINT, edition_text, index_page
from rulebook.cite import OPEN
from tests.conftest import ROOT
from tests.site.test_build import footnotes
from tests.soup import attr, one
from vocabulary import typeset
from worked_examples.render import DOWNLOAD, FIRST, LAST, NEXT, PREVIOUS

LANGS = ("en", "fr")
MAX_BYTES = 3 * 1024 * 1024


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is missing: `make test` installs Debian's poppler-utils")
        pytest.skip(f"{name} is missing (apt-get install poppler-utils)")
    return found


def pdf_of(site: Path, lang: str) -> Path:
    file = site / links.print_edition(lang)
    assert file.is_file(), f"{file} was not written"
    return file


@cache
def text_of(file: Path, first: int = 0, last: int = 0) -> str:
    """The PDF's text as pdftotext reads it in the order it was written, white space squashed
    to single spaces, a word cut at a line's end after its hyphen joined again."""
    pages = [*(["-f", str(first)] if first else []), *(["-l", str(last)] if last else [])]
    done = subprocess.run(
        [tool("pdftotext"), "-raw", "-enc", "UTF-8", *pages, str(file), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    return re.sub(r"(?<=\w)- (?=\w)", "-", squash(done.stdout))


def squash(text: str) -> str:
    """White space as single spaces, none inside French quotes nor before French high
    punctuation: pdftotext reads a narrow no-break space as nothing, a no-break one as a space."""
    text = " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())
    return re.sub(r" (?=[;:!?»])|(?<=«) ", "", text)


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_of_the_whole_combat_reads_as_the_engine_narrates_it(
    built_site: Path, lang: str
) -> None:
    text = text_of(pdf_of(built_site, lang))
    outcome = run_combat(load_scenario(ROOT / "examples" / "whole-combat.yml"))
    names = Names(outcome.board)
    sentences = [squash(narrate(step, lang, names)) for step in outcome.steps]
    assert len(sentences) >= 10
    missing = [sentence for sentence in sentences if sentence not in text]
    assert missing == []
    # In order, after the page's own title: the stepper's steps, as the page lists them.
    start = text.index("Step through one whole combat" if lang == "en" else "Suivez ci-dessous")
    for sentence in sentences:  # each after the one before (a sentence may come twice)
        start = text.index(sentence, start) + len(sentence)


@pytest.mark.parametrize("lang", LANGS)
def test_every_footnote_of_the_resolution_step_reads_with_its_rule_number_and_text(
    built_site: Path, lang: str
) -> None:
    page = links.Page(lang, "resolution-step.md")
    soup = BeautifulSoup((built_site / page.output).read_text(encoding="utf-8"), "html.parser")
    notes = footnotes(soup)
    assert len(notes) == 20
    text = text_of(pdf_of(built_site, lang))
    rule = "Rule" if lang == "en" else "Règle"
    for number, body, _ in notes:
        assert squash(f"{rule} {number}. {body}") in text, number


@pytest.mark.parametrize("lang", LANGS)
def test_the_cover_states_the_rules_version_and_the_contents_give_each_pages_page_number(
    built_site: Path, lang: str
) -> None:
    file = pdf_of(built_site, lang)
    book = load_rulebook(ROOT / "rules", "core-rules-1.4", LANGS)
    assert squash(edition_text(book, lang)) in text_of(file, 1, 1)
    assert CONTENTS(lang) in text_of(file, 2, 2)
    entries = contents_entries(file)
    titles = [title for title, _, _ in entries]
    nav = ["index.md", "resolution-step.md", "glossary.md", index_page(lang).path]
    for path in nav:  # a page of the navigation, and the appendix (the rules browser)
        page = links.Page(lang, path)
        soup = BeautifulSoup((built_site / page.output).read_text("utf-8"), "html.parser")
        heading = squash(one(soup, "article h1").get_text()).removesuffix("¶").strip()
        assert any(title.startswith(heading) for title in titles), (heading, titles)
    assert len(entries) >= 30
    for title, printed, target in entries:
        assert printed == target, title  # the number printed is the page the link leads to
        assert squash(title)[:40] in text_of(file, target, target), (title, target)


def contents_entries(file: Path) -> list[tuple[str, int, int]]:
    """Each line of the table of contents: (its text, the number printed at its end, the page
    its link leads to), read from the link's own box on the page."""
    entries = []
    with pikepdf.open(file) as pdf:
        pages = {page.obj.objgen: n for n, page in enumerate(pdf.pages, start=1)}
        dests = {str(k): pages[v[0].objgen] for k, v in pdf.Root.Dests.items()}
        contents = range(2, dests["/p1"])  # after the cover, before the edition's first page
        assert contents, "no page of contents"
        for n in contents:
            page = pdf.pages[n - 1]
            height = float(page.mediabox[3])
            for annot in page.obj.get("/Annots", []):
                dest = annot.get("/Dest")
                if annot.get("/Subtype") != "/Link" or dest is None:
                    continue
                x1, y1, x2, y2 = (float(v) for v in annot.Rect)
                box = ["-x", str(int(x1)), "-y", str(int(height - y2))]
                box += ["-W", str(int(x2 - x1) + 1), "-H", str(int(y2 - y1) + 1)]
                line = subprocess.run(
                    [
                        tool("pdftotext"),
                        "-enc",
                        "UTF-8",
                        "-f",
                        str(n),
                        "-l",
                        str(n),
                        *box,
                        str(file),
                        "-",
                    ],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
                found = re.fullmatch(r"(.+?) (\d+)", squash(line))
                if found:
                    entries.append((found[1], int(found[2]), dests[str(dest)]))
    return entries


@pytest.mark.parametrize("lang", LANGS)
def test_no_screen_control_is_on_paper(built_site: Path, lang: str) -> None:
    text = text_of(pdf_of(built_site, lang))
    controls = [FIRST(lang), PREVIOUS(lang), NEXT(lang), LAST(lang), DOWNLOAD(lang), OPEN(lang)]
    controls += [TO_DARK(lang), TO_LIGHT(lang), SEARCH_HINT(lang, number="466.3.a")]
    controls += [WORDS[key](lang) for key in ("launch.try", "launch.open")]
    shown = [word for word in controls if squash(word) in text]
    assert shown == []
    assert "¶" not in text and "↩" not in text  # permanent links, footnotes' back-links


@pytest.mark.parametrize("lang", LANGS)
def test_every_internal_link_lands_on_a_place_in_the_pdf(built_site: Path, lang: str) -> None:
    internal, external = 0, []
    with pikepdf.open(pdf_of(built_site, lang)) as pdf:
        dests = {str(name) for name, _ in pdf.Root.Dests.items()}
        for page in pdf.pages:
            for annot in page.obj.get("/Annots", []):
                if annot.get("/Subtype") != "/Link":
                    continue
                action = annot.get("/A")
                dest = annot.get("/Dest")
                if dest is None and action is not None and action.get("/S") == "/GoTo":
                    dest = action.get("/D")
                if dest is not None:
                    assert str(dest) in dests or isinstance(dest, pikepdf.Array), str(dest)
                    internal += 1
                elif action is not None and action.get("/S") == "/URI":
                    external.append(str(action.URI))
                else:
                    pytest.fail(f"a link that goes nowhere: {annot!r}")
    assert internal > 300  # the contents, citations, rule links of every step, the index
    assert all(uri.startswith(("http://", "https://", "mailto:")) for uri in external), external


@pytest.mark.parametrize("lang", LANGS)
def test_its_fonts_are_embedded_and_it_is_tagged_in_its_language(
    built_site: Path, lang: str
) -> None:
    file = pdf_of(built_site, lang)
    fonts = subprocess.run(
        [tool("pdffonts"), str(file)], capture_output=True, text=True, check=True
    ).stdout.splitlines()[2:]
    assert fonts and any("LiberationSans" in row for row in fonts)
    for row in fonts:  # name, type, encoding, then emb sub uni: each embedded
        columns = re.search(r"\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$", row)
        assert columns is not None and columns[1] == "yes", row
    info = subprocess.run(
        [tool("pdfinfo"), str(file)], capture_output=True, text=True, check=True
    ).stdout
    assert re.search(r"^Tagged:\s+yes$", info, re.M), info
    assert file.stat().st_size <= MAX_BYTES
    with pikepdf.open(file) as pdf:
        assert str(pdf.Root.Lang) == lang
        assert "/StructTreeRoot" in pdf.Root and "/Outlines" in pdf.Root


def phrases(text: str) -> list[str]:
    """The runs of three words or more of a message, between its placeholders."""
    runs = (squash(part) for part in re.split(r"\{[a-z_]+\}", text))
    return [run for run in runs if len(run.split()) >= 3]


def forms(value: object) -> list[str]:
    """A catalog entry's text, or each of its plural forms."""
    found = value if isinstance(value, (list, tuple)) else [value]
    return [text for text in found if isinstance(text, str)]


def glossary_terms(lang: str) -> list[str]:
    """The terms a glossary gives in the other language, as such (``*Stun*{lang=en}``)."""
    page = ROOT / ("docs_fr" if lang == "fr" else "docs") / "glossary.md"
    other = "en" if lang == "fr" else "fr"
    marked = re.findall(rf"\*([^*]+)\*\{{lang={other}\}}", page.read_text(encoding="utf-8"))
    return [squash(term) for text in marked for term in text.split(" · ")]


def test_each_edition_is_in_its_language_only(built_site: Path) -> None:
    """No phrase of the site's English words (its catalog's) in the French edition, none of
    their French in the English one: a phrase the two languages write alike aside, and the
    terms a glossary gives in the other language, as such."""
    texts = {lang: text_of(pdf_of(built_site, lang)) for lang in LANGS}
    named = {lang: glossary_terms(lang) for lang in LANGS}
    catalog = ROOT / "vocabulary" / "locales" / "fr" / "LC_MESSAGES" / "riftbound.po"
    with catalog.open("rb") as source:
        entries = [m for m in read_po(source, locale="fr") if m.id]
    assert len(entries) > 100
    leaks: list[str] = []
    for entry in entries:
        english, french = forms(entry.id), [typeset(text, "fr") for text in forms(entry.string)]
        for run in (r for text in english for r in phrases(text)):
            named_here = any(run in term for term in named["fr"])
            if run not in squash(" ".join(french)) and run in texts["fr"] and not named_here:
                leaks.append(f"fr edition, English {entry.context}: {run}")
        for run in (r for text in french for r in phrases(text)):
            named_here = any(run in term for term in named["en"])
            if run not in squash(" ".join(english)) and run in texts["en"] and not named_here:
                leaks.append(f"en edition, French {entry.context}: {run}")
    assert leaks == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_page_and_every_footer_link_it_with_its_size(built_site: Path, lang: str) -> None:
    file = pdf_of(built_site, lang)
    label = squash(f"(PDF, {size_text(file.stat().st_size, lang)})")
    for path in ("index.md", "resolution-step.md", index_page(lang).path):
        here = links.Page(lang, path)
        soup = BeautifulSoup((built_site / here.output).read_text("utf-8"), "html.parser")
        footer = one(soup, ".md-copyright .rb-print-link a")
        assert (built_site / here.output).parent.joinpath(attr(footer, "href")).resolve() == file
        assert label in squash(footer.get_text())
    home = links.Page(lang, "index.md")
    soup = BeautifulSoup((built_site / home.output).read_text("utf-8"), "html.parser")
    link = one(soup, ".rb-print-edition a")
    assert attr(link, "href") == links.shared(home, links.print_edition(lang))
    assert label in squash(link.get_text())


def test_the_zip_of_the_site_holds_both_editions_and_both_summaries(
    built_site: Path, tmp_path: Path
) -> None:
    target = tmp_path / "site.zip"
    archive(built_site, target)
    names = set(zipfile.ZipFile(target).namelist())
    assert {links.print_edition(lang) for lang in LANGS} <= names
    assert {links.summary_pdf(lang) for lang in LANGS} <= names


@pytest.mark.parametrize("lang", LANGS)
def test_the_combat_summary_prints_alone_on_one_a4_page_and_its_page_links_it(
    built_site: Path, lang: str
) -> None:
    file = built_site / links.summary_pdf(lang)
    info = subprocess.run(
        [tool("pdfinfo"), str(file)], capture_output=True, text=True, check=True
    ).stdout
    assert re.search(r"^Pages:\s+1$", info, re.M), info
    assert re.search(r"^Page size:.*\(A4\)$", info, re.M), info
    text = text_of(file)
    said = [squash(typeset(stage.title(lang), lang)) for stage in STAGES]
    said += [squash(typeset(KEYWORDS(lang), lang)), squash(TITLE(lang))]
    said += [squash(typeset(STATES(lang), lang))]
    said += [squash(typeset(state.title(lang), lang)) for state in UNIT_STATES]
    book = load_rulebook(ROOT / "rules", "core-rules-1.4", LANGS)
    said += [squash(edition_text(book, lang))]
    assert [words for words in said if words not in text] == []
    assert squash(PDF(lang, link="")).split(":")[0] not in text  # its link is for the screen
    here = links.Page(lang, SUMMARY_PAGE)
    soup = BeautifulSoup((built_site / here.output).read_text("utf-8"), "html.parser")
    link = one(soup, ".rb-summary-pdf a")
    assert attr(link, "href") == links.shared(here, links.summary_pdf(lang))
    assert squash(f"({size_text(file.stat().st_size, lang)})") in squash(link.get_text())


@pytest.mark.parametrize("lang", LANGS)
def test_the_editions_cover_points_to_the_summary_and_the_page_it_starts_on(
    built_site: Path, lang: str
) -> None:
    file = pdf_of(built_site, lang)
    cover = text_of(file, 1, 1)
    title = squash(TITLE(lang))
    with pikepdf.open(file) as pdf:
        pages = {page.obj.objgen: n for n, page in enumerate(pdf.pages, start=1)}
        dests = {str(k): pages[v[0].objgen] for k, v in pdf.Root.Dests.items()}
        targets = {  # a link over two lines is two boxes
            dests[str(annot.Dest)]
            for annot in pdf.pages[0].obj.get("/Annots", [])
            if annot.get("/Subtype") == "/Link" and annot.get("/Dest") is not None
        }
    assert len(targets) == 1, targets
    (target,) = targets
    assert squash(INTRO(lang))[:60] in text_of(file, target, target)
    assert re.search(rf"{re.escape(title)}, page {target}\b", cover), cover


@pytest.mark.parametrize("lang", LANGS)
def test_the_readers_edition_holds_no_page_for_contributors(built_site: Path, lang: str) -> None:
    """The contributors' pages are on the site only: neither their titles in the contents nor
    their text in the edition; the readers' pages are there."""
    file = pdf_of(built_site, lang)
    text = text_of(file)
    titles = [squash(title) for title, _, _ in contents_entries(file)]
    for path, inside in (
        ("writing-for-this-site.md", False),
        ("translation-status.md", False),
        ("glossary.md", True),
        ("resolution-step.md", True),
    ):
        page = links.Page(lang, path)
        soup = BeautifulSoup((built_site / page.output).read_text("utf-8"), "html.parser")
        heading = squash(one(soup, "article h1").get_text()).removesuffix("¶").strip()
        first = squash(one(soup, "article h1 ~ p").get_text())[:60]
        assert any(title.startswith(heading) for title in titles) is inside, (path, titles)
        assert (first in text) is inside, (path, first)


@pytest.mark.parametrize(
    "program", ["a program that is not Chromium", "no program there", "an empty setting"]
)
def test_a_chromium_setting_that_is_not_chromium_names_the_setting_the_path_and_chromium(
    tmp_path: Path, program: str
) -> None:
    """``chromium: /bin/true`` said only Playwright's "Target page, context or browser has been
    closed", naming neither the setting nor the path; ``chromium: ''`` named the path "."."""
    from tests.site.conftest import sandbox
    from tests.site.test_bad_input import build

    project = sandbox(tmp_path / "project", print_edition=True)
    path = {
        "a program that is not Chromium": shutil.which("true"),
        "no program there": str(tmp_path / "none"),
        "an empty setting": "''",
    }[program]
    assert path is not None
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    config.write_text(
        text.replace("\n  - riftbound:\n", f"\n  - riftbound:\n      chromium: {path}\n", 1),
        encoding="utf-8",
    )
    result = build(project)
    output = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in output, output[-3000:]
    said = [row for row in output.splitlines() if row.startswith("mkdocs.yml:")]
    start = {
        "a program that is not Chromium": f"{path} did not start as Chromium (",
        "no program there": f"{path} is not there",
        "an empty setting": "empty: it names the Chromium that prints the print edition, Debian's",
    }[program]
    assert len(said) == 1 and said[0].startswith(
        f"mkdocs.yml: plugins: riftbound: chromium: {start}"
    ), output[-3000:]
    assert said[0].endswith(
        "/usr/lib/chromium/chromium (make "
        "build installs it; or apt-get install chromium fonts-liberation fonts-dejavu-core)"
    )
    assert not list(project.glob(".site.*"))
