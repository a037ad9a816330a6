"""The field of a session: byes scored by the tournament's options, a withdrawal for one session
only, walk-ins registered as substitutes, and a draw that says how many players are missing."""
import pytest
from django.utils import translation

from league.errors import ServiceError
from league.models import CheckIn, Registration, Seat, Standing, Table, TournamentPenalty
from league.services.day import bye_create, walkin_create, withdrawal_create
from league.services.hands import hand_record
from league.services.seating import seating_clashes, seating_generate, seating_preview
from league.services.standings import standings_recompute
from league.services.tournaments import tournament_options_set
from tests.factories import AdminFactory, ClubFactory, PlayerFactory, TournamentFactory, referee_for
from tests.league.test_day_pages import WIN, control, logged_in

pytestmark = pytest.mark.django_db


def field_of(count: int, **fields):
    tournament = TournamentFactory(session_count=3, **fields)
    players = [PlayerFactory() for _ in range(count)]
    for player in players:
        Registration.objects.create(tournament=tournament, player=player)
        CheckIn.objects.create(tournament=tournament, player=player)
    return tournament, players


def test_a_draw_of_an_odd_field_says_how_many_are_missing_and_what_to_do():
    tournament, _players = field_of(9)
    with pytest.raises(ServiceError) as refused, translation.override("en"):
        seating_preview(tournament=tournament, number=1, method="random")
    error = refused.value
    assert error.code == "not_multiple_of_four" and error.status == 400
    assert error.extra == {"missing": 3, "surplus": 1, "players": 9, "substitutes": 0}
    assert "3 more are needed" in error.message and "bye" in error.message and "walk-in" in error.message


def test_a_bye_sits_the_player_out_and_scores_as_the_tournament_options_say():
    tournament, players = field_of(5)
    tournament_options_set(tournament=tournament, ruleset=tournament.ruleset,
                           options={"bye_table_points": 2, "bye_score": 10})
    bye_create(tournament=tournament, player=players[0], session_number=1)
    seating_generate(tournament=tournament, number=1, method="random", seed=3)
    assert not Seat.objects.filter(player=players[0]).exists()
    hand_record(table=Table.objects.get(), record=WIN, user=None)
    standings_recompute(tournament=tournament)
    row = Standing.objects.get(tournament=tournament, player=players[0])
    assert (row.table_points, row.score, row.games) == (2, 10, 0)
    with pytest.raises(ServiceError) as refused:
        bye_create(tournament=tournament, player=players[1], session_number=1)
    assert refused.value.code == "already_seated"


def test_bye_options_are_validated_like_the_other_tournament_options():
    tournament, _players = field_of(4)
    with pytest.raises(ServiceError) as refused:
        tournament_options_set(tournament=tournament, ruleset=tournament.ruleset, options={"bye_table_points": -1})
    assert "bye_table_points" in refused.value.fields


def test_a_withdrawal_for_one_session_only_brings_the_player_back_in_the_next():
    tournament, players = field_of(5)
    withdrawal_create(tournament=tournament, player=players[0], from_session=1, only=True)
    assert CheckIn.objects.filter(player=players[0]).exists()  # still here for the next session
    seating_generate(tournament=tournament, number=1, method="random", seed=1)
    assert not Seat.objects.filter(player=players[0]).exists()
    withdrawal_create(tournament=tournament, player=players[4], from_session=2)
    seating_generate(tournament=tournament, number=2, method="random", seed=1)
    assert Seat.objects.filter(player=players[0], session__number=2).exists()


def test_a_walk_in_is_registered_as_a_substitute_and_checked_in_and_needs_a_name():
    tournament, _players = field_of(3)
    registration = walkin_create(tournament=tournament, first_name=" Wanda ", last_name="Walk")
    assert registration.substitute and registration.player.first_name == "Wanda"
    assert CheckIn.objects.filter(tournament=tournament, player=registration.player).exists()
    with pytest.raises(ServiceError) as refused:
        walkin_create(tournament=tournament, first_name="", last_name="x" * 81)
    assert refused.value.code == "bad_name" and set(refused.value.fields) == {"first_name", "last_name"}


def test_a_walk_in_is_marked_as_a_substitute_in_the_standings():
    tournament, _players = field_of(3, slug="walk-cup")
    walkin_create(tournament=tournament, first_name="Wanda", last_name="Walk")
    standings_recompute(tournament=tournament)
    page = logged_in(None).get("/t/walk-cup/standings/").content.decode()
    assert "Wanda Walk</a> <small class=\"sublabel\">(substitute)</small>" in page


def test_a_director_gives_and_withdraws_a_penalty_from_the_control_room():
    tournament, players = field_of(4, slug="fine-cup")
    admin = logged_in(AdminFactory())
    url = control(tournament, "penalty")
    incomplete = admin.post(url, {"player": players[0].pk, "points": "20", "reason": ""}, follow=True)
    assert "The penalty is incomplete" in incomplete.content.decode()
    assert not TournamentPenalty.objects.exists()
    assert logged_in(referee_for(tournament)).post(url, {"player": players[0].pk, "points": "20",
                                                         "reason": "late"}).status_code == 403
    page = admin.post(url, {"player": players[0].pk, "points": "20", "reason": "late"}, follow=True).content.decode()
    assert "late" in page and "20 points" in page
    standings_recompute(tournament=tournament)
    assert Standing.objects.get(tournament=tournament, player=players[0]).score == -20
    penalty = TournamentPenalty.objects.get()
    admin.post(control(tournament, "unpenalty"), {"penalty": penalty.pk})
    standings_recompute(tournament=tournament)
    assert not TournamentPenalty.objects.exists()
    assert Standing.objects.get(tournament=tournament, player=players[0]).score == 0


def test_the_seat_report_names_the_tables_and_counts_club_and_team_apart():
    tournament = TournamentFactory(session_count=1, slug="club-cup")
    club = ClubFactory(name="Drachen Berlin")
    members = [PlayerFactory(club=club, first_name=f"D{i}", last_name="Drache") for i in range(3)]
    others = [PlayerFactory() for _ in range(5)]
    for player in members + others:
        # a team does not hide the club: one of the three plays for a team as well
        Registration.objects.create(tournament=tournament, player=player,
                                    team="Team Ost" if player in (members[0], others[0]) else "")
    tables = [[m.pk for m in members] + [others[0].pk], [p.pk for p in others[1:]]]
    report = seating_clashes(tournament=tournament, tables=tables)
    assert report["club_clashes"] == 3  # three pairs of the same club at table 1
    assert report["club_tables"] == [{"table": 1, "group": "Drachen Berlin", "players": [m.pk for m in members]}]
    assert report["team_clashes"] == 1 and report["team_tables"][0]["table"] == 1


def test_the_draw_preview_lists_the_club_clashes_by_table():
    tournament = TournamentFactory(session_count=1, slug="club-page")
    club = ClubFactory(name="Drachen Berlin")
    for i in range(4):
        Registration.objects.create(tournament=tournament, player=PlayerFactory(club=club, last_name=f"Drache{i}"))
    page = logged_in(AdminFactory()).post(control(tournament, "draw"), {"session": 1, "method": "random",
                                                                        "preview": "1"}).content.decode()
    assert "Members of one club at a table (pairs; 0 is best): <strong>6</strong>" in page
    assert "Table 1: Drachen Berlin" in page
