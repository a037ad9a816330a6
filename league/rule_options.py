"""The rulesets' options as people read them: labels, help texts and choice labels (data, translated
here because ``scoring`` knows no Django), the presets, and ``ruleset_catalogue``, which builds the
list the API (``rulesets/``) and the tournament's options form show from the rulesets' own option
data (``scoring.rulesets.*.OPTIONS``/``DEFAULTS``) and the tournament-level options
(``league.tournament_options``). An option the labels do not know yet is shown under its name.
"""
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import rulesets
from scoring.records import Option
from scoring.rulesets import BY_NAME

from . import tournament_options

# name -> (label, help)
LABELS: dict[str, tuple] = {
    "upper_limit": (_("Upper limit"), _("Highest value a hand is paid at; 0 = no limit")),
    "lower_limit": (_("Lower limit"), _("Smallest hand value that may go out (Mah-Jongg)")),
    "limit_mode": (_("How the limit applies"), _("Cut the differences between players, or each hand value first")),
    "draw_scoring": (_("Scoring of a drawn hand"), _("Whether the players settle their hands when the wall runs out")),
    "false_mahjong_mode": (_("False Mah-Jongg penalty"), _("Paid to each innocent player, or in total")),
    "false_mahjong_penalty": (_("False Mah-Jongg penalty points"), _("Points the offender pays")),
    "false_naming_chow": (_("False naming: chow"), _("Points paid for wrongly calling a chow")),
    "false_naming_pung": (_("False naming: pung"), _("Points paid for wrongly calling a pung")),
    "false_naming_kong": (_("False naming: kong"), _("Points paid for wrongly calling a kong")),
    "rounds": (_("Wind rounds"), _("Wind rounds a game lasts (1 = East round only)")),
    "max_hands": (_("Hands per game at most"), _("0 = no maximum; the game ends after this many hands")),
    "table_points": (_("Table points"), _("Table points for places 1 to 4, comma separated")),
    "min_fan": (_("Minimum fan"), _("Fan a hand needs to go out")),
    "obstruction_penalty": (_("Obstruction penalty"), _("Points paid for obstructing play")),
    "riichi_deposit": (_("Riichi deposit"), _("Points a riichi declaration puts on the table")),
    "honba_ron": (_("Honba on a ron"), _("Points per counter paid by the discarder")),
    "honba_tsumo": (_("Honba on a tsumo"), _("Points per counter paid by each player")),
    "tenpai_payment": (_("Tenpai payment"), _("Points moving from players not tenpai to tenpai players at a draw")),
    "chombo_penalty": (_("Chombo penalty"), _("Points deducted from the final score for a chombo")),
    "abortive_draws": (_("Abortive draws"), _("Whether abortive draws are allowed (not under EMA rules)")),
    "start_points": (_("Starting points"), _("Points each player starts with")),
    "uma": (_("Uma"), _("Bonus for places 1 to 4, comma separated")),
    "rounding": (_("Rounding"), _("How points and payments are rounded")),
    "top_bonus": (_("Top bonus"), _("Points the player with the most points gets on top")),
    "table": (_("Valuation table"), _("Which table values the tiles")),
    "prevailing_wind_pair": (_("Pair of the prevailing wind"),
                             _("Points for a pair of the prevailing wind (0 where a group counts none)")),
    "seat_change": (_("Change seats after each wind round"), _("The players move as seed 002's \"Umsetzen\" says")),
    "bust_ends_game": (_("A bust ends the game"), _("The game ends after a hand that leaves a player below zero")),
    "dealer_repeats_on_tenpai": (_("Dealer repeats when tenpai"),
                                 _("Off: the deal passes whenever East does not win")),
    "kazoe_yakuman": (_("Counted yakuman"), _("13 or more counted han pay a yakuman")),
    "agari_yame": (_("Agari yame"), _("In the last hand a leading dealer who wins or is tenpai may end the game")),
    "min_points": (_("Minimum points"), _("Points a hand needs to go out, not counting the flowers")),
    "false_mahjong_points": (_("False Mah-Jongg points"),
                             _("Points the offender pays each other player; the hand goes on")),
    "hands": (_("Hands per game"), _("The game ends after this many hands")),
    "min_doubles": (_("Minimum doubles"), _("Doubles a hand needs to go out (1 = Li fan shibari)")),
    "session_minutes": (_("Session length in minutes"), _("The session clock's duration")),
    "time_up": (_("At time-up"), _("What happens when the session clock runs out")),
    "hide_standings_from_session": (_("Hide the standings from session"),
                                    _("From this session on only administrators see the standings until the reveal; "
                                      "empty: never hidden")),
    "substitute_scoring": (_("Substitutes' games"), _("Whether a substitute's games count in the standings")),
    "substitute_score": (_("Substitute's fixed score"),
                         _("With a fixed result: the substitute's points before uma (EMA: −15,000)")),
    "substitute_uma": (_("Substitute's fixed uma"), _("With a fixed result: the substitute's uma (EMA: −15,000)")),
    "substitute_table_points": (_("Substitute's fixed table points"),
                                _("With a fixed result: the substitute's table points")),
    "team_standings": (_("Team standings"), _("Rank teams by the sum of all members or of their best k")),
    "team_best": (_("Best members per team"), _("With team standings by the best: how many members count")),
    "bye_table_points": (_("Table points for a bye"),
                         _("A player who sits out a session (odd field) gets these table points")),
    "bye_score": (_("Score for a bye"), _("A player who sits out a session (odd field) gets this game score")),
    "entry": (_("Who enters the hands"),
              _("The referees, or the players at each table (a table then counts once three of its players "
                "or a referee confirmed it)")),
    "stages": (_("Stages"),
               _("Empty: none. Else a list such as [{\"name\": \"Qualification\", \"from_session\": 1, "
                 "\"carry\": \"none\"}, {\"name\": \"Final\", \"from_session\": 5, \"players\": 8, "
                 "\"carry\": \"half\"}]: from a stage's first session only the top players of the stage "
                 "before are seated, its table points and score carried in full (all), in half or not at all "
                 "(none)")),
}

