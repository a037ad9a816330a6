"""factory_boy factories for test data: one place, used by every test module."""
import datetime

import factory
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from league import models
from league.services.hands import hand_record
from league.services.standings import standings_recompute
from league.templatetags.headers import SOFT_HYPHEN


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("secret-pass-123")


class AdminFactory(UserFactory):
    username = factory.Sequence(lambda n: f"admin{n}")
    is_staff = True
    is_superuser = True


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Club

    name = factory.Sequence(lambda n: f"Club {n}")
    city = "Berlin"


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Player

    first_name = factory.Sequence(lambda n: f"First{n}")
    last_name = factory.Sequence(lambda n: f"Last{n}")
    club = factory.SubFactory(ClubFactory)
    country = "DE"


class LeagueFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.League

    name = factory.Sequence(lambda n: f"League {n}")
    slug = factory.Sequence(lambda n: f"league-{n}")


class SeasonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Season

    league = factory.SubFactory(LeagueFactory)
    name = factory.Sequence(lambda n: str(2000 + n))
    starts_on = datetime.date(2026, 1, 1)
    ends_on = datetime.date(2026, 12, 31)


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Tournament

    slug = factory.Sequence(lambda n: f"tournament-{n}")
    name = factory.Sequence(lambda n: f"Tournament {n}")
    ruleset = "dmjl-classical"
    options = factory.LazyFunction(dict)
    starts_on = datetime.date(2026, 5, 1)
    ends_on = datetime.date(2026, 5, 2)
    status = models.Tournament.Status.RUNNING
    published = True
    session_count = 4


class SessionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Session

    tournament = factory.SubFactory(TournamentFactory)
    number = 1


def table_with_players(*, session=None, number: int = 1, players=None, **tournament_fields) -> models.Table:
    """A table with four seated (and registered) players."""
    if session is None:
        session = SessionFactory(tournament=TournamentFactory(**tournament_fields))
    table = models.Table.objects.create(session=session, number=number)
    players = players or PlayerFactory.create_batch(4)
    for position, player in enumerate(players):
        models.Registration.objects.get_or_create(tournament=session.tournament, player=player)
        models.Seat.objects.create(session=session, table=table, position=position, player=player)
    return table


def register_players(tournament, count: int, **registration_fields) -> list[models.Player]:
    """``count`` new players registered for ``tournament`` (``substitute=True``: as substitutes)."""
    players = PlayerFactory.create_batch(count)
    for player in players:
        models.Registration.objects.create(tournament=tournament, player=player, **registration_fields)
    return players


def referee_for(tournament, **user_fields):
    user = UserFactory(**user_fields)
    models.RefereeAssignment.objects.create(tournament=tournament, user=user)
    return user


def client_for(user) -> APIClient:
    """An API client acting as ``user`` (anonymous for None)."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def page_text(response) -> str:
    """A page's HTML with its words as a reader sees them: without the soft hyphens at which a table's
    headers and tournament names may break on a phone (league/templatetags/headers.py)."""
    return response.content.decode().replace(SOFT_HYPHEN, "")


CLASSICAL_WIN = {"outcome": "win", "winner": 1, "hand_values": [20, 576, 4, 128]}


def table_with_hands(count: int = 3, **table_fields) -> models.Table:
    """A table (``table_with_players``) where ``count`` hands have been entered through the API."""
    table = table_with_players(**table_fields)
    referee = referee_for(table.session.tournament)
    for _ in range(count):
        response = client_for(referee).post(f"/api/v1/tables/{table.pk}/hands/", CLASSICAL_WIN, format="json")
        assert response.status_code == 201, response.content
    return table


def hidden_second_session(*, slug: str) -> tuple[models.Tournament, list[models.Player]]:
    """A tournament whose standings hide session 2 onwards (``hide_standings_from_session``: 2, not
    revealed), the same four players at one table in session 1 and in session 2, one hand played at
    each (``CLASSICAL_WIN``: seat 1 wins), standings recomputed: the tournament and its players in
    seat order."""
    first = table_with_players(slug=slug, options={"hide_standings_from_session": 2})
    tournament = first.session.tournament
    players = [seat.player for seat in first.seats.order_by("position")]
    second = table_with_players(session=SessionFactory(tournament=tournament, number=2), players=players)
    for table in (first, second):
        hand_record(table=table, record=dict(CLASSICAL_WIN), user=None)
    standings_recompute(tournament=tournament)
    return tournament, players
