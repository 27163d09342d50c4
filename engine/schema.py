"""The JSON Schema of a scenario file: what the loader checks and what editors autocomplete.

Written from the scenario format's table (``engine.format.SCENARIO``), where every field is
declared once. ``engine/scenario.schema.json`` is this schema written out for editors
(``make schema``); a test keeps the two the same.
"""

from __future__ import annotations

import json
from typing import Any

from engine.format import SCENARIO

JSON = dict[str, Any]


def scenario_schema() -> JSON:
    defs: dict[str, JSON] = {}
    body = SCENARIO.schema(defs)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "riftbound-combat-scenario",
        "title": "Riftbound combat scenario",
        **body,
        "$defs": dict(sorted(defs.items())),
    }


def schema_text() -> str:
    """The schema as the file editors read."""
    return json.dumps(scenario_schema(), indent=2, ensure_ascii=False) + "\n"


SCHEMA_FILE = "engine/scenario.schema.json"


def main() -> int:
    """``make schema``: write the schema file editors read, whole or not at all (one line if
    it cannot be written)."""
    import sys
    from pathlib import Path

    from diagnostics.writing import Unwritten, write_all

    try:
        write_all({Path(SCHEMA_FILE): schema_text().encode("utf-8")})
    except Unwritten as error:
        print(f"{error}: the schema was not written", file=sys.stderr)
        return 1
    return 0
