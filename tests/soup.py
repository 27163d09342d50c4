"""Reading parsed HTML in the tests, typed: what a test needs is there, or the test fails naming it.

BeautifulSoup answers ``None`` for an element that is not found and a list for a
multi-valued attribute (``class``); these helpers turn both into a failure that
says what was looked for, and give the test a ``Tag`` or a ``str`` to work with.
"""

from __future__ import annotations

from typing import Any

import pytest
from bs4 import Tag


def element(found: object, what: str) -> Tag:
    """``found`` (what a ``find…`` call answered) as an element; the test fails if it is none."""
    if not isinstance(found, Tag):
        pytest.fail(f"no element {what} in the HTML (found {found!r})")
    return found


def one(root: Tag, selector: str) -> Tag:
    """The first element under ``root`` matching the CSS ``selector``."""
    return element(root.select_one(selector), f"matching {selector!r}")


def find(root: Tag, *args: Any, **kwargs: Any) -> Tag:
    """``root.find(...)`` that must find an element."""
    described = ", ".join([*map(repr, args), *(f"{k}={v!r}" for k, v in kwargs.items())])
    return element(root.find(*args, **kwargs), f"find({described})")


def attr(tag: Tag, name: str) -> str:
    """The value of the single-valued attribute ``name``; the test fails if ``tag`` lacks it."""
    value = optional_attr(tag, name)
    if value is None:
        pytest.fail(f"<{tag.name}> has no {name!r} attribute: {str(tag)[:200]}")
    return value


def optional_attr(tag: Tag, name: str) -> str | None:
    """The value of the single-valued attribute ``name``, or None if ``tag`` lacks it."""
    value = tag.get(name)
    if value is not None and not isinstance(value, str):
        pytest.fail(f"<{tag.name}> {name!r} is multi-valued ({value!r}), not one value")
    return value
