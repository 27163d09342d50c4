"""Step-throughs as a build renders them, kept across builds.

A step-through (every step of an example, its rules and its boards) is the largest thing a
page holds, and rendering it is most of what a page costs the build; yet it follows wholly
from what goes in: the site's code and catalogs, the scenario, the page it is on (its links
are relative), its anchors' prefix, and the rules those links and names come from. So each
is kept under a hash of all of that (``key``), and a build whose inputs did not change reads
it back instead of rendering it again. Every example is still played and verified by every
build (``worked_examples.verify``): what is kept is how a run of the same code on the same
scenario reads, never a verdict.

Entries are sealed by their folder (``diagnostics.Seal``): a forged, foreign or cut-short one
is rendered again. The folder keeps the entries a build used and the newest others, up to
``KEPT_GENERATIONS`` times as many, as the cache of scenarios read does.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import metadata, resources
from importlib.resources.abc import Traversable
from pathlib import Path

from diagnostics import Seal, keep_newest
from worked_examples.verify import KEPT_AT_LEAST, KEPT_GENERATIONS

# Part of every key: bump it when an entry's shape changes (older entries are then never read).
FORMAT = "riftbound-step-through-1"
ENTRY = "*.html"
# What a package holds that may change how a step-through reads: its code, catalogs and data.
CODE = (".py", ".po", ".json", ".txt")
# The theme draws the step-through's buttons (its bundled icons, ``markup.icons``).
THEME = "mkdocs-material"
# A step-through is at most this many bytes (the largest examples' are about 100 KB).
MAX_ENTRY_BYTES = 32 * 1024 * 1024


def code_fingerprint(packages: Iterable[str]) -> str:
    """A hash of the code and data of ``packages`` (every package whose code a step-through
    follows from: the renderer, the engine's narration and what they import), and of the
    theme's version."""
    digest = hashlib.sha256(FORMAT.encode())
    for package in packages:
        for name, file in sorted(_files(resources.files(package), package)):
            digest.update(f"\0{name}\0".encode())
            digest.update(file.read_bytes())
    digest.update(f"\0{THEME} {metadata.version(THEME)}".encode())
    return digest.hexdigest()


def _files(folder: Traversable, prefix: str) -> Iterable[tuple[str, Traversable]]:
    for item in folder.iterdir():
        name = f"{prefix}/{item.name}"
        if item.is_dir():
            if item.name != "__pycache__":
                yield from _files(item, name)
        elif item.name.endswith(CODE):
            yield name, item


def key(*parts: str) -> str:
    """The key of a step-through: a hash of everything it follows from (``parts``)."""
    return hashlib.sha256("\0".join([FORMAT, *parts]).encode()).hexdigest()


@dataclass
class StepCache:
    """Step-throughs by key, in a folder across processes (sealed); none without a folder."""

    folder: Path | None = None
    used: set[str] = field(default_factory=set)  # since the last prune

    def __post_init__(self) -> None:
        self.seal = Seal(self.folder) if self.folder is not None else None

    def lazy(self, entry: str, render: Callable[[], str]) -> Callable[[], str]:
        """What gives the step-through of key ``entry`` when asked: the folder's, or
        ``render``'s, then kept."""

        def made() -> str:
            self.used.add(entry)
            if self.folder is None or self.seal is None:
                return render()
            file = self.folder / f"{entry}.html"
            content = self.seal.read(file, entry, MAX_ENTRY_BYTES)
            if content is not None:
                try:
                    return content.decode("utf-8")
                except UnicodeDecodeError:  # not what this folder sealed: rendered again
                    pass
            html = render()
            self.seal.write(file, entry, html.encode("utf-8"))
            return html

        return made

    def prune(self) -> None:
        """Delete all but the entries used since the last prune and the newest others."""
        used, self.used = self.used, set()
        if self.folder is not None and self.seal is not None and self.seal.usable:
            others = max(KEPT_GENERATIONS * len(used), KEPT_AT_LEAST) - len(used)
            keep_newest(self.folder, (ENTRY,), others, {f"{entry}.html" for entry in used})
