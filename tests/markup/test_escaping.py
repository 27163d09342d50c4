"""Data lands in a page as text: each escape, with what it must turn into, written here."""

from __future__ import annotations

import json

import markup

HOSTILE = "<img src=x onerror=\"alert(1)\"> & 'R&D'"


def test_text_escapes_markup_and_ampersands() -> None:
    assert markup.text(HOSTILE) == ("&lt;img src=x onerror=\"alert(1)\"&gt; &amp; 'R&amp;D'")


def test_an_attribute_escapes_its_quotes_too() -> None:
    assert markup.attribute(HOSTILE) == (
        "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#x27;R&amp;D&#x27;"
    )


def test_a_text_with_holes_escapes_the_text_and_fills_only_the_holes() -> None:
    value = f"<b>{markup.hole('rule')}</b> & {markup.hole('none')}"
    filled = markup.text_with(value, {"rule": '<a href="r.html">470</a>'})
    assert filled == '&lt;b&gt;<a href="r.html">470</a>&lt;/b&gt; &amp; '


def test_json_in_a_script_cannot_end_it_nor_start_an_entity() -> None:
    value = {"name": "</script><script>alert(1)</script> &amp;"}
    written = markup.script_json(value)
    assert "<" not in written and ">" not in written and "&" not in written
    assert json.loads(written) == value


def test_a_markdown_literal_reads_as_written() -> None:
    assert markup.markdown_literal("*a* [b](c) | <i>") == r"\*a\* \[b\]\(c\) \| &lt;i&gt;"


def test_a_template_text_is_escaped_once() -> None:
    assert str(markup.template_text('<b>"R&D"</b>')) == "&lt;b&gt;&#34;R&amp;D&#34;&lt;/b&gt;"


def test_a_citation_mark_gives_back_its_number() -> None:
    for index in (0, 7, 10, 123):
        found = markup.CITATION.fullmatch(markup.citation_mark(index))
        assert found is not None and markup.citation_index(found) == index


def test_the_builds_marks_in_data_are_found_at_their_line() -> None:
    assert markup.reserved_problem("a\nb <!-- rb-late:3 -->") == (
        2,
        "'<!-- rb-late:' is reserved by the build",
    )
    assert markup.reserved_problem("a\n\nc <!-- rb:example-0 -->") == (
        3,
        "'<!-- rb:' is reserved by the build",
    )
    assert markup.reserved_problem("x\ue000") == (
        1,
        "the character U+E000 is reserved by the build",
    )
    assert markup.reserved_problem("a\n\ue001 b\nc\nd") == (
        2,
        "the character U+E001 is reserved by the build",
    )
    assert markup.reserved_problem("<!-- a comment -->") is None
