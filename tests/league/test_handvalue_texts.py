"""A hand value's explain lines reach the user in German or English (league/handvalue_texts.py)."""

import re
from pathlib import Path

import pytest
from django.utils import translation
from mahjong.hand_calculating.yaku import Yaku
from rest_framework.test import APIClient

from league.handvalue_texts import RIICHI_YAKU, translate_explain, translate_item, translate_yaku
from scoring import mcr_elements
from scoring.handvalue import dmjl, hke, japanese, mcr, rules, value_record

ALL_RULES = [*dmjl.KAJONGG_RULES, *dmjl.CHEMNITZ_RULES, *hke.HKE_RULES, *japanese.JC_RULES, *mcr.ELEMENT_RULES]
MARKED = re.compile(r'gettext_noop\("([^"]+)"\)')


def test_every_rule_of_every_table_is_registered_and_marked_for_translation_where_it_is_defined():
    # the engines' tables, and the MCR catalogue of elements, kept apart from its engine (no library)
    sources = [*Path(dmjl.__file__).parent.glob("*.py"), Path(mcr_elements.__file__)]
    marked = {name for path in sources for name in MARKED.findall(path.read_text())}
    assert {rule.name for rule in ALL_RULES} == rules.rule_names()
    assert rules.rule_names() <= marked


def test_every_rule_name_has_a_german_translation():
    with translation.override("de"):
        untranslated = [name for name in sorted(rules.rule_names())
                        if translation.gettext(name) == name and name != "Riichi"]
    assert untranslated == []


def _item(rule_id: str, name: str, what=None, **value) -> dict:
    return {"rule": rule_id, "name": name, "what": what, **value}


@pytest.mark.parametrize(
    ("item", "line", "german"),
    [
        (_item("pung_kong_of_dragons", "Pung (Kong) of Dragons", "dbdbdb", fan=1),
         "Pung (Kong) of Dragons (dbdbdb): 1 fan", "Drachenpong (-kong) (dbdbdb): 1 Fan"),
        (_item("mah_jongg_without_calls", "Mah Jongg without Calls", points=10, doubles=3),
         "Mah Jongg without Calls: 10 points, 3 doubles", "Mah Jongg ohne Rufe: 10 Punkte, 3 Verdopplungen"),
        (_item("thirteen_wonders", "Thirteen Wonders", limits=2.0),
         "Thirteen Wonders: 2 limit", "13 Wunder: 2 × Limit"),
        (_item("big_four_winds", "Big Four Winds", limit_hand=True),
         "Big Four Winds: limit hand", "Vier große Winde: Limitspiel"),
        (_item("kong_of_a_suit", "Kong of a Suit", "b5b5b5b5", points=0, doubles=1),
         "Kong of a Suit (b5b5b5b5): 1 double", "Farbkong (b5b5b5b5): 1 Verdopplung"),
    ],
)
def test_items_become_lines_in_the_users_language_keeping_the_meld(item, line, german):
    assert rules.line(item) == line
    with translation.override("de"):
        assert translate_item(item) == german
    with translation.override("en"):
        assert translate_item(item) == line


@pytest.mark.parametrize(
    ("engine", "record"),
    [
        ("dmjl", {"ruleset": "dmjl-classical", "tiles": "c1c2c3 c4c5c6 b2b3b4 s5s5s5 RDrDr LDr"}),
        ("hke", {"ruleset": "dmjl-hke", "tiles": "dbdbdb c2c3c4 RB4B5B6S7S8S9S2S2 md Lc4", "seat_wind": "S"}),
        ("japanese", {"ruleset": "japanese-classic", "tiles": {"man": "123", "pin": "45655", "sou": "789",
                                                              "honors": "111"}, "win_tile": "5p", "melds": []}),
        ("mcr", {"ruleset": "mcr", "tiles": {"man": "123456789", "pin": "111", "sou": "55"}, "win_tile": "5s",
                 "flowers": 2}),
    ],
)
def test_each_engine_explains_itself_as_registered_items_whose_lines_are_its_explain_lines(engine, record):
    answer = value_record(record)
    assert answer["items"] and [rules.line(item) for item in answer["items"]] == answer["explain"]
    assert {item["rule"] for item in answer["items"]} <= set(rules.RULES[engine])
    with translation.override("en"):
        assert translate_explain(answer)["explain"] == answer["explain"]


