"""Pyphen's hyphenation dictionaries, packed (for league.templatetags.headers).

Pyphen holds a dictionary's patterns (some 78,000 for German) as a dict, each pattern a string
object with its own tuple of hyphenation values: about 20 MB in every web process for German and
English (11 with equal values shared, as this project read them before). :class:`Patterns` packs
them: the patterns of one length that start with the same two letters are one string, searched with
``str.find``, and each distinct value (a few thousand) is one tuple, named in that string by two
characters. Both languages then hold about 2 MB (reading them adds about 5 MB to a process's
resident memory); a word's points take about twice as long to find (a quarter of a millisecond for
a long German word), and Pyphen remembers each word's points, so a process pays that once per word
(issue 40). No library offers Pyphen's dictionaries packed (marisa-trie would, at the price of a
compiled dependency for one filter), hence this module.

Reading a dictionary makes some hundred thousand small objects, and pymalloc gives memory back to
the system only in whole arenas: an object that stays, made among them, would keep its arena taken
(about 20 MB in all). So :func:`packed` reads and packs into one marshalled bytes object, and the
few thousand objects that stay are made from it (:func:`hyph_dict`) once the rest is freed.
Dictionaries with nonstandard hyphenation (``pyphen.DataInt`` values, which marshal cannot keep;
none of the site's languages) are not packed.
"""
import marshal
from collections.abc import Iterator
from pathlib import Path

import pyphen


class Patterns:
    """Pyphen's ``HyphDict.patterns`` (pattern → ``(offset, values)``), packed; only ``get`` is offered,
    which is all ``HyphDict.positions`` asks of it.

    ``buckets`` maps a pattern's first two letters and its length (as a character) to the entries of
    all patterns that share them, each entry NUL, the pattern, SOH and two characters naming its value
    in ``values`` (a number in base 254 with digits from 2 up, so never NUL or SOH: a match of NUL,
    pattern, SOH is always a whole entry)."""

    __slots__ = ("_buckets", "_values")

    def __init__(self, buckets: dict[str, str], values: tuple) -> None:
        self._buckets, self._values = buckets, values

    def get(self, key: str, default: tuple | None = None) -> tuple | None:
        bucket = self._buckets.get(_head(key))
        if bucket is None:
            return default
        found = bucket.find(f"\0{key}\1")
        if found < 0:
            return default
        at = found + len(key) + 2
        return self._values[(ord(bucket[at]) - 2) * 254 + ord(bucket[at + 1]) - 2]


def _head(key: str) -> str:
    return key[:2] + chr(len(key))


def packed(path: Path) -> bytes:
    """The dictionary at ``path`` as marshalled ``(buckets, values, maxlen)`` of :class:`Patterns`;
    ValueError for a dictionary with nonstandard hyphenation."""
    patterns = dict(_patterns(path))  # a later line for the same pattern wins, as in Pyphen
    numbers: dict[tuple, int] = {}
    buckets: dict[str, list[str]] = {}
    for key, value in patterns.items():
        high, low = divmod(numbers.setdefault(value, len(numbers)), 254)
        buckets.setdefault(_head(key), []).append(f"\0{key}\1{chr(high + 2)}{chr(low + 2)}")
    return marshal.dumps(({head: "".join(entries) for head, entries in buckets.items()}, tuple(numbers),
                          max(len(key) for key in patterns)))


def hyph_dict(data: bytes) -> pyphen.HyphDict:
    """Pyphen's ``HyphDict`` with the patterns of :func:`packed`'s ``data``."""
    buckets, values, maxlen = marshal.loads(data)
    made = pyphen.HyphDict.__new__(pyphen.HyphDict)
    made.patterns, made.cache, made.maxlen = Patterns(buckets, values), {}, maxlen
    return made


def _patterns(path: Path) -> Iterator[tuple[str, tuple]]:
    """The patterns of the dictionary at ``path``, read as ``pyphen.HyphDict`` reads them (pyphen 0.18)."""
    with path.open("rb") as file:
        encoding = file.readline().decode()
    if encoding.lower() == "microsoft-cp1251":
        encoding = "cp1251"
    for pattern in path.read_text(encoding).split("\n")[1:]:
        pattern = pattern.strip()
        if not pattern or pattern.startswith(pyphen.ignored):
            continue
        pattern = pyphen.parse_hex(lambda match: chr(int(match.group(1), 16)), pattern)
        factory: type[int] | pyphen.AlternativeParser = int
        if "/" in pattern and "=" in pattern:
            pattern, alternative = pattern.split("/", 1)
            factory = pyphen.AlternativeParser(pattern, alternative)
        tags, values = zip(*[(string, factory(i or "0")) for i, string in pyphen.parse(pattern)], strict=True)
        if max(values) == 0:
            continue
        start, end = 0, len(values)
        while not values[start]:
            start += 1
        while not values[end - 1]:
            end -= 1
        yield "".join(tags), (start, values[start:end])

