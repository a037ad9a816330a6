"""Scoring errors: the error codes of docs/rules.md §8 and their English message templates.

Each template is marked with ``N_`` so that translators can extract it; the Django layer translates
``ScoringError.template`` and then formats it with ``ScoringError.params``. A message key is either
an error code or ``"<code>.<variant>"`` when one code needs several wordings.
"""


def N_(message: str) -> str:
    """Mark a string for translation without translating it (the Django layer translates)."""
    return message


TEMPLATES: dict[str, str] = {
    "unknown_ruleset": N_("Unknown ruleset {ruleset!r}; expected one of {choices}."),
    "unknown_option": N_("Unknown option {option!r} for the ruleset {ruleset}."),
    "bad_record": N_("The field {name!r} is missing or invalid: {expected}."),
    "bad_record.not_object": N_("A hand record must be a JSON object."),
    "bad_record.unknown_field": N_("The field {name!r} is not part of a {ruleset} hand record."),
    "bad_record.option_value": N_("The option {option!r} must be {expected}."),
    "bad_record.options_not_object": N_("The options must be a JSON object."),
    "bad_record.duplicate_seat": N_("Seat {seat} appears twice in {name!r}."),
    "bad_record.penalty_type": N_("{penalty!r} is not a penalty of the ruleset {ruleset}."),
    "bad_record.penalty_field": N_("The penalty {penalty!r} has no field {name!r}."),
    "bad_record.penalty_twice": N_("The penalty {penalty!r} is given twice for seat {seat}."),
    "bad_record.penalty_outcome": N_(
        "The penalty {penalty!r} does not apply when the outcome is {outcome!r}."
    ),
    "bad_record.void_without_offender": N_("A void hand needs a {penalty!r} penalty naming the offender."),
    "bad_record.void_without_offender_or_fine": N_(
        "A void hand needs a false Mah-Jongg or a fine naming the offender."
    ),
    "bad_record.end_game_not_allowed": N_("Ending the game early (agari yame) is not part of these rules."),
    "bad_record.end_game_dealer": N_(
        "Only a dealer who wins or is tenpai at a draw may end the game early (agari yame)."
    ),
    "bad_record.end_game_not_last": N_(
        "The game can only be ended early in its last hand, by a leading dealer (agari yame)."
    ),
    "bad_record.one_liable": N_("Only one player can be liable ({penalty}) in a hand."),
    "bad_record.liable_is_winner": N_("The winner cannot be liable ({penalty}) for their own win."),
    "bad_record.naming_self": N_("A player cannot falsely name a discard to themselves."),
    "bad_record.limit_hand_without_limit": N_("A limit hand needs an upper limit; the upper limit is 0."),
    "bad_record.fan_or_limit": N_("A win needs either 'fan' or 'limit_hand': true."),
    "bad_record.points_or_limit": N_("A win needs either 'points' or 'limit_hand': true."),
    "bad_record.one_tsumo": N_(
        "A self-drawn win has exactly one winner; only a discard can be won by several."
    ),
    "bad_record.pao_without_yakuman": N_("With several winners, pao needs a yakuman winner to apply to."),
    "bad_record.game_complete": N_("The game at this table is already complete."),
    "bad_seat": N_("{name!r} must be a seat from 0 to 3, not {value!r}."),
    "bad_outcome": N_("The outcome {value!r} is not allowed in {ruleset}; expected one of {choices}."),
    "winner_required": N_("A won hand needs a winner."),
    "winner_required.wins": N_("A won hand needs at least one entry in 'wins'."),
    "discarder_required": N_("A win on a discard needs the seat that discarded."),
    "winner_is_discarder": N_("Seat {seat} cannot win on their own discard."),
    "dead_hand_cannot_win": N_("Seat {seat} has a dead hand and cannot win."),
    "below_lower_limit": N_("The winner's hand value {value} is below the lower limit of {limit}."),
    "below_min_fan": N_("The winner's {fan} fan are below the minimum of {min_fan} fan."),
    "below_minimum": N_("The winner's {points} points without flowers are below the minimum of {minimum}."),
    "below_min_doubles": N_("The winner's {doubles} doubles are below the minimum of {min_doubles}."),
    "false_mahjong_needs_void": N_("A false Mah-Jongg penalty needs the outcome 'void'."),
    "false_mahjong_needs_void.chombo": N_("A chombo penalty needs the outcome 'void'."),
    "bad_han_fu": N_(
        "Seat {seat}: {han} han and {fu} fu is not a valid hand (at least 1 han, 20 to 110 fu)."
    ),
    "bad_han_fu.yakuman": N_(
        "Seat {seat}: under EMA rules a hand counts exactly one yakuman, not {yakuman}."
    ),
    "abortive_draw_not_allowed": N_("Abortive draws are not played under these rules."),
}


class ScoringError(Exception):
    """An invalid hand record or option: ``code`` from docs/rules.md §8, an English ``message``,
    the record ``field`` it concerns (or None), and the ``template``/``params`` it was made from."""

    def __init__(self, key: str, *, field: str | None = None, **params: object) -> None:
        self.code = key.partition(".")[0]
        self.template = TEMPLATES[key]
        self.params = params
        self.field = field
        self.message = self.template.format(**params)
        self.hand_index: int | None = None
        super().__init__(self.message)

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message, "field": self.field}
