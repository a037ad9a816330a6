"""The score sheet's live preview shows exactly what the stored hand shows: for every outcome and
every penalty of every ruleset, the preview's amounts are the stored result's and the list of hands'."""

import pytest
from django.urls import reverse

from league.models import Hand
from league.selectors.tables import table_view
from scoring.results import hand_amounts
from tests.factories import referee_for, table_with_players

pytestmark = pytest.mark.django_db

CLASSICAL_WIN = {"outcome": "win", "value_0": "20", "value_1": "300", "value_2": "40", "value_3": "0", "winner": "1"}
HKE_WIN = {"outcome": "win", "winner": "1", "win_type": "discard", "discarder": "2", "fan": "3"}
RIICHI_WIN = {"outcome": "win", "win_1": "on", "han_1": "3", "fu_1": "30", "win_type": "discard", "discarder": "2"}
JAPANESE_WIN = {"outcome": "win", "winner": "1", "win_type": "discard", "discarder": "2", "points": "30",
                "doubles": "2"}
FINE = {"fine_seat_0": "2", "fine_kind_0": "free", "fine_amount_0": "40"}

CASES = {
    "dmjl-classical": {
        "win": CLASSICAL_WIN,
        "draw": {"outcome": "draw"},
        "false Mah-Jongg (void)": {"outcome": "void", "false_mahjong": ["2"]},
        "dead hand": {**CLASSICAL_WIN, "dead_hand": ["3"]},
        "dangerous game": {**CLASSICAL_WIN, "dangerous_game": "2"},
        "false naming": {**CLASSICAL_WIN, "naming_seat": "2", "naming_claimant": "3", "naming_claim": "pung"},
        "fine": {**CLASSICAL_WIN, **FINE},
    },
    "dmjl-hke": {
        "win": HKE_WIN,
        "draw": {"outcome": "draw"},
        "false Mah-Jongg (void)": {"outcome": "void", "false_mahjong": ["2"]},
        "obstruction": {**HKE_WIN, "obstruction": ["3"]},
        "dead hand": {**HKE_WIN, "dead_hand": ["3"]},
        "dangerous game": {**HKE_WIN, "dangerous_game": "3"},
    },
    "riichi-ema": {
        "win": {**RIICHI_WIN, "riichi": ["1"]},
        "draw": {"outcome": "draw", "tenpai": ["0", "1"]},
        "chombo (void)": {"outcome": "void", "chombo": "2"},
        "pao": {"outcome": "win", "win_1": "on", "yakuman_1": "on", "win_type": "self_draw", "pao": "3"},
    },
    "japanese-classic": {
        "win": {**JAPANESE_WIN, "riichi": ["1"]},
        "draw": {"outcome": "draw"},
        "false Mah-Jongg (void)": {"outcome": "void", "false_mahjong": ["2"]},
        "dead hand": {**JAPANESE_WIN, "dead_hand": ["3"]},
        "fine": {**JAPANESE_WIN, **FINE},
    },
}


@pytest.mark.parametrize("ruleset", CASES)
def test_the_preview_of_every_outcome_and_penalty_is_what_the_stored_hand_shows(client, ruleset):
    table = table_with_players(ruleset=ruleset, slug=f"previews-{ruleset}")
    client.force_login(referee_for(table.session.tournament))
    preview_url = reverse("referee-table-preview", args=[table.pk])
    sheet_url = reverse("referee-table", args=[table.pk])
    for name, data in CASES[ruleset].items():
        previewed = client.post(preview_url, data)
        assert previewed.status_code == 200, (name, previewed.content.decode())
        preview = previewed.json()
        saved = client.post(sheet_url, data, HTTP_ACCEPT="application/json")
        assert saved.status_code == 201, (name, saved.content.decode())
        hand = Hand.objects.get(pk=saved.json()["hand"]["id"])
        assert preview["result"] == hand.result, name
        assert preview["amounts"] == hand_amounts(hand.result), name
        view = table_view(table=table)
        assert view.hand_amounts(len(view.hands) - 1) == preview["amounts"], name
        assert any(preview["amounts"]) or name == "draw", name


def test_a_riichi_chombo_previews_the_20000_it_stores(client):
    table = table_with_players(ruleset="riichi-ema", slug="previews-chombo")
    client.force_login(referee_for(table.session.tournament))
    preview = client.post(reverse("referee-table-preview", args=[table.pk]), {"outcome": "void", "chombo": "2"}).json()
    assert preview["amounts"][2] == -20000
