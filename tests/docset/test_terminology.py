"""French pages keep one term per concept; quotations and code may use any word."""

from __future__ import annotations

from docset.terminology import variants

TEXT = """\
Le combat est organisé ici, pour les organisateurs qui organisent un tournoi organisé.
Des dégâts létaux, mais « létal » se cite, et `organisé` aussi.
Une dénomination, une "confrontation organisée" entre guillemets.
```
organisé dans du code
```
"""


def test_variants_outside_quotations_and_code_are_flagged_with_their_line() -> None:
    assert list(variants(TEXT)) == [
        (1, "combat est organisé", "préparé"),
        (2, "létaux", "mortel (dégâts mortels)"),
        (3, "dénomination", "désignation"),
    ]


def test_glossary_terms_pass() -> None:
    assert (
        list(variants("Un combat préparé, des dégâts mortels, la désignation d'attaquant.")) == []
    )
