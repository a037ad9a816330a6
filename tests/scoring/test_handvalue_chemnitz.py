"""The Chemnitz valuation table (docs/rules.md §9a): one test per rule of the table, per special hand,
and the options that choose the table and the prevailing-wind pair."""

import pytest

from scoring.handvalue import value, value_record


def cv(tiles, seat="E", prevailing="E", upper_limit=5000, **options):
    return value_record(
        {
            "ruleset": "dmjl-classical",
            "tiles": tiles,
            "seat_wind": seat,
            "prevailing_wind": prevailing,
            "options": {"upper_limit": upper_limit, **options},
        }
    )


def explained(result, text):
    return any(line.startswith(text) for line in result["explain"])


def test_chemnitz_is_the_default_table_and_kajongg_stays_as_it_was():
    tiles = "DrDrDr b4B4B4b4 ye ys RS2S6C1C5C9B8We"
    assert (cv(tiles, seat="N")["points"], cv(tiles, seat="N")["doubles"]) == (32, 2)
    kajongg = cv(tiles, seat="N", table="kajongg")
    assert (kajongg["points"], kajongg["doubles"]) == (32, 1)


def test_an_unknown_table_is_a_bad_record():
    result = value({"ruleset": "dmjl-classical", "tiles": "fe", "options": {"table": "mannheim"}})
    assert result["error"]["code"] == "bad_record" and result["error"]["field"] == "options.table"


@pytest.mark.parametrize(
    ("tiles", "points"),
    [
        ("s2s3s4", 0),
        ("s2s2s2", 2), ("RS2S2S2", 4), ("s1s1s1", 4), ("RS9S9S9", 8), ("dgdgdg", 4), ("RDgDgDg", 8),
        ("s2s2s2s2", 8), ("s2S2S2s2", 16), ("s9s9s9s9", 16), ("s9S9S9s9", 32), ("wnwnwnwn", 16), ("wnWnWnwn", 32),
        ("fn", 4), ("yn", 4),
    ],
)
def test_figures_score_their_points_for_every_player(tiles, points):
    assert cv(tiles, seat="S", prevailing="W")["points"] == points


def test_pairs_score_dragons_own_and_prevailing_wind_never_doubling():
    assert cv("RDgDg")["points"] == 2
    assert cv("RWsWs", seat="S", prevailing="E")["points"] == 2
    assert cv("RWeWe", seat="S", prevailing="E")["points"] == 2
    assert cv("RWeWe", seat="E", prevailing="E")["points"] == 4
    assert cv("RWnWn", seat="S", prevailing="E")["points"] == 0
    assert cv("RWeWe", seat="E", prevailing="E")["doubles"] == 0


def test_prevailing_wind_pair_option_can_give_the_pair_nothing():
    assert cv("RWeWe", seat="S", prevailing="E", prevailing_wind_pair=0)["points"] == 0
    assert cv("RWeWe", seat="E", prevailing="E", prevailing_wind_pair=0)["points"] == 2
    result = value({"ruleset": "dmjl-classical", "tiles": "fe", "options": {"prevailing_wind_pair": -1}})
    assert result["error"]["field"] == "options.prevailing_wind_pair"


def test_four_identical_tiles_a_loser_holds_count_as_a_concealed_pung():
    assert cv("RS2S2S2S2", seat="S")["points"] == 4


@pytest.mark.parametrize(
    ("tiles", "seat", "prevailing", "doubles", "rule"),
    [
        ("dgdgdg", "E", "E", 1, "Pung of Dragons"),
        ("dgdgdgdg", "E", "E", 2, "Kong of Dragons"),
        ("s2s2s2s2", "E", "E", 1, "Kong of a Suit"),
        ("s9S9S9s9", "E", "E", 1, "Kong of a Suit"),
        ("wnwnwn", "E", "E", 1, "Pung of a Foreign Wind"),
        ("wnwnwnwn", "E", "E", 2, "Kong of a Foreign Wind"),
        ("wswsws", "S", "E", 2, "Pung of Own or Prevailing Wind"),
        ("wewewe", "S", "E", 2, "Pung of Own or Prevailing Wind"),
        ("wewewewe", "S", "E", 3, "Kong of Own or Prevailing Wind"),
        ("wewewe", "E", "E", 3, "Pung of Own and Prevailing Wind"),
        ("wewewewe", "E", "E", 4, "Kong of Own and Prevailing Wind"),
        ("fs", "S", "E", 1, "Own Flower"),
        ("ys", "S", "E", 1, "Own Season"),
        ("fe fs fw fn", "N", "E", 4, "All Four Flowers"),
        ("ye ys yw yn", "W", "E", 4, "All Four Seasons"),
    ],
)
def test_every_player_doubles_for_trump_figures_kongs_and_own_bonus_tiles(tiles, seat, prevailing, doubles, rule):
    result = cv(tiles, seat=seat, prevailing=prevailing)
    assert result["doubles"] == doubles and explained(result, rule)


