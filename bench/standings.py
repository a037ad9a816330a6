"""Benchmark of the standings and season-ranking recomputations.

Run from the project root:  DJANGO_SETTINGS_MODULE=mjl.settings .venv/bin/python bench/standings.py

Uses the configured DATABASE_URL when set (PostgreSQL: migrated here; every row it makes is removed
at the end, also after a failure), else a fresh SQLite file in a temporary folder. Prints:

* a tournament of 800 players x 16 sessions x 16 hands (3,200 tables, 51,200 hands): the first
  ``standings_recompute`` (everything created), a second one (nothing to write) and one after a
  single hand changed, each as a ratio against the same arithmetic on the rows in memory
  (``game_result`` per table, the tally and the ranking: ``baseline``) measured in the same run —
  targets: first <= 2x the arithmetic, unchanged <= 0.2 s, one table changed <= 0.2 s;
* a season ranking over 5,000 players and 500,000 hands (31,250 table games of 16 hands, made as
  GameResult rows directly) by each ranking method — target under 60 s — and each method once more
  with nothing changed (it writes no row); MERS against the same arithmetic in memory — targets:
  first <= 1 s, unchanged <= 0.3 s.

Every figure is measured ``RUNS`` times (BENCH_RUNS, default 3) and printed as min / median / max.
BENCH_PART=season runs only the season part.
"""

from __future__ import annotations

import datetime
import os
import random
import statistics
import sys
import time

from django_scratch import TAG  # sets Django up: before anything below reads the settings

# isort: split
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.db.models import F  # noqa: E402
from django.utils import timezone  # noqa: E402

from league.models import (  # noqa: E402
    GameResult,
    Hand,
    League,
    Player,
    PlayerTotal,
    RankingState,
    Registration,
    Season,
    Seat,
    Session,
    Standing,
    Table,
    TableGame,
    Tournament,
)
from league.selectors import mers as mers_reads  # noqa: E402
from league.selectors.standings import hand_results, table_game_rows, table_scoring, table_seats  # noqa: E402
from league.services.rankings import counted_tournaments, rankings_recompute  # noqa: E402
from league.services.standings import standings_recompute  # noqa: E402
from scoring import mers, settle_record  # noqa: E402
from scoring import standings as tally  # noqa: E402
from scoring.numbers import to_decimal  # noqa: E402

BATCH = 2000


def timed(label: str, function) -> float:
    start = time.perf_counter()
    function()
    elapsed = time.perf_counter() - start
    print(f"{label:<58} {elapsed:>8.3f} s")
    return elapsed


def players(count: int, prefix: str) -> list[int]:
    made = [Player(first_name=f"{prefix}{i}", last_name=f"Bench{i:05d}") for i in range(count)]
    Player.objects.bulk_create(made, batch_size=BATCH)
    mine = Player.objects.filter(first_name__startswith=prefix).order_by("pk")
    return list(mine.values_list("pk", flat=True))


PLAYERS, SESSIONS, HANDS = 800, 16, 16  # 3,200 tables, 51,200 hands
RUNS = int(os.environ.get("BENCH_RUNS", "3"))


