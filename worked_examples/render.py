"""A worked example as HTML, in the page's language.

The same markup serves every example: the board before the combat, the
step-through (an ordered list of steps, each with its narration, its rules
and the board after it; ``stepper.js`` turns it into one step at a time),
the outcome and the engine's verdict. Styles: ``riftbound.css``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from typing import Any

from engine.messages import Names, join, narrate
from engine.trace import Snapshot, Step, UnitState, changes
from worked_examples.verify import ExampleRun

WORDS: dict[str, dict[str, str]] = {
    "example": {"en": "Worked example", "fr": "Exemple commenté"},
    "before": {"en": "The board before the combat", "fr": "Le plateau avant le combat"},
    "walk": {
        "en": "Step through the combat ({count} steps)",
        "fr": "Suivre le combat pas à pas ({count} étapes)",
    },
    "controlled": {"en": "controlled by {player}", "fr": "contrôlé par {player}"},
    "uncontrolled": {"en": "uncontrolled", "fr": "non contrôlé"},
    "base": {"en": "{player}'s base", "fr": "Base de {player}"},
    "trash": {"en": "Trash", "fr": "Défausse"},
    "elsewhere": {"en": "Hand and banishment", "fr": "Main et bannissement"},
    "hand": {"en": "hand", "fr": "main"},
    "banishment": {"en": "banished", "fr": "banni"},
    "might": {"en": "Might {value}", "fr": "puissance {value}"},
    "damage": {"en": "{value} damage", "fr": "{value} dégâts"},
    "attacker": {"en": "Attacker", "fr": "Attaquant"},
    "defender": {"en": "Defender", "fr": "Défenseur"},
    "score": {"en": "Score", "fr": "Score"},
    "empty": {"en": "no units", "fr": "aucune unité"},
    "rule": {"en": "Rule", "fr": "Règle"},
    "rules": {"en": "Rules", "fr": "Règles"},
    "step": {"en": "Step {n}", "fr": "Étape {n}"},
    "outcome": {"en": "Outcome", "fr": "Résultat final"},
    "verified": {"en": "Verified by the engine", "fr": "Vérifié par le moteur"},
    "download": {"en": "Download the scenario", "fr": "Télécharger le scénario"},
    "first": {"en": "First step", "fr": "Première étape"},
    "previous": {"en": "Previous step", "fr": "Étape précédente"},
    "next": {"en": "Next step", "fr": "Étape suivante"},
    "last": {"en": "Last step", "fr": "Dernière étape"},
    "position": {"en": "Step {n} of {total}", "fr": "Étape {n} sur {total}"},
    "changed": {"en": "changed", "fr": "modifié"},
    "winner": {
        "en": "{winner} wins the combat; {loser} loses.",
        "fr": "{winner} gagne le combat ; {loser} le perd.",
    },
    "no-result": {"en": "No Result.", "fr": "Aucun résultat."},
    "restaged": {
        "en": "Another showdown and combat was staged.",
        "fr": "Une nouvelle confrontation et un nouveau combat ont été préparés.",
    },
    "control": {"en": "Control: {before} → {after}.", "fr": "Contrôle : {before} → {after}."},
    "nobody": {"en": "nobody", "fr": "personne"},
    "conquer": {
        "en": "Conquer: {player} scores {points} point.",
        "fr": "Conquête : {player} marque {points} point.",
    },
    "no-conquer": {"en": "No Conquer.", "fr": "Pas de conquête."},
    "killed": {"en": "Killed: {units}.", "fr": "Éliminées : {units}."},
    "recalled": {"en": "Recalled: {units}.", "fr": "Rappelées : {units}."},
}


def word(key: str, lang: str, **values: object) -> str:
    return WORDS[key][lang].format(**values)


def colon(lang: str) -> str:
    """French typography puts a space before a colon."""
    return " : " if lang == "fr" else ": "


# The words a board needs; stepper.js receives them with the boards.
BOARD_WORDS = (
    "controlled",
    "uncontrolled",
    "base",
    "trash",
    "elsewhere",
    "hand",
    "banishment",
    "might",
    "damage",
    "attacker",
    "defender",
    "score",
    "empty",
    "changed",
)

RuleLink = Callable[[str], str]


class ExampleRenderer:
    """Renders one run in one language; ``rule_link`` maps a rule number to its browser URL."""

    def __init__(self, run: ExampleRun, lang: str, rule_link: RuleLink, download: str) -> None:
        self.run = run
        self.lang = lang
        self.rule_link = rule_link
        self.download = download
        self.names = Names(run.outcome.board)
        self.players = [p.id for p in run.scenario.players]

    # -- pieces ------------------------------------------------------------

    def player(self, player_id: str | None) -> str:
        return escape(self.names.player(player_id, self.lang))

    def unit(self, state: UnitState, changed: bool) -> str:
        lang = self.lang
        parts = [f'<span class="rb-unit-name">{escape(self.names.unit(state.id, lang))}</span>']
        if state.zone != "base":  # where players' units mix, name the player, not just a colour
            parts.append(f'<span class="rb-player">{self.player(state.zone_player)}</span>')
        if state.zone in ("battlefield", "base"):
            parts.append(f'<span class="rb-might">{word("might", lang, value=state.might)}</span>')
            if state.damage:
                parts.append(
                    f'<span class="rb-damage">{word("damage", lang, value=state.damage)}</span>'
                )
        elif state.zone in ("hand", "banishment"):
            parts.append(f'<span class="rb-where">{word(state.zone, lang)}</span>')
        if state.designation:
            parts.append(
                f'<span class="rb-tag rb-{state.designation}">{word(state.designation, lang)}</span>'
            )
        player = state.zone_player
        side = self.players.index(player) + 1 if player in self.players else 0
        css = f"rb-unit rb-side-{side}" + (" rb-changed" if changed else "")
        marker = (
            f'<span class="rb-visually-hidden"> ({word("changed", lang)})</span>' if changed else ""
        )
        return f'<li class="{css}">{" ".join(parts)}{marker}</li>'

    def zone(
        self, title: str, units: list[UnitState], changed: tuple[str, ...], css: str = ""
    ) -> str:
        items = "".join(self.unit(u, u.id in changed) for u in units)
        body = (
            f'<ul class="rb-units">{items}</ul>'
            if items
            else f'<p class="rb-empty">{word("empty", self.lang)}</p>'
        )
        return f'<div class="rb-zone {css}"><p class="rb-zone-title">{title}</p>{body}</div>'

    def board(self, snapshot: Snapshot, changed: tuple[str, ...] = ()) -> str:
        lang = self.lang
        control = (
            word("controlled", lang, player=self.player(snapshot.controller))
            if snapshot.controller
            else word("uncontrolled", lang)
        )
        battlefield_css = "rb-battlefield" + (" rb-changed" if "controller" in changed else "")
        title = f"{escape(self.names.battlefield(lang))} · {control}"
        zones = [
            self.zone(
                title,
                [u for u in snapshot.units if u.zone == "battlefield"],
                changed,
                battlefield_css,
            )
        ]
        for player in self.players:
            units = [u for u in snapshot.units if u.zone == "base" and u.zone_player == player]
            zones.append(
                self.zone(word("base", lang, player=self.player(player)), units, changed, "rb-base")
            )
        trash = [u for u in snapshot.units if u.zone == "trash"]
        zones.append(self.zone(word("trash", lang), trash, changed, "rb-trash"))
        elsewhere = [u for u in snapshot.units if u.zone in ("hand", "banishment", "elsewhere")]
        if elsewhere:
            zones.append(self.zone(word("elsewhere", lang), elsewhere, changed, "rb-elsewhere"))
        scores = " · ".join(
            f'<span class="{"rb-changed" if f"score:{p}" in changed else ""}">{self.player(p)} {s}</span>'
            for p, s in snapshot.scores
        )
        zones.append(f'<p class="rb-scores">{word("score", lang)}{colon(lang)}{scores}</p>')
        return f'<div class="rb-board">{"".join(zones)}</div>'

    def citations(self, step: Step) -> str:
        key = "rule" if len(step.rules) == 1 else "rules"
        links = ", ".join(f'<a href="{escape(self.rule_link(n))}">{n}</a>' for n in step.rules)
        return f'<span class="rb-cite">({word(key, self.lang)} {links})</span>'

    def step(self, number: int, step: Step, prefix: str) -> str:
        text = escape(narrate(step, self.lang, self.names))
        return (
            f'<li class="rb-step" id="{prefix}-{number}" data-step-id="{step.id}">'
            f'<p class="rb-narration"><strong>{word("step", self.lang, n=number)}.</strong> {text} '
            f"{self.citations(step)}</p></li>"
        )

    def board_data(self) -> str:
        """Every step's board as compact JSON, drawn by stepper.js exactly as ``board`` draws it."""
        lang, steps = self.lang, self.run.outcome.steps
        data: dict[str, Any] = {
            "labels": {key: WORDS[key][lang] for key in BOARD_WORDS} | {"colon": colon(lang)},
            "battlefield": self.names.battlefield(lang),
            "players": [[p, self.names.player(p, lang)] for p in self.players],
            "names": {u: self.names.unit(u, lang) for u in self.run.outcome.board.units},
            "boards": [
                [
                    s.board.controller,
                    s.board.scores,
                    [list(u) for u in s.board.units],
                    changes(steps, i),
                ]
                for i, s in enumerate(steps)
            ],
        }
        # Inside <script>, "</" would end the element: JSON allows "<\/" for it.
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")

    def outcome(self) -> str:
        o, lang = self.run.outcome, self.lang
        names = self.names
        lines = [
            word("winner", lang, winner=self.player(o.winner), loser=self.player(o.loser))
            if o.winner
            else word("no-result", lang)
        ]
        if o.restaged:
            lines.append(word("restaged", lang))
        lines.append(
            word(
                "control",
                lang,
                before=self.player(o.control_before),
                after=self.player(o.control_after),
            )
        )
        lines.append(
            word("conquer", lang, player=self.player(o.conquered_by), points=o.points_scored)
            if o.conquered_by
            else word("no-conquer", lang)
        )
        for key in ("killed", "recalled"):
            units = getattr(o, key)
            if units:
                lines.append(
                    word(key, lang, units=escape(join([names.unit(u, lang) for u in units], lang)))
                )
        return " ".join(lines)

    # -- the whole example ---------------------------------------------------

    def html(self, stepper_prefix: str | None = None, verdict: bool = True) -> str:
        """The example; ``stepper_prefix`` (e.g. "combat-step") opens the steps and names their anchors.

        ``verdict``: the engine's verdict on what the file documents (a board a reader
        made in the browser documents nothing, so it has none).
        """
        run, lang = self.run, self.lang
        steps = run.outcome.steps
        prefix = stepper_prefix or f"{run.id}-step"
        items = "".join(self.step(i + 1, s, prefix) for i, s in enumerate(steps))
        controls = (
            f'<div class="rb-controls" hidden>'
            f'<button type="button" data-go="first">{word("first", lang)}</button>'
            f'<button type="button" data-go="previous">{word("previous", lang)}</button>'
            f'<output class="rb-position" aria-live="polite" '
            f'data-template="{escape(word("position", lang, n="{n}", total="{total}"))}"></output>'
            f'<button type="button" data-go="next">{word("next", lang)}</button>'
            f'<button type="button" data-go="last">{word("last", lang)}</button>'
            "</div>"
        )
        stepper = (
            f'<div class="rb-stepper" data-prefix="{prefix}" lang="{lang}">{controls}'
            f'<ol class="rb-step-list">{items}</ol><div class="rb-live-board"></div>'
            f'<script type="application/json" class="rb-boards">{self.board_data()}</script></div>'
        )
        summary = word("walk", lang, count=len(steps))
        open_attr = " open" if stepper_prefix else ""
        title = escape(run.scenario.title.get(lang, run.scenario.title["en"]))
        caption = escape(run.scenario.caption.get(lang, run.scenario.caption["en"]))
        verdict_html = (
            f'<p class="rb-verdict"><span class="rb-verified">✓ {word("verified", lang)}</span> · '
            f'<a href="{escape(self.download)}" download>{word("download", lang)}</a></p>'
            if verdict
            else ""
        )
        return (
            f'<div class="admonition example rb-example" id="example-{run.id}" data-example="{run.id}">'
            f'<p class="admonition-title">{word("example", lang)}{colon(lang)}{title}</p>'
            f"<p>{caption}</p>"
            f'<p class="rb-board-title">{word("before", lang)}</p>{self.board(steps[0].board)}'
            f'<details class="rb-walk"{open_attr}><summary>{summary}</summary>{stepper}</details>'
            f'<p class="rb-outcome"><strong>{word("outcome", lang)}.</strong> {self.outcome()}</p>'
            f"{verdict_html}</div>"
        )
