"""What a stored hand record says, read the same way by the exports and the statistics: who won,
who dealt in, whether it was self-drawn, the penalties, whether it was a limit hand, and the
outcome in words with the players' names ("Süd – Ben gewinnt durch Selbstziehen"), and the part of a
stored record that the referee entered (``posted_part``).

Records are as docs/rules.md §1 describes them (already validated when stored); the helpers
read them defensively all the same, so an odd old record gives a plain text, never an error.
"""
from django.utils import translation
from django.utils.translation import gettext_noop

from scoring import rulesets
from scoring.flow import seat_winds

from .models import WIND_NAMES

# Keys the table's state supplies; a posted record may not set them.
STATE_KEYS = frozenset({"dealer", "riichi_sticks", "honba"})
TOURNAMENT_KEYS = frozenset({"ruleset", "options"})


def posted_part(record: dict) -> dict:
    """The part of a stored record that the referee entered."""
    return {k: v for k, v in record.items() if k not in STATE_KEYS and k not in TOURNAMENT_KEYS}


def _seat(value) -> int | None:
    return value if isinstance(value, int) and 0 <= value < 4 else None


def winners(record: dict) -> list[int]:
    """The winning seats: riichi's ``wins`` list (several for a multiple ron) or ``winner``."""
    if record.get("outcome") != "win":
        return []
    wins = record.get("wins")
    if isinstance(wins, list) and wins:
        return [seat for seat in (_seat(w.get("seat")) for w in wins if isinstance(w, dict)) if seat is not None]
    seat = _seat(record.get("winner"))
    return [] if seat is None else [seat]


def discarder(record: dict) -> int | None:
    """The seat that discarded the winning tile (rulesets that record it), else None."""
    if record.get("outcome") != "win" or record.get("win_type") != "discard":
        return None
    return _seat(record.get("discarder"))


def self_drawn(record: dict) -> bool:
    return record.get("outcome") == "win" and record.get("win_type") == "self_draw"


def records_win_type(ruleset: str) -> bool:
    """Whether the ruleset's hands record how a hand was won (self-drawn, or whose discard): the
    classical sheet records neither, so its self-draws and hands dealt in are unknown, not 0."""
    module = rulesets.get(ruleset)
    return module is not None and "win_type" in module.FIELDS


def penalties(record: dict) -> list[tuple[str, int]]:
    """(type, seat) of each penalty in the record (seat None when it names none)."""
    found = []
    for penalty in record.get("penalties") or []:
        if isinstance(penalty, dict):
            found.append((str(penalty.get("type", "")), _seat(penalty.get("seat"))))
    return found


def limit_hand(record: dict) -> bool:
    """A limit hand (yakuman) for the winner."""
    if record.get("outcome") != "win":
        return False
    if record.get("limit_hand"):
        return True
    return any(isinstance(w, dict) and w.get("yakuman") for w in record.get("wins") or [])


class Wording:
    """Translations looked up once each, for writing many outcomes and seat labels in the active
    language (the results workbook has one outcome per hand, and Django's lookup of a phrase costs
    more than the rest of the text). Make one while the language it is for is active, use it only
    then; ``LIVE`` looks every phrase up when it is needed."""

    def __init__(self):
        self._texts: dict[tuple, str] = {}
        self.winds = {wind: str(label) for wind, label in WIND_NAMES.items()}

    def gettext(self, message: str) -> str:
        text = self._texts.get((message,))
        if text is None:
            text = self._texts[(message,)] = translation.gettext(message)
        return text

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        key = (singular, plural, number)
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = translation.ngettext(singular, plural, number)
        return text


class _Live(Wording):
    def __init__(self):
        pass

    gettext = staticmethod(translation.gettext)
    ngettext = staticmethod(translation.ngettext)

    @property
    def winds(self) -> dict:
        return dict(WIND_NAMES)


LIVE = _Live()


def seat_labels(names: list, dealer: int = 0, wording: Wording | None = None) -> list[str]:
    """"East – Anna" for each seat, with the winds of the hand (``dealer`` is East); a seat without a
    player (None) reads "East – —". The one way the sheet, its forms and the exports name a seat."""
    labels = (wording or LIVE).winds
    winds = seat_winds(dealer) if 0 <= dealer < 4 else seat_winds(0)
    return [f"{labels[wind]} – {name or '—'}" for wind, name in zip(winds, names, strict=False)]


PENALTY_WORDS = {
    "dead_hand": gettext_noop("dead hand"),
    "false_mahjong": gettext_noop("false Mah-Jongg"),
    "chombo": gettext_noop("chombo"),
    "pao": gettext_noop("pao"),
    "false_naming": gettext_noop("false naming"),
    "dangerous_game": gettext_noop("dangerous game"),
    "fine": gettext_noop("fine"),
}


def outcome_text(record: dict, names: list[str], wording: Wording | None = None) -> str:
    """The hand's outcome in words, naming the players: "Anna wins on Ben's discard". ``wording``
    keeps the translations when writing many outcomes."""
    _, ngettext = (wording or LIVE).gettext, (wording or LIVE).ngettext

    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and seat < len(names) else "?"

    outcome = record.get("outcome")
    if outcome == "win":
        seats = winners(record)
        values = {"winners": " & ".join(name(seat) for seat in seats) or "?", "discarder": name(discarder(record))}
        if self_drawn(record):
            text = _("%(winners)s wins by self-draw") % values
        elif discarder(record) is not None:
            text = ngettext("%(winners)s wins on %(discarder)s's discard",
                            "%(winners)s win on %(discarder)s's discard", len(seats)) % values
        else:
            text = ngettext("%(winners)s wins", "%(winners)s win", len(seats)) % values
        if limit_hand(record):
            text += " (" + _("limit hand") + ")"
    elif outcome == "draw":
        text = _("Draw (the wall ran out)")
    elif outcome == "void":
        text = _("Void hand")
    elif outcome == "abort":
        text = _("Abortive draw")
    else:
        text = str(outcome or "")
    for kind, seat in penalties(record):
        words = _(PENALTY_WORDS.get(kind, kind))
        text += "; " + (_("%(penalty)s: %(player)s") % {"penalty": words, "player": name(seat)}
                        if seat is not None else words)
    return text
