"""Results from elsewhere: an EMA results file previewed, stored as an external tournament and
counted in the season's ranking (docs/rules.md §11, docs/api.md "Events across tournaments")."""
import datetime
import io
from decimal import Decimal
from fractions import Fraction

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from league.middleware import body_limit
from league.models import Player, Season, SeasonRanking, Session, Standing, Tournament
from league.services.external import MAX_RESULT_ROWS
from league.services.imports import MAX_ROWS
from league.services.rankings import tournament_finish
from league.services.standings import standings_recompute
from scoring import mers
from scoring.numbers import to_decimal
from tests.factories import PlayerFactory, SeasonFactory, TournamentFactory, UserFactory, client_for

pytestmark = pytest.mark.django_db

HEADING = ["Place", "Last name", "First name", "EMA number", "Country", "Table points", "Score"]
SEASON_END = datetime.date(2026, 12, 31)


def results_file(rows, heading=HEADING, name="results.csv") -> SimpleUploadedFile:
    lines = [heading, *rows]
    text = "\n".join(";".join(str(cell) for cell in line) for line in lines)
    return SimpleUploadedFile(name, text.encode(), content_type="text/csv")


def send(client, season, rows, *, preview=False, heading=HEADING, name="Open Leiden", starts_on="2026-03-07",
         ends_on="2026-03-08", country="NL", ruleset="dmjl-classical"):
    data = {"file": results_file(rows, heading), "name": name, "starts_on": starts_on, "ends_on": ends_on,
            "country": country, "ruleset": ruleset}
    if preview:
        data["preview"] = "true"
    return client.post(f"/api/v1/seasons/{season.pk}/external-results/", data, format="multipart")


@pytest.fixture
def season():
    return SeasonFactory(starts_on=datetime.date(2026, 1, 1), ends_on=SEASON_END,
                         ranking_method=Season.RankingMethod.MERS)


def test_the_preview_matches_by_ema_number_then_by_name_and_stores_nothing(admin_api, season):
    by_number = PlayerFactory(first_name="Anna", last_name="Berg", ema_id="04990001")
    by_name = PlayerFactory(first_name="Jürgen", last_name="Müller")
    players_before = Player.objects.count()
    response = send(admin_api, season, [
        [1, "Berg", "Anne", "04990001", "DE", 12, 300],  # the EMA number wins over a different first name
        [2, "Mueller", "Jurgen", "", "DE", 8, 100],  # the same name written differently
        [3, "Visser", "Kees", "52000123", "NL", 4, -50],  # unknown EMA number: a new player
        [4, "Jansen", "Piet", "", "XX", 0, -350],  # not a country
    ], preview=True)
    assert response.status_code == 200, response.content
    assert [(e["row"], e["status"], e.get("player")) for e in response.json()] == [
        (2, "matched", by_number.pk), (3, "matched", by_name.pk), (4, "new", None), (5, "error", None)]
    assert "XX" in response.json()[3]["error"]
    assert Player.objects.count() == players_before
    assert not Tournament.objects.filter(kind=Tournament.Kind.EXTERNAL).exists()


def test_storing_makes_a_finished_published_external_tournament_with_the_files_standings(
        admin_api, season, django_capture_on_commit_callbacks):
    known = PlayerFactory(ema_id="04990001")
    with django_capture_on_commit_callbacks(execute=True):
        response = send(admin_api, season, [
            [1, known.last_name, known.first_name, "04990001", "DE", 12, 300],
            [2, "Visser", "Kees", "52000123", "NL", 4.5, "-50,5"],
        ])
    assert response.status_code == 201, response.content
    tournament = Tournament.objects.get(pk=response.json()["tournament"])
    assert (tournament.kind, tournament.status, tournament.published, tournament.season) == (
        "external", "finished", True, season)
    assert (tournament.starts_on, tournament.ends_on) == (datetime.date(2026, 3, 7), datetime.date(2026, 3, 8))
    new = Player.objects.get(ema_id="52000123")
    assert (new.first_name, new.last_name, new.country) == ("Kees", "Visser", "NL")
    assert list(Standing.objects.filter(tournament=tournament).order_by("rank")
                .values_list("player_id", "rank", "table_points", "score")) == [
        (known.pk, 1, Decimal(12), Decimal(300)), (new.pk, 2, Decimal("4.5"), Decimal("-50.5"))]
    assert not Session.objects.filter(tournament=tournament).exists()
    assert admin_api.get(f"/api/v1/tournaments/{tournament.pk}/").json()["kind"] == "external"
    # the season's ranking was requested and computed: two players ranked by this one result each
    assert SeasonRanking.objects.filter(season=season).count() == 2


