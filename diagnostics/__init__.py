"""Problems found in source files, reported one line each: ``file:line: message``.

The error kernel every layer shares (the engine, the rules model, the pages):
every loader collects all the problems of an input before failing, so an
author fixes a whole file in one pass, and reads its sources through
``read_source``, so no input file can end a build with a traceback. Build caches
write their entries through ``store``, sealed (``Seal``) where an entry cannot be
checked against what it was made from.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import stat
from collections.abc import Container, Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from diagnostics.writing import claim_file, sweep

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
class Line:
    """The line of a data file where one of its fields (``at``) starts: "line 24" on the
    command line, the field as a form labels it where the reader never saw the file."""

    number: int
    at: NodePath


@dataclass(frozen=True)
class Said:
    """A message by its key in the catalogs, with typed parameters: rendered in any language by
    ``vocabulary.say`` (data stays as written; terms, places and names as the reader sees them)."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()

    def get(self, name: str) -> Param | None:
        return next((value for key, value in self.params if key == name), None)


Param = str | int | Term | Place | Named | Line | Said


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
    """Raised with every problem of an input, never just the first; ``notes`` say, once,
    what could not be checked because of them."""

    def __init__(self, problems: Iterable[Problem], notes: Iterable[str] = ()) -> None:
        self.problems = sorted(set(problems))
        self.notes = tuple(notes)
        super().__init__("\n".join([*(str(p) for p in self.problems), *self.notes]))


def read_source(
    file: Path, shown: str, limit: int = MAX_SOURCE_BYTES, root: Path | None = None
) -> str:
    """The text of a UTF-8 source file, or ProblemsFound with one line saying why not.

    Only a regular file is read (a folder, a device, a named pipe or a socket is refused by
    name, whatever a link in front of it), and at most ``limit`` bytes of it, whatever its
    size says (``/dev/zero`` says 0). With ``root``, the file, once its links are followed,
    must be inside ``root``: a link may point elsewhere in the project, never out of it. A
    byte-order mark is refused by name (editors add it silently; it breaks the first line),
    as are NUL bytes, which no text format here allows.
    """
    return decode_source(read_bounded(file, shown, limit, root), shown)


def kind_of(mode: int) -> str | None:
    """What a file of ``mode`` is, if not a regular file: "a folder", "a device"…"""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def outside_problem(file: Path, shown: str, root: Path) -> Problem | None:
    """A problem if ``file``, once its links are followed, is not inside ``root``."""
    try:
        target = file.resolve()
    except (OSError, RuntimeError):  # RuntimeError: a loop of links (Python 3.11)
        return Problem(shown, 0, "cannot read: a loop of links")
    if target.is_relative_to(root.resolve()):
        return None
    return Problem(shown, 0, f"a link to {target}, outside the project: not read")


def source_problem(file: Path, shown: str, root: Path | None = None) -> Problem | None:
    """Why ``file`` is not a source the build may read or publish, or None: it is not a
    regular file, or (with ``root``) it is a link to something outside ``root``."""
    if root is not None and (outside := outside_problem(file, shown, root)):
        return outside
    try:
        kind = kind_of(file.stat().st_mode)
    except OSError as error:
        return cannot_read(shown, error)
    if kind is None:
        return None
    return Problem(shown, 0, f"is {kind}, not a file" if kind.startswith("a ") else kind)


def read_bounded(file: Path, shown: str, limit: int, root: Path | None = None) -> bytes:
    """At most ``limit`` bytes of a regular file (``source_problem`` says what else is
    refused); ProblemsFound past the limit. Opened without blocking, and its kind checked
    again once open: a file swapped for a pipe meanwhile cannot hang the reader."""
    return b"".join(pieces_of(file, shown, limit, root))


