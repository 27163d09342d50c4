"""The one reader of a page's Markdown: references with their lines, code as Markdown sees it."""

from __future__ import annotations

import re
from itertools import product

import markdown
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docset.scan import Kind, inline_code, replace, scan
from tests.conftest import ROOT

PAGE = """\
Intro cites [[466.3.a]] and [[470]].

Inline code stays literal: `[[466.3.b]]` and ``a [[455]] b``.

```markdown
A fenced [[466.5.b]] stays literal too.
```

~~~
[[418.1]]
~~~

[[example: four-vs-four]]

Again [[466.3.a]].
"""


def test_finds_rules_and_examples_with_their_lines_outside_code() -> None:
    found = [(r.kind, r.value, r.line) for r in scan(PAGE).references]
    assert found == [
        (Kind.RULE, "466.3.a", 1),
        (Kind.RULE, "470", 1),
        (Kind.EXAMPLE, "four-vs-four", 13),
        (Kind.RULE, "466.3.a", 15),
    ]
    assert scan(PAGE).problems == ()


def test_lines_count_from_where_the_markdown_starts_in_its_file() -> None:
    assert [r.line for r in scan("\n\n[[470]]\n", first_line=5).references] == [7]


def test_replacement_leaves_code_untouched() -> None:
    refs = list(scan(PAGE).references)
    out = replace(PAGE, refs, {r.start: f"<{r.value}>" for r in refs})
    assert "`[[466.3.b]]`" in out and "A fenced [[466.5.b]]" in out and "[[418.1]]" in out
    assert out.startswith("Intro cites <466.3.a> and <470>.")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Broken [[188] here.", "'[[' is never closed"),
        ("Broken [[188 here.", "'[[' is never closed"),
        ("Broken [188]] here.", "']]' closes nothing"),
        ("Stray [[[188]]] here.", "a stray bracket"),
        ("Padded [[ 466.3.a ]] here.", "no spaces inside the brackets: [[466.3.a]]"),
        ("Zero [[466.01]] here.", "not a rule number (no leading zeros"),
        ("Words [[see the rules]] here.", "not a reference"),
        ("A footnote[^1] here.", "plain footnotes are not used here"),
        ("Inline [[example: x]] example.", "an example goes on a line of its own"),
    ],
)
def test_malformed_references_are_problems_at_their_line(text: str, message: str) -> None:
    found = scan(f"First line.\n\n{text}\n")
    assert found.references == ()
    [(line, what)] = found.problems
    assert line == 3 and message in what


def test_an_escaped_bracket_keeps_a_reference_literal() -> None:
    found = scan("Write \\[[466.3.a]] to cite a rule.\n")
    assert found.references == () and found.problems == ()


# Each case holds [[188]] once; True if Python-Markdown (with the site's extensions) shows it as code.
CONTEXTS = {
    "Plain [[188]] text.": False,
    "Code `[[188]]` span.": True,
    "Code ``a `[[188]]` b`` span.": True,
    "Raw <code>[[188]]</code> element.": True,
    "Raw <kbd>[[188]]</kbd> element.": True,
    "A comment <!-- [[188]] --> here.": True,
    "Para.\n\n    [[188]] indented\n": True,
    "Para.\n\n\t[[188]] tab-indented\n": True,
    "- item\n\n    [[188]] list continuation\n": False,
    "- item\n\n        [[188]] code in a list\n": True,
    "!!! note\n\n    [[188]] in an admonition\n": False,
    "!!! note\n\n        [[188]] code in an admonition\n": True,
    "```\n[[188]]\n```\n": True,
    "~~~~\n```\n[[188]]\n~~~~\n": True,
    "- item\n\n    ```\n    [[188]]\n    ```\n": True,
    "Para\n    [[188]] lazy continuation\n": False,
    "<pre>\n[[188]]\n</pre>\n": True,
    "| a | b |\n| - | - |\n| `[[188]]` | x |\n": True,
    "| a | b |\n| - | - |\n| [[188]] | x |\n": False,
}

