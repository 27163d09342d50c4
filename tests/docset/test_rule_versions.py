"""A site carrying several versions of the rules, and the real one carrying v1.4 alone, composed
in process (``load_site``, ``SiteBuild.generated_pages``): the changes pages in both languages,
each rule's history, the old addresses, search by an older number, the translations to revise.

v1.5 here is made up by the tests (``tests/fixtures/rule_versions.py``), never shipped: it
changes the text of a cited rule, renumbers one, removes one and adds one, and the site's
authors have signed the pages off.
"""

from __future__ import annotations

import json
import posixpath
import re
import subprocess
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

import links
from diagnostics import ProblemsFound
from docset.build import RenderedPage, SiteBuild, load_site
from rulebook.numbering import KEYWORDS
from rulebook.versions import load_versions
from tests.conftest import ROOT
from tests.fixtures.rule_versions import (
    ADDED,
    ADDED_TEXT,
    QUIET_ADDED_FR,
    QUIET_CHANGED,
    QUIET_REMOVED,
    QUIET_RENUMBERED,
    import_quiet,
    sign_off,
)
from tests.fixtures.sandbox import copy_sources

LANGUAGES = ("en", "fr")


def page_name(chapter: int) -> str:
    """The rules-browser page a chapter has (``400``, or ``keywords``), as links names it."""
    return links.chapter_page("en", chapter).path.rsplit("/", 1)[1].removesuffix(".md")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> SiteBuild:
    project = copy_sources(ROOT, tmp_path_factory.mktemp("versions") / "project")
    book = load_versions(project / "rules", LANGUAGES).current.book
    import_quiet(project, book)
    sign_off(project, "1.5", {ADDED: QUIET_ADDED_FR})
    return load_site(project, "rules", "examples", None, LANGUAGES)


@pytest.fixture(scope="module")
def real_site() -> SiteBuild:
    return load_site(ROOT, "rules", "examples", None, LANGUAGES)


def html(page: RenderedPage) -> BeautifulSoup:
    """A generated page as the site shows it (its Markdown left unconverted)."""
    return BeautifulSoup(page.finish(page.content(page.markdown)), "html.parser")


def text(soup: BeautifulSoup) -> str:
    return " ".join(soup.get_text(" ").split())


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        ("en", "1 rule added, 1 rule removed, 1 rule renumbered and 1 rule changed."),
        ("fr", "1 règle ajoutée, 1 règle supprimée, 1 règle renumérotée et 1 règle modifiée."),
    ],
)
def test_the_changes_page_counts_and_lists_each_change(
    site: SiteBuild, lang: str, counts: str
) -> None:
    pages = site.generated_pages(lang)
    assert "rules-browser/v1.4/changes.md" not in pages  # the oldest has no version before it
    soup = html(pages["rules-browser/v1.5/changes.md"])
    shown = soup.select_one(".rb-change-counts")
    assert shown is not None and " ".join(shown.get_text().split()) == counts

    def entry(kind: str, number: str) -> BeautifulSoup:
        found = soup.find(id=f"{kind}-rule-{number.replace('.', '-')}")
        assert found is not None, (kind, number)
        return found  # type: ignore[return-value]

    def hrefs(kind: str, number: str) -> list[str]:
        return [a["href"] for a in entry(kind, number).select(".rb-change-head a")]  # type: ignore[misc]

    new = QUIET_RENUMBERED[1]
    assert hrefs("added", ADDED) == ["400.html#rule-466-8"]
    assert hrefs("removed", QUIET_REMOVED) == ["../v1.4/400.html#rule-454"]
    assert hrefs("renumbered", new) == ["../v1.4/300.html#rule-317-2", "300.html#rule-317-3"]
    changed = entry("changed", QUIET_CHANGED)
    assert hrefs("changed", QUIET_CHANGED) == [
        "../v1.4/100.html#rule-143-3-b-1",
        "100.html#rule-143-3-b-1",
    ]
    english = changed.select_one('[lang="en"] .rb-diff, p.rb-diff')
    assert english is not None
    assert [d.get_text() for d in english.select("del")] == ["turn.", "317.2."]
    assert [i.get_text() for i in english.select("ins")] == [
        "turn, and at no other time.",
        "317.3.",
    ]
    if lang == "fr":  # the French text was not revised: it says so, and shows the English
        assert "n’a pas encore été revue pour la v1.5" in text(changed)
        assert changed.select('p[lang="en"] .rb-diff del')
    both = {(a.get_text(), a["href"]) for a in soup.select("p a")}
    assert {("v1.4", "../v1.4/index.html"), ("v1.5", "index.html")} <= both


