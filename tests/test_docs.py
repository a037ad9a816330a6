"""The texts the code cites are in the repository: every ``docs/rules.md §N`` citation names a
section of docs/rules.md, every ``docs/…`` file or folder named exists, every ``docs/api.md
"Section"`` and ``README, "Section"`` names a heading there, and nothing outside the copied worked
cases cites a file beside the checkout (``API.md``, ``SCORING.md``)."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
SOURCES = sorted(path for folder in ("scoring", "league", "tests", "static", "bench", "mjl")
                 for path in (ROOT / folder).rglob("*")
                 if path.suffix in {".py", ".js", ".html"} and path != Path(__file__).resolve())
CITATION = re.compile(r"docs/rules\.md`? §(\d+a?)((?:[,–-] ?\d+a?)*)")
DOCS_PATH = re.compile(r"\bdocs/[\w./-]*\w")
# ``docs/api.md "Players at the table", "Privacy"`` and ``README, "Backup and restore"``
SECTIONS = re.compile(r'\b(docs/api\.md|README),? ((?:"[^"\n]+"(?:, )?)+)')


def sections() -> set[str]:
    return set(re.findall(r"^##+ (\d+a?)\.", RULES.read_text(encoding="utf-8"), flags=re.M))


def test_the_rules_have_every_section_of_the_contract():
    assert sections() == {*map(str, range(1, 12)), "6a", "9a"}


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


def headings(path: Path) -> set[str]:
    return {line.lstrip("#").strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("#")}


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_file_of_the_docs_the_code_cites_exists(path):
    text = path.read_text(encoding="utf-8")
    assert "API.md" not in text, "the API's reference is docs/api.md"
    for cited in DOCS_PATH.findall(text):
        assert (ROOT / cited).exists(), (path, cited)


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_section_the_code_cites_is_a_heading_there(path):
    files = {"docs/api.md": ROOT / "docs" / "api.md", "README": ROOT / "README.md"}
    for name, cited in SECTIONS.findall(path.read_text(encoding="utf-8")):
        known = headings(files[name])
        for section in re.findall(r'"([^"]+)"', cited):
            assert section in known, (path, name, section)


def test_the_code_cites_the_api_reference_by_section():
    cited = [section for path in SOURCES for name, section in SECTIONS.findall(path.read_text(encoding="utf-8"))
             if name == "docs/api.md"]
    assert len(cited) >= 10


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
