"""A season ranking a league publishes (issue #24): two tournaments run here and three imported
from EMA results files rank by MERS exactly as an independent computation from docs/rules.md §11 says;
the season's page and workbook list every tournament with its weight, days, players and countries;
the ranking is exported in the EMA's ranking layout; bad files store nothing."""
import csv
import datetime
import io
import math
import re
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from league.models import Export, Player, Season, SeasonRanking, Standing, Tournament
from league.services.exports import export_build
from league.services.rankings import rankings_recompute
from tests.factories import PlayerFactory, SeasonFactory, TournamentFactory, UserFactory, client_for, page_text

pytestmark = pytest.mark.django_db

HEADING = ["Place", "Last name", "First name", "EMA number", "Country", "Table points", "Score"]
COUNTRIES = ["NL", "BE", "FR", "DK", "AT", "CH"]


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def season():
    return SeasonFactory(starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31),
                         ranking_method=Season.RankingMethod.MERS)


def upload(rows, heading=HEADING) -> SimpleUploadedFile:
    text = "\n".join(";".join(str(cell) for cell in line) for line in [heading, *rows])
    return SimpleUploadedFile("results.csv", text.encode(), content_type="text/csv")


def send(client, season, rows, *, name, starts_on, ends_on, country="NL", heading=HEADING, preview=False):
    data = {"file": upload(rows, heading), "name": name, "starts_on": starts_on, "ends_on": ends_on,
            "country": country, "ruleset": "dmjl-classical"}
    if preview:
        data["preview"] = "true"
    return client.post(f"/api/v1/seasons/{season.pk}/external-results/", data, format="multipart",
                       HTTP_ACCEPT_LANGUAGE="en")


def run_here(season, places: list[tuple[Player, int]], *, starts_on, ends_on, weight=None) -> Tournament:
    """A finished tournament run here with its final standings (every player played 4 games)."""
    tournament = TournamentFactory(season=season, status=Tournament.Status.FINISHED, starts_on=starts_on,
                                   ends_on=ends_on, weight=weight)
    for player, place in places:
        Standing.objects.create(tournament=tournament, player=player, rank=place, table_points=0, score=0, games=4)
    return tournament


# ---- MERS, written out from docs/rules.md §11 (not scoring/mers.py) ----

def half_up(value: Fraction, places: int = 0) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def ema_weight(*, days: int, players: int, countries: int) -> Fraction:
    weight = Fraction(min(days, 3))
    weight += 0 if players <= 40 else Fraction(1, 2) if players <= 80 else 1
    weight += 0 if countries <= 5 else Fraction(1, 2) if countries <= 9 else 1
    return weight


def independent_mers(events: list[dict]) -> dict[int, tuple[int | None, Decimal]]:
    """player id → (rank, value). Each event: ``places`` [(player id, place)], ``days``,
    ``countries``, ``weight`` (override or None), ``ends_on``. All within a year of the ranking
    day: age factor 1."""
    results: dict[int, list[tuple[int, Fraction, datetime.date]]] = {}
    for event in events:
        n = len(event["places"])
        weight = (Fraction(event["weight"]) if event["weight"] is not None
                  else ema_weight(days=event["days"], players=n, countries=event["countries"]))
        for player, place in event["places"]:
            base = int(half_up(Fraction(1000 * (n - place), n - 1)))
            results.setdefault(player, []).append((base, weight, event["ends_on"]))
    values = {}
    for player, real in results.items():
        real.sort(key=lambda r: (r[0], r[1], r[2]), reverse=True)
        padded = real + [(0, Fraction(1), None)] * max(0, 5 - len(real))
        n = len(padded)

        def average(best):
            return sum(Fraction(b) * w for b, w, _ in best) / sum(w for _, w, _ in best)

        part_a = average(padded[:math.ceil(5 + Fraction(4, 5) * (n - 5))])
        part_b = average(padded[:4])
        values[player] = (half_up((part_a + part_b) / 2, 2), len(real) >= 2)
    ranked = sorted((value for value, enough in values.values() if enough), reverse=True)
    return {player: (ranked.index(value) + 1 if enough else None, value)
            for player, (value, enough) in values.items()}