def pieces_of(
    file: Path, shown: str, limit: int, root: Path | None = None, piece: int = 1 << 20
) -> Iterator[bytes]:
    """``read_bounded``'s bytes a piece at a time, for a reader that keeps none of them: the
    limit's ProblemsFound comes before the piece that passes it."""
    if problem := source_problem(file, shown, root):
        raise ProblemsFound([problem])
    try:
        handle = os.open(file, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise ProblemsFound([cannot_read(shown, error)]) from None
    try:
        kind = kind_of(os.fstat(handle).st_mode)
        if kind is not None:
            raise ProblemsFound([Problem(shown, 0, f"is {kind}, not a file")])
        left = limit
        while True:
            try:
                chunk = os.read(handle, min(left + 1, piece))
            except OSError as error:
                raise ProblemsFound([cannot_read(shown, error)]) from None
            if not chunk:
                return
            left -= len(chunk)
            if left < 0:
                raise ProblemsFound(
                    [Problem(shown, 0, f"too large: over {limit:,} bytes (the limit)")]
                )
            yield chunk
    finally:
        os.close(handle)


def cannot_read(shown: str, error: OSError) -> Problem:
    return Problem(shown, 0, f"cannot read: {error.strerror or type(error).__name__}")


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


TEMPORARY = ".*.tmp"  # the names ``store`` gives its temporary files (their prefix, suffix)


def forget_abandoned(folder: Path) -> None:
    """Delete the temporary files ``store`` left in ``folder`` when a writer was killed
    mid-write (at once: a live writer's is locked, ``diagnostics.writing``), so a cache does
    not grow."""
    sweep(folder, TEMPORARY)


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
        claim = claim_file(file.parent, ".", ".tmp")
        try:
            with os.fdopen(claim.fd, "wb", closefd=False) as out:
                out.write(content)
            os.replace(claim.path, file)
        except BaseException:
            claim.path.unlink(missing_ok=True)
            raise
        finally:
            claim.release()
    except OSError:
        return False
    return True


# -- cache entries that cannot lie ------------------------------------------------------------

SECRET = ".secret"  # in each cache folder: what seals its entries (``Seal``)
SECRET_BYTES = 32
SEAL_SUFFIX = ".seal"  # beside an entry stored as it is (``Seal.write_beside``)


def tracked_by_git(file: Path) -> bool:
    """Whether git tracks ``file`` (False outside a repository, or without git)."""
    import subprocess  # only builds ask: not the engine in the reader's browser

    try:
        done = subprocess.run(
            ["git", "ls-files", "--error-unmatch", "--", file.name],
            cwd=file.parent,
            capture_output=True,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def sealed_beside(file: Path) -> Path:
    """Where the seal of an entry stored as it is (``Seal.write_beside``) is kept."""
    return file.with_name(file.name + SEAL_SUFFIX)


class Seal:
    """Seals a cache folder's entries with a secret of that folder, made on first use: an
    entry read back is used only if it is whole and this folder's (a forged, foreign or
    truncated one is not). A secret that git tracks, come with a clone or a pull request, is
    never used: then nothing is read from the folder, nor written to it (``usable``).

    An entry is its seal (HMAC-SHA256 of its key and content, in hex), a newline, its content.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.secret = self._secret()

    @property
    def usable(self) -> bool:
        return self.secret is not None

    def _secret(self) -> bytes | None:
        """The folder's secret, made whole or read whole (builds at once make one between
        them: each writes its own, links it into place, and reads the one that got there)."""
        file = self.folder / SECRET
        try:
            if not file.exists():
                self.folder.mkdir(parents=True, exist_ok=True)
                mine = claim_file(self.folder, ".", ".tmp")
                try:
                    with os.fdopen(mine.fd, "wb", closefd=False) as out:
                        out.write(os.urandom(SECRET_BYTES))
                    with suppress(FileExistsError):  # another build's got there first
                        os.link(mine.path, file)
                finally:
                    mine.path.unlink(missing_ok=True)
                    mine.release()
                made = True
            else:
                made = False
            secret = read_bounded(file, SECRET, SECRET_BYTES)
        except (OSError, ProblemsFound):
            return None
        if len(secret) != SECRET_BYTES or (not made and tracked_by_git(file)):
            return None
        return secret

    def _seal(self, key: str, content: bytes) -> bytes:
        assert self.secret is not None
        return (
            hmac.new(self.secret, key.encode() + b"\0" + content, hashlib.sha256)
            .hexdigest()
            .encode()
        )

    def write(self, file: Path, key: str, content: bytes) -> bool:
        """Store ``content`` sealed (``store``: whole or not at all); False if not written."""
        if self.secret is None:
            return False
        return store(file, self._seal(key, content) + b"\n" + content)

    def write_beside(self, file: Path, key: str, content: bytes) -> bool:
        """Store ``content`` as ``file``, exactly, and its seal beside it (``sealed_beside``):
        an entry that can be copied out as it is."""
        if self.secret is None:
            return False
        return store(file, content) and store(sealed_beside(file), self._seal(key, content))

    def check_beside(self, file: Path, key: str, limit: int) -> str | None:
        """The SHA-256 (hex) of the content of an entry ``write_beside`` stored, at most
        ``limit`` bytes, if it is whole and this folder's; else None. Read a piece at a time,
        nothing of it kept. Touched (both files): just used."""
        if self.secret is None:
            return None
        beside = sealed_beside(file)
        mac = hmac.new(self.secret, key.encode() + b"\0", hashlib.sha256)
        digest = hashlib.sha256()
        try:
            seal = read_bounded(beside, beside.name, 64)
            for piece in pieces_of(file, file.name, limit):
                mac.update(piece)
                digest.update(piece)
        except ProblemsFound:
            return None
        if not hmac.compare_digest(seal, mac.hexdigest().encode()):
            return None
        with suppress(OSError):
            os.utime(file)
            os.utime(beside)
        return digest.hexdigest()

    def read(self, file: Path, key: str, limit: int) -> bytes | None:
        """The content of a sealed entry of at most ``limit`` bytes, if it is whole and this
        folder's; else None (absent, cut short, forged, foreign). Touched: just used."""
        if self.secret is None:
            return None
        try:
            data = read_bounded(file, file.name, limit + 65)
        except ProblemsFound:
            return None
        seal, newline, content = data.partition(b"\n")
        if not newline or not hmac.compare_digest(seal, self._seal(key, content)):
            return None
        with suppress(OSError):  # deleted meanwhile: what was read is still good
            os.utime(file)  # just used: another build's prune keeps it
        return content
