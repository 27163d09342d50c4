"""``python -m docset.archive SITE ZIP``: the built site as one zip, folders kept, to open offline."""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path


def archive(site: Path, target: Path) -> int:
    """Write ``target`` (via a temporary file, never half-written); return the file count.

    A build puts its site in place whole (``docset.output``); one that another build
    replaces while it is zipped is said so, and no zip is written."""
    if not (site / "index.html").is_file():
        raise SystemExit(f"{site}: no built site here (run `make build`)")
    temporary = target.with_suffix(".part")
    count = 0
    try:
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as bundle:
            for file in sorted(site.rglob("*")):
                if file.is_file():
                    bundle.write(file, file.relative_to(site).as_posix())
                    count += 1
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise SystemExit(f"{site}: replaced while it was zipped ({error}): zip it again") from None
    temporary.replace(target)
    return count


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: python -m docset.archive SITE_DIR ZIP_FILE")
    files = archive(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"wrote {sys.argv[2]}: {files} files; open index.html inside it from disk")