def test_two_tournaments_here_and_three_imported_rank_as_an_independent_mers(
        admin_api, season, django_capture_on_commit_callbacks):
    people = [PlayerFactory(ema_id=f"049900{n:02}") for n in range(12)]
    # two players of the same name, told apart by their EMA numbers
    jan_a = PlayerFactory(first_name="Jan", last_name="de Vries", ema_id="04990050")
    jan_b = PlayerFactory(first_name="Jan", last_name="de Vries", ema_id="04990051")
    # a player entered without an EMA number, named in a file with the same name spelt differently
    jurgen = PlayerFactory(first_name="Jürgen", last_name="Müller", ema_id="")

    here_one = [(p, place) for place, p in enumerate(people[:8], start=1)]
    here_one[3] = (people[3], 3)  # tied for third with people[2]
    run_here(season, here_one, starts_on=datetime.date(2026, 5, 1), ends_on=datetime.date(2026, 5, 2))
    here_two = [(p, place) for place, p in enumerate([*people[4:], jan_a, jurgen], start=1)]
    run_here(season, here_two, starts_on=datetime.date(2026, 6, 6), ends_on=datetime.date(2026, 6, 6),
             weight=Decimal("2.5"))

    def line(place, player, country="DE"):
        return [place, player.last_name, player.first_name, player.ema_id, country, 0, 0]

    with django_capture_on_commit_callbacks(execute=True):
        # 45 players from 7 countries, 40 of them new to the league (one more player than 40: +½;
        # seven countries: +½)
        leiden = [line(n + 1, p) for n, p in enumerate(people[:5])]
        leiden += [[n, f"Guest{n}", "Ann", "", COUNTRIES[n % 6], 0, 0] for n in range(6, 46)]
        assert send(admin_api, season, leiden, name="Leiden Open", starts_on="2026-03-07",
                    ends_on="2026-03-08").status_code == 201
        # the duplicate name: the file's EMA number says which Jan de Vries; an unknown EMA number
        # makes a new player; Müller written without umlauts is Jürgen and takes the file's number
        copenhagen = [line(1, jan_b), [2, "Visser", "Kees", "52000123", "NL", 0, 0], line(3, people[0]),
                      [4, "Mueller", "Juergen", "04990077", "DE", 0, 0], line(5, people[6])]
        assert send(admin_api, season, copenhagen, name="Copenhagen", starts_on="2026-08-07",
                    ends_on="2026-08-09", country="DK").status_code == 201
        # sent once with two places swapped, then replaced by the corrected file
        wrong = [line(1, people[9]), line(2, people[8]), line(3, people[7]), line(4, jan_a)]
        right = [line(1, people[8]), line(2, people[9]), line(3, people[7]), line(4, jan_a)]
        assert send(admin_api, season, wrong, name="Vienna", starts_on="2026-09-12",
                    ends_on="2026-09-12", country="AT").status_code == 201
        replaced = send(admin_api, season, right, name="Vienna", starts_on="2026-09-12", ends_on="2026-09-12",
                        country="AT")
    assert replaced.status_code == 200 and replaced.json()["replaced"] is True
    assert Tournament.objects.filter(season=season, kind=Tournament.Kind.EXTERNAL).count() == 3
    kees = Player.objects.get(ema_id="52000123")
    jurgen.refresh_from_db()
    assert jurgen.ema_id == "04990077" and not Player.objects.filter(last_name="Mueller").exists()
    guests = {n: Player.objects.get(last_name=f"Guest{n}").pk for n in range(6, 46)}

    expected = independent_mers([
        {"places": [(p.pk, place) for p, place in here_one], "days": 2, "countries": 1, "weight": None,
         "ends_on": datetime.date(2026, 5, 2)},
        {"places": [(p.pk, place) for p, place in here_two], "days": 1, "countries": 1, "weight": Decimal("2.5"),
         "ends_on": datetime.date(2026, 6, 6)},
        {"places": [(p.pk, n + 1) for n, p in enumerate(people[:5])] + [(guests[n], n) for n in range(6, 46)],
         "days": 2, "countries": 7, "weight": None, "ends_on": datetime.date(2026, 3, 8)},
        {"places": [(jan_b.pk, 1), (kees.pk, 2), (people[0].pk, 3), (jurgen.pk, 4), (people[6].pk, 5)],
         "days": 3, "countries": 2, "weight": None, "ends_on": datetime.date(2026, 8, 9)},
        {"places": [(people[8].pk, 1), (people[9].pk, 2), (people[7].pk, 3), (jan_a.pk, 4)],
         "days": 1, "countries": 1, "weight": None, "ends_on": datetime.date(2026, 9, 12)},
    ])
    # the Leiden Open weighs 2 + ½ + ½
    assert ema_weight(days=2, players=45, countries=7) == 3
    assert rankings_recompute(season=season) is False  # the queued recompute left nothing to do
    computed = {pk: (rank, value) for pk, rank, value
                in SeasonRanking.objects.filter(season=season).values_list("player_id", "rank", "value")}
    assert computed == expected
    assert sum(rank is not None for rank, _value in computed.values()) >= 10


