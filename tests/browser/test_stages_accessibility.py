"""A staged tournament's pages at 390 px in German and English pass the same checks as every page
(tests/browser/test_accessibility.py): the standings page with a section per stage (and one stage
with its links), the projector with the final's standings and the control room with the cut."""
import pytest
from django.conf import settings
from django.core.cache import caches

from league.models import Registration, Table
from league.services.hands import hand_record, table_close
from league.services.seating import seating_generate
from league.services.standings import standings_recompute
from tests.browser import test_accessibility as every_page
from tests.browser.test_accessibility import (
    LANGUAGES,
    Page,
    chromium,  # noqa: F401 (the browser fixture)
)
from tests.factories import AdminFactory, PlayerFactory, TournamentFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STAGES = [{"name": "Vorrunde", "from_session": 1, "carry": "none"},
          {"name": "Finale", "from_session": 3, "players": 4, "carry": "half"}]
PAGES = [
    Page("staged-standings", "public", lambda t: f"/t/{t.slug}/standings/"),
    Page("staged-standings-one-stage", "public", lambda t: f"/t/{t.slug}/standings/?stage=0"),
    Page("staged-screen", "public", lambda t: f"/t/{t.slug}/screen/"),
    Page("staged-tournament", "public", lambda t: f"/t/{t.slug}/"),
    Page("staged-control-cut", "admin", lambda t: f"/t/{t.slug}/control/"),
]


@pytest.fixture
def staged():
    """Eight players, a qualification of two sessions and a final of four, all played."""
    for cache in settings.CACHES:
        caches[cache].clear()
    AdminFactory(username="a11y-admin")
    tournament = TournamentFactory(slug="a11y-staged", name="Stufen-Pokal", session_count=3,
                                   options={"stages": STAGES})
    for first, last in [("Anna", "Berg"), ("Ben", "Schmidt-Nowakowski"), ("Carla", "Weiß"), ("Dieter", "Zimmer"),
                        ("Eva", "Adler"), ("Max", "Kühn"), ("Ida", "Šimić"), ("Leo", "Zahn")]:
        Registration.objects.create(tournament=tournament, player=PlayerFactory(first_name=first, last_name=last))
    for number in (1, 2, 3):
        seating_generate(tournament=tournament, number=number, method="balanced", seed=3)
        for k, table in enumerate(Table.objects.filter(session__tournament=tournament, session__number=number)):
            winner = (number + k) % 4
            values = [20, 36, 44, 8]
            values[winner] = 576
            hand_record(table=table, record={"outcome": "win", "winner": winner, "hand_values": values}, user=None)
            table_close(table=table, user=None)
        standings_recompute(tournament=tournament)
    return tournament


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page_spec", PAGES, ids=[p.name for p in PAGES])
def test_a_staged_tournaments_page_is_accessible_on_a_phone(live_server, chromium, staged, page_spec,  # noqa: F811
                                                            language):
    every_page.test_the_page_is_accessible_on_a_phone(live_server, chromium, staged, page_spec, language)
