"""Settings of the Celery worker a test starts and kills itself (tests/league/test_standings_kill.py):
the tests' settings, with every task on the queue named by ``MJL_TEST_QUEUE`` (so the CI worker,
which consumes only the default queue, never takes them) and a beat that runs only the standings
sweep, every ``STANDINGS_SWEEP_SECONDS``."""
import os

from tests.settings import *  # noqa: F403
from tests.settings import STANDINGS_SWEEP_SECONDS

CELERY_TASK_DEFAULT_QUEUE = os.environ["MJL_TEST_QUEUE"]
CELERY_BEAT_SCHEDULE = {"standings-sweep": {"task": "league.standings_sweep", "schedule": STANDINGS_SWEEP_SECONDS}}
