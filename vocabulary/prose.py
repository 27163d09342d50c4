"""What a rules writer would not let through in a generated sentence: checks over text alone.

The site composes sentences from messages, names and numbers; each check here reads the
finished text, in its language, and says what a demanding reader would trip on. None knows
which message a text came from, so a new wording is read the same way as today's:

- a phrase said twice: within a clause, any run of two words or more with a content word
  in it (« … en premier, puis …, qui se résolvent donc en premier »), unless it names (« la
  compétence de l'unité A, puis la compétence de l'unité B ») or frames two different things
  (« les mots barrés …, les mots soulignés … »); anywhere in the text, a list of two names or
  more given again (the abilities going on the chain, then « dans cet ordre » the same list);
- a capital after a colon (French), where no name, keyword or acronym starts, and a
  lower-case letter opening a sentence;
- a count that disagrees with its noun (« 1 éléments », « 2 dégât »), a label that disagrees
  with the names it lists (« Unités éliminées : Pillarde rouge »), a noun before a list of
  names that disagrees with it (« l'unité A et B »), and, in one text, a participle said both
  singular and plural of the same list (« Des attaquants ont été rappelés … Unité rappelée :
  Pillarde rouge »); what is singular and what plural comes from a ``Lexicon`` of the
  language's own words (its catalog, its pages), not from a list of nouns;
- a number of ours written with a hyphen-minus (« -1 ») where the language has a minus sign;
- the first of a month as a plain number (« 1 décembre » for « 1er décembre »);
- a word cut short before an ellipsis (« pour plus d'infor… »);
- a reader's value that does not come back exactly as typed, in the language's quotes;
- in a refusal said after a field (``refusal_faults``): an adjective that would have to agree
  with the field (« Puissance : ne doit pas être négatif »), and a bound said as a fact
  rather than a limit (« compte au plus 3 éléments »).

The lists of words here are grammar, not wording: the function words a repetition is read
through, the endings that mark a French adjective's gender.

>>> lexicon = Lexicon.of(["1 dégât", "2 dégâts", "les unités", "une unité"])
>>> [str(f) for f in faults("Rouge subit 1 dégâts.", "fr", lexicon=lexicon)]
['count: 1 dégâts']
>>> faults("Résultat\\u00a0: Rouge gagne.", "fr", names=["Rouge"])
[]
>>> [f.kind for f in faults("Variante\\u00a0: L’élimination passe avant.", "fr")]
['capital']
>>> [f.kind for f in faults("celles de Rouge vont en premier, puis celles de Bleu, qui se "
...     "résolvent donc en premier.", "fr")]
['repeated']
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

# A word: letters and digits, with inner hyphens (« avant-garde », « r1-chain-2 »); a name of
# code (« combat.trigger_order », « v1.4 ») is one word.
_WORD = re.compile(r"[^\W_]+(?:(?:-|_|\.(?=[^\W_]))[^\W_]+)*")
# Words and the marks a list or a label is read by.
_TOKEN = re.compile(_WORD.pattern + r"|[,:.]")
# What ends a clause: a sentence's end, a colon or semicolon, brackets, quotation marks, the
# editor's separator between a group's label and a field's, an arrow.
_CLAUSE_END = re.compile(r"[.;:!?()«»“”\[\]·→—]")
# What continues a list of names: « A, B et C », « A, puis B ».
_LIST_GOES_ON = frozenset({",", "et", "and", "puis", "then"})
# Grammar words a repetition of content is read through (French, English).
_GRAMMAR = """
    le la les l un une des du de d à au aux et ou en y ne pas n que qu qui quoi dont se s sa son
    ses leur leurs lui ce cet cette ces c il elle ils elles on est sont a ont été être avoir
    fait pour par sur dans avec sans plus moins très tout toute tous toutes chaque aucun aucune
    donc mais puis ni si comme quand où me m te t nous vous je j même mêmes autre autres ceux
    celles celui celle
    the a an of to and or in on at is are was were be been it its their them they with by for as
    then no not this that these those from into
