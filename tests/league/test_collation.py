"""One order for people's names everywhere (league.collation: the Unicode Collation Algorithm by
pyuca, last names filed without their particles): the control room's check-in, withdrawal and
penalty lists, the workbook, the home page and the EMA files; and one rule for ties in standings
and rankings, the same on the home page as in the EMA ranking CSV."""
import csv
import io
import re
from decimal import Decimal

import pytest

from league.collation import name_key, rank_figures, ranked_order, shown_key
from league.models import CheckIn, Export, Registration, SeasonRanking, Standing, TournamentPenalty
from league.services.exports import export_build
from tests.factories import AdminFactory, PlayerFactory, SeasonFactory, TournamentFactory
from tests.league.test_day_pages import control, logged_in

# As people sort them; by code point "Mulder" came before "Möller" and "Öztürk" after "Weiß".
EXPECTED = ["van den Berg", "Meier", "Möller", "Mulder", "Öztürk", "de Vries", "Weiß", "Zander"]


def by_name(last_names):
    return sorted(last_names, key=lambda last: name_key("Anna", last))


def test_names_sort_as_people_sort_them():
    assert by_name(["Zander", "Weiß", "Öztürk", "Mulder", "Möller", "Meier", "de Vries", "van den Berg"]) == EXPECTED


@pytest.mark.parametrize(("earlier", "later"), [
    ("Meier", "Möller"), ("Möller", "Mulder"), ("Öztürk", "Weiß"), ("Ärger", "Becker"), ("Berg", "van den Berg"),
    ("Strauss", "Strauß"), ("müller", "Müller"),  # case and ß only where all else is equal
])
def test_each_pair_is_in_order(earlier, later):
    assert name_key("Anna", earlier) < name_key("Anna", later)


def test_the_first_name_decides_between_equal_last_names_then_the_id():
    assert name_key("Ömer", "Kaya", 9) < name_key("Zeynep", "Kaya", 1)
    assert name_key("Anna", "Kaya", 1) < name_key("Anna", "Kaya", 2)


def test_ties_are_broken_by_the_shown_name_and_only_ties():
    rows = [(2, "Anna", "Weiß"), (1, "Ben", "Öztürk"), (1, "Ben", "Möller"), (None, "Aaron", "Aal")]
    ordered = ranked_order(rows, lambda row: rank_figures(row[0]), lambda row: shown_key(row[1], row[2], "full"))
    assert [row[2] for row in ordered] == ["Möller", "Öztürk", "Weiß", "Aal"]


@pytest.fixture
def field(db):
    tournament = TournamentFactory(session_count=2)
    players = [PlayerFactory(first_name="Anna", last_name=last) for last in reversed(EXPECTED)]
    for player in players:
        Registration.objects.create(tournament=tournament, player=player)
        CheckIn.objects.create(tournament=tournament, player=player)
        TournamentPenalty.objects.create(tournament=tournament, player=player, points=5, reason="late")
    return tournament, players


def in_page_order(page: str, names: list[str]) -> list[str]:
    return sorted(names, key=lambda name: page.index(name))


def test_the_control_rooms_lists_are_in_name_order(field):
    tournament, _players = field
    page = logged_in(AdminFactory()).get(control(tournament)).content.decode()
    checkins = page[page.index('class="checkins"'):]
    checkins = checkins[:checkins.index("</ul>")]
    assert in_page_order(checkins, [f"{last}, Anna" for last in EXPECTED]) == [f"{last}, Anna" for last in EXPECTED]
    withdraw = re.search(r'<select id="wd-player".*?</select>', page, re.S).group()
    assert re.findall(r">([^<>]+), Anna<", withdraw) == EXPECTED
    penalties = page[page.index('class="penalties"'):]
    assert re.findall(r"<li>Anna ([^<:]+):", penalties) == EXPECTED


def build(kind, **target):
    export = Export.objects.create(kind=kind, language="en", **target)
    export_build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE, export.error
    return export


def test_the_workbook_and_the_ema_csv_list_tied_players_in_name_order(field):
    import openpyxl

    tournament, players = field
    for player in players:
        Standing.objects.create(tournament=tournament, player=player, rank=1, table_points=0, score=0, games=0)
    sheet = openpyxl.load_workbook(build("results-xlsx", tournament=tournament).file.path)["Standings"]
    assert [row[1] for row in sheet.iter_rows(min_row=2, values_only=True)] == [f"Anna {last}" for last in EXPECTED]
    text = build("ema-csv", tournament=tournament).file.read().decode("utf-8-sig")
    assert [row[1] for row in list(csv.reader(io.StringIO(text)))[1:]] == EXPECTED


def test_tied_players_are_ordered_alike_on_the_home_page_and_in_the_ema_ranking_csv(db, client):
    season = SeasonFactory()
    # equal rank and value, different games: the home page once ordered them by name, the CSV by games
    for games, last in zip([3, 9, 5, 7], ["Weiß", "Öztürk", "Mulder", "Möller"], strict=True):
        SeasonRanking.objects.create(season=season, player=PlayerFactory(first_name="Anna", last_name=last), rank=1,
                                     value=Decimal(10), games=games, tournaments=1)
    SeasonRanking.objects.create(season=season, player=PlayerFactory(first_name="Anna", last_name="Meier"), rank=1,
                                 value=Decimal(10), games=9, tournaments=1)
    text = build("ranking-ema-csv", season=season).file.read().decode("utf-8-sig")
    in_csv = [row[1] for row in list(csv.reader(io.StringIO(text)))[1:]]
    assert in_csv == ["Meier", "Öztürk", "Möller", "Mulder", "Weiß"]  # more games first, then by name
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert in_page_order(page, [f"Anna {last}" for last in in_csv]) == [f"Anna {last}" for last in in_csv]
    ranking = client.get(f"/l/{season.league.slug}/{season.name}/", HTTP_ACCEPT_LANGUAGE="en")
    assert ranking.status_code == 200
    body = ranking.content.decode()
    assert in_page_order(body, [f"Anna {last}" for last in in_csv]) == [f"Anna {last}" for last in in_csv]
