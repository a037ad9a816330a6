"""Materialised results: per-table game results, tournament standings and season rankings.

These rows are derived from hands and penalties and rebuilt by the standings and ranking
services; nothing here is entered by hand.

The standings recomputation's own rows (``GameResult``, ``TableGame``, ``PlayerTotal``) keep their
references without a database constraint (``db_constraint=False``): a first recomputation of a
championship writes some 17,000 of them, and PostgreSQL checked their 48,000 references one by one
at the commit, 40% of the whole run. Nothing else writes them, each one is rebuilt from hands whose
own references the database does check, and Django's ``on_delete=CASCADE`` still removes them with
their table, tournament or player (tests/league/test_derived_rows.py). Their table's index is the
composite unique constraint's; the ``Standing`` rows, which an external tournament's file writes
too, keep their constraints.
"""
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .competition import Season, Table, Tournament
from .people import Player


class GameResult(models.Model):
    # derived rows: no database constraint on their references (see the module docstring)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="game_results", verbose_name=_("table"),
                              db_constraint=False, db_index=False)
    # indexed by game_result_once, which starts with it
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="game_results",
                                   verbose_name=_("tournament"), db_constraint=False, db_index=False)
    session_number = models.PositiveSmallIntegerField(_("session"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="game_results", verbose_name=_("player"),
                               db_constraint=False)
    seat = models.PositiveSmallIntegerField(_("seat"))
    total = models.IntegerField(_("balance"))
    final_points = models.IntegerField(_("final points"), null=True, blank=True)
    score = models.DecimalField(_("game score"), max_digits=12, decimal_places=2)
    place = models.PositiveSmallIntegerField(_("place"))
    table_points = models.DecimalField(_("table points"), max_digits=8, decimal_places=4)
    hands = models.PositiveIntegerField(_("hands"))

    class Meta:
        ordering = ["tournament", "session_number", "table", "seat"]
        verbose_name = _("game result")
        verbose_name_plural = _("game results")
        # One index serves the recomputation's reads (by tournament, and by its changed tables) and
        # the uniqueness: a recomputation writes a tournament's thousands of rows at once, and
        # every index costs that write (a table's rows are also read with its tournament).
        constraints = [models.UniqueConstraint(fields=["tournament", "table", "player"], name="game_result_once")]

    def __str__(self) -> str:
        return f"{self.table}: {self.player_id} #{self.place}"


class TableGame(models.Model):
    """A table's game as the last standings recomputation computed it (league.services.standings):
    a fingerprint of what it was computed from (the table's hands, seats and the tournament's
    scoring options) and each seated player's exact figures. A recomputation recomputes only the
    tables whose fingerprint differs, and moves the players' running totals (``PlayerTotal``) by the
    difference."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, primary_key=True, related_name="+",
                                 verbose_name=_("table"), db_constraint=False)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+",
                                   verbose_name=_("tournament"), db_constraint=False)
    fingerprint = models.CharField(_("fingerprint"), max_length=64)
    # [[player id, table points, game score, place], ...]: the figures as exact fractions ("7/2"),
    # as JSON text: only the recomputation reads it, and PostgreSQL's parsing of jsonb was a third
    # of the time of a first recomputation's write of these rows
    players = models.TextField(_("players' figures"), default="[]")

    class Meta:
        verbose_name = _("table game")
        verbose_name_plural = _("table games")

    def __str__(self) -> str:
        return f"{self.tournament_id}/{self.table_id}"


class PlayerTotal(models.Model):
    """A player's running totals of their games in a tournament, exact (fractions as text): the sum
    of their ``TableGame`` figures, moved by each recomputation by what changed."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+",
                                   verbose_name=_("tournament"), db_constraint=False, db_index=False)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("player"),
                               db_constraint=False)
    table_points = models.CharField(_("table points"), max_length=100)
    score = models.CharField(_("game score"), max_length=100)
    games = models.PositiveIntegerField(_("games"))
    place_sum = models.PositiveIntegerField(_("sum of places"))

    class Meta:
        verbose_name = _("player total")
        verbose_name_plural = _("player totals")
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="player_total_once")]

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.player_id}"


