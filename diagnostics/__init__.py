"""Problems found in source files, reported one line each: ``file:line: message``.

The error kernel every layer shares (the engine, the rules model, the pages):
every loader collects all the problems of an input before failing, so an
author fixes a whole file in one pass, and reads its sources through
``read_source``, so no input file can end a build with a traceback. Build caches
write their entries through ``store``.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Container, Iterable
from dataclasses import dataclass, field
from pathlib import Path

# The largest source file any loader accepts (a page, a rules file, a scenario).
MAX_SOURCE_BYTES = 16 * 1024 * 1024


# A node of a data file, by the keys and list indices from its root: ("units", 2, "might").
NodePath = tuple[str | int, ...]


@dataclass(frozen=True)
class Term:
    """A word of the catalogs, by its key ("zone:trash"): said in the reader's language."""

    key: str


@dataclass(frozen=True)
class Place:
    """A field of a data file: its dotted path on the command line, its label in a form."""

    at: NodePath


@dataclass(frozen=True)
class Named:
    """Something a data file names by its id (a player, a unit, an ability): its id on the
    command line, its name where a reader sees the board."""

    kind: str
    id: str


@dataclass(frozen=True)
class Said:
    """A message by its key in the catalogs, with typed parameters: rendered in any language by
    ``vocabulary.say`` (data stays as written; terms, places and names as the reader sees them)."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()

    def get(self, name: str) -> Param | None:
        return next((value for key, value in self.params if key == name), None)


Param = str | int | Term | Place | Named | Said


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in one place of one file.

    ``message`` is the English line the command line prints after ``file:line:``. A problem of
    a data file's field also carries the field (``at``) and what it says as a message of the
    catalogs (``said``, without the field): a reader's language and a form render it from
    those, never by parsing ``message``.
    """

    path: str
    line: int
    message: str
    at: NodePath | None = field(default=None, compare=False)
    said: Said | None = field(default=None, compare=False)

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"


class ProblemsFound(Exception):
    """Raised with every problem of an input, never just the first."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))


def read_source(file: Path, shown: str, limit: int = MAX_SOURCE_BYTES) -> str:
    """The text of a UTF-8 source file, or ProblemsFound with one line saying why not.

    A byte-order mark is refused by name (editors add it silently; it breaks the
    first line), as are NUL bytes, which no text format here allows.
    """
    try:
        if file.is_dir():
            raise ProblemsFound([Problem(shown, 0, "is a folder, not a file")])
        size = file.stat().st_size
        if size > limit:
            raise ProblemsFound(
                [Problem(shown, 0, f"too large: {size:,} bytes (the limit is {limit:,})")]
            )
        data = file.read_bytes()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise ProblemsFound([Problem(shown, 0, f"cannot read: {reason}")]) from None
    return decode_source(data, shown)


def decode_source(data: bytes, shown: str) -> str:
    """``data`` as UTF-8 text; a BOM, a NUL or invalid UTF-8 is one problem at its line."""
    if data.startswith(b"\xef\xbb\xbf"):
        raise ProblemsFound(
            [
                Problem(
                    shown,
                    1,
                    "starts with a byte-order mark (BOM): save the file as UTF-8 without BOM",
                )
            ]
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise ProblemsFound(
            [
                Problem(
                    shown,
                    line,
                    f"not UTF-8 text (byte 0x{data[error.start]:02x}): save it as UTF-8",
                )
            ]
        ) from None
    nul = text.find("\0")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        raise ProblemsFound([Problem(shown, line, "contains a NUL character")])
    return text


# A writer's temporary file older than this was left by a writer killed before it finished.
ABANDONED_SECONDS = 3600
TEMPORARY = ".*.tmp"  # the names ``store`` gives its temporary files (mkstemp's prefix, suffix)


def forget_abandoned(folder: Path) -> None:
    """Delete the temporary files ``store`` left in ``folder`` when a writer was killed
    mid-write (an hour old: a live writer's is seconds old), so a cache does not grow."""
    now = time.time()
    for file in folder.glob(TEMPORARY):
        try:
            if file.stat().st_mtime < now - ABANDONED_SECONDS:
                file.unlink()
        except OSError:  # finished or deleted meanwhile
            continue


def keep_newest(
    folder: Path, patterns: Iterable[str], keep: int, spare: Container[str] = ()
) -> None:
    """Delete all of a cache's entries (files of ``folder`` matching ``patterns``) but the
    ``keep`` used last (reading one touches it) and those named in ``spare``; and the
    temporary files killed writers left (``forget_abandoned``). A cache so kept does not grow
    with every change to what it caches."""
    entries = []
    for file in (f for pattern in patterns for f in folder.glob(pattern)):
        if file.name in spare:
            continue
        try:
            entries.append((file.stat().st_mtime_ns, file.name, file))
        except OSError:  # deleted meanwhile by another build
            continue
    for _, _, old in sorted(entries, reverse=True)[max(keep, 0) :]:
        old.unlink(missing_ok=True)
    forget_abandoned(folder)


def store(file: Path, content: bytes) -> bool:
    """Write a cache entry whole or not at all: through a temporary file of this writer's own,
    so builds sharing a cache never see one another's half-written entries. False if it
    could not be written (the entry is then not cached; the build goes on)."""
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(content)
            os.replace(temporary, file)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True
