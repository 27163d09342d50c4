"""Every word the in-browser engine's editor says, in each language: one table.

The editor's JavaScript receives these at build (``pack``); Python uses them
for the difference line and the boards it writes. French follows French
typography: a no-break space (U+00A0) before ``:`` and inside « », a narrow
no-break space (U+202F) before ``;`` ``!`` ``?``, apostrophes ’.

The vocabulary of scenarios (zones, triggers, effects and their fields)
comes from the engine's JSON Schema; each of its names has an entry here
(``tests/browser_engine`` checks that none is missing).
"""

from __future__ import annotations

LANGUAGES = ("en", "fr")

WORDS: dict[str, dict[str, str]] = {
    # -- the controls on each worked example and the page ----------------------------
    "launch.try": {"en": "Try a variation", "fr": "Essayer une variante"},
    "launch.open": {"en": "Open in the editor", "fr": "Ouvrir dans l’éditeur"},
    "launch.failed": {
        "en": "The editor could not be loaded: {reason}",
        "fr": "L’éditeur n’a pas pu être chargé\u00a0: {reason}",
    },
    # -- the editor -------------------------------------------------------------------
    "editor.variation": {"en": "Variation of this example", "fr": "Variante de cet exemple"},
    "editor.board": {"en": "Your board", "fr": "Votre plateau"},
    "editor.close": {"en": "Close the editor", "fr": "Fermer l’éditeur"},
    "editor.hint": {
        "en": "Change the board, then press Run: the engine plays it in your browser, "
        "offline, with the same rules and words as the worked examples.",
        "fr": "Modifiez le plateau, puis appuyez sur Lancer\u00a0: le moteur le joue dans votre "
        "navigateur, hors ligne, avec les mêmes règles et les mêmes mots que les exemples "
        "commentés.",
    },
    "button.run": {"en": "Run", "fr": "Lancer"},
    "button.reset": {"en": "Reset", "fr": "Réinitialiser"},
    "button.new": {"en": "New board", "fr": "Nouveau plateau"},
    "button.download": {"en": "Download the scenario", "fr": "Télécharger le scénario"},
    "button.share": {"en": "Share as a link", "fr": "Partager par un lien"},
    "button.open": {"en": "Open a scenario file", "fr": "Ouvrir un fichier de scénario"},
    "button.remove": {"en": "Remove", "fr": "Retirer"},
    "open.file": {"en": "Scenario file (.yml)", "fr": "Fichier de scénario (.yml)"},
    "open.paste": {"en": "Or paste a scenario", "fr": "Ou collez un scénario"},
    "open.load": {"en": "Open the pasted scenario", "fr": "Ouvrir le scénario collé"},
    "open.done": {"en": "Scenario opened: {name}.", "fr": "Scénario ouvert\u00a0: {name}."},
    "open.too-large": {
        "en": "This scenario is too large ({size} KB; at most {limit} KB).",
        "fr": "Ce scénario est trop volumineux ({size}\u00a0Ko\u00a0; au plus {limit}\u00a0Ko).",
    },
    "open.unreadable": {
        "en": "This file cannot be read as text: {reason}",
        "fr": "Ce fichier ne peut pas être lu comme du texte\u00a0: {reason}",
    },
    "share.label": {"en": "Link to this board", "fr": "Lien vers ce plateau"},
    "share.done": {
        "en": "The link below holds the whole board; nothing is sent anywhere.",
        "fr": "Le lien ci-dessous contient tout le plateau\u00a0; rien n’est envoyé nulle part.",
    },
    "share.too-long": {
        "en": "This board is too large to share as a link ({size} characters; at most "
        "{limit}). Download it instead.",
        "fr": "Ce plateau est trop grand pour être partagé par un lien ({size}\u00a0caractères\u00a0;"
        " au plus {limit}). Téléchargez-le plutôt.",
    },
    "share.bad": {
        "en": "The board in this link cannot be read: {reason}",
        "fr": "Le plateau de ce lien ne peut pas être lu\u00a0: {reason}",
    },
    "share.restored": {
        "en": "Board restored from the link.",
        "fr": "Plateau restauré à partir du lien.",
    },
    "download.done": {
        "en": "Downloaded {name}: run it with python -m engine run {name}",
        "fr": "{name} téléchargé\u00a0: jouez-le avec python -m engine run {name}",
    },
    "status.loading": {
        "en": "Loading the engine: {done} of {total} MB",
        "fr": "Chargement du moteur\u00a0: {done} sur {total}\u00a0Mo",
    },
    "status.starting": {"en": "Starting Python…", "fr": "Démarrage de Python…"},
    "status.ready": {"en": "Engine ready.", "fr": "Moteur prêt."},
    "status.running": {
        "en": "The engine is playing the board…",
        "fr": "Le moteur joue le plateau…",
    },
    "status.done": {
        "en": "Done: the outcome is below.",
        "fr": "Terminé\u00a0: le résultat est ci-dessous.",
    },
    "status.failed": {
        "en": "The engine could not start: {reason}",
        "fr": "Le moteur n’a pas pu démarrer\u00a0: {reason}",
    },
    "status.timeout": {
        "en": "The engine took more than {seconds} s and was stopped; it starts again at the "
        "next request.",
        "fr": "Le moteur a mis plus de {seconds}\u00a0s et a été arrêté\u00a0; il redémarre à la "
        "prochaine demande.",
    },
    "status.progress": {
        "en": "Engine loading progress",
        "fr": "Progression du chargement du moteur",
    },
    "problems.title": {
        "en": "The engine refuses this board ({count}):",
        "fr": "Le moteur refuse ce plateau ({count})\u00a0:",
    },
    "result.title": {"en": "What the engine gives", "fr": "Ce que donne le moteur"},
    "result.compared": {
        "en": "Compared with the worked example:",
        "fr": "Par rapport à l’exemple commenté\u00a0:",
    },
    # -- the form ---------------------------------------------------------------------
    "form.players": {"en": "Players", "fr": "Joueurs"},
    "form.player": {"en": "Player {n}", "fr": "Joueur {n}"},
    "form.battlefield": {"en": "Battlefield", "fr": "Champ de bataille"},
    "form.units": {"en": "Units", "fr": "Unités"},
    "form.unit": {"en": "Unit {n}", "fr": "Unité {n}"},
    "form.combat": {"en": "Combat", "fr": "Combat"},
    "form.round": {"en": "Showdown and combat {n}", "fr": "Confrontation et combat {n}"},
    "form.id": {"en": "Id (a-z, 0-9, -)", "fr": "Identifiant (a-z, 0-9, -)"},
    "form.name-en": {"en": "Name in English", "fr": "Nom en anglais"},
    "form.name-fr": {"en": "Name in French", "fr": "Nom en français"},
    "form.score": {"en": "Score", "fr": "Score"},
    "form.controller": {"en": "Controlled by", "fr": "Contrôlé par"},
    "form.nobody": {"en": "nobody", "fr": "personne"},
    "form.scored": {
        "en": "Already scored here this turn",
        "fr": "Ont déjà marqué ici ce tour-ci",
    },
    "form.owner": {"en": "Owner", "fr": "Propriétaire"},
    "form.unit-controller": {"en": "Controller", "fr": "Contrôleur"},
    "form.its-owner": {"en": "its owner", "fr": "son propriétaire"},
    "form.might": {"en": "Might", "fr": "Puissance"},
    "form.at": {"en": "Where", "fr": "Emplacement"},
    "form.damage": {"en": "Damage already marked", "fr": "Dégâts déjà marqués"},
    "form.cant_move": {"en": "Can’t move this turn", "fr": "Ne peut pas se déplacer ce tour-ci"},
    "form.if_it_would_die": {
        "en": "If it would die, it goes instead",
        "fr": "Si elle devait mourir, elle va plutôt",
    },
    "form.dies": {"en": "nowhere else: it dies", "fr": "nulle part ailleurs\u00a0: elle meurt"},
    "form.abilities": {"en": "Abilities", "fr": "Compétences"},
    "form.ability": {"en": "Ability {n}", "fr": "Compétence {n}"},
    "form.ability-on": {
        "en": "Active (uncheck to leave it out)",
        "fr": "Active (décochez pour l’omettre)",
    },
    "form.play-on": {
        "en": "Played (uncheck to leave it out)",
        "fr": "Joué (décochez pour l’omettre)",
    },
    "form.when": {"en": "When", "fr": "Quand"},
    "form.effect": {"en": "Effect", "fr": "Effet"},
    "form.attacker": {"en": "Attacker", "fr": "Attaquant"},
    "form.move": {"en": "Units that move in", "fr": "Unités qui se déplacent"},
    "form.showdown": {"en": "Played in the showdown", "fr": "Joué pendant la confrontation"},
    "form.play": {"en": "Play {n}", "fr": "Jeu {n}"},
    "form.player-field": {"en": "Played by", "fr": "Joué par"},
    "form.assigned": {"en": "Combat damage assigned", "fr": "Dégâts de combat attribués"},
    "form.assign-auto": {
        "en": "Each side assigns its Might in unit order",
        "fr": "Chaque camp attribue sa puissance dans l’ordre des unités",
    },
    "form.assigned-to": {"en": "To {unit}", "fr": "À {unit}"},
    "form.add-player": {"en": "Add a player", "fr": "Ajouter un joueur"},
    "form.add-unit": {"en": "Add a unit", "fr": "Ajouter une unité"},
    "form.add-ability": {"en": "Add an ability", "fr": "Ajouter une compétence"},
    "form.add-play": {"en": "Add a play", "fr": "Ajouter un jeu"},
    "form.add-round": {
        "en": "Add a showdown and combat",
        "fr": "Ajouter une confrontation et un combat",
    },
    # Effect fields (the schema's property names).
    "field.to": {"en": "Unit affected", "fr": "Unité visée"},
    "field.amount": {"en": "Amount", "fr": "Quantité"},
    "field.id": {"en": "New unit’s id", "fr": "Identifiant de la nouvelle unité"},
    "field.name": {"en": "New unit’s name", "fr": "Nom de la nouvelle unité"},
    "field.might": {"en": "New unit’s Might", "fr": "Puissance de la nouvelle unité"},
    "field.at": {"en": "Played", "fr": "Jouée"},
    "field.my_might": {"en": "equal to its own Might", "fr": "égale à sa propre puissance"},
    # -- the engine's vocabulary (names from engine/scenario.schema.json) -------------
    "zone.battlefield": {"en": "at the battlefield", "fr": "au champ de bataille"},
    "zone.base": {"en": "at its base", "fr": "dans sa base"},
    "zone.trash": {"en": "in the trash", "fr": "dans la défausse"},
    "zone.hand": {"en": "in its owner’s hand", "fr": "dans la main de son propriétaire"},
    "zone.banishment": {"en": "banished", "fr": "en bannissement"},
    "zone.elsewhere": {"en": "elsewhere", "fr": "ailleurs"},
    "when.dies": {"en": "When I die", "fr": "Quand je meurs"},
    "when.damaged": {"en": "When I’m dealt damage", "fr": "Quand je subis des dégâts"},
    "when.win": {"en": "When you win a combat here", "fr": "Quand vous gagnez un combat ici"},
    "when.conquer": {"en": "When you conquer here", "fr": "Quand vous conquérez ici"},
    "effect.play_unit": {"en": "Play a unit", "fr": "Jouer une unité"},
    "effect.deal_damage": {"en": "Deal damage", "fr": "Infliger des dégâts"},
    "effect.give_might": {"en": "+Might this combat", "fr": "+\u00a0puissance pour ce combat"},
    "effect.prevent_damage": {
        "en": "Prevent the next damage this combat",
        "fr": "Prévenir les prochains dégâts de ce combat",
    },
    "effect.cant_move": {"en": "Can’t move this turn", "fr": "Ne peut pas se déplacer ce tour-ci"},
    # -- the difference from the documented example ---------------------------------
    "diff.same": {
        "en": "the same outcome as the worked example.",
        "fr": "le même résultat que l’exemple commenté.",
    },
    "diff.result": {"en": "Result", "fr": "Résultat"},
    "diff.no-result": {"en": "No Result", "fr": "aucun résultat"},
    "diff.wins": {"en": "{player} wins", "fr": "{player} gagne"},
    "diff.restaged": {"en": "Another combat staged", "fr": "Nouveau combat préparé"},
    "diff.yes": {"en": "yes", "fr": "oui"},
    "diff.no": {"en": "no", "fr": "non"},
    "diff.control": {"en": "Control", "fr": "Contrôle"},
    "diff.nobody": {"en": "nobody", "fr": "personne"},
    "diff.conquer": {"en": "Conquer", "fr": "Conquête"},
    "diff.conquered": {"en": "{player} +{points}", "fr": "{player} +{points}"},
    "diff.killed": {"en": "Killed", "fr": "Éliminées"},
    "diff.recalled": {"en": "Recalled", "fr": "Rappelées"},
    "diff.scores": {"en": "Scores", "fr": "Scores"},
    "diff.none": {"en": "none", "fr": "aucune"},
    "diff.colon": {"en": ": ", "fr": "\u00a0: "},
    # -- what a written scenario says about itself -------------------------------------
    "scenario.variation-title": {"en": "Variation: {title}", "fr": "Variante\u00a0: {title}"},
    "scenario.variation-caption": {
        "en": "A variation of the worked example “{title}”, played by the engine in a "
        "reader’s browser.",
        "fr": "Une variante de l’exemple commenté «\u00a0{title}\u00a0», jouée par le moteur "
        "dans le navigateur d’un lecteur.",
    },
    "scenario.board-title": {"en": "A board of your own", "fr": "Un plateau à vous"},
    "scenario.board-caption": {
        "en": "A board built on the “Ask the engine” page and played by the engine in a "
        "reader’s browser.",
        "fr": "Un plateau construit sur la page «\u00a0Interroger le moteur\u00a0» et joué par le "
        "moteur dans le navigateur d’un lecteur.",
    },
    "board.red": {"en": "Red", "fr": "Rouge"},
    "board.blue": {"en": "Blue", "fr": "Bleu"},
    "board.battlefield": {"en": "the battlefield", "fr": "le champ de bataille"},
    "board.red-unit": {"en": "Red unit", "fr": "Unité rouge"},
    "board.blue-unit": {"en": "Blue unit", "fr": "Unité bleue"},
    "board.new-unit": {"en": "New unit", "fr": "Nouvelle unité"},
    "board.new-player": {"en": "Player {n}", "fr": "Joueur {n}"},
}


def word(key: str, lang: str, **values: object) -> str:
    """The word ``key`` in ``lang``, placeholders filled."""
    text = WORDS[key][lang]
    return text.format(**values) if values else text


def for_language(lang: str) -> dict[str, str]:
    """The whole table in one language (what the editor's JavaScript receives)."""
    return {key: entry[lang] for key, entry in WORDS.items()}