def test_a_non_winner_gets_no_premiums_or_winner_doubles():
    result = cv("RB1B1B1B2B2B2B3B3B3B4B4B4B5", seat="S")
    assert not result["won"] and result["points"] == 20 and result["doubles"] == 0


def test_mah_jongg_scores_twenty():
    result = cv("c1c2c3 c4c5c6 b2b3b4 s5s5s5 RDrDr LDrDrDr")
    assert result["won"] and explained(result, "Mah Jongg: 20 points")


def test_mah_jongg_without_calls_scores_ten_points_and_three_doubles():
    result = cv("RC1C2C3C4C5C6B2B3B4S5S5S5DrDr LDr", seat="S")
    assert explained(result, "Mah Jongg without Calls: 10 points, 3 doubles")
    assert not explained(cv("RC1C2C3C4C5C6B2B3B4S5S5S5DrDr Ldr", seat="S"), "Mah Jongg without Calls")


def test_only_the_fourteenth_tile_called_doubles_once():
    result = cv("RC1C2C3C4C5C6B2B3B4S5S5S5DrDr Ldrdr", seat="S")
    assert explained(result, "Only the 14th Tile Called: 1 double")
    assert not explained(cv("c1c2c3 RC4C5C6B2B3B4S5S5S5DrDr Ldrdr", seat="S"), "Only the 14th Tile Called")


def test_four_chows_scores_two_and_no_chow_ten_and_four_kongs_forty():
    assert explained(cv("c1c2c3 c4c5c6 b2b3b4 s5s6s7 RDrDr LDrDr"), "Four Chows: 2 points")
    no_chow = cv("c1c1c1 c4c4c4 b2b2b2 s5s5s5 RDrDr LDrDr")
    assert explained(no_chow, "No Chow: 10 points")
    kongs = cv("c1c1c1c1 c4c4c4c4 b2b2b2b2 s5s5s5s5 RDrDr LDrDr")
    assert explained(kongs, "Four Kongs: 40 points") and not explained(kongs, "No Chow")


def test_last_discard_last_wall_tile_and_robbing_a_kong_score_ten_and_a_double():
    base = "c1c2c3 c4c5c6 b2b3b4 s5s5s5 RDrDr"
    assert explained(cv(base + " mZ Ldrdr"), "Last Discard: 10 points, 1 double")
    assert explained(cv(base + " mz LDrDr"), "Last Tile of the Wall: 10 points, 1 double")
    assert explained(cv("c1c2c3 c4c5c6 b2b3b4 RS7S8S9DrDr mk Ls9", seat="S"), "Robbing the Kong: 10 points, 1 double")


def test_the_only_possible_tile_scores_ten():
    assert explained(cv("c1c2c3 c4c5c6 b2b3b4 s5s5s5 RDrDr LDr"), "Only Possible Tile: 10 points")
    assert not explained(cv("c1c2c3 c4c5c6 b2b3b4 RS5S5DrDrDr LDr"), "Only Possible Tile")


