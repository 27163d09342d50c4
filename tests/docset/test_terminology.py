"""One term per concept: variants in any inflection are flagged; quotations and code may use any."""

from __future__ import annotations

from pathlib import Path

import pytest

from diagnostics import ProblemsFound
from docset import terminology
from docset.scan import scan
from docset.terminology import Terminology, Text, load_terminology


def french() -> Terminology:
    found = load_terminology("fr")
    assert found is not None
    return found


TEXT = """\
Le combat est organisé ici, pour les organisateurs qui organisent un tournoi organisé.
Des dégâts létaux, mais « létal » se cite, et `organisé` aussi.
Une dénomination, une "confrontation organisée" entre guillemets.
```
organisé dans du code
```
Le nettoyage tue les unités ; elles sont tuées. Il faut établir le contrôle.
Il fait la conquête, et les dégâts sont soignés.
"""


def test_variants_in_any_inflection_outside_quotations_and_code_are_flagged() -> None:
    found = [(line, variant) for line, variant, _ in french().variants(scan(TEXT).prose)]
    assert found == [
        (1, "combat est organisé"),
        (2, "létaux"),
        (3, "dénomination"),
        (7, "tue"),
        (7, "tuées"),
        (7, "établir le contrôle"),
        (8, "fait la conquête"),
        (8, "dégâts sont soignés"),
    ]
    assert french().term_for("tuées") == "éliminer"


def test_the_variants_of_record_zones_recall_and_presence_are_flagged() -> None:
    text = (
        "La compétence est mémorisée, on la mémorise. Elle part en bannissement. "
        "L’attaquant retourne dans sa base. Deux unités sont sur le champ de bataille ; des "
        "unités sur ce champ. Il est le seul joueur au champ de bataille."
    )
    found = [variant for _, variant, _ in french().variants(text)]
    assert found == [
        "mémorisée",
        "mémorise",
        "en bannissement",
        "retourne dans sa base",
        "sont sur le champ",
        "unités sur ce champ",
        "seul joueur au champ",
    ]
    clean = (
        "La compétence est conservée. Elle va dans la zone de bannissement. L’attaquant est "
        "rappelé dans sa base. Deux unités sont au champ de bataille ; un effet place un "
        "défenseur sur ce champ. Il est le seul joueur à avoir des unités au champ de bataille."
    )
    assert list(french().variants(clean)) == []


def test_glossary_terms_pass() -> None:
    clean = "Un combat préparé, des dégâts mortels, la désignation d’attaquant ; il tuera… non."
    assert [v for _, v, _ in french().variants(clean)] == ["tuera"]
    assert (
        list(french().variants("Un combat préparé élimine ; il prend le contrôle et conquiert."))
        == []
    )


def test_a_page_may_keep_a_word_it_quotes_from_a_source() -> None:
    text = Text("docs_fr/x.md", 10, "Ligne.\nLe nettoyage tue.", kept=frozenset({"tue"}))
    assert list(french().problems([text])) == []
    problems = [
        str(p) for p in french().problems([Text("docs_fr/x.md", 10, "Ligne.\nLe nettoyage tue.")])
    ]
    assert problems == ["docs_fr/x.md:11: 'tue': the glossary's term is éliminer"]


def test_every_language_without_a_list_has_no_check() -> None:
    assert load_terminology("en") is None


def test_a_list_that_is_not_utf8_is_one_problem_at_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    listed = tmp_path / "terminology.txt"
    listed.write_bytes("# variants\nlétal\tmortel\n".encode() + "tué\ttuer\n".encode("latin-1"))
    monkeypatch.setattr(terminology, "terminology_path", lambda lang: listed)
    with pytest.raises(ProblemsFound) as raised:
        load_terminology("fr")
    [problem] = raised.value.problems
    assert problem.path == "vocabulary/locales/fr/terminology.txt" and problem.line == 3