EXTENSIONS = [
    "abbr",
    "admonition",
    "attr_list",
    "md_in_html",
    "tables",
    "toc",
    "pymdownx.details",
    "pymdownx.superfences",
]


def shown_as_code(text: str) -> bool:
    html = markdown.Markdown(extensions=EXTENSIONS).convert(text)
    inside_code = re.findall(r"<(code|pre|kbd)\b[^>]*>(.*?)</\1>", html, re.S)
    return any("[[188]]" in body for _, body in inside_code) or "<!-- [[188]] -->" in html


@pytest.mark.parametrize("text", list(CONTEXTS))
def test_code_is_what_python_markdown_renders_as_code(text: str) -> None:
    assert shown_as_code(text) == CONTEXTS[text], "the case's expectation disagrees with Markdown"
    cited = [r.value for r in scan(text).references]
    assert cited == ([] if CONTEXTS[text] else ["188"])
    assert scan(text).problems == ()


# -- linear on every input ------------------------------------------------------------------

# The pattern the reader used before it was made linear: the specification of what is code in
# running text (it ran to the end of the text from every unclosed tag: quadratic).
INLINE_CODE_SPECIFICATION = re.compile(
    r"<(?P<tag>code|pre|kbd|samp|script|style)\b[^>]*>.*?</(?P=tag)\s*>"
    r"|<!--.*?-->"
    r"|(?<!\\)(?P<ticks>`+)(?:(?!\n[ \t]*\n).)+?(?<!`)(?P=ticks)(?!`)",
    re.S | re.I,
)
PIECES = ["`", "``", "```", "\\", "<code>", "</code>", "<CODE x>", "</code >", "<pre>"]
PIECES += ["</pre>", "<!--", "-->", ">", "<", "a", " ", "\n", "\n\n", "\n \n", "<codex>"]


def found_as_the_pattern_says(text: str) -> bool:
    return list(inline_code(text)) == [m.span() for m in INLINE_CODE_SPECIFICATION.finditer(text)]


def test_code_in_every_text_of_up_to_three_pieces_is_found_as_the_pattern_says() -> None:
    """Every text of at most three pieces (8,421 of them), in a second: the small cases, all."""
    texts = ["".join(pieces) for n in range(4) for pieces in product(PIECES, repeat=n)]
    assert [t for t in texts if not found_as_the_pattern_says(t)] == []


# Longer texts, sampled: Hypothesis spends about 3 ms on each example it makes (its engine,
# not the reader: 0.2 ms), so the sample is 1,000, the texts of three pieces or fewer being
# checked above.
@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=16).map("".join))
def test_code_in_running_text_is_found_as_the_pattern_says(text: str) -> None:
    assert found_as_the_pattern_says(text)


