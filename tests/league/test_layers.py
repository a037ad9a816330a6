"""How league's packages hang together: selectors read and never import a service (services may
import selectors), and services queue tasks by name instead of importing league.tasks, which calls
them. Imports inside functions count too: they would only hide a circle. The API, the pages and the
tasks write only through services: they call no model's (or serializer's) write method."""
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


# Model, queryset, manager and serializer methods that write. ``update`` is also a dict's: it counts
# where the receiver is a queryset (``….objects…``, ``….filter(…)`` and the like), not on a dict.
WRITES = {"save", "create", "update", "delete", "bulk_create", "bulk_update", "get_or_create", "update_or_create"}
QUERYSET_STEPS = {"objects", "filter", "exclude", "all", "select_for_update", "select_related", "get_queryset"}
# Writes the thin layers may make themselves: (file under league/, the call as written) → why.
ALLOWED: dict[tuple[str, str], str] = {}
THIN = ("api", "views", "tasks")


def _steps(node: ast.expr) -> set[str]:
    """The attribute and call names a receiver is built of (``Player.objects.filter(x=1)``:
    Player, objects, filter)."""
    return {step.attr if isinstance(step, ast.Attribute) else step.id
            for step in ast.walk(node) if isinstance(step, ast.Attribute | ast.Name)}


def writes_in(source: str) -> list[str]:
    """The write calls in ``source``, as written (``serializer.save``, ``Token.objects.create``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in WRITES):
            continue
        if node.func.attr == "update" and not _steps(node.func.value) & QUERYSET_STEPS:
            continue
        found.append(ast.unparse(node.func))
    return found


def _thin_modules() -> list[Path]:
    return sorted(path for layer in THIN for path in (LEAGUE / layer).rglob("*.py"))


@pytest.mark.parametrize("path", _thin_modules(), ids=lambda path: str(path.relative_to(LEAGUE)))
def test_the_api_the_pages_and_the_tasks_write_only_through_services(path):
    name = str(path.relative_to(LEAGUE))
    assert [call for call in writes_in(path.read_text(encoding="utf-8")) if (name, call) not in ALLOWED] == []


def test_every_allowed_write_is_still_there_and_has_a_reason():
    for (name, call), reason in ALLOWED.items():
        assert reason and call in writes_in((LEAGUE / name).read_text(encoding="utf-8")), name


def test_the_write_reader_sees_saves_creates_and_queryset_updates_but_not_a_dict_update():
    source = ("def f(serializer, player, context):\n"
              "    serializer.save()\n"
              "    Token.objects.get_or_create(user=player)\n"
              "    Player.objects.filter(pk=1).update(club=None)\n"
              "    player.delete()\n"
              "    context.update(title='x')\n")
    assert writes_in(source) == ["serializer.save", "Token.objects.get_or_create",
                                 "Player.objects.filter(pk=1).update", "player.delete"]


def _league_modules() -> list[Path]:
    return sorted(path for path in LEAGUE.rglob("*.py") if "migrations" not in path.parts)


# A status that has its own error class in league.errors is raised by that name.
NAMED_STATUSES = {403: "Forbidden", 404: "NotFound", 409: "Conflict"}


def statuses_spelled_out(source: str) -> list[str]:
    """Calls of ``ServiceError``/``field_error`` with a ``status=`` that an error class names."""
    return [ast.unparse(node) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("ServiceError", "field_error")
            and any(keyword.arg == "status" and isinstance(keyword.value, ast.Constant)
                    and keyword.value.value in NAMED_STATUSES for keyword in node.keywords)]


def test_a_conflict_and_a_refusal_are_raised_by_their_names():
    assert {str(path.relative_to(LEAGUE)): found for path in _league_modules()
            if (found := statuses_spelled_out(path.read_text(encoding="utf-8")))} == {}


def test_the_status_reader_sees_a_conflict_spelled_out():
    assert statuses_spelled_out("raise ServiceError('taken', 'Taken.', status=409)\n"
                                "raise ServiceError('late', 'Too late.', status=410)\n") == [
        "ServiceError('taken', 'Taken.', status=409)"]


def test_permission_denied_is_djangos_everywhere_and_the_services_refuse_with_forbidden():
    """One PermissionDenied by that name (django.core.exceptions': the API's handler answers it as
    DRF's); league.errors' 403 is Forbidden."""
    import league.errors

    assert not hasattr(league.errors, "PermissionDenied")
    for path in _league_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.name == "PermissionDenied":
                        assert (node.module, alias.asname) == ("django.core.exceptions", None), path


def test_no_api_view_leaves_a_write_to_drfs_own_serializer_save():
    """DRF's mixins write with ``serializer.save()`` unless a view says otherwise: every API view
    with a create, update or destroy of DRF's overrides it to call a service."""
    import importlib
    import inspect

    from rest_framework import mixins

    writes = {mixins.CreateModelMixin: "perform_create", mixins.UpdateModelMixin: "perform_update",
              mixins.DestroyModelMixin: "perform_destroy"}
    seen = set()
    for path in sorted((LEAGUE / "api").glob("*.py")):
        module = importlib.import_module(f"league.api.{path.stem}")
        for _name, view in inspect.getmembers(module, inspect.isclass):
            for mixin, method in writes.items():
                if issubclass(view, mixin) and view.__module__.startswith("league."):
                    seen.add(view.__name__)
                    assert getattr(view, method) is not getattr(mixin, method), f"{view.__name__}.{method}"
    assert {"PlayerViewSet", "TournamentViewSet"} <= seen
