"""Export jobs: build a requested file."""
from celery import shared_task

from ..services import exports as exports_service

__all__ = ["export_build_task"]


@shared_task(name="league.export_build", ignore_result=True)
def export_build_task(export_id: int) -> None:
    exports_service.export_build(export_id=export_id)