def test_the_external_tournaments_public_page_says_external_and_shows_its_standings(admin_api, season):
    send(admin_api, season, [[1, "Visser", "Kees", "", "NL", 4, 10], [2, "Berg", "Anna", "", "DE", 0, -10]])
    tournament = Tournament.objects.get(kind=Tournament.Kind.EXTERNAL)
    page = client_for(None).get(f"/t/{tournament.slug}/").content.decode()
    assert 'class="kind external"' in page and "Visser" in page and "Berg" in page
    assert 'id="find-q"' not in page  # no table to find: it has no sessions
    season_page = client_for(None).get(season.get_absolute_url()).content.decode()
    assert 'class="kind external"' in season_page and tournament.name in season_page


def played_here(season, places: list[Player]) -> Tournament:
    """A two-day tournament run here, finished, with its standings (everyone played)."""
    tournament = TournamentFactory(season=season, status=Tournament.Status.FINISHED,
                                   starts_on=datetime.date(2026, 5, 1), ends_on=datetime.date(2026, 5, 2))
    for rank, player in enumerate(places, start=1):
        Standing.objects.create(tournament=tournament, player=player, rank=rank, table_points=4 - rank,
                                score=0, games=4)
    return tournament


def expected_mers(tournaments: list[tuple[list[Player], int, int]]) -> dict[int, Decimal]:
    """An independent MERS: per tournament the players by place, its days and its countries; every
    tournament ended in 2026, ranked on the season's last day (age factor 1)."""
    results: dict[int, list] = {}
    for number, (places, days, countries) in enumerate(tournaments):
        weight = mers.tournament_weight(days=days, players=len(places), countries=countries, qualifying=False)
        for place, player in enumerate(places, start=1):
            results.setdefault(player.pk, []).append(
                mers.Result(number, mers.base_rank(place=place, players=len(places)), weight, Fraction(1)))
    return {pk: to_decimal(mers.player_value(found).value, 2) for pk, found in results.items()}


def mers_values(season) -> dict[int, Decimal]:
    return dict(SeasonRanking.objects.filter(season=season).values_list("player_id", "value"))


def row(place, player, country="DE"):
    return [place, player.last_name, player.first_name, player.ema_id, country, 0, 0]


def test_a_season_with_one_tournament_here_and_two_external_ones_ranks_by_mers(
        admin_api, season, django_capture_on_commit_callbacks):
    a, b, c, d = (PlayerFactory(ema_id=f"0499000{n}") for n in range(1, 5))
    played_here(season, [a, b, c, d])
    with django_capture_on_commit_callbacks(execute=True):
        send(admin_api, season, [row(1, d), row(2, c), row(3, b, "NL"), row(4, a)], name="Leiden Open")
        # three days, a new player (unknown EMA number) among them
        send(admin_api, season, [row(1, b), [2, "Visser", "Kees", "52000123", "NL", 0, 0], row(3, a)],
             name="Copenhagen", starts_on="2026-08-07", ends_on="2026-08-09", country="DK")
    kees = Player.objects.get(ema_id="52000123")
    assert mers_values(season) == expected_mers([
        ([a, b, c, d], 2, 1), ([d, c, b, a], 2, 1), ([b, kees, a], 3, 2)])


