"""Write the schemathesis configurations for .ci/run: one per role (administrator, referee), each
with the role's API token and REAL ids for every path parameter of every operation, so that no
operation is tested with ids that do not exist or with a role that is always refused.

Generic over the schema: a path parameter is resolved from the collection segment before it
(``/tournaments/{id}/`` → a Tournament, ``/tables/{id}/`` → a Table; ``sessions/{number}`` → a
session number), picking objects of one running tournament that the referee is assigned to, so
the ids fit together. DELETE operations get their own throwaway copies (or, for hands, the last
hand of another open table), and run last, so that deleting leaves the other operations' data.

    python .ci/schemathesis_setup.py OUTDIR   → OUTDIR/{admin,referee,delete}.toml (token, warnings)
                                                and OUTDIR/ids.json (read by .ci/schemathesis_hooks.py)
"""
import json
import os
import re
import secrets
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mjl.settings")

import django  # noqa: E402

django.setup()

from django.apps import apps  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.exceptions import FieldError  # noqa: E402
from django.db import IntegrityError, models, transaction  # noqa: E402
from drf_spectacular.generators import SchemaGenerator  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402

from league.models import (  # noqa: E402
    AccountClaim,
    Export,
    Hand,
    Player,
    RefereeAssignment,
    Signup,
    TableDispute,
    Tournament,
)
from league.services.exports import export_request  # noqa: E402

PARAMETER = re.compile(r"\{([^}]+)\}")
# How an object belongs to a tournament, tried in turn.
TOURNAMENT_LOOKUPS = ["", "tournament", "session__tournament", "table__session__tournament",
                      "registrations__tournament", "tournaments", "seasons__tournaments"]


# Collection segments that are not a model's name: account/claims/{id}/ → AccountClaim.
ALIASES = {"claims": "accountclaim", "disputes": "tabledispute"}


def model_for(segment: str):
    """The league model a collection segment names: players → Player, tables → Table."""
    segment = ALIASES.get(segment, segment)
    for model in apps.get_app_config("league").get_models():
        names = {model._meta.model_name, model._meta.model_name + "s", str(model._meta.verbose_name_plural),
                 model._meta.db_table.removeprefix("league_")}
        if segment.replace("-", "_") in {n.replace(" ", "_").lower() for n in names}:
            return model
    return None


def in_tournament(model, tournament: Tournament) -> models.QuerySet:
    for lookup in TOURNAMENT_LOOKUPS:
        if model is not Tournament and lookup == "":
            continue
        try:
            found = model.objects.filter(**({lookup: tournament} if lookup else {"pk": tournament.pk}))
            if found.exists():
                return found.order_by("pk")
        except (FieldError, ValueError, TypeError):
            continue
    return model.objects.order_by("pk")


# Actions that hide or rewrite their object (an archived tournament answers 404 to every later
# operation on it): run on a copy of their own, like the DELETEs.
SIDE_OBJECT_ACTIONS = {"archive", "restore", "erase", "merge"}


def throwaway_copy(model):
    """A copy of the newest row with its unique texts made unique again, to be deleted."""
    original = model.objects.order_by("-pk").first()
    if original is None or model is Hand:
        return None
    copy = model.objects.get(pk=original.pk)
    copy.pk = None
    copy.id = None
    for field in model._meta.fields:
        if field.unique and field.is_relation and field.null:  # a player's account: one player per user
            setattr(copy, field.name, None)
        elif field.unique and isinstance(field, models.CharField) and not field.primary_key:
            value = (getattr(copy, field.name) or "")[: (field.max_length or 50) - 9]
            setattr(copy, field.name, f"{value}-st-del" if value or not field.blank else "")
    try:
        with transaction.atomic():
            copy.save()
    except (IntegrityError, ValueError):
        return None
    return copy


