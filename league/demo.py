"""The demo league: built through the same services a referee uses, so every balance, standing
and ranking is what the scoring engine says. ``manage.py demo_generate`` writes it to
fixtures/demo.json; ``manage.py demo`` loads it."""
import datetime
import random

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction

from scoring import handvalue

from .errors import ServiceError
from .models import Club, Player, Season, Table, Tournament
from .permissions import ADMIN_GROUP
from .services.club import club_session_open, club_table_form
from .services.confirmations import table_confirm
from .services.hands import hand_record, table_close
from .services.leagues import club_create, league_create, season_create
from .services.rankings import tournament_finish
from .services.seating import seating_generate
from .services.tournaments import referee_assign, registration_create, tournament_create

CLUBS = [("Drachenhort Berlin", "Berlin"), ("Mah-Jongg Freunde Chemnitz", "Chemnitz"),
         ("Bambus Hamburg", "Hamburg"), ("Rote Drachen München", "München")]
FIRST = ["Anna", "Ben", "Clara", "David", "Eva", "Felix", "Greta", "Hannes", "Ida", "Jonas", "Katrin", "Lukas",
         "Mia", "Niklas", "Olga", "Paul", "Quirin", "Rosa", "Stefan", "Tina", "Uwe", "Vera", "Wolf", "Xenia",
         "Yusuf", "Zoe", "Arne", "Birte", "Carlo", "Doris", "Emil", "Frieda"]
LAST = ["Albers", "Brandt", "Conrad", "Dietrich", "Engel", "Fuchs", "Graf", "Hahn", "Ilgner", "Jäger", "Kraus",
        "Lorenz", "Möller", "Nagel", "Otto", "Peters", "Quast", "Roth", "Sauer", "Thiel", "Ulrich", "Vogel",
        "Wagner", "Xander", "Yilmaz", "Zimmer", "Arndt", "Bauer", "Claus", "Dreyer", "Ebert", "Fink"]
HAND_CAP = 40  # a safety stop: a complete game ends long before


def _classical_record(rng: random.Random) -> dict:
    roll = rng.random()
    if roll < 0.06:
        return {"outcome": "draw"}
    if roll < 0.09:
        return {"outcome": "void", "penalties": [{"type": "false_mahjong", "seat": rng.randrange(4)}]}
    winner = rng.randrange(4)
    values = [rng.choice([0, 4, 8, 16, 24, 32, 48, 64, 96, 128, 256]) for _ in range(4)]
    values[winner] = rng.choice([100, 128, 160, 192, 256, 320, 384, 512, 768, 1024, 2048])
    record: dict = {"outcome": "win", "winner": winner, "hand_values": values}
    if rng.random() < 0.05:
        record["penalties"] = [{"type": "dead_hand", "seat": (winner + rng.randrange(1, 4)) % 4}]
    elif rng.random() < 0.03:
        record["penalties"] = [{"type": "dangerous_game", "seat": (winner + rng.randrange(1, 4)) % 4}]
    return record


def _riichi_record(rng: random.Random) -> dict:
    riichi = [seat for seat in range(4) if rng.random() < 0.2]
    if rng.random() < 0.15:
        return {"outcome": "draw", "riichi": riichi, "tenpai": sorted(set(riichi) | {rng.randrange(4)})}
    winner = rng.randrange(4)
    han = rng.choice([1, 1, 2, 2, 3, 3, 4, 5, 6, 8])
    fu = rng.choice([30, 30, 40, 40, 50, 70]) if han < 5 else 30
    record: dict = {"outcome": "win", "wins": [{"seat": winner, "han": han, "fu": fu}], "riichi": riichi}
    if rng.random() < 0.45:
        record["win_type"] = "self_draw"
    else:
        record["win_type"] = "discard"
        record["discarder"] = (winner + rng.randrange(1, 4)) % 4
    return record


# MCR winning hands (docs/rules.md §9, engine ``mcr``): the tiles by suit (man/pin/sou/honours, the
# melds' tiles included), the winning tile, the melds (type, "+" melded or "-" concealed, suit letter,
# tiles) and the flowers. Valued from their tiles when played (``_mcr_record``); none counts a wind.
MCR_HANDS = (
    ("333/12333/111234/", "3p", ("pon+m333", "chi+p123", "chi+s234"), 2),
    ("/7777/234456678/22", "4s", ("chi+s678", "kan-p7777", "chi+s234"), 1),
    ("3333678/223457777//", "2p", ("chi+m678", "kan+p7777", "kan+m3333", "chi+p345"), 1),
    ("11/1111/344555667/", "1m", ("kan+p1111", "chi+s567", "chi+s345"), 2),
    ("666/7777/666677/666", "7s", ("kan+s6666", "kan-p7777"), 0),
    ("123/6666/22777/7777", "2s", ("kan-z7777", "pon+s777", "kan+p6666"), 0),
)
SUIT_NAMES = {"m": "man", "p": "pin", "s": "sou", "z": "honors"}


