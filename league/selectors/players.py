"""Reads about players for the administrators' pages: what an entry holds, the merges kept, and
the players a written name probably means."""
from ..matching import NameIndex
from ..models import Player, PlayerMerge, Registration, Seat, Signup


def player_summary(player: Player) -> dict:
    """What would move if ``player`` were merged into another: registrations, games, sign-ups, account."""
    return {"player": player, "registrations": Registration.objects.filter(player=player).count(),
            "games": Seat.objects.filter(player=player).count(),
            "signups": Signup.objects.filter(registration__player=player).count(),
            "account": player.user_id is not None}


def merges_recent(limit: int = 20) -> list[PlayerMerge]:
    return list(PlayerMerge.objects.select_related("kept", "merged_by")[:limit])


def players_like(*, first_name: str, last_name: str) -> list[Player]:
    """The players ``first_name last_name`` is the same as or near (league.matching, as bulk entry
    matches: case, accents, order, a small typo), best first; one query for the names."""
    names = Player.objects.order_by("pk").values_list("pk", "first_name", "last_name")
    found = [match.id for match in NameIndex((pk, (first, last)) for pk, first, last in names)
             .find(first_name, last_name)]
    players = Player.objects.select_related("club").in_bulk(found)
    return [players[pk] for pk in found if pk in players]
