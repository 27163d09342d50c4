"""Tests written before the fix they prove (issue 10): each fails on today's code.

``awaiting(fix)`` marks such a test as an expected failure, strictly: it must
fail with an AssertionError (anything else is a real error), and the day the
fix lands the test passes, pytest reports XPASS(strict) as a failure, and the
marker must go. ``pytest --runxfail`` shows how each one fails today.
"""

from __future__ import annotations

import pytest


def awaiting(fix: str) -> pytest.MarkDecorator:
    return pytest.mark.xfail(
        strict=True, raises=AssertionError, reason=f"issue 10, awaiting the fix: {fix}"
    )
