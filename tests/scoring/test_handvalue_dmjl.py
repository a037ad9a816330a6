"""DMJL classical hand values: Kajongg's scoringtest cases (Classical Chinese DMJL column) and one
test per rule and limit hand."""

import pytest

from scoring.handvalue import HandValueError, value, value_record
from scoring.handvalue.dmjl import BONUS_CONDITIONS, HAND_CONDITIONS, MELD_CONDITIONS, MJ_PATTERNS, TABLE_RULES


def hv(tiles, seat="E", prevailing="E", upper_limit=500, table="kajongg"):
    return value_record(
        {
            "ruleset": "dmjl-classical",
            "tiles": tiles,
            "seat_wind": seat,
            "prevailing_wind": prevailing,
            "options": {"upper_limit": upper_limit, "table": table},
        }
    )


W, N, S = "W", "N", "S"
LIMIT = "limit"

# (tiles, seat, prevailing, won, points, doubles) or (tiles, seat, prevailing, won, LIMIT)
KAJONGG_CASES = [
    ("drdrdr fe Ldrdrdrdr", "E", "E", False, 8, 1),
    ("fe", "E", "E", False, 4, 0),
    ("fs fw fe fn", "E", "E", False, 16, 1),
    ("fs ys", S, "E", False, 8, 1),
    ("drdrdr Ldrdrdrdr", "E", "E", False, 4, 1),
    ("c1c2c3 c7c8c9 b2b3b4 c5c5 s1s2s3 fw yw Lc1c1c2c3", W, N, True, 28, 2),
    ("c1c2c3 c7c8c9 b2b3b4 drdr s1s2s3 fw yw Lc1c1c2c3", W, N, True, 30, 1),
    ("c1c1c1 c7c7c7 c2c3c4 c5c5 c6c6c6 Lc5c5c5", "E", "E", True, 32, 3),
    ("c1c2c3 wewewe drdrdr dbdb DgDgDg Ldbdbdb", W, N, True, 44, 4),
    ("s1s1s1 wewewe c2c3c4 c5c5 c6c6c6 Lc5c5c5", W, N, True, 34, 0),
    ("RB1B1B1B1B2B3B4B5B6B7B8B9DrDr fe ys LDrDrDr", "E", "E", True, 46, 2),
    ("b1B1B1b1 RB2B3B4B5B6B7B8B8B8 DrDr fe ys LDrDrDr", "E", "E", True, 74, 2),
    ("b1B1B1b1 RB2B2B2B5B6B7B8B8B8 DrDr fe ys LDrDrDr", W, "E", True, 78, 3),
    ("c1c1 c2c3c4 c5c6c7 RC8C9WeWwWsWn Lc1c1c1", "E", "E", False, 0, 0),
    ("RC1C1C2C3C4C5C6C7C8C9WeWwWsWn LC1C1", "E", "E", False, 0, 0),
    ("c1c1c1 c3c4c5 c9c9c9 c6c7c8 RC2C2 Lc1c1c1c1", "E", "E", True, LIMIT),
    ("c1c1c1 c4c5c6 c9c9c9 c6c7c8 RC2C2 Lc1c1c1c1", "E", "E", True, 28, 3),
    ("c1c1c1 c3c4c5 c9c9c9 c6c7c8 RS2S2 Lc1c1c1c1", "E", "E", True, 28, 0),
    ("s1s1s1 s2s3s4 s9s9s9 s6s7s8 RS5S5 Ls1s1s1s1", "E", "E", True, LIMIT),
    ("b1b1b1 c3c4c5 c6c7c8 c9c9c9 RC2C2 Lc3c3c4c5", "E", "E", True, 28, 0),
    ("b1b1b1 c3c4c5 c6c7c8 c9c9c9 RC2C2 Lc4c3c4c5", "E", "E", True, 30, 0),
    ("RC1C1C1C2C3C4C5C6C7C8C9C9C9C5 LC5", "E", "E", True, LIMIT),
    ("RC1C1C1C3C4C5C6C7C8C9C9C9C5 LC3", "E", "E", False, 16, 0),
    ("RC1C1C2C3C4C5C6C7C8C9C9C9C5 LC3", "E", "E", False, 8, 0),
    ("b1b1b1b1 RB2B3B4B5B6B7B8B8B2B2B2 fe fs fn fw LB3B2B3B4", "E", "E", True, 60, 4),
    ("b1b1b1 RB3B3B3B6B6B6B8B8B2B2B2 fe fs fn fw LB3", "E", "E", True, 54, 6),
    ("b1b1b1 RB3B3B3B6B6B8B8B2B2B2 fe fs fn fw LB3", "E", "E", False, 28, 1),
    ("c1C1C1c1 c3c3c3 c8c8c8 RC4C5C6C7C7 fs fw ys yw Lc8c8c8c8", W, "E", True, 72, 4),
    ("b1b1b1B1 RB2B3B4B5B6B7B8B8B2B2B2 fe fs fn fw LB3B2B3B4", "E", "E", True, LIMIT),
    ("RB1B1B1B2B2B2B4B4B4B7B8B9DrDr fe ys LDrDrDr", W, "E", True, 54, 3),
    ("c1c1c1 c9c9 b9b9b9b9 s1s1s1 s9s9s9 Lc1c1c1c1", "E", "E", True, LIMIT),
    ("c1c1c1c1 drdr wewewewe c3c3c3C3 s1S1S1s1 Ldrdrdr", "E", "E", True, LIMIT),
    ("drdr c1c1c1c1 wewewewe c3c3c3C3 s1S1S1s1 Ldrdrdr", "E", "E", True, LIMIT),
    ("b2b2b2b2 RDgDg b6b6b6 b4b4b4 b8b8 Lb6b6b6b6", "E", "E", False, 14, 0),
    ("b1b1b1b1 RDgDgDg b6b6b6 b4b4b4 b8b8 Lb6b6b6b6", "E", "E", True, 48, 3),
    ("RC1C1C1C2C3C4C5C6C7C8C9C9C9C5 LC6", "E", "E", True, LIMIT),
    ("RC1C1C1C2C3C4C5C6C7C8C9C9C9C9 LC9", "E", "E", True, LIMIT),
    ("RC1C1C1C2C3C4C5C6C7C8C9C9C9C5 LC2", "E", "E", True, LIMIT),
    ("RC1C1C1C2C3C4C5C6C7C8C9C9C9C9 LC1", "E", "E", True, LIMIT),
    ("RC1C1C2C3C4C5C6C7C8C9C9C9C9 LC1", "E", "E", False, 8, 0),
    ("RC1C1C2C3C4C5C6C7C8C8C9C9C9 LC1", "E", "E", False, 8, 0),
    ("", "E", "E", False, 0, 0),
    ("RC1C9B9B1S1S9WeDgWsWnWwDbDrS1 LDgDg", "E", "E", True, LIMIT),
    ("ww RC1C9B9B1S1S9WeDgWsWnDbDrS8 Lwwww", "E", "E", False, 0, 0),
    ("RC1C9B9B1S1S9S9WeDgWsWnWwDbDr LDrDr", "E", "E", True, LIMIT),
    ("s2s2s2 s2s3s4 RB1B1B1B1 c9c9c9C9 Ls2s2s3s4", "E", "E", False, 26, 0),
    ("b1b1 wewewe wswsws WnWnWn wwwwwwww Lb1b1b1", "E", "E", True, LIMIT),
    ("RDgDg wewewe wswsws WnWnWn wwwwwwww LDgDgDg", "E", "E", True, LIMIT),
    ("wewewe wswsws WnWnWn wwwwwwww DrDr mz LDrDrDr", "E", "E", True, LIMIT),
    ("wewewe wswsws RWnWnWnDr wwwwwwww", "E", "E", False, 32, 4),
    ("drdrdr wewe wswsws wnwnwn dbdbdb mz Ldrdrdrdr", "E", "E", True, LIMIT),
    ("wewewe wswsws RWnWnWnB1 wwwwwwww LB1", "E", "E", False, 32, 4),
    ("wewe wswsws RWnWnWn wwwwwwww b1b1 Lwewewe", N, "E", False, 30, 2),
    ("RWeWeWeC3C3C3S3S3 c4c4c4C4 b8B8B8b8 me LWeWeWeWe", "E", "E", True, LIMIT),
    ("RWeWeWeC3C3C3S3S3C4C4C4B8B8B8 me LWeWeWeWe", "E", "E", True, LIMIT),
    ("RWeWeWeC3C3C3C5C5C4C4C4C8C8C8 me LWeWeWeWe", "E", "E", True, LIMIT),
    ("RWeWeC3C3C3C5C5C4C4C4C8C8C8 me LWe", "E", "E", False, 16, 1),
    ("RWeWeWeC3C3C3C5C5C4C4C4C7C8C9 me LWeWeWeWe", "E", "E", True, 38, 6),
    ("RWeWeWeC3C3C3S3S3 c4c4c4C4 b8B8B8b8 LC3C3C3C3", "E", "E", True, LIMIT),
    ("RWeWeWeC3C3C3 c4c4c4C4 b8B8B8b8 s3s3 Ls3s3s3", "E", "E", True, 60, 4),
    ("RB3B3B3C1C1C1 b1b1b1 s3s4s5 wewe LB3B3B3B3", "E", "E", True, 42, 0),
    ("b3B3B3b3 c1C1C1c1 b1b1b1b1 s3s3s3s3 WeWe LWeWeWe", "E", "E", True, LIMIT),
    ("b3b3 c1C1C1c1 b1b1b1b1 s3s3s3s3 wewewewe Lb3b3b3", "E", "E", True, LIMIT),
    ("b3b3b3b3 c1c1 b1b1b1b1 s3s3s3s3 wewewewe Lc1c1c1", "E", "E", True, LIMIT),
    ("s2s2s2 RS5S5S5B1B1B1B2B2 c9C9C9c9 me LS5S5S5S5", "E", "E", True, LIMIT),
    ("s2s2s2 RS5S5S5B1B1B1B2B2 c9C9C9c9 me Ls2s2s2s2", "E", "E", True, 66, 3),
    ("s2s2s2 RS5S5S5B1B1B1B2B2 c9C9C9c9 LS5S5S5S5", "E", "E", True, 68, 2),
    ("s2s2s2 RS1S1S1B1B1B1B2B2 c9C9C9c9 mz LS1S1S1S1", "E", "E", True, LIMIT),
    ("s2s2s2 RS1S1S1B1B1B1B2B2 c9C9C9c9 mz Ls2s2s2s2", "E", "E", True, 70, 3),
    ("s2s2s2 RS1S1S1B1B1B1B2B2 c9C9C9c9 LS1S1S1S1", "E", "E", True, 72, 2),
    ("b2b2b2 RS1S1S1B1B1B1B4B4 c9C9C9c9 LS1S1S1S1", "E", "E", True, 72, 2),
    ("dgdgdg RDrDrDrDbDbDb s4s4s4 c5c5", "E", "E", True, LIMIT),
    ("dgdgdg RDrDrDrDbDb s4s4s4 c5c5", "E", "E", False, 16, 3),
    ("dgdgdg RDrDrDrDbDbDb s4s5s6 c5c5", "E", "E", True, LIMIT),
    ("s2s2 RDgDgDgDbDbDbDrDrDr b2b2b2b2 Ls2s2s2", "E", "E", True, LIMIT),
    ("RS2DgDgDgDbDbDbDrDrDr wewewewe LDbDbDbDb", "E", "E", False, 40, 8),
    ("RB2B2B2S1S1S1B1B1B1B4B4 c9c9c9c9 LB2B2B2B2", "E", "E", True, 58, 2),
    ("RB2B2B2S1S1S1B4B4 b1b1b1 c9c9c9c9 LB2B2B2B2", "E", "E", True, 54, 1),
    ("RB2B2B2S1S1S1B4B4 b1b1b1 c9c9c9C9 LB2B2B2B2", "E", "E", True, 54, 2),
    ("s1s1s1s1 s2s2s2 wewe RS3S3S3 s4s4s4 Ls2s2s2s2", S, W, True, 44, 2),
    ("s1s1s1s1 s2s2s2 RWeWeS3S3S3 s4s4s4 me LS3S3S3S3", S, W, True, 46, 3),
    ("b3B3B3b3 RDbDbDbDrDrDr wewewewe s2s2 Ls2s2s2", "E", "E", True, 72, 6),
    ("s1s2s3 s1s2s3 b3b3b3 b4b4b4 RB5 fn yn LB5", N, "E", False, 12, 1),
    ("b3b3b3b3 RDbDbDb drdrdr weWeWewe s2s2 Ls2s2s2", "E", "E", True, 76, 5),
    ("s2s2s2 s2s3s4 RB1B1B1B1 c9C9C9c9 Ls2s2s3s4", "E", "E", False, 42, 0),
    ("s2s2s2 RDgDgDbDbDbDrDrDr b2b2b2b2 Ls2s2s2s2", "E", "E", True, 48, 4),
    ("s1s1s1s1 s2s2s2 s3s3s3 s4s4s4 s5s5 mw Ls3s3s3s3", "E", "E", True, 42, 4),
    ("RB2C1B2C1B2C1WeWeS4WeS4WeS6 LC1", "E", "E", False, 20, 3),
    ("b6b6b6 RB1B1B2B2B3B3B7S7C7B8 LB3", "E", "E", False, 2, 0),
    ("RB1B1B1B1B2B3B4B5B6B7B8B9DrDr fe fs fn fw LDrDrDr", "E", "E", True, 54, 3),
    ("RB1B1B1B2B2B2B5B5B5B7B8B9DrDr fe fs fn fw LDrDrDr", "E", "E", True, 62, 4),
    ("RB1B1B1B1B2B3B4B5B6B7B8B9DrDr fe fs fn fw me LDrDrDr", "E", "E", True, 54, 4),
    ("RB1B1B1B1B2B3B4B4B4B7B7B7DrDr fe fs fn fw mz LDrDrDr", "E", "E", True, 62, 5),
    ("RB1B1B1B1B2B3B4B4B4B7B7B7DrDr fe fs fn fw mZ LDrDrDr", "E", "E", True, 62, 5),
    ("drdr RB1B1B1B1B2B3B4B5B6B7B8B9 fe fs fn fw mZ Ldrdrdr", "E", "E", True, 52, 3),
    ("RB1B1B1B1B2B3B4B5B6B7B8B8B2B2 fe fs fn fw LB4", "E", "E", False, 0, 0),
    ("RB1B1B1B1B2B3B4B5B6B8B8B2B2 fe fs fn fw LB4", "E", "E", False, 28, 1),
    ("wewe wswsws RWnWnWn wwwwwwww b1b1b1 mz Lb1b1b1b1", N, "E", True, 54, 6),
    ("RB2B2 b4b4b4 b5b6b7 b7b8b9 c1c1c1 md Lb7b7b8b9", "E", "E", True, 28, 0),
    ("RB8B8 s4s4s4 b1b2b3 b4b5b6 c1c1c1 md Lb3b1b2b3", "E", "E", True, 28, 0),
    ("RB2B2 s4s4s4 b1b2b3 b4b5b6 c1c1c1 md Lb3b1b2b3", "E", "E", True, 26, 0),
    ("b1B1B1b1 RB2B3B4B5B6B7 b8b8b8b8 b5b5 fe fs fn fw m.t LB4", "E", "E", True, LIMIT),
    ("b1B1B1b1 RB2B3B4B6B6B6 b8b8b8b8 b5b5 fe fs fn fw m.t LB4", "E", "E", True, LIMIT),
    ("s1s1s1 s1s2s3 RB6B6B6B8B8B8B5B5 fn yn m.a LB5B5B5", N, "E", True, 44, 2),
    ("s1s1s1 s1s2s3 RB6B6B6B8B8B8B5 fn yn m.a LB5", N, "E", False, 20, 1),
    ("s1s2s3 s1s2s3 RB6B6B7B7B8B8B5 fn yn m.a LB5", N, "E", False, 8, 1),
    ("s1s2s3 s2s3s4 RB6B6B7B7B8B8B5B5 fn yn mka Ls1s1s2s3", N, "E", True, 28, 4),
    ("s4s5s6 RS1S2S3B6B6B7B7B8B8B5B5 fn yn m.a LS1S1S2S3", N, "E", True, 30, 3),
    ("S4S5S6 RS1S2S3B6B6B7B7B8B8B5B5 fn yn m1", "E", "E", True, LIMIT),
    ("S4S5S6 RS1S1S1B6B6B6B8B8B8B5B5 fn yn m1", "E", "E", True, LIMIT),
    ("s4s5s6 RS1S2S3B6B6B7B7B8B8 b5b5 fn yn m1 Ls4s4s5s6", W, "E", True, LIMIT),
    ("b1b1 c1c2c3 c9c9c9 s1s1s1 s9s9s9 Lb1b1b1", "E", "E", True, 38, 0),
    ("b1b1 c1c1c1 c9c9c9 s1s1s1 s9s9s9 Lb1b1b1", "E", "E", True, LIMIT),
    ("RB1 c1c1c1 c9c9c9 s1s1s1 s9s9s9", "E", "E", False, 16, 0),
    ("s1s2s3 s1s2s3 b3b3b3 b4b4b4 RB5B6 fn yn LB5", "E", "E", False, 0, 0),
    ("RB2C1B2C1B2C1WeWeS4WeS4WeS6S5 LS5", "E", "E", False, 0, 0),
    ("RB1B1B1B2B2B2B3B4 wnwnwn wewewe Lwnwnwnwn", "E", "E", True, 36, 3),
    ("RB1B1B1B2B2B2B3B3B3S1S1 c3c4c5 Lc3c3c4c5", "E", "E", True, 36, 1),
    ("RB1B1B1B2B2B2B3B3S1S2S3 c3c4c5 Lc3c3c4c5", "E", "E", True, 32, 0),
    ("c1C1C1c1 b5B5B5b5 c2C2C2c2 c3C3C3c3 RC4B6 fs fw fn fe LC4", "E", "E", False, 0, 0),
    ("wewewe wswsws wnwnwnWn RWwWwWwC6 LC6", "E", "E", False, 32, 4),
    ("wewewe wswsws wnwnwnWn RWwWwWwC3C3 LC3", "E", "E", True, LIMIT),
    ("s2s3s4 DrDr S1S2S3 S6S7S8 B5B6B7 fw yw fs md Ls2s2s3s4", "E", "E", True, 34, 0),
    ("b3B3B3b3 wewewe RDbDbDbS1S1S1S3S3 LS3S3S3", "E", "E", True, 60, 5),
    ("b3B3B3b3 wewewe RDbDbDbS1S1S1S4S4 LS4S4S4", "E", "E", True, 62, 5),
    ("b3B3B3b3 wewewe RDbDbDbS1S1S1S3S3 LS1S1S1S1", "E", "E", True, 58, 5),
    ("s9s9s9 s8s8s8 RDgDgS1S2S3S3S4S5 LS3 fe", "E", "E", True, 34, 1),
    ("s9s9s9 s8s8s8 RDgDgS1S2S3S4S4S4 LS3 fe", "E", "E", True, 40, 1),
    ("s9s9s9 s8s8s8 RDgDgS1S2S3S4S5S6 LS6 fe", "E", "E", True, 34, 1),
    ("s9s9s9 s8s8s8 RDgDgS1S2S3S7S8S9 LS7 fe", "E", "E", True, 36, 1),
    ("RB5S7B7B3B9S7S6C9C3B7S3 c5c6c7 mw LS3", "E", "E", False, 0, 0),
    ("RS1B1C1S2B2C2S5B5S8B8C8B9C7C9 LB2", "E", "E", False, 0, 0),
    ("RS3S9S9B1B1B2B3B8B8S2S2S2 s4b4 fs mw Ls4", "E", "E", False, 0, 0),
    ("RWeWeS1S1B9B9DgDgDrDrWsWwWw LS1", W, N, False, 6, 0),
    ("RDbDbDgDgDrDrWsWsWnWnS9C1C1C9 LDrDrDr", "E", "E", False, 0, 0),
    ("wewewe s1s1s1 b9b9b9 RC1C1C1C2C3 LC1C1C1", "E", "E", True, 38, 2),
    ("wewewe s1s1s1 b9b9b9 RC1C2C3C3C3 LC3C3C3", "E", "E", True, 38, 2),
    ("b5b6b7 s1s1s1 RB8C6C7C5B8B8C7C7 mw LC7C7C7", "E", "E", True, 32, 0),
    ("c6c6c6C6 fe fs RS8S8C1C2C3C4C5C7C8C9 LC6", "E", "E", False, 16, 0),
]