def test_each_rule_says_when_its_text_last_changed_and_what_it_was_numbered(
    site: SiteBuild,
) -> None:
    pages = site.generated_pages("en")

    def history(path: str, number: str) -> str:
        soup = html(pages[path])
        heading = soup.find(id=f"rule-{number.replace('.', '-')}")
        assert heading is not None, number
        line = heading.find_next("p", class_="rb-history")
        assert line is not None, number
        return " ".join(line.get_text().split())

    v15 = "rules-browser/v1.5/"
    assert history(v15 + "100.md", QUIET_CHANGED) == "Text last changed in v1.5."
    assert history(v15 + "300.md", QUIET_RENUMBERED[1]) == (
        "Text unchanged since v1.4. Numbered 317.2 in v1.4."
    )
    assert history(v15 + "400.md", ADDED) == "Added in v1.5."
    assert history(v15 + "400.md", "466.3.a") == "Text unchanged since v1.4."
    v14 = "rules-browser/v1.4/"
    assert history(v14 + "400.md", QUIET_REMOVED) == "Removed in v1.5."
    assert history(v14 + "300.md", "317.2") == "In the current version (v1.5): now rule 317.3."
    assert history(v14 + "100.md", QUIET_CHANGED) == (
        "In the current version (v1.5): text changed, rule 143.3.b.1."
    )
    old = html(pages[v14 + "400.md"])
    notice = old.select_one(".rb-old-version")
    assert notice is not None and "not those of the current version, v1.5" in notice.get_text()
    assert html(pages[v15 + "400.md"]).select_one(".rb-old-version") is None
    # The current version's pages list the pages and examples citing each rule; older not.
    assert "Cited by:" in text(html(pages[v15 + "400.md"]))
    assert "Cited by:" not in text(old)


def resolve(redirect: str, target: str) -> tuple[str, str]:
    """Where a link in the page at ``redirect`` (an output path) leads: (output path, anchor)."""
    url, _, anchor = target.partition("#")
    return posixpath.normpath(posixpath.join(posixpath.dirname(redirect), url)), anchor


