"""The editor's form, described in Python (``browser_engine.view``): what the reader sees and
what each control does, for every example, in both languages; the rules it takes from the
engine (who may move in, how abilities are numbered, how a typed number reads) and renames
along every reference the scenario format declares."""

from __future__ import annotations

import copy
import json
import re
import zlib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from browser_engine import entry, shown
from browser_engine.elements import Control, Group, Note, View
from browser_engine.entry import BadLink, fragment_of, text_of_fragment
from browser_engine.form import (
    MAX_SCENARIO_BYTES,
    MAX_SHARE_CHARACTERS,
    OFF,
    blank_form,
    form_of,
    scenario_text,
)
from browser_engine.shown import Show, Where
from browser_engine.view import describe, edit, may_move, table_key
from engine import ProblemsFound, load_scenario, parse_scenario, run_combat
from engine.fields import Choice, Either, Flag, Kind, Node, Obj, Seq, namings, references
from engine.format import SCENARIO
from engine.loader import mover_problem
from engine.model import Zone
from engine.report import outcome_text
from tests.conftest import ROOT
from vocabulary import languages

EXAMPLES = sorted((ROOT / "examples").glob("*.yml"))
MODES = ("page", "variation")


def form(file: Path) -> dict[str, Any]:
    return form_of(file.read_text(encoding="utf-8"), file.name)


def controls(view: View) -> dict[str, Control]:
    return {e.key: e for _, e in view.elements() if isinstance(e, Control)}


def played(board: dict[str, Any], lang: str = "en") -> str:
    written = scenario_text(board, {"result": "none"})
    return outcome_text(run_combat(parse_scenario(written.text, "board.yml")), lang)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("file", EXAMPLES, ids=lambda f: f.stem)
def test_every_example_is_described_in_both_languages(file: Path, mode: str) -> None:
    board = form(file)
    views = {lang: describe(board, lang, mode) for lang in languages()}
    keys = {lang: [e.key for _, e in view.elements()] for lang, view in views.items()}
    assert len(set(keys["en"])) == len(keys["en"]), "two controls share a key"
    assert sorted(keys["en"]) == sorted(keys["fr"]), "the languages show different controls"
    english, french = controls(views["en"]), controls(views["fr"])
    for key, control in english.items():
        assert control.label and "{" not in control.label, key
        if control.kind == "select":
            values = [value for value, _ in control.choices]
            assert control.value in values, (key, control.value, values)
            assert [c for _, c in french[key].choices] != [c for _, c in control.choices] or all(
                v == c for v, c in control.choices
            ), key
    for _, element in views["fr"].elements():
        label = element.label
        assert not re.search(r" [:;!?»]|« ", label), label  # French spaces, no-break
        assert "'" not in label, label
    # The French words are French: none of the English interface words.
    said = " ".join(e.label for _, e in views["fr"].elements())
    for english_word in ("Might", "Owner", "Where", "Damage already marked", "Units that move"):
        assert english_word not in said


@pytest.mark.parametrize("file", EXAMPLES, ids=lambda f: f.stem)
def test_only_units_that_may_move_in_are_offered_as_movers(file: Path) -> None:
    board = form(file)
    # Every unit at its base may be offered: make each one of the Attacker's base units unable
    # to move, in turn: it is offered only while it moves already.
    attacker = board["combat"]["attacker"]
    offered = {
        key.removeprefix("combat.move.")
        for key in controls(describe(board, "en", "page"))
        if key.startswith("combat.move.")
    }
    allowed = {
        u["id"]
        for u in board["units"]
        if mover_problem(
            Zone(u["at"]), u.get("controller") or u["owner"], bool(u.get("cant_move")), attacker
        )
        is None
    }
    assert offered == allowed | set(board["combat"]["move"])
    for unit in board["units"]:
        if unit["id"] in board["combat"]["move"]:
            continue
        unit = {**unit, "cant_move": True}
        assert not may_move(unit, attacker)


def test_a_unit_that_cannot_move_or_is_not_the_attackers_is_not_offered() -> None:
    board = blank_form()
    board["units"].append(
        {
            "id": "stuck",
            "name": "Stuck",
            "owner": "red",
            "might": 1,
            "at": "base",
            "cant_move": True,
        }
    )
    board["units"].append({"id": "away", "name": "Away", "owner": "red", "might": 1, "at": "trash"})
    board["units"].append(
        {"id": "theirs", "name": "Theirs", "owner": "blue", "might": 1, "at": "base"}
    )
    board["units"].append(
        {
            "id": "lent",
            "name": "Lent",
            "owner": "blue",
            "controller": "red",
            "might": 1,
            "at": "base",
        }
    )
    keys = set(controls(describe(board, "en", "page")))
    assert {k for k in keys if k.startswith("combat.move.")} == {
        "combat.move.red-unit",
        "combat.move.lent",
    }