@pytest.mark.parametrize("case", KAJONGG_CASES, ids=[c[0] or "empty" for c in KAJONGG_CASES])
def test_kajongg_scoringtest_case_holds(case):
    tiles, seat, prevailing, won = case[:4]
    result = hv(tiles, seat, prevailing)
    assert result["won"] is won, result
    if case[4] == LIMIT:
        assert (result["limits"], result["points"], result["doubles"], result["value"]) == (1.0, 0, 0, 500), (
            result
        )
    else:
        assert (result["points"], result["doubles"], result["limits"]) == (case[4], case[5], 0.0), result


def explained(result, name):
    return any(line.startswith(name) for line in result["explain"])


# --- one test per rule -------------------------------------------------------------------------


@pytest.mark.parametrize("table", sorted(TABLE_RULES))
def test_every_rule_of_every_table_has_a_condition(table):
    for rule in TABLE_RULES[table]:
        if rule.scope == "mj":
            assert rule.when == "Standard Mah Jongg" or rule.when in MJ_PATTERNS, rule.name
            continue
        conditions = (MELD_CONDITIONS, HAND_CONDITIONS, BONUS_CONDITIONS)
        assert any(rule.when in c for c in conditions) or rule.name == "Long Hand", rule.name


def test_standard_mah_jongg_scores_twenty_points():
    result = hv("c1c2c3 c7c8c9 b2b3b4 c5c5 s1s2s3 Lc1c1c2c3", seat="W", prevailing="N")
    assert result["won"] and explained(result, "Standard Mah Jongg: 20 points")