CHOICE_LABELS: dict[tuple[str, object], object] = {
    ("limit_mode", "cap_differences"): _("Cut the differences"),
    ("limit_mode", "cap_values"): _("Cut each hand value first"),
    ("draw_scoring", "none"): _("No payments"),
    ("draw_scoring", "differences"): _("Settle the differences"),
    ("false_mahjong_mode", "per_innocent"): _("To each innocent player"),
    ("false_mahjong_mode", "total"): _("In total"),
    ("rounding", "round_points"): _("Round points, then payments"),
    ("rounding", "exact_then_round"): _("Round only the payments"),
    ("rounding", "none"): _("No rounding"),
    ("rounding", "points_only"): _("Round only the points"),
    ("table", "chemnitz"): _("Chemnitz"),
    ("table", "kajongg"): _("Kajongg (Classical Chinese DMJL)"),
    ("time_up", "finish_hand"): _("Finish the hand being played"),
    ("time_up", "one_more_hand"): _("Play one more hand"),
    ("time_up", "stop_now"): _("Stop at once"),
    ("substitute_scoring", "counted"): _("Counted like anyone's"),
    ("substitute_scoring", "excluded"): _("Left out of the standings"),
    ("substitute_scoring", "fixed"): _("A fixed result by rule (riichi)"),
    ("team_standings", None): _("No team standings"),
    ("team_standings", "sum"): _("Sum of all members"),
    ("team_standings", "best"): _("Sum of the best members"),
    ("entry", "referee"): _("The referees"),
    ("entry", "players"): _("The players at the table"),
}

__all__ = ["BY_NAME", "ruleset_catalogue", "ruleset_choices", "ruleset_label", "sheet_of", "options_of",
           "presets_of", "preset", "option_lines"]


def ruleset_label(name: str):
    """A ruleset's label in the active language (its module's ``LABEL``; an unknown name as it is)."""
    module = rulesets.get(name)
    return _(module.LABEL) if module else name


def sheet_of(ruleset: str) -> str:
    """The score-sheet layout a ruleset's hands are entered with (its module's ``SHEET``: the name of
    the built-in ruleset whose form, printed sheet and tile entry it uses)."""
    return rulesets.BY_NAME[ruleset].SHEET


def family_label(name: str) -> str:
    """The name of a family of rulesets (scoring.rulesets.FAMILIES) in the language of the moment."""
    return gettext(rulesets.FAMILIES.get(name, name))


def family_choices() -> list[tuple[str, object]]:
    """(name, label) of every family of rulesets: the choices of a season's ranking family."""
    return [(name, family_label(name)) for name in rulesets.FAMILIES]


def ruleset_choices() -> list[tuple[str, object]]:
    """(name, label) of every registered ruleset: the choices of a tournament's ruleset."""
    return [(name, ruleset_label(name)) for name in rulesets.names()]


# Presets: a name, the ruleset and the options it sets (keys a ruleset does not have are left out).
PRESETS = [
    {"name": "DMJL Turnier", "ruleset": "dmjl-classical",
     "options": {"upper_limit": 5000, "lower_limit": 100, "limit_mode": "cap_differences", "draw_scoring": "none",
                 "table_points": [4, 2, 1, 0]}},
    {"name": "Chemnitz", "ruleset": "dmjl-classical",
     "options": {"table": "chemnitz", "upper_limit": 5000, "lower_limit": 100, "limit_mode": "cap_differences",
                 "draw_scoring": "differences", "table_points": [4, 2, 1, 0]}},
    {"name": "EMA 2016", "ruleset": "riichi-ema",
     "options": {"rounds": 2, "start_points": 30000, "uma": [15000, 5000, -5000, -15000], "abortive_draws": False}},
    {"name": "BGA", "ruleset": "riichi-ema",
     "options": {"rounds": 1, "start_points": 30000, "uma": [15000, 5000, -5000, -15000], "abortive_draws": False}},
    {"name": "EMA MCR", "ruleset": "mcr",
     "options": {"min_points": 8, "false_mahjong_points": 10, "hands": 16, "table_points": [4, 2, 1, 0]}},
    {"name": "Japanisch klassisch", "ruleset": "japanese-classic",
     "options": {"rounding": "round_points", "start_points": 30000, "top_bonus": 12000}},
]


