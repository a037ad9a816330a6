"""Export jobs: build a requested file; queue again the builds whose worker died."""
from celery import shared_task

from ..services import exports as exports_service

__all__ = ["export_build_task", "exports_requeue_stale"]


@shared_task(name=exports_service.EXPORT_BUILD_TASK, ignore_result=True)
def export_build_task(export_id: int) -> None:
    exports_service.export_build(export_id=export_id)


@shared_task(name="league.exports_requeue_stale", ignore_result=True)
def exports_requeue_stale() -> None:
    """The periodic safety net for builds lost with their worker."""
    exports_service.export_requeue_stale()