def test_exposed_and_concealed_pungs_and_kongs_score_their_points():
    assert hv("s2s2s2")["points"] == 2
    assert hv("s1s1s1")["points"] == 4
    assert hv("wswsws")["points"] == 4
    assert hv("RS2S2S2")["points"] == 4
    assert hv("RS9S9S9")["points"] == 8
    assert hv("RWsWsWs")["points"] == 8
    assert hv("s2s2s2s2")["points"] == 8
    assert hv("s9s9s9s9")["points"] == 16
    assert hv("s2S2S2s2")["points"] == 16
    assert hv("s9S9S9s9")["points"] == 32
    assert hv("wsWsWsws")["points"] == 32


def test_claimed_kong_scores_as_exposed_kong():
    assert hv("c6c6c6C6")["points"] == 8


def test_pairs_of_dragons_own_wind_and_round_wind_score_two_points_each():
    assert hv("RDgDg")["points"] == 2
    assert hv("RWeWe", seat="E", prevailing="E")["points"] == 4
    assert hv("RWeWe", seat="S", prevailing="E")["points"] == 2
    assert hv("RWsWs", seat="S", prevailing="E")["points"] == 2
    assert hv("RWnWn", seat="S", prevailing="E")["points"] == 0


def test_dragon_and_wind_pungs_double():
    assert hv("dgdgdg")["doubles"] == 1
    assert hv("wewewe", seat="E", prevailing="E")["doubles"] == 2
    assert hv("wewewe", seat="S", prevailing="E")["doubles"] == 1
    assert hv("wnwnwn", seat="S", prevailing="E")["doubles"] == 0


