"""How ``scoring`` holds together: no Django anywhere in it, the public ``api`` module used by
nobody inside it, and a game's options validated once per call rather than at every hand."""

import ast
from pathlib import Path

import pytest

from scoring import flow, options, results

SCORING = Path(flow.__file__).resolve().parent


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
    return names


@pytest.mark.parametrize("path", sorted(SCORING.rglob("*.py")), ids=lambda path: str(path.relative_to(SCORING)))
def test_scoring_imports_no_django(path):
    assert not any(name.split(".")[0] == "django" for name in imported_modules(path))


@pytest.mark.parametrize("path", sorted(set(SCORING.rglob("*.py")) - {SCORING / "__init__.py", SCORING / "api.py"}),
                         ids=lambda path: str(path.relative_to(SCORING)))
def test_no_module_inside_scoring_imports_its_public_api(path):
    assert not {".api", "scoring.api", "..api"} & imported_modules(path)


@pytest.fixture
def validations(monkeypatch):
    calls = []
    real = options.validate_options

    def counting(ruleset, given):
        calls.append(ruleset)
        return real(ruleset, given)

    monkeypatch.setattr(flow, "validate_options", counting)
    monkeypatch.setattr(results, "validate_options", counting)
    return calls


def east_round_of_hke(hands: int) -> list[dict]:
    return [{"outcome": "win", "winner": (index + 1) % 4, "win_type": "self_draw", "fan": 3} for index in range(hands)]


def test_replaying_a_game_validates_its_options_once(validations):
    steps, _state = flow.replay("dmjl-hke", {"seat_change": True}, east_round_of_hke(8))
    assert len(steps) == 8 and validations == ["dmjl-hke"]


def test_a_game_result_validates_its_options_once(validations):
    steps, _state = flow.replay("dmjl-hke", {"seat_change": True}, east_round_of_hke(8))
    validations.clear()
    results.game_result("dmjl-hke", {"seat_change": True}, [step.result for step in steps])
    assert validations == ["dmjl-hke"]
