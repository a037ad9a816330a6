"""``riichi-ema``: Japanese riichi under the EMA Riichi Competition Rules 2016 (docs/rules.md §5).

Han/fu to base points, ron and tsumo payments, honba, riichi deposits, tenpai payments at an
exhaustive draw, pao, chombo (a penalty off the final score) and multiple ron. Options for tables that
play otherwise: the dealer passing at a draw even when tenpai, counted yakuman, and the game's early
endings (bust, agari yame: a record's ``end_game``), which ``scoring.flow`` applies.
"""

from ..errors import ScoringError
from ..numbers import shares
from ..records import (
    COMMON_FIELDS,
    FLOW_OPTIONS,
    MOST_DOUBLES,
    Option,
    count,
    flag,
    offenders,
    penalties,
    require_outcome,
    result,
    seat_list,
    win_type,
)
from ..texts import gettext_noop

NAME = "riichi-ema"
LABEL = gettext_noop("Riichi (EMA 2016)")
FAMILY = "riichi"  # the family a season ranks apart (FAMILIES)
GAME = "points"  # scoring/rulesets/__init__.py says what each attribute means
STANDING_METHOD = "score"
HAND_VALUE = "riichi"
SHEET = NAME
USUAL_FINE = None
OUTCOMES = ("win", "draw", "void", "abort")
FIELDS = COMMON_FIELDS | {"wins", "win_type", "discarder", "riichi", "riichi_sticks", "honba", "tenpai", "end_game"}
PENALTIES = frozenset({"pao", "chombo"})
CARRIED = ("riichi_sticks", "honba")

DEFAULTS = {
    "riichi_deposit": 1000,
    "honba_ron": 300,
    "honba_tsumo": 100,
    "tenpai_payment": 3000,
    "chombo_penalty": 20000,
    "abortive_draws": False,
    "dealer_repeats_on_tenpai": True,
    "kazoe_yakuman": False,
    "bust_ends_game": False,
    "agari_yame": False,
    "start_points": 30000,
    "uma": [15000, 5000, -5000, -15000],
    "rounds": 2,
    "max_hands": 0,
    "table_points": [4, 2, 1, 0],
}
OPTIONS = {
    "riichi_deposit": Option(int, minimum=0),
    "honba_ron": Option(int, minimum=0),
    "honba_tsumo": Option(int, minimum=0),
    "tenpai_payment": Option(int, minimum=0),
    "chombo_penalty": Option(int, minimum=0),
    "abortive_draws": Option(bool),
    "dealer_repeats_on_tenpai": Option(bool),
    "kazoe_yakuman": Option(bool),
    "bust_ends_game": Option(bool),
    "agari_yame": Option(bool),
    "start_points": Option(int, minimum=0),
    "uma": Option(list, length=4),
    **FLOW_OPTIONS,
}

YAKUMAN_BASE = 8000
# (least han, base points) for the limit hands, highest first; counted 13+ han is sanbaiman under EMA.
LIMITS = ((11, 6000), (8, 4000), (6, 3000), (5, 2000))
MANGAN = 2000
KAZOE_HAN = 13
FU_RANGE = (20, 110)
SEVEN_PAIRS_FU = 25
# Ron: multiple of base paid by the discarder (East winner, other winner). Tsumo: per payer.
RON_EAST, RON_OTHER = 6, 4
TSUMO_EAST, TSUMO_OTHER = 2, 1


