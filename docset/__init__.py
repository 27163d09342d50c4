"""The site's pages in every language, and the build that turns them and the core into a site.

- ``scan``: the one reader of a page's Markdown (references, prose outside code);
- ``pages``: the pages of each language, read and scanned once per build;
- ``parity``: each page has its twin in every language, citing the same rules;
- ``terminology``: one term per concept in French, over every French text;
- ``status``: the generated "Translation status" page;
- ``build``: the composition root, everything a build needs, loaded and checked once.

Knows nothing of MkDocs: the plugin in ``plugins/`` is a thin adapter over it.
"""
