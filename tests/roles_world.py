"""A federation on one site for the tests of scoped roles: two leagues, each with a season and a
tournament, two clubs, each hosting a club event, a league administrator of the first league, a
club organiser of the first club, a director of the first league's tournament, and the same
things again outside their scopes."""
from dataclasses import dataclass

from league.models import Role, Tournament
from tests.factories import ClubFactory, LeagueFactory, SeasonFactory, TournamentFactory, UserFactory


def role_for(user, kind: str, **scope) -> Role:
    return Role.objects.create(user=user, role=kind, **scope)


@dataclass
class World:
    league: object
    other_league: object
    season: object
    other_season: object
    club: object
    other_club: object
    tournament: Tournament          # in league's season
    other_tournament: Tournament    # in other_league's season
    club_event: Tournament          # hosted by club
    other_club_event: Tournament    # hosted by other_club
    league_admin: object
    club_organiser: object
    director: object                # directs tournament


def federation(*, published: bool = True) -> World:
    league, other_league = LeagueFactory(), LeagueFactory()
    season, other_season = SeasonFactory(league=league), SeasonFactory(league=other_league)
    club, other_club = ClubFactory(), ClubFactory()
    tournament = TournamentFactory(season=season, published=published)
    other_tournament = TournamentFactory(season=other_season, published=published)
    club_event = TournamentFactory(host_club=club, kind=Tournament.Kind.CLUB, published=published)
    other_club_event = TournamentFactory(host_club=other_club, kind=Tournament.Kind.CLUB, published=published)
    league_admin, club_organiser, director = (UserFactory(username=name, email=f"{name}@example.org")
                                              for name in ("leagueadmin", "cluborganiser", "director"))
    role_for(league_admin, Role.Kind.LEAGUE_ADMIN, league=league)
    role_for(club_organiser, Role.Kind.CLUB_ORGANISER, club=club)
    role_for(director, Role.Kind.DIRECTOR, tournament=tournament)
    return World(league, other_league, season, other_season, club, other_club, tournament, other_tournament,
                 club_event, other_club_event, league_admin, club_organiser, director)