@pytest.mark.parametrize(
    ("unit", "says"),
    [
        ("![", "brackets left open or nested"),
        ("[x](", "brackets left open or nested"),
        ("*a* ", "marks of inline Markdown"),
        ("<code>a ", "marks of inline Markdown"),
    ],
)
def test_a_paragraph_markdown_would_read_again_and_again_is_one_problem_at_its_line(
    unit: str, says: str
) -> None:
    """Python-Markdown reads these again from each one (32 KB of ``![``: 120 s)."""
    text = "# Title\n\nFine.\n\nText " + unit * (32 * 1024 // len(unit)) + "\n"
    [(line, what)] = scan(text).problems
    assert line == 5 and says in what


def test_tags_that_never_end_are_one_problem_at_the_first() -> None:
    text = "# Title\n\n" + "".join(f"Line <a x='>' {n}\n\n" for n in range(2000))
    [(line, what)] = scan(text).problems
    assert line == 3 and "'<' opening tags that never end" in what


def test_the_sites_pages_are_far_within_the_bounds() -> None:
    for folder in ("docs", "docs_fr"):
        for page in sorted((ROOT / folder).glob("*.md")):
            assert scan(page.read_text(encoding="utf-8")).problems == (), page


# Pages whose raw HTML leaves an element open (or nests past the bound), and the line and element
# of the first, as Material's search index would keep it open to the page's end.
LEFT_OPEN = {
    "short paragraphs of unclosed <code>": ("# T\n\n" + "<code>a\n\n" * 8192, 3, "<code>"),
    "an end tag in the next paragraph": ("# T\n\n" + "<b>a\n\nb</b>\n\n" * 4096, 3, "<b>"),
    "closed out of order": ("# T\n\nA <b><i>x</b></i> y.\n", 3, "<b>"),
    "a block opened in running text": ("# T\n\nA <div> in text.\n\n</div>\n", 3, "<div>"),
    "a block never closed": ("# T\n\nFine.\n\n<details>\n\nText.\n", 5, "<details>"),
    "nested past the bound": ("# T\n\n" + "<span>" * 21 + "x" + "</span>" * 21, 3, "nested"),
    # A raw code element is an element of the HTML too (not only code for citations): closed
    # in the next paragraph, it was taken for one code span and the page accepted (quadratic).
    "<code> closed in the next paragraph": (
        "# T\n\n" + "<code>a\n\n</code>\n\n" * 4096,
        3,
        "<code>",
    ),
    "<kbd>s closed at the page's end": (
        "# T\n\n" + "<kbd>a\n\n" * 4096 + "</kbd>\n\n" * 4096,
        3,
        "<kbd>",
    ),
    "<pre> in running text": ("# T\n\nA <pre>a\n\nb</pre>.\n", 3, "<pre>"),
    "a raw block closed around an open element": (
        "# T\n\n" + "<pre><code>a</pre>\n\n" * 99,
        3,
        "<pre>",
    ),
}
CLOSED = [
    "A <span class='x'>sentence</span>, a line<br>break, an <img src=x.png> image.",
    '<div class="rb-screen" markdown>\n\nA paragraph <b>in</b> it.\n\n</div>',
    "<noscript><p><strong>Needs</strong> JavaScript.</p></noscript>",
    "Autolinks <http://127.0.0.1:8000> and <a@b.c>, escaped \\<b> and `<i>` in code.",
    "A <code>closed</code> one, a self-closed <span/>.",
    # Raw blocks: Markdown copies them whole, blank lines included (no paragraphs in them).
    "<pre><code>a\n\nb\n</code></pre>",
    "<div>\n<span>a\n\nb</span>\n</div>",
]


@pytest.mark.parametrize("shape", list(LEFT_OPEN))
def test_an_element_left_open_is_one_problem_at_the_first(shape: str) -> None:
    text, line, named = LEFT_OPEN[shape]
    [(at, what)] = scan(text).problems
    assert at == line and named in what


@pytest.mark.parametrize("text", CLOSED)
def test_elements_closed_in_order_are_no_problem(text: str) -> None:
    assert scan(f"# T\n\n{text}\n").problems == ()


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("Text " + "[[" * 16_000, "'[[' is never closed on its line"),
        ("Text " + "]]" * 16_000, "']]' closes nothing"),
        ("Text " + "[^" * 16_000, "plain footnotes are not used here"),
        ("Text [[[[[[]]]]]] end.", "[[]]: a stray bracket beside it"),
    ],
    ids=["[[ run", "]] run", "[^ run", "nested"],
)
def test_a_lines_brackets_are_one_problem_however_many(line: str, says: str) -> None:
    """A line of 16,000 '[[' was 16,001 problems, one per '[[' and Markdown's work besides."""
    [(at, what)] = scan(f"# T\n\n{line}\n").problems
    assert at == 3 and what.startswith(says)


def test_separate_faults_of_one_line_are_each_said() -> None:
    said = [what for _, what in scan("A [[ 466 ]] and [[x]] and [[ b.\n").problems]
    assert [what[:20] for what in said] == [
        "[[ 466 ]]: no spaces",
        "[[x]]: not a referen",
        "'[[' is never closed",
    ]