def test_flowers_and_seasons_score_four_points_each():
    assert hv("fe ys")["points"] == 8


def test_own_flower_and_own_season_double_once():
    assert hv("fs ys", seat="S")["doubles"] == 1
    assert hv("fe ys", seat="S")["doubles"] == 0


def test_all_flowers_and_all_seasons_double_each():
    result = hv("fe fs fw fn ye ys yw yn", seat="E")
    assert result["points"] == 32
    assert result["doubles"] == 3  # all flowers, all seasons, own flower and own season


def test_three_concealed_pungs_double_once():
    assert explained(hv("RB2B2B2S1S1S1B1B1B1"), "Three Concealed Pongs")


def test_little_and_big_three_dragons():
    assert explained(hv("dgdgdg drdrdr RDbDb"), "Little Three Dragons")
    result = hv("dgdgdg drdrdr dbdbdb")
    assert explained(result, "Big Three Dragons") and result["doubles"] == 5


def test_little_and_big_four_joys():
    assert explained(hv("wewewe wswsws wwwwww RWnWn", seat="N", prevailing="N"), "Little Four Joys")
    assert explained(hv("wewewe wswsws wwwwww wnwnwn", seat="N", prevailing="N"), "Big Four Joys")


def test_last_tile_completing_a_pair_scores_two_or_four_points():
    assert explained(hv("b3B3B3b3 wewewe RDbDbDbS1S1S1S2S2 LS2S2S2"), "Last Tile Completes Pair of 2..8")
    assert explained(
        hv("b1b1 c1c2c3 c1c2c3 c1c2c3 c1c2c3 Lb1b1b1"), "Last Tile Completes Pair of Terminals or Honors"
    )