def test_bad_files_answer_clear_errors_and_store_nothing(admin_api, season):
    known = PlayerFactory(first_name="Anna", last_name="Berg", ema_id="04990001")
    players_before, tournaments_before = Player.objects.count(), Tournament.objects.count()
    dates = {"name": "Bad", "starts_on": "2026-03-07", "ends_on": "2026-03-07"}
    wrong_layout = send(admin_api, season, [[1, "Berg", "Anna", "DE", 4]],
                        heading=["Place", "Name", "First name", "Country", "Points"], **dates)
    twice = send(admin_api, season, [[1, "Berg", "Anna", known.ema_id, "DE", 4, 0],
                                     [2, "Berg", "Anna", known.ema_id, "DE", 0, 0]], **dates)
    bad_number = send(admin_api, season, [[1, "Berg", "Anna", "049900012", "DE", 4, 0],
                                          [2, "Visser", "Kees", "", "NL", 0, 0]], **dates)
    huge = send(admin_api, season, [[n, f"Last{n}", "First", "", "DE", 0, 0] for n in range(1, 10_001)], **dates)
    assert [r.status_code for r in (wrong_layout, twice, bad_number, huge)] == [400] * 4
    assert [r.json()["error"]["code"] for r in (wrong_layout, twice, bad_number, huge)] == [
        "bad_layout", "invalid_rows", "invalid_rows", "too_many_rows"]
    assert "Score." in wrong_layout.json()["error"]["message"]
    assert "row 2" in twice.json()["error"]["rows"][1]["error"]
    assert "049900012" in bad_number.json()["error"]["rows"][0]["error"]
    assert "rows" in huge.json()["error"]["message"]
    assert (Player.objects.count(), Tournament.objects.count()) == (players_before, tournaments_before)


# ---- what the league publishes ----

@pytest.fixture
def published(admin_api, season, django_capture_on_commit_callbacks):
    """A season with one tournament run here (weight set by the league) and one imported."""
    players = [PlayerFactory(ema_id=f"049900{n:02}") for n in range(4)]
    players[0].last_name = "=HYPERLINK(1)"  # a name a spreadsheet would run
    players[0].save()
    here = run_here(season, [(p, n) for n, p in enumerate(players, start=1)],
                    starts_on=datetime.date(2026, 5, 1), ends_on=datetime.date(2026, 5, 3), weight=Decimal("4.5"))
    with django_capture_on_commit_callbacks(execute=True):
        send(admin_api, season, [[n, p.last_name, p.first_name, p.ema_id, "DE", 0, 0]
                                 for n, p in enumerate(reversed(players), start=1)]
             + [[5, "Visser", "Kees", "", "NL", 0, 0]], name="Leiden Open", starts_on="2026-03-07",
             ends_on="2026-03-08")
    return here, Tournament.objects.get(kind=Tournament.Kind.EXTERNAL), players


