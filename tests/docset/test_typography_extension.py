"""Typography on a page's prose: never in code, URLs, attributes or quoted English."""

from __future__ import annotations

import markdown

from docset.typography_extension import TypographyExtension
from vocabulary import typeset

PAGE = """\
Résultat : « aucun résultat » ; l'unité gagne ! Vraiment ?

Du code `a : b ; l'x` et un [lien](https://example.org/?q=l'x "titre : ici").

```
bloc : l'exemple ; code
```

<span lang="en">Quoted English: don't</span> puis **gras** : suite.
"""


def render(lang: str) -> str:
    return markdown.Markdown(
        extensions=["attr_list", "md_in_html", "pymdownx.superfences", TypographyExtension(lang)]
    ).convert(PAGE)


def test_french_prose_gets_its_spaces_and_apostrophes() -> None:
    html = render("fr")
    assert (
        "Résultat\u00a0: «\u00a0aucun résultat\u00a0»\u202f; l’unité gagne\u202f! Vraiment\u202f?"
        in html
    )
    assert "</strong>\u00a0: suite" in html


def test_code_urls_attributes_and_english_are_left_as_written() -> None:
    html = render("fr")
    assert "<code>a : b ; l'x</code>" in html
    assert 'href="https://example.org/?q=l\'x"' in html and 'title="titre : ici"' in html
    assert "bloc : l'exemple ; code" in html
    assert '<span lang="en">Quoted English: don\'t</span>' in html


def test_the_source_language_is_untouched() -> None:
    assert "\u00a0" not in render("en") and "’" not in render("en")


def test_the_theme_s_attributes_and_title_are_typeset_outside_other_languages() -> None:
    from docset.typography_extension import typeset_attributes

    page = (
        '<title>Glossaire : notes</title><a href="x.html?a=b:c" aria-label="Précédent: Accueil">'
        'Suivant: texte</a><span lang="en" title="Note: as is">x</span>'
        '<button title="Copier ?">'
    )
    assert typeset_attributes(page, "fr") == (
        "<title>Glossaire\u00a0: notes</title>"
        '<a href="x.html?a=b:c" aria-label="Précédent\u00a0: Accueil">Suivant: texte</a>'
        '<span lang="en" title="Note: as is">x</span><button title="Copier\u202f?">'
    )
    assert typeset_attributes(page, "en") == page
    # A value is typeset as the text it stands for: "&amp;amp;" is the text "&amp;", no mark.
    literal = '<a title="R&amp;amp;D &lt;b&gt; 3 &lt; 4"><title>&amp;lt;x&amp;gt;</title>'
    assert typeset_attributes(literal, "fr") == literal


def test_digit_groups_are_held_together() -> None:
    assert typeset("1 000 000 de dégâts, 12 345 et 2026", "fr") == (
        "1\u202f000\u202f000 de dégâts, 12\u202f345 et 2026"
    )


def test_a_mark_before_a_citation_is_held_to_its_word_and_after_an_ellipsis_too() -> None:
    """A page's citation is a mark the build places there (\\ue000…\\ue001) when the text is
    typeset: "choisit :[[465]]" and "défenseur ;[[459]]" keep their no-break spaces, and so does
    "… ;" after a code span."""
    cited = "\ue000\ue011\ue010\ue001"
    assert typeset(f"il choisit :{cited}", "fr") == f"il choisit\u00a0:{cited}"
    assert typeset(f"de défenseur ;{cited}", "fr") == f"de défenseur\u202f;{cited}"
    assert typeset("… ; une", "fr") == "…\u202f; une"
