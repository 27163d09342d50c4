"""``python -m docset.archive SITE ZIP``: the built site as one zip, folders kept, to open offline."""

from __future__ import annotations

import os
import sys
import zipfile
from pathlib import Path

from diagnostics.writing import UNFINISHED, claim_file, sweep


class Replaced(Exception):
    """A file of the site could not be read: another build replaced the site meanwhile."""


def archive(site: Path, target: Path) -> int:
    """Write ``target`` whole or not at all; return the file count. Every failure is one line
    (SystemExit), and leaves ``target`` as it was.

    The zip is written to a temporary file beside ``target``, claimed (``diagnostics.writing``:
    what a killed run left is deleted by the next), then moved into place. A build puts its
    site in place whole (``docset.output``); one that another build replaces while it is
    zipped is said so, and no zip is written."""
    if not (site / "index.html").is_file():
        raise SystemExit(f"{site}: no built site here (run `make build`)")
    if os.path.islink(target) or (os.path.lexists(target) and not target.is_file()):
        raise SystemExit(f"{target}: is not a file (a folder? a link?): no zip is written there")
    folder = target.parent
    if not folder.is_dir():
        raise SystemExit(f"{target}: its folder, {folder}, is not there")
    umask = os.umask(0)
    os.umask(umask)
    try:
        mode = os.stat(target).st_mode & 0o7777 if target.exists() else 0o666 & ~umask
        sweep(folder, f".{target.name}.*{UNFINISHED}")
        claim = claim_file(folder, f".{target.name}.", UNFINISHED)
    except OSError as error:
        raise SystemExit(f"{target}: cannot be written: {error.strerror or error}") from None
    count = 0
    try:
        with open(claim.fd, "wb", closefd=False) as out:
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bundle:
                for file in sorted(site.rglob("*")):
                    if file.is_file():
                        bundle.writestr(*read(file, site), compress_type=zipfile.ZIP_DEFLATED)
                        count += 1
            out.flush()
            os.fsync(out.fileno())
        os.chmod(claim.fd, mode)  # a file to hand around: readable as the user's files are
        os.rename(claim.path, target)
    except Replaced as error:
        raise SystemExit(f"{site}: replaced while it was zipped ({error}): zip it again") from None
    except OSError as error:
        raise SystemExit(f"{target}: cannot be written: {error.strerror or error}") from None
    finally:
        claim.path.unlink(missing_ok=True)
        claim.release()
    return count


def read(file: Path, site: Path) -> tuple[zipfile.ZipInfo, bytes]:
    """A file of the site as the zip holds it (its name in the site, its time), and its bytes."""
    try:
        return zipfile.ZipInfo.from_file(file, file.relative_to(site).as_posix()), file.read_bytes()
    except OSError as error:
        raise Replaced(error.strerror or str(error)) from None


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: python -m docset.archive SITE_DIR ZIP_FILE")
    files = archive(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"wrote {sys.argv[2]}: {files} files; open index.html inside it from disk")
