"""``manage.py demo``: migrate, load the demo league, create its users, serve on 127.0.0.1:8000.

It serves as a deployment does, with DEBUG off (the product's own 404 and 500 pages) and the
static files collected and served by whitenoise; manage.py gives it a key made for this run and
plain HTTP on the local address."""
import secrets
from pathlib import Path

from django.conf import settings
from django.core.management import BaseCommand, call_command

from league.demo import demo_users
from league.models import Season, Tournament
from league.services.rankings import rankings_recompute
from league.services.standings import standings_recompute

FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "demo.json"


class Command(BaseCommand):
    help = "Bring up the demo league on this database and serve it at http://127.0.0.1:8000/."

    def add_arguments(self, parser):
        parser.add_argument("--no-serve", action="store_true", help="Load the demo and stop.")
        parser.add_argument("--addrport", default="127.0.0.1:8000")

    def handle(self, *args, no_serve: bool, addrport: str, **options):
        call_command("migrate", verbosity=0)
        if not Tournament.objects.exists():
            call_command("loaddata", str(FIXTURE), verbosity=0)
            self.stdout.write("Loaded the demo league.")
        for tournament in Tournament.objects.all():
            standings_recompute(tournament=tournament)
        for season in Season.objects.all():
            rankings_recompute(season=season)
        admin_password, referee_password = secrets.token_urlsafe(9), secrets.token_urlsafe(9)
        demo_users(admin_password=admin_password, referee_password=referee_password)
        self.stdout.write(self.style.SUCCESS(
            f"Administrator: admin / {admin_password}   Referee: referee / {referee_password}"))
        if not no_serve:
            if not settings.DEBUG:
                call_command("collectstatic", interactive=False, verbosity=0)
            self.stdout.write(f"Serving on http://{addrport}/  (admin at /admin/, referees at /referee/)")
            call_command("runserver", addrport, use_reloader=False)
