"""An export built by a real Celery worker: requested through the API, polled until done, opened.
Run by CI only, with a broker and a worker started against the test database."""

import io
import os
import time
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest

from league.models import Export, Standing
from tests.factories import PlayerFactory, TournamentFactory


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_builds_a_requested_results_workbook(admin_api, settings):
    # The worker stores files under the configured media root, not under this test's scratch one.
    settings.MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT") or settings.BASE_DIR / "media")
    tournament = TournamentFactory()
    players = PlayerFactory.create_batch(4)
    for rank, player in enumerate(players, start=1):
        Standing.objects.create(
            tournament=tournament,
            player=player,
            rank=rank,
            table_points=Decimal(8 - rank),
            score=Decimal(100 * rank),
            games=2,
        )
    response = admin_api.post(
        f"/api/v1/tournaments/{tournament.pk}/exports/", {"kind": "results-xlsx"}, format="json"
    )
    assert response.status_code == 202, response.content
    url = f"/api/v1/exports/{response.json()['id']}/"
    deadline = time.monotonic() + 30
    body = admin_api.get(url).json()
    while body["status"] in ("pending", "running") and time.monotonic() < deadline:
        time.sleep(0.5)
        body = admin_api.get(url).json()
    assert body["status"] == "done", body
    assert body["progress"] == 100 and body["download_url"]
    download = admin_api.get(f"{url}download/")
    assert download.status_code == 200
    book = openpyxl.load_workbook(io.BytesIO(b"".join(download.streaming_content)))
    assert Export.objects.get(pk=body["id"]).file
    rows = list(book.worksheets[1].iter_rows(min_row=2, values_only=True))
    assert [(r[0], r[1]) for r in rows] == [
        (rank, f"{p.first_name} {p.last_name}") for rank, p in enumerate(players, start=1)
    ]
