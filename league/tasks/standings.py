"""Standings and ranking jobs."""
from celery import shared_task

from ..models import Season
from ..queue import task_send
from ..services import rankings as rankings_service
from ..services import standings as standings_service

__all__ = ["rankings_recompute_all", "rankings_recompute_task", "standings_recompute_task", "standings_sweep"]


@shared_task(name=standings_service.STANDINGS_TASK, ignore_result=True)
def standings_recompute_task(tournament_id: int) -> None:
    standings_service.standings_run(tournament_id=tournament_id)


@shared_task(name="league.standings_sweep", ignore_result=True)
def standings_sweep() -> None:
    """The periodic safety net for stale standings whose task was lost (worker killed, broker down)."""
    standings_service.standings_sweep()


@shared_task(name=standings_service.RANKINGS_TASK, ignore_result=True)
def rankings_recompute_task(season_id: int) -> None:
    season = Season.objects.filter(pk=season_id).first()
    if season is not None:
        rankings_service.rankings_recompute(season=season)


@shared_task(name="league.rankings_recompute_all", ignore_result=True)
def rankings_recompute_all() -> None:
    """The periodic safety net: every season's ranking, one task each."""
    for season_id in Season.objects.values_list("pk", flat=True):
        task_send(rankings_recompute_task.name, season_id)
