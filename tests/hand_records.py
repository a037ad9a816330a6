"""Hand records the tests share (as a client posts them to a table of the tournament's ruleset)."""

# dmjl-classical: South wins; the balances are [-1336, 2304, -732, -236] with East the dealer.
WIN = {"outcome": "win", "winner": 1, "hand_values": [20, 576, 4, 128]}
# dmjl-classical: East (the dealer) wins with the same values otherwise.
EAST_WINS = {"outcome": "win", "winner": 0, "hand_values": [200, 576, 4, 128]}
# dmjl-classical: East wins 100 and the others hold nothing: [600, -200, -200, -200].
EAST_WINS_100 = {"outcome": "win", "winner": 0, "hand_values": [100, 0, 0, 0]}
# riichi-ema: South draws its own winning tile, 3 han 40 fu.
RIICHI_WIN = {"outcome": "win", "win_type": "self_draw", "wins": [{"seat": 1, "han": 3, "fu": 40}]}
