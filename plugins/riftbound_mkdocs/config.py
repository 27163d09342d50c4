from __future__ import annotations

from mkdocs.config import config_options as c
from mkdocs.config.base import Config

from docset.pdf import DEBIAN_CHROMIUM


class RiftboundConfig(Config):
    """``plugins: - riftbound: …`` in mkdocs.yml; paths are relative to mkdocs.yml."""

    # The rules of every version, and versions.txt, which lists them and names the current one.
    rules_dir = c.Type(str, default="rules")
    examples_dir = c.Type(str, default="examples")
    # Example results cached across builds; empty to keep them in memory only.
    cache_dir = c.Type(str, default=".cache/examples")
    # Lets Material's search worker run from file:// (installed by npm, see package.json).
    file_worker_shim = c.Type(str, default="node_modules/iframe-worker/shim/index.js")
    # The engine in the reader's browser: Pyodide from npm, and its packed files across builds.
    pyodide_dir = c.Type(str, default="node_modules/pyodide")
    engine_cache_dir = c.Type(str, default=".cache/browser-engine")
    # The service worker that keeps a hosted copy on the reader's device: Workbox's packages
    # from npm, in this folder (package.json).
    workbox_dir = c.Type(str, default="node_modules")
    # The print edition: a PDF per language, printed by Debian's Chromium, cached by its content
    # (empty: in memory only); `mkdocs serve` never makes it, nor a build that turns it off.
    print_edition = c.Type(bool, default=True)
    chromium = c.Type(str, default=str(DEBIAN_CHROMIUM))
    print_cache_dir = c.Type(str, default=".cache/print-edition")