@pytest.mark.parametrize(
    ("tiles", "doubles_rule"),
    [
        ("c1c2c3 c4c5c6 wnwnwn dgdgdg RDrDr LDrDr", "Colour Game, Two Suit Figures: 1 double"),
        ("c1c2c3 c4c5c6 c7c7c7 dgdgdg RC9C9 LC9C9", "Colour Game, Three Suit Figures: 2 doubles"),
        ("c1c2c3 c4c5c6 c7c7c7 c2c3c4 RDgDg LDgDg", "Colour Game, Four Suit Figures: 3 doubles"),
        ("c1c2c3 c4c5c6 c7c7c7 c2c3c4 RC9C9 LC9C9", "Pure Colour Game: 4 doubles"),
    ],
)
def test_colour_games_have_three_levels_and_the_pure_one(tiles, doubles_rule):
    assert explained(cv(tiles, seat="S", prevailing="W"), doubles_rule)


def test_two_suits_have_no_colour_double():
    result = cv("c1c2c3 c4c5c6 b7b7b7 dgdgdg RC9C9 LC9C9", seat="S", prevailing="W")
    assert not explained(result, "Colour Game") and not explained(result, "Pure Colour Game")


@pytest.mark.parametrize(
    ("tiles", "seat", "limit_hand", "rule"),
    [
        ("RS1S1S1S3S3S3S5S5S5S7S7S7S9S9 LS9", "S", "full", "Winding Snake"),
        ("RS1S1S3S3S3S5S5S5S7S7S7S9S9S9 LS1", "S", "full", "Winding Snake"),
        ("dgdgdg dbdbdb drdrdr s2s3s4 RB5B5 LB5B5", "S", "half", "Three Great Scholars"),
        ("b2b2b2 b3b3b3 b4b4b4 dgdgdg RB8B8 LB8B8", "S", "double", "Green Hand"),
        ("RC1C2C3C4C5C6C7C8C9C2C2C2DrDr m1 LDr", "E", "full", "Heavenly Win"),
        ("RC1C2C3C4C5C6C7C8C9C2C2C2DrDr m1 Ldrdr", "S", "full", "Earthly Win"),
        ("c1c2c3 c4c5c6 c7c8c9 c2c2c2 RDrDr LDrDr", "S", "half", "Flush"),
        ("c1c2c3 c3c4c5 c5c6c7 c7c8c9 RC9C9 LC9C9", "S", "full", "Royal Flush"),
        ("RC1C1C1C2C3C4C5C6C7C8C9C9C9C5 LC5", "S", "full", "Nine Lanterns"),
        ("RC1C1C1C2C3C4C5C6C7C8C9C9C9C5 LC4", "S", "half", "Nine Lanterns, Completed"),
        ("RC1C9B9B1S1S9WeDgWsWnWwDbDrS1 LDgDg", "S", "double", "Thirteen Wonders"),
    ],
)
def test_special_hands_are_paid_their_fraction_of_the_limit(tiles, seat, limit_hand, rule):
    result = cv(tiles, seat=seat)
    assert result["won"] and result["limit_hand"] == limit_hand and explained(result, rule)
    assert result["value"] == {"half": 2500, "full": 5000, "double": 10000}[limit_hand]


def test_a_three_great_scholars_with_a_kong_is_not_the_special_hand():
    result = cv("dgdgdgdg dbdbdb drdrdr s2s3s4 RB5B5 LB5B5", seat="S")
    assert result["limit_hand"] is None


def test_a_special_hand_is_paid_its_fraction_even_when_its_figures_are_worth_more():
    # Three great scholars with a wind kong: far more than 2500 in points and doubles, paid half.
    result = cv("dgdgdg dbdbdb drdrdr wewewewe RB5B5 LB5B5", seat="E", upper_limit=0)
    assert result["limit_hand"] == "half" and result["value"] == 2500


def test_the_valuation_finds_the_best_grouping_itself():
    # 111 222 333 as three pungs (No Chow 10 and concealed pungs) beats three chows; L names a chow.
    result = cv("RS1S1S1S2S2S2S3S3S3B5B5 dgdgdg LS1S1S2S3", seat="S")
    assert explained(result, "No Chow")


def test_without_the_last_tile_neither_concealed_hand_premium_is_guessed():
    result = cv("RC1C2C3C4C5C6B2B3B4S5S5S5DrDr", seat="S")
    assert result["won"]
    assert not explained(result, "Mah Jongg without Calls") and not explained(result, "Only the 14th Tile Called")
    assert explained(cv("RC1C2C3C4C5C6B2B3B4S5S5S5DrDr md", seat="S"), "Only the 14th Tile Called")
