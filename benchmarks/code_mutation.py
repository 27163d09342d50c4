"""Mutation score of the code that says what a scenario means: does a test see each slip?

Each mutant is a one-line change an editor could make by mistake (a reference of the wrong
kind in the scenario format's table, a rule of the editor's form dropped, a bound removed),
written out in a copy of the project; that area's tests run there, and the mutant counts as
killed if any fails. The mutants are chosen, not generated: each names the slip it stands
for, and an equivalent one (a change no behaviour shows) is listed with why it is one.
Target: every non-equivalent mutant killed, in every area.

``make mutation`` runs it (with the step table's, ``step_table_mutation.py``); ``make bench``
prints its score.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _bench import figure, heading, options  # noqa: E402


@dataclass(frozen=True)
class Mutant:
    file: str
    line: str  # the line as the file has it (exactly once)
    into: str  # what it becomes
    slip: str  # what mistake it stands for


@dataclass(frozen=True)
class Area:
    name: str
    tests: tuple[str, ...]
    mutants: tuple[Mutant, ...]


AREAS = (
    Area(
        "scenario format table",
        ("tests/engine/test_format.py", "tests/engine/test_loader.py"),
        (
            Mutant(
                "engine/format.py",
                '        "owner": PLAYER,',
                '        "owner": UNIT,',
                "a unit's owner refers to a unit",
            ),
            Mutant(
                "engine/format.py",
                '        "move": Seq(UNIT, min_items=1, unique=True),',
                '        "move": Seq(PLAYER, min_items=1, unique=True),',
                "movers refer to players",
            ),
            Mutant(
                "engine/format.py",
                'PLAYER_OR_NONE = Ref((Kind.PLAYER,), none=True, description="A player\'s id, or none.")',
                'PLAYER_OR_NONE = Ref((Kind.PLAYER,), description="A player\'s id, or none.")',
                "control: none refused",
            ),
            Mutant(
                "engine/format.py",
                'ABILITY = Ref((Kind.ABILITY,), description="An ability, by its id or its unit\'s id.")',
                'ABILITY = Ref((Kind.UNIT,), description="An ability, by its id or its unit\'s id.")',
                "orders name units, not abilities",
            ),
            Mutant(
                "engine/format.py",
                "            Ref((Kind.UNIT, Kind.PLAYER)),",
                "            Ref((Kind.UNIT,)),",
                "designations of players refused",
            ),
            Mutant(
                "engine/effects.py",
                'TARGET = Ref((Kind.UNIT,), description="The id of the unit affected.")',
                'TARGET = Ref((Kind.PLAYER,), description="The id of the unit affected.")',
                "an effect's target refers to a player",
            ),
            Mutant(
                "engine/fields.py",
                "            yield (*at, key), chosen.key, key, True",
                "            pass",
                "a map's keys are not references",
            ),
            Mutant(
                "engine/fields.py",
                "        if isinstance(child, Ref) and isinstance(item, str):",
                "        if isinstance(child, Ref) and isinstance(item, str) and not is_key:",
                "keys skipped by the reference walk",
            ),
            Mutant(
                "engine/loader.py",
                "        if not pools or any(ref.value in pool for pool in pools):",
                "        if True:",
                "references never checked",
            ),
            Mutant(
                "engine/loader.py",
                '        if ref.none and ref.value == "none":',
                '        if ref.value == "none":',
                "'none' accepted for any reference",
            ),
        ),
    ),
    Area(
        "editor form",
        (
            "tests/browser_engine/test_view.py",
            "tests/browser_engine/test_form.py",
            "tests/browser_engine/test_entry.py",
        ),
        (
            Mutant(
                "browser_engine/view.py",
                '    return mover_problem(zone, controller, bool(unit.get("cant_move")), attacker) is None',
                "    return True",
                "every unit offered as a mover",
            ),
            Mutant(
                "browser_engine/view.py",
                "                    if is_off(ability):",
                "                    if False:",
                "ability labels count left-out abilities",
            ),
            Mutant(
                "browser_engine/view.py",
                "    if len(typed) <= MAX_NUMBER_CHARACTERS and WHOLE.fullmatch(typed):",
                '    if typed.lstrip("+-").isdigit():',
                "a number field reads 012 as 12",
            ),
            Mutant(
                "browser_engine/view.py",
                "    kinds = {kind, Kind.ABILITY} if abilities_too else {kind}",
                "    kinds = {kind}",
                "a unit renamed leaves its abilities' references behind",
            ),
            Mutant(
                "browser_engine/view.py",
                "        if ids_of(form, kind).count(new) == 1:",
                "        if True:",
                "references follow an id onto another's",
            ),
            Mutant(
                "browser_engine/view.py",
                "                received[owner[uid]] = received.get(owner[uid], 0) + value",
                "                received[owner[uid]] = value",
                "a side's total counts one unit",
            ),
            Mutant(
                "browser_engine/entry.py",
                "        data = unpacker.decompress(packed, MAX_SCENARIO_BYTES + 1)",
                "        data = unpacker.decompress(packed)",
                "a shared link's inflation unbounded",
            ),
            Mutant(
                "browser_engine/entry.py",
                '                return views.name_in(item.get("name"), lang) or id',
                "                return id",
                "refusals name players by id",
            ),
            Mutant(
                "browser_engine/form.py",
                "        return {k: board_value(v) for k, v in value.items() if k not in MARKS}",
                "        return {k: board_value(v) for k, v in value.items()}",
                "the form's marks reach the board",
            ),
        ),
    ),
)

# Copied into the sandbox: what the tests import and read (the code is imported from there).
COPIED = (
    "diagnostics",
    "vocabulary",
    "links",
    "markup",
    "engine",
    "rulebook",
    "worked_examples",
    "docset",
    "browser_engine",
    "plugins",
    "tests",
    "examples",
    "rules",
    "docs",
    "docs_fr",
    "overrides",
    "mkdocs.yml",
    "pyproject.toml",
)


def sandbox(target: Path) -> Path:
    for part in COPIED:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, target / part, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.exists():
            shutil.copy(source, target / part)
    (target / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    return target


def passes(project: Path, tests: tuple[str, ...]) -> bool:
    env = {**os.environ, "PYTHONPATH": f"{project}{os.pathsep}{project / 'plugins'}"}
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    done = subprocess.run(
        command, cwd=project, env=env, capture_output=True, text=True, check=False
    )
    return done.returncode == 0


def main() -> None:
    args = options(__doc__)
    heading("Mutation of the scenario format's table and the editor's form")
    with tempfile.TemporaryDirectory() as folder:
        project = sandbox(Path(folder) / "project")
        start, count = time.perf_counter(), 0
        for area in AREAS:
            if not passes(project, area.tests):
                sys.exit(f"{area.name}: the tests fail on the code as it is: fix them first")
            chosen = area.mutants[:1] if args.tiny else area.mutants
            survived = []
            for mutant in chosen:
                file = project / mutant.file
                original = file.read_text(encoding="utf-8")
                if original.count(mutant.line + "\n") != 1:
                    sys.exit(f"{mutant.file}: the line of '{mutant.slip}' is not there once")
                file.write_text(
                    original.replace(mutant.line + "\n", mutant.into + "\n"), encoding="utf-8"
                )
                try:
                    if passes(project, area.tests):
                        survived.append(mutant.slip)
                finally:
                    file.write_text(original, encoding="utf-8")
                count += 1
            for slip in survived:
                print(f"  survived ({area.name}): {slip}")
            killed = 100 * (len(chosen) - len(survived)) / len(chosen)
            figure(f"{area.name}: killed of {len(chosen)}", killed, "%", target="100%", digits=1)
        figure("seconds per mutant", (time.perf_counter() - start) / max(count, 1), "s")


if __name__ == "__main__":
    main()
