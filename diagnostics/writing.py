"""Files written whole or not at all, and what killed writers leave, told apart from live work.

A writer makes its temporary file or folder beside its target (``claim_file``,
``claim_folder``) and holds a lock on it (``flock``) until it is done: the lock
dies with its process, however the process ends. So ``sweep`` deletes at once
every temporary a dead writer left (a build killed an instant ago included), and
never one a live writer holds (builds and imports at once in one folder). A
temporary is made and locked under a shared lock of its folder, and a sweep
holds that lock exclusively, so no sweep sees a temporary made but not yet
locked.

``write_all`` writes several files as one: each to a temporary file of its own
beside it, read back, then moved into place; if any of it fails, every file is
as it was and ``Unwritten`` says which and why. Signals that end a process
politely (Ctrl-C, ``kill``) wait while the files are moved; only a process
killed outright (``kill -9``, power lost) between two moves of one call can
leave some moved and not the others.

Only builds and commands write: the engine in the reader's browser never calls
this module (``fcntl`` is imported where it is used).
"""

from __future__ import annotations

import os
import shutil
import signal
import stat
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path

# Signals that end a process politely: held back while ``write_all`` moves its files.
POLITE = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


@contextmanager
def _folder_lock(folder: Path, exclusive: bool, wait: bool = True) -> Iterator[bool]:
    """``folder`` locked (shared, or exclusive); False if ``wait`` is off and another holds it."""
    import fcntl

    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        mode = fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH
        try:
            fcntl.flock(fd, mode if wait else mode | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)  # the lock goes with it


def _lock(fd: int) -> bool:
    """Lock ``fd`` exclusively; False if a live process holds it."""
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


class Claim:
    """A temporary file or folder this process is writing, locked until ``release``."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path, self.fd = path, fd

    def write(self, content: bytes) -> None:
        """The file's content (a file claim), flushed to disk."""
        with os.fdopen(self.fd, "wb", closefd=False) as out:
            out.write(content)
            out.flush()
            os.fsync(out.fileno())

    def release(self) -> None:
        """Unlock it (closing its descriptor): a sweep may delete it now if it is still there."""
        if self.fd >= 0:
            fd, self.fd = self.fd, -1
            os.close(fd)


def claim_file(folder: Path, prefix: str, suffix: str) -> Claim:
    """A new empty file in ``folder`` (which must exist), named ``prefix…suffix``, claimed."""
    with _folder_lock(folder, exclusive=False):
        fd, name = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=suffix)
        if not _lock(fd):  # new a moment ago: no other process can hold it
            os.close(fd)
            raise OSError(f"{name}: locked by another process as soon as it was made")
    return Claim(Path(name), fd)


def claim_folder(folder: Path, prefix: str) -> Claim:
    """A new empty folder in ``folder`` (made if missing), named ``prefix…``, claimed."""
    folder.mkdir(parents=True, exist_ok=True)
    with _folder_lock(folder, exclusive=False):
        name = tempfile.mkdtemp(dir=folder, prefix=prefix)
        fd = os.open(name, os.O_RDONLY | os.O_DIRECTORY)
        if not _lock(fd):
            os.close(fd)
            raise OSError(f"{name}: locked by another process as soon as it was made")
    return Claim(Path(name), fd)


def sweep(folder: Path, pattern: str) -> None:
    """Delete each file or folder of ``folder`` matching ``pattern`` that no live process holds
    (a writer killed before it finished left it). Skipped if another process is making or
    sweeping temporaries there this instant: the next sweep does it."""
    if not folder.is_dir():
        return
    with _folder_lock(folder, exclusive=True, wait=False) as locked:
        if not locked:
            return
        for path in folder.glob(pattern):
            try:
                fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except OSError:  # gone meanwhile, a link, a device: not a temporary of ours
                continue
            try:
                kind = os.fstat(fd).st_mode
                if not _lock(fd):
                    continue  # a live writer's
                if stat.S_ISDIR(kind):
                    shutil.rmtree(path, ignore_errors=True)
                elif stat.S_ISREG(kind):
                    path.unlink(missing_ok=True)
            finally:
                os.close(fd)


class Unwritten(Exception):
    """Files ``write_all`` could not write (none was): the file at fault and why, one line."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path, self.reason = path, reason


UNFINISHED = ".unfinished"  # the suffix of ``write_all``'s temporary files


def write_all(files: Mapping[Path, bytes]) -> None:
    """Write every file of ``files`` whole, or none of them (``Unwritten`` says why; each file
    is then as it was). Each target is a regular file or absent (never a link, a folder, a
    device: nothing is written through them); a new file is made with the process's umask,
    a replaced one keeps its mode. Temporary files dead writers left in the folders are
    deleted first (``sweep``)."""
    for folder in {path.parent for path in files}:
        sweep(folder, f".*{UNFINISHED}")
    modes: dict[Path, int] = {}
    before: dict[Path, bytes | None] = {}
    for path in files:
        try:
            found = os.lstat(path)
        except FileNotFoundError:
            before[path] = None
            continue
        except OSError as error:
            raise Unwritten(path, error.strerror or str(error)) from None
        if stat.S_ISLNK(found.st_mode):
            raise Unwritten(path, "is a link: nothing is written through a link")
        if not stat.S_ISREG(found.st_mode):
            raise Unwritten(path, "is not a regular file (a folder?)")
        try:
            before[path] = path.read_bytes()
        except OSError as error:
            raise Unwritten(path, f"cannot be read: {error.strerror or error}") from None
        modes[path] = stat.S_IMODE(found.st_mode)
    umask = os.umask(0)
    os.umask(umask)
    claims: dict[Path, Claim] = {}
    try:
        for path, content in files.items():
            try:
                claim = claims[path] = claim_file(path.parent, f".{path.name}.", UNFINISHED)
                claim.write(content)
                os.chmod(claim.fd, modes.get(path, 0o666 & ~umask))
                if claim.path.read_bytes() != content:
                    raise OSError("its content read back is not what was written")
            except OSError as error:
                raise Unwritten(path, f"cannot be written: {error.strerror or error}") from None
        _move_all(claims, before)
    finally:
        for claim in claims.values():
            with suppress(OSError):
                claim.path.unlink()
            claim.release()


def _move_all(claims: Mapping[Path, Claim], before: Mapping[Path, bytes | None]) -> None:
    """Move each claimed file onto its target, polite signals held back; if one move fails,
    put back what the moves before it replaced."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, POLITE)
    moved: list[Path] = []
    try:
        for path, claim in claims.items():
            try:
                os.rename(claim.path, path)
            except OSError as error:
                reason = f"cannot be written: {error.strerror or error}"
                for done in reversed(moved):
                    try:
                        _put_back(done, before[done])
                    except OSError as stuck:
                        reason += f"; {done} could not be put back: {stuck.strerror or stuck}"
                raise Unwritten(path, reason) from None
            moved.append(path)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _put_back(path: Path, content: bytes | None) -> None:
    """``path`` as it was before a move replaced it (absent, or its old content)."""
    if content is None:
        path.unlink(missing_ok=True)
        return
    claim = claim_file(path.parent, f".{path.name}.", UNFINISHED)
    try:
        claim.write(content)
        os.chmod(claim.fd, stat.S_IMODE(os.stat(path).st_mode))
        os.rename(claim.path, path)
    finally:
        claim.release()