def _mcr_tiles(hand: tuple, *, self_drawn: bool) -> dict:
    """One of ``MCR_HANDS`` as the tile record the hand valuation reads."""
    tiles, win_tile, melds, flowers = hand
    shape = dict(zip(SUIT_NAMES.values(), tiles.split("/"), strict=True))
    return {"ruleset": "mcr", "tiles": shape, "win_tile": win_tile, "flowers": flowers,
            "melds": [{"type": meld[:3], "opened": meld[3] == "+",
                       "tiles": {**dict.fromkeys(SUIT_NAMES.values(), ""), SUIT_NAMES[meld[4]]: meld[5:]}}
                      for meld in melds],
            "situation": {"self_drawn": self_drawn, "last_of_kind": False, "kong": False, "last_of_wall": False,
                          "seat_wind": "E", "round_wind": "E"}}


def _mcr_record(rng: random.Random) -> dict:
    """A hand as a referee enters it from the tiles: the valuation's points, flowers and elements."""
    roll = rng.random()
    if roll < 0.1:
        return {"outcome": "draw"}
    winner = rng.randrange(4)
    record: dict = {"outcome": "win", "winner": winner}
    if rng.random() < 0.35:
        record["win_type"] = "self_draw"
    else:
        record["win_type"] = "discard"
        record["discarder"] = (winner + rng.randrange(1, 4)) % 4
    valued = handvalue.value(_mcr_tiles(rng.choice(MCR_HANDS), self_drawn=record["win_type"] == "self_draw"))
    record.update(points=valued["points"], flowers=valued["flowers"], elements=valued["elements"])
    if roll > 0.97:
        record["penalties"] = [{"type": "false_mahjong", "seat": (winner + rng.randrange(1, 4)) % 4}]
    return record


RECORDS = {"dmjl-classical": _classical_record, "riichi-ema": _riichi_record, "mcr": _mcr_record}


def _play_table(table: Table, rng: random.Random, *, hands: int | None, user) -> None:
    generate = RECORDS[table.session.tournament.ruleset]
    for _ in range(hands or HAND_CAP):
        try:
            hand_record(table=table, record=generate(rng), user=user)
        except ServiceError as error:
            if error.code == "game_complete":
                return
            raise


@transaction.atomic
def demo_build(*, seed: int = 2026) -> None:
    """Create the demo league in an empty database."""
    rng = random.Random(seed)
    clubs = [club_create(data={"name": name, "city": city}) for name, city in CLUBS]
    players = [
        Player.objects.create(first_name=FIRST[i], last_name=LAST[(i * 7) % 32], club=clubs[i % 4],
                              country="DE" if i % 8 else "AT", ema_id=f"0{4000000 + i * 137}" if i % 3 else "")
        for i in range(32)
    ]
    league = league_create(data={"name": "Deutsche Mah-Jongg Liga", "slug": "dmjl",
                                 "description": "Die Liga der deutschen Mah-Jongg-Clubs."})
    # one season per family of rulesets: classical, riichi and MCR results are ranked apart
    year = {"league": league, "starts_on": datetime.date(2026, 1, 1), "ends_on": datetime.date(2026, 12, 31)}
    season = season_create(data={**year, "name": "2026", "ruleset_family": "chinese-classical"})
    riichi_season = season_create(data={**year, "name": "2026-riichi", "ruleset_family": "riichi"})
    mcr_season = season_create(data={**year, "name": "2026-mcr", "ruleset_family": "mcr",
                                     "ranking_method": Season.RankingMethod.MERS})
    finished = tournament_create(data={
        "slug": "chemnitz-open-2026", "name": "Chemnitz Open 2026", "season": season, "ruleset": "dmjl-classical",
        "options": {"upper_limit": 5000}, "place": "Chemnitz", "starts_on": datetime.date(2026, 6, 13),
        "ends_on": datetime.date(2026, 6, 14), "status": Tournament.Status.RUNNING, "published": True,
        "session_count": 4})
    running = tournament_create(data={
        "slug": "berlin-riichi-cup-2026", "name": "Berlin Riichi Cup 2026", "season": riichi_season,
        "ruleset": "riichi-ema", "place": "Berlin", "starts_on": datetime.date(2026, 11, 21),
        "ends_on": datetime.date(2026, 11, 22), "status": Tournament.Status.RUNNING, "published": True,
        "session_count": 4})
    mcr = tournament_create(data={
        "slug": "hamburg-mcr-open-2026", "name": "Hamburg MCR Open 2026", "season": mcr_season, "ruleset": "mcr",
        "place": "Hamburg", "starts_on": datetime.date(2026, 9, 5), "ends_on": datetime.date(2026, 9, 5),
        "status": Tournament.Status.RUNNING, "published": True, "session_count": 2})
    for player in players:
        registration_create(tournament=finished, player=player)
    for player in players[8:24]:
        registration_create(tournament=mcr, player=player)
    for player in players[:16]:
        registration_create(tournament=running, player=player)

    for number in range(1, finished.session_count + 1):
        session = seating_generate(tournament=finished, number=number, method="balanced")
        for table in session.tables.order_by("number"):
            _play_table(table, rng, hands=None, user=None)
            table_close(table=table, user=None)
    for number in (1, 2):
        session = seating_generate(tournament=running, number=number, method="balanced")
        for table in session.tables.order_by("number"):
            _play_table(table, rng, hands=None if number == 1 else rng.randrange(2, 7), user=None)
            if number == 1:
                table_close(table=table, user=None)
    tournament_finish(tournament=finished)
    for number in range(1, mcr.session_count + 1):
        session = seating_generate(tournament=mcr, number=number, method="balanced")
        for table in session.tables.order_by("number"):
            _play_table(table, rng, hands=None, user=None)
            table_close(table=table, user=None)
    tournament_finish(tournament=mcr)


