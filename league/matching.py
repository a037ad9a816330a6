"""Telling whether two written names probably mean the same person (or club): pure Python, no
Django, so that every import (bulk entry, registration import, sign-ups, results from elsewhere)
asks the same question the same way.

Two names are *the same* when they differ only in case, accents or umlauts ("Müller", "MUELLER",
"Muller"), spacing and punctuation, or the order of their words ("Müller, Jürgen" and "Jürgen
Müller"); they are *similar* when, after that, a small typo remains (one edit in a short name, two
in a long one). ``NameIndex`` finds the people of a list that are the same as or similar to a name,
best first, without comparing every name with every other.
"""
import functools
import re
import unicodedata
from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass

# German transliterations first, so that "Müller", "Mueller" and "Muller" fold alike.
_SPELLED = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss", "æ": "ae", "ø": "o", "œ": "oe",
                          "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"})
_DIGRAPHS = re.compile(r"(?<=[a-z])([aou])e")  # "ue" written for "ü" (not at a word's start: "Oestrich")
_PUNCTUATION = re.compile(r"[^\w\s]|_")


def words(text: str) -> list[str]:
    """The name's words in their compared form: lower case, no accents, umlauts as plain vowels,
    no punctuation ("Jean-Luc O'Neil" → ["jean", "luc", "oneil"])."""
    text = unicodedata.normalize("NFKC", text or "").casefold().translate(_SPELLED)
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = _PUNCTUATION.sub(lambda m: " " if m.group() in "-_/" else "", text)
    return [_DIGRAPHS.sub(r"\1", word) for word in text.split()]


def name_key(*parts: str) -> str:
    """One string per person whatever the case, accents, spacing or order of the words."""
    return " ".join(sorted(word for part in parts for word in words(part)))


def distance(a: str, b: str, limit: int = 2) -> int:
    """The edits (insert, delete, replace, swap two neighbours) from ``a`` to ``b``; ``limit + 1``
    once it is known to be larger than ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def allowed_edits(key: str) -> int:
    """How many typos still count as the same name: one in a short name, two in a long one."""
    letters = len(key.replace(" ", ""))
    return 0 if letters < 5 else 1 if letters < 12 else 2


@functools.lru_cache(maxsize=65536)
def _letters(key: str) -> Counter:
    return Counter(key)


def letters_apart(a: str, b: str) -> int:
    """A cheap lower bound of the edits between ``a`` and ``b`` (also word by word): the letters one
    has more of than the other, on the side with more (every edit changes that by at most one)."""
    la, lb = _letters(a), _letters(b)
    more_in_a = 0
    for letter, count in la.items():
        if (more := count - lb.get(letter, 0)) > 0:
            more_in_a += more
    # b has more of its letters by as much as it is longer: more_in_b - more_in_a = len(b) - len(a)
    return max(more_in_a, more_in_a + len(b) - len(a))


def closeness(a: str, b: str) -> int | None:
    """How far apart two keys (``name_key``) are: 0 the same, 1 or 2 a small typo, None not similar."""
    if a == b:
        return 0
    limit = min(allowed_edits(a), allowed_edits(b))
    if limit == 0 or letters_apart(a, b) > limit:  # most names a shared word brings: no edits computed
        return None
    edits = distance(a, b, limit)
    if edits <= limit:
        return edits
    # A typo may also move a word in the sorted key ("mueller jurgen" / "jurgen muler"): compare
    # word by word, each word of one with its nearest in the other.
    wa, wb = a.split(), b.split()
    if len(wa) != len(wb):
        return None
    total, rest = 0, list(wb)
    for word in wa:
        best = min(rest, key=lambda other: distance(word, other, limit))
        total += distance(word, best, limit)
        rest.remove(best)
        if total > limit:
            return None
    return total


@dataclass(frozen=True)
class Match:
    id: Hashable
    edits: int  # 0: the same name written differently; 1–2: a small typo


class NameIndex:
    """The names of many people (or clubs), searchable for the same and similar names."""

    def __init__(self, entries: Iterable[tuple[Hashable, Iterable[str]]]):
        self.keys: dict[Hashable, str] = {}
        self.by_word: dict[str, set[Hashable]] = {}
        self.by_key: dict[str, list[Hashable]] = {}
        self.order: dict[Hashable, int] = {}  # the order they were added in
        for ident, parts in entries:
            self.add(ident, *parts)

    def add(self, ident: Hashable, *parts: str) -> None:
        key = name_key(*parts)
        if not key:
            return
        self.order.setdefault(ident, len(self.order))
        self.keys[ident] = key
        self.by_key.setdefault(key, []).append(ident)
        for word in key.split():
            self.by_word.setdefault(word, set()).add(ident)
            self.by_word.setdefault(word[:3], set()).add(ident)

    def find(self, *parts: str) -> list[Match]:
        """Everyone whose name is the same as or similar to ``parts``, best first (fewest edits,
        then the order they were added in)."""
        key = name_key(*parts)
        if not key:
            return []
        candidates: set[Hashable] = set()
        for word in key.split():
            candidates |= self.by_word.get(word, set()) | self.by_word.get(word[:3], set())
        found = [Match(ident, edits) for ident in candidates
                 if (edits := closeness(key, self.keys[ident])) is not None]
        return sorted(found, key=lambda match: (match.edits, self.order[match.id]))
