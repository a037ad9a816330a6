"""Statistics and records computed from stored hands, through the API and the public pages."""
import pytest

from league.models import GameResult, Hand, TournamentPenalty
from league.services.hands import hand_record, table_close
from league.services.penalties import tournament_penalty_create
from league.services.standings import standings_recompute
from tests.factories import SessionFactory, hidden_second_session, referee_for, table_with_players
from tests.hand_records import WIN

pytestmark = pytest.mark.django_db

RON = {"outcome": "win", "wins": [{"seat": 1, "han": 3, "fu": 30}], "win_type": "discard", "discarder": 2}
TSUMO_YAKUMAN = {"outcome": "win", "wins": [{"seat": 0, "yakuman": 1}], "win_type": "self_draw"}
CHOMBO = {"outcome": "void", "penalties": [{"type": "chombo", "seat": 3}]}


@pytest.fixture
def played():
    """One riichi table: seat 1 rons seat 2's discard for 3900; seat 0 draws a yakuman (32000);
    seat 3 is given a chombo; plus a tournament penalty for seat 3."""
    table = table_with_players(ruleset="riichi-ema", slug="riichi-open", name="Riichi Open")
    tournament = table.session.tournament
    for record in (RON, TSUMO_YAKUMAN, CHOMBO):
        hand_record(table=table, record=dict(record), user=None)
    players = [seat.player for seat in table.seats.order_by("position")]
    TournamentPenalty.objects.create(tournament=tournament, player=players[3], points=10, reason="late")
    standings_recompute(tournament=tournament)
    return tournament, players


def test_each_players_row_counts_their_hands(played, api):
    tournament, p = played
    body = api.get(f"/api/v1/tournaments/{tournament.pk}/statistics/").json()
    rows = {row["player"]: row for row in body["players"]}
    fields = ("hands", "wins", "self_draws", "dealt_in", "penalties", "highest_hand", "limit_hands")
    assert [tuple(rows[player.pk][f] for f in fields) for player in p] == [
        (3, 1, 1, 0, 0, 32000, 1),
        (3, 1, 0, 0, 0, 3900, 0),
        (3, 0, 0, 1, 0, None, 0),
        (3, 0, 0, 0, 2, None, 0),  # the chombo in a hand and the tournament penalty
    ]
    for player in p:
        place = GameResult.objects.get(player=player, tournament=tournament).place
        assert rows[player.pk]["average_place"] == float(place)


def test_the_records_name_the_biggest_hand_and_the_most_wins(played, api):
    tournament, p = played
    records = api.get(f"/api/v1/tournaments/{tournament.pk}/statistics/").json()["records"]
    yakuman = Hand.objects.get(table__session__tournament=tournament, number=2)
    assert records["biggest_hand"] == {
        "player": p[0].pk, "player_name": p[0].name, "points": 32000, "hand": yakuman.pk, "session": 1, "table": 1}
    assert records["most_wins"] == {"player": p[0].pk, "player_name": p[0].name, "count": 1}
    assert records["most_limit_hands"]["player"] == p[0].pk


def test_a_players_statistics_cover_the_tournaments_the_visitor_may_see(played, api):
    tournament, p = played
    row = api.get(f"/api/v1/players/{p[2].pk}/statistics/").json()
    assert (row["player"], row["hands"], row["dealt_in"], row["wins"]) == (p[2].pk, 3, 1, 0)
    tournament.published = False
    tournament.save()
    assert api.get(f"/api/v1/players/{p[2].pk}/statistics/").json()["hands"] == 0
    assert api.get(f"/api/v1/tournaments/{tournament.pk}/statistics/").status_code == 404


