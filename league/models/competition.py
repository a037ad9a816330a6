"""Leagues, seasons, tournaments, registrations, referees, sessions, tables and seats."""
from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

import scoring
from scoring import rulesets

from .. import tournament_options
from ..rule_options import family_choices, ruleset_choices
from ..validators import validate_visible_name
from .people import Player

WIND_CHOICES = [("E", _("East")), ("S", _("South")), ("W", _("West")), ("N", _("North"))]
# A wind's name by its letter, in the language of the moment: the one mapping every page, sheet and
# export names seats by.
WIND_NAMES = dict(WIND_CHOICES)


class League(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    slug = models.SlugField(_("slug"), unique=True)
    description = models.TextField(_("description"), blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        # What makes a league administrator (league.permissions.is_league_admin), given directly or
        # through the "League administrators" group; is_staff alone only opens Django's admin.
        permissions = [("administer", _("Can administer the leagues, tournaments and results"))]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    class RankingMethod(models.TextChoices):
        TABLE_POINTS_SUM = "table_points_sum", _("Sum of table points")
        TABLE_POINTS_AVG = "table_points_avg", _("Average table points per game")
        MERS = "mers", _("EMA ranking (MERS)")
        CHEMNITZ = "chemnitz", _("Rating (Chemnitz style)")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons", verbose_name=_("league"))
    name = models.CharField(_("name"), max_length=40, help_text=_("Used in the address, e.g. 2026"))
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"))
    ranking_method = models.CharField(_("ranking method"), max_length=20, choices=RankingMethod.choices,
                                      default=RankingMethod.TABLE_POINTS_SUM)
    min_games = models.PositiveIntegerField(_("minimum games"), default=0,
                                            help_text=_("For the average method: games needed to be ranked"))
    # The family of rulesets the season ranks (scoring.rulesets.FAMILIES; docs/rules.md §11).
    ruleset_family = models.CharField(
        _("ruleset family"), max_length=20, blank=True, choices=family_choices,
        help_text=_("The rulesets the season ranks; empty: those of its first tournament"))

    class Meta:
        ordering = ["league", "-starts_on"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="season_name_unique_in_league"),
            models.CheckConstraint(condition=Q(ends_on__gte=F("starts_on")), name="season_dates_ordered"),
        ]

    def __str__(self) -> str:
        return f"{self.league} {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("season", args=[self.league.slug, self.name])


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class StandingMethod(models.TextChoices):
        TABLE_POINTS = "table_points", _("Table points, then game score")
        SCORE = "score", _("Game score, then average place")

    class Kind(models.TextChoices):
        TOURNAMENT = "tournament", _("Tournament")
        CLUB = "club", _("Club event")
        EXTERNAL = "external", _("External")

    slug = models.SlugField(_("slug"), unique=True)
    name = models.CharField(_("name"), max_length=160)
    season = models.ForeignKey(Season, on_delete=models.SET_NULL, null=True, blank=True, related_name="tournaments",
                               verbose_name=_("season"))
    # The rulesets registered in scoring/rulesets (a callable: a new ruleset needs no migration).
    ruleset = models.CharField(_("ruleset"), max_length=20, choices=ruleset_choices)
    options = models.JSONField(_("ruleset options"), default=dict, blank=True,
                               help_text=_("Overrides of the ruleset's defaults, key by key "
                                           "(limits, penalties, table points, rounds …)"))
    place = models.CharField(_("place"), max_length=160, blank=True)
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"))
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.DRAFT)
    published = models.BooleanField(_("published"), default=False)
    session_count = models.PositiveSmallIntegerField(_("number of sessions"), default=4)
    standing_method = models.CharField(_("standings"), max_length=20, choices=StandingMethod.choices,
                                       blank=True, help_text=_("Empty: the ruleset's usual method"))
    weight = models.DecimalField(
        _("ranking weight"), max_digits=4, decimal_places=2, null=True, blank=True, default=None,
        validators=[MinValueValidator(Decimal("0.5")), MaxValueValidator(Decimal("6"))],
        help_text=_("Weight in the EMA ranking (MERS), 0.5 to 6; empty: computed from the EMA table "
                    "(days, players, countries, qualifying)"))
    qualifying = models.BooleanField(_("qualifying tournament"), default=False,
                                     help_text=_("A qualifying tournament weighs 1 more in the EMA ranking"))
    registration_open = models.BooleanField(_("open for self-registration"), default=False,
                                            help_text=_("Players may sign up on the tournament's page"))
    registration_limit = models.PositiveIntegerField(
        _("participant limit"), null=True, blank=True,
        help_text=_("Registrations beyond it go on the waiting list; empty: no limit"))
    registration_deadline = models.DateTimeField(_("registration deadline"), null=True, blank=True)
    standings_revealed_at = models.DateTimeField(
        _("standings revealed at"), null=True, blank=True,
        help_text=_("When the director revealed the standings hidden by the option hide_standings_from_session"))
    kind = models.CharField(
        _("kind"), max_length=20, choices=Kind.choices, default=Kind.TOURNAMENT, editable=False,
        help_text=_("External: held elsewhere, only its final standings are stored (results from elsewhere)"))
    # A club event (or any tournament) may belong to a club: its organisers direct it (league.permissions).
    host_club = models.ForeignKey("league.Club", on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="hosted_tournaments", verbose_name=_("host club"),
                                  help_text=_("The club whose organisers run this event"))
    archived_at = models.DateTimeField(
        _("archived at"), null=True, blank=True, editable=False,
        help_text=_("An archived tournament is hidden from every public page and counts in no ranking; "
                    "it keeps its hands and can be restored"))

    class Meta:
        ordering = ["-starts_on", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(condition=Q(ends_on__gte=F("starts_on")), name="tournament_dates_ordered"),
            models.CheckConstraint(condition=Q(session_count__gte=1), name="tournament_has_sessions"),
            models.CheckConstraint(condition=Q(weight__isnull=True) | Q(weight__gte=Decimal("0.5"), weight__lte=6),
                                   name="tournament_weight_in_range"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament", args=[self.slug])

    @property
    def effective_standing_method(self) -> str:
        if self.standing_method:
            return self.standing_method
        module = rulesets.get(self.ruleset)
        return module.STANDING_METHOD if module else self.StandingMethod.TABLE_POINTS

    @property
    def effective_options(self) -> dict:
        """The ruleset's options (defaults overridden by this tournament's): what settlement reads."""
        return scoring.validate_options(self.ruleset, tournament_options.split(self.options)[0])

    @property
    def day_options(self) -> dict:
        """The tournament-level options (``league.tournament_options``), defaults filled in."""
        return tournament_options.validate(self.options)


class Registration(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="registrations",
                                   verbose_name=_("tournament"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations",
                               verbose_name=_("player"))
    substitute = models.BooleanField(_("substitute"), default=False)
    team = models.CharField(_("team"), max_length=80, blank=True, validators=[validate_visible_name])
    created_at = models.DateTimeField(_("registered at"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "player"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="registration_once")]

    def __str__(self) -> str:
        return f"{self.player.full_name} @ {self.tournament}"


class RefereeAssignment(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="referee_assignments",
                                   verbose_name=_("tournament"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="referee_assignments",
                             verbose_name=_("referee"))

    class Meta:
        verbose_name = _("referee assignment")
        verbose_name_plural = _("referee assignments")
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="referee_once")]

    def __str__(self) -> str:
        return f"{self.user} @ {self.tournament}"


class ClockState(models.TextChoices):
    IDLE = "idle", _("not started")
    RUNNING = "running", _("running")
    PAUSED = "paused", _("paused")
    ENDED = "ended", _("ended")


class Session(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sessions",
                                   verbose_name=_("tournament"))
    number = models.PositiveSmallIntegerField(_("number"))
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    # The draw: kept so that a published seating can be reproduced and audited.
    draw_method = models.CharField(_("seating method"), max_length=20, blank=True)
    draw_seed = models.BigIntegerField(_("seating seed"), null=True, blank=True)
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True)
    # The clock (league.services.clock): ends_at while running, remaining_s while paused.
    clock_state = models.CharField(_("clock"), max_length=10, choices=ClockState.choices, default=ClockState.IDLE)
    clock_duration_s = models.PositiveIntegerField(_("duration (seconds)"), null=True, blank=True)
    clock_ends_at = models.DateTimeField(_("clock ends at"), null=True, blank=True)
    clock_remaining_s = models.PositiveIntegerField(_("remaining seconds while paused"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="session_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="session_number_positive"),
        ]

    def __str__(self) -> str:
        return _("%(tournament)s, session %(number)s") % {"tournament": self.tournament, "number": self.number}


class Table(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="tables", verbose_name=_("session"))
    number = models.PositiveSmallIntegerField(_("number"))
    closed = models.BooleanField(_("closed"), default=False, help_text=_("A closed game is final"))
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    reopened_at = models.DateTimeField(_("reopened at"), null=True, blank=True,
                                       help_text=_("When the closed game was last reopened to be corrected"))
    clock_extra_s = models.PositiveIntegerField(_("extra time (seconds)"), default=0,
                                                help_text=_("Time this table plays beyond the session's clock"))

    class Meta:
        ordering = ["session", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [models.UniqueConstraint(fields=["session", "number"], name="table_number_unique")]

    def __str__(self) -> str:
        return _("%(session)s, table %(number)s") % {"session": self.session, "number": self.number}


class Seat(models.Model):
    """A player's place at a table; ``session`` is repeated here so the database can refuse a player
    seated twice in one session."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seats", verbose_name=_("session"))
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table"))
    position = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player"))

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["table", "player"], name="seat_player_once_per_table"),
            models.UniqueConstraint(fields=["session", "player"], name="seat_player_once_per_session"),
            models.CheckConstraint(condition=Q(position__lte=3), name="seat_position_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.position}: {self.player.full_name}"