"""
FUNCTION_WORDS = frozenset(_GRAMMAR.split())
_SPACE = " \u00a0\u202f"
_CAPITAL_AFTER_COLON = re.compile(r"[\u00a0\u202f ]:[\u00a0\u202f ]+(?=[A-ZÀ-ÖØ-ÞŒ])")
_LOWER_AFTER_STOP = re.compile(r"(?<![.\w])(\w*)[.!?][\u00a0\u202f ]+(?=[a-zà-öø-ÿœ])")
_ABBREVIATIONS = frozenset({"etc", "p", "ex", "cf", "e", "i", "vs"})
_NUMBER = re.compile(r"(?<![\w.,+\-\u2212])(\d{1,3}(?:[\u202f\u00a0]\d{3})+|\d+)(?!\w|[.,]\d)")
_HYPHEN_NUMBER = re.compile(r"(?:(?<=[\s(\[«:])|^)-(?=\d)")
_MONTHS = {
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
}
_ELLIPSIS = re.compile(r"([^\W\d_]+)…")
# A bound, and the words that say it is one: an obligation, a limit.
_BOUND = {
    "fr": re.compile(r"\bau (?:plus|moins|maximum|minimum)\b"),
    "en": re.compile(r"\bat (?:most|least)\b"),
}
_BOUND_SAID = {
    "fr": re.compile(r"\b(?:doit|doivent|devrait|peut|limite)\b"),
    "en": re.compile(r"\b(?:must|may|limit|can)\b"),
}
# A predicate that agrees with its subject: « (ne) doit (pas) être X », « est X », « trop X ».
_PREDICATE = re.compile(
    r"^(?:ne\s+|n’)?(?:(?:doit|doivent|peut|peuvent)\s+(?:pas\s+)?être|est|sont|reste|devient)"
    r"\s+(?:pas\s+)?(?:trop\s+|plus\s+|assez\s+)?([^\W\d_]+)|^trop\s+([^\W\d_]+)",
    re.I,
)
# Endings that mark a French adjective's gender (négatif, négative; long, longue…).
_GENDERED = re.compile(
    r"(?:ifs?|ives?|eux|euses?|al|ales?|aux|els?|elles?|iens?|iennes?|ons?|onnes?|ers?|ères?|és?|"
    r"ées?|ants?|antes?|ents?|entes?|ains?|aines?|iers?|ières?|ong|ongues?|uls?|ulles?|ets?|"
    r"ettes?|eaux?)$"
)
_QUOTES = {"fr": ("«\u00a0", "\u00a0»"), "en": ("'", "'")}
_SINGULAR = {"fr": (0, 1), "en": (1,)}  # the numbers a language says with a singular noun


@dataclass(frozen=True)
class Fault:
    """What a reader would trip on: its kind, and the words at fault."""

    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


@dataclass(frozen=True)
class Lexicon:
    """A language's words as its own texts spell them, and which are the singular and plural
    of one another (« dégât », « dégâts »; « éliminée », « éliminées »), found by the plural
    endings among words that both occur."""

    singular_of: dict[str, str] = field(default_factory=dict)  # plural → singular
    plural_of: dict[str, str] = field(default_factory=dict)  # singular → plural
    words: frozenset[str] = frozenset()

    @classmethod
    def of(cls, texts: Iterable[str]) -> Lexicon:
        words = {w.lower() for text in texts for w in _WORD.findall(text) if not w.isdigit()}
        plural_of: dict[str, str] = {}
        for word in sorted(words - FUNCTION_WORDS):
            for plural in (
                word + "s",
                word + "x",
                word[:-2] + "aux" if word.endswith("al") else "",
            ):
                if plural in words:
                    plural_of.setdefault(word, plural)
        return cls({p: s for s, p in plural_of.items()}, plural_of, frozenset(words))

    def counted(self, word: str) -> bool:
        """Whether ``word`` has a singular and a plural (a noun, an adjective, a participle)."""
        return word.lower() in self.singular_of or word.lower() in self.plural_of

    def plural(self, word: str) -> bool:
        return word.lower() in self.singular_of


def words_of(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


# -- names ---------------------------------------------------------------------------------


def _name_tokens(names: Iterable[str]) -> list[tuple[str, ...]]:
    found = {tuple(words_of(name)) for name in names}
    return sorted((n for n in found if n), key=len, reverse=True)


def _name_at(tokens: Sequence[str], i: int, known: list[tuple[str, ...]]) -> int:
    """The length of the longest name starting at ``tokens[i]``, or 0."""
    return next((len(n) for n in known if tuple(tokens[i : i + len(n)]) == n), 0)


def _spans(tokens: Sequence[str], known: list[tuple[str, ...]]) -> list[tuple[int, int]]:
    """Where the names are in ``tokens``: the longest name at each place, left to right (the
    player Rouge is not read inside the unit Pillarde rouge)."""
    spans, i = [], 0
    while i < len(tokens):
        length = _name_at(tokens, i, known)
        if length:
            spans.append((i, i + length))
        i += length or 1
    return spans


def _list_at(tokens: Sequence[str], i: int, known: list[tuple[str, ...]]) -> tuple[int, int]:
    """The list of names starting at ``tokens[i]`` (« A », « A et B », « A, B et C »): how many
    names, and where it ends."""
    count, at = 0, i
    while length := _name_at(tokens, at, known):
        count, at = count + 1, at + length
        if at >= len(tokens) or tokens[at] not in ("et", "and", ","):
            break
        at += 1
    return count, at


# -- a phrase said twice -------------------------------------------------------------------


def _runs(tokens: Sequence[str]) -> Iterator[tuple[int, int, int]]:
    """Each run of words said twice: (first start, second start, length), as long as it goes
    both ways, the two never overlapping."""
    places: dict[str, list[int]] = {}
    for at, token in enumerate(tokens):
        places.setdefault(token, []).append(at)
    for found in places.values():
        for n, i in enumerate(found):
            for j in found[n + 1 :]:
                if i and tokens[i - 1] == tokens[j - 1]:
                    continue
                k = 0
                while j + k < len(tokens) and i + k < j and tokens[i + k] == tokens[j + k]:
                    k += 1
                yield i, j, k


def repeated(text: str, names: Collection[str] = ()) -> Iterator[Fault]:
    """Phrases said twice (see the module's docstring)."""
    known = _name_tokens(names)
    for clause in _CLAUSE_END.split(text):
        tokens = words_of(clause)
        for i, j, k in _runs(tokens):
            run = tokens[i : i + k]
            if k < 2 or all(w in FUNCTION_WORDS or w.isdigit() or len(w) <= 2 for w in run):
                continue  # grammar, numbers and unit symbols (« 64 Ko ») only
            if _spans(run, known) or (
                _name_at(tokens, i + k, known) and _name_at(tokens, j + k, known)
            ):
                continue  # naming: « la compétence 2 de l'unité A, puis … de l'unité B »
            if j + k < len(tokens) and tokens[i + k] != tokens[j + k]:
                continue  # framing two things: « les mots barrés …, les mots soulignés … »
            yield Fault("repeated", " ".join(run))
    # A list of names given again anywhere: not the tail of a longer list (« A, B et C ont … ;
    # celles de B et C » rightly names two of them again).
    tokens = [t.lower() for t in _TOKEN.findall(text)]
    spans = _spans(tokens, known)
    named = {at for start, end in spans for at in range(start, end)}
    for i, j, k in _runs(tokens):
        if tokens[i] in _LIST_GOES_ON or any(
            at and (tokens[at - 1] in _LIST_GOES_ON or at - 1 in named) for at in (i, j)
        ):
            continue
        if sum(1 for start, end in spans if i <= start and end <= i + k) >= 2:
            yield Fault("repeated", " ".join(tokens[i : i + k]))


# -- capitals ------------------------------------------------------------------------------


def capitals(text: str, lang: str, names: Collection[str] = ()) -> Iterator[Fault]:
    """A capital after a colon (French) where no name, keyword or acronym starts, and a
    lower-case letter opening a sentence."""
    if lang == "fr":
        for match in _CAPITAL_AFTER_COLON.finditer(text):
            rest = text[match.end() :]
            word = _WORD.match(rest)
            if word is None or any(rest.startswith(name) for name in names if name):
                continue
            if len(word[0]) > 1 and word[0].isupper():
                continue  # an acronym: YAML, FEPR
            yield Fault("capital", rest[:30])
    for match in _LOWER_AFTER_STOP.finditer(text):
        before = match[1].lower()
        if before in _ABBREVIATIONS or before[-1:].isdigit():
            continue  # « p. ex. », « 465.3. 2. »
        yield Fault("lower case", text[match.start() : match.end() + 20])


# -- counts --------------------------------------------------------------------------------


def plurals(
    text: str,
    lang: str,
    lexicon: Lexicon,
    names: Collection[str] = (),
    shared: Collection[str] = (),
) -> Iterator[Fault]:
    """Counts, labels and nouns that disagree with how many there are. A list naming one of
    the ``shared`` names, which several units bear, counts more than its names: it is not
    read."""
    singular = _SINGULAR.get(lang, (1,))
    for match in _NUMBER.finditer(text):
        after = _WORD.match(text[match.end() :].lstrip(_SPACE))
        if after is None or not text[match.end() : match.end() + 1].isspace():
            continue
        n, word = int(re.sub(r"\D", "", match[1])), after[0]
        if lexicon.counted(word) and lexicon.plural(word) == (n in singular):
            yield Fault("count", f"{match[1]} {word}")
    known = _name_tokens(names)
    shared_tokens = [" ".join(words_of(name)) for name in shared]
    tokens = [t.lower() for t in _TOKEN.findall(text)]
    spans = _spans(tokens, known)
    inside = {at for start, end in spans for at in range(start, end)}
    participles: dict[str, set[bool]] = {}  # a label's participle → its lists are plural
    for i, _ in spans:
        if i > 1 and tokens[i - 1] in _LIST_GOES_ON and i - 2 in inside:
            continue  # inside a list begun before
        count, end = _list_at(tokens, i, known)
        listed = " ".join(tokens[i:end])
        if any(name in listed for name in shared_tokens):
            continue
        if i and tokens[i - 1] == ":":  # a label: « Unités éliminées : A et B »
            label = _label_before(tokens, i - 1)
            counted = [w for w in label if lexicon.counted(w)]
            if any(lexicon.plural(w) != (count > 1) for w in counted):
                yield Fault("label", f"{' '.join(label)} : {listed}")
            for w in counted[1:]:
                participles.setdefault(_stem(w), set()).add(count > 1)
        elif i and _disagrees(tokens[i - 1], count, lexicon):
            yield Fault("noun", f"{tokens[i - 1]} {listed}")
    for w in words_of(text):
        numbers = participles.get(_stem(w)) if lexicon.counted(w) else None
        if numbers is not None and len(numbers) == 1 and lexicon.plural(w) not in numbers:
            yield Fault("participle", w)


def _disagrees(noun: str, count: int, lexicon: Lexicon) -> bool:
    """Whether ``noun`` before a list of ``count`` names says another number than the list."""
    if noun in FUNCTION_WORDS or not lexicon.counted(noun):
        return False
    return lexicon.plural(noun) != (count > 1)


def _label_before(tokens: Sequence[str], colon: int) -> list[str]:
    """The words of the label that ends at ``tokens[colon]``, back to the sentence's start."""
    label: list[str] = []
    for token in reversed(tokens[max(0, colon - 4) : colon]):
        if token in (".", ":", ","):
            break
        label.insert(0, token)
    return label


def _stem(word: str) -> str:
    """A word without its marks of number and gender: « rappelées » → « rappelé »."""
    return re.sub(r"(?:es|e|s)$", "", word)


# -- signs, dates, cuts, the reader's values -----------------------------------------------


def signs(text: str, lang: str) -> Iterator[Fault]:
    """A number written with a hyphen-minus; the first of a month as a bare 1."""
    for match in _HYPHEN_NUMBER.finditer(text):
        yield Fault("minus", text[match.start() : match.start() + 8])
    months = _MONTHS.get(lang)
    if months:
        for match in re.finditer(rf"(?<!\d)1[\u00a0 ](?:{'|'.join(months.split())})\b", text):
            yield Fault("date", match[0])


def cuts(text: str, lexicon: Lexicon) -> Iterator[Fault]:
    """A word cut short before an ellipsis: one the language's texts never spell."""
    for match in _ELLIPSIS.finditer(text):
        if lexicon.words and match[1].lower() not in lexicon.words:
            yield Fault("cut", match[0])


def verbatim_faults(text: str, lang: str, values: Collection[str]) -> Iterator[Fault]:
    """Each of the reader's values exactly as typed, in the language's quotation marks."""
    opening, closing = _QUOTES.get(lang, ("'", "'"))
    for value in values:
        if f"{opening}{value}{closing}" not in text:
            yield Fault("altered value", f"{value!r} is not quoted as typed")


# -- refusals ------------------------------------------------------------------------------


def refusal_faults(body: str, lang: str) -> Iterator[Fault]:
    """A refusal said after a field: no adjective that must agree with the field, and each
    bound said as a limit (or as an instruction: « ajoutez au moins result »)."""
    if lang == "fr":
        match = _PREDICATE.match(body.strip())
        word = (match[1] or match[2] or "").lower() if match else ""
        if word and word not in FUNCTION_WORDS and _GENDERED.search(word):
            yield Fault("agreement", body[:50])
    bound, said = _BOUND.get(lang), _BOUND_SAID.get(lang)
    if bound is None or said is None:
        return
    for clause in _CLAUSE_END.split(body):
        found = bound.search(clause)
        if found is None or said.search(clause):
            continue
        before = words_of(clause[: found.start()])
        if not (before and before[-1].endswith(("ez", "ons"))):
            yield Fault("bound", clause.strip()[:60])


def faults(
    text: str,
    lang: str,
    *,
    names: Collection[str] = (),
    verbatim: Collection[str] = (),
    lexicon: Lexicon | None = None,
    shared: Collection[str] = (),
) -> list[Fault]:
    """Everything a reader would trip on in ``text`` (see the module's docstring). ``names``:
    the board's names and the keywords (they may start after a colon; a list of them is
    counted); ``verbatim``: the reader's own values in it, which the other checks read
    around; ``shared``: the names several units bear."""
    lexicon = lexicon or Lexicon()
    ours = text
    for value in sorted(verbatim, key=len, reverse=True):
        ours = ours.replace(value, "\u2009" * len(value))
    return [
        *repeated(ours, names),
        *capitals(ours, lang, names),
        *signs(ours, lang),
        *cuts(ours, lexicon),
        *plurals(ours, lang, lexicon, names, shared),
        *verbatim_faults(text, lang, verbatim),
    ]
