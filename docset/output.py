"""The built site's folder: written aside, moved into place whole, or not at all.

A build writes into a new folder beside its target (``aside``) and, once every
language is written, moves it into place (``move_into_place``): the target is
always a whole build, the previous one until the next is complete. A build that
fails is ``discard``-ed. A build holds a lock on its folder while it writes
(``diagnostics.writing``), so the next build deletes at once the folder of one
that was killed (the lock died with it), and never that of a build still writing.
Builds of one project at once each write their own folder; the last to finish is
the one in place, and none fails for it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from diagnostics.writing import Claim, claim_folder, sweep

UNFINISHED = "unfinished"  # .site.unfinished-XXXX: a build writing
REPLACED = "replaced"  # .site.replaced-XXXX: a previous build, being deleted
MOVES = 20  # tries to move a build into place while others do the same


def folder_beside(target: Path, kind: str) -> Claim:
    """A new empty folder beside ``target``, named for what it holds, claimed by this build."""
    return claim_folder(target.parent, f".{target.name}.{kind}-")


def target_problem(target: Path) -> str | None:
    """Why a build cannot be put at ``target`` (said before the build starts), or None: a build
    replaces a folder whole, and never writes through a link or over a file."""
    if os.path.islink(target):
        return (
            f"is a link (to {os.readlink(target)}): the site is put in place whole, as a folder "
            "of its own, never through a link: set site_dir to the folder it points to, or "
            "remove the link"
        )
    if os.path.lexists(target) and not target.is_dir():
        return (
            "is not a folder (a file?): the site is put there as a folder: move it away, or "
            "set site_dir elsewhere"
        )
    return None


def aside(target: Path) -> Claim:
    """A new folder for a build of ``target`` to write; what killed builds left is deleted."""
    forget_leftovers(target)
    return folder_beside(target, UNFINISHED)


def move_into_place(built: Claim, target: Path) -> None:
    """``built`` becomes ``target``: the previous build there is moved aside, then deleted.
    OSError if it cannot be done (``built`` is then left as it is, still claimed)."""
    replaced: list[Claim] = []
    try:
        for _ in range(MOVES):
            try:
                os.rename(built.path, target)
                built.release()
                return
            except FileNotFoundError:
                raise
            except OSError:  # a build is there (or was just put there by another)
                previous = folder_beside(target, REPLACED)
                replaced.append(previous)
                try:
                    os.rename(target, previous.path)
                except FileNotFoundError:  # moved meanwhile by another build finishing
                    continue
        raise OSError(f"{target}: other builds kept taking its place")
    finally:
        for previous in replaced:
            shutil.rmtree(previous.path, ignore_errors=True)
            previous.release()


def discard(built: Claim) -> None:
    shutil.rmtree(built.path, ignore_errors=True)
    built.release()


def forget_leftovers(target: Path) -> None:
    """Delete the folders builds of ``target`` left beside it when they were killed (none a
    live build holds)."""
    for kind in (UNFINISHED, REPLACED):
        sweep(target.parent, f".{target.name}.{kind}-*")
