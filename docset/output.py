"""The built site's folder: written aside, moved into place whole, or not at all.

A build writes into a new folder beside its target (``aside``) and, once every
language is written, moves it into place (``move_into_place``): the target is
always a whole build, the previous one until the next is complete. A build that
fails is ``discard``-ed; one that was killed leaves its folder, which the next
build deletes once it is an hour old. Builds of one project at once each write
their own folder; the last to finish is the one in place, and none fails for it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from diagnostics import ABANDONED_SECONDS

UNFINISHED = "unfinished"  # .site.unfinished-XXXX: a build writing
REPLACED = "replaced"  # .site.replaced-XXXX: a previous build, being deleted
MOVES = 20  # tries to move a build into place while others do the same


def folder_beside(target: Path, kind: str) -> Path:
    """A new empty folder beside ``target``, named for what it holds."""
    target.parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f".{target.name}.{kind}-", dir=target.parent))


def aside(target: Path) -> Path:
    """A new folder for a build of ``target`` to write; the leftovers of builds killed an hour
    ago or more are deleted."""
    forget_leftovers(target)
    return folder_beside(target, UNFINISHED)


def move_into_place(built: Path, target: Path) -> None:
    """``built`` becomes ``target``: the previous build there is moved aside, then deleted.
    OSError if it cannot be done (``built`` is then left as it is)."""
    replaced: list[Path] = []
    try:
        for _ in range(MOVES):
            try:
                os.rename(built, target)
                return
            except FileNotFoundError:
                raise
            except OSError:  # a build is there (or was just put there by another)
                previous = folder_beside(target, REPLACED)
                replaced.append(previous)
                try:
                    os.rename(target, previous)
                except FileNotFoundError:  # moved meanwhile by another build finishing
                    continue
        raise OSError(f"{target}: other builds kept taking its place")
    finally:
        for previous in replaced:
            shutil.rmtree(previous, ignore_errors=True)


def discard(built: Path) -> None:
    shutil.rmtree(built, ignore_errors=True)


def forget_leftovers(target: Path) -> None:
    """Delete the folders builds of ``target`` left beside it when killed (an hour old: a
    live build's is minutes old)."""
    now = time.time()
    for kind in (UNFINISHED, REPLACED):
        for folder in target.parent.glob(f".{target.name}.{kind}-*"):
            try:
                if folder.stat().st_mtime < now - ABANDONED_SECONDS:
                    shutil.rmtree(folder, ignore_errors=True)
            except OSError:  # deleted meanwhile
                continue
