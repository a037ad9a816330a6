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
