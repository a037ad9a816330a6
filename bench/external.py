"""Benchmark of results from elsewhere (league.services.external) and the season's recompute.

Run from the project root:  DJANGO_SETTINGS_MODULE=mjl.settings .venv/bin/python bench/external.py

Uses the configured DATABASE_URL when set (PostgreSQL: migrated here; every row it makes is removed
at the end, also after a failure), else a fresh SQLite file in a temporary folder. The league holds
3,000 players (2,000 with EMA numbers). A 1,000-row EMA results file (.csv) names 600 of them by EMA
number, 200 by name without a number (written without accents or in another case, as files do) and
200 people new to the league. Prints, three runs each (min / median / max):

* the preview of the file (every row matched, nothing stored);
* its first import (a new external tournament, 200 new players) and the same file sent again (it
  replaces the results);
* the season's MERS ranking over five such imported tournaments of 1,000 rows each: the first
  recompute (every row written) and one with nothing changed.

The ranking's recompute is queued by each import; here it is kept out of the import's time and
timed on its own (``rankings_recompute``).
"""

from __future__ import annotations

import datetime
import random
import statistics
import string
import sys
import time

from django_scratch import TAG  # sets Django up: before anything below reads the settings

# isort: split
from django.core.files.uploadedfile import SimpleUploadedFile  # noqa: E402
from django.core.management import call_command  # noqa: E402

from league.models import League, Player, Season, SeasonRanking, Standing, Tournament  # noqa: E402
from league.services import external  # noqa: E402
from league.services.rankings import rankings_recompute  # noqa: E402

PLAYERS = 3000
WITH_NUMBERS = 2000
ROWS = 1000
EVENTS = 5
RUNS = 3
COUNTRIES = ["DE", "NL", "AT", "DK", "FR", "BE", "CH"]
MADE: list[int] = []  # the league's players made here
SEASON_START = datetime.date(2026, 1, 1)
FIRST_NAMES = ["Anna", "Jürgen", "Petra", "Jan", "Kees", "Marie", "Lukas", "Sophie", "Felix", "Lena", "Tobias",
               "Julia", "Stefan", "Sarah", "Michael", "Laura", "Andreas", "Katrin", "Thomas", "Eva", "Björn",
               "Hanna", "Piet", "Sanne", "Daan", "Emma", "Lars", "Ida", "Søren", "Maja"]


def report(label: str, times: list[float]) -> None:
    print(f"{label:<58} {min(times):>7.3f} / {statistics.median(times):>7.3f} / {max(times):>7.3f} s")


def league_players() -> list[tuple[str, str, str]]:
    """(first name, last name, EMA number) of the league's players, made here."""
    rng = random.Random(7)
    # a common first name and a last name of its own (no two alike), as a league's players have
    codes = ["".join(rng.choices(string.ascii_lowercase, k=7)) for _n in range(PLAYERS)]
    made = [Player(first_name=FIRST_NAMES[n % len(FIRST_NAMES)], last_name=f"Mü{codes[n]}",
                   country=COUNTRIES[n % 7],
                   ema_id=f"97{n:06d}" if n < WITH_NUMBERS else "")
            for n in range(PLAYERS)]
    Player.objects.bulk_create(made, batch_size=2000)
    MADE.extend(Player.objects.filter(last_name__in=[p.last_name for p in made]).values_list("pk", flat=True))
    return [(p.first_name, p.last_name, p.ema_id) for p in made]


GUEST_RNG = random.Random(11)
guests = [["".join(GUEST_RNG.choices(string.ascii_lowercase, k=8)) for _n in range(200)] for _e in range(EVENTS)]