def test_abilities_are_numbered_as_the_steps_number_them_those_left_out_not_counted() -> None:
    board = blank_form()
    for _ in range(3):
        board = edit(board, "en", "page", "add-units.0.abilities")
    legends = [
        e.label
        for _, e in describe(board, "en", "page").elements()
        if isinstance(e, Group) and re.fullmatch(r"units\.0\.abilities\.\d", e.key)
    ]
    assert legends == ["Ability 1", "Ability 2", "Ability 3"]
    board = edit(board, "en", "page", f"units.0.abilities.0.{OFF}", False)
    legends = [
        e.label
        for _, e in describe(board, "fr", "page").elements()
        if isinstance(e, Group) and re.fullmatch(r"units\.0\.abilities\.\d", e.key)
    ]
    assert legends == ["Compétence (omise)", "Compétence 1", "Compétence 2"]


def rename_cases() -> list[tuple[Path, str, Kind, str]]:
    """Every id an example's form gives (a player, a unit, an ability, a unit a card plays):
    the key of the control that edits it."""
    cases = []
    for file in EXAMPLES:
        board = form(file)
        for naming in namings(SCENARIO, board):
            cases.append((file, ".".join(map(str, naming.at)), naming.names, naming.value))
    return cases


RENAMES = rename_cases()


@pytest.mark.parametrize(
    ("file", "key", "kind", "old"),
    RENAMES,
    ids=[f"{f.stem}:{key}" for f, key, _, _ in RENAMES],
)
def test_renaming_any_id_moves_every_reference_and_the_board_plays_the_same(
    file: Path, key: str, kind: Kind, old: str
) -> None:
    board = form(file)
    before = played(board)
    renamed = edit(board, "en", "page", key, "renamed-id")
    left = [r for r in references(SCENARIO, renamed) if r.value == old and kind in r.to]
    # What still names the old id refers to something else of that name (a unit's abilities
    # are named by its id: renaming the ability leaves its unit's other references alone).
    assert all(kind is not Kind.UNIT or r.to == (Kind.ABILITY,) for r in left), left
    assert played(renamed) == before.replace(f"[{old}", "[renamed-id") or played(renamed) == before


def test_renaming_a_unit_renames_its_abilities_in_a_trigger_order_and_in_expectations() -> None:
    file = ROOT / "examples" / "death-abilities-order-recruit-survives.yml"
    data = {**form(file)}
    assert data["combat"]["trigger_order"] == [["herald", "bombardier"]]
    index = next(i for i, u in enumerate(data["units"]) if u["id"] == "herald")
    renamed = edit(data, "en", "page", f"units.{index}.id", "blue-herald")
    assert renamed["combat"]["trigger_order"] == [["blue-herald", "bombardier"]]
    assert played(renamed) == played(data)


def test_an_id_typed_that_is_taken_waits_then_follows_from_where_it_was() -> None:
    board = blank_form()
    board = edit(board, "en", "page", "add-units.0.abilities")
    board = edit(board, "en", "page", "units.0.abilities.0.effect", "deal_damage")
    board = edit(board, "en", "page", "units.0.abilities.0.deal_damage.to", "blue-unit")
    taken = edit(board, "en", "page", "units.0.id", "blue-unit")  # blue's: refs wait
    assert taken["combat"]["move"] == ["red-unit"]
    assert taken["units"][0]["abilities"][0]["deal_damage"]["to"] == "blue-unit"
    free = edit(taken, "en", "page", "units.0.id", "raider")
    assert free["combat"]["move"] == ["raider"]
    assert free["units"][0]["abilities"][0]["deal_damage"]["to"] == "blue-unit"  # blue's stays
    assert "_refs" not in free["units"][0]


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("4", 4),
        ("+4", 4),
        ("1e2", "1e2"),
        ("0x10", "0x10"),
        ("4.0", "4.0"),
        ("", ""),
        ("012", "012"),
        ("9007199254740991", 9007199254740991),  # the largest the page's JavaScript holds
        ("9007199254740993", "9007199254740993"),  # past it: kept as typed, refused
    ],
)
def test_a_number_field_accepts_exactly_what_a_file_accepts(typed: str, read: object) -> None:
    board = edit(blank_form(), "en", "page", "units.0.might", typed)
    assert board["units"][0]["might"] == read
    file = scenario_text(blank_form(), {"result": "none"}).text.replace(
        "might: 3", "might: " + (typed or '""'), 1
    )
    try:
        from_file = parse_scenario(file, "x.yml").units[0].might
    except ProblemsFound:
        from_file = None
    answer = json.loads(entry.handle(json.dumps({"action": "run", "lang": "en", "form": board})))
    assert answer["ok"] is (from_file is not None)
    if from_file is not None:
        assert from_file == read