def test_last_tile_is_only_possible_tile_scores_two_points():
    result = hv("s9s9s9 s8s8s8 RDgDgS1S2S3S7S8S9 LS7 fe")
    assert explained(result, "Last Tile is Only Possible Tile")
    assert not explained(hv("s9s9s9 s8s8s8 RDgDgS1S2S3S4S5S6 LS6 fe"), "Last Tile is Only Possible Tile")


def test_won_with_last_tile_from_wall_scores_two_points():
    assert explained(hv("s9s9s9 s8s8s8 RDgDgS1S2S3S7S8S9 LS7"), "Won with Last Tile Taken from Wall")
    assert not explained(
        hv("RB2B2 b4b4b4 b5b6b7 b7b8b9 c1c1c1 Lb7b7b8b9"), "Won with Last Tile Taken from Wall"
    )


def test_zero_point_hand_doubles_once():
    assert explained(hv("b1b1 c1c2c3 c1c2c3 c1c2c3 c1c2c3 Lb1b1b1"), "Zero Point Hand")


def test_no_chow_doubles_once():
    assert explained(hv("b1b1b1b1 RDgDgDg b6b6b6 b4b4b4 b8b8 Lb6b6b6b6"), "No Chow")


def test_only_concealed_melds_doubles_once():
    assert explained(hv("RB1B1B1B1B2B3B4B5B6B7B8B9DrDr LDrDrDr"), "Only Concealed Melds")


