"""Reading a draw: the seed it was made with, for whom and when."""
from ..models import Session, Table, Tournament
from ..permissions import directs


def draw_seed_for(user, session: Session) -> int | None:
    """The seed ``session`` was drawn with, as ``user`` may see it: those who direct it always (audit);
    everyone else once the session is over (all its tables closed) and, for a balanced draw, whose
    seed also draws the tournament's later sessions, once the tournament is finished. Before that it
    would let anyone compute the draws still to come from the public registrations."""
    if session.draw_seed is None or directs(user, session.tournament_id):
        return session.draw_seed
    if session.tournament.status == Tournament.Status.FINISHED:
        return session.draw_seed
    if session.draw_method == "balanced":
        return None
    tables = Table.objects.filter(session=session)
    if tables.exists() and not tables.filter(closed=False).exists():
        return session.draw_seed
    return None
