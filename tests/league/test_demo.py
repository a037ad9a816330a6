"""The demo league: built through the services, so its numbers are what the scoring engine says."""
import json
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import call_command

import scoring
from league.models import Hand, Player, Standing, Table, Tournament

pytestmark = pytest.mark.django_db
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "demo.json"


def test_the_demo_fixture_has_a_season_per_family_three_tournaments_and_32_players():
    objects = json.loads(FIXTURE.read_text())
    counts = Counter(obj["model"] for obj in objects)
    assert counts["league.player"] == 32 and counts["league.tournament"] == 3 and counts["league.season"] == 3
    assert counts["league.club"] >= 3
    assert counts["league.table"] == 4 * 8 + 2 * 4 + 2 * 4
    families = {o["pk"]: o["fields"]["ruleset_family"] for o in objects if o["model"] == "league.season"}
    assert sorted(families.values()) == ["chinese-classical", "mcr", "riichi"]
    for tournament in (o["fields"] for o in objects if o["model"] == "league.tournament"):
        assert scoring.rulesets.family(tournament["ruleset"]) == families[tournament["season"]]


def test_every_hand_in_the_fixture_settles_to_its_stored_result():
    objects = json.loads(FIXTURE.read_text())
    tournaments = {o["pk"]: o["fields"] for o in objects if o["model"] == "league.tournament"}
    sessions = {o["pk"]: o["fields"]["tournament"] for o in objects if o["model"] == "league.session"}
    tables = {o["pk"]: sessions[o["fields"]["session"]] for o in objects if o["model"] == "league.table"}
    hands = [o["fields"] for o in objects if o["model"] == "league.hand"]
    assert len(hands) > 500
    for hand in hands:
        tournament = tournaments[tables[hand["table"]]]
        settled = scoring.settle_record({**hand["record"], "options": tournament["options"]})
        assert settled == hand["result"]
        balances = hand["result"]["balances"]
        if tournament["ruleset"] == "riichi-ema":  # only riichi deposits leave or reach the table
            assert sum(balances) % 1000 == 0
        else:
            assert sum(balances) == 0


def test_the_demo_command_loads_the_league_with_users_and_standings(capsys):
    call_command("demo", "--no-serve")
    output = capsys.readouterr().out
    assert "Administrator: admin / " in output and "Referee: referee / " in output
    assert "Players (their Me page at /me/): " in output
    assert Player.objects.filter(user__isnull=False, seats__table__closed=False).distinct().count() == 4
    assert Player.objects.count() == 32
    finished = Tournament.objects.get(status=Tournament.Status.FINISHED, ruleset="dmjl-classical")
    assert finished.sessions.count() == 4
    assert Table.objects.filter(session__tournament=finished).count() == 32
    assert not Table.objects.filter(session__tournament=finished, closed=False).exists()
    # closed by table_close, finished by tournament_finish: the services a referee and director use
    assert not Table.objects.filter(closed=True, closed_at__isnull=True).exists()
    running = Tournament.objects.get(status=Tournament.Status.RUNNING, kind=Tournament.Kind.TOURNAMENT)
    assert running.ruleset != "dmjl-classical"
    assert Hand.objects.filter(table__session__tournament=running).exists()
    assert Standing.objects.filter(tournament=finished).count() == 32
    assert Standing.objects.filter(tournament=finished, rank=1).exists()
    penalties = Counter(p["type"] for h in Hand.objects.filter(table__session__tournament=finished)
                        for p in h.record.get("penalties", []))
    assert penalties["dead_hand"] > 0 and penalties["false_mahjong"] > 0


def test_the_demo_has_a_finished_mcr_tournament_valued_from_tiles_and_ranked_apart(client, capsys):
    from league.models import SeasonRanking

    call_command("demo", "--no-serve")
    mcr = Tournament.objects.get(ruleset="mcr")
    assert mcr.status == Tournament.Status.FINISHED and mcr.published
    assert mcr.season.ruleset_family == "mcr"
    hands = Hand.objects.filter(table__session__tournament=mcr)
    assert hands.count() == 2 * 4 * 16
    wins = [hand.record for hand in hands if hand.record["outcome"] == "win"]
    assert wins and all(
        sum(e["points"] * e["count"] for e in record["elements"]) == record["points"] for record in wins)
    assert Standing.objects.filter(tournament=mcr).count() == 16
    ranked = set(SeasonRanking.objects.filter(season=mcr.season).values_list("player_id", flat=True))
    assert ranked == set(mcr.registrations.values_list("player_id", flat=True))
    page = client.get(f"/t/{mcr.slug}/records/").content.decode()
    assert "Single Wait" in page or "Einzelwarten" in page


def test_the_demo_admin_login_works(client, capsys):
    call_command("demo", "--no-serve")
    password = capsys.readouterr().out.split("Administrator: admin / ")[1].split()[0]
    assert client.login(username="admin", password=password)
    assert client.get("/admin/").status_code == 200


def test_the_demo_has_a_club_event_with_two_evenings_that_its_season_counts(capsys):
    from league.models import SeasonRanking

    call_command("demo", "--no-serve")
    event = Tournament.objects.get(kind=Tournament.Kind.CLUB)
    assert event.status == Tournament.Status.RUNNING and event.session_count == 2
    tables = Table.objects.filter(session__tournament=event)
    assert tables.filter(session__number=1, closed=True).count() == 2
    assert tables.filter(session__number=2, closed=False).count() == 1
    members = set(event.registrations.values_list("player_id", flat=True))
    assert len(members) == 8 and Standing.objects.filter(tournament=event).count() == 8
    games = dict(SeasonRanking.objects.filter(season=event.season, player_id__in=members)
                 .values_list("player_id", "tournaments"))
    assert set(games) == members and all(count == 2 for count in games.values())  # the club and the open
    call_command("demo", "--no-serve")  # loading again adds no second club event
    assert Tournament.objects.filter(kind=Tournament.Kind.CLUB).count() == 1
