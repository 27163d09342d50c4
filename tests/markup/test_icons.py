"""The theme's icons, inlined: found by name in mkdocs-material's own set, hidden from screen
readers, and refused when a name or a file is not what an icon is."""

from __future__ import annotations

from pathlib import Path

import pytest

from markup import icons


def test_an_icon_is_the_themes_file_hidden_from_screen_readers() -> None:
    file = icons.folder() / "material" / "page-last.svg"
    assert file.is_file()  # the theme's own set, where its templates take their icons
    inlined = icons.icon("material/page-last")
    assert inlined == file.read_text(encoding="utf-8").strip().replace(
        "<svg ", '<svg class="rb-svg" aria-hidden="true" focusable="false" ', 1
    )


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("material/no-such-icon", "the theme has no icon 'material/no-such-icon'"),
        ("../../../etc/passwd", "is not an icon's name"),
        ("material/page-first.svg", "is not an icon's name"),
        ("page-first", "is not an icon's name"),
    ],
)
def test_a_name_the_theme_does_not_ship_is_refused(name: str, said: str) -> None:
    with pytest.raises(icons.IconError, match=said):
        icons.icon(name)


@pytest.mark.parametrize(
    "content",
    [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><script>go()</script></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="go()"><path d="M0 0"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0" style="x"/></svg>',
        "not an icon",
    ],
)
def test_a_file_that_is_not_a_plain_icon_is_refused(
    content: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "material").mkdir()
    (tmp_path / "material" / "odd.svg").write_text(content, encoding="utf-8")
    monkeypatch.setattr(icons, "folder", lambda: tmp_path)
    icons.parts.cache_clear()
    try:
        with pytest.raises(icons.IconError, match="not an icon of paths only; refused"):
            icons.icon("material/odd")
    finally:
        icons.parts.cache_clear()
