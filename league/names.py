"""How people write their names: the particles that belong to a last name ("de", "van den", "von
der" …, rules as data) and splitting one written name into first and last name as people write it
("Jan de Vries" → "Jan" / "de Vries"; "de Vries, Jan" and "Vries, Jan de" read too). Pure Python,
no Django: bulk entry and the registration import split with it (league.services.imports), and the
order names sort in (league.collation) files a last name under the word after its particles.
"""

# Words that start a last name when they stand between the first name(s) and the last word: Dutch,
# Flemish, German, French, Italian, Spanish, Portuguese, Scandinavian and Arabic particles. Compared
# in lower case ("Jan De Vries" is split like "Jan de Vries"); the written case is kept.
PARTICLES = frozenset({
    "de", "den", "der", "des", "het", "'t", "t'", "ten", "ter", "te", "van", "vander", "op", "in", "aan",
    "von", "vom", "zu", "zum", "zur",
    "du", "le", "la", "les", "d'", "l'",
    "da", "di", "del", "della", "delle", "dei", "degli", "dello", "lo",
    "dos", "das", "do",
    "af", "av",
    "al", "el", "bin", "ibn",
})
# A particle joined to the one before it ("von und zu Liechtenstein"): only after that particle.
JOINED = {"und": "von"}


def _is_particle(words: list[str], index: int) -> bool:
    word = words[index].casefold()
    if word in PARTICLES:
        return True
    before = JOINED.get(word)
    return before is not None and index > 0 and words[index - 1].casefold() == before


def _particles_before(words: list[str], end: int) -> int:
    """Where the particles just before ``words[end]`` start, at least one word left before them."""
    start = end
    while start - 1 >= 1 and _is_particle(words, start - 1):
        start -= 1
    return start


def split_name(name: str) -> tuple[str, str]:
    """(first name, last name) of one written name. "Last, First" (and "Vries, Jan de", the index
    form, whose trailing particles go back before the last name); otherwise the last word and the
    particles before it are the last name: "Jan de Vries" → ("Jan", "de Vries"), "Anna van den
    Berg" → ("Anna", "van den Berg"), "Maria de la Cruz" → ("Maria", "de la Cruz"). One word is a
    last name alone."""
    if "," in name:
        last, first = (" ".join(part.split()) for part in name.split(",", 1))
        words = first.split()
        start = _particles_before(words, len(words))
        if start < len(words):
            first, last = " ".join(words[:start]), " ".join([*words[start:], last])
        return first, last
    words = name.split()
    if len(words) < 2:
        return "", name.strip()
    start = _particles_before(words, len(words) - 1)
    return " ".join(words[:start]), " ".join(words[start:])


def last_name_parts(last_name: str) -> tuple[str, str]:
    """(particles, the rest) of a stored last name: "van den Berg" → ("van den", "Berg"), "Müller" →
    ("", "Müller"); a last name that is only particles is all rest ("De")."""
    words = last_name.split()
    start = 0
    while start < len(words) - 1 and _is_particle(words, start):
        start += 1
    return " ".join(words[:start]), " ".join(words[start:])
