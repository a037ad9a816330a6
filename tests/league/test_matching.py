"""league.matching: which written names probably mean the same person (pure Python)."""
import pytest

from league import matching
from league.matching import NameIndex, distance, letters_apart, name_key

PEOPLE = NameIndex([(1, ("Jürgen", "Müller")), (2, ("Anna", "Schmidt")), (3, ("Bo", "Li"))])


@pytest.mark.parametrize("written", [
    ("jürgen", "MÜLLER"),           # case
    ("Jurgen", "Muller"),           # accents left out
    ("Juergen", "Mueller"),         # umlauts spelled out
    ("  Jürgen ", "Müller  "),      # spaces
    ("Müller, Jürgen", ""),         # "Last, First" in one field
    ("Müller", "Jürgen"),           # the names swapped
    ("Jürgen", "Mülelr"),           # a small typo
    ("Jürgn", "Müller"),            # a letter left out
])
def test_a_name_written_differently_finds_the_same_person(written):
    assert [match.id for match in PEOPLE.find(*written)] == [1]


def test_the_same_name_written_differently_comes_before_a_typo():
    index = NameIndex([(1, ("Anna", "Schmid")), (2, ("Anna", "Schmidt"))])
    assert [(m.id, m.edits) for m in index.find("ANNA", "SCHMIDT")] == [(2, 0), (1, 1)]


@pytest.mark.parametrize("written", [("Anna", "Schneider"), ("Bo", "Lu"), ("Hanna", "Schmitz")])
def test_a_different_name_is_not_similar(written):
    assert PEOPLE.find(*written) == []


def test_short_names_allow_no_typo_but_still_fold_case_and_order():
    assert [m.id for m in PEOPLE.find("li", "bo")] == [3]
    assert PEOPLE.find("Bo", "Le") == []


def test_a_key_ignores_case_accents_spaces_and_order():
    assert name_key("Jürgen", "Müller") == name_key("MUELLER,", " juergen ") == "jurgen muller"


def test_names_far_apart_in_their_letters_are_told_apart_without_counting_edits(monkeypatch):
    def no_edits(*args, **kwargs):
        raise AssertionError("edits counted")

    monkeypatch.setattr(matching, "distance", no_edits)
    assert matching.closeness(name_key("Michael", "Schmidt"), name_key("Michael", "Meier")) is None


def test_the_letters_apart_never_exceed_the_edits():
    pairs = [("mueller jurgen", "jurgen muler"), ("anna berg", "anne berg"), ("kees visser", "kees vissre"),
             ("michael schmidt", "michael meier"), ("abc", "cab"), ("jan", "janssen")]
    for a, b in pairs:
        assert letters_apart(a, b) <= distance(a, b, limit=20)