def _type_name(option: Option) -> str:
    if isinstance(option, tournament_options.StagesOption):
        return "stages"  # a list of objects, written as JSON in the form
    if option.choices:
        return "choice"
    return {int: "integer", bool: "boolean", list: "list", str: "text"}.get(option.kind, "text")


def describe(name: str, option: Option, default, *, level: str) -> dict:
    """One option as the API and the form show it."""
    label, help_text = LABELS.get(name, (name, ""))
    choices = list(option.choices)
    if option.nullable and option.choices:
        choices = [None, *choices]
    entry = {
        "name": name, "type": _type_name(option), "default": default,
        "choices": [{"value": value, "label": str(CHOICE_LABELS.get((name, value), value))} for value in choices],
        "label": str(label), "help": str(help_text), "level": level, "nullable": option.nullable,
    }
    if option.minimum is not None:
        entry["minimum"] = option.minimum
    if option.length:
        entry["length"] = option.length
    return entry


def options_of(ruleset: str) -> list[dict]:
    """The ruleset's options, then the tournament-level ones that apply to it
    (``tournament_options.applies``: no fixed substitute result outside points games)."""
    module = BY_NAME[ruleset]
    entries = [describe(name, option, module.DEFAULTS.get(name), level="ruleset")
               for name, option in module.OPTIONS.items()]
    entries += [describe(name, option, tournament_options.DEFAULTS.get(name), level="tournament")
                for name, option in tournament_options.OPTIONS.items() if tournament_options.applies(name, ruleset)]
    if not tournament_options.substitute_fixed_allowed(ruleset):  # no fixed substitute result to choose
        for entry in entries:
            if entry["name"] == "substitute_scoring":
                entry["choices"] = [choice for choice in entry["choices"] if choice["value"] != "fixed"]
    return entries


def presets_of(ruleset: str) -> list[dict]:
    known = set(BY_NAME[ruleset].OPTIONS)
    return [{"name": preset["name"], "options": {k: v for k, v in preset["options"].items() if k in known}}
            for preset in PRESETS if preset["ruleset"] == ruleset]


def ruleset_catalogue() -> list[dict]:
    """Every ruleset with its options and presets, labels in the active language."""
    return [{"ruleset": name, "label": str(ruleset_label(name)), "options": options_of(name),
             "presets": presets_of(name)} for name in BY_NAME]


def preset(name: str) -> dict | None:
    """``{"name", "ruleset", "options"}`` of the named preset, options limited to the ruleset's."""
    for entry in PRESETS:
        if entry["name"] == name:
            options = next(p["options"] for p in presets_of(entry["ruleset"]) if p["name"] == name)
            return {"name": name, "ruleset": entry["ruleset"], "options": options}
    return None


CARRY_LABELS = {"all": _("carried in full"), "half": _("carried in half"), "none": _("not carried")}


def stage_text(stage: dict) -> str:
    """One stage as people read it: "Final: from session 5, top 8, carried in half"."""
    parts = [gettext("from session %(number)s") % {"number": stage["from_session"]}]
    if stage.get("players"):
        parts.append(gettext("top %(players)s") % {"players": stage["players"]})
    if stage["from_session"] > 1:
        parts.append(str(CARRY_LABELS[stage["carry"]]))
    return f"{stage['name']}: {', '.join(parts)}"


def option_lines(ruleset: str, options: dict) -> list[tuple[str, object]]:
    """Every option of the ruleset and the tournament as a labelled line people read, in the active
    language: ``(label, value)`` with a number as a number, a choice by its label, yes/no for a
    switch, a list as "4 / 2 / 1 / 0" and "—" for an empty value. ``options`` are the effective ones
    (defaults filled in); a missing one shows its default."""
    lines = []
    for entry in options_of(ruleset):
        value = options.get(entry["name"], entry["default"])
        choices = {choice["value"]: choice["label"] for choice in entry["choices"]}
        if entry["type"] == "stages" and value:
            text = "; ".join(stage_text(stage) for stage in value)
        elif (value is None or isinstance(value, str)) and value in choices:
            text = choices[value]
        elif isinstance(value, bool):
            text = gettext("yes") if value else gettext("no")
        elif isinstance(value, list | tuple):
            text = " / ".join(str(item) for item in value)
        elif value is None:
            text = "—"
        else:
            text = value
        lines.append((entry["label"], text))
    return lines
