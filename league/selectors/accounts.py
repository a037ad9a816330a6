"""Reads for a player's own account: ``me_summary`` (``GET me/`` and the Me page) and
``player_export`` (``GET me/export/``: everything stored about the player, as JSON)."""
import json

from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Q

from ..models import (
    AccountClaim,
    AuditEntry,
    GameResult,
    Player,
    PlayerTotal,
    Seat,
    Signup,
    Standing,
    Tournament,
    TournamentPenalty,
)
from ..permissions import table_writer, visible_tournaments
from .day import START_WINDS, hides_for, standings_before

# never handed out, not even to the person: a password hash, and keys that act for someone else
SECRET_FIELDS = {"password"}


def _row(obj) -> dict:
    """Every stored column of ``obj`` (foreign keys as ids), JSON-ready."""
    values = {field.attname: getattr(obj, field.attname) for field in obj._meta.concrete_fields
              if field.attname not in SECRET_FIELDS}
    return json.loads(json.dumps(values, cls=DjangoJSONEncoder))


def _reverse_relations(model) -> list:
    """Every relation pointing at ``model`` (including those without a reverse name, ``"+"``)."""
    return [field for field in model._meta.get_fields(include_hidden=True)
            if field.auto_created and not field.concrete and (field.one_to_many or field.one_to_one)]


def player_signups(player: Player) -> Q:
    """The sign-ups that are the player's: linked to the player (``Signup.player``, set when an
    administrator approves it as the player or the player is made from it) or to its registrations.
    Never those that merely share an e-mail address: a family shares one, and a claim an
    administrator approved before its link was opened never proved its address."""
    return Q(player=player) | Q(registration__player=player)


def _hidden_sessions(user, player: Player) -> dict[int, int]:
    """The tournaments of ``player`` whose standings ``user`` does not see yet (hidden standings, not
    revealed): their first hidden session, by tournament id."""
    ids = set()
    for model in (Standing, GameResult, PlayerTotal, TournamentPenalty):
        ids.update(model._base_manager.filter(player=player).values_list("tournament_id", flat=True))
    return {tournament.pk: number for tournament in Tournament.objects.filter(pk__in=ids)
            if (number := hides_for(user, tournament)) is not None}


def _as_visible(rows: list, hidden: dict[int, int], player: Player) -> list:
    """``rows`` of one model as the public reads them while standings are hidden: the hidden
    sessions' game results and penalties left out, the running totals too, and the standing as it
    stood before the hidden session (``standings_before``, what the public standings show)."""
    kept = []
    for row in rows:
        first_hidden = hidden.get(getattr(row, "tournament_id", None))
        if first_hidden is None:
            kept.append(row)
        elif isinstance(row, GameResult | TournamentPenalty):
            if row.session_number is None or row.session_number < first_hidden:
                kept.append(row)
        elif isinstance(row, Standing):
            kept.extend(before for before in standings_before(tournament=row.tournament,
                                                              session_number=first_hidden)
                        if before.player_id == player.pk)
        elif not isinstance(row, PlayerTotal):
            kept.append(row)
    return kept


def player_export(*, user, player: Player | None) -> dict:
    """Everything stored about ``user`` and its ``player``: the account (without the password hash)
    and, with a player, its own row, every row of every table that refers to it (seats, results,
    standings, rankings, registrations, check-ins, penalties, confirmations …, found through the
    model's relations so a new one is never forgotten), its sign-ups, its claims and the audit
    entries about it. Claims of the player by other logins are theirs, not the player's: left out
    (they hold the claimant's e-mail address). A tournament's hidden standings stay hidden here as on
    every page until the reveal (``_as_visible``)."""
    data = {"account": _row(user), "player": None, "club": None, "related": {}, "claims": [], "audit": []}
    if player is None:
        return data
    player = Player.objects.select_related("user", "club").get(pk=player.pk)
    related = {}
    hidden = _hidden_sessions(user, player)
    for relation in _reverse_relations(Player):
        model = relation.related_model
        if model is AccountClaim:  # "claims" below: only this user's own (another's holds their address)
            continue
        rows = _as_visible(list(model._base_manager.filter(**{relation.field.name: player}).order_by("pk")),
                           hidden, player)
        if rows:
            key = model._meta.model_name
            related[key] = related.get(key, []) + [_row(row) for row in rows]
    related["signup"] = [_row(row) for row in Signup.objects.filter(player_signups(player)).order_by("pk")]
    data.update(player=_row(player), club=_row(player.club) if player.club else None, related=related,
                claims=[_row(claim) for claim in AccountClaim.objects.filter(player=player, user=user).order_by("pk")],
                audit=[_row(entry) for entry in AuditEntry.objects.filter(model="player",
                                                                          object_id=str(player.pk))])
    return data


def me_summary(*, user, player: Player | None) -> dict:
    """``GET me/``: the user, its player, the open tables where the player sits (of tournaments not
    finished that the user may see; the first is the one being played) with the player's wind and
    tablemates and whether its score sheet opens for the user (``sheet``: where the players enter
    their own tables, or for a referee; elsewhere the sheet is the referees' and would answer 403),
    and the tournaments the player is registered for."""
    if player is None:
        return {"user": user, "player": None, "tables": [], "tournaments": []}
    visible = visible_tournaments(user).exclude(status=Tournament.Status.FINISHED)
    seats = (Seat.objects.filter(player=player, table__closed=False, session__tournament__in=visible)
             .select_related("table__session__tournament", "session__tournament")
             .prefetch_related("table__seats__player")
             .order_by("session__tournament__starts_on", "session__tournament_id", "session__number"))
    tables = []
    for seat in seats:
        mates = sorted(seat.table.seats.all(), key=lambda other: other.position)
        tables.append({"id": seat.table_id, "tournament": seat.session.tournament, "session": seat.session.number,
                       "number": seat.table.number, "wind": START_WINDS[seat.position],
                       "sheet": table_writer(user, seat.table) is not None,
                       "seats": [{"player": other.player, "wind": START_WINDS[other.position]} for other in mates]})
    tournaments = list(Tournament.objects.filter(registrations__player=player, pk__in=visible_tournaments(user))
                       .order_by("-starts_on", "pk").distinct())
    return {"user": user, "player": player, "tables": tables, "tournaments": tournaments}


def my_signups(player: Player) -> list[Signup]:
    """The player's sign-ups (``player_signups``), newest first, for the Me page."""
    return list(Signup.objects.filter(player_signups(player)).select_related("tournament")
                .order_by("-created_at", "-pk"))
