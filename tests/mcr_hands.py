"""Random MCR winning hands in the riichi tile shape (docs/rules.md §9, engine ``mcr``), and the same
hand written as bare PyMahjongGB's arguments by this module's own reading of the tiles: the 200-hand
test (tests/scoring/test_handvalue_mcr.py) and the benchmark (bench/mcr_handvalue.py) use both."""

import random

SUITS = ("man", "pin", "sou")
WINDS = "ESWN"


def random_hand(rng: random.Random) -> dict:
    """Four sets and a pair (some called, kongs called or concealed), a winning tile among the
    concealed ones, flowers and a situation, all drawn from ``rng``."""
    counts = [0] * 34
    groups = []
    while len(groups) < 4:
        kind = rng.choice(("chow", "pung", "kong", "chow"))
        tile = rng.randrange(34)
        if kind == "chow":
            if tile >= 27 or tile % 9 > 6:
                continue
            tiles = [tile, tile + 1, tile + 2]
        else:
            tiles = [tile] * (3 if kind == "pung" else 4)
        if any(counts[t] + tiles.count(t) > 4 for t in set(tiles)):
            continue
        for t in tiles:
            counts[t] += 1
        groups.append((kind, tiles))
    while True:
        pair = rng.randrange(34)
        if counts[pair] <= 2:
            counts[pair] += 2
            break
    melds, concealed = [], [pair, pair]
    for kind, tiles in groups:
        if kind == "kong" or rng.random() < 0.4:
            opened = rng.random() < 0.6 if kind == "kong" else True
            melds.append({"type": {"chow": "chi", "pung": "pon", "kong": "kan"}[kind], "opened": opened,
                          "tiles": suits(tiles)})
        else:
            concealed.extend(tiles)
    win = rng.choice(concealed)
    return {"ruleset": "mcr", "tiles": suits([t for t in range(34) for _ in range(counts[t])]),
            "win_tile": f"{win % 9 + 1}{'mps'[win // 9]}" if win < 27 else f"{win - 26}z",
            "melds": melds, "flowers": rng.randrange(9),
            "situation": {"self_drawn": rng.random() < 0.4, "last_of_kind": rng.random() < 0.1,
                          "kong": False, "last_of_wall": rng.random() < 0.05,
                          "seat_wind": rng.choice(WINDS), "round_wind": rng.choice(WINDS)}}


def suits(tiles: list[int]) -> dict:
    """Tile indices (0-8 man, 9-17 pin, 18-26 sou, 27-33 honours) as the riichi shape's strings."""
    out = {"man": "", "pin": "", "sou": "", "honors": ""}
    for t in sorted(tiles):
        if t < 27:
            out[SUITS[t // 9]] += str(t % 9 + 1)
        else:
            out["honors"] += str(t - 26)
    return out


def bare_arguments(hand: dict) -> dict:
    """The hand as PyMahjongGB's ``MahjongFanCalculator`` keyword arguments (without ``verbose``)."""
    letters = {"man": "W", "pin": "B", "sou": "T"}
    dragons = {5: "J3", 6: "J2", 7: "J1"}  # white, green, red: the library's J3, J2, J1

    def codes(strings: dict) -> list[str]:
        return [letters[s] + ch for s in SUITS for ch in strings.get(s, "")] + [
            f"F{ch}" if int(ch) <= 4 else dragons[int(ch)] for ch in strings.get("honors", "")]

    hand_tiles = codes(hand["tiles"])
    packs = []
    for meld in hand["melds"]:
        tiles = codes(meld["tiles"])
        for code in tiles:
            hand_tiles.remove(code)
        kind = {"chi": "CHI", "pon": "PENG", "kan": "GANG"}[meld["type"]]
        packs.append((kind, tiles[1] if kind == "CHI" else tiles[0], 1 if meld["opened"] else 0))
    number, suit = hand["win_tile"]
    win = codes({"man": "", "pin": "", "sou": "", "honors": "", {"m": "man", "p": "pin", "s": "sou",
                                                                 "z": "honors"}[suit]: number})[0]
    hand_tiles.remove(win)
    s = hand["situation"]
    return {"pack": tuple(packs), "hand": tuple(hand_tiles), "winTile": win, "flowerCount": hand["flowers"],
            "isSelfDrawn": s["self_drawn"], "is4thTile": s["last_of_kind"], "isAboutKong": s["kong"],
            "isWallLast": s["last_of_wall"], "seatWind": WINDS.index(s["seat_wind"]),
            "prevalentWind": WINDS.index(s["round_wind"])}