def test_a_corrected_file_replaces_the_results_and_the_ranking_follows(
        admin_api, season, django_capture_on_commit_callbacks):
    a, b, c = (PlayerFactory(ema_id=f"0499000{n}") for n in range(1, 4))
    played_here(season, [a, b, c])
    with django_capture_on_commit_callbacks(execute=True):
        assert send(admin_api, season, [row(1, a), row(2, b), row(3, c)]).status_code == 201
    first = mers_values(season)
    with django_capture_on_commit_callbacks(execute=True):
        response = send(admin_api, season, [row(1, c), row(2, b), row(3, a)])
    assert response.status_code == 200 and response.json()["replaced"] is True
    assert Tournament.objects.filter(kind=Tournament.Kind.EXTERNAL).count() == 1
    assert mers_values(season) != first
    assert mers_values(season) == expected_mers([([a, b, c], 2, 1), ([c, b, a], 2, 1)])


def test_sum_counts_an_external_tournaments_table_points_and_chemnitz_skips_it(
        admin_api, season, django_capture_on_commit_callbacks):
    season.ranking_method = Season.RankingMethod.TABLE_POINTS_SUM
    season.save()
    with django_capture_on_commit_callbacks(execute=True):
        send(admin_api, season, [[1, "Visser", "Kees", "", "NL", 7, 0], [2, "Berg", "Anna", "", "DE", 2, 0]])
    assert sorted(SeasonRanking.objects.filter(season=season).values_list("value", "tournaments")) == [
        (Decimal(2), 1), (Decimal(7), 1)]
    season.ranking_method = Season.RankingMethod.CHEMNITZ
    season.save()
    with django_capture_on_commit_callbacks(execute=True):
        send(admin_api, season, [[1, "Visser", "Kees", "", "NL", 7, 0], [2, "Berg", "Anna", "", "DE", 2, 0]])
    assert not SeasonRanking.objects.filter(season=season).exists()


@pytest.mark.parametrize(("rows", "heading", "code"), [
    ([[1, "Berg", "Anna", "", "DE", 4]], HEADING[:-1], "bad_layout"),  # no score column
    ([[1, "Berg", "Anna", "04990001", "DE", 4, 0], [2, "Berg", "Anna", "04990001", "DE", 0, 0]], HEADING,
     "invalid_rows"),  # a player twice
    ([[n, "Last", f"First{n}", "", "DE", 0, 0] for n in range(1, 2002)], HEADING, "too_many_rows"),
])
def test_a_bad_file_stores_nothing(admin_api, season, rows, heading, code):
    players_before = Player.objects.count()
    response = send(admin_api, season, rows, heading=heading)
    assert response.status_code == 400 and response.json()["error"]["code"] == code
    assert Player.objects.count() == players_before
    assert not Tournament.objects.filter(kind=Tournament.Kind.EXTERNAL).exists()


def test_a_player_twice_is_named_on_the_second_row(admin_api, season):
    response = send(admin_api, season, [[1, "Berg", "Anna", "", "DE", 4, 0], [2, "Berg", "Anna", "", "DE", 0, 0]])
    rows = response.json()["error"]["rows"]
    assert [(r["row"], r["status"]) for r in rows] == [(2, "new"), (3, "error")]
    assert "2" in rows[1]["error"]


def test_only_administrators_may_send_results(season):
    for client in (client_for(UserFactory()), client_for(None)):
        response = send(client, season, [[1, "Berg", "Anna", "", "DE", 4, 0]])
        assert response.status_code in (401, 403)
    assert send(client_for(UserFactory()), season, [[1, "Berg", "Anna", "", "DE", 4, 0]]).status_code == 403
    assert not Tournament.objects.filter(kind=Tournament.Kind.EXTERNAL).exists()


