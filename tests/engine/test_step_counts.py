"""Every step entry narrated with counts that differ from field to field, against sentences
written out here: three units die while one ability is recorded, three units are recalled
while one cannot move, one damage hits three units… A plural counted on the wrong field (or a
sentence that changed) shows as a difference in the entry's own sentence.

Unlike ``tests/golden/steps.txt`` (written by the narration and reviewed as a diff), these
sentences are written by hand: when an entry is added or reworded, write its sentences here.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, get_args, get_type_hints

import pytest

from engine.model import Board, Player, Trigger, Unit, Zone
from engine.narration import Names, narrate
from engine.orders import Chosen
from engine.steps import (
    STEPS,
    Boost,
    Hit,
    Keyword,
    Ordered,
    Ref,
    Replaced,
    Replacement,
    Seating,
    Share,
    StepKind,
)
from engine.trace import Snapshot, Step

BOARD = Board(
    players={
        "red": Player("red", {"en": "Red", "fr": "Rouge"}),
        "blue": Player("blue", {"en": "Blue", "fr": "Bleu"}),
    },
    battlefield={"en": "the Hill", "fr": "la Colline"},
    controller="blue",
    scored_this_turn=set(),
    units={
        uid: Unit(uid, {"en": name, "fr": nom}, "red", "red", 3, Zone.BASE)
        for uid, name, nom in (
            ("u1", "Scout", "Éclaireuse"),
            ("u2", "Guard", "Garde"),
            ("u3", "Herald", "Héraut"),
            ("u4", "Bomb", "Bombardier"),
        )
    },
)
THREE = ("u1", "u2", "u3")


def params_of(kind: StepKind) -> Any:
    """The entry's parameters: the field its plural counts holds three units (or abilities),
    every other list one, every number 1 (a score 3): no two counts agree by chance."""
    hints = get_type_hints(kind.params, include_extras=True)
    values: dict[str, Any] = {}
    for f in fields(kind.params):
        hint = hints[f.name]
        ref = next((e for e in getattr(hint, "__metadata__", ()) if isinstance(e, Ref)), None)
        counted = f.name == kind.count
        if ref is Ref.PLAYER:
            values[f.name] = "red" if not values else "blue"
        elif ref is Ref.UNIT:
            values[f.name] = "u2"
        elif ref is Ref.UNITS:
            values[f.name] = THREE if counted or f.name == "targets" else ("u1",)
        elif ref is Ref.ABILITY:
            values[f.name] = ("u1", 0)
        elif ref is Ref.ABILITIES:
            values[f.name] = (("u1", 2), ("u2", 0), ("u1", 1))
        elif ref is Ref.PLAYED_AT:
            values[f.name] = Zone.BASE
        elif hint is Trigger:
            values[f.name] = Trigger.DIES
        elif Hit in get_args(hint):
            values[f.name] = (Hit("u1", 1, 0, 1), Hit("u2", 3, 1, 2), Hit("u3", 0, 0, 0))
        elif Replaced in get_args(hint):
            values[f.name] = (Replaced("u4", Zone.BANISHMENT, Replacement.REMOVES_TRIGGER),)
        elif Seating in get_args(hint):
            values[f.name] = (Seating("red", "blue", False),)
        elif Ordered in get_args(hint):
            values[f.name] = (Ordered("red", (("u1", 1), ("u1", 2)), Chosen.STATED),)
        elif Share in get_args(hint):
            values[f.name] = (Share("u1", 1), Share("u2", 3))
        elif Boost in get_args(hint):
            values[f.name] = (Boost("u3", Keyword.ASSAULT, 2), Boost("u4", Keyword.SHIELD, 1))
        elif f.name == "score":
            values[f.name] = 3
        else:
            values[f.name] = 1
    return kind.params(**values)


def said(kind: StepKind) -> dict[str, str]:
    step = Step("sample", "sample", kind, params_of(kind), Snapshot((), None, (), (), 0))
    names = Names(BOARD)
    return {
        lang: narrate(step, lang, names).replace("\u00a0", " ").replace("\u202f", " ")
        for lang in ("en", "fr")
    }


# Each entry's sentences, in English and French (no-break spaces written as plain ones).
EXPECTED: dict[str, tuple[str, str]] = {
    "assign-chosen": (
        "Red assigns 1 combat damage: 1 to Scout and 3 to Guard. The scenario does not say how, so this is the engine's choice among the legal assignments: lethal damage to each unit in turn, units with Tank first. Scout has Tank: it is assigned lethal damage before the units of its side without Tank. Scout is stunned and adds no Might to it. Herald has Assault 2: +2 Might while it is an attacker. Bomb has Shield 1: +1 Might while it is a defender.",
        "Rouge attribue 1 dégât de combat : 1 à l’unité Éclaireuse et 3 à l’unité Garde. Le scénario ne précise pas la répartition ; c’est donc le choix du moteur parmi les attributions légales : les dégâts mortels à chaque unité tour à tour, celles qui ont Tank d’abord. L’unité Éclaireuse a Tank : elle reçoit ses dégâts mortels avant les unités de son camp qui n’ont pas Tank. L’unité Éclaireuse est étourdie et n’y ajoute pas sa puissance. L’unité Héraut a Assaut 2 : +2 de puissance tant qu’elle est attaquante. L’unité Bombardier a Bouclier 1 : +1 de puissance tant qu’elle est défenseuse.",
    ),
    "assign-no-target": (
        "Red's units have no enemy unit left at the battlefield to assign damage to. Scout has Tank: it is assigned lethal damage before the units of its side without Tank. Scout is stunned and adds no Might to it. Herald has Assault 2: +2 Might while it is an attacker. Bomb has Shield 1: +1 Might while it is a defender.",
        "Il ne reste aucune unité adverse au champ de bataille à laquelle Rouge puisse attribuer des dégâts. L’unité Éclaireuse a Tank : elle reçoit ses dégâts mortels avant les unités de son camp qui n’ont pas Tank. L’unité Éclaireuse est étourdie et n’y ajoute pas sa puissance. L’unité Héraut a Assaut 2 : +2 de puissance tant qu’elle est attaquante. L’unité Bombardier a Bouclier 1 : +1 de puissance tant qu’elle est défenseuse.",
    ),
    "assign-no-units": (
        "Red has no unit left at the battlefield: no damage to assign. Scout has Tank: it is assigned lethal damage before the units of its side without Tank. Scout is stunned and adds no Might to it. Herald has Assault 2: +2 Might while it is an attacker. Bomb has Shield 1: +1 Might while it is a defender.",
        "Rouge n’a plus aucune unité au champ de bataille : aucun dégât à attribuer. L’unité Éclaireuse a Tank : elle reçoit ses dégâts mortels avant les unités de son camp qui n’ont pas Tank. L’unité Éclaireuse est étourdie et n’y ajoute pas sa puissance. L’unité Héraut a Assaut 2 : +2 de puissance tant qu’elle est attaquante. L’unité Bombardier a Bouclier 1 : +1 de puissance tant qu’elle est défenseuse.",
    ),
    "assign-nothing": (
        "Red has no combat Might at the battlefield: no damage to assign. Scout has Tank: it is assigned lethal damage before the units of its side without Tank. Scout is stunned and adds no Might to it. Herald has Assault 2: +2 Might while it is an attacker. Bomb has Shield 1: +1 Might while it is a defender.",
        "Rouge n’a aucune puissance de combat au champ de bataille : aucun dégât à attribuer. L’unité Éclaireuse a Tank : elle reçoit ses dégâts mortels avant les unités de son camp qui n’ont pas Tank. L’unité Éclaireuse est étourdie et n’y ajoute pas sa puissance. L’unité Héraut a Assaut 2 : +2 de puissance tant qu’elle est attaquante. L’unité Bombardier a Bouclier 1 : +1 de puissance tant qu’elle est défenseuse.",
    ),
    "assign-only": (
        "Red assigns 1 combat damage: 1 to Scout and 3 to Guard. The scenario does not say how, and this is the only legal assignment. Scout has Tank: it is assigned lethal damage before the units of its side without Tank. Scout is stunned and adds no Might to it. Herald has Assault 2: +2 Might while it is an attacker. Bomb has Shield 1: +1 Might while it is a defender.",
        "Rouge attribue 1 dégât de combat : 1 à l’unité Éclaireuse et 3 à l’unité Garde. Le scénario ne précise pas la répartition ; c’est la seule attribution légale. L’unité Éclaireuse a Tank : elle reçoit ses dégâts mortels avant les unités de son camp qui n’ont pas Tank. L’unité Éclaireuse est étourdie et n’y ajoute pas sa puissance. L’unité Héraut a Assaut 2 : +2 de puissance tant qu’elle est attaquante. L’unité Bombardier a Bouclier 1 : +1 de puissance tant qu’elle est défenseuse.",
    ),
    "assign-stated": (
        "Red assigns 1 combat damage, as the scenario states: 1 to Scout and 3 to Guard. Scout has Tank: it is assigned lethal damage before the units of its side without Tank. Scout is stunned and adds no Might to it. Herald has Assault 2: +2 Might while it is an attacker. Bomb has Shield 1: +1 Might while it is a defender.",
        "Rouge attribue 1 dégât de combat, comme l’indique le scénario : 1 à l’unité Éclaireuse et 3 à l’unité Garde. L’unité Éclaireuse a Tank : elle reçoit ses dégâts mortels avant les unités de son camp qui n’ont pas Tank. L’unité Éclaireuse est étourdie et n’y ajoute pas sa puissance. L’unité Héraut a Assaut 2 : +2 de puissance tant qu’elle est attaquante. L’unité Bombardier a Bouclier 1 : +1 de puissance tant qu’elle est défenseuse.",
    ),
    "assign-tried": (
        "Red assigns 1 combat damage: 1 to Scout and 3 to Guard. This run tries one of every legal assignment. Scout has Tank: it is assigned lethal damage before the units of its side without Tank. Scout is stunned and adds no Might to it. Herald has Assault 2: +2 Might while it is an attacker. Bomb has Shield 1: +1 Might while it is a defender.",
        "Rouge attribue 1 dégât de combat : 1 à l’unité Éclaireuse et 3 à l’unité Garde. Ce déroulement essaie l’une des attributions légales, toutes essayées tour à tour. L’unité Éclaireuse a Tank : elle reçoit ses dégâts mortels avant les unités de son camp qui n’ont pas Tank. L’unité Éclaireuse est étourdie et n’y ajoute pas sa puissance. L’unité Héraut a Assaut 2 : +2 de puissance tant qu’elle est attaquante. L’unité Bombardier a Bouclier 1 : +1 de puissance tant qu’elle est défenseuse.",
    ),
    "chain-add": (
        "Before the result, waiting abilities go on the chain: Scout's ability 2, then Guard's ability, then Scout's ability 1. The newest resolves first. Both players have abilities waiting: Red's go on the chain before Blue's, which therefore resolve before them. This is the site's default (the Attacker's first, as the turn player's), not a rule our sources quote. Red chooses the order of their abilities; the scenario states it.",
        "Avant le résultat, les compétences en attente vont sur la chaîne : la compétence 2 de l’unité Éclaireuse, puis la compétence de l’unité Garde, puis la compétence 1 de l’unité Éclaireuse. La dernière ajoutée se résout en premier. Les deux joueurs ont des compétences en attente : celles de Rouge vont sur la chaîne avant celles de Bleu, qui se résoudront donc avant elles. C’est le choix par défaut de ce site (d’abord celles de l’attaquant, puisque c’est son tour), pas une règle que citent nos sources. Rouge choisit l’ordre de ses compétences, comme l’indique le scénario.",
    ),
    "chain-add-after": (
        "After the combat, waiting abilities go on the chain: Scout's ability 2, then Guard's ability, then Scout's ability 1. The newest resolves first. Both players have abilities waiting: Red's go on the chain before Blue's, which therefore resolve before them. This is the site's default (the Attacker's first, as the turn player's), not a rule our sources quote. Red chooses the order of their abilities; the scenario states it.",
        "Après le combat, les compétences en attente vont sur la chaîne : la compétence 2 de l’unité Éclaireuse, puis la compétence de l’unité Garde, puis la compétence 1 de l’unité Éclaireuse. La dernière ajoutée se résout en premier. Les deux joueurs ont des compétences en attente : celles de Rouge vont sur la chaîne avant celles de Bleu, qui se résoudront donc avant elles. C’est le choix par défaut de ce site (d’abord celles de l’attaquant, puisque c’est son tour), pas une règle que citent nos sources. Rouge choisit l’ordre de ses compétences, comme l’indique le scénario.",
    ),
    "chain-add-control": (
        "Abilities that trigger on the Conquer go on the chain: Scout's ability 2, then Guard's ability, then Scout's ability 1. They resolve before the combat ends. Both players have abilities waiting: Red's go on the chain before Blue's, which therefore resolve before them. This is the site's default (the Attacker's first, as the turn player's), not a rule our sources quote. Red chooses the order of their abilities; the scenario states it.",
        "Des compétences déclenchées par la conquête vont sur la chaîne : la compétence 2 de l’unité Éclaireuse, puis la compétence de l’unité Garde, puis la compétence 1 de l’unité Éclaireuse. Elles se résolvent avant la fin du combat. Les deux joueurs ont des compétences en attente : celles de Rouge vont sur la chaîne avant celles de Bleu, qui se résoudront donc avant elles. C’est le choix par défaut de ce site (d’abord celles de l’attaquant, puisque c’est son tour), pas une règle que citent nos sources. Rouge choisit l’ordre de ses compétences, comme l’indique le scénario.",
    ),
    "chain-add-opening": (
        "Abilities that trigger on the designations go on the chain: Scout's ability 2, then Guard's ability, then Scout's ability 1. They are the showdown's first chain and resolve, the newest first, before anything is played. Both players have abilities waiting: Red's go on the chain before Blue's, which therefore resolve before them. This is the site's default (the Attacker's first, as the turn player's), not a rule our sources quote. Red chooses the order of their abilities; the scenario states it.",
        "Des compétences qui se déclenchent avec les désignations vont sur la chaîne : la compétence 2 de l’unité Éclaireuse, puis la compétence de l’unité Garde, puis la compétence 1 de l’unité Éclaireuse. C’est la première chaîne de la confrontation ; elles se résolvent, la dernière ajoutée en premier, avant que rien ne soit joué. Les deux joueurs ont des compétences en attente : celles de Rouge vont sur la chaîne avant celles de Bleu, qui se résoudront donc avant elles. C’est le choix par défaut de ce site (d’abord celles de l’attaquant, puisque c’est son tour), pas une règle que citent nos sources. Rouge choisit l’ordre de ses compétences, comme l’indique le scénario.",
    ),
    "chain-add-result": (
        "Abilities that trigger on the result go on the chain: Scout's ability 2, then Guard's ability, then Scout's ability 1. They resolve before control is established. Both players have abilities waiting: Red's go on the chain before Blue's, which therefore resolve before them. This is the site's default (the Attacker's first, as the turn player's), not a rule our sources quote. Red chooses the order of their abilities; the scenario states it.",
        "Des compétences déclenchées par le résultat vont sur la chaîne : la compétence 2 de l’unité Éclaireuse, puis la compétence de l’unité Garde, puis la compétence 1 de l’unité Éclaireuse. Elles se résolvent avant la prise de contrôle. Les deux joueurs ont des compétences en attente : celles de Rouge vont sur la chaîne avant celles de Bleu, qui se résoudront donc avant elles. C’est le choix par défaut de ce site (d’abord celles de l’attaquant, puisque c’est son tour), pas une règle que citent nos sources. Rouge choisit l’ordre de ses compétences, comme l’indique le scénario.",
    ),
    "chain-add-showdown": (
        "In the showdown, waiting abilities go on the chain: Scout's ability 2, then Guard's ability, then Scout's ability 1. They resolve now, the newest first, before combat damage. Both players have abilities waiting: Red's go on the chain before Blue's, which therefore resolve before them. This is the site's default (the Attacker's first, as the turn player's), not a rule our sources quote. Red chooses the order of their abilities; the scenario states it.",
        "Pendant la confrontation, des compétences en attente vont sur la chaîne : la compétence 2 de l’unité Éclaireuse, puis la compétence de l’unité Garde, puis la compétence 1 de l’unité Éclaireuse. Elles se résolvent maintenant, la dernière ajoutée en premier, avant les dégâts de combat. Les deux joueurs ont des compétences en attente : celles de Rouge vont sur la chaîne avant celles de Bleu, qui se résoudront donc avant elles. C’est le choix par défaut de ce site (d’abord celles de l’attaquant, puisque c’est son tour), pas une règle que citent nos sources. Rouge choisit l’ordre de ses compétences, comme l’indique le scénario.",
    ),
    "chain-cant-move": (
        "Scout's ability resolves: Guard can't move this turn. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "La compétence de l’unité Éclaireuse se résout : l’unité Garde ne peut pas se déplacer ce tour-ci. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-deal-damage": (
        "Scout's ability resolves: it deals 1 damage to Guard. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "La compétence de l’unité Éclaireuse se résout : elle inflige 1 dégât à l’unité Garde. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-deal-damage-to-all": (
        "Scout's ability resolves: it deals 1 damage to each unit at the battlefield (Scout, Guard and Herald). Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "La compétence de l’unité Éclaireuse se résout : elle inflige 1 dégât à chaque unité du champ de bataille (Éclaireuse, Garde et Héraut). L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-give-might": (
        "Scout's ability resolves: Guard gets +1 Might this combat. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "La compétence de l’unité Éclaireuse se résout : l’unité Garde gagne +1 de puissance pour ce combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-immune": (
        "Scout's ability resolves, but Guard can't be dealt damage: nothing happens.",
        "La compétence de l’unité Éclaireuse se résout, mais l’unité Garde ne peut pas subir de dégâts : la compétence est sans effet.",
    ),
    "chain-immune-all": (
        "Scout's ability resolves, but no unit at the battlefield can be dealt damage: nothing happens.",
        "La compétence de l’unité Éclaireuse se résout, mais aucune unité au champ de bataille ne peut subir de dégâts : la compétence est sans effet.",
    ),
    "chain-kill": (
        "Scout's ability resolves: it kills Guard. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "La compétence de l’unité Éclaireuse se résout : elle élimine l’unité Garde. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-kill-replaced": (
        "Scout's ability resolves: it would kill Guard. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "La compétence de l’unité Éclaireuse se résout : elle devrait éliminer l’unité Garde. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-lapsed": (
        "Scout's ability resolves, but what it gives Guard lasts only this combat, and no combat is under way: it does nothing.",
        "La compétence de l’unité Éclaireuse se résout, mais ce qu’elle donne à l’unité Garde ne dure que pendant ce combat, et aucun combat n’est en cours : la compétence est sans effet.",
    ),
    "chain-no-target": (
        "Scout's ability resolves, but Guard is no longer on the board: nothing happens.",
        "La compétence de l’unité Éclaireuse se résout, mais l’unité Garde n’est plus sur le plateau : la compétence est sans effet.",
    ),
    "chain-nobody-here": (
        "Scout's ability resolves, but no unit is at the battlefield: nothing happens.",
        "La compétence de l’unité Éclaireuse se résout, mais aucune unité n’est au champ de bataille : la compétence est sans effet.",
    ),
    "chain-play-unit": (
        "Scout's ability resolves: Blue plays Guard (1 Might) at their base. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "La compétence de l’unité Éclaireuse se résout : Bleu joue l’unité Garde (puissance 1) dans sa base. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-prevent-damage": (
        "Scout's ability resolves: the next 1 damage to Guard this combat will be prevented. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "La compétence de l’unité Éclaireuse se résout : le prochain dégât infligé à l’unité Garde pendant ce combat sera prévenu. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-recall": (
        "Scout's ability resolves: Guard is recalled to its base and leaves the combat. A Recall is not a Move. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "La compétence de l’unité Éclaireuse se résout : l’unité Garde est rappelée dans sa base et quitte le combat. Un rappel n’est pas un déplacement. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-reduce-might": (
        "Scout's ability resolves: Guard gets −1 Might this combat. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "La compétence de l’unité Éclaireuse se résout : l’unité Garde perd 1 de puissance pour ce combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-return-to-hand": (
        "Scout's ability resolves: Guard returns to its owner's hand and leaves the combat. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "La compétence de l’unité Éclaireuse se résout : l’unité Garde retourne dans la main de son propriétaire et quitte le combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-stun": (
        "Scout's ability resolves: Guard is stunned and deals no combat damage. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "La compétence de l’unité Éclaireuse se résout : l’unité Garde est étourdie et n’inflige pas de dégâts de combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-then-cant-move": (
        "Then Guard can't move this turn. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Ensuite, l’unité Garde ne peut pas se déplacer ce tour-ci. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-then-deal-damage": (
        "Then it deals 1 damage to Guard. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Ensuite, elle inflige 1 dégât à l’unité Garde. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-then-deal-damage-to-all": (
        "Then it deals 1 damage to each unit at the battlefield (Scout, Guard and Herald). Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Ensuite, elle inflige 1 dégât à chaque unité du champ de bataille (Éclaireuse, Garde et Héraut). L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-then-give-might": (
        "Then Guard gets +1 Might this combat. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Ensuite, l’unité Garde gagne +1 de puissance pour ce combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-then-immune": (
        "Then it would deal damage to Guard, which can't be dealt damage: that part does nothing.",
        "Ensuite, la compétence infligerait des dégâts à l’unité Garde, qui ne peut pas en subir : cette partie est sans effet.",
    ),
    "chain-then-immune-all": (
        "Then it would deal damage to the units at the battlefield, none of which can be dealt damage: that part does nothing.",
        "Ensuite, la compétence infligerait des dégâts aux unités du champ de bataille, dont aucune ne peut en subir : cette partie est sans effet.",
    ),
    "chain-then-kill": (
        "Then it kills Guard. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Ensuite, elle élimine l’unité Garde. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-then-kill-replaced": (
        "Then it would kill Guard. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Ensuite, elle devrait éliminer l’unité Garde. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-then-lapsed": (
        "Then it would give Guard something that lasts only this combat, and no combat is under way: that part does nothing.",
        "Ensuite, la compétence donnerait à l’unité Garde un effet qui ne dure que pendant ce combat, et aucun combat n’est en cours : cette partie est sans effet.",
    ),
    "chain-then-no-target": (
        "Then the ability would act on Guard, which is no longer on the board: that part does nothing.",
        "Ensuite, la compétence agirait sur l’unité Garde, qui n’est plus sur le plateau : cette partie est sans effet.",
    ),
    "chain-then-nobody-here": (
        "Then the ability would act on the units at the battlefield, but there are none: that part does nothing.",
        "Ensuite, la compétence agirait sur les unités du champ de bataille, mais il n’y en a aucune : cette partie est sans effet.",
    ),
    "chain-then-play-unit": (
        "Then Blue plays Guard (1 Might) at their base. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Ensuite, Bleu joue l’unité Garde (puissance 1) dans sa base. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-then-prevent-damage": (
        "Then the next 1 damage to Guard this combat will be prevented. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Ensuite, le prochain dégât infligé à l’unité Garde pendant ce combat sera prévenu. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-then-recall": (
        "Then Guard is recalled to its base and leaves the combat. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Ensuite, l’unité Garde est rappelée dans sa base et quitte le combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-then-reduce-might": (
        "Then Guard gets −1 Might this combat. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Ensuite, l’unité Garde perd 1 de puissance pour ce combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-then-return-to-hand": (
        "Then Guard returns to its owner's hand and leaves the combat. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Ensuite, l’unité Garde retourne dans la main de son propriétaire et quitte le combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "chain-then-stun": (
        "Then Guard is stunned and deals no combat damage. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Ensuite, l’unité Garde est étourdie et n’inflige pas de dégâts de combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "ended-death-triggers": (
        "Once the combat has ended, a cleanup: the “this combat” effects that expired leave lethal damage. Step 3a: Scout, Guard and Herald have lethal damage. The death ability of Scout is recorded with its last known information, before the card moves; it waits for the chain.",
        "Une fois le combat terminé, un nettoyage a lieu : les effets « de ce combat » qui ont expiré laissent des dégâts mortels. Étape 3a : les unités Éclaireuse, Garde et Héraut ont des dégâts mortels. La compétence de mort de l’unité Éclaireuse est conservée avec les dernières informations connues de la carte, avant que celle-ci ne quitte le plateau ; elle attend d’aller sur la chaîne.",
    ),
    "cleanup-death-triggers": (
        "This resolution is followed by a cleanup of its own. Step 3a: Scout, Guard and Herald have lethal damage. The death ability of Scout is recorded with its last known information, before the card moves; it waits for the chain.",
        "Cette résolution est suivie de son propre nettoyage. Étape 3a : les unités Éclaireuse, Garde et Héraut ont des dégâts mortels. La compétence de mort de l’unité Éclaireuse est conservée avec les dernières informations connues de la carte, avant que celle-ci ne quitte le plateau ; elle attend d’aller sur la chaîne.",
    ),
    "cleanup-none": (
        "This resolution is followed by a cleanup of its own: no unit has lethal damage, so the cleanup kills none.",
        "Cette résolution est suivie de son propre nettoyage : aucune unité n’a de dégâts mortels, donc le nettoyage n’en élimine aucune.",
    ),
    "conquer": (
        "Control: Red establishes control of the battlefield. That is a Conquer: Red scores 1 point (score: 3).",
        "Contrôle : Rouge prend le contrôle du champ de bataille. C’est une conquête : Rouge marque 1 point (total : 3).",
    ),
    "control-contested": (
        "Control: a combat is staged again here, so control does not change.",
        "Contrôle : un nouveau combat est préparé ici, donc le contrôle ne change pas.",
    ),
    "control-kept": (
        "Control: Red already controls the battlefield, so nothing is established and there is no Conquer.",
        "Contrôle : Rouge contrôle déjà le champ de bataille ; sans prise de contrôle, il n’y a pas de conquête.",
    ),
    "control-no-conquer": (
        "Control: Red establishes control, but has already scored this battlefield this turn: no Conquer, no point.",
        "Contrôle : Rouge prend le contrôle du champ de bataille, mais a déjà marqué ce champ de bataille ce tour-ci : pas de conquête, pas de point.",
    ),
    "damage": (
        "Both assignments made, the Attacker's announced first, combat damage is dealt, all at once: Scout is assigned 1 and takes 1; Guard is assigned 3, prevents 1 and takes 2; Herald is assigned no damage. No normal Reaction window comes between this damage and the lethal check.",
        "Les deux attributions faites, celle de l’attaquant annoncée en premier, les dégâts de combat sont infligés, tous en même temps : l’unité Éclaireuse se voit attribuer 1 dégât et en subit 1 ; l’unité Garde se voit attribuer 3 dégâts, en prévient 1 et en subit 2 ; aucun dégât n’est attribué à l’unité Héraut. Aucune fenêtre normale de Réaction ne s’intercale entre ces dégâts et la vérification des dégâts mortels.",
    ),
    "damage-none": (
        "Both assignments made, no combat damage is dealt: no unit is assigned any.",
        "Les deux attributions faites, aucun dégât de combat n’est infligé : aucune unité n’en reçoit.",
    ),
    "death-triggers": (
        "Step 3a: Scout, Guard and Herald have lethal damage. The death ability of Scout is recorded with its last known information, before the card moves; it waits for the chain.",
        "Étape 3a : les unités Éclaireuse, Garde et Héraut ont des dégâts mortels. La compétence de mort de l’unité Éclaireuse est conservée avec les dernières informations connues de la carte, avant que celle-ci ne quitte le plateau ; elle attend d’aller sur la chaîne.",
    ),
    "end": (
        "The combat ends: Attacker and Defender designations are removed from all units and players, and all “this combat” effects expire together.",
        "Le combat se termine : les désignations d’attaquant et de défenseur sont retirées de toutes les unités et de tous les joueurs, et tous les effets « de ce combat » expirent en même temps.",
    ),
    "heal": (
        "Step 3c: all units are healed: damage is cleared from every unit still on the board.",
        "Étape 3c : toutes les unités encore sur le plateau sont soignées, et leurs dégâts sont retirés.",
    ),
    "kill": (
        "Step 3b: Scout, Guard and Herald are killed and placed in their owners' trash. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Étape 3b : les unités Éclaireuse, Garde et Héraut sont éliminées et placées chacune dans la défausse de son propriétaire. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "kill-none": (
        "Step 3b: no unit is killed. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers.",
        "Étape 3b : aucune unité n’est éliminée. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas.",
    ),
    "move": (
        "Red moves Scout, Guard and Herald to the Hill. Enemy units are there: a combat is staged.",
        "Rouge déplace les unités Éclaireuse, Garde et Héraut vers la Colline. Des unités adverses s’y trouvent : un combat est préparé.",
    ),
    "move-open": (
        "Red moves Scout, Guard and Herald to the Hill. No enemy unit is there: a showdown begins, without a combat.",
        "Rouge déplace les unités Éclaireuse, Garde et Héraut vers la Colline. Aucune unité adverse ne s’y trouve : une confrontation commence, sans combat.",
    ),
    "no-lethal": (
        "Step 3a: no unit has lethal damage, so no death ability triggers.",
        "Étape 3a : aucune unité n’a de dégâts mortels, donc aucune compétence de mort ne se déclenche.",
    ),
    "no-result-both": (
        "Result: No Result. Both players have units at the battlefield.",
        "Résultat : « aucun résultat », car les deux joueurs ont des unités au champ de bataille.",
    ),
    "no-result-neither": (
        "Result: No Result. Neither player has units left at the battlefield.",
        "Résultat : « aucun résultat », car aucun des deux joueurs n’a plus d’unité au champ de bataille.",
    ),
    "no-result-recalled": (
        "Result: No Result. An attacker was recalled in step 3d of the Combat Cleanup.",
        "Résultat : « aucun résultat », car l’étape 3d du nettoyage de combat a rappelé un attaquant.",
    ),
    "open-conquer": (
        "Control: Red, the only player with units at the battlefield, establishes control of it. That is a Conquer: Red scores 1 point (score: 3).",
        "Contrôle : Rouge, seul joueur à avoir des unités au champ de bataille, en prend le contrôle. C’est une conquête : Rouge marque 1 point (total : 3).",
    ),
    "open-kept": (
        "Control: Red, the only player with units at the battlefield, already controls it: nothing is established and there is no Conquer.",
        "Contrôle : Rouge, seul joueur à avoir des unités au champ de bataille, le contrôle déjà ; sans prise de contrôle, il n’y a pas de conquête.",
    ),
    "open-no-conquer": (
        "Control: Red, the only player with units at the battlefield, establishes control of it, but has already scored this battlefield this turn: no Conquer, no point.",
        "Contrôle : Rouge, seul joueur à avoir des unités au champ de bataille, en prend le contrôle, mais a déjà marqué ce champ de bataille ce tour-ci : pas de conquête, pas de point.",
    ),
    "open-nobody": (
        "Control: no unit is left at the battlefield, so nobody establishes control; it stays as it was.",
        "Contrôle : il ne reste aucune unité au champ de bataille ; personne n’en prend le contrôle, qui reste tel qu’il était.",
    ),
    "recall": (
        "Step 3d: a defender is still at the battlefield, so the attackers Scout, Guard and Herald are recalled to their bases. A Recall is not a Move. Scout can't move, but nothing that restricts movement stops a Recall.",
        "Étape 3d : il reste au moins un défenseur au champ de bataille, donc les unités attaquantes Éclaireuse, Garde et Héraut sont rappelées dans la base de leur contrôleur. Un rappel n’est pas un déplacement. L’unité Éclaireuse ne peut pas se déplacer, mais rien de ce qui restreint les déplacements n’empêche un rappel.",
    ),
    "recall-none-no-attackers": (
        "Step 3d: no attacker remains at the battlefield; there is nothing to recall.",
        "Étape 3d : il ne reste aucun attaquant au champ de bataille ; il n’y a rien à rappeler.",
    ),
    "recall-none-no-defenders": (
        "Step 3d: no defender remains at the battlefield, so no attacker is recalled.",
        "Étape 3d : il ne reste aucun défenseur au champ de bataille, donc aucun attaquant n’est rappelé.",
    ),
    "resolution": (
        "Combat proceeds to the Resolution Step, which invokes a Combat Cleanup.",
        "Le combat passe à l’étape de résolution, qui invoque un nettoyage de combat.",
    ),
    "restage": (
        "Both sides still have units there: another showdown and combat is staged, so control does not change yet.",
        "Les deux camps y ont encore des unités : une nouvelle confrontation et un nouveau combat sont préparés, et le contrôle ne change pas encore.",
    ),
    "restaged-unscripted": (
        "The example stops here: the next combat is not part of it.",
        "L’exemple s’arrête ici : le combat suivant n’en fait pas partie.",
    ),
    "showdown-cant-move": (
        "Showdown: Red makes Guard unable to move this turn. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Confrontation : Rouge empêche l’unité Garde de se déplacer ce tour-ci. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "showdown-deal-damage": (
        "Showdown: Red deals 1 damage to Guard. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Confrontation : Rouge inflige 1 dégât à l’unité Garde. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "showdown-deal-damage-to-all": (
        "Showdown: Red deals 1 damage to each unit at the battlefield (Scout, Guard and Herald). Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Confrontation : Rouge inflige 1 dégât à chaque unité du champ de bataille (Éclaireuse, Garde et Héraut). L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "showdown-ends-open": (
        "The showdown ends without a combat: no combat damage is dealt, and no Combat Cleanup heals anyone.",
        "La confrontation se termine sans combat : aucun dégât de combat n’est infligé, et aucun nettoyage de combat ne soigne les unités.",
    ),
    "showdown-give-might": (
        "Showdown: Red gives Guard +1 Might this combat. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Confrontation : Rouge donne +1 de puissance à l’unité Garde pour ce combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "showdown-immune": (
        "Showdown: Red would deal damage to Guard, which can't be dealt damage: nothing happens.",
        "Confrontation : Rouge infligerait des dégâts à l’unité Garde, qui ne peut pas en subir : rien ne se passe.",
    ),
    "showdown-immune-all": (
        "Showdown: Red would deal damage to the units at the battlefield, none of which can be dealt damage: nothing happens.",
        "Confrontation : Rouge infligerait des dégâts aux unités du champ de bataille, dont aucune ne peut en subir : rien ne se passe.",
    ),
    "showdown-kill": (
        "Showdown: Red kills Guard. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Confrontation : Rouge élimine l’unité Garde. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "showdown-kill-replaced": (
        "Showdown: Red would kill Guard. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Confrontation : Rouge devrait éliminer l’unité Garde. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "showdown-lapsed": (
        "Showdown: Red plays an effect on Guard that lasts only this combat, and no combat is under way: it does nothing.",
        "Confrontation : Rouge joue sur l’unité Garde un effet qui ne dure que pendant ce combat, et aucun combat n’est en cours : il est sans effet.",
    ),
    "showdown-pass": (
        "Showdown: both players pass without playing anything.",
        "Confrontation : les deux joueurs passent sans rien jouer.",
    ),
    "showdown-play-unit": (
        "Showdown: Red plays Guard (1 Might) at their base. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Confrontation : Rouge joue l’unité Garde (puissance 1) dans sa base. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "showdown-prevent-damage": (
        "Showdown: Red will prevent the next 1 damage to Guard this combat. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Confrontation : Rouge préviendra le prochain dégât infligé à l’unité Garde pendant ce combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "showdown-recall": (
        "Showdown: Red recalls Guard to its base; it leaves the combat. A Recall is not a Move. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Confrontation : Rouge rappelle l’unité Garde dans sa base ; elle quitte le combat. Un rappel n’est pas un déplacement. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "showdown-reduce-might": (
        "Showdown: Red gives Guard −1 Might this combat. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Confrontation : Rouge donne −1 de puissance à l’unité Garde pour ce combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "showdown-return-to-hand": (
        "Showdown: Red returns Guard to its owner's hand; it leaves the combat. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Confrontation : Rouge renvoie l’unité Garde dans la main de son propriétaire ; elle quitte le combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "showdown-stun": (
        "Showdown: Red stuns Guard: it deals no combat damage. Scout can't be dealt damage. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers. Scout sees it happen: its ability that triggers when another unit dies waits for the chain.",
        "Confrontation : Rouge étourdit l’unité Garde, qui n’inflige pas de dégâts de combat. L’unité Éclaireuse ne peut pas subir de dégâts. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas. L’unité Éclaireuse en est témoin : sa compétence qui se déclenche quand une autre unité meurt attend d’aller sur la chaîne.",
    ),
    "stage": (
        "Red is the Attacker and Blue the Defender; their units at the battlefield take the same designation.",
        "Rouge reçoit la désignation d’attaquant, et Bleu celle de défenseur ; leurs unités au champ de bataille reçoivent la même désignation.",
    ),
    "stage-in-showdown": (
        "Blue now has units at the battlefield too: the showdown becomes a combat's. Red, who moved in first, is the Attacker and Blue the Defender; their units at the battlefield take the same designation.",
        "Bleu a désormais aussi des unités au champ de bataille, et la confrontation devient celle d’un combat : Rouge, arrivé le premier, reçoit la désignation d’attaquant, et Bleu celle de défenseur ; leurs unités au champ de bataille reçoivent la même désignation.",
    ),
    "start-controlled": (
        "Before the move, Red controls the Hill.",
        "Avant le déplacement, Rouge contrôle la Colline.",
    ),
    "start-uncontrolled": (
        "Before the move, nobody controls the Hill.",
        "Avant le déplacement, personne ne contrôle la Colline.",
    ),
    "stays-uncontrolled": (
        "Control: no units remain; the battlefield stays uncontrolled.",
        "Contrôle : il ne reste aucune unité ; le champ de bataille reste non contrôlé.",
    ),
    "uncontrolled": (
        "Control: no units remain, so the battlefield becomes uncontrolled. Red does not keep it.",
        "Contrôle : il ne reste aucune unité ; le champ de bataille devient non contrôlé, et Rouge ne le garde pas.",
    ),
    "win": (
        "Result: Red wins the combat, as the only player with units left at the battlefield; Blue loses.",
        "Résultat : Rouge gagne le combat, seul joueur à avoir encore des unités au champ de bataille ; Bleu le perd.",
    ),
}


def test_every_entry_has_its_sentences_written_here() -> None:
    assert sorted(EXPECTED) == sorted(STEPS), "write the sentences of a new entry in EXPECTED"


@pytest.mark.parametrize("key", sorted(STEPS))
def test_an_entry_says_each_count_on_its_own_field(key: str) -> None:
    en, fr = EXPECTED[key]
    assert said(STEPS[key]) == {"en": en, "fr": fr}
