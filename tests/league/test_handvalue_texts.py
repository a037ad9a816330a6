"""A hand value's explain lines reach the user in German or English (league/handvalue_texts.py)."""

import pytest
from django.utils import translation

from league.handvalue_texts import RULE_NAMES, translate_line
from scoring.handvalue import dmjl, hke, japanese

ALL_RULES = [*dmjl.KAJONGG_RULES, *dmjl.CHEMNITZ_RULES, *hke.HKE_RULES, *japanese.JC_RULES]


def test_every_rule_of_every_table_is_marked_for_translation():
    assert {rule.name for rule in ALL_RULES} <= set(RULE_NAMES)


def test_every_rule_name_has_a_german_translation():
    with translation.override("de"):
        untranslated = [name for name in RULE_NAMES if translation.gettext(name) == name and name != "Riichi"]
    assert untranslated == []


@pytest.mark.parametrize(
    ("line", "german"),
    [
        ("Pung (Kong) of Dragons (dbdbdb): 1 fan", "Drachenpong (-kong) (dbdbdb): 1 Fan"),
        ("Mah Jongg without Calls: 10 points, 3 doubles", "Mah Jongg ohne Rufe: 10 Punkte, 3 Verdopplungen"),
        ("Thirteen Wonders: 2 limit", "13 Wunder: 2 × Limit"),
        ("Big Four Winds: limit hand", "Vier große Winde: Limitspiel"),
        ("Kong of a Suit (b5b5b5b5): 1 double", "Farbkong (b5b5b5b5): 1 Verdopplung"),
    ],
)
def test_lines_are_translated_keeping_the_meld(line, german):
    with translation.override("de"):
        assert translate_line(line) == german
    with translation.override("en"):
        assert translate_line(line) == line


def test_an_unknown_line_stays_as_it_is():
    with translation.override("de"):
        assert translate_line("Something new: 3 points") == "Something new: 3 points"


@pytest.mark.django_db
def test_the_api_answers_explain_lines_in_the_users_language(api):
    record = {"ruleset": "dmjl-hke", "tiles": "dbdbdb c2c3c4 RB4B5B6S7S8S9S2S2 md Lc4", "seat_wind": "S"}
    german = api.post("/api/v1/handvalue/", record, format="json", HTTP_ACCEPT_LANGUAGE="de").json()
    assert german["explain"] == ["Keine Blumen und Jahreszeiten: 1 Fan", "Drachenpong (-kong) (dbdbdb): 1 Fan"]
    english = api.post("/api/v1/handvalue/", [record], format="json", HTTP_ACCEPT_LANGUAGE="en").json()
    assert english[0]["explain"] == ["No Flowers nor Seasons: 1 fan", "Pung (Kong) of Dragons (dbdbdb): 1 fan"]
