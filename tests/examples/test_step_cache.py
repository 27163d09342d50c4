"""The step-through cache: a step-through is read back only where everything it follows from
is the same (the code, the scenario, the page, the prefix, the rules), and only if its folder
sealed it; it reads exactly as one rendered anew."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from docset.build import STEPS, SiteBuild, load_site
from tests.conftest import ROOT
from vocabulary import languages
from worked_examples import render, verify
from worked_examples.step_cache import StepCache

PAGE = "resolution-step.md"  # a page with a step-through and other examples


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The site's sources that a load reads, with a cache folder of its own."""
    for folder in ("rules", "examples", "docs", "docs_fr"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    return tmp_path


def load(project: Path) -> SiteBuild:
    return load_site(project, "rules", "examples", ".cache/examples", languages())


def finished(site: SiteBuild, lang: str = "fr", path: str = PAGE) -> str:
    """The page's late HTML, every step-through made."""
    source = site.docs.get(lang, path)
    assert source is not None
    return "".join(site.render_page(source.markdown, lang, path).parts)


def no_rendering(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object, **kwargs: object) -> str:
        raise AssertionError("a step-through was rendered again")

    monkeypatch.setattr(render.ExampleRenderer, "steps", fail)


def entries(project: Path) -> list[Path]:
    return sorted((project / ".cache" / "examples" / STEPS).glob("*.html"))


def test_a_second_build_reads_every_step_through_back_exactly(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = finished(load(project))
    assert entries(project)
    no_rendering(monkeypatch)
    assert finished(load(project)) == first  # a new build: only the folder remains


@pytest.mark.parametrize(
    "change", ["another page", "another language", "the scenario", "the rules", "the code"]
)
def test_a_step_through_is_rendered_again_when_what_it_follows_from_changes(
    project: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    finished(load(project))
    rendered: list[str] = []
    steps = render.ExampleRenderer.steps

    def counting(self: render.ExampleRenderer, prefix: str | None = None) -> str:
        rendered.append(self.run.id)
        return steps(self, prefix)

    monkeypatch.setattr(render.ExampleRenderer, "steps", counting)
    if change == "the scenario":
        file = project / "examples" / "whole-combat.yml"
        file.write_text(file.read_text("utf-8").replace("\n", "\n\n", 1), "utf-8")
    site = load(project)
    if change == "the rules":  # another number or name of a rule: another hash of them
        site.said["fr"] = "the hash of another rulebook"
    elif change == "the code":
        site.code = "the hash of other code"
    if change == "another page":  # the same examples, linked from elsewhere
        source = site.docs.get("fr", PAGE)
        assert source is not None
        assert site.render_page(source.markdown, "fr", "elsewhere/page.md").parts
    else:
        finished(site, "en" if change == "another language" else "fr")
    assert rendered, change
    if change == "the scenario":
        assert set(rendered) == {"whole-combat"}  # the others are read back


def test_an_entry_not_whole_or_not_this_folders_is_rendered_again(project: Path) -> None:
    first = finished(load(project))
    originals = {entry: entry.read_bytes() for entry in entries(project)}
    elsewhere = StepCache(project / "elsewhere")
    for n, (entry, data) in enumerate(originals.items()):
        if n % 3 == 0:
            entry.write_bytes(data[: len(data) // 2])  # cut short
        elif n % 3 == 1:
            entry.write_bytes(data.replace(b"<li", b"<li onclick=alert(1)", 1))  # changed
        else:  # sealed by another folder
            assert elsewhere.seal is not None
            elsewhere.seal.write(entry, entry.stem, b"<p>forged</p>")
    assert finished(load(project)) == first
    assert {entry: entry.read_bytes() for entry in entries(project)} == originals


def test_the_folder_keeps_what_a_build_used_and_the_newest_others(project: Path) -> None:
    site = load(project)
    finished(site)
    used = entries(project)
    folder = project / ".cache" / "examples" / STEPS
    for n in range(verify.KEPT_AT_LEAST + 10):
        (folder / f"{n:064x}.html").write_bytes(b"an entry of another build")
    site.steps.prune()
    kept = entries(project)
    assert set(used) <= set(kept) and len(kept) == verify.KEPT_AT_LEAST
