"""Leagues, seasons and clubs: the one way to create and change them (API, management pages, admin,
demo). Each validates once with a clear code tied to the field and saves only what changed; a
season's change that its ranking reads (method, minimum games, dates, family of rulesets) requests
the ranking."""
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from scoring import rulesets

from ..countries import country_normalised, is_country
from ..errors import Conflict, ServiceError
from ..models import Club, League, Season
from .fields import field_error, fields_required, fields_set
from .rankings import rankings_request

LEAGUE_FIELDS = ("name", "slug", "description")
SEASON_FIELDS = ("league", "name", "starts_on", "ends_on", "ranking_method", "min_games", "ruleset_family")
CLUB_FIELDS = ("name", "city", "country")
# What the season's ranking reads (counted_tournaments and the methods).
SEASON_RANKING_FIELDS = ("ranking_method", "min_games", "starts_on", "ends_on", "ruleset_family")


# ---- leagues ----

def league_validate(league: League) -> None:
    """The rules a league keeps (on the unsaved instance; ServiceError with code and field)."""
    league.name = (league.name or "").strip()
    if not league.slug:
        league.slug = slugify(league.name)[:50]
    fields_required(league, ("name", "slug"))
    if slugify(league.slug) != league.slug:
        raise field_error("invalid_slug", "slug", _("Use only lower-case letters, digits and hyphens."))
    others = League.objects.exclude(pk=league.pk)
    if others.filter(name__iexact=league.name).exists():
        raise field_error("name_taken", "name", _("Another league already has this name."), error=Conflict)
    if others.filter(slug=league.slug).exists():
        raise field_error("slug_taken", "slug", _("Another league already has this address."), error=Conflict)


def league_create(*, data: dict) -> League:
    """A new league (``name``, optional ``slug`` – made from the name – and ``description``)."""
    league = League()
    fields_set(league, data, LEAGUE_FIELDS)
    league_validate(league)
    league.save()
    return league


def league_update(*, league: League, data: dict) -> League:
    changed = fields_set(league, data, LEAGUE_FIELDS)
    if changed:
        league_validate(league)
        league.save(update_fields=changed)
    return league


# ---- seasons ----

def season_validate(season: Season, *, outside_season_ok: bool = False) -> None:
    """The rules a season keeps (on the unsaved instance); its tournaments stay within its dates."""
    season.name = (season.name or "").strip()
    fields_required(season, ("league", "name", "starts_on", "ends_on"))
    if "/" in season.name:
        raise field_error("invalid_name", "name", _("A season's name is part of its address; leave out “/”."))
    if season.ends_on < season.starts_on:
        raise field_error("dates_order", "ends_on", _("The season cannot end before it starts."))
    if season.ranking_method not in Season.RankingMethod.values:
        raise field_error("unknown_ranking_method", "ranking_method", _("Choose one of the ranking methods."))
    season.ruleset_family = season.ruleset_family or ""
    if season.ruleset_family and season.ruleset_family not in rulesets.FAMILIES:
        raise field_error("unknown_ruleset_family", "ruleset_family", _("Choose one of the families of rulesets."))
    if season.ruleset_family and season.pk is not None:
        others = [name for name in rulesets.names() if rulesets.family(name) != season.ruleset_family]
        names = ", ".join(season.tournaments.filter(ruleset__in=others).values_list("name", flat=True)[:5])
        if names:
            message = (_("These tournaments of the season are of another family of rulesets: %(names)s. Move "
                         "them to another season first.") % {"names": names})
            raise Conflict("ruleset_family_mismatch", message, fields={"ruleset_family": [message]})
    if Season.objects.filter(league=season.league, name=season.name).exclude(pk=season.pk).exists():
        raise field_error("name_taken", "name", _("This league already has a season of this name."), error=Conflict)
    if season.pk is not None and not outside_season_ok:
        outside = season.tournaments.exclude(starts_on__gte=season.starts_on, ends_on__lte=season.ends_on)
        names = ", ".join(outside.values_list("name", flat=True)[:5])
        if names:
            message = _("These tournaments would lie outside the season's new dates: %(names)s. Change the dates, "
                        "or confirm that they are right.") % {"names": names}
            raise ServiceError("outside_season", message, fields={"starts_on": [message]})


def season_create(*, data: dict) -> Season:
    """A new season of a league (``league``, ``name`` – used in the address –, ``starts_on``,
    ``ends_on``, optional ``ranking_method`` and ``min_games``)."""
    season = Season()
    fields_set(season, data, SEASON_FIELDS)
    season_validate(season, outside_season_ok=True)
    season.save()
    return season


def season_update(*, season: Season, data: dict, outside_season_ok: bool = False) -> Season:
    """Change the season; new dates that leave one of its tournaments outside are refused
    (``outside_season``) unless ``outside_season_ok``. A change the ranking reads requests it."""
    with transaction.atomic():
        changed = fields_set(season, data, SEASON_FIELDS)
        if not changed:
            return season
        season_validate(season, outside_season_ok=outside_season_ok)
        season.save(update_fields=changed)
        if set(changed) & set(SEASON_RANKING_FIELDS):
            rankings_request(season_id=season.pk)
    return season


# ---- clubs ----

def club_validate(club: Club) -> None:
    """The rules a club keeps (on the unsaved instance)."""
    club.name, club.city, club.country = (club.name or "").strip(), (club.city or "").strip(), \
        country_normalised(club.country)
    fields_required(club, ("name", "country"))
    if not is_country(club.country):
        raise field_error("invalid_country", "country", _("Give a two-letter country code (ISO 3166), e.g. DE."))
    if Club.objects.filter(name__iexact=club.name).exclude(pk=club.pk).exists():
        raise field_error("name_taken", "name", _("Another club already has this name."), error=Conflict)


def club_create(*, data: dict) -> Club:
    """A new club (``name``, optional ``city`` and ``country``, DE when not given)."""
    club = Club()
    fields_set(club, data, CLUB_FIELDS)
    club_validate(club)
    club.save()
    return club


def club_update(*, club: Club, data: dict) -> Club:
    changed = fields_set(club, data, CLUB_FIELDS)
    if changed:
        club_validate(club)
        club.save(update_fields=changed)
    return club
