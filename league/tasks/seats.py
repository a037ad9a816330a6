"""Seat code jobs."""
from celery import shared_task

from ..services.seat_codes import seat_codes_retire

__all__ = ["seat_codes_retire_task"]


@shared_task(name="league.seat_codes_retire", ignore_result=True)
def seat_codes_retire_task() -> None:
    """Hourly: seat sign-ins whose code expired or died with a new draw are switched off."""
    seat_codes_retire()
