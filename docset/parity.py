"""Every page has a twin in every language, citing the same rules and embedding the same
examples, in the same order."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from diagnostics import Problem
from docset.pages import DocSet, PageSource, folder_of
from docset.scan import Reference
from vocabulary import SOURCE_LANGUAGE, language_name


def parity_problems(docs: DocSet) -> Iterator[Problem]:
    for (lang, path), page in sorted(docs.pages.items()):
        if (lang, path) in docs.unread:  # its references are not known: its problems say why
            continue
        for other in docs.languages:
            if other != lang and docs.get(other, path) is None and (other, path) not in docs.unread:
                yield Problem(
                    page.display,
                    1,
                    f"no {language_name(other, SOURCE_LANGUAGE)} twin: add {folder_of(other)}/{path}",
                )
        source = docs.get(SOURCE_LANGUAGE, path)
        if (
            lang != SOURCE_LANGUAGE
            and source is not None
            and (SOURCE_LANGUAGE, path) not in docs.unread
        ):
            yield from sequence_problems(source, page, "rule", lambda p: p.rules())
            yield from sequence_problems(source, page, "example", lambda p: p.examples())


def sequence_problems(
    source: PageSource,
    translation: PageSource,
    kind: str,
    pick: Callable[[PageSource], list[Reference]],
) -> Iterator[Problem]:
    """The translation cites the same rules (or embeds the same examples) in the same order."""
    wanted = first_occurrences(pick(source))
    found = first_occurrences(pick(translation))
    for i in range(max(len(wanted), len(found))):
        want = wanted[i] if i < len(wanted) else None
        got = found[i] if i < len(found) else None
        if want is not None and got is not None and want.value == got.value:
            continue
        if got is None and want is not None:
            yield Problem(
                translation.display,
                translation.first_line,
                f"[{want.value}] {source.display}:{want.line} has this {kind}; this page does not",
            )
        elif want is None and got is not None:
            yield Problem(
                translation.display, got.line, f"[{got.value}] {kind} not in {source.display}"
            )
        elif want is not None and got is not None:
            yield Problem(
                translation.display,
                got.line,
                f"[{got.value}] {kind} where {source.display}:{want.line} has [{want.value}] "
                "(every language cites the same ones, in the same order)",
            )
        return  # after the first difference the rest would only repeat it


def first_occurrences(refs: list[Reference]) -> list[Reference]:
    seen: dict[str, Reference] = {}
    for ref in refs:
        seen.setdefault(ref.value, ref)
    return list(seen.values())
