"""The tables of numbers the public follows on a phone (standings, a session's results, a player's
results, a season's ranking and tournaments) show every column on a 360 px screen, in German and in
English: no number is half hidden behind the edge of its box. Long German headers ("Tischpunkte") and
tournament names ("Donnerstagsrunde") break between their parts there."""

import pytest
from django.conf import settings

from league.models import Registration, Table
from league.services.hands import hand_record, table_close
from league.services.rankings import rankings_recompute
from league.services.seating import seating_generate
from league.services.standings import standings_recompute
from tests.browser.test_tournament_day import shot
from tests.factories import PlayerFactory, SeasonFactory, TournamentFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Names as long as common ones get, and hands big enough for five-digit losses (-17792).
NAMES = [("Maximilian", "Schumacher"), ("Alexandra", "Hoffmann"), ("Christoph", "Zimmermann"),
         ("Friederike", "Lehmann"), ("Sebastian", "Oberhuber"), ("Katharina", "Schneider"),
         ("Konstantin", "Fischer"), ("Margarete", "Wagner")]
HANDS = [{"outcome": "win", "winner": winner, "hand_values": values} for winner, values in
         ((1, [20, 1152, 4, 128]), (1, [64, 2304, 32, 16]), (3, [8, 40, 96, 1728]))]
OVERFLOWING = """() => [...document.querySelectorAll('.scroll')]
  .filter(box => box.scrollWidth > box.clientWidth)
  .map(box => `${box.scrollWidth} px in ${box.clientWidth}: ` + [...box.querySelectorAll('thead th')]
    .filter(th => th.offsetParent).map(th => th.textContent.trim()).join(' | '))"""
LINES = """th => { const style = getComputedStyle(th);
  const content = th.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  return Math.round(content / parseFloat(style.lineHeight)); }"""


@pytest.fixture
def played(transactional_db):
    # a name with a long German compound, as club evenings have them
    tournament = TournamentFactory(slug="narrow-cup", name="Drachenhort Berlin: Donnerstagsrunde", session_count=2,
                                   season=SeasonFactory())
    players = [PlayerFactory(first_name=first, last_name=last) for first, last in NAMES]
    for player in players:
        Registration.objects.create(tournament=tournament, player=player)
    seating_generate(tournament=tournament, number=1, method="random", seed=1)
    for table in Table.objects.filter(session__tournament=tournament):
        for record in HANDS * 2:
            hand_record(table=table, record=record, user=None)
        table_close(table=table, user=None)
    standings_recompute(tournament=tournament)
    rankings_recompute(season=tournament.season)
    return tournament, players


def narrow_phone(browser, base: str, language: str):
    """A 360 px phone reading the site in ``language``."""
    context = browser.new_context(viewport={"width": 360, "height": 800}, device_scale_factor=1,
                                  locale="de-DE" if language == "de" else "en-GB")
    context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}])
    return context


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_public_tables_of_numbers_fit_a_360_px_phone(live_server, browser, played, language):
    context = narrow_phone(browser, live_server.url, language)
    page = context.new_page()
    try:
        scores = []
        tournament, players = played
        for path in ("/t/narrow-cup/", "/t/narrow-cup/standings/", "/t/narrow-cup/session/1/",
                     f"/p/{players[0].pk}/", tournament.season.get_absolute_url()):
            page.goto(live_server.url + path)
            assert page.locator("table.data").count() > 0, path
            shot(page, f"narrow{path.replace('/', '-')}{language}")
            assert page.evaluate(OVERFLOWING) == [], f"{path} ({language})"
            scores += page.locator("table.data td.num").all_inner_texts()
        # the figures are as long as the test means them to be
        assert any(len(score.strip()) >= 6 for score in scores), scores
    finally:
        context.close()


def test_a_long_german_header_breaks_between_its_parts_when_its_column_is_narrow(live_server, browser, played):
    context = narrow_phone(browser, live_server.url, "de")
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/t/narrow-cup/session/1/")
        header = page.locator("table.data thead th", has_text="Tisch").first
        assert header.text_content() == "Tisch\u00adpunkte"
        assert header.evaluate(LINES) == 2  # "Tisch-" over "punkte", in a column no wider than "punkte"
    finally:
        context.close()
