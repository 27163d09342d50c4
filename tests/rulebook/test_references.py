"""Finding ``[[466.3.a]]`` and ``[[example: id]]`` in Markdown, outside code."""

from __future__ import annotations

from rulebook.references import find_references, replace_references

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

[[not a rule]] and [[466.3.a]] again.
"""


def test_finds_rules_and_examples_with_lines_outside_code() -> None:
    found = [(r.kind, r.value, r.line) for r in find_references(PAGE)]
    assert found == [
        ("rule", "466.3.a", 1),
        ("rule", "470", 1),
        ("example", "four-vs-four", 13),
        ("invalid", "not a rule", 15),
        ("rule", "466.3.a", 15),
    ]


def test_replacement_leaves_code_untouched() -> None:
    refs = find_references(PAGE)
    out = replace_references(PAGE, refs, lambda r: f"<{r.value}>")
    assert "`[[466.3.b]]`" in out and "A fenced [[466.5.b]]" in out and "[[418.1]]" in out
    assert out.startswith("Intro cites <466.3.a> and <470>.")