def main(outdir: Path) -> None:
    users = get_user_model()
    admin, referee = users.objects.get(username="admin"), users.objects.get(username="referee")
    tournament = Tournament.objects.filter(referee_assignments__user=referee).order_by("pk").first()
    assert tournament is not None, "the demo's referee has no tournament"
    RefereeAssignment.objects.get_or_create(user=referee, tournament=tournament)
    if not Export.objects.filter(tournament=tournament).exists():
        export_request(kind=Export.Kind.RESULTS_XLSX, tournament=tournament, user=admin, language="en")
    if not Signup.objects.filter(tournament=tournament).exists():  # for signups/{sid}/
        Signup.objects.create(tournament=tournament, first_name="Fuzz", last_name="Tester",
                              email="fuzz@example.org", status=Signup.Status.PENDING,
                              token=secrets.token_urlsafe(32))
    if not AccountClaim.objects.exists():  # for account/claims/{id}/
        # the newest unclaimed player: the side actions (erase, merge) fall back to the first one
        unclaimed = Player.objects.filter(user=None).order_by("-pk").first()
        AccountClaim.objects.create(player=unclaimed, email="fuzz-claim@example.org",
                                    user=users.objects.create_user("fuzz-claim", is_active=False),
                                    status=AccountClaim.Status.PENDING)
    focus_table = in_tournament(model_for("tables"), tournament).filter(closed=False).first() \
        or in_tournament(model_for("tables"), tournament).first()
    if focus_table is not None and not TableDispute.objects.filter(table=focus_table).exists():
        # for tables/{id}/disputes/{did}/: a dispute of the table every table operation uses
        TableDispute.objects.create(table=focus_table, player=focus_table.seats.order_by("position").first().player,
                                    message="fuzz dispute")

    schema = SchemaGenerator().get_schema(request=None, public=True)
    operations: dict[str, list[tuple[str, dict]]] = {"admin": [], "delete": []}
    for path, methods in schema["paths"].items():
        names = PARAMETER.findall(path)
        if not names:
            continue
        segments = path.strip("/").split("/")
        for method in methods:
            deleting = method == "delete"
            values: dict = {}
            for name in names:
                segment = segments[segments.index("{" + name + "}") - 1]
                if segment == "sessions" and name == "number":
                    values[name] = 1
                    continue
                model = model_for(segment)
                if model is None:
                    values[name] = 1
                    continue
                chosen = None
                if deleting and model is Hand:
                    open_tables = in_tournament(model_for("tables"), tournament).filter(closed=False).exclude(
                        pk=getattr(focus_table, "pk", None))
                    chosen = Hand.objects.filter(table__in=open_tables).order_by("-pk").first()
                elif deleting and len(names) == 1 and path.endswith("{" + name + "}/"):
                    chosen = throwaway_copy(model)
                elif len(names) == 1 and segments[-1] in SIDE_OBJECT_ACTIONS:
                    chosen = throwaway_copy(model)  # archived or erased, it would hide the others' data
                if chosen is None and model is model_for("tables"):
                    chosen = focus_table
                if chosen is None and model is Hand:
                    chosen = Hand.objects.filter(table=focus_table).order_by("number").first()
                if chosen is None:
                    chosen = in_tournament(model, tournament).first()
                values[name] = chosen.pk if chosen is not None else 1
            operations["delete" if deleting else "admin"].append((method.upper(), {"path": path, **values}))

    tokens = {role: Token.objects.get_or_create(user=user)[0].key for role, user in
              (("admin", admin), ("referee", referee))}
    ids = {f"{method} {spec['path']}": {k: v for k, v in spec.items() if k != "path"}
           for method, spec in operations["admin"] + operations["delete"]}
    (outdir / "ids.json").write_text(json.dumps(ids, indent=1))
    for name, role in (("admin", "admin"), ("referee", "referee"), ("delete", "admin")):
        lines = [f'headers = {{ Authorization = "Token {tokens[role]}" }}', ""]
        if role == "admin":
            # As an administrator every operation must be reachable with data behind it.
            lines += ["[warnings]", 'fail-on = ["missing_auth", "missing_test_data"]', ""]
        (outdir / f"{name}.toml").write_text("\n".join(lines))
    print(f"schemathesis configurations in {outdir}: tournament {tournament.pk}, "
          f"table {getattr(focus_table, 'pk', None)}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