def test_the_damage_fields_say_each_sides_total_before_the_run() -> None:
    """A player's assignment is the engine's until the reader states it; stated, it starts
    from what the engine would give, and says the side's combat Might as the engine finds it
    at that damage step."""
    board = blank_form()
    assert not [e for _, e in describe(board, "en", "page").elements() if isinstance(e, Note)]
    board = edit(board, "en", "page", "combat.rounds.0.assign.red.engine", False)
    assert board["combat"]["rounds"][0]["assign"] == {"red": {"blue-unit": 3}}
    board = edit(board, "en", "page", "combat.rounds.0.assign.red.blue-unit", "2")
    notes = [e.label for _, e in describe(board, "en", "page").elements() if isinstance(e, Note)]
    assert notes == [
        "Total assigned by Red: 2 of 3 (a player assigns all of its side’s combat Might)."
    ]
    french = [e.label for _, e in describe(board, "fr", "page").elements() if isinstance(e, Note)]
    assert french == [
        "Total attribué par Rouge\u00a0: 2 sur 3 (un joueur attribue toute la puissance de combat de son camp)."
    ]
    back = edit(board, "en", "page", "combat.rounds.0.assign.red.engine", True)
    assert "assign" not in back["combat"]["rounds"][0]


def test_a_refusal_names_the_field_as_the_form_does_in_the_readers_language() -> None:
    board = form(ROOT / "examples" / "four-vs-four-prevent-one.yml")
    board["units"][1]["might"] = "4.5"
    for lang, said in (
        ("en", "must be a whole number (got '4.5')"),
        ("fr", "doit être un nombre entier (ici\u00a0: «\u00a04.5\u00a0»)"),
    ):
        answer = json.loads(
            entry.handle(
                json.dumps({"action": "run", "lang": lang, "form": board, "mode": "variation"})
            )
        )
        [problem] = answer["problems"]
        assert problem["key"] == "units.1.might" and problem["text"] == said
        assert ".yml" not in problem["summary"] and "units.1" not in problem["summary"]
        assert problem["summary"].startswith("Unit 2 · " if lang == "en" else "Unité 2 · ")


def test_one_duplicate_id_is_one_problem() -> None:
    board = blank_form()
    board = edit(board, "en", "page", "add-units")
    board = edit(board, "en", "page", "units.2.id", "blue-unit")
    answer = json.loads(entry.handle(json.dumps({"action": "run", "lang": "en", "form": board})))
    assert len(answer["problems"]) == 1, answer["problems"]
    assert answer["problems"][0]["key"] == "units.2.id"


@pytest.mark.parametrize(
    ("lang", "first"),
    [
        ("en", "(the first: Unit 2 · Blue unit)"),
        ("fr", "(la première\u00a0: Unité 2 · Unité bleue)"),
    ],
)
def test_a_duplicate_id_says_which_unit_has_it_and_its_references_wait(
    lang: str, first: str
) -> None:
    """No line of a file the reader never saw, and no knock-on "unknown unit" for what still
    refers to the unit's id: one fault, one message."""
    board = blank_form()
    board = edit(board, "en", "page", "add-units")  # unit-3, Red's, at its base
    board = edit(board, "en", "page", "combat.move.unit-3", True)
    board = edit(board, "en", "page", "units.2.id", "blue-unit")
    answer = json.loads(entry.handle(json.dumps({"action": "run", "lang": lang, "form": board})))
    [problem] = answer["problems"]
    assert problem["key"] == "units.2.id" and first in problem["text"], problem
    assert "line" not in problem["text"] and "ligne" not in problem["text"]


# -- shared links ----------------------------------------------------------------------------


