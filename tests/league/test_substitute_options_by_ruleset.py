"""A substitute's fixed result is riichi practice (points games only, issue 42, item 7d): a classical
tournament's options form, rulesets catalogue and results workbook show no fixed substitute score;
a riichi tournament's do."""

import pytest
from django.test import Client

from league.rule_options import option_lines, options_of
from tests.factories import AdminFactory, TournamentFactory

pytestmark = pytest.mark.django_db

FIXED = ("substitute_score", "substitute_uma", "substitute_table_points")


def options_page(ruleset: str) -> str:
    tournament = TournamentFactory(ruleset=ruleset, slug=f"subs-{ruleset}")
    client = Client()
    client.force_login(AdminFactory())
    response = client.get(f"/manage/t/{tournament.slug}/options/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response.content.decode()


def test_a_classical_options_form_offers_no_fixed_substitute_result():
    page = options_page("dmjl-classical")
    assert 'name="opt_substitute_scoring"' in page  # counted or left out: both apply
    for name in FIXED:
        assert f'name="opt_{name}"' not in page, name
    assert 'value="fixed"' not in page


def test_a_riichi_options_form_offers_the_fixed_substitute_result():
    page = options_page("riichi-ema")
    for name in FIXED:
        assert f'name="opt_{name}"' in page, name
    assert 'value="fixed"' in page


def test_the_catalogue_and_the_workbooks_lines_follow_the_ruleset():
    classical = {entry["name"]: entry for entry in options_of("dmjl-classical")}
    riichi = {entry["name"]: entry for entry in options_of("riichi-ema")}
    assert not set(FIXED) & set(classical) and set(FIXED) <= set(riichi)
    assert [c["value"] for c in classical["substitute_scoring"]["choices"]] == ["counted", "excluded"]
    assert "fixed" in [c["value"] for c in riichi["substitute_scoring"]["choices"]]
    labels = [label for label, _value in option_lines("dmjl-classical", {})]
    assert "Substitute's fixed score" not in [str(label) for label in labels]