def base_points(han: int, fu: int | None) -> int:
    for least, points in LIMITS:
        if han >= least:
            return points
    assert fu is not None  # the record's check requires fu below the limits (_value)
    if fu != SEVEN_PAIRS_FU:
        fu = -(-fu // 10) * 10
    return min(fu << (han + 2), MANGAN)


def up100(amount: int) -> int:
    return -(-amount // 100) * 100


def settle(record: dict, options: dict, dealer: int, outcome: str) -> dict:
    grouped = penalties(record, NAME, PENALTIES)
    if "chombo" in grouped and outcome != "void":
        raise ScoringError("false_mahjong_needs_void.chombo", field="penalties")
    require_outcome(grouped, ("pao",), outcome, ("win",))
    sticks = count(record, "riichi_sticks", default=0)
    honba = count(record, "honba", default=0)
    riichi = seat_list(record, "riichi")
    tenpai = seat_list(record, "tenpai")
    end_game = flag(record, "end_game")
    if end_game and not options["agari_yame"]:
        raise ScoringError("bad_record.end_game_not_allowed", field="end_game")
    deposit = options["riichi_deposit"]
    balances = [0, 0, 0, 0]

    if end_game and not (outcome == "draw" and dealer in tenpai or outcome == "win"):
        raise ScoringError("bad_record.end_game_dealer", field="end_game")
    if outcome == "void":
        guilty = offenders(grouped, "chombo")
        if not guilty:
            raise ScoringError("bad_record.void_without_offender", field="penalties", penalty="chombo")
        adjustments = [0, 0, 0, 0]
        for s in guilty:
            adjustments[s] = -options["chombo_penalty"]
        return result(balances, True, adjustments=adjustments, riichi_sticks=sticks, honba=honba)
    if outcome == "abort" and not options["abortive_draws"]:
        raise ScoringError("abortive_draw_not_allowed", field="outcome")

    for s in riichi:
        balances[s] -= deposit
    sticks += len(riichi)
    if outcome == "abort":
        return result(balances, True, riichi_sticks=sticks, honba=honba + 1)
    if outcome == "draw":
        if 0 < len(tenpai) < 4:
            gain = options["tenpai_payment"] // len(tenpai)
            loss = options["tenpai_payment"] // (4 - len(tenpai))
            for s in range(4):
                balances[s] += gain if s in tenpai else -loss
        repeats = dealer in tenpai and options["dealer_repeats_on_tenpai"]
        return result(balances, repeats, riichi_sticks=sticks, honba=honba + 1)

    kind, discarder = win_type(record)
    wins = _wins(record, kind, discarder, options["kazoe_yakuman"])
    pao = offenders(grouped, "pao")
    if len(pao) > 1:
        raise ScoringError("bad_record.one_liable", field="penalties", penalty="pao")
    liable = pao[0] if pao else None
    winners = [w for w, _, _ in wins]
    if liable is not None and len(wins) == 1 and liable == winners[0]:
        raise ScoringError("bad_record.liable_is_winner", field="penalties", penalty="pao")
    # With several winners pao applies to the yakuman it was declared for; the liable player may be
    # another winner of the same multiple ron, whose own win is paid as usual (Pantheon's
    # testMultiRonWithPao).
    if liable is not None and len(wins) > 1 and not any(y for w, _, y in wins if w != liable):
        raise ScoringError("bad_record.pao_without_yakuman", field="penalties")
    for winner, base, yakuman in wins:
        pays_pao = liable is not None and liable != winner and (yakuman or len(wins) == 1)
        _pay(balances, options, dealer, winner, base, discarder, honba, liable if pays_pao else None)
    # A winner who declared riichi in this hand takes their own deposit back; every other deposit goes
    # to the first winner in turn order after the discarder (EMA RCR 2016 §4.1).
    start = winners[0] if discarder is None else discarder
    taker = next(w for w in ((start + i) % 4 for i in range(4)) if w in winners)
    own = [w for w in winners if w in riichi and w != taker]
    for w in own:
        balances[w] += deposit
    balances[taker] += (sticks - len(own)) * deposit
    repeats = dealer in winners
    if end_game and not repeats:
        raise ScoringError("bad_record.end_game_dealer", field="end_game")
    return result(balances, repeats, riichi_sticks=0, honba=honba + 1 if repeats else 0)


def _wins(record: dict, kind: str, discarder: int | None, kazoe: bool) -> list[tuple[int, int, bool]]:
    """(seat, base points, is yakuman) per winner."""
    wins = record.get("wins")
    if not wins:
        if wins is None or type(wins) is list:
            raise ScoringError("winner_required.wins", field="wins")
        raise ScoringError("bad_record", field="wins", name="wins", expected="a list of wins")
    if type(wins) is not list:
        raise ScoringError("bad_record", field="wins", name="wins", expected="a list of wins")
    if kind == "self_draw" and len(wins) > 1:
        raise ScoringError("bad_record.one_tsumo", field="wins")
    out: list[tuple] = []
    for win in wins:
        if type(win) is not dict or not set(win) <= {"seat", "han", "fu", "yakuman"}:
            raise ScoringError(
                "bad_record",
                field="wins",
                name="wins",
                expected='objects with "seat" and "han"/"fu" or "yakuman"',
            )
        winner = win.get("seat")
        if not (type(winner) is int and 0 <= winner <= 3):
            if type(winner) is int:
                raise ScoringError("bad_seat", field="wins", name="seat", value=winner)
            raise ScoringError("bad_record", field="wins", name="seat", expected="a seat from 0 to 3")
        if winner == discarder:
            raise ScoringError("winner_is_discarder", field="wins", seat=winner)
        if any(w == winner for w, _, _ in out):
            raise ScoringError("bad_record.duplicate_seat", field="wins", name="wins", seat=winner)
        out.append((winner, *_value(win, winner, kazoe)))
    return out


def _value(win: dict, winner: int, kazoe: bool) -> tuple[int, bool]:
    if "yakuman" in win:
        yakuman = win["yakuman"]
        if "han" in win or "fu" in win or type(yakuman) is not int:
            raise ScoringError("bad_record", field="wins", name="yakuman", expected="1, without han and fu")
        if yakuman != 1:
            raise ScoringError("bad_han_fu.yakuman", field="wins", seat=winner, yakuman=yakuman)
        return YAKUMAN_BASE, True
    han, fu = win.get("han"), win.get("fu")
    if (
        type(han) is not int
        or (fu is not None and type(fu) is not int)
        or (fu is None and han < LIMITS[-1][0])
    ):
        raise ScoringError("bad_record", field="wins", name="han", expected="whole numbers of han and fu")
    if han > MOST_DOUBLES:
        raise ScoringError("bad_record", field="wins", name="han", expected=f"at most {MOST_DOUBLES} han")
    if han < 1 or (fu is not None and not FU_RANGE[0] <= fu <= FU_RANGE[1]):
        raise ScoringError("bad_han_fu", field="wins", seat=winner, han=han, fu=fu)
    if kazoe and han >= KAZOE_HAN:
        # A counted yakuman: paid as one, and pao (which needs a named yakuman) does not apply.
        return YAKUMAN_BASE, False
    return base_points(han, fu), False


def _pay(balances: list[int], options: dict, dealer: int, winner: int, base: int, discarder: int | None, honba: int,
         liable: int | None) -> None:
    """One winner's payment; ``liable`` is the pao seat, if pao applies to this win."""
    if discarder is not None:
        ron = up100((RON_EAST if winner == dealer else RON_OTHER) * base)
        extra = honba * options["honba_ron"]
        balances[winner] += ron + extra
        if liable is not None and liable != discarder:
            balances[liable] -= ron // 2
            ron -= ron // 2
        balances[discarder] -= ron + extra
        return
    extra = honba * options["honba_tsumo"]
    for payer in range(4):
        if payer == winner:
            continue
        amount = up100((TSUMO_EAST if dealer in (payer, winner) else TSUMO_OTHER) * base) + extra
        balances[liable if liable is not None else payer] -= amount
        balances[winner] += amount


def game_scores(final: list, options: dict, adjustments: list[int]) -> tuple[list, list]:
    """A game's final points and scores: score = final − start + uma (shared by ties) + adjustments."""
    start = options["start_points"]
    uma = shares(final, options["uma"])
    return final, [final[s] - start + uma[s] + adjustments[s] for s in range(4)]