def test_a_board_goes_to_a_link_and_back() -> None:
    text = (ROOT / "examples" / "whole-combat.yml").read_text(encoding="utf-8")
    assert text_of_fragment(fragment_of(text), "en") == text


def test_a_link_that_inflates_past_the_limit_is_refused_having_inflated_no_more() -> None:
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = bomb.compress(b"#" * (50 * MAX_SCENARIO_BYTES)) + bomb.flush()
    import base64

    fragment = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    assert len(fragment) < MAX_SHARE_CHARACTERS  # small, but it inflates to 3 MB
    with pytest.raises(BadLink, match="too large"):
        text_of_fragment(fragment, "en")


@pytest.mark.parametrize("fragment", ["@@not-base64", "AAAA", "x" * (MAX_SHARE_CHARACTERS + 1)])
def test_a_damaged_link_says_why_in_the_readers_language(fragment: str) -> None:
    for lang in languages():
        answer = json.loads(
            entry.handle(json.dumps({"action": "link", "fragment": fragment, "lang": lang}))
        )
        assert answer["ok"] is False
        [said] = answer["problems"]
        assert said.startswith(
            "The board in this link cannot be read" if lang == "en" else "Le plateau de ce lien"
        )


def test_a_link_cut_at_any_point_is_incomplete_and_opens_no_smaller_board() -> None:
    """Without the check that the deflate stream ends, 6 of about 100 cut points of an
    example's link opened as a smaller board."""
    board = form(ROOT / "examples" / "kill-before-heal.yml")
    shared = json.loads(entry.handle(json.dumps({"action": "share", "lang": "en", "form": board})))
    fragment = shared["fragment"]
    assert len(fragment) > 500

    def opened(fragment: str, lang: str) -> list[str]:
        request = {"action": "link", "fragment": fragment, "lang": lang}
        answer = json.loads(entry.handle(json.dumps(request)))
        return ["opened"] if answer["ok"] else list(answer["problems"])

    said = {
        "en": "The board in this link cannot be read: this link is incomplete, cut short; copy "
        "it whole, to its last character",
        "fr": "Le plateau de ce lien ne peut pas être lu\u00a0: ce lien est incomplet, tronqué\u202f; "
        "copiez-le en entier, jusqu’à son dernier caractère",
    }
    for lang, sentence in said.items():
        cut = [opened(fragment[:end], lang) for end in range(len(fragment))]
        assert [i for i, problems in enumerate(cut) if problems != [sentence]] == [], lang
    assert opened(fragment, "en") == ["opened"]


def test_a_link_to_a_scenario_the_engine_refuses_says_so() -> None:
    text = (
        (ROOT / "examples" / "whole-combat.yml")
        .read_text(encoding="utf-8")
        .replace("might: 4", "might: -4", 1)
    )
    answer = json.loads(
        entry.handle(json.dumps({"action": "link", "fragment": fragment_of(text), "lang": "en"}))
    )
    assert answer["ok"] is False and "must not be negative" in answer["problems"][0]


def test_every_example_plays_the_same_through_the_form() -> None:
    for file in EXAMPLES:
        board = copy.deepcopy(form(file))
        assert played(board) == outcome_text(run_combat(load_scenario(file)))


def test_the_damage_totals_add_every_unit_of_a_side() -> None:
    board = form(ROOT / "examples" / "whole-combat.yml")
    assert "damage" in board["combat"]["rounds"][0]  # the older form, both at once
    board = edit(board, "en", "page", "combat.rounds.0.assign.red.sentinel", "3")
    board = edit(board, "en", "page", "combat.rounds.0.assign.red.archer", "2")
    round_ = board["combat"]["rounds"][0]
    assert "damage" not in round_ and round_["assign"]["red"] == {"sentinel": 3, "archer": 2}
    assert round_["assign"]["blue"] == {"vanguard": 3, "skirmisher": 2}  # Blue's kept as stated
    notes = [e.label for _, e in describe(board, "en", "page").elements() if isinstance(e, Note)]
    # Red's Might: the Vanguard's 4 and the Skirmisher's 2, and the showdown's +1 Might.
    assert (
        notes[0]
        == "Total assigned by Red: 5 of 7 (a player assigns all of its side’s combat Might)."
    )


