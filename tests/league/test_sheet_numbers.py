"""Numbers on the score sheet as people type them in the page's language, and implausible values
that are asked about instead of stored silently."""
import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from league.models import Hand
from league.views.numbers import parse_whole_number
from tests.factories import referee_for, table_with_players

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("text", "number"), [
    ("1.000", 1000), ("1000", 1000), ("12.345.678", 12345678), ("1 000", 1000), ("1\u202f000", 1000),
    (" 40 ", 40), ("0", 0),
])
def test_german_reads_points_as_thousands_separators(text, number):
    with translation.override("de"):
        assert parse_whole_number(text) == number


@pytest.mark.parametrize("text", ["1,000", "1,5", "1.00", "1.0000", "10.00.000", "abc", "1e3", "-5", "½", "1..000"])
def test_german_refuses_what_could_be_read_two_ways_or_is_no_number(text):
    with translation.override("de"):
        assert parse_whole_number(text) is None


def test_english_reads_commas_as_thousands_separators_and_refuses_points():
    with translation.override("en"):
        assert parse_whole_number("1,000") == 1000
        assert parse_whole_number("1000") == 1000
        assert parse_whole_number("1.000") is None


def sheet(table, language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(referee_for(table.session.tournament))
    client.cookies["django_language"] = language
    return client


def win(**values):
    return {"outcome": "win", "value_0": "20", "value_1": "300", "value_2": "40", "value_3": "0", "winner": "1",
            **values}


def test_a_german_referees_1_000_is_stored_as_1000():
    table = table_with_players()
    response = sheet(table, "de").post(reverse("referee-table", args=[table.pk]), win(value_1="1.000"))
    assert response.status_code == 302
    assert Hand.objects.get(table=table).record["hand_values"][1] == 1000


def test_an_english_referees_1_000_with_a_point_is_an_error_at_the_field_naming_the_seat():
    table = table_with_players()
    response = sheet(table, "en").post(reverse("referee-table", args=[table.pk]), win(value_1="1.000"))
    assert response.status_code == 400
    errors = response.context["form"].errors["value_1"]
    assert errors[0].startswith("South – ") and "1,000" in errors[0]
    assert not Hand.objects.exists()


def test_a_classical_value_above_100000_needs_confirming():
    table = table_with_players()
    client = sheet(table, "en")
    url = reverse("referee-table", args=[table.pk])
    refused = client.post(url, win(value_1="150,000"))
    assert refused.status_code == 400
    page = refused.content.decode()
    assert "above 100,000" in page and 'id="confirm-box" hidden' not in page
    assert not Hand.objects.exists()
    assert client.post(url, win(value_1="150,000", confirm="on")).status_code == 302
    assert Hand.objects.get(table=table).record["hand_values"][1] == 150000


def riichi_table():
    return table_with_players(ruleset="riichi-ema")


@pytest.mark.parametrize(("values", "field"), [
    ({"han_1": "15", "fu_1": "30"}, "han_1"),
    ({"han_1": "3", "fu_1": "35"}, "fu_1"),
])
def test_implausible_riichi_values_need_confirming_and_are_stored_when_confirmed(values, field):
    table = riichi_table()
    client = sheet(table, "en")
    url = reverse("referee-table", args=[table.pk])
    data = {"outcome": "win", "win_1": "on", "win_type": "discard", "discarder": "2", **values}
    refused = client.post(url, data, HTTP_ACCEPT="application/json")
    assert refused.status_code == 400
    body = refused.json()["error"]
    assert body["confirm"] is True and "Yes, I mean it" in body["fields"][field][0]
    assert not Hand.objects.exists()
    client.post(url, {**data, "confirm": "on"})
    assert Hand.objects.filter(table=table).count() == 1


def test_yakuman_and_25_fu_are_ordinary():
    table = riichi_table()
    client = sheet(table, "en")
    url = reverse("referee-table", args=[table.pk])
    response = client.post(url, {"outcome": "win", "win_1": "on", "win_type": "discard", "discarder": "2",
                                 "han_1": "2", "fu_1": "25"})
    assert response.status_code == 302, response.content.decode()[:3000]


@pytest.mark.parametrize(("ruleset", "values", "field"), [
    ("dmjl-hke", {"fan": "99"}, "fan"),
    ("japanese-classic", {"points": "30", "doubles": "25"}, "doubles"),
    ("japanese-classic", {"points": "300", "doubles": "2"}, "points"),
])
def test_implausible_hke_and_japanese_values_need_confirming_and_are_stored_when_confirmed(ruleset, values, field):
    table = table_with_players(ruleset=ruleset)
    client = sheet(table, "en")
    url = reverse("referee-table", args=[table.pk])
    data = {"outcome": "win", "winner": "1", "win_type": "discard", "discarder": "2", **values}
    refused = client.post(url, data, HTTP_ACCEPT="application/json")
    assert refused.status_code == 400
    body = refused.json()["error"]
    assert body["confirm"] is True and "Yes, I mean it" in body["fields"][field][0]
    assert not Hand.objects.exists()
    assert client.post(url, {**data, "confirm": "on"}, HTTP_ACCEPT="application/json").status_code == 201
    assert Hand.objects.filter(table=table).count() == 1


@pytest.mark.parametrize(("ruleset", "values"), [
    ("dmjl-hke", {"fan": "13"}), ("dmjl-hke", {"limit_hand": "on"}),
    ("japanese-classic", {"points": "110", "doubles": "13"}),
])
def test_ordinary_hke_and_japanese_values_are_stored_at_once(ruleset, values):
    table = table_with_players(ruleset=ruleset)
    client = sheet(table, "en")
    data = {"outcome": "win", "winner": "1", "win_type": "discard", "discarder": "2", **values}
    response = client.post(reverse("referee-table", args=[table.pk]), data, HTTP_ACCEPT="application/json")
    assert response.status_code == 201, response.content.decode()
