"""The rules the code cites are the project's own: every ``docs/rules.md §N`` citation names a
section of docs/rules.md, and nothing outside the copied worked cases cites a file beside the
checkout."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
SOURCES = sorted(path for folder in ("scoring", "league", "tests", "static", "bench", "mjl")
                 for path in (ROOT / folder).rglob("*")
                 if path.suffix in {".py", ".js", ".html"} and path != Path(__file__).resolve())
CITATION = re.compile(r"docs/rules\.md`? §(\d+a?)((?:[,–-] ?\d+a?)*)")


def sections() -> set[str]:
    return set(re.findall(r"^##+ (\d+a?)\.", RULES.read_text(encoding="utf-8"), flags=re.M))


def test_the_rules_have_every_section_of_the_contract():
    assert sections() == {*map(str, range(1, 12)), "9a"}


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_citation_names_a_section_of_the_rules(path):
    text = path.read_text(encoding="utf-8")
    assert "SCORING.md" not in text
    known = sections()
    for first, more in CITATION.findall(text):
        cited = [first, *re.findall(r"\d+a?", more)]
        assert set(cited) <= known, (path, cited)


def test_the_code_cites_the_rules_by_section():
    cited = sum(len(CITATION.findall(path.read_text(encoding="utf-8"))) for path in SOURCES)
    assert cited >= 40


def rules_section(number: str) -> str:
    text = RULES.read_text(encoding="utf-8")
    start = re.search(rf"^## {number}\. .*$", text, flags=re.M).end()
    return re.sub(r"\s+", " ", text[start:re.search(r"^## ", text[start:], flags=re.M).start() + start])


def test_the_rules_say_that_a_hke_dead_hand_pays_its_share_as_the_ruleset_settles_it():
    # tests/scoring/test_scoring_dmjl_hke.py: a dead North pays its 8 of a 3-fan discard win.
    hke = rules_section("4")
    assert "pays nothing" not in hke and "pays its share of the winner's hand" in hke


def test_the_rules_say_a_japanese_player_holds_27000_in_sticks_and_counts_30000():
    results = rules_section("7")
    assert "receives 27000 in sticks but counts as if they had 30000" in results