def test_a_refusal_in_the_editor_names_players_as_the_board_does() -> None:
    board = edit(blank_form(), "en", "page", "combat.rounds.0.assign.red.engine", False)
    board = edit(board, "en", "page", "combat.rounds.0.assign.red.blue-unit", "0")
    answer = json.loads(entry.handle(json.dumps({"action": "run", "lang": "fr", "form": board})))
    texts = [p["text"] for p in answer["problems"]]
    assert any(t.startswith("Rouge attribue 0 dégât de combat") for t in texts), texts
    assert not any("de blue" in t or "de red" in t for t in texts)


def test_a_shared_link_is_never_inflated_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """However small the link, what it inflates to is read at most to the limit (a deflate
    stream of 8,000 characters can hold megabytes)."""
    asked: list[int | None] = []
    real = zlib.decompressobj

    class Watched:
        def __init__(self, *args: Any) -> None:
            self.inner = real(*args)

        def decompress(self, data: bytes, max_length: int | None = None) -> bytes:
            asked.append(max_length)
            return self.inner.decompress(data, max_length or 0)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

    monkeypatch.setattr("browser_engine.entry.zlib.decompressobj", Watched)
    text = (ROOT / "examples" / "whole-combat.yml").read_text(encoding="utf-8")
    assert text_of_fragment(fragment_of(text), "en") == text
    assert asked and all(n is not None and 0 < n <= MAX_SCENARIO_BYTES + 1 for n in asked)


def test_a_byte_order_mark_is_refused_alike_by_the_editor_and_the_command_line(
    tmp_path: Path,
) -> None:
    text = "\ufeff" + (ROOT / "examples" / "whole-combat.yml").read_text(encoding="utf-8")
    answer = json.loads(
        entry.handle(json.dumps({"action": "open", "text": text, "name": "x.yml", "lang": "en"}))
    )
    assert answer == {
        "ok": False,
        "problems": [
            "Line 1: starts with a byte-order mark (BOM): save the file as UTF-8 without BOM"
        ],
    }
    file = tmp_path / "bom.yml"
    file.write_text(text, encoding="utf-8")
    with pytest.raises(ProblemsFound) as raised:
        load_scenario(file)
    assert "byte-order mark" in str(raised.value)


def test_a_name_changed_in_one_language_shows_the_others_old_name() -> None:
    board = form(ROOT / "examples" / "four-vs-four-prevent-one.yml")
    renamed = edit(board, "en", "page", "units.0.name.en", "Red Marauder")
    view = describe(renamed, "en", "page")
    notes = [e.label for _, e in view.elements() if isinstance(e, Note) and "name" in e.key]
    assert notes == [
        "Its name in French is still “Pillarde rouge”: change it too if it should change."
    ]
    assert controls(view)["units.0.name.fr"].optional is False  # shown, not folded
    both = edit(renamed, "en", "page", "units.0.name.fr", "Maraudeuse rouge")
    again = describe(both, "en", "page")
    assert not [e for _, e in again.elements() if isinstance(e, Note) and "name" in e.key]
    assert "_renamed" not in scenario_text(both, {"result": "none"}).text


def same_names(view: View) -> dict[str, str]:
    return {
        e.key: e.label
        for _, e in view.elements()
        if isinstance(e, Note) and e.key.endswith(".same") and e.warning
    }


def test_two_units_named_alike_in_a_language_are_each_warned_and_the_board_plays() -> None:
    board = form(ROOT / "examples" / "four-vs-four-prevent-one.yml")
    assert same_names(describe(board, "en", "page")) == {}
    alike = edit(board, "fr", "page", "units.1.name.fr", "Pillarde rouge")
    assert same_names(describe(alike, "en", "page")) == {
        "units.0.name.fr.same": "Unit 2 is also named “Pillarde rouge” in French: the steps "
        "and the outcome could not tell them apart.",
        "units.1.name.fr.same": "Unit 1 is also named “Pillarde rouge” in French: the steps "
        "and the outcome could not tell them apart.",
    }
    # Beside a field shown, not folded under "More fields" (French, on an English page).
    assert controls(describe(alike, "en", "page"))["units.1.name.fr"].optional is False
    assert played(alike, "fr")  # a warning, not a refusal
    # The reader's own text, quoted as typed: no typography in it.
    typed = edit(board, "fr", "page", "units.0.name.fr", "Garde!")
    typed = edit(typed, "fr", "page", "units.1.name.fr", "Garde!")
    assert same_names(describe(typed, "fr", "page"))["units.1.name.fr.same"] == (
        "Unité 1 porte aussi le nom «\u00a0Garde!\u00a0» en français\u00a0: les étapes et le "
        "bilan ne pourraient pas les distinguer."
    )
    # Players too; a name told apart again is no longer warned of.
    players = edit(board, "en", "page", "players.1.name.en", "Red")
    assert set(same_names(describe(players, "en", "page"))) == {
        "players.0.name.en.same",
        "players.1.name.en.same",
    }
    apart = edit(players, "en", "page", "players.1.name.en", "Blue")
    assert same_names(describe(apart, "en", "page")) == {}


