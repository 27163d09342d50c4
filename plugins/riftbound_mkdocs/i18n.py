"""What mkdocs-static-i18n needs from us: French pages from docs_fr/, language metadata."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from docset import LANGUAGE_FOLDERS

FRENCH = "fr"


def building_other_language(config: MkDocsConfig) -> bool:
    """mkdocs-static-i18n rebuilds the site once per extra language, setting ``building``."""
    i18n = config.plugins.get("i18n")
    return bool(getattr(i18n, "building", False))


def localized_path(lang: str, path: str) -> str:
    return path if lang == "en" else str(PurePosixPath(lang) / path)


def page_language(file: File) -> str:
    """The language of a page's content (mkdocs-static-i18n sets ``locale``)."""
    return str(getattr(file, "locale", "en"))


def add_french_files(files: Files, config: MkDocsConfig) -> None:
    """docs_fr/X as fr/X under docs_dir: mkdocs-static-i18n keeps only files under docs_dir."""
    french = Path(config.config_file_path).parent / LANGUAGE_FOLDERS[FRENCH]
    for source in sorted(french.rglob("*")):
        if source.is_file():
            src = f"{FRENCH}/{source.relative_to(french).as_posix()}"
            files.append(File(src, config.docs_dir, config.site_dir, config.use_directory_urls))


def point_at_docs_fr(files: Files, root: Path) -> None:
    """After mkdocs-static-i18n sorted the files: read fr/X from docs_fr/X (and name it so)."""
    french = root / LANGUAGE_FOLDERS[FRENCH]
    for file in files:
        if file.src_uri.startswith(f"{FRENCH}/") and file.generated_by is None:
            file.abs_src_path = str(french / file.src_uri.removeprefix(f"{FRENCH}/"))


def generated_page(config: MkDocsConfig, lang: str, path: str, content: str) -> File:
    """A generated page, with the language metadata mkdocs-static-i18n's switcher reads."""
    file = File.generated(config, localized_path(lang, path), content=content)
    twins = {
        other: file
        if other == lang
        else File.generated(config, localized_path(other, path), content="")
        for other in LANGUAGE_FOLDERS
    }
    file.alternates = twins  # type: ignore[attr-defined]
    file.locale = lang  # type: ignore[attr-defined]
    file.locale_alternate_of = lang  # type: ignore[attr-defined]
    return file