def test_the_statistics_and_records_pages(played, client):
    tournament, p = played
    html = client.get(f"/t/{tournament.slug}/statistics/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert p[0].name in html and "32,000" in html and 'scope="col"' in html
    html = client.get(f"/t/{tournament.slug}/records/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Biggest hand" in html and f"{p[0].name}</a>: 32,000" in html
    html = client.get(f"/p/{p[2].pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<dt>Dealt in</dt><dd>1</dd>" in html


def test_a_players_statistics_leave_out_the_hidden_sessions_until_the_reveal(api, admin_api, client):
    table = table_with_players(slug="hidden-stats", options={"hide_standings_from_session": 1})
    tournament = table.session.tournament
    winner = table.seats.get(position=1).player
    hand_record(table=table, record=dict(WIN), user=None)
    table_close(table=table, user=None)
    standings_recompute(tournament=tournament)
    url = f"/api/v1/players/{winner.pk}/statistics/"
    fields = ("hands", "wins", "highest_hand", "average_place")
    hidden = api.get(url).json()
    assert tuple(hidden[f] for f in fields) == (0, 0, None, None)
    page = client.get(f"/p/{winner.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<dt>Hands</dt><dd>0</dd>" in page
    shown = admin_api.get(url).json()
    assert (shown["hands"], shown["wins"], shown["average_place"]) == (1, 1, 1.0)
    assert admin_api.post(f"/api/v1/tournaments/{tournament.pk}/reveal/").status_code == 200
    assert api.get(url).json() == shown
    page = client.get(f"/p/{winner.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<dt>Hands</dt><dd>1</dd><dt>Wins</dt><dd>1 " in page


def test_a_players_statistics_keep_the_sessions_before_the_hidden_one(api):
    _tournament, players = hidden_second_session(slug="half-hidden")
    row = api.get(f"/api/v1/players/{players[1].pk}/statistics/").json()
    assert (row["hands"], row["wins"]) == (1, 1)
    assert GameResult.objects.filter(player=players[1]).count() == 2


def test_a_tournament_penalty_given_in_a_hidden_session_waits_for_the_reveal(api, admin_api, client):
    """The public sees nothing of a hidden session: neither its hands nor a penalty given while it is
    played, in the statistics (tournament and player), the pages and the standings."""
    first = table_with_players(slug="hidden-penalty", options={"hide_standings_from_session": 2})
    tournament = first.session.tournament
    players = [seat.player for seat in first.seats.order_by("position")]
    hand_record(table=first, record=dict(WIN), user=None)
    table_close(table=first, user=None)
    early = tournament_penalty_create(tournament=tournament, player=players[0], points=5, reason="before")
    second = table_with_players(session=SessionFactory(tournament=tournament, number=2), players=players)
    hand_record(table=second, record=dict(WIN), user=None)
    late = tournament_penalty_create(tournament=tournament, player=players[3], points=7, reason="during")
    assert (early.session_number, late.session_number) == (1, 2)
    standings_recompute(tournament=tournament)

    def penalties(client_, url):
        return {row["player"]: row["penalties"] for row in client_.get(url).json()["players"]}

    url = f"/api/v1/tournaments/{tournament.pk}/statistics/"
    assert penalties(api, url)[players[0].pk] == 1 and penalties(api, url)[players[3].pk] == 0
    assert penalties(admin_api, url)[players[3].pk] == 1
    player_url = f"/api/v1/players/{players[3].pk}/statistics/"
    assert (api.get(player_url).json()["penalties"], admin_api.get(player_url).json()["penalties"]) == (0, 1)
    page = client.get(f"/p/{players[3].pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<dt>Penalties</dt><dd>0 (" in page
    standings = {row["player"]: row for row in api.get(f"/api/v1/tournaments/{tournament.pk}/standings/").json()}
    assert (standings[players[0].pk]["penalty_points"], standings[players[3].pk]["penalty_points"]) == (5, 0)
    assert admin_api.post(f"/api/v1/tournaments/{tournament.pk}/reveal/").status_code == 200
    assert api.get(player_url).json()["penalties"] == 1


def test_fewest_dealt_in_needs_a_ruleset_that_records_who_discarded(played, api):
    """Where no hand names a discarder (the classical sheet records none), nobody "dealt in 0 hands"
    as a record: the record stays empty rather than naming whoever has the lowest id."""
    tournament, p = played
    records = api.get(f"/api/v1/tournaments/{tournament.pk}/statistics/").json()["records"]
    assert records["fewest_dealt_in"]["count"] == 0 and records["fewest_dealt_in"]["player"] != p[2].pk
    table = table_with_players(slug="classical-records")
    hand_record(table=table, record=dict(WIN), user=None)
    classical = table.session.tournament
    assert api.get(f"/api/v1/tournaments/{classical.pk}/statistics/").json()["records"]["fewest_dealt_in"] is None


def test_a_classical_tournament_shows_self_draws_and_hands_dealt_in_as_unknown_not_zero(api, client):
    """The classical sheet records neither how a hand was won nor whose discard: its statistics say
    "unknown" (null, "–"), never a 0 that would read as "never"."""
    table = table_with_players(slug="classical-unknown")
    hand_record(table=table, record=dict(WIN), user=None)
    tournament = table.session.tournament
    winner = table.seats.get(position=1).player
    rows = {row["player"]: row for row in api.get(f"/api/v1/tournaments/{tournament.pk}/statistics/").json()["players"]}
    assert (rows[winner.pk]["wins"], rows[winner.pk]["self_draws"], rows[winner.pk]["dealt_in"]) == (1, None, None)
    assert api.get(f"/api/v1/players/{winner.pk}/statistics/").json()["self_draws"] is None
    page = client.get(f"/p/{winner.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "(self-drawn: –)" in page and "<dt>Dealt in</dt><dd>–</dd>" in page


def test_a_riichi_player_who_never_drew_a_win_has_zero_self_draws(played, api):
    tournament, p = played
    rows = {row["player"]: row for row in api.get(f"/api/v1/tournaments/{tournament.pk}/statistics/").json()["players"]}
    assert (rows[p[3].pk]["self_draws"], rows[p[3].pk]["dealt_in"]) == (0, 0)


def test_the_hands_of_a_table_waiting_for_confirmation_or_disputed_are_not_counted_yet(api):
    """Where players enter their own tables, the statistics count what the standings count: a closed
    table once confirmed, and not while a dispute about it is open."""
    from league.models import Player
    from league.services.confirmations import dispute_open, dispute_resolve, table_confirm
    from tests.factories import AdminFactory, UserFactory

    table = table_with_players(options={"entry": "players"}, slug="club-evening-stats")
    tournament = table.session.tournament
    users = [UserFactory() for _ in range(4)]
    for user, seat in zip(users, table.seats.order_by("position"), strict=True):
        Player.objects.filter(pk=seat.player_id).update(user=user)
    hand_record(table=table, record=dict(WIN), user=None)
    table_close(table=table, user=None)
    winner = table.seats.get(position=1).player
    url = f"/api/v1/tournaments/{tournament.pk}/statistics/"

    def wins() -> tuple[int, int]:
        standings_recompute(tournament=tournament)  # what a confirmation or a dispute queues
        rows = {row["player"]: row["wins"] for row in api.get(url).json()["players"]}
        return rows.get(winner.pk, 0), api.get(f"/api/v1/players/{winner.pk}/statistics/").json()["wins"]

    assert wins() == (0, 0)  # closed, not confirmed
    table_confirm(table=table, user=None)
    assert wins() == (1, 1)
    dispute = dispute_open(table=table, user=users[2], message="hand 1 was not a win")
    assert wins() == (0, 0)
    dispute_resolve(dispute=dispute, user=AdminFactory())
    assert wins() == (1, 1)


def test_in_german_the_count_of_wins_is_siege_while_the_riichi_sheet_ticks_who_gewinnt(client):
    """One English word, two German ones: a count of won hands ("Siege") in the statistics and the
    riichi sheet's column where the winners are ticked ("Gewinnt")."""
    table = table_with_players(slug="siege", ruleset="riichi-ema")
    player = table.seats.get(position=1).player
    client.cookies["django_language"] = "de"
    page = client.get(f"/p/{player.pk}/").content.decode()
    assert "<dt>Siege</dt>" in page and "Gewinnt" not in page
    statistics = client.get(f"/t/{table.session.tournament.slug}/statistics/").content.decode()
    assert ">Siege</th>" in statistics and "Gewinnt" not in statistics
    client.force_login(referee_for(table.session.tournament))
    assert '<th scope="col">Gewinnt</th>' in client.get(f"/referee/table/{table.pk}/").content.decode()