def test_false_color_game_doubles_once_and_true_color_game_three_times():
    assert explained(hv("b1b1b1b1 RDgDgDg b6b6b6 b4b4b4 b8b8 Lb6b6b6b6"), "False Color Game")
    result = hv("b1b1b1b1 RB2B3B4B5B6B7B8B8B2B2B2 fe fs fn fw LB3B2B3B4")
    assert explained(result, "True Color Game: 3 doubles")


def test_only_terminals_and_honours_double_once():
    result = hv("wswsws RWeWeWnWnWnB1B1B1 wwwwwwww mz LB1B1B1B1", seat="N")
    assert explained(result, "Only Terminals and Honors")


def test_last_tile_sources_double_once():
    base = "RB1B1B1B1B2B3B4B4B4B7B7B7DrDr LDrDrDr"
    assert explained(hv(base + " me"), "Last Tile Taken from Dead Wall")
    assert explained(hv(base + " mz"), "Last Tile is Last Tile of Wall:")
    assert explained(hv(base + " mZ"), "Last Tile is Last Tile of Wall Discarded")
    assert explained(hv("s1s2s3 s2s3s4 RB6B6B7B7B8B8B5B5 mk Ls1s1s2s3"), "Robbing the Kong")


def test_original_call_doubles_once():
    assert explained(
        hv("s1s1s1 s1s2s3 RB6B6B6B8B8B8B5B5 m.a LB5B5B5", seat="N"), "Mah Jongg with Original Call"
    )


