"""Tournament-level options: settings of the tournament day that no ruleset knows.

A tournament's ``options`` holds the ruleset's options (``scoring``) and these side by side, as
docs/api.md asks ("validated like the ruleset's"). They are data, like the rulesets' options: the
type and allowed values in ``OPTIONS``, the defaults in ``DEFAULTS``. ``split`` separates the two
kinds so that settlement only ever sees the ruleset's own keys.
"""

import scoring
from scoring import rulesets
from scoring import stages as staging
from scoring.errors import ScoringError
from scoring.records import LARGEST, Option, merge_options

NAME = "tournament"

# A fixed substitute result is EMA practice in the points games (a ruleset's ``GAME``: points and uma).
# The EMA's own riichi rules could not be consulted here for the exact figures (the public copies
# found cover play and uma only: uma +15/+5/−5/−15 thousand since 2016, docs/rules.md §5), so the
# figures are options with the values (−15,000 and −15 uma) as defaults.


def substitute_fixed_allowed(ruleset: str) -> bool:
    """Whether the ruleset's game is a points game, where a substitute's result may be fixed by rule."""
    module = rulesets.get(ruleset)
    return module is not None and module.GAME == "points"


# The options that only a fixed substitute result reads: offered and listed for points games only.
FIXED_SUBSTITUTE_OPTIONS = frozenset({"substitute_score", "substitute_uma", "substitute_table_points"})


def applies(name: str, ruleset: str) -> bool:
    """Whether the tournament-level option ``name`` means anything under ``ruleset`` (a classical
    tournament is never shown riichi's fixed substitute score)."""
    return name not in FIXED_SUBSTITUTE_OPTIONS or substitute_fixed_allowed(ruleset)

class StagesOption(Option):
    """The option ``stages`` (scoring.stages): null or a list of stages, checked as a whole."""

    __slots__ = ()

    def __init__(self):
        super().__init__(list, nullable=True)
        self.expected = staging.EXPECTED

    def accepts(self, value: object) -> bool:
        return staging.valid(value)


OPTIONS: dict[str, Option] = {
    # the tournament day (league.services.day): the clock, hidden standings, substitutes
    "session_minutes": Option(int, minimum=1),
    "time_up": Option(str, choices=("finish_hand", "one_more_hand", "stop_now")),
    "hide_standings_from_session": Option(int, minimum=1, nullable=True),
    "substitute_scoring": Option(str, choices=("counted", "excluded", "fixed")),
    "substitute_score": Option(int, minimum=-LARGEST),
    "substitute_uma": Option(int, minimum=-LARGEST),
    "substitute_table_points": Option(int, minimum=0),
    # teams: null, "sum" of all members or of the "best" team_best members
    "team_standings": Option(str, choices=("sum", "best"), nullable=True),
    "team_best": Option(int, minimum=1),
    # a player chosen to sit out a session of an odd field (league.models.Bye)
    "bye_table_points": Option(int, minimum=0),
    "bye_score": Option(int, minimum=-LARGEST),
    # who enters a table's hands: its tournament's referees, or also the players seated at it
    "entry": Option(str, choices=("referee", "players")),
    # a qualification, a final for the top N … (scoring.stages; docs/rules.md §7)
    "stages": StagesOption(),
}

DEFAULTS: dict = {
    "session_minutes": 120,
    # at time-up: the hand being played is finished; or one more hand is played; or play stops at once
    "time_up": "finish_hand",
    # from this session on, everyone but administrators sees the standings as before it, until revealed
    "hide_standings_from_session": None,
    # a substitute's games: counted in the standings like anyone's, left out of them (DMJL), or
    # "fixed" (EMA riichi practice, points games only): the substitute's result
    # is replaced by a fixed one, the other three keep theirs. The figures: −15,000 points
    # and −15 uma (game score −30,000), the last place; table points 0. See substitute_fixed_allowed.
    "substitute_scoring": "counted",
    "substitute_score": -15000,
    "substitute_uma": -15000,
    "substitute_table_points": 0,
    "team_standings": None,
    "team_best": 3,
    # a bye scores as nothing played unless the director says otherwise (no game is counted for it)
    "bye_table_points": 0,
    "bye_score": 0,
    # "players": a player seated at an open table enters its hands; a table then counts once three of
    # its four players (or a referee) confirmed it and no dispute is open (league.selectors.tables)
    "entry": "referee",
    "stages": None,
}


def split(options: dict | None) -> tuple[dict, dict]:
    """``(ruleset options, tournament options)`` of a tournament's stored ``options``."""
    options = options or {}
    if type(options) is not dict:
        raise ScoringError("bad_record.options_not_object", field="options")
    ruleset = {key: value for key, value in options.items() if key not in OPTIONS}
    tournament = {key: value for key, value in options.items() if key in OPTIONS}
    return ruleset, tournament


def validate(options: dict | None) -> dict:
    """The tournament-level defaults overridden by the tournament-level keys of ``options``."""
    return merge_options(NAME, OPTIONS, DEFAULTS, split(options)[1])


def validate_all(ruleset: str, options: dict | None) -> tuple[dict, dict]:
    """Both kinds validated: ``(ruleset options, tournament options)``, defaults filled in.

    Raises ScoringError (unknown key, bad value) like the ruleset's own validation.
    """
    own, _day = split(options)
    day = validate(options)
    if day["substitute_scoring"] == "fixed" and not substitute_fixed_allowed(ruleset):
        raise ScoringError("bad_record.option_value", field="options", option="substitute_scoring",
                           expected="'counted' or 'excluded' (a fixed result needs a points game such as riichi-ema)")
    return scoring.validate_options(ruleset, own), day