@transaction.atomic
def demo_club(*, seed: int = 2026) -> Tournament | None:
    """The demo's club event (added when the demo loads, beside the fixture's tournaments): the
    Thursday evenings of the first club, its members registered, two evenings played, the second
    one's table still open. None when the league or the club is missing."""
    seasons = Season.objects.order_by("starts_on", "pk")
    season = seasons.filter(ruleset_family="chinese-classical").first() or seasons.first()
    club = Club.objects.order_by("pk").first()
    if season is None or club is None:
        return None
    rng = random.Random(seed)
    event = tournament_create(data={
        "slug": "drachenhort-donnerstage-2026", "name": f"{club.name}: Donnerstagsrunde", "season": season,
        "ruleset": "dmjl-classical", "place": club.city, "starts_on": season.starts_on, "ends_on": season.ends_on,
        "published": True, "kind": Tournament.Kind.CLUB})
    members = list(Player.objects.filter(club=club).order_by("pk")[:8])
    for player in members:
        registration_create(tournament=event, player=player)
    for number, tables in ((1, (members[:4], members[4:8])), (2, (members[2:6],))):
        club_session_open(tournament=event)
        for seats in tables:
            table = club_table_form(tournament=event, number=number, seats=[p.pk for p in seats], user=None)
            _play_table(table, rng, hands=None if number == 1 else rng.randrange(2, 7), user=None)
            if number == 1:
                table_close(table=table, user=None)
                # the first table confirmed by three of its players on their phones, the other by a referee
                for player in seats[:3] if seats is tables[0] else [None]:
                    table_confirm(table=table, user=None, player_id=player and player.pk)
    return event


def demo_users(*, admin_password: str, referee_password: str) -> None:
    """The demo's administrator and referee (assigned to every running tournament)."""
    users = get_user_model()
    admin, _ = users.objects.get_or_create(username="admin", defaults={"is_staff": True, "is_superuser": True})
    admin.set_password(admin_password)
    admin.save()
    admin.groups.add(Group.objects.get_or_create(name=ADMIN_GROUP)[0])
    referee, _ = users.objects.get_or_create(username="referee")
    referee.set_password(referee_password)
    referee.save()
    for tournament in Tournament.objects.filter(status=Tournament.Status.RUNNING):
        referee_assign(tournament=tournament, user=referee)


def demo_player_accounts(*, password: str) -> list[str]:
    """Accounts for the four players at the running tournament's first open table (their Me page
    shows it), named by first name; returns the user names."""
    table = (Table.objects.filter(closed=False, session__tournament__status=Tournament.Status.RUNNING)
             .order_by("session__tournament_id", "session__number", "number").first())
    if table is None:
        return []
    users, names = get_user_model(), []
    for seat in table.seats.select_related("player__user").order_by("position"):
        player = seat.player
        user = player.user or users.objects.get_or_create(username=player.first_name.lower())[0]
        user.set_password(password)
        user.save()
        if player.user_id is None and not Player.objects.filter(user=user).exists():
            player.user = user
            player.save(update_fields=["user"])
        names.append(user.get_username())
    return names