class StandingsState(models.Model):
    """How far a tournament's standings are behind its hands, kept apart from the tournament row so
    that marking them stale never waits for a running recomputation (which locks the tournament row).

    Every change that counts adds one to ``requested`` in its own transaction; a recomputation reads
    ``requested`` before it reads the hands and, in the transaction that writes the standings, raises
    ``computed`` to what it read. The standings are stale ("dirty") while ``requested > computed``:
    a recomputation that dies leaves them so, and the periodic sweep queues another.
    ``queued_at`` is set while a recomputation task is queued and not yet started (at most one)."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, primary_key=True,
                                      related_name="standings_state", verbose_name=_("tournament"))
    requested = models.PositiveBigIntegerField(_("changes asked for"), default=0)
    computed = models.PositiveBigIntegerField(_("changes computed"), default=0)
    queued_at = models.DateTimeField(_("recomputation queued at"), null=True, blank=True)
    started_at = models.DateTimeField(_("last recomputation started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("last recomputation written at"), null=True, blank=True)
    recomputes = models.PositiveBigIntegerField(_("recomputations run"), default=0)

    class Meta:
        verbose_name = _("standings state")
        verbose_name_plural = _("standings states")

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.computed}/{self.requested}"

    @property
    def dirty(self) -> bool:
        return self.requested > self.computed


class Standing(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings",
                                   verbose_name=_("tournament"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standings", verbose_name=_("player"))
    rank = models.PositiveIntegerField(_("rank"), null=True, blank=True,
                                       help_text=_("None until the tournament's first hand is played"))
    table_points = models.DecimalField(_("table points"), max_digits=10, decimal_places=4)
    score = models.DecimalField(_("game score"), max_digits=14, decimal_places=2)
    games = models.PositiveIntegerField(_("games"))
    average_place = models.DecimalField(_("average place"), max_digits=6, decimal_places=4, null=True)
    penalty_points = models.IntegerField(_("penalty points"), default=0)
    disqualified = models.BooleanField(_("disqualified"), default=False)

    class Meta:
        ordering = ["tournament", "rank", "player__last_name"]
        verbose_name = _("standing")
        verbose_name_plural = _("standings")
        constraints = [models.UniqueConstraint(fields=["tournament", "player"], name="standing_once")]

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.rank}. {self.player_id}"


class SeasonRanking(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rankings", verbose_name=_("season"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="season_rankings",
                               verbose_name=_("player"))
    rank = models.PositiveIntegerField(_("rank"), null=True, blank=True, help_text=_("Empty: not ranked yet"))
    value = models.DecimalField(_("value"), max_digits=14, decimal_places=4)
    games = models.PositiveIntegerField(_("games"))
    tournaments = models.PositiveIntegerField(_("tournaments"))
    results = models.JSONField(_("results counted"), default=list, blank=True,
                               help_text=_("MERS: the tournament results the value counted"))

    class Meta:
        ordering = ["season", "rank", "player__last_name"]
        verbose_name = _("season ranking")
        verbose_name_plural = _("season rankings")
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="season_ranking_once"),
            models.CheckConstraint(condition=Q(rank__isnull=True) | Q(rank__gte=1), name="season_rank_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.season_id}: {self.rank}. {self.player_id}"


class RankingState(models.Model):
    """What a season's ranking was last computed from (league.services.rankings): a fingerprint of
    the counted tournaments and their standings, and how many ranking rows it wrote. A
    recomputation that finds both unchanged has nothing to do."""

    season = models.OneToOneField(Season, on_delete=models.CASCADE, primary_key=True, related_name="+",
                                  verbose_name=_("season"))
    fingerprint = models.CharField(_("fingerprint"), max_length=64)
    rows = models.PositiveIntegerField(_("rows"))

    class Meta:
        verbose_name = _("ranking state")
        verbose_name_plural = _("ranking states")

    def __str__(self) -> str:
        return f"{self.season_id}: {self.fingerprint}"


class RankingSnapshot(models.Model):
    """A season ranking row as it stood on a day: one set per season and date, written by
    ``rankings_recompute``. The date is the latest end of the tournaments the ranking counted (today
    for one still running, such as a club event, never a day still to come), so the history follows
    the tournament calendar, not the day the job ran."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="ranking_snapshots",
                               verbose_name=_("season"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ranking_snapshots",
                               verbose_name=_("player"))
    rank = models.PositiveIntegerField(_("rank"), null=True, blank=True, help_text=_("Empty: not ranked yet"))
    value = models.DecimalField(_("value"), max_digits=14, decimal_places=4)
    taken_on = models.DateField(_("taken on"))

    class Meta:
        ordering = ["season", "taken_on", "rank", "player__last_name"]
        verbose_name = _("ranking snapshot")
        verbose_name_plural = _("ranking snapshots")
        constraints = [
            models.UniqueConstraint(fields=["season", "player", "taken_on"], name="ranking_snapshot_once"),
            models.CheckConstraint(condition=Q(rank__isnull=True) | Q(rank__gte=1),
                                   name="ranking_snapshot_rank_positive"),
        ]
        indexes = [models.Index(fields=["player", "season"], name="ranking_snapshot_player")]

    def __str__(self) -> str:
        return f"{self.season_id} {self.taken_on}: {self.rank}. {self.player_id}"