def follow(page_html: str, fragments: list[str]) -> list[str]:
    """What the old address's own script does with each of ``fragments``, run by Node.js (one
    process; the script runs anew, in a scope of its own, for each)."""
    script = re.search(r"<script>(.*?)</script>", page_html, re.S)
    assert script is not None
    driver = (
        "const run = new Function('location', process.argv[1]);\n"
        "console.log(JSON.stringify(JSON.parse(process.argv[2]).map((hash) => {\n"
        "  let went; run({hash, replace: (u) => { went = u; }}); return went; })));"
    )
    result = subprocess.run(
        ["node", "-e", driver, script[1], json.dumps(fragments)],
        capture_output=True,
        text=True,
        check=True,
    )
    went: list[str] = json.loads(result.stdout)
    assert len(went) == len(fragments)
    return went


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_old_address_leads_to_a_rule_on_a_page_of_the_site(
    site: SiteBuild, lang: str
) -> None:
    """Each rule the old addresses named (those of v1.4) lands on an anchor a generated page
    has: the current rule it became, or, removed, v1.4's own; no address is dead."""
    prefix = "" if lang == "en" else "fr/"
    pages = site.generated_pages(lang)
    anchors = {prefix + path.removesuffix(".md") + ".html": p.anchors for path, p in pages.items()}
    old = site.unversioned_pages(lang)
    v14 = site.versions.unversioned.book
    # every numbered chapter; the keywords' page came with versions and has no old address
    old_chapters = set(v14.chapters()) - {KEYWORDS}
    assert set(old) == {f"{prefix}rules-browser/{page_name(c)}.html" for c in old_chapters}
    landed: dict[str, tuple[str, str]] = {}
    for address, page_html in old.items():
        rules = [
            r for r in v14 if address == f"{prefix}rules-browser/{page_name(r.number.chapter)}.html"
        ]
        went = follow(page_html, ["#" + rule.number.anchor for rule in rules])
        for rule, target in zip(rules, went, strict=True):
            landed[rule.number.text] = resolve(address, target)
    for rule in (r for r in v14 if not r.number.is_keyword):
        page, anchor = landed[rule.number.text]
        assert anchor in anchors.get(page, set()), (rule.number, page, anchor)
    assert landed["317.2"] == (f"{prefix}rules-browser/v1.5/300.html", "rule-317-3")
    assert landed["454"] == (f"{prefix}rules-browser/v1.4/400.html", "rule-454")
    assert landed["466.3.a"] == (f"{prefix}rules-browser/v1.5/400.html", "rule-466-3-a")
    # No fragment: the current version's chapter.
    address = f"{prefix}rules-browser/400.html"
    assert resolve(address, follow(old[address], [""])[0]) == (
        f"{prefix}rules-browser/v1.5/400.html",
        "",
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_number_from_an_older_version_finds_its_successor_in_search(
    site: SiteBuild, lang: str
) -> None:
    entries = site.search_entries(lang)
    by_title: dict[str, list[str]] = {}
    for entry in entries:
        by_title.setdefault(entry["title"], []).append(entry["location"])
    old, new = QUIET_RENUMBERED
    assert by_title[old] == by_title[new] == ["rules-browser/v1.5/300.html#rule-317-3"]
    assert by_title[QUIET_REMOVED] == ["rules-browser/v1.4/400.html#rule-454"]
    assert by_title[ADDED] == ["rules-browser/v1.5/400.html#rule-466-8"]
    current = site.versions.current.book
    assert all(len(by_title[r.number.text]) == 1 for r in current)


def test_a_translation_that_follows_an_older_english_is_listed_and_shown_as_such(
    site: SiteBuild,
) -> None:
    (stale,) = site.notices
    french = (site.root / "rules" / "core-rules-1.5.fr.txt").read_text(encoding="utf-8")
    line = next(
        n for n, row in enumerate(french.splitlines(), 1) if row.startswith(f"{QUIET_CHANGED}. ")
    )
    assert str(stale) == (
        f"rules/core-rules-1.5.fr.txt:{line}: [{QUIET_CHANGED}] the English text changed in "
        "v1.5; this translation follows v1.4's: revise it, then remove its "
        '"translated-from: 1.4" line'
    )
    for lang, french_name in (("en", "French"), ("fr", "français")):
        status = html(site.generated_pages(lang)["translation-status.md"])
        table = status.select("table")[-1]
        cells = [" ".join(td.get_text().split()) for td in table.select("td")]
        where = f"rules/core-rules-1.5.fr.txt:{line}"
        assert cells == [f"{QUIET_CHANGED} (v1.5)", french_name, "v1.4", "v1.5", where]
        link = table.select_one("a")
        prefix = "" if lang == "fr" else "fr/"
        assert link is not None
        assert link["href"] == f"{prefix}rules-browser/v1.5/100.html#rule-143-3-b-1"
    rendered = site.render_page(
        site.docs.get("fr", "resolution-step.md").markdown,  # type: ignore[union-attr]
        "fr",
        "resolution-step.md",
    )
    note = next(n for n in rendered.parts if f'id="fn:rule-{QUIET_CHANGED}"' in n)
    assert "suit le texte anglais de la v1.4, modifié depuis" in note
    assert f"rules-browser/v1.5/100.html#rule-{QUIET_CHANGED.replace('.', '-')}" in note
    added = html(site.generated_pages("fr")["rules-browser/v1.5/400.md"])
    assert QUIET_ADDED_FR in text(added)  # (white space, no-break spaces included, as one)
    assert ADDED_TEXT in text(added)  # the official English beside our French


def test_the_site_with_one_version_adds_only_the_new_addresses(real_site: SiteBuild) -> None:
    """The real site (v1.4 alone): the rules browser moves under v1.4/, today's addresses lead
    there, and nothing about versions shows: no changes page, no history, no notice."""
    book = real_site.versions.current.book
    assert len(real_site.versions) == 1
    for lang in LANGUAGES:
        prefix = "" if lang == "en" else "fr/"
        pages = real_site.generated_pages(lang)
        chapters = {f"rules-browser/v1.4/{page_name(c)}.md" for c in book.chapters()}
        assert set(pages) == {
            "worked-examples.md",
            "translation-status.md",
            "combat-summary.md",
            "rules-browser/index.md",
            "rules-browser/v1.4/index.md",
            *chapters,
        }
        for path in chapters:
            soup = html(pages[path])
            assert not soup.select(".rb-history, .rb-old-version"), path
            assert soup.find("h1") is None and pages[path].markdown.count("# Rules") <= 1
        assert "## Versions" not in pages["rules-browser/index.md"].markdown
        old = real_site.unversioned_pages(lang)
        numbered = set(book.chapters()) - {KEYWORDS}
        assert set(old) == {f"{prefix}rules-browser/{page_name(c)}.html" for c in numbered}
        for address, page_html in old.items():
            chapter = address.rsplit("/", 1)[1].removesuffix(".html")
            assert '"v1.4/' + chapter + '.html"' in page_html and "var moved = {};" in page_html
        entries = [e for e in real_site.search_entries(lang) if "#example-" not in e["location"]]
        assert [e["title"] for e in entries] == [r.number.text for r in book]
        assert all(e["location"].startswith("rules-browser/v1.4/") for e in entries)
    rendered = real_site.render_page(
        real_site.docs.get("en", "index.md").markdown,  # type: ignore[union-attr]
        "en",
        "index.md",
    )
    assert 'href="rules-browser/v1.4/400.html#rule-466-3-a"' in rendered.parts[-1]


def test_the_old_address_page_says_where_the_rules_went_without_javascript(
    real_site: SiteBuild,
) -> None:
    page_html = real_site.unversioned_pages("fr")["fr/rules-browser/400.html"]
    soup = BeautifulSoup(page_html, "html.parser")
    refresh = soup.select_one('noscript meta[http-equiv="refresh"]')
    assert refresh is not None and refresh["content"] == "0; url=v1.4/400.html"
    assert soup.find("html")["lang"] == "fr"  # type: ignore[index]
    assert "mène aux règles de la version actuelle, la v1.4" in text(soup)
    link = soup.select_one("p a")
    assert link is not None and link["href"] == "v1.4/400.html"
    moved = re.search(r"var moved = (\{.*?\});", page_html)
    assert moved is not None and json.loads(moved[1]) == {}


def test_a_sign_off_naming_a_version_the_site_lacks_is_one_problem(tmp_path: Path) -> None:
    """Its citations are not also reported as changed since some other version."""
    project = copy_sources(ROOT, tmp_path / "project")
    book = load_versions(project / "rules", LANGUAGES).current.book
    import_quiet(project, book)
    sign_off(project, "1.5", {ADDED: QUIET_ADDED_FR})
    page = project / "docs" / "resolution-step.md"
    page.write_text(page.read_text("utf-8").replace("v1.5", "v1.9", 1), "utf-8")
    with pytest.raises(ProblemsFound) as caught:
        load_site(project, "rules", "examples", None, LANGUAGES)
    assert [str(p) for p in caught.value.problems] == [
        "docs/resolution-step.md:2: front matter: rules_reviewed: v1.9 is not a version "
        "rules/versions.txt lists (v1.4, v1.5)"
    ]
