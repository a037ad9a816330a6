"""The database refuses what must never hold, whatever code tries to save it."""
import datetime

import pytest
from django.db import IntegrityError, transaction

from league.models import Hand, Player, Registration, Seat, Table, Tournament
from tests.factories import PlayerFactory, SessionFactory, TournamentFactory, table_with_players

pytestmark = pytest.mark.django_db


def refused(create) -> bool:
    try:
        with transaction.atomic():
            create()
    except IntegrityError:
        return True
    return False


def test_a_player_sits_only_once_per_session():
    table = table_with_players()
    other = Table.objects.create(session=table.session, number=2)
    player = table.seats.first().player
    assert refused(lambda: Seat.objects.create(session=table.session, table=other, position=0, player=player))


def test_two_players_cannot_share_a_seat():
    table = table_with_players()
    assert refused(lambda: Seat.objects.create(session=table.session, table=table, position=0,
                                               player=PlayerFactory()))


def test_seats_are_numbered_zero_to_three():
    session = SessionFactory()
    table = Table.objects.create(session=session, number=1)
    assert refused(lambda: Seat.objects.create(session=session, table=table, position=4, player=PlayerFactory()))


def test_hand_numbers_are_unique_per_table():
    table = table_with_players()
    fields = {"record": {}, "result": {}, "dealer": 0, "prevailing_wind": "E"}
    Hand.objects.create(table=table, number=1, **fields)
    assert refused(lambda: Hand.objects.create(table=table, number=1, **fields))


def test_a_player_registers_once_per_tournament():
    tournament = TournamentFactory()
    player = PlayerFactory()
    Registration.objects.create(tournament=tournament, player=player)
    assert refused(lambda: Registration.objects.create(tournament=tournament, player=player))


def test_ema_numbers_are_unique_but_may_be_empty():
    PlayerFactory(ema_id="04010001")
    PlayerFactory(ema_id="")
    PlayerFactory(ema_id="")
    assert refused(lambda: PlayerFactory(ema_id="04010001"))


def test_a_country_is_two_capital_letters():
    assert refused(lambda: Player.objects.create(first_name="A", last_name="B", country="de"))


def test_a_tournament_cannot_end_before_it_starts():
    assert refused(lambda: Tournament.objects.create(slug="t", name="T", ruleset="dmjl-hke",
                                                     starts_on=datetime.date(2026, 5, 2),
                                                     ends_on=datetime.date(2026, 5, 1)))