def test_the_season_page_lists_each_tournament_with_days_players_countries_and_weight(season, published):
    here, external, _players = published
    page = page_text(client_for(None).get(season.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en"))
    rows = {t.name: page[page.index(t.name):].split("</tr>")[0] for t in (here, external)}
    cells = {name: [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
             for name, row in rows.items()}
    # date, days, players, countries, weight in use (the computed one when the league set another),
    # age factor, counts
    assert cells[here.name][1:] == ["3", "4", "1", "4.50 (set by the league; computed 3)", "1", "yes"]
    assert cells[external.name][1:] == ["2", "5", "2", "2", "1", "yes"]


def test_the_ranking_workbook_lists_every_tournament_with_its_weights(season, published):
    here, external, _players = published
    export = Export.objects.create(kind="ranking-xlsx", season=season, language="en")
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE, export.error
    sheet = openpyxl.load_workbook(export.file.path)["Tournaments"]
    table = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert table[0] == ["Tournament", "Kind", "First day", "Last day", "Days", "Players", "Countries", "Weight",
                        "Computed weight", "Weight set by the league", "Age factor", "Counts"]
    by_name = {row[0]: row for row in table[1:]}
    assert by_name[here.name][4:] == [3, 4, 1, 4.5, 3, 4.5, 1, "yes"]
    assert by_name[external.name][1] == "External"
    assert by_name[external.name][4:] == [2, 5, 2, 2, 2, None, 1, "yes"]


def test_the_ranking_exports_in_the_emas_layout_as_csv_and_workbook(admin_api, season, published):
    _here, _external, players = published
    response = admin_api.post(f"/api/v1/seasons/{season.pk}/exports/", {"kind": "ranking-ema-csv"}, format="json")
    assert response.status_code == 202, response.content
    export = Export.objects.get(pk=response.json()["id"])
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE, export.error
    lines = list(csv.reader(io.StringIO(export.file.open("rb").read().decode("utf-8-sig"))))
    assert lines[0] == ["Position", "Last name", "First name", "EMA number", "Country", "Ranking", "Tournaments"]
    rankings = list(SeasonRanking.objects.filter(season=season).order_by("rank", "-value", "player_id")
                    .values_list("rank", "player_id", "value", "tournaments"))
    ranked = [r for r in rankings if r[0] is not None]
    assert [line[0] for line in lines[1:len(ranked) + 1]] == [str(r[0]) for r in ranked]
    assert all(line[0] == "" for line in lines[len(ranked) + 1:])  # Kees: one tournament, no rank
    formula = next(line for line in lines if line[3] == players[0].ema_id)
    ranking = SeasonRanking.objects.get(season=season, player=players[0])
    assert formula[1:3] == ["'=HYPERLINK(1)", players[0].first_name] and formula[4] == "DE"
    assert formula[5:] == [f"{ranking.value:.2f}", str(ranking.tournaments)]

    export = Export.objects.create(kind="ranking-ema-xlsx", season=season, language="de")
    export_build(export_id=export.pk)
    export.refresh_from_db()
    sheet = openpyxl.load_workbook(export.file.path)["Ranking"]
    table = [list(row) for row in sheet.iter_rows(values_only=True)]
    assert table[0] == lines[0]  # English headings whatever the language
    assert [[cell or "" for cell in row[1:5]] for row in table[1:]] == [line[1:5] for line in lines[1:]]
    assert [Decimal(str(row[5])).quantize(Decimal("0.01")) for row in table[1:]] == [
        Decimal(line[5]) for line in lines[1:]]


# ---- the upload page in /manage/ ----

def page_post(client, season, *, file=None, action="preview", **fields):
    data = {"name": "Leiden Open", "starts_on": "2026-03-07", "ends_on": "2026-03-08", "country": "NL",
            "ruleset": "dmjl-classical", "action": action, **fields}
    if file is not None:
        data["file"] = file
    return client.post(f"/manage/seasons/{season.pk}/results/", data, HTTP_ACCEPT_LANGUAGE="en")


def test_the_upload_page_previews_every_row_then_stores_the_kept_file(admin_client, season):
    anna = PlayerFactory(first_name="Anna", last_name="Berg", ema_id="04990001")
    file = upload([[1, "Berg", "Anna", "04990001", "DE", 4, 10], [2, "Visser", "Kees", "52000123", "NL", 0, -10]])
    preview = page_post(admin_client, season, file=file)
    page = preview.content.decode()
    assert preview.status_code == 200
    assert "1 matched, 1 new player, 0 errors." in page and f'href="/p/{anna.pk}/"' in page
    assert 'value="import"' in page and not Tournament.objects.filter(kind="external").exists()
    stored = page_post(admin_client, season, action="import")  # the file kept from the preview
    assert stored.status_code == 302
    tournament = Tournament.objects.get(kind="external", season=season)
    assert list(tournament.standings.order_by("rank").values_list("player__last_name", flat=True)) == [
        "Berg", "Visser"]
    listing = admin_client.get(f"/manage/seasons/{season.pk}/results/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Leiden Open" in listing and "Replace with a corrected file" in listing


def test_the_upload_pages_preview_names_the_matched_player_beside_the_files_spelling_and_the_points(
        admin_client, season):
    juergen = PlayerFactory(first_name="Jürgen", last_name="Müller", ema_id="04990002")
    file = upload([[1, "Mueller", "Juergen", "04990002", "DE", 12, 27000.5],
                   [2, "Visser", "Kees", "52000123", "NL", 0, -10]])
    page = page_text(page_post(admin_client, season, file=file))
    matched = re.search(r'<tr class="bulk-matched">(.*?)</tr>', page, re.S).group(1)
    assert f'<a href="/p/{juergen.pk}/">Jürgen Müller</a>' in matched  # the player the row is matched to
    assert "Juergen Mueller" in matched  # and how the file spells them
    assert ">12<" in matched and ">27,000.50<" in matched  # table points and score
    new = re.search(r'<tr class="bulk-new">(.*?)</tr>', page, re.S).group(1)
    assert new.count("Kees Visser") == 1 and ">-10<" in new  # a new player: the file's spelling, once


def test_the_upload_page_says_a_file_replaces_and_replaces_it(admin_client, season):
    first = upload([[1, "Berg", "Anna", "", "DE", 4, 0], [2, "Visser", "Kees", "", "NL", 0, 0]])
    page_post(admin_client, season, file=first)
    page_post(admin_client, season, action="import")
    corrected = upload([[1, "Visser", "Kees", "", "NL", 4, 0], [2, "Berg", "Anna", "", "DE", 0, 0]])
    page = page_post(admin_client, season, file=corrected).content.decode()
    assert "Importing replaces the results of Leiden Open." in page and "Replace the results" in page
    page_post(admin_client, season, action="import")
    tournament = Tournament.objects.get(kind="external", season=season)
    assert list(tournament.standings.order_by("rank").values_list("player__last_name", flat=True)) == [
        "Visser", "Berg"]
    assert Player.objects.filter(last_name="Visser").count() == 1


def test_the_upload_page_shows_the_bad_rows_and_offers_no_import(admin_client, season):
    file = upload([[1, "Berg", "Anna", "", "DE", 4, 0], [2, "Berg", "Anna", "", "DE", 0, 0],
                   ["x", "Visser", "Kees", "", "NL", 0, 0]])
    response = page_post(admin_client, season, file=file)
    page = response.content.decode()
    assert response.status_code == 200 and "1 new player, 2 errors." in page
    assert "is also in row 2" in page and "“x” is not a place" in page and 'value="import"' not in page
    refused = page_post(admin_client, season, action="import")
    assert refused.status_code == 400 and "nothing was imported" in refused.content.decode()
    assert not Tournament.objects.filter(kind="external").exists()


def test_the_upload_page_refuses_a_wrong_layout_and_bad_dates(admin_client, season):
    wrong = page_post(admin_client, season, file=upload([[1, "Berg"]], heading=["Place", "Name"]))
    assert wrong.status_code == 400 and "not a results file in the EMA layout" in wrong.content.decode()
    outside = page_post(admin_client, season, file=upload([[1, "Berg", "Anna", "", "DE", 4, 0]]),
                        starts_on="2025-03-07", ends_on="2025-03-08")
    assert outside.status_code == 400 and "outside the season" in outside.content.decode()
    assert not Tournament.objects.filter(kind="external").exists()


def test_only_administrators_reach_the_upload_page(client, season):
    url = f"/manage/seasons/{season.pk}/results/"
    assert client.get(url).status_code == 302  # to the login
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403
    file = upload([[1, "Berg", "Anna", "", "DE", 4, 0]])
    assert page_post(client, season, file=file, action="import").status_code == 403
    assert not Tournament.objects.filter(kind="external").exists()


def test_a_season_ranked_by_sum_lists_its_tournaments_without_weights(season, published):
    here, external, _players = published
    season.ranking_method = Season.RankingMethod.TABLE_POINTS_SUM
    season.save()
    export = Export.objects.create(kind="ranking-xlsx", season=season, language="en")
    export_build(export_id=export.pk)
    export.refresh_from_db()
    table = [list(row) for row in openpyxl.load_workbook(export.file.path)["Tournaments"].iter_rows(values_only=True)]
    assert table[0] == ["Tournament", "Kind", "First day", "Last day", "Days", "Players", "Countries", "Counts"]
    assert sorted(row[0] for row in table[1:]) == sorted([here.name, external.name])
    page = page_text(client_for(None).get(season.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en"))
    assert "Countries" in page and "Age factor" not in page


def test_the_season_page_says_that_a_running_club_event_counts_as_its_table_says(client):
    """The sentence under the ranking named finished tournaments only, while the table beside it
    said "yes" for a club event still running (league.selectors.standings.counts_in_ranking)."""
    season = SeasonFactory()
    TournamentFactory(season=season, kind=Tournament.Kind.CLUB, status=Tournament.Status.RUNNING, published=True,
                      name="Donnerstage")
    url = f"/l/{season.league.slug}/{season.name}/"
    english = page_text(client.get(url, HTTP_ACCEPT_LANGUAGE="en"))
    assert re.search(r"Donnerstage</a></th>.*?<td>yes</td>", english, re.S)
    assert "Finished tournaments count, and club events from their first hand on." in english
    client.cookies["django_language"] = "de"
    german = page_text(client.get(url))
    assert "Beendete Turniere zählen, Vereinsveranstaltungen schon ab ihrem ersten Spiel." in german


def test_the_upload_page_counts_in_german_with_singular_and_plural(admin_client, season):
    file = upload([[1, "Berg", "Anna", "", "DE", 4, 0], [2, "Berg", "Anna", "", "DE", 0, 0]])
    admin_client.cookies["django_language"] = "de"
    data = {"name": "Leiden Open", "starts_on": "2026-03-07", "ends_on": "2026-03-08", "country": "NL",
            "ruleset": "dmjl-classical", "action": "preview", "file": file}
    page = admin_client.post(f"/manage/seasons/{season.pk}/results/", data).content.decode()
    assert "0 zugeordnet, 1 neue Person, 1 Fehler." in page