def test_a_player_named_by_ema_number_in_a_later_row_is_not_taken_for_an_earlier_row_by_name(admin_api, season):
    anna = PlayerFactory(first_name="Anna", last_name="Berg", ema_id="04990001")
    rows = [[1, "Berg", "Anne", "", "DE", 4, 0], [2, "Berg", "Anna", "04990001", "DE", 0, 0]]
    response = send(admin_api, season, rows, preview=True)
    assert [(e["status"], e.get("player")) for e in response.json()] == [("new", None), ("matched", anna.pk)]


def test_finishing_or_recomputing_an_external_tournament_keeps_the_files_standings(admin_api, season):
    send(admin_api, season, [[1, "Visser", "Kees", "", "NL", 4, 10], [2, "Berg", "Anna", "", "DE", 0, -10]])
    tournament = Tournament.objects.get(kind=Tournament.Kind.EXTERNAL)
    tournament_finish(tournament=tournament)
    assert not standings_recompute(tournament=tournament)
    assert list(Standing.objects.filter(tournament=tournament).order_by("rank").values_list("rank", "score")) == [
        (1, Decimal(10)), (2, Decimal(-10))]


def test_an_xlsx_results_file_is_read_like_a_csv(admin_api, season):
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.append(["Results of the Leiden Open"])  # a title above the headings
    sheet.append(HEADING)
    sheet.append([1, "Visser", "Kees", 52000123, "NL", 4, 10.5])
    content = io.BytesIO()
    workbook.save(content)
    upload = SimpleUploadedFile("results.xlsx", content.getvalue())
    response = admin_api.post(f"/api/v1/seasons/{season.pk}/external-results/", {
        "file": upload, "name": "Leiden Open", "starts_on": "2026-03-07", "ends_on": "2026-03-07", "country": "NL",
        "ruleset": "dmjl-classical"},
        format="multipart")
    assert response.status_code == 201, response.content
    assert response.json()["rows"][0]["row"] == 3
    assert Standing.objects.get(player__ema_id="52000123").score == Decimal("10.5")


def test_a_results_file_may_be_as_large_as_any_other_upload(settings):
    assert body_limit("/api/v1/seasons/3/external-results/") == settings.UPLOAD_MAX_BYTES


def test_the_average_counts_an_external_tournaments_rows_that_give_their_games(
        admin_api, season, django_capture_on_commit_callbacks):
    season.ranking_method = Season.RankingMethod.TABLE_POINTS_AVG
    season.save()
    with django_capture_on_commit_callbacks(execute=True):
        send(admin_api, season, [[1, "Visser", "Kees", "", "NL", 8, 0, 4], [2, "Berg", "Anna", "", "DE", 2, 0, ""]],
             heading=[*HEADING, "Games"])
    kees = Player.objects.get(last_name="Visser")
    assert list(SeasonRanking.objects.filter(season=season).values_list("player_id", "value", "games")) == [
        (kees.pk, Decimal(2), 4)]


def test_a_player_matched_by_name_without_an_ema_number_takes_the_files_number(admin_api, season):
    jurgen = PlayerFactory(first_name="Jürgen", last_name="Müller", ema_id="")
    numbered = PlayerFactory(first_name="Anna", last_name="Berg", ema_id="04990001")
    response = send(admin_api, season, [[1, "Mueller", "Jurgen", "04990077", "DE", 4, 0],
                                        [2, "Berg", "Anna", "04990001", "DE", 0, 0]])
    assert response.status_code == 201, response.content
    jurgen.refresh_from_db()
    numbered.refresh_from_db()
    assert (jurgen.ema_id, numbered.ema_id) == ("04990077", "04990001")
    assert Player.objects.filter(last_name__in=["Mueller", "Müller"]).count() == 1


