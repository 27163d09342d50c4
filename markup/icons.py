"""The theme's own icons, inlined into the site's controls at build.

mkdocs-material (pinned in pyproject.toml) ships its icon sets as SVG files in its templates'
``.icons`` folder, the icons its own header and search draw. A control of ours takes one of
them by name, inlined: no font glyph (Debian's fonts have no ⏮ or ⏭, which then show as
empty boxes), no file to fetch (from disk or offline), the colour of the text around it.
The package is found, not imported: this module knows nothing of MkDocs. The engine in the
reader's browser draws the same controls: its code archive carries the few icon files it
draws at the same place under a folder of that name (``packed``), where this module finds
them the same way.

>>> icon("material/page-first")[:91]
'<svg class="rb-svg" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg"'
"""

from __future__ import annotations

import re
from functools import cache
from importlib.util import find_spec
from pathlib import Path

THEME_PACKAGE = "material"
# An icon's name: its set and its file, as the theme's templates name them.
NAME = re.compile(r"[a-z0-9-]+/[a-z0-9-]+")
# What an icon file of the theme is: one <svg> holding paths only (no script, no style, no
# link): anything else is refused rather than put in every page.
SHAPE = re.compile(
    r'<svg xmlns="http://www\.w3\.org/2000/svg" viewBox="(?P<view>[0-9. ]+)">'
    r'(?P<paths>(<path d="[^"<>]*"/>)+)</svg>'
)
ICONS_FOLDER = "templates/.icons"  # in the theme's package
HIDDEN = 'class="rb-svg" aria-hidden="true" focusable="false"'


class IconError(ValueError):
    """An icon the theme does not ship, or a file of it that is not a plain icon."""


def folder() -> Path:
    """The theme's icon folder (``material/templates/.icons``)."""
    spec = find_spec(THEME_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise IconError(f"the theme's package '{THEME_PACKAGE}' is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / ICONS_FOLDER


@cache
def parts(name: str) -> tuple[str, str]:
    """The theme's icon ``name`` (``material/page-first``): its view box and its paths."""
    if not NAME.fullmatch(name):
        raise IconError(f"'{name}' is not an icon's name (set/name, e.g. material/page-first)")
    file = folder() / f"{name}.svg"
    try:
        svg = file.read_text(encoding="utf-8").strip()
    except OSError as error:
        raise IconError(f"{file}: the theme has no icon '{name}' ({error.strerror})") from None
    found = SHAPE.fullmatch(svg)
    if found is None:
        raise IconError(f"{file}: not an icon of paths only; refused")
    return found["view"], found["paths"]


def icon(name: str) -> str:
    """The theme's icon ``name``, drawn where it stands, hidden from screen readers (the
    control it stands in names itself) and never a tab stop."""
    view, paths = parts(name)
    return f'<svg {HIDDEN} xmlns="http://www.w3.org/2000/svg" viewBox="{view}">{paths}</svg>'


def symbol(name: str, symbol_id: str) -> str:
    """Icon ``name`` defined once in a page, under ``symbol_id``, for ``use`` to draw as many
    times as the page needs it (a page of rules draws one per heading).

    >>> symbol("material/close", "rb-close")[:60]
    '<svg hidden><symbol id="rb-close" viewBox="0 0 24 24"><path '
    """
    view, paths = parts(name)
    return f'<svg hidden><symbol id="{symbol_id}" viewBox="{view}">{paths}</symbol></svg>'


def use(symbol_id: str) -> str:
    """An icon a page defined with ``symbol``, drawn where it stands, hidden from screen
    readers like ``icon``'s.

    >>> use("rb-close")
    '<svg class="rb-svg" aria-hidden="true" focusable="false"><use href="#rb-close"/></svg>'
    """
    return f'<svg {HIDDEN}><use href="#{symbol_id}"/></svg>'


def packed(name: str) -> tuple[str, bytes]:
    """Icon ``name``'s file as a code archive carries it: its path from the archive's root
    (as from the folder holding the theme's package) and its bytes, checked.

    >>> packed("material/page-first")[0]
    'material/templates/.icons/material/page-first.svg'
    """
    parts(name)  # a name the theme ships, a file that is an icon
    return f"{THEME_PACKAGE}/{ICONS_FOLDER}/{name}.svg", (folder() / f"{name}.svg").read_bytes()
