"""The project's own engine in the reader's browser (Pyodide, in a Web Worker), offline.

- ``entry``: what the worker calls: a JSON request in, a JSON answer out (run a
  board, open a scenario file, write one);
- ``form``: the editor's form model, to and from a scenario file;
- ``words``: every word the editor says, in each language;
- ``closure``: which of our modules and which installed distributions the entry
  imports (derived, never listed by hand);
- ``pack``: the build step that writes the site's ``assets/engine/`` files.

Nothing here imports MkDocs; the plugin only calls ``pack.engine_assets``.
"""
