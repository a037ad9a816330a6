"""How league's packages hang together: selectors read and never import a service (services may
import selectors), and services queue tasks by name instead of importing league.tasks, which calls
them. Imports inside functions count too: they would only hide a circle."""
import ast
from pathlib import Path

import pytest

LEAGUE = Path(__file__).resolve().parents[2] / "league"


def league_imports(path: Path, source: str | None = None) -> set[str]:
    """The league modules ``path`` (or ``source`` read as that file) imports, anywhere in it, as dotted names."""
    package = ["league", *path.relative_to(LEAGUE).with_suffix("").parts]
    if package[-1] == "__init__":
        package.pop()
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8") if source is None else source)):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names.update({module, *(f"{module}.{alias.name}" for alias in node.names)})
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return {name for name in names if name.startswith("league")}


@pytest.mark.parametrize("path", sorted((LEAGUE / "selectors").glob("*.py")), ids=lambda path: path.name)
def test_a_selector_imports_no_service(path):
    assert not {name for name in league_imports(path) if name.startswith("league.services")}


@pytest.mark.parametrize("path", sorted((LEAGUE / "services").glob("*.py")), ids=lambda path: path.name)
def test_a_service_queues_tasks_by_name_without_importing_them(path):
    assert not {name for name in league_imports(path) if name.startswith("league.tasks")}


def test_the_import_reader_sees_a_service_imported_inside_a_function():
    source = "def f():\n    from ..services.standings import standings_request\n"
    assert "league.services.standings" in league_imports(LEAGUE / "selectors" / "day.py", source)