# -- the form is the format's table walked ----------------------------------------------


def with_unit_field(name: str, node: Node) -> Obj:
    """The scenario format with one more field on every unit."""
    units = SCENARIO.fields["units"]
    assert isinstance(units, Seq) and isinstance(units.item, Obj)
    item = replace(units.item, fields={**units.item.fields, name: node})
    return replace(SCENARIO, fields={**SCENARIO.fields, "units": replace(units, item=item)})


def test_a_field_added_to_the_format_table_appears_in_the_form(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One line in the table of what the format cannot say (its label) is all a new field
    needs: its control comes from its kind in the format."""
    monkeypatch.setattr("browser_engine.view.SCENARIO", with_unit_field("elusive", Flag()))
    monkeypatch.setitem(shown.FIELDS, "units[].elusive", Show("form.tank", fold=True))
    view = describe(blank_form(), "en", "variation")
    box = controls(view)["units.1.elusive"]
    assert box.kind == "checkbox" and box.value is False and box.optional
    changed = edit(blank_form(), "en", "variation", "units.1.elusive", True)
    assert changed["units"][1]["elusive"] is True
    back = edit(changed, "en", "variation", "units.1.elusive", False)
    assert "elusive" not in back["units"][1]  # left out, as an unset flag is
    monkeypatch.setattr(
        "browser_engine.view.SCENARIO", with_unit_field("elusive", Choice(("a", "b")))
    )
    assert controls(describe(blank_form(), "en", "page"))["units.1.elusive"].kind == "select"


def test_a_field_of_the_format_without_its_line_is_an_error_naming_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("browser_engine.view.SCENARIO", with_unit_field("elusive", Flag()))
    with pytest.raises(
        TypeError,
        match=r"units\.0\.elusive: the editor has no line for the "
        r"field units\[\]\.elusive",
    ):
        describe(blank_form(), "en", "page")


def test_every_field_of_the_board_has_its_line() -> None:
    """Each field of the format's table, wherever it is used, has its line in
    ``browser_engine.shown`` (hidden ones say so), and no line names a field that is not."""
    keys = set()

    def visit(node: Node, key: str) -> None:
        obj = node if isinstance(node, Obj) else None
        if isinstance(node, Either):
            obj = next((f for f in node.forms if isinstance(f, Obj)), None)
        if isinstance(node, Seq):
            inner = node.item
            visit(inner, table_key(key, "[]", inner) if inner.define else f"{key}[]")
            return
        if obj is None:
            return
        for name, child in obj.fields.items():
            child_key = table_key(key, name, child)
            if child_key != "effect":  # a kind of effect: its fields have their lines
                keys.add(child_key)
            line = shown.FIELDS.get(child_key)
            # A hidden field's parts are hidden; a widget shows its field's parts itself.
            whole = line is not None and (line.where is Where.NOWHERE or bool(line.widget))
            if not whole and (child_key, child.define) not in seen:
                seen.add((child_key, child.define))  # each kind of effect, each definition
                visit(child, child_key)

    seen: set[tuple[str, str]] = set()
    visit(SCENARIO, "")
    assert sorted(keys - set(shown.FIELDS)) == []
    assert sorted(set(shown.FIELDS) - keys) == []


def test_a_variation_shows_a_fields_it_may_change_and_those_its_example_sets() -> None:
    """Try a variation changes numbers, places, plays and keywords: a unit's ids and owner
    stay the example's; whether it can move shows only where the example says it can't."""
    board = form(ROOT / "examples" / "four-vs-four-prevent-one.yml")
    shown_keys = set(controls(describe(board, "en", "variation")))
    assert {"units.0.might", "units.0.at", "units.0.tank", "units.0.assault"} <= shown_keys
    assert not {"units.0.id", "units.0.owner", "units.0.cant_move"} & shown_keys
    stuck = edit(board, "en", "page", "units.0.cant_move", True)
    assert "units.0.cant_move" in controls(describe(stuck, "en", "variation"))
    assert "units.0.cant_move" in controls(describe(board, "en", "page"))