def test_long_hand_is_worth_nothing():
    result = hv("RB2C1B2C1B2C1WeWeS4WeS4WeS6S5S5 LS5")
    assert result == {
        "won": False,
        "points": 0,
        "doubles": 0,
        "limits": 0.0,
        "limit_hand": None,
        "value": 0,
        "items": [{"rule": "long_hand", "name": "Long Hand", "what": None, "points": 0, "doubles": 0}],
        "explain": ["Long Hand: 0 points"],
    }


def test_non_winning_hands_get_no_winner_rules():
    result = hv("RWeWeC3C3C3C5C5C4C4C4C8C8C8 me LWe")
    assert not result["won"]
    assert not explained(result, "Last Tile Taken from Dead Wall")


# --- limit hands -------------------------------------------------------------------------------

LIMIT_HANDS = [
    ("Concealed True Color Game", "b1b1b1B1 RB2B3B4B5B6B7B8B8B2B2B2 LB3B2B3B4", "E"),
    ("Only Honors", "drdrdr wewe wswsws wnwnwn dbdbdb Ldrdrdrdr", "E"),
    ("Hidden Treasure", "RWeWeWeC3C3C3S3S3 c4c4c4C4 b8B8B8b8 LC3C3C3C3", "E"),
    ("Heads and Tails", "b1b1 c1c1c1 c9c9c9 s1s1s1 s9s9s9 Lb1b1b1", "E"),
    ("Fourfold Plenty", "b3b3 c1C1C1c1 b1b1b1b1 s3s3s3s3 wewewewe Lb3b3b3", "E"),
    ("Three Great Scholars", "dgdgdg RDrDrDrDbDbDb s4s5s6 c5c5", "E"),
    ("Four Blessings Hovering over the Door", "b1b1 wewewe wswsws WnWnWn wwwwwwww Lb1b1b1", "E"),
    ("Imperial Jade", "b2b2b2b2 RDgDgDg b6b6b6 b4b4b4 b8b8 Lb6b6b6b6", "E"),
    ("Gathering the Plum Blossom from the Roof", "s2s2s2 RS5S5S5B1B1B1B2B2 c9C9C9c9 me LS5S5S5S5", "E"),
    ("Plucking the Moon from the Bottom of the Sea", "s2s2s2 RS1S1S1B1B1B1B2B2 c9C9C9c9 mz LS1S1S1S1", "E"),
    ("Scratching a Carrying Pole", "b2b3b4 RS1S1S1B1B1B1B4B4 c9C9C9c9 mk Lb2b2b3b4", "E"),
    ("Twofold Fortune", "b1B1B1b1 RB2B3B4B6B6B6 b8b8b8b8 b5b5 m.t LB4", "E"),
    ("Blessing of Heaven", "S4S5S6 RS1S2S3B6B6B7B7B8B8B5B5 m1", "E"),
    ("Blessing of Earth", "s4s5s6 RS1S2S3B6B6B7B7B8B8 b5b5 m1 Ls4s4s5s6", "W"),
    ("Nine Gates", "RC1C1C1C2C3C4C5C6C7C8C9C9C9C5 LC5", "E"),
    ("Thirteen Orphans", "RC1C9B9B1S1S9WeDgWsWnWwDbDrS1 LDgDg", "E"),
    ("Squirming Snake", "c1c1c1 c3c4c5 c9c9c9 c6c7c8 RC2C2 Lc1c1c1c1", "E"),
]