def test_two_first_imports_that_find_one_slug_free_both_store_under_their_own_slugs(
        admin_api, season, monkeypatch):
    from league.services import external

    first = send(admin_api, season, [[1, "Visser", "Kees", "", "NL", 4, 10], [2, "Berg", "Anna", "", "DE", 0, 0]])
    taken = Tournament.objects.get(pk=first.json()["tournament"]).slug
    slug = external._slug
    calls = []

    def raced(event, *, after=1):  # the first look found the slug free, then the other import took it
        calls.append(after)
        return taken if len(calls) == 1 else slug(event, after=after)

    monkeypatch.setattr(external, "_slug", raced)
    second = send(admin_api, season, [[1, "Visser", "Kees", "", "NL", 4, 10], [2, "Berg", "Anna", "", "DE", 0, 0]],
                  starts_on="2026-03-14", ends_on="2026-03-14")
    assert second.status_code == 201, second.content
    slugs = set(Tournament.objects.filter(kind=Tournament.Kind.EXTERNAL).values_list("slug", flat=True))
    assert slugs == {taken, f"{taken}-2"}


@pytest.mark.django_db(transaction=True)
def test_two_first_imports_of_one_event_at_once_make_one_tournament(season):
    """Two administrators send the same new event's file at the same moment (PostgreSQL: real row
    locks; SQLite serialises writers anyway): the later one waits for the season's lock and then
    replaces the first one's results, so the event is stored once, under one slug."""
    import threading

    from django.db import connection, connections

    from league.services.external import external_results_import

    if connection.vendor != "postgresql":
        pytest.skip("concurrent transactions need PostgreSQL")
    barrier = threading.Barrier(2)
    outcomes: list = []

    def send_once():
        try:
            barrier.wait()
            _tournament, replaced, _rows = external_results_import(
                season=season, upload=results_file([[1, "Visser", "Kees", "", "NL", 4, 10],
                                                    [2, "Berg", "Anna", "", "DE", 0, -10]]),
                name="Open Leiden", starts_on=datetime.date(2026, 3, 7), ends_on=datetime.date(2026, 3, 8),
                country="NL", ruleset="dmjl-classical")
            outcomes.append(replaced)
        except Exception as error:  # noqa: BLE001 (reported below)
            outcomes.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send_once) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes, key=str) == [False, True], outcomes
    tournament = Tournament.objects.get(kind=Tournament.Kind.EXTERNAL)
    assert tournament.slug == "open-leiden-2026" and tournament.standings.count() == 2
    assert Player.objects.filter(last_name="Visser").count() == 1



def test_a_file_of_too_many_rows_is_refused_with_one_message_however_long_it_is(admin_api, season):
    """Found after reading (the rows with values) or while reading (twice as many lines, or more than
    a players' import takes): the same code, message and field, naming the results file's own cap."""
    refusals = set()
    for count in (MAX_RESULT_ROWS + 1, 2 * MAX_RESULT_ROWS + 10, 3 * MAX_ROWS):
        rows = [[n, "Last", f"First{n}", "", "DE", 0, 0] for n in range(1, count + 1)]
        error = send(admin_api, season, rows).json()["error"]
        refusals.add((error["code"], error["message"], str(error["fields"])))
    assert len(refusals) == 1, refusals
    code, message, _fields = refusals.pop()
    assert code == "too_many_rows" and str(MAX_RESULT_ROWS) in message


def test_one_bad_row_is_counted_as_one(admin_api, season):
    rows = [[1, "Berg", "Anna", "", "DE", 4, 0], [2, "Visser", "Kees", "", "XX", 0, 0]]
    german = send(admin_api, season, rows).json()["error"]["message"]
    english = admin_api.post(f"/api/v1/seasons/{season.pk}/external-results/",
                             {"file": results_file(rows), "name": "Open Leiden", "starts_on": "2026-03-07",
                              "ends_on": "2026-03-08", "country": "NL", "ruleset": "dmjl-classical"},
                             format="multipart", HTTP_ACCEPT_LANGUAGE="en").json()["error"]["message"]
    assert german == "1 Zeile kann nicht importiert werden; es wurde nichts importiert."
    assert english == "1 row cannot be imported; nothing was imported."
