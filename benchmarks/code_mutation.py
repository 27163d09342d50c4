"""Mutation score of the code that says what a scenario means, says it and links it: does a
test see each slip?

Each mutant is a one-line change an editor could make by mistake (a reference of the wrong
kind in the scenario format's table, a rule of the editor's form dropped, a bound removed, a
plural counted on the wrong field, a link joined to the wrong folder, an escape dropped, a
value written so that it reads back as another),
written out in a copy of the project; that area's tests run there, and the mutant counts as
killed if any fails. The mutants are chosen, not generated: each names the slip it stands
for, and each changes what a reader or a contributor sees, so none is equivalent (a change no
behaviour shows) and the score counts them all; the run says so. Target: every mutant killed,
in every area.

``make mutation`` runs it (with the step table's, ``step_table_mutation.py``); ``make bench``
leaves it out (it scores the tests, it measures nothing of the site), ``make bench-tiny`` runs
it once at a tiny size.
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


AREAS: tuple[Area, ...] = (
    Area(
        "scenario format table",
        # The form is the table walked: the table's mutants reach it too.
        (
            "tests/engine/test_format.py",
            "tests/engine/test_loader.py",
            "tests/browser_engine/test_view.py",
        ),
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
                "            counted += not off",
                "            counted += 1",
                "ability labels count left-out abilities",
            ),
            Mutant(
                "browser_engine/view.py",
                "            put(form, path, None if optional and left_out else value)",
                "            put(form, path, value)",
                "a field set back to nothing is written instead of left out",
            ),
            Mutant(
                "browser_engine/view.py",
                "        return show.where is Where.PAGE_OR_SET and value not in (None, [], {}, False)",
                "        return show.where is Where.PAGE_OR_SET",
                "a variation shows the fields its example does not set",
            ),
            Mutant(
                "browser_engine/edits.py",
                "    if len(typed) <= MAX_NUMBER_CHARACTERS and WHOLE.fullmatch(typed):",
                '    if typed.lstrip("+-").isdigit():',
                "a number field reads 012 as 12",
            ),
            Mutant(
                "browser_engine/edits.py",
                "    kinds = {kind, Kind.ABILITY} if abilities_too else {kind}",
                "    kinds = {kind}",
                "a unit renamed leaves its abilities' references behind",
            ),
            Mutant(
                "browser_engine/edits.py",
                "        if ids_of(form, kind).count(new) == 1:",
                "        if True:",
                "references follow an id onto another's",
            ),
            Mutant(
                "browser_engine/widgets.py",
                "            total = sum(v for v in given.values() if isinstance(v, int))",
                "            total = max([0, *(v for v in given.values() if isinstance(v, int))])",
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
                '                return name_in(item.get("name"), lang) or id',
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

NARRATION = Area(
    "narration",
    (
        "tests/engine/test_steps.py",
        "tests/engine/test_step_table.py",
        "tests/engine/test_step_counts.py",
        "tests/examples/test_render.py",
    ),
    (
        Mutant(
            "engine/narration.py",
            "            sentences.append(text(lang, count_of(params, clause.field), **said))",
            "            sentences.append(text(lang, count_of(params, kind.count), **said))",
            "a clause's plural counted on the step's field (three die, one ability recorded)",
        ),
        Mutant(
            "engine/narration.py",
            "        if not value:",
            "        if value is None:",
            "an empty clause still said",
        ),
        Mutant(
            "engine/narration.py",
            '    return template(lang, getattr(record, "count", None), **words(record, lang, names))',
            "    return template(lang, None, **words(record, lang, names))",
            "a record's phrase never plural (1 dégât for 3)",
        ),
        Mutant(
            "engine/narration.py",
            "    return len(value) if isinstance(value, tuple) else value if isinstance(value, int) else None",
            "    return len(value) if isinstance(value, tuple) else None",
            "a number's plural ignored (+3 Might said as one)",
        ),
        Mutant(
            "engine/narration.py",
            "        return join(list(dict.fromkeys(self.unit(u, lang) for u in unit_ids)), lang)",
            "        return join([self.unit(u, lang) for u in unit_ids], lang)",
            "a unit named twice in a list",
        ),
        Mutant(
            "engine/narration.py",
            "        return (NUMBERED_ABILITY if n else ABILITY)(lang, unit=self.unit(unit, lang), n=n)",
            "        return ABILITY(lang, unit=self.unit(unit, lang), n=n)",
            "two abilities of one unit not told apart",
        ),
        Mutant(
            "engine/narration.py",
            "            return NOBODY(lang)",
            '            return ""',
            "nobody said as nothing",
        ),
        Mutant(
            "engine/narration.py",
            "        return localized(unit.name, lang) if unit else unit_id",
            '        return localized(unit.name, "en") if unit else unit_id',
            "units named in English on French pages",
        ),
        Mutant(
            "engine/narration.py",
            '    said: dict[str, object] = {"battlefield": names.battlefield(lang)}',
            '    said: dict[str, object] = {"battlefield": names.battlefield("en")}',
            "the battlefield named in English on French pages",
        ),
    ),
)

LINKS = Area(
    "links",
    ("tests/links", "tests/test_docstrings.py"),
    (
        Mutant(
            "links/__init__.py",
            '    return "" if lang == SOURCE_LANGUAGE else f"{lang}/"',
            '    return "" if lang == SOURCE_LANGUAGE else f"{lang}"',
            "a language's folder without its slash",
        ),
        Mutant(
            "links/__init__.py",
            '    return posixpath.relpath(target, folder or ".")',
            '    return posixpath.relpath(target, ".")',
            "links relative to the site's root, not to the page",
        ),
        Mutant(
            "links/__init__.py",
            '    return f"{url}#{anchor}" if anchor else url',
            "    return url",
            "a link's anchor dropped",
        ),
        Mutant(
            "links/__init__.py",
            '    return "../" * from_page.output.count("/") or "./"',
            '    return "../" * from_page.path.count("/") or "./"',
            "the way to the site's root forgets the language's folder",
        ),
        Mutant(
            "links/__init__.py",
            "    folder = posixpath.dirname(from_page.output)",
            "    folder = posixpath.dirname(from_page.path)",
            "a link's target read from the English folder",
        ),
        Mutant(
            "links/__init__.py",
            '    return posixpath.join("/", site_path.strip("/"), to if isinstance(to, str) else to.output)',
            '    return posixpath.join("/", to if isinstance(to, str) else to.output)',
            "the 404 page links from the host's root, not the site's path",
        ),
        Mutant(
            "links/__init__.py",
            '    if parts.scheme not in ("http", "https") or (parts.hostname or "") in LOCAL_HOSTS:',
            '    if parts.scheme not in ("http", "https"):',
            "a published address on this computer",
        ),
        Mutant(
            "links/__init__.py",
            '    return f"{RULES_FOLDER}/v{version}" if version else RULES_FOLDER',
            '    return f"{RULES_FOLDER}/{version}" if version else RULES_FOLDER',
            "a version's rules browser in another folder",
        ),
        Mutant(
            "links/__init__.py",
            "        from_page, rule_page(from_page.lang, number, version), number.anchor, markdown=markdown",
            "        from_page, rule_page(SOURCE_LANGUAGE, number, version), number.anchor, markdown=markdown",
            "a French page's rule opens in the English rules browser",
        ),
        Mutant(
            "links/__init__.py",
            '    return f"{stem}.{sha256[:12]}{suffix}"',
            '    return f"{stem}.{hashlib.sha256(path.encode()).hexdigest()[:12]}{suffix}"',
            "a file's name not changed by its content",
        ),
    ),
)

ESCAPING = Area(
    "escaping",
    ("tests/markup", "tests/test_docstrings.py"),
    (
        Mutant(
            "markup/__init__.py",
            "    return html.escape(value, quote=False)",
            "    return value",
            "text not escaped",
        ),
        Mutant(
            "markup/__init__.py",
            "    return html.escape(value, quote=True)",
            "    return html.escape(value, quote=False)",
            "an attribute's quotes not escaped",
        ),
        Mutant(
            "markup/__init__.py",
            '    return _HOLE.sub(lambda m: html.get(m[1], ""), text(value))',
            '    return _HOLE.sub(lambda m: html.get(m[1], ""), value)',
            "a text with holes not escaped",
        ),
        Mutant(
            "markup/__init__.py",
            '    return data.replace("<", "\\\\u003c").replace(">", "\\\\u003e").replace("&", "\\\\u0026")',
            '    return data.replace("<", "\\\\u003c").replace(">", "\\\\u003e")',
            "an & in a script's JSON",
        ),
        Mutant(
            "markup/__init__.py",
            '    return _MARKDOWN_SPECIAL.sub(r"\\\\\\1", html.escape(value, quote=False))',
            '    return _MARKDOWN_SPECIAL.sub(r"\\\\\\1", value)',
            "HTML in a Markdown literal",
        ),
        Mutant(
            "markup/__init__.py",
            '_MARKDOWN_SPECIAL = re.compile(r"([\\\\`*_{}\\[\\]()#+\\-.!|])")',
            '_MARKDOWN_SPECIAL = re.compile(r"([\\\\`*_{}\\[\\]()#+\\-.!])")',
            "a | in a Markdown literal splits a table's cell",
        ),
        Mutant(
            "markup/__init__.py",
            "    return Markup.escape(value)",
            "    return Markup(value)",
            "a template text marked safe unescaped",
        ),
        Mutant(
            "markup/__init__.py",
            'RESERVED = re.compile(r"[\\ue000-\\ue01f]|<!--\\s*rb(?:-late)?:")',
            'RESERVED = re.compile(r"[\\ue000-\\ue01f]|<!--\\s*rb:")',
            "a late placeholder in data accepted",
        ),
        Mutant(
            "markup/__init__.py",
            '    line = text.count("\\n", 0, found.start()) + 1',
            '    line = text.count("\\n") + 1',
            "a reserved mark reported at the text's last line",
        ),
    ),
)

FORM = Area(
    "form and scenario",
    ("tests/browser_engine/test_form.py", "tests/browser_engine/test_entry.py"),
    (
        Mutant(
            "browser_engine/form.py",
            'PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\\Z")',
            'PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*\\Z")',
            "a name starting with a digit written unquoted (2024-01-01 reads back as a date)",
        ),
        Mutant(
            "browser_engine/form.py",
            "        return [board_value(v) for v in value if not is_off(v)]",
            "        return [board_value(v) for v in value]",
            "items turned off still reach the board",
        ),
        Mutant(
            "browser_engine/form.py",
            "            continue  # left out of the board by the reader",
            "            pass  # left out of the board by the reader",
            "items turned off still written in the file",
        ),
        Mutant(
            "browser_engine/form.py",
            "    if PLAIN.match(text) and text.lower() not in SPECIAL:",
            "    if PLAIN.match(text):",
            "a name like On or no written unquoted (reads back as a boolean)",
        ),
        Mutant(
            "browser_engine/form.py",
            '    return UNSAFE.sub(lambda m: f"\\\\u{ord(m[0]):04x}", quoted)',
            "    return quoted",
            "a character PyYAML refuses written as it is",
        ),
        Mutant(
            "browser_engine/form.py",
            '        return written if "." in mantissa or not e else f"{mantissa}.0e{exponent}"',
            "        return written",
            "1e+20 written so that it reads back as text",
        ),
        Mutant(
            "browser_engine/form.py",
            '        return "true" if value else "false"',
            '        return "yes" if value else "no"',
            "booleans written as YAML 1.1 words",
        ),
        Mutant(
            "browser_engine/form.py",
            '    form = {key: value for key, value in scenario.data.items() if key != "expected"}',
            "    form = dict(scenario.data.items())",
            "a file's expected outcome kept in its form",
        ),
        Mutant(
            "browser_engine/form.py",
            '    emit_entry(written, 0, "expected", dict(expected), (), (), False)',
            "    pass",
            "the written scenario lacks its expected outcome",
        ),
        Mutant(
            "browser_engine/form.py",
            '        "id": form["id"] if form["id"].endswith(suffix) else form["id"] + suffix,',
            '        "id": form["id"] + suffix,',
            "a variation of a variation gets -variation-variation",
        ),
    ),
)

# Guards that once worked with no test holding them: each removed, its area's tests must fail.
GUARDS = Area(
    "guards",
    (
        "tests/vocabulary/test_catalogs.py",
        "tests/browser_engine/test_view.py",
        "tests/engine/test_cli.py",
    ),
    (
        Mutant(
            "vocabulary/checks.py",
            "        yield Problem(shown, 0, f'missing msgctxt \"{entry.context}\" (run `make catalogs`)')",
            "        pass",
            "a message missing from a language's catalog not reported",
        ),
        Mutant(
            "browser_engine/entry.py",
            "    if not unpacker.eof:",
            "    if False:",
            "a shared link cut short opens as a smaller board",
        ),
        Mutant(
            "engine/check.py",
            "        elif run.summary == shown.summary:",
            "        elif False:",
            "an order said to differ that gives the same outcome passes the check",
        ),
    ),
)

AREAS = (*AREAS, NARRATION, LINKS, ESCAPING, FORM, GUARDS)

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


def stale(areas: tuple[Area, ...]) -> list[str]:
    """A line for each mutant whose line the code no longer has exactly once: checked for every
    mutant before any runs, ``--tiny`` too, so that a change to the code cannot leave a mutant
    that tests nothing."""
    return [
        f"{mutant.file}: the line of '{mutant.slip}' ({area.name}) is not there once"
        for area in areas
        for mutant in area.mutants
        if (ROOT / mutant.file).read_text(encoding="utf-8").count(mutant.line + "\n") != 1
    ]


def main() -> None:
    args = options(__doc__)
    heading(
        "Mutation, area by area: the scenario format's table, the editor's form, narration, links, escaping, form and scenario, guards"
    )
    if lines := stale(AREAS):
        sys.exit("\n".join(lines))
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
        print("  equivalent mutants: none (each changes what a reader or a contributor sees)")
        figure("seconds per mutant", (time.perf_counter() - start) / max(count, 1), "s")


if __name__ == "__main__":
    main()