@pytest.mark.parametrize(("name", "tiles", "seat"), LIMIT_HANDS, ids=[h[0] for h in LIMIT_HANDS])
def test_limit_hand_is_worth_one_limit(name, tiles, seat):
    result = hv(tiles, seat=seat, upper_limit=1000)
    assert result["won"] and result["limits"] == 1.0 and result["value"] == 1000, result
    assert explained(result, name), result["explain"]


def test_limit_hand_without_upper_limit_uses_the_default_limit():
    assert hv("RC1C9B9B1S1S9WeDgWsWnWwDbDrS1 LDgDg", upper_limit=0)["value"] == 5000


def test_value_is_cut_to_the_upper_limit():
    assert hv("wewewe drdrdr RDrDrDrDb wwwwwwww LDb", upper_limit=500)["value"] == 500
    assert hv("wewewe drdrdr RDrDrDrDb wwwwwwww LDb", upper_limit=0)["value"] == 512
    assert hv("wewewe drdrdr RDrDrDrDb wwwwwwww LDb", upper_limit=5000)["value"] == 512


def test_default_upper_limit_is_five_thousand():
    result = value_record(
        {"ruleset": "dmjl-classical", "tiles": "RC1C9B9B1S1S9WeDgWsWnWwDbDrS1 LDgDg", "options": {"table": "kajongg"}}
    )
    assert result["value"] == 5000 and result["limit_hand"] == "full"


# --- notation errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "position", "bad"),
    [
        ("b1b1b1 RX9", 8, "X9"),
        ("b1b1b1 RB1B2X9", 12, "X9"),
        ("b1b1b1 c0c0c0", 7, "c0"),
        ("wewewe wxwxwx", 7, "wx"),
        ("RB1B", 3, "B"),
        ("s1s1s1 mq", 8, "q"),
        ("s1s2s3 Lq1", 8, "q1"),
    ],
)
def test_notation_error_names_the_position(tiles, position, bad):
    with pytest.raises(HandValueError) as info:
        hv(tiles)
    assert info.value.code == "bad_tiles"
    assert info.value.position == position
    assert info.value.field == "tiles"
    assert f"{bad!r}" in info.value.message and f"position {position}" in info.value.message


def test_notation_error_message_reads_like_the_contract():
    result = value({"id": "x", "ruleset": "dmjl-classical", "tiles": "b1b1b1 b2b2b2 RX9"})
    assert result == {
        "id": "x",
        "error": {
            "code": "bad_tiles",
            "message": "Cannot read 'X9' at position 15.",
            "field": "tiles",
            "position": 15,
        },
    }
