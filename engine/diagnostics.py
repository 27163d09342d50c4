"""Problems found in source files, reported one line each: ``file:line: message``.

Every loader in the project collects all the problems of an input before
failing, so an author fixes a whole file in one pass.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in one place of one file."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"


class ProblemsFound(Exception):
    """Raised with every problem of an input, never just the first."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))