def results_file(people: list[tuple[str, str, str]], event: int) -> SimpleUploadedFile:
    lines = ["Place;Last name;First name;EMA number;Country;Table points;Score"]
    by_number = [(first, last, ema) for first, last, ema in people if ema]
    without = [(first, last) for first, last, ema in people if not ema]
    rows = [(last, first, ema) for first, last, ema in by_number[event * 100:event * 100 + 600]]
    # the same names as the league has them, written without umlauts and in another case
    rows += [(last.replace("ü", "ue").upper(), first.replace("ü", "ue"), "")  # "MUE…", "Juergen"
             for first, last in without[event * 50:event * 50 + 200]]
    rows += [(f"Guest{code}", "Newcomer", "") for code in guests[event]]
    for place, (last, first, ema) in enumerate(rows, start=1):
        lines.append(f"{place};{last};{first};{ema};{COUNTRIES[place % 7]};{ROWS - place};{(ROWS - place) * 10}")
    return SimpleUploadedFile(f"results-{event}.csv", "\n".join(lines).encode(), content_type="text/csv")


def clean() -> None:
    """Every row made here: the league's players, the players the imports made, the tournaments."""
    tournaments = Tournament.objects.filter(season__league__slug=f"bench-external-{TAG}")
    made = set(MADE) | set(Standing.objects.filter(tournament__in=tournaments).values_list("player_id", flat=True))
    tournaments.delete()
    League.objects.filter(slug=f"bench-external-{TAG}").delete()
    Player.objects.filter(pk__in=made).delete()


def main() -> int:
    call_command("migrate", verbosity=0)
    external.rankings_request = lambda **kwargs: None  # timed on its own below
    try:
        return run()
    finally:
        clean()


def run() -> int:
    league = League.objects.create(name=f"Bench external {TAG}", slug=f"bench-external-{TAG}")
    season = Season.objects.create(league=league, name="2026", starts_on=SEASON_START,
                                   ends_on=datetime.date(2026, 12, 31), ranking_method=Season.RankingMethod.MERS)
    people = league_players()
    print(f"{ROWS}-row results files, a league of {PLAYERS} players; min / median / max of {RUNS} runs")

    def event(number: int) -> dict:
        day = SEASON_START + datetime.timedelta(days=7 * number + 10)
        return {"season": season, "name": f"Bench Open {number}", "starts_on": day,
                "ends_on": day + datetime.timedelta(days=1), "country": "NL", "ruleset": "riichi-ema"}

    times = []
    for _run in range(RUNS):
        upload = results_file(people, 0)
        start = time.perf_counter()
        entries = external.external_results_preview(upload=upload, **event(0))
        times.append(time.perf_counter() - start)
    statuses = {status: sum(e["status"] == status for e in entries) for status in ("matched", "new", "error")}
    assert statuses == {"matched": 800, "new": 200, "error": 0}, statuses
    report(f"preview of {ROWS} rows (800 matched, 200 new)", times)

    first, again = [], []
    for run in range(RUNS):
        number = 20 + run  # a new event each run: a first import
        start = time.perf_counter()
        external.external_results_import(upload=results_file(people, 0), **event(number))
        first.append(time.perf_counter() - start)
        start = time.perf_counter()
        _tournament, replaced, _rows = external.external_results_import(upload=results_file(people, 0),
                                                                         **event(number))
        again.append(time.perf_counter() - start)
        assert replaced
    report(f"first import of {ROWS} rows (200 new players)", first)
    report("the same file again (replaces the results)", again)
    Tournament.objects.filter(season=season).delete()

    for number in range(EVENTS):
        external.external_results_import(upload=results_file(people, number), **event(number))
    recompute_first, recompute_unchanged = [], []
    for _run in range(RUNS):
        SeasonRanking.objects.filter(season=season).delete()
        start = time.perf_counter()
        rankings_recompute(season=season)
        recompute_first.append(time.perf_counter() - start)
        start = time.perf_counter()
        changed = rankings_recompute(season=season)
        recompute_unchanged.append(time.perf_counter() - start)
        assert not changed
    ranked = SeasonRanking.objects.filter(season=season).count()
    report(f"season MERS, {EVENTS} x {ROWS} rows ({ranked} players): first", recompute_first)
    report("season MERS: nothing changed", recompute_unchanged)
    return 0


if __name__ == "__main__":
    sys.exit(main())