def build_tournament(rng: random.Random) -> Tournament:
    """800 players, 16 sessions of 200 tables, 16 real dmjl-classical hands per table."""
    day = datetime.date(2026, 5, 1)
    tournament = Tournament.objects.create(slug=f"bench-standings-{TAG}", name="Bench", ruleset="dmjl-classical",
                                           starts_on=day, ends_on=day, session_count=SESSIONS,
                                           status=Tournament.Status.RUNNING, published=True)
    ids = players(PLAYERS, f"T{TAG}-")
    Registration.objects.bulk_create([Registration(tournament=tournament, player_id=p) for p in ids])
    hands, seats = [], []
    for number in range(1, SESSIONS + 1):
        session = Session.objects.create(tournament=tournament, number=number)
        tables = Table.objects.bulk_create([Table(session=session, number=n) for n in range(1, PLAYERS // 4 + 1)])
        order = ids[:]
        rng.shuffle(order)
        for index, table in enumerate(tables):
            for position, player_id in enumerate(order[4 * index:4 * index + 4]):
                seats.append(Seat(session=session, table=table, position=position, player_id=player_id))
            for hand_number in range(1, HANDS + 1):
                dealer, winner = (hand_number - 1) % 4, rng.randrange(4)
                values = [rng.randrange(100, 600, 2) if seat == winner else rng.randrange(0, 200, 2)
                          for seat in range(4)]
                record = {"ruleset": "dmjl-classical", "dealer": dealer, "outcome": "win", "winner": winner,
                          "hand_values": values}
                hands.append(Hand(table=table, number=hand_number, record=record,
                                  result=settle_record(record), dealer=dealer,
                                  prevailing_wind="ESWN"[(hand_number - 1) // 4]))
    Seat.objects.bulk_create(seats, batch_size=BATCH)
    Hand.objects.bulk_create(hands, batch_size=BATCH)
    return tournament


def build_season(rng: random.Random) -> Season:
    """5,000 players; 31,250 table games (500,000 hands) spread over 25 finished tournaments."""
    league = League.objects.create(name=f"Bench league {TAG}", slug=f"bench-league-{TAG}")
    season = Season.objects.create(league=league, name="2026", starts_on=datetime.date(2026, 1, 1),
                                   ends_on=datetime.date(2026, 12, 31))
    ids = players(5000, f"S{TAG}-")
    games_per_tournament = 31_250 // 25
    for t in range(25):
        day = datetime.date(2026, 1, 3) + datetime.timedelta(days=14 * t)
        tournament = Tournament.objects.create(slug=f"bench-season-{TAG}-{t}", name=f"Bench {t}", season=season,
                                               ruleset="dmjl-classical", starts_on=day, ends_on=day,
                                               session_count=5, status=Tournament.Status.FINISHED,
                                               published=True, weight=rng.choice([1, 1.5, 2]))
        field = rng.sample(ids, 1000)
        sessions = Session.objects.bulk_create([Session(tournament=tournament, number=n)
                                                for n in range(1, 6)])
        tables = Table.objects.bulk_create([Table(session=s, number=n)
                                            for s in sessions for n in range(1, 251)])
        rows = []
        points = {player_id: 0 for player_id in field}
        for index, table in enumerate(tables[:games_per_tournament]):
            if index % 250 == 0:
                rng.shuffle(field)
            session_number = index // 250 + 1
            at_table = field[4 * (index % 250):4 * (index % 250) + 4]
            for place, (seat, player_id) in enumerate(enumerate(at_table), start=1):
                tp = (4, 2, 1, 0)[place - 1]
                points[player_id] += tp
                rows.append(GameResult(table=table, tournament=tournament, session_number=session_number,
                                       player_id=player_id, seat=seat, total=0, score=0, place=place,
                                       table_points=tp, hands=16))
        GameResult.objects.bulk_create(rows, batch_size=BATCH)
        ranked = sorted(field, key=lambda p: -points[p])
        standings = [Standing(tournament=tournament, player_id=p, rank=i, table_points=points[p], score=0,
                              games=5) for i, p in enumerate(ranked, start=1)]
        Standing.objects.bulk_create(standings, batch_size=BATCH)
    return season


def clean() -> None:
    """Remove every row this run made (tournaments first: their seats protect the players)."""
    Tournament.objects.filter(slug__startswith=f"bench-standings-{TAG}").delete()
    Tournament.objects.filter(slug__startswith=f"bench-season-{TAG}-").delete()
    League.objects.filter(slug=f"bench-league-{TAG}").delete()
    Player.objects.filter(first_name__startswith=f"T{TAG}-").delete()
    Player.objects.filter(first_name__startswith=f"S{TAG}-").delete()


def main() -> int:
    call_command("migrate", verbosity=0)
    try:
        return run()
    finally:
        clean()


def spread(values: list[float]) -> str:
    return f"{min(values):.3f} / {statistics.median(values):.3f} / {max(values):.3f}"


def report(label: str, values: list[float], baseline: list[float] | None = None, target: str = "") -> None:
    """One figure: seconds min / median / max and, against a baseline measured in the same runs,
    the ratios min / median / max."""
    line = f"{label:<48} {spread(values)} s"
    if baseline is not None:
        ratios = [value / base for value, base in zip(values, baseline, strict=True)]
        line += f"   ratio {min(ratios):.2f} / {statistics.median(ratios):.2f} / {max(ratios):.2f}"
    print(line + (f"   {target}" if target else ""))


def clock(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def arithmetic_in_memory(tournament: Tournament):
    """The standings' arithmetic on rows already in memory (the baseline): every table's game
    result (``table_game_rows``), the tally and the ranking, as the recomputation does them."""
    scoring = table_scoring(tournament)
    results, seats = hand_results(tournament), table_seats(tournament)
    registered = list(Registration.objects.filter(tournament=tournament).values_list("player_id", flat=True))
    method = tournament.effective_standing_method

    def compute():
        games = {}
        for table_id, table_results in results.items():
            games.update(table_game_rows(scoring, table_id, table_results, seats[table_id]))
        tallies = tally.tally(players=registered, games=[(player_id, row["_table_points"], row["_score"], row["place"])
                                                         for (_table_id, player_id), row in games.items()],
                              penalties=())
        return [(player_id, rank, to_decimal(entry.table_points, 4), to_decimal(entry.score, 2))
                for player_id, rank, entry in tally.ranked(tallies, method)]

    return compute


def mers_in_memory(season: Season):
    """MERS's arithmetic on the season's results already in memory (the baseline): each player's
    value and the ranking's order."""
    tournaments = counted_tournaments(season=season)
    results = mers_reads.season_results(tournaments=tournaments,
                                        ranking_day=mers.ranking_date(season_end=season.ends_on))

    def compute():
        values = {player_id: mers.player_value(player_results) for player_id, player_results in results.items()}
        return sorted(values, key=lambda player_id: (not values[player_id].ranked,
                                                     -to_decimal(values[player_id].value, 2), player_id))

    return compute


def clear_standings(tournament: Tournament) -> None:
    for model in (GameResult, Standing, TableGame, PlayerTotal):
        model.objects.filter(tournament=tournament).delete()


def change_one_hand(tournament: Tournament, run: int) -> None:
    """Correct one hand as the services do (a new record and result, the version one up)."""
    hand = Hand.objects.filter(table__session__tournament=tournament).order_by("pk")[run]
    winner = (hand.record["winner"] + 1) % 4
    values = [500 if seat == winner else value for seat, value in enumerate(hand.record["hand_values"])]
    record = {**hand.record, "winner": winner, "hand_values": values}
    with transaction.atomic():
        Hand.objects.filter(pk=hand.pk).update(record=record, result=settle_record(record), version=F("version") + 1,
                                               updated_at=timezone.now())


def run() -> int:
    rng = random.Random(7)
    print(f"database: {connection.vendor}; {RUNS} runs, figures min / median / max")
    if os.environ.get("BENCH_PART") == "season":  # BENCH_PART=season: only the season ranking
        return run_season(rng)

    start = time.perf_counter()
    tournament = build_tournament(rng)
    print(f"built {PLAYERS} players x {SESSIONS} sessions x {HANDS} hands "
          f"({PLAYERS // 4 * SESSIONS * HANDS:,} hands) in {time.perf_counter() - start:.1f} s")

    def recompute():
        standings_recompute(tournament=tournament)

    if os.environ.get("BENCH_PROFILE"):
        import cProfile

        cProfile.runctx("recompute()", globals(), locals(), sort="tottime")
        clear_standings(tournament)
    baseline = arithmetic_in_memory(tournament)
    base, first, again, changed = [], [], [], []
    for index in range(RUNS):
        clear_standings(tournament)
        base.append(clock(baseline))
        first.append(clock(recompute))
        again.append(clock(recompute))
        change_one_hand(tournament, index)
        changed.append(clock(recompute))
    print(f"  game results {GameResult.objects.filter(tournament=tournament).count()}, "
          f"standings {Standing.objects.filter(tournament=tournament).count()}")
    report("arithmetic in memory (baseline)", base)
    report("standings_recompute, first (creates everything)", first, base,
           f"target <= 2x: {'ok' if statistics.median(first) <= 2 * statistics.median(base) else 'MISSED'}")
    report("standings_recompute, unchanged (writes nothing)", again, base,
           f"target <= 0.2 s: {'ok' if statistics.median(again) <= 0.2 else 'MISSED'}")
    report("standings_recompute, one hand changed", changed, base,
           f"target <= 0.2 s: {'ok' if statistics.median(changed) <= 0.2 else 'MISSED'}")

    if os.environ.get("BENCH_SEASON", "1") == "0":
        return 0
    return run_season(rng)


def run_season(rng: random.Random) -> int:
    start = time.perf_counter()
    season = build_season(rng)
    print(f"built 5,000 players, 31,250 games (500,000 hands) in {time.perf_counter() - start:.1f} s")
    for method in Season.RankingMethod:
        Season.objects.filter(pk=season.pk).update(ranking_method=method, min_games=10)
        season.refresh_from_db()
        base, first, again = [], [], []
        arithmetic = mers_in_memory(season) if method == Season.RankingMethod.MERS else None
        for _run in range(RUNS if method == Season.RankingMethod.MERS else 1):
            season.rankings.all().delete()
            season.ranking_snapshots.all().delete()
            RankingState.objects.filter(season=season).delete()
            if arithmetic is not None:
                base.append(clock(arithmetic))
            first.append(clock(lambda: rankings_recompute(season=season)))
            again.append(clock(lambda: rankings_recompute(season=season)))
        if arithmetic is None:
            report(f"rankings_recompute, {method.value}, first", first, target="target < 60 s")
            report(f"rankings_recompute, {method.value}, unchanged", again)
            continue
        report("MERS arithmetic in memory (baseline)", base)
        report("rankings_recompute, mers, first", first, base,
               f"target <= 1 s: {'ok' if statistics.median(first) <= 1 else 'MISSED'}")
        report("rankings_recompute, mers, unchanged", again, base,
               f"target <= 0.3 s: {'ok' if statistics.median(again) <= 0.3 else 'MISSED'}")
    print(f"  rankings {season.rankings.count()}, ranked {season.rankings.filter(rank__isnull=False).count()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
