"""A throwaway fifth ruleset, as a module of scoring/rulesets would be written: DMJL Hongkong Easy
over a single wind round with table points 3/2/1/0, entered on the Hongkong sheet and valued from tiles
by the Hongkong engine. Nothing outside this module names it."""

from scoring.rulesets import dmjl_hke

NAME = "hke-short"
LABEL = "Hongkong short"  # a real ruleset marks it: gettext_noop("…") from scoring.texts
FAMILY = "chinese-classical"
GAME = "table_points"
STANDING_METHOD = "table_points"
HAND_VALUE = "hke"
SHEET = "dmjl-hke"
USUAL_FINE = None
OUTCOMES = dmjl_hke.OUTCOMES
FIELDS = dmjl_hke.FIELDS
PENALTIES = dmjl_hke.PENALTIES
CARRIED = dmjl_hke.CARRIED
DEFAULTS = {**dmjl_hke.DEFAULTS, "rounds": 1, "table_points": [3, 2, 1, 0]}
OPTIONS = dmjl_hke.OPTIONS
settle = dmjl_hke.settle
