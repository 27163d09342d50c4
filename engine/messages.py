"""Narration of trace steps in English and French, from one catalogue.

A step carries a message key and parameters (unit ids, player ids, numbers);
``narrate`` turns them into a sentence in the reader's language. Where the
wording depends on how many units a step names, an entry has a ``one`` and an
``other`` form.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.model import Board, localized
from engine.trace import ParamValue, Step

Entry = str | Mapping[str, str]

CATALOGUE: dict[str, dict[str, Entry]] = {
    "start-controlled": {
        "en": "Before the move, {controller} controls {battlefield}.",
        "fr": "Avant le déplacement, {controller} contrôle {battlefield}.",
    },
    "start-uncontrolled": {
        "en": "Before the move, nobody controls {battlefield}.",
        "fr": "Avant le déplacement, personne ne contrôle {battlefield}.",
    },
    "move": {
        "en": "{player} moves {units} to {battlefield}. Enemy units are there: a combat is staged.",
        "fr": "{player} déplace {units} vers {battlefield}. Des unités adverses s'y trouvent : "
        "un combat est préparé.",
    },
    "stage": {
        "en": "{attacker} is the Attacker and {defender} the Defender; "
        "their units at the battlefield take the same designation.",
        "fr": "{attacker} est l'attaquant et {defender} le défenseur ; "
        "leurs unités au champ de bataille reçoivent la même désignation.",
    },
    "showdown-pass": {
        "en": "Showdown: both players pass without playing anything.",
        "fr": "Confrontation : les deux joueurs passent sans rien jouer.",
    },
    "showdown-give-might": {
        "en": "Showdown: {player} gives {target} +{amount} Might this combat.",
        "fr": "Confrontation : {player} donne +{amount} de puissance à {target} pour ce combat.",
    },
    "showdown-prevent-damage": {
        "en": "Showdown: {player} will prevent the next {amount} damage to {target} this combat.",
        "fr": {
            "one": "Confrontation : {player} préviendra le prochain dégât infligé à {target} "
            "pendant ce combat.",
            "other": "Confrontation : {player} préviendra les {amount} prochains dégâts infligés "
            "à {target} pendant ce combat.",
        },
    },
    "showdown-deal-damage": {
        "en": "Showdown: {player} deals {amount} damage to {target}.",
        "fr": "Confrontation : {player} inflige {amount} dégâts à {target}.",
    },
    "showdown-cant-move": {
        "en": "Showdown: {player} makes {target} unable to move this turn.",
        "fr": "Confrontation : {player} empêche {target} de se déplacer ce tour-ci.",
    },
    "showdown-play-unit": {
        "en": "Showdown: {player} plays {target} ({amount} Might) {zone}.",
        "fr": "Confrontation : {player} joue {target} (puissance {amount}) {zone}.",
    },
    "damage": {
        "en": "Combat damage is dealt, all at once: {hits}. "
        "No Reaction window comes between this damage and the lethal check.",
        "fr": "Les dégâts de combat sont infligés simultanément : {hits}. "
        "Aucune fenêtre de Réaction ne s'intercale avant la vérification des dégâts mortels.",
    },
    "hit": {
        "en": "{unit} is assigned {assigned} and takes {dealt}",
        "fr": "{unit} en reçoit {assigned} et en subit {dealt}",
    },
    "hit-prevented": {
        "en": "{unit} is assigned {assigned}, prevents {prevented} and takes {dealt}",
        "fr": "{unit} en reçoit {assigned}, en prévient {prevented} et en subit {dealt}",
    },
    "resolution": {
        "en": "Combat proceeds to the Resolution Step, which invokes a Combat Cleanup.",
        "fr": "Le combat passe à l'étape de résolution, qui invoque un nettoyage de combat.",
    },
    "no-lethal": {
        "en": "Step 3a: no unit has lethal damage, so no death ability triggers.",
        "fr": "Étape 3a : aucune unité n'a de dégâts mortels ; aucune compétence de mort ne se "
        "déclenche.",
    },
    "death-triggers": {
        "en": "Step 3a: lethal damage on {units}.",
        "fr": "Étape 3a : dégâts mortels sur {units}.",
    },
    "death-recorded": {
        "en": {
            "one": " The death ability of {recorded} is recorded with its last known "
            "information, before the card moves; it waits for the chain.",
            "other": " The death abilities of {recorded} are recorded with their last known "
            "information, before the cards move; they wait for the chain.",
        },
        "fr": {
            "one": " La compétence de mort de {recorded} est mémorisée avec ses dernières "
            "informations connues, avant que la carte ne bouge ; elle attend la chaîne.",
            "other": " Les compétences de mort de {recorded} sont mémorisées avec leurs "
            "dernières informations connues, avant que les cartes ne bougent ; elles attendent "
            "la chaîne.",
        },
    },
    "kill": {
        "en": {
            "one": "Step 3b: {units} is killed and placed in its owner's trash.",
            "other": "Step 3b: {units} are killed and placed in their owners' trash.",
        },
        "fr": {
            "one": "Étape 3b : l'unité {units} est éliminée et placée dans la défausse de son "
            "propriétaire.",
            "other": "Étape 3b : les unités {units} sont éliminées et placées dans la défausse de "
            "leur propriétaire.",
        },
    },
    "kill-none": {
        "en": "Step 3b: no unit is killed.",
        "fr": "Étape 3b : aucune unité n'est éliminée.",
    },
    "replaced": {
        "en": " {unit} would die, but a replacement effect puts it into {zone} instead: it does "
        "not die, so its death ability never triggers.",
        "fr": " L'unité {unit} devrait mourir, mais un effet de remplacement l'envoie plutôt "
        "{zone} : elle ne meurt pas, et sa compétence de mort ne se déclenche pas.",
    },
    "heal": {
        "en": "Step 3c: all units are healed: damage is cleared from every unit still on the "
        "board.",
        "fr": "Étape 3c : toutes les unités sont soignées ; les dégâts de chaque unité encore en "
        "jeu sont retirés.",
    },
    "recall": {
        "en": {
            "one": "Step 3d: a defender is still at the battlefield, so the attacker {units} is "
            "recalled to its base. A Recall is not a Move.",
            "other": "Step 3d: a defender is still at the battlefield, so the attackers {units} "
            "are recalled to their bases. A Recall is not a Move.",
        },
        "fr": {
            "one": "Étape 3d : un défenseur est toujours au champ de bataille ; l'unité "
            "attaquante {units} est rappelée dans sa base. Un rappel n'est pas un déplacement.",
            "other": "Étape 3d : un défenseur est toujours au champ de bataille ; les unités "
            "attaquantes {units} sont rappelées dans leur base. Un rappel n'est pas un "
            "déplacement.",
        },
    },
    "recall-cant-move": {
        "en": " {cant_move} can't move, but nothing that restricts movement stops a Recall.",
        "fr": " {cant_move} ne peut pas se déplacer, mais rien de ce qui restreint les "
        "déplacements n'empêche un rappel.",
    },
    "recall-none-no-defenders": {
        "en": "Step 3d: no defender remains at the battlefield, so no attacker is recalled.",
        "fr": "Étape 3d : il ne reste aucun défenseur au champ de bataille ; aucun attaquant "
        "n'est rappelé.",
    },
    "recall-none-no-attackers": {
        "en": "Step 3d: no attacker remains at the battlefield; there is nothing to recall.",
        "fr": "Étape 3d : il ne reste aucun attaquant au champ de bataille ; il n'y a rien à "
        "rappeler.",
    },
    "chain-add": {
        "en": "Before the result, waiting abilities go on the chain: {units}. The newest "
        "resolves first.",
        "fr": "Avant le résultat, les compétences en attente vont sur la chaîne : {units}. La "
        "dernière ajoutée se résout en premier.",
    },
    "chain-add-result": {
        "en": "Abilities that trigger on the result go on the chain: {units}. They resolve "
        "before control is established.",
        "fr": "Les compétences déclenchées par le résultat vont sur la chaîne : {units}. Elles se "
        "résolvent avant la prise de contrôle.",
    },
    "chain-add-control": {
        "en": "Abilities that trigger on the Conquer go on the chain: {units}. They resolve "
        "before the combat ends.",
        "fr": "Les compétences déclenchées par la conquête vont sur la chaîne : {units}. Elles se "
        "résolvent avant la fin du combat.",
    },
    "chain-add-after": {
        "en": "After the combat, waiting abilities go on the chain: {units}. The newest resolves "
        "first.",
        "fr": "Après le combat, les compétences en attente vont sur la chaîne : {units}. La "
        "dernière ajoutée se résout en premier.",
    },
    "chain-play-unit": {
        "en": "The ability of {source} resolves: {player} plays {target} ({amount} Might) {zone}.",
        "fr": "La compétence de {source} se résout : {player} joue {target} (puissance {amount}) "
        "{zone}.",
    },
    "chain-deal-damage": {
        "en": "The ability of {source} resolves: it deals {amount} damage to {target}.",
        "fr": "La compétence de {source} se résout : elle inflige {amount} dégâts à {target}.",
    },
    "chain-give-might": {
        "en": "The ability of {source} resolves: {target} gets +{amount} Might this combat.",
        "fr": "La compétence de {source} se résout : {target} gagne +{amount} de puissance pour "
        "ce combat.",
    },
    "chain-prevent-damage": {
        "en": "The ability of {source} resolves: the next {amount} damage to {target} this "
        "combat will be prevented.",
        "fr": {
            "one": "La compétence de {source} se résout : le prochain dégât infligé à {target} "
            "pendant ce combat sera prévenu.",
            "other": "La compétence de {source} se résout : les {amount} prochains dégâts "
            "infligés à {target} pendant ce combat seront prévenus.",
        },
    },
    "chain-cant-move": {
        "en": "The ability of {source} resolves: {target} can't move this turn.",
        "fr": "La compétence de {source} se résout : {target} ne peut pas se déplacer ce tour-ci.",
    },
    "chain-no-target": {
        "en": "The ability of {source} resolves, but {target} is no longer on the board: "
        "nothing happens.",
        "fr": "La compétence de {source} se résout, mais {target} n'est plus en jeu : il ne se "
        "passe rien.",
    },
    "no-result-recalled": {
        "en": "Result: No Result. Attackers were recalled in step 3d of the Combat Cleanup.",
        "fr": "Résultat : aucun résultat. Des attaquants ont été rappelés à l'étape 3d du "
        "nettoyage de combat.",
    },
    "no-result-both": {
        "en": "Result: No Result. Both players have units at the battlefield.",
        "fr": "Résultat : aucun résultat. Les deux joueurs ont des unités au champ de bataille.",
    },
    "no-result-neither": {
        "en": "Result: No Result. Neither player has units left at the battlefield.",
        "fr": "Résultat : aucun résultat. Aucun des deux joueurs n'a plus d'unité au champ de "
        "bataille.",
    },
    "win": {
        "en": "Result: {winner} wins the combat, as the only player with units left at the "
        "battlefield; {loser} loses.",
        "fr": "Résultat : {winner} gagne le combat, seul joueur à avoir encore des unités au "
        "champ de bataille ; {loser} le perd.",
    },
    "restage": {
        "en": "Both sides still have units there: another showdown and combat is staged, so "
        "control does not change yet.",
        "fr": "Les deux camps y ont encore des unités : une nouvelle confrontation et un nouveau "
        "combat sont préparés ; le contrôle ne change pas encore.",
    },
    "restaged-unscripted": {
        "en": "The example stops here: the next combat is not part of it.",
        "fr": "L'exemple s'arrête ici : le combat suivant n'en fait pas partie.",
    },
    "uncontrolled": {
        "en": "Control: no units remain, so the battlefield becomes uncontrolled. {player} does "
        "not keep it.",
        "fr": "Contrôle : il ne reste aucune unité ; le champ de bataille devient non contrôlé. "
        "{player} ne le garde pas.",
    },
    "stays-uncontrolled": {
        "en": "Control: no units remain; the battlefield stays uncontrolled.",
        "fr": "Contrôle : il ne reste aucune unité ; le champ de bataille reste non contrôlé.",
    },
    "control-contested": {
        "en": "Control: a combat is staged again here, so control does not change.",
        "fr": "Contrôle : un nouveau combat est préparé ici ; le contrôle ne change pas.",
    },
    "control-kept": {
        "en": "Control: {player} already controls the battlefield, so nothing is established "
        "and there is no Conquer.",
        "fr": "Contrôle : {player} contrôle déjà le champ de bataille ; il ne prend pas le "
        "contrôle et il n'y a pas de conquête.",
    },
    "control-no-conquer": {
        "en": "Control: {player} establishes control, but has already scored this battlefield "
        "this turn: no Conquer, no point.",
        "fr": "Contrôle : {player} prend le contrôle, mais a déjà marqué ce champ de bataille ce "
        "tour-ci : pas de conquête, pas de point.",
    },
    "conquer": {
        "en": "Control: {player} establishes control of the battlefield. That is a Conquer: "
        "{player} scores 1 point (score: {score}).",
        "fr": "Contrôle : {player} prend le contrôle du champ de bataille. C'est une conquête : "
        "{player} marque 1 point (score : {score}).",
    },
    "end": {
        "en": "The combat ends: Attacker and Defender designations are removed from all units "
        "and players, and all \u201cthis combat\u201d effects expire together.",
        "fr": "Le combat se termine : les désignations d'attaquant et de défenseur sont retirées "
        "de toutes les unités et de tous les joueurs, et tous les effets « de ce combat » "
        "expirent ensemble.",
    },
}

ZONES: dict[str, dict[str, str]] = {
    "base": {"en": "at their base", "fr": "dans sa base"},
    "battlefield": {"en": "at the battlefield", "fr": "au champ de bataille"},
    "hand": {"en": "its owner's hand", "fr": "dans la main de son propriétaire"},
    "banishment": {"en": "banishment", "fr": "en bannissement"},
}

AND = {"en": "and", "fr": "et"}
SEMICOLON = {"en": "; ", "fr": " ; "}
NOBODY = {"en": "nobody", "fr": "personne"}


class Names:
    """Localised names of the units, players and battlefield of one run."""

    def __init__(self, board: Board) -> None:
        self.board = board

    def unit(self, unit_id: str, lang: str) -> str:
        unit = self.board.units.get(unit_id)
        return localized(unit.name, lang) if unit else unit_id

    def player(self, player_id: str | None, lang: str) -> str:
        if player_id is None:
            return NOBODY[lang]
        player = self.board.players.get(player_id)
        return localized(player.name, lang) if player else player_id

    def battlefield(self, lang: str) -> str:
        return localized(self.board.battlefield, lang)


def join(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {AND[lang]} {items[-1]}"


def template(key: str, lang: str, count: int = 1) -> str:
    entry = CATALOGUE[key][lang]
    if isinstance(entry, str):
        return entry
    return entry["one"] if count == 1 else entry["other"]


PLAYER_PARAMS = ("player", "attacker", "defender", "winner", "loser", "controller")
UNIT_PARAMS = ("target", "source")
UNIT_LIST_PARAMS = ("units", "recorded", "cant_move")


def narrate(step: Step, lang: str, names: Names) -> str:
    """The step as one or two sentences in ``lang`` ("en" or "fr")."""
    params: dict[str, ParamValue] = dict(step.params)
    words: dict[str, str] = {"battlefield": names.battlefield(lang)}
    for key, value in params.items():
        if key in PLAYER_PARAMS:
            words[key] = names.player(value if isinstance(value, str) else None, lang)
        elif key in UNIT_PARAMS and isinstance(value, str):
            words[key] = names.unit(value, lang)
        elif key in UNIT_LIST_PARAMS and isinstance(value, tuple) and step.message != "damage":
            words[key] = join([names.unit(u, lang) for u in value], lang)
        elif key == "zone" and isinstance(value, str):
            words[key] = ZONES.get(value, {}).get(lang, value)
        else:
            words[key] = str(value)
    units, amount = params.get("units"), params.get("amount")
    count = len(units) if isinstance(units, tuple) else amount if isinstance(amount, int) else 1
    if step.message == "damage" and isinstance(units, tuple):
        words["hits"] = SEMICOLON[lang].join(hit(entry, lang, names) for entry in units)
    text = template(step.message, lang, count).format(**words)
    recorded = params.get("recorded")
    if isinstance(recorded, tuple) and recorded:
        text += template("death-recorded", lang, len(recorded)).format(**words)
    replaced = params.get("replaced")
    for entry in replaced if isinstance(replaced, tuple) else ():
        unit_id, zone = entry.split(":")
        text += template("replaced", lang).format(
            unit=names.unit(unit_id, lang), zone=ZONES[zone][lang]
        )
    if params.get("cant_move"):
        text += template("recall-cant-move", lang).format(**words)
    return text


def hit(entry: str, lang: str, names: Names) -> str:
    unit_id, assigned, prevented, dealt = entry.split(":")
    key = "hit-prevented" if prevented != "0" else "hit"
    return template(key, lang).format(
        unit=names.unit(unit_id, lang), assigned=assigned, prevented=prevented, dealt=dealt
    )
