"""The print edition's composition: which pages, in what order, and each page's HTML made a part
of one document (ids, links, images, the screen's parts, the table of contents)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

import links
from diagnostics import ProblemsFound
from docset.print_edition import (
    AT_A_GLANCE,
    Cover,
    PrintPage,
    compose,
    counters_css,
    css_string,
    home_html,
    leaflet,
    order,
    size_text,
)

COVER = Cover(
    "Riftbound <Combat> Rules",
    "A description & more",
    "Core Rules v1.4 · updated 2026-06-18",
    "2026-12-01",
    "abc123def456",
    False,
    "Unofficial fan content.",
)
PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 16


def pages(lang: str, html: dict[str, str]) -> list[PrintPage]:
    return [PrintPage(links.Page(lang, path), text, f"docs/{path}") for path, text in html.items()]


def edition_of(html: dict[str, str], appendix: int | None = None, lang: str = "en") -> str:
    files = {"assets/board.png": PNG}
    made = compose(
        lang,
        pages(lang, html),
        len(html) if appendix is None else appendix,
        COVER,
        ["p { color: black }"],
        files.get,
    )
    return made.html()


def test_the_navigations_pages_come_in_its_order_then_the_rules_browser() -> None:
    nav = ["index.md", "rules-browser/index.md", "glossary.md", "index.md", "writing.md"]
    appendix = ["rules-browser/index.md", "rules-browser/100.md", "rules-browser/400.md"]
    assert order(nav, appendix) == [
        "index.md",
        "glossary.md",
        "writing.md",
        "rules-browser/index.md",
        "rules-browser/100.md",
        "rules-browser/400.md",
    ]


def test_each_pages_ids_are_its_own_and_links_between_pages_stay_inside_the_document() -> None:
    html = edition_of(
        {
            "index.md": '<h1 id="home">Home</h1><p id="a">See <a href="guide/rules.html#how">how</a>'
            ' and <a href="#a">here</a>, <a href="examples/x.yml" download>a file</a>, '
            '<a href="https://example.org/">a site</a>, <a href="javascript:go()">a script</a>.'
            '<span aria-describedby="a b">x</span></p>',
            "guide/rules.md": '<h1 id="home">Rules</h1><h2 id="how">How</h2>'
            '<a href="../index.html">back</a><a href="../rules-browser/400.html#rule-466">466</a>',
            "rules-browser/400.md": '<h1 id="t">Rules 400–499</h1><h2 id="rule-466">466</h2>',
        },
        appendix=2,
    )
    assert html.count('id="p1-home"') == 1 and html.count('id="p2-home"') == 1
    assert '<a href="#p2-how">how</a>' in html and '<a href="#p1-a">here</a>' in html
    assert "<a download>a file</a>" in html  # the PDF carries no site around it
    assert '<a href="https://example.org/">a site</a>' in html
    assert "javascript:" not in html and "<a>a script</a>" in html
    assert 'aria-describedby="p1-a p1-b"' in html
    assert '<a href="#p1">back</a>' in html and '<a href="#p3-rule-466">466</a>' in html
    assert re.search(
        r'<section class="rb-print-page rb-appendix" id="p3"><p class="rb-part">', html
    )


def test_the_contents_list_each_page_and_its_sections_and_the_appendix_its_pages() -> None:
    made = compose(
        "fr",
        pages(
            "fr",
            {
                "index.md": '<h1 id="t">Accueil<a class="headerlink" href="#t">¶</a></h1>'
                '<h2 id="s">Une section<sup id="fnref:rule-466"><a href="#fn">1</a></sup> '
                "&amp; sa suite</h2><h2>Sans ancre</h2><h3 id='deep'>Plus bas</h3>",
                "rules-browser/400.md": '<h1 id="c">Règles 400 à 499</h1><h2 id="r">466</h2>',
            },
        ),
        1,
        COVER,
        [],
        lambda path: None,
    )
    assert [(e.anchor, e.text, e.level) for e in made.entries] == [
        ("p1", "Accueil", 1),
        ("p1-s", "Une section & sa suite", 2),
        ("p2", "Règles 400 à 499", 1),
    ]
    assert made.appendix == 2
    blank = made.html()
    numbered = made.html({"p1": 3, "p1-s": 4, "p2": 12})
    assert '<span class="rb-toc-number"></span>' in blank
    assert '<span class="rb-toc-number">12</span>' in numbered
    assert blank.count('class="rb-toc-number"') == numbered.count('class="rb-toc-number"') == 3
    assert '<li class="rb-toc-part">Annexe</li>' in numbered
    assert "Table des matières" in numbered and 'lang="fr"' in numbered


def test_what_is_for_the_screen_only_is_left_out_with_everything_in_it() -> None:
    html = edition_of(
        {
            "index.md": '<h1 id="t">T</h1><div class="rb-screen"><div><h2 id="h">How</h2>'
            '<p>Press <kbd>→</kbd></p></div><img class="rb-screen" src="x.png"></div>'
            '<p>Kept <span class="x rb-screen">not <span>this</span></span>after.</p>'
        }
    )
    assert "How" not in html and "Press" not in html and "this" not in html
    assert "<p>Kept after.</p>" in html


def test_an_image_comes_inlined_from_the_sites_files_and_any_other_is_a_problem() -> None:
    html = edition_of({"guide/page.md": '<h1>P</h1><img alt="b" src="../assets/board.png">'})
    assert 'src="data:image/png;base64,' in html
    with pytest.raises(ProblemsFound) as found:
        edition_of(
            {
                "index.md": '<img src="https://example.org/x.png"><img src="missing.png">'
                '<img src="notes.txt"><img srcset="a.png 2x">',
            }
        )
    said = str(found.value)
    assert said.count("docs/index.md: <img") == 4, said
    assert "only images among the site's own files" in said


def test_data_stays_text_in_the_cover_the_contents_and_the_styles() -> None:
    made = compose(
        "en",
        pages("en", {"index.md": '<h1 id="t">A &lt;b&gt; title</h1>'}),
        1,
        COVER,
        [],
        lambda path: None,
    )
    html = made.html({"p1": 3})
    assert "Riftbound &lt;Combat&gt; Rules" in html and "A description &amp; more" in html
    assert '<span class="rb-toc-text">A &lt;b&gt; title</span>' in html
    assert css_string('a"b\\c</style>') == '"a\\22 b\\5c c\\3c /style\\3e "'
    assert counters_css("Page {page} of {pages}", {"page": "counter(page)", "pages": "P"}) == (
        '"Page " counter(page) " of " P'
    )
    assert counters_css('{unknown} "x"', {}) == '"{unknown} \\22 x\\22 "'


@pytest.mark.parametrize(
    ("lang", "built", "commit", "changed", "said"),
    [
        ("en", "2026-12-01", "abc123", False, "Made on December 1, 2026 from commit abc123"),
        ("en", "2026-12-01", "abc123", True, "with changes not yet committed"),
        ("en", "2026-12-01", None, False, "from sources outside a git checkout"),
        (
            "fr",
            "2026-12-01",
            "abc123",
            False,
            "Réalisation : 1er décembre 2026, à partir de la révision",
        ),
    ],
)
def test_the_cover_says_when_and_from_what_it_was_made(
    lang: str, built: str, commit: str | None, changed: bool, said: str
) -> None:
    cover = Cover("Site", "About", "Rules v1", built, commit, changed, "Notice")
    html = compose(lang, [], 0, cover, [], lambda path: None).html()
    assert said in html.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize(
    ("size", "lang", "shown"),
    [
        (1_234_567, "en", "1.2 MB"),
        (1_234_567, "fr", "1,2 Mo"),
        (734_214, "en", "734 kB"),
        (817_979, "fr", "818 ko"),
        (2_960_000, "fr", "3,0 Mo"),
    ],
)
def test_a_size_reads_as_the_readers_language_writes_it(size: int, lang: str, shown: str) -> None:
    assert size_text(size, lang).replace("\u00a0", " ").replace("\u202f", " ") == shown


def test_the_home_page_links_the_edition_or_says_this_build_made_none() -> None:
    linked = home_html('riftbound.en.pdf"><script>', 1_234_567, "en")
    assert '<a href="riftbound.en.pdf&quot;&gt;&lt;script&gt;">Print edition (PDF, 1.2' in linked
    assert linked.startswith("On paper: <a ")
    french = home_html("x.pdf", 1_234_567, "fr")
    assert french.startswith("Sur papier\u00a0: <a") and "Édition imprimable (PDF, 1,2" in french
    assert "<a" not in home_html(None, 0, "en") and "made no print edition" in home_html(
        None, 0, "en"
    )


def test_the_cover_points_to_the_combat_summary_with_the_page_it_starts_on() -> None:
    cover = replace(COVER, at_a_glance="summary.md")
    html = {
        "index.md": '<h1 id="a">Home</h1>',
        "summary.md": '<h1 id="s">At a <em>glance</em></h1>',
    }
    made = compose("en", pages("en", html), 2, cover, [], lambda path: None)
    assert made.cover_target == "p2" and "p2" in made.targets
    line = re.search(r'<p class="rb-cover-glance">(.*?)</p>', made.html({"p1": 3, "p2": 7}))
    assert line is not None
    said = line[1]
    assert '<a href="#p2">At a glance</a>' in said and ">7</span>" in said
    assert said.startswith("The combat on one page")
    unnumbered = made.html()  # the first printing: the number not yet known, nothing in its place
    assert '<span class="rb-cover-number"></span>' in unnumbered and "\ue011" not in unnumbered
    # Without the page in the edition, the cover says nothing of it.
    alone = compose("en", pages("en", {"index.md": "<h1>Home</h1>"}), 1, cover, [], lambda p: None)
    assert '<p class="rb-cover-glance">' not in alone.html() and alone.cover_target == ""
    assert AT_A_GLANCE("en", page="x", number="1") not in alone.html()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_summary_alone_is_one_page_with_no_cover_nor_contents_and_says_what_it_is_from(
    lang: str,
) -> None:
    page = PrintPage(
        links.Page(lang, "combat-summary.md"),
        '<h1 id="t">At a glance</h1><p class="rb-screen">On paper: a link</p>'
        '<p><a href="rules-browser/v1.4/400.html#rule-466">466</a> and <a href="#t">up</a></p>',
        "combat-summary.md (generated)",
    )
    made = leaflet(lang, page, COVER, ["p { color: black }"], lambda path: None, "summary")
    html = made.html()
    assert made.most_pages == 1 and made.entries == () and made.name == "summary"
    assert "<nav" not in html and '<section class="rb-cover"' not in html
    assert "On paper" not in html
    assert "<a>466</a>" in html and '<a href="#p1-t">up</a>' in html  # no page it does not hold
    foot = html[html.index('class="rb-leaflet-foot"') :]
    assert (
        "Core Rules v1.4" in foot and "abc123def456" in foot and "Unofficial fan content." in foot
    )
    assert "<title>Riftbound &lt;Combat&gt; Rules · At a glance</title>" in html
    assert "@page :first" not in html  # its one page is its first: the foot line is on it
