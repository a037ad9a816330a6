"""Reads about players for the administrators' pages: what an entry holds, and the merges kept."""
from ..models import Player, PlayerMerge, Registration, Seat, Signup


def player_summary(player: Player) -> dict:
    """What would move if ``player`` were merged into another: registrations, games, sign-ups, account."""
    return {"player": player, "registrations": Registration.objects.filter(player=player).count(),
            "games": Seat.objects.filter(player=player).count(),
            "signups": Signup.objects.filter(registration__player=player).count(),
            "account": player.user_id is not None}


def merges_recent(limit: int = 20) -> list[PlayerMerge]:
    return list(PlayerMerge.objects.select_related("kept", "merged_by")[:limit])