@pytest.mark.django_db
def test_the_api_answers_explain_lines_in_the_users_language(api):
    record = {"ruleset": "dmjl-hke", "tiles": "dbdbdb c2c3c4 RB4B5B6S7S8S9S2S2 md Lc4", "seat_wind": "S"}
    german = api.post("/api/v1/handvalue/", record, format="json", HTTP_ACCEPT_LANGUAGE="de").json()
    assert german["explain"] == ["Keine Blumen und Jahreszeiten: 1 Fan", "Drachenpong (-kong) (dbdbdb): 1 Fan"]
    english = api.post("/api/v1/handvalue/", [record], format="json", HTTP_ACCEPT_LANGUAGE="en").json()
    assert english[0]["explain"] == ["No Flowers nor Seasons: 1 fan", "Pung (Kong) of Dragons (dbdbdb): 1 fan"]


@pytest.mark.django_db
def test_the_api_names_an_mcr_hands_scoring_elements_in_the_users_language(api):
    record = {"ruleset": "mcr", "tiles": {"man": "123456789", "pin": "111", "sou": "55"}, "win_tile": "5s",
              "flowers": 2, "situation": {"seat_wind": "S"}}
    german = api.post("/api/v1/handvalue/", record, format="json", HTTP_ACCEPT_LANGUAGE="de").json()
    assert german["points"] == 23 and german["enough"] is True
    assert {"name": "Reine Straße", "points": 16, "count": 1} in german["elements"]
    assert "Blumensteine (×2): 2 Punkte" in german["explain"]
    english = api.post("/api/v1/handvalue/", record, format="json", HTTP_ACCEPT_LANGUAGE="en").json()
    assert {"name": "Pure Straight", "points": 16, "count": 1} in english["elements"]
    assert "Flower Tiles (×2): 2 points" in english["explain"]


def riichi_yaku() -> list[Yaku]:
    """One of each yaku the mahjong library knows (its yaku_list modules)."""
    import importlib
    import inspect
    import pkgutil

    import mahjong.hand_calculating.yaku_list as yaku_list
    import mahjong.hand_calculating.yaku_list.yakuman as yakuman

    out = []
    for package in (yaku_list, yakuman):
        for module_info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{module_info.name}")
            for _name, cls in inspect.getmembers(module, inspect.isclass):
                if issubclass(cls, Yaku) and cls is not Yaku and cls.__module__ == module.__name__:
                    out.append(cls())
    return out


def test_every_riichi_yaku_of_the_library_is_marked_for_translation():
    names = {yaku.name for yaku in riichi_yaku()}
    assert names and names <= RIICHI_YAKU


@pytest.mark.parametrize(
    ("yaku", "german"),
    [
        ("Riichi", "Riichi"),
        ("Tanyao", "Tanyao"),
        ("Ura Dora", "Ura Dora"),
        ("Aka Dora", "Aka Dora (rote Fünf)"),
        ("Yakuhai (seat wind east)", "Yakuhai (Sitzwind Ost)"),
        ("Yakuhai (round wind south)", "Yakuhai (Rundenwind Süd)"),
        ("Double Riichi", "Doppel-Riichi"),
    ],
)
def test_riichi_yaku_read_in_german_where_the_name_describes(yaku, german):
    with translation.override("de"):
        assert translate_yaku(yaku) == german
    with translation.override("en"):
        assert translate_yaku(yaku) == yaku


@pytest.mark.django_db
def test_the_hand_value_api_names_a_riichi_hands_yaku_in_the_users_language():
    # East's closed hand with a pung of East winds, ron on 5p: riichi, seat and round wind, ura dora.
    record = {"ruleset": "riichi-ema", "tiles": {"man": "123", "pin": "45655", "sou": "789", "honors": "111"},
              "win_tile": "5p", "melds": [], "dora_indicators": [], "ura_dora_indicators": ["4p"],
              "situation": {"riichi": True, "seat_wind": "E", "round_wind": "E"}}
    answers = {}
    for language in ("de", "en"):
        response = APIClient().post("/api/v1/handvalue/", record, format="json",
                                    HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, response.content
        answers[language] = response.json()["yaku"]
    assert "Yakuhai (seat wind east)" in answers["en"] and "Ura Dora" in answers["en"]
    assert "Yakuhai (Sitzwind Ost)" in answers["de"] and "Yakuhai (Rundenwind Ost)" in answers["de"]
    assert "Riichi" in answers["de"] and "Ura Dora" in answers["de"]
    assert len(answers["de"]) == len(answers["en"])
