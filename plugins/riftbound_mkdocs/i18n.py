"""What mkdocs-static-i18n needs from us: each language's pages from its own folder, and
language metadata on the pages we generate."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

import links
from docset.pages import folder_of
from vocabulary import SOURCE_LANGUAGE


def site_languages(config: MkDocsConfig) -> tuple[str, ...]:
    """The languages mkdocs-static-i18n builds (declared once, in mkdocs.yml), source first."""
    i18n = config.plugins.get("i18n")
    declared = [lang.locale for lang in i18n.config.languages] if i18n else [SOURCE_LANGUAGE]
    if SOURCE_LANGUAGE not in declared:
        raise PluginError(f"mkdocs.yml: the i18n plugin must build '{SOURCE_LANGUAGE}'")
    return (SOURCE_LANGUAGE, *(lang for lang in declared if lang != SOURCE_LANGUAGE))


def building_other_language(config: MkDocsConfig) -> bool:
    """mkdocs-static-i18n rebuilds the site once per extra language, setting ``building``."""
    i18n = config.plugins.get("i18n")
    return bool(getattr(i18n, "building", False))


def page_language(file: File) -> str:
    """The language of a page's content (mkdocs-static-i18n sets ``locale``)."""
    return str(getattr(file, "locale", SOURCE_LANGUAGE))


def page_of(file: File) -> links.Page:
    lang = page_language(file)
    return links.Page(lang, file.src_uri.removeprefix(links.language_folder(lang)))


def add_language_files(files: Files, config: MkDocsConfig, languages: tuple[str, ...]) -> None:
    """docs_<lang>/X as <lang>/X under docs_dir: mkdocs-static-i18n keeps only files there."""
    root = Path(config.config_file_path).parent
    for lang in languages[1:]:
        folder = root / folder_of(lang)
        for source in sorted(folder.rglob("*")):
            if source.is_file():
                uri = links.Page(lang, source.relative_to(folder).as_posix()).uri
                files.append(File(uri, config.docs_dir, config.site_dir, config.use_directory_urls))


def point_at_sources(files: Files, root: Path, languages: tuple[str, ...]) -> None:
    """After mkdocs-static-i18n sorted the files: read <lang>/X from docs_<lang>/X."""
    for file in files:
        for lang in languages[1:]:
            prefix = links.language_folder(lang)
            if file.src_uri.startswith(prefix) and file.generated_by is None:
                file.abs_src_path = str(root / folder_of(lang) / file.src_uri.removeprefix(prefix))


def generated_page(
    config: MkDocsConfig, page: links.Page, content: str, languages: tuple[str, ...]
) -> File:
    """A generated page, with the language metadata mkdocs-static-i18n's switcher reads."""
    file = File.generated(config, page.uri, content=content)
    twins = {
        other: file
        if other == page.lang
        else File.generated(config, links.Page(other, page.path).uri, content="")
        for other in languages
    }
    file.alternates = twins  # type: ignore[attr-defined]
    file.locale = page.lang  # type: ignore[attr-defined]
    file.locale_alternate_of = page.lang  # type: ignore[attr-defined]
    return file
