"""``manage.py demo``: migrate, load the demo league, create its users, serve on 127.0.0.1:8000.

It serves as a deployment does, with DEBUG off (the product's own 404 and 500 pages) and the
static files collected and served by whitenoise; manage.py gives it a key made for this run and
plain HTTP on the local address."""
import secrets
from pathlib import Path

from django.conf import settings
from django.core.management import BaseCommand, call_command
from django.db import connection

from league.demo import demo_club, demo_player_accounts, demo_users
from league.models import Season, Tournament
from league.services.rankings import rankings_recompute
from league.services.standings import standings_recompute
from mjl.env import local_env_write

FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "demo.json"


def _keep_settings() -> Path | None:
    """On an SQLite file, keep the key this run serves with and plain HTTP beside the database, so
    that ``manage.py runserver`` on it serves the demo too (mjl.env); None on other databases."""
    if connection.vendor != "sqlite":
        return None
    name = str(connection.settings_dict["NAME"] or "")
    if not name or "memory" in name:
        return None
    return local_env_write(Path(name), secret_key=settings.SECRET_KEY)


class Command(BaseCommand):
    help = "Bring up the demo league on this database and serve it at http://127.0.0.1:8000/."

    def add_arguments(self, parser):
        parser.add_argument("--no-serve", action="store_true",
                            help="Set up the demo (database, users, static files) and stop; "
                                 "`manage.py runserver` then serves it.")
        parser.add_argument("--addrport", default="127.0.0.1:8000", metavar="[HOST:]PORT",
                            help="Where to serve, as for runserver (default 127.0.0.1:8000; another host "
                                 "needs ALLOWED_HOSTS).")

    def handle(self, *args, no_serve: bool, addrport: str, **options):
        call_command("migrate", verbosity=0)
        if not Tournament.objects.exists():
            call_command("loaddata", str(FIXTURE), verbosity=0)
            self.stdout.write("Loaded the demo league.")
        if not Tournament.objects.filter(kind=Tournament.Kind.CLUB).exists():
            demo_club()
        for tournament in Tournament.objects.all():
            standings_recompute(tournament=tournament)
        for season in Season.objects.all():
            rankings_recompute(season=season)
        admin_password, referee_password = secrets.token_urlsafe(9), secrets.token_urlsafe(9)
        demo_users(admin_password=admin_password, referee_password=referee_password)
        self.stdout.write(self.style.SUCCESS(
            f"Administrator: admin / {admin_password}   Referee: referee / {referee_password}"))
        player_password = secrets.token_urlsafe(9)
        if names := demo_player_accounts(password=player_password):
            self.stdout.write(self.style.SUCCESS(f"Players (their Me page at /me/): {', '.join(names)} / "
                                                 f"{player_password}"))
        kept = _keep_settings()
        if kept is not None:
            self.stdout.write(f"Its key and plain HTTP are kept in {kept} for runserver.")
        if not settings.DEBUG:  # runserver after --no-serve needs them as much as the demo's own server
            call_command("collectstatic", interactive=False, verbosity=0)
        if no_serve:
            self.stdout.write("Serve it with: python manage.py runserver")
        else:
            self.stdout.write(f"Serving on http://{addrport}/  (admin at /admin/, referees at /referee/)")
            call_command("runserver", addrport, use_reloader=False)
