"""The scoped answers of league.permissions: who administers which league, organises which club,
directs and referees which tournament, and what each of them sees."""
import pytest
from django.contrib.auth.models import Group

from league.models import RefereeAssignment, Role
from league.permissions import (
    ADMIN_GROUP,
    administers_league,
    administers_tournament,
    can_referee,
    directed_tournaments,
    directs,
    edits_player,
    has_scope,
    is_league_admin,
    is_site_admin,
    organises_club,
    visible_tournaments,
)
from tests.factories import AdminFactory, PlayerFactory, UserFactory, referee_for
from tests.roles_world import federation

pytestmark = pytest.mark.django_db


def test_superusers_and_the_group_are_site_administrators_and_is_league_admin_still_means_that():
    member = UserFactory()
    member.groups.add(Group.objects.get(name=ADMIN_GROUP))
    for user in (AdminFactory(), member):
        assert is_site_admin(user) and is_league_admin(user) and has_scope(user)
    assert not is_site_admin(UserFactory(is_staff=True))


def test_a_league_administrator_directs_the_events_of_their_league_and_nothing_else():
    world = federation()
    admin = world.league_admin
    assert administers_league(admin, world.league.pk) and not administers_league(admin, world.other_league.pk)
    assert administers_tournament(admin, world.tournament) and directs(admin, world.tournament)
    assert can_referee(admin, world.tournament.pk)
    for elsewhere in (world.other_tournament, world.club_event, world.other_club_event):
        assert not directs(admin, elsewhere) and not can_referee(admin, elsewhere.pk)
    assert not is_site_admin(admin) and has_scope(admin)


def test_a_club_organiser_directs_their_clubs_events_only():
    world = federation()
    organiser = world.club_organiser
    assert organises_club(organiser, world.club.pk) and not organises_club(organiser, world.other_club.pk)
    assert directs(organiser, world.club_event) and administers_tournament(organiser, world.club_event)
    for elsewhere in (world.tournament, world.other_tournament, world.other_club_event):
        assert not directs(organiser, elsewhere)
    assert not administers_league(organiser, world.league.pk)


def test_a_director_directs_their_tournament_but_does_not_own_it():
    world = federation()
    director = world.director
    assert directs(director, world.tournament) and directs(director, world.tournament.pk)
    assert not administers_tournament(director, world.tournament)
    assert not directs(director, world.other_tournament) and not directs(director, world.club_event)
    assert not administers_league(director, world.league.pk)


def test_a_referee_referees_without_directing():
    world = federation()
    referee = referee_for(world.tournament)
    assert can_referee(referee, world.tournament.pk) and not directs(referee, world.tournament)
    assert not has_scope(referee)
    assert Role.objects.filter(user=referee, role="referee", tournament=world.tournament,
                               assignment__isnull=False).exists()


def test_an_invited_role_gives_nothing_until_it_is_accepted():
    world = federation()
    stranger = UserFactory()
    Role.objects.create(email="later@example.org", role=Role.Kind.DIRECTOR, tournament=world.other_tournament,
                        status=Role.Status.INVITED)
    assert not directs(stranger, world.other_tournament)


def test_directors_see_their_unpublished_tournaments_and_nobody_elses():
    world = federation(published=False)
    assert set(visible_tournaments(world.league_admin)) == {world.tournament}
    assert set(visible_tournaments(world.club_organiser)) == {world.club_event}
    assert set(visible_tournaments(world.director)) == {world.tournament}
    assert set(directed_tournaments(world.league_admin)) == {world.tournament}
    assert not visible_tournaments(UserFactory()).exists()
    assert visible_tournaments(AdminFactory()).count() == 4


def test_who_edits_a_player():
    world = federation()
    member = PlayerFactory(club=world.club)
    registered = PlayerFactory()
    world.tournament.registrations.create(player=registered)
    stranger = PlayerFactory()
    assert edits_player(world.club_organiser, member) and not edits_player(world.club_organiser, registered)
    assert edits_player(world.league_admin, registered) and not edits_player(world.league_admin, stranger)
    assert not edits_player(world.director, registered)
    assert edits_player(AdminFactory(), stranger)


def test_taking_a_referee_assignment_away_takes_its_role_too():
    world = federation()
    referee = referee_for(world.tournament)
    RefereeAssignment.objects.filter(user=referee).delete()
    assert not Role.objects.filter(user=referee).exists() and not can_referee(referee, world.tournament.pk)
