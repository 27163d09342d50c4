"""Every word the in-browser engine's editor says: messages, translated in the catalogs.

The editor's JavaScript receives each language's templates at build (``pack``), filled
in the page; Python uses them for the difference line and the boards it writes. The
vocabulary of scenarios (zones, triggers, effects and their fields) comes from the
engine's JSON Schema; each of its names has an entry here (``tests/browser_engine``
checks that none is missing).
"""

from __future__ import annotations

from vocabulary import Message, message, plural_message, typeset

WORDS: dict[str, Message] = {
    "launch.try": message("editor:launch.try", "Try a variation"),
    "launch.open": message("editor:launch.open", "Open in the editor"),
    "launch.failed": message("editor:launch.failed", "The editor could not be loaded: {reason}"),
    "editor.variation": message("editor:editor.variation", "Variation of this example"),
    "editor.board": message("editor:editor.board", "Your board"),
    "editor.close": message("editor:editor.close", "Close the editor"),
    "editor.hint": message(
        "editor:editor.hint",
        "Change the board, then press Run: the engine plays it in your browser, offline, with the same rules and words as the worked examples.",
    ),
    "button.run": message("editor:button.run", "Run"),
    "button.reset": message("editor:button.reset", "Reset"),
    "button.explore": message("editor:button.explore", "Which choices change the outcome?"),
    "explore.title": message("editor:explore.title", "Every choice"),
    "explore.starting": message(
        "editor:explore.starting",
        "Trying every choice players may make: every order of abilities going on the chain "
        "together, every legal combat damage assignment…",
    ),
    "explore.progress": plural_message(
        "editor:explore.progress", "{runs} run played.", "{runs} runs played."
    ),
    "explore.stop": message("editor:explore.stop", "Stop"),
    "explore.stopped": message(
        "editor:explore.stopped", "Stopped: not every choice was tried, so nothing is concluded."
    ),
    "explore.none": message("editor:explore.none", "No exploration is under way."),
    "explore.found": plural_message(
        "editor:explore.found",
        "Every choice tried: {runs} run, {outcomes} different outcomes.",
        "Every choice tried: {runs} runs, {outcomes} different outcomes.",
    ),
    "explore.one-outcome": plural_message(
        "editor:explore.one-outcome",
        "Every choice tried: {runs} run. It gives the outcome of the board as written.",
        "Every choice tried: {runs} runs. They all give the outcome of the board as written.",
    ),
    "explore.shown": message(
        "editor:explore.shown", "The outcome of the board as written (the one Run shows)."
    ),
    "explore.other": message("editor:explore.other", "Another outcome."),
    "explore.order": message(
        "editor:explore.order", "{player} puts {abilities} on the chain, in that order."
    ),
    "explore.assign": message("editor:explore.assign", "{player} assigns {shares}."),
    "explore.more-outcomes": plural_message(
        "editor:explore.more-outcomes",
        "And {more} other outcome, not listed here.",
        "And {more} other outcomes, not listed here.",
    ),
    "explore.bounded": message(
        "editor:explore.bounded",
        "Too many choices to try them all here: at most {runs} runs, {assignments} legal "
        "assignments for one player and {abilities} abilities of one player waiting together. "
        "State a player's assignment on the board, or give it fewer abilities that wait "
        "together, then try again.",
    ),
    "explore.no-choice": message("editor:explore.no-choice", "No player has a choice to make."),
    "explore.more": plural_message(
        "editor:explore.more",
        "And {more} other choice that gives it.",
        "And {more} other choices that give it.",
    ),
    "button.new": message("editor:button.new", "New board"),
    "button.download": message("editor:button.download", "Download the scenario"),
    "button.share": message("editor:button.share", "Share as a link"),
    "button.open": message("editor:button.open", "Open a scenario file"),
    "button.remove": message("editor:button.remove", "Remove"),
    "open.file": message("editor:open.file", "Scenario file (.yml)"),
    "open.paste": message("editor:open.paste", "Or paste a scenario"),
    "open.load": message("editor:open.load", "Open the pasted scenario"),
    "open.done": message("editor:open.done", "Scenario opened: {name}."),
    "open.line": message("editor:open.line", "Line {line}: {problem}"),
    "open.too-large": message(
        "editor:open.too-large",
        "This scenario is too large ({size} KB, over the limit of {limit} KB).",
    ),
    "open.not-text": message("editor:open.not-text", "This file is not UTF-8 text."),
    "open.unreadable": message("editor:open.unreadable", "The browser could not read this file."),
    "share.label": message("editor:share.label", "Link to this board"),
    "share.done": message(
        "editor:share.done", "The link below holds the whole board; nothing is sent anywhere."
    ),
    "share.too-long": plural_message(
        "editor:share.too-long",
        "This board is too large to share as a link ({count} character, over the limit of {limit}). Download it instead.",
        "This board is too large to share as a link ({count} characters, over the limit of {limit}). Download it instead.",
    ),
    "share.bad": message("editor:share.bad", "The board in this link cannot be read: {reason}"),
    "share.not-a-link": message(
        "editor:share.not-a-link", "it is not a board this site's editor wrote"
    ),
    "share.incomplete": message(
        "editor:share.incomplete",
        "this link is incomplete, cut short; copy it whole, to its last character",
    ),
    "share.link-too-long": message(
        "editor:share.link-too-long",
        "this link is longer than any this site's editor writes (length {size}; at most {limit})",
    ),
    "share.local": message(
        "editor:share.local",
        "This page is opened from disk, so the link works on this computer only.",
    ),
    "share.hosted": message("editor:share.hosted", "The link opens the board on {host}."),
    "share.copied": message(
        "editor:share.copied",
        "Link copied. It holds the whole board; nothing is sent anywhere.",
    ),
    "share.restored": message("editor:share.restored", "Board restored from the link."),
    "download.done": message(
        "editor:download.done", "Downloaded {name}: run it with python -m engine run {name}"
    ),
    "status.loading": message("editor:status.loading", "Loading the engine: {done} of {total} MB"),
    "status.starting": message("editor:status.starting", "Starting Python…"),
    "status.ready": message("editor:status.ready", "Engine ready."),
    "status.running": message("editor:status.running", "The engine is playing the board…"),
    "status.done": message("editor:status.done", "Done: the engine's answer is under the buttons."),
    "status.failed": message("editor:status.failed", "The engine could not start: {reason}"),
    "status.timeout": message(
        "editor:status.timeout",
        "The engine took more than {seconds} s and was stopped; it starts again at the next request.",
    ),
    "status.progress": message("editor:status.progress", "Engine loading progress"),
    "result.title": message("editor:result.title", "What the engine gives"),
    "result.compared": message("editor:result.compared", "Compared with the worked example:"),
    "form.players": message("editor:form.players", "Players"),
    "form.player": message("editor:form.player", "Player {n}"),
    "form.battlefield": message("editor:form.battlefield", "Battlefield"),
    "form.units": message("editor:form.units", "Units"),
    "form.unit": message("editor:form.unit", "Unit {n}"),
    "form.combat": message("editor:form.combat", "Combat"),
    "form.round": message("editor:form.round", "Showdown and combat {n}"),
    "form.id": message("editor:form.id", "Id (a-z, 0-9, -)"),
    "form.score": message("editor:form.score", "Score"),
    "form.controller": message("editor:form.controller", "Controlled by"),
    "form.scored": message("editor:form.scored", "Already scored here this turn"),
    "form.owner": message("editor:form.owner", "Owner"),
    "form.unit-controller": message("editor:form.unit-controller", "Controller"),
    "form.its-owner": message("editor:form.its-owner", "its owner"),
    "form.might": message("editor:form.might", "Might"),
    "form.at": message("editor:form.at", "Where"),
    "form.ability-id": message("editor:form.ability-id", "Ability id (a-z, 0-9, -)"),
    "form.first-on-chain": message(
        "editor:form.first-on-chain",
        "When both players have abilities waiting, whose go on the chain first",
    ),
    "form.first-by-default": message(
        "editor:form.first-by-default", "the Attacker’s (this site’s default)"
    ),
    "form.assigns-of": message(
        "editor:form.assigns-of",
        "Total assigned by {player}: {assigned} of {total} (a player assigns all of its side’s "
        "combat Might).",
    ),
    "form.assigns": message(
        "editor:form.assigns",
        "Total assigned by {player}: {assigned} (a player assigns all of its side’s combat "
        "Might, as it is at this combat’s damage step).",
    ),
    "form.assignment-of": message("editor:form.assignment-of", "{player}’s assignment"),
    "form.assign-engine": message(
        "editor:form.assign-engine", "The engine chooses a legal assignment"
    ),
    "form.damage": message("editor:form.damage", "Damage already marked"),
    "form.cant_move": message("editor:form.cant_move", "Can’t move this turn"),
    "form.assault": message("editor:form.assault", "Assault (+Might while attacking)"),
    "form.shield": message("editor:form.shield", "Shield (+Might while defending)"),
    "form.tank": message("editor:form.tank", "Tank"),
    "form.stunned": message("editor:form.stunned", "Stunned (deals no combat damage)"),
    "form.cant_be_dealt_damage": message(
        "editor:form.cant_be_dealt_damage", "Can’t be dealt damage"
    ),
    "form.keeps-trigger": message(
        "editor:form.keeps-trigger", "Its death ability still triggers, as its card says"
    ),
    "form.if_it_would_die": message("editor:form.if_it_would_die", "If it would die"),
    "form.dies": message("editor:form.dies", "it dies"),
    "form.instead-hand": message("editor:form.instead-hand", "it goes to its owner's hand instead"),
    "form.instead-banishment": message(
        "editor:form.instead-banishment", "it goes into banishment instead"
    ),
    "form.abilities": message("editor:form.abilities", "Abilities"),
    # Numbered as the engine numbers a unit's abilities: those left out do not count.
    "form.ability": message("editor:form.ability", "Ability {n}"),
    "form.ability-off": message("editor:form.ability-off", "Ability (left out)"),
    "form.ability-on": message("editor:form.ability-on", "Active (uncheck to leave it out)"),
    "form.play-on": message("editor:form.play-on", "Played (uncheck to leave it out)"),
    "form.when": message("editor:form.when", "When"),
    "form.effect": message("editor:form.effect", "Effect"),
    "form.attacker": message("editor:form.attacker", "Attacker"),
    "form.move": message("editor:form.move", "Units that move in"),
    "form.showdown": message("editor:form.showdown", "Played in the showdown"),
    "form.play": message("editor:form.play", "Play {n}"),
    "form.player-field": message("editor:form.player-field", "Played by"),
    "form.assigned": message("editor:form.assigned", "Combat damage assigned"),
    "form.assigned-to": message("editor:form.assigned-to", "To {unit}"),
    "form.add-player": message("editor:form.add-player", "Add a player"),
    "form.more": message("editor:form.more", "More fields ({count})"),
    "form.add-unit": message("editor:form.add-unit", "Add a unit"),
    "form.add-ability": message("editor:form.add-ability", "Add an ability"),
    "form.add-play": message("editor:form.add-play", "Add a play"),
    "form.add-round": message("editor:form.add-round", "Add a showdown and combat"),
    "form.rounds": message("editor:form.rounds", "Showdowns and combats"),
    "form.trigger-order": message("editor:form.trigger-order", "Orders of abilities"),
    "form.effects": message("editor:form.effects", "Effects, in the order they resolve"),
    "form.effect-n": message("editor:form.effect-n", "Effect {n}"),
    "form.add-effect": message("editor:form.add-effect", "Add an effect"),
    "field.to": message("editor:field.to", "Unit affected"),
    "field.amount": message("editor:field.amount", "Amount"),
    "field.id": message("editor:field.id", "New unit’s id"),
    "field.name": message("editor:field.name", "New unit’s name"),
    "field.might": message("editor:field.might", "New unit’s Might"),
    "field.at": message("editor:field.at", "Played"),
    "field.my_might": message("editor:field.my_might", "equal to its own Might"),
    "when.dies": message("editor:when.dies", "When I die"),
    "when.damaged": message("editor:when.damaged", "When I’m dealt damage"),
    "when.attack": message("editor:when.attack", "When I attack"),
    "when.defend": message("editor:when.defend", "When I defend"),
    "when.another_dies": message("editor:when.another_dies", "When another unit dies"),
    "when.win": message("editor:when.win", "When you win a combat here"),
    "when.conquer": message("editor:when.conquer", "When you conquer here"),
    "effect.play_unit": message("editor:effect.play_unit", "Play a unit"),
    "effect.deal_damage": message("editor:effect.deal_damage", "Deal damage"),
    "effect.deal_damage_to_all": message(
        "editor:effect.deal_damage_to_all", "Deal damage to every unit at the battlefield"
    ),
    "effect.give_might": message("editor:effect.give_might", "+Might this combat"),
    "effect.reduce_might": message("editor:effect.reduce_might", "−Might this combat"),
    "effect.stun": message("editor:effect.stun", "Stun a unit"),
    "effect.kill": message("editor:effect.kill", "Kill a unit"),
    "effect.recall": message("editor:effect.recall", "Recall a unit to its base"),
    "effect.return_to_hand": message(
        "editor:effect.return_to_hand", "Return a unit to its owner's hand"
    ),
    "effect.prevent_damage": message(
        "editor:effect.prevent_damage", "Prevent the next damage this combat"
    ),
    "effect.cant_move": message("editor:effect.cant_move", "Can’t move this turn"),
    "effect.effects": message("editor:effect.effects", "Several effects, in order"),
    "diff.same": message("editor:diff.same", "the same outcome."),
    "diff.result": message("editor:diff.result", "Result"),
    "diff.no-result": message("editor:diff.no-result", "No Result"),
    "diff.no-combat": message("editor:diff.no-combat", "No combat"),
    "diff.wins": message("editor:diff.wins", "{player} wins"),
    "diff.restaged": message("editor:diff.restaged", "Another combat staged"),
    "diff.yes": message("editor:diff.yes", "yes"),
    "diff.no": message("editor:diff.no", "no"),
    "diff.control": message("editor:diff.control", "Control"),
    "diff.conquer": message("editor:diff.conquer", "Conquer"),
    "diff.conquered": message("editor:diff.conquered", "{player} +{points}"),
    "diff.killed": message("editor:diff.killed", "Killed"),
    "diff.recalled": message("editor:diff.recalled", "Recalled"),
    "diff.scores": message("editor:diff.scores", "Scores"),
    # One "none" per field: a language may agree it with the field's gender (« aucune unité »).
    "diff.no-units": message("editor:diff.no-units", "none"),
    "diff.no-conquer": message("editor:diff.no-conquer", "none"),
    "diff.no-scores": message("editor:diff.no-scores", "none"),
    "diff.change": message("editor:diff.change", "{what}: {before} → {after}"),
    "scenario.variation-title": message(
        "editor:scenario.variation-title", "Your variation of a worked example"
    ),
    "editor.variation-heading": message(
        "editor:editor.variation-heading", "Your variation: {outcome}"
    ),
    "scenario.variation-caption": message(
        "editor:scenario.variation-caption",
        "A variation of a worked example of this site, played by the engine in your browser.",
    ),
    "scenario.board-title": message("editor:scenario.board-title", "A board of your own"),
    "scenario.board-caption": message(
        "editor:scenario.board-caption",
        "A board built on the “Ask the engine” page and played by the engine in your browser.",
    ),
    "board.red": message("editor:board.red", "Red"),
    "board.blue": message("editor:board.blue", "Blue"),
    "board.battlefield": message("editor:board.battlefield", "the battlefield"),
    "board.red-unit": message("editor:board.red-unit", "Red unit"),
    "board.blue-unit": message("editor:board.blue-unit", "Blue unit"),
    "board.new-unit": message("editor:board.new-unit", "New unit"),
    "board.added-unit": message("editor:board.added-unit", "New unit {n}"),
    "board.new-player": message("editor:board.new-player", "Player {n}"),
    "form.name-in": message("editor:form.name-in", "Name in {language}"),
    "form.name-unchanged": message(
        "editor:form.name-unchanged",
        "Its name in {language} is still “{name}”: change it too if it should change.",
    ),
    "form.same-name": message(
        "editor:form.same-name",
        "{item} is also named “{name}” in {language}: the steps and the outcome could not tell "
        "them apart.",
    ),
}


def word(key: str, lang: str, **values: object) -> str:
    """The word ``key`` in ``lang``, placeholders filled (an integer ``count`` picks a plural
    form)."""
    count = values.pop("count", None)
    return WORDS[key](lang, count if isinstance(count, int) else None, **values)


def written(key: str, lang: str, **values: object) -> str:
    """The word ``key`` in ``lang`` as a scenario file holds it (not typeset: the site typesets
    what it shows)."""
    return WORDS[key].template(lang, None).format(**values)


def for_language(lang: str) -> dict[str, str]:
    """Every word's template in ``lang``, typeset, its ``{placeholders}`` for the page to fill
    (what the editor's JavaScript receives)."""
    return {
        key: typeset(entry.template(lang, None), lang)
        for key, entry in WORDS.items()
        if entry.plural is None  # a count picks those in Python
    }
