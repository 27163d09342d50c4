"""Copy the site's sources into another folder, for builds that must not touch the real ones.

Tests break copies on purpose; benchmarks enlarge them. The code is not
copied (it is installed), so its folders are dropped from ``watch:``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

SOURCES = ("mkdocs.yml", "docs", "docs_fr", "rules", "examples")


def copy_sources(root: Path, target: Path) -> Path:
    target.mkdir(parents=True, exist_ok=True)
    for part in SOURCES:
        source = root / part
        if source.is_dir():
            shutil.copytree(source, target / part)
        else:
            shutil.copy(source, target / part)
    config = target / "mkdocs.yml"
    kept = [
        line
        for line in config.read_text(encoding="utf-8").splitlines()
        if not (line.startswith("  - ") and (root / line[4:]).is_dir() and line[4:] not in SOURCES)
    ]
    config.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return target
