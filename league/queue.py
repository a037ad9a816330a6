"""Sending Celery tasks so that a request never fails for it.

A request has saved its rows before it queues the work that follows them (standings, exports,
rankings). When the broker cannot be reached the rows are already committed, so the request must
still answer as it would have: ``task_send`` logs the failure and returns False, and the periodic
sweeps (``league.standings_sweep``, ``league.exports_requeue_stale``) queue the work again once the
broker is back. Every service queues through here, never through ``task.delay`` directly.

Tasks are named by the name they are registered under (``league.standings_recompute``), so the
services that queue them need not import ``league.tasks``, which calls the services. Celery and
``league.tasks`` are imported by the first task a process sends (:func:`_task`), not as it starts: a
web process or a management command that queues nothing never loads them (issue 40). A worker
finds the tasks through ``mjl.celery``'s autodiscovery.
"""
import logging

from django.db import transaction

logger = logging.getLogger(__name__)


def _task(name: str):
    """The task registered as ``name``, on the project's Celery app."""
    # Imported here, not at the top: Celery costs a started process about 12 MB and a quarter of a
    # second, and most never send a task (tests/test_lean_start.py).
    from mjl.celery import app

    from . import tasks  # noqa: F401  (registers the tasks with the app)

    return app.tasks[name]


def task_send(name: str, *args, countdown: float | None = None) -> bool:
    """Queue the task registered as ``name`` with ``args`` now (in-process when Celery runs eagerly);
    False when the broker refused it (logged, not raised). Eager tasks (no broker: tests and the
    demo) run here and their errors are raised: they are the task's, not the broker's."""
    task = _task(name)
    if task.app.conf.task_always_eager:
        task.apply_async(args=args)
        return True
    try:
        task.apply_async(args=args, countdown=countdown or None)
    except Exception:  # the broker is down or misconfigured: the sweep will queue it again
        logger.exception("Could not queue %s%r; the periodic sweep will queue it again", task.name, args)
        return False
    return True


def task_send_on_commit(name: str, *args, countdown: float | None = None) -> None:
    """Queue the task ``name`` with ``args`` once the surrounding transaction commits (at once outside one)."""
    transaction.on_commit(lambda: task_send(name, *args, countdown=countdown))
