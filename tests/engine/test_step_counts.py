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
from engine.steps import STEPS, Hit, Ordered, Ref, Replaced, Replacement, Seating, StepKind
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
    "chain-add-result": (
        "Abilities that trigger on the result go on the chain: Scout's ability 2, then Guard's ability, then Scout's ability 1. They resolve before control is established. Both players have abilities waiting: Red's go on the chain before Blue's, which therefore resolve before them. This is the site's default (the Attacker's first, as the turn player's), not a rule our sources quote. Red chooses the order of their abilities; the scenario states it.",
        "Des compétences déclenchées par le résultat vont sur la chaîne : la compétence 2 de l’unité Éclaireuse, puis la compétence de l’unité Garde, puis la compétence 1 de l’unité Éclaireuse. Elles se résolvent avant la prise de contrôle. Les deux joueurs ont des compétences en attente : celles de Rouge vont sur la chaîne avant celles de Bleu, qui se résoudront donc avant elles. C’est le choix par défaut de ce site (d’abord celles de l’attaquant, puisque c’est son tour), pas une règle que citent nos sources. Rouge choisit l’ordre de ses compétences, comme l’indique le scénario.",
    ),
    "chain-cant-move": (
        "Scout's ability resolves: Guard can't move this turn.",
        "La compétence de l’unité Éclaireuse se résout : l’unité Garde ne peut pas se déplacer ce tour-ci.",
    ),
    "chain-deal-damage": (
        "Scout's ability resolves: it deals 1 damage to Guard.",
        "La compétence de l’unité Éclaireuse se résout : elle inflige 1 dégât à l’unité Garde.",
    ),
    "chain-deal-damage-to-all": (
        "Scout's ability resolves: it deals 1 damage to each unit at the battlefield (Scout, Guard and Herald).",
        "La compétence de l’unité Éclaireuse se résout : elle inflige 1 dégât à chaque unité du champ de bataille (Éclaireuse, Garde et Héraut).",
    ),
    "chain-give-might": (
        "Scout's ability resolves: Guard gets +1 Might this combat.",
        "La compétence de l’unité Éclaireuse se résout : l’unité Garde gagne +1 de puissance pour ce combat.",
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
        "Scout's ability resolves: Blue plays Guard (1 Might) at their base.",
        "La compétence de l’unité Éclaireuse se résout : Bleu joue l’unité Garde (puissance 1) dans sa base.",
    ),
    "chain-prevent-damage": (
        "Scout's ability resolves: the next 1 damage to Guard this combat will be prevented.",
        "La compétence de l’unité Éclaireuse se résout : le prochain dégât infligé à l’unité Garde pendant ce combat sera prévenu.",
    ),
    "chain-then-cant-move": (
        "Then Guard can't move this turn.",
        "Ensuite, l’unité Garde ne peut pas se déplacer ce tour-ci.",
    ),
    "chain-then-deal-damage": (
        "Then it deals 1 damage to Guard.",
        "Ensuite, elle inflige 1 dégât à l’unité Garde.",
    ),
    "chain-then-deal-damage-to-all": (
        "Then it deals 1 damage to each unit at the battlefield (Scout, Guard and Herald).",
        "Ensuite, elle inflige 1 dégât à chaque unité du champ de bataille (Éclaireuse, Garde et Héraut).",
    ),
    "chain-then-give-might": (
        "Then Guard gets +1 Might this combat.",
        "Ensuite, l’unité Garde gagne +1 de puissance pour ce combat.",
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
        "Then Blue plays Guard (1 Might) at their base.",
        "Ensuite, Bleu joue l’unité Garde (puissance 1) dans sa base.",
    ),
    "chain-then-prevent-damage": (
        "Then the next 1 damage to Guard this combat will be prevented.",
        "Ensuite, le prochain dégât infligé à l’unité Garde pendant ce combat sera prévenu.",
    ),
    "cleanup-death-triggers": (
        "This resolution is followed by a cleanup of its own. Step 3a: Scout, Guard and Herald have lethal damage. The death ability of Scout is recorded with its last known information, before the card moves; it waits for the chain.",
        "Cette résolution est suivie de son propre nettoyage. Étape 3a : les unités Éclaireuse, Garde et Héraut ont des dégâts mortels. La compétence de mort de l’unité Éclaireuse est conservée avec les dernières informations connues de la carte, avant que celle-ci ne quitte le plateau ; elle attend son traitement.",
    ),
    "cleanup-none": (
        "This resolution is followed by a cleanup of its own: no unit has lethal damage, so none dies.",
        "Cette résolution est suivie de son propre nettoyage : aucune unité n’a de dégâts mortels, donc aucune ne meurt.",
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
        "Contrôle : Rouge prend le contrôle du champ de bataille, mais l’a déjà marqué ce tour-ci : pas de conquête, pas de point.",
    ),
    "damage": (
        "Combat damage is dealt, all at once: Scout is assigned 1 and takes 1; Guard is assigned 3, prevents 1 and takes 2; Herald is assigned no damage. No normal Reaction window comes between this damage and the lethal check.",
        "Les dégâts de combat sont infligés simultanément : l’unité Éclaireuse reçoit une attribution de 1 dégât et en subit 1 ; l’unité Garde reçoit une attribution de 3 dégâts, en prévient 1 et en subit 2 ; l’unité Héraut ne reçoit aucune attribution de dégâts. Aucune fenêtre normale de Réaction ne s’intercale entre ces dégâts et la vérification des dégâts mortels.",
    ),
    "death-triggers": (
        "Step 3a: Scout, Guard and Herald have lethal damage. The death ability of Scout is recorded with its last known information, before the card moves; it waits for the chain.",
        "Étape 3a : les unités Éclaireuse, Garde et Héraut ont des dégâts mortels. La compétence de mort de l’unité Éclaireuse est conservée avec les dernières informations connues de la carte, avant que celle-ci ne quitte le plateau ; elle attend son traitement.",
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
        "Step 3b: Scout, Guard and Herald are killed and placed in their owners' trash. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers.",
        "Étape 3b : les unités Éclaireuse, Garde et Héraut sont éliminées et placées chacune dans la défausse de son propriétaire. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas.",
    ),
    "kill-none": (
        "Step 3b: no unit is killed. Bomb would die, but a replacement effect puts it into banishment instead: it does not die, so its death ability never triggers.",
        "Étape 3b : aucune unité n’est éliminée. L’unité Bombardier allait mourir, mais un effet de remplacement l’envoie plutôt dans la zone de bannissement : elle ne meurt pas, et sa compétence de mort ne se déclenche donc pas.",
    ),
    "move": (
        "Red moves Scout, Guard and Herald to the Hill. Enemy units are there: a combat is staged.",
        "Rouge déplace les unités Éclaireuse, Garde et Héraut vers la Colline. Des unités adverses s’y trouvent : un combat est préparé.",
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
    "recall": (
        "Step 3d: a defender is still at the battlefield, so the attackers Scout, Guard and Herald are recalled to their bases. A Recall is not a Move. Scout can't move, but nothing that restricts movement stops a Recall.",
        "Étape 3d : il reste au moins un défenseur au champ de bataille, donc les unités attaquantes Éclaireuse, Garde et Héraut sont rappelées vers la base de leur contrôleur. Un rappel n’est pas un déplacement. L’unité Éclaireuse ne peut pas se déplacer, mais rien de ce qui restreint les déplacements n’empêche un rappel.",
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
        "Showdown: Red makes Guard unable to move this turn.",
        "Confrontation : Rouge empêche l’unité Garde de se déplacer ce tour-ci.",
    ),
    "showdown-deal-damage": (
        "Showdown: Red deals 1 damage to Guard.",
        "Confrontation : Rouge inflige 1 dégât à l’unité Garde.",
    ),
    "showdown-deal-damage-to-all": (
        "Showdown: Red deals 1 damage to each unit at the battlefield (Scout, Guard and Herald).",
        "Confrontation : Rouge inflige 1 dégât à chaque unité du champ de bataille (Éclaireuse, Garde et Héraut).",
    ),
    "showdown-give-might": (
        "Showdown: Red gives Guard +1 Might this combat.",
        "Confrontation : Rouge donne +1 de puissance à l’unité Garde pour ce combat.",
    ),
    "showdown-pass": (
        "Showdown: both players pass without playing anything.",
        "Confrontation : les deux joueurs passent sans rien jouer.",
    ),
    "showdown-play-unit": (
        "Showdown: Red plays Guard (1 Might) at their base.",
        "Confrontation : Rouge joue l’unité Garde (puissance 1) dans sa base.",
    ),
    "showdown-prevent-damage": (
        "Showdown: Red will prevent the next 1 damage to Guard this combat.",
        "Confrontation : Rouge préviendra le prochain dégât infligé à l’unité Garde pendant ce combat.",
    ),
    "stage": (
        "Red is the Attacker and Blue the Defender; their units at the battlefield take the same designation.",
        "Rouge reçoit la désignation d’attaquant, et Bleu celle de défenseur ; leurs unités au champ de bataille reçoivent la même désignation.",
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
