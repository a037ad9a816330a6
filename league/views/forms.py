"""Score-sheet forms: one per sheet layout (a ruleset's ``SHEET``, scoring/rulesets), each turning
its fields into a hand record (docs/rules.md §3–6) and a stored record back into fields for a correction.

This is the only mapping from fields to record: saving a hand and the score sheet's live preview
(``static/league/scoresheet.js`` posts the form to ``referee-table-preview``) both go through it.
Errors from the scoring service name record fields (``winner``, ``hand_values``, ``penalties`` …);
``HandForm.add_service_error`` puts each into the error slot of the form field it concerns.
"""

import json
import re

from django import forms
from django.utils import formats
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import rulesets
from scoring.rulesets.dmjl_classical import FINE_CATALOGUE
from scoring.rulesets.japanese_classic import SIMPLE_LIMIT

from ..rule_options import sheet_of
from .numbers import WholeNumberField

SEATS = range(4)

OUTCOME_CHOICES = {
    "win": _("Mah-Jongg (win)"),
    "draw": _("Draw (wall exhausted)"),
    "void": _("Void (false Mah-Jongg / chombo)"),
}
WIN_TYPE_CHOICES = [("discard", _("On a discard")), ("self_draw", _("Self-drawn"))]
RIICHI_WIN_TYPE_CHOICES = [("discard", _("Ron (on a discard)")), ("self_draw", _("Tsumo (self-drawn)"))]
CLASSICAL_LIMIT_CHOICES = [
    ("", _("none")),
    ("half", _("half limit")),
    ("full", _("full limit")),
    ("double", _("double limit")),
]
CLAIM_CHOICES = [("", "—"), ("chow", _("chow")), ("pung", _("pung")), ("kong", _("kong"))]

# Fines (penalty ``fine``): the Chemnitz catalogue by name, its amounts from scoring, and a free amount.
FINE_ROWS = 3
FINE_NAMES = {
    "early_look": _("Looking at tiles early"),
    "wrong_wall_end": _("Drawing from the wrong end of the wall"),
    "own_hand_misscored": _("Scoring one's own hand wrongly"),
    "misnamed_discard": _("Misnaming a discard"),
    "call_without_meld": _("Tile called without the meld"),
    "call_without_meld_minor": _("Tile called without the meld, lesser case"),
    "false_mahjong_exposed": _("False Mah-Jongg after another player exposed"),
    "false_mahjong": _("False Mah-Jongg"),
}
FREE_FINE = "free"


def fine_choices(ruleset: str) -> list[tuple[str, str]]:
    """The offences a score sheet offers, each with its amount; a ruleset with a usual fine
    (``USUAL_FINE``: japanese-classic's simple limit, seed 004 ch.8) offers it first."""
    choices = [("", "—")]
    usual = rulesets.BY_NAME[ruleset].USUAL_FINE
    if usual is not None:
        choices.append(("simple_limit", _("Other offence (simple limit, %(amount)s)") % {"amount": usual}))
    choices += [(key, f"{FINE_NAMES[key]} ({amount})") for key, amount in FINE_CATALOGUE.items()]
    choices.append((FREE_FINE, _("Other amount")))
    return choices


def ruleset_offers(ruleset: str, offence: str) -> bool:
    return any(key == offence for key, _label in fine_choices(ruleset))


def fine_amount(kind: str, free_amount: int | None) -> int | None:
    if kind == "simple_limit":
        return SIMPLE_LIMIT
    return FINE_CATALOGUE.get(kind, free_amount)


def _fines(values: dict) -> list[dict]:
    out = []
    for row in range(FINE_ROWS):
        kind = values.get(f"fine_kind_{row}")
        if kind:
            fine = {"type": "fine", "seat": values.get(f"fine_seat_{row}"),
                    "amount": fine_amount(kind, values.get(f"fine_amount_{row}"))}
            if kind != FREE_FINE:
                fine["offence"] = kind  # what the lines and the history name; the amount is the fine
            out.append(fine)
    return out


def fine_offence_name(offence: str | None) -> str | None:
    """The offence a fine was given for, in words (None when the record names none)."""
    if offence == "simple_limit":
        return gettext("Other offence (simple limit)")
    name = FINE_NAMES.get(offence or "")
    return str(name) if name else (offence.replace("_", " ") if offence else None)


def _seat_field(label, *, required=False):
    return forms.TypedChoiceField(label=label, required=required, coerce=int, empty_value=None, choices=())


def _seats_field(label):
    return forms.TypedMultipleChoiceField(
        label=label, required=False, coerce=int, choices=(), widget=forms.CheckboxSelectMultiple
    )


def _number_field(label, **kwargs):
    return WholeNumberField(label=label, required=False, min_value=0, **kwargs)


# Values so unusual that the sheet asks before storing them (a typo is likelier than the hand).
MOST_HAN_WITHOUT_YAKUMAN = 13
MOST_CLASSICAL_HAND_VALUE = 100_000
MOST_FAN = 13  # dmjl-hke: 10 fan already pays the limit
MOST_DOUBLES, MOST_POINTS = 13, 110  # japanese-classic: 13 doubles is the highest limit; fu as in riichi
MOST_MCR_POINTS = 200  # mcr: an 88-point hand with more on top is rare; more needs a confirmation
_PER_SEAT = re.compile(r"^[a-z]+_([0-3])$")


# Scoring messages (scoring/errors.py) that name a seat number or a record field, as the sheet words
# them with the seat's wind and player ("South – Ben") and the form's own words.
SHEET_MESSAGES = {
    "Seat {seat} cannot win on their own discard.": _("%(seat)s cannot win on their own discard."),
    "Seat {seat} has a dead hand and cannot win.": _("%(seat)s has a dead hand and cannot win."),
    "Seat {seat}: {han} han and {fu} fu is not a valid hand (at least 1 han, 20 to 110 fu).":
        _("%(seat)s: %(han)s han and %(fu)s fu is not a valid hand (at least 1 han, 20 to 110 fu)."),
    "Seat {seat}: under EMA rules a hand counts exactly one yakuman, not {yakuman}.":
        _("%(seat)s: under EMA rules a hand counts exactly one yakuman, not %(yakuman)s."),
    "Seat {seat} appears twice in {name!r}.": _("%(seat)s is chosen twice."),
    "The penalty {penalty!r} is given twice for seat {seat}.": _("%(seat)s has the same penalty twice."),
    "A won hand needs at least one entry in 'wins'.": _("Tick the winner (or winners)."),
    "A win needs either 'fan' or 'limit_hand': true.": _("Enter the fan or tick “Limit hand”."),
    "A win needs either 'points' or 'limit_hand': true.": _("Enter the points or tick “Limit hand”."),
    "A void hand needs a {penalty!r} penalty naming the offender.":
        _("A void hand needs the player who caused it: choose the offender under penalties."),
}


def _confirm_hint() -> str:
    return gettext("Check it, or tick “Yes, I mean it” and save again.")


def _penalties(values: dict, *kinds: str) -> list[dict]:
    """Penalty entries for checkbox groups (several seats) and single-seat selects, in the order named."""
    out = []
    for kind in kinds:
        value = values.get(kind)
        seats = value if isinstance(value, list) else ([] if value is None else [value])
        out.extend({"type": kind, "seat": seat} for seat in seats)
    return out


def _win_fields(values: dict, record: dict) -> None:
    record["winner"] = values.get("winner")
    record["win_type"] = values.get("win_type") or "discard"
    if record["win_type"] == "discard":
        record["discarder"] = values.get("discarder")


def record_from_values(sheet: str, values: dict) -> dict:
    """The hand record for cleaned form values (ints, None, lists of ints, strings, bools) of a
    sheet layout (a ruleset's ``SHEET``): each sheet's form fills in its own fields."""
    outcome = values.get("outcome") or "win"
    record: dict = {"outcome": outcome}
    penalties = HAND_FORMS[sheet].record_parts(values, record, outcome)
    if penalties:
        record["penalties"] = penalties
    return record


def values_from_record(ruleset: str, record: dict) -> dict:
    """Form values for a stored record: the inverse of ``record_from_values``."""
    values: dict = {"outcome": record.get("outcome", "win")}
    for key in ("winner", "win_type", "discarder", "fan", "points", "doubles", "riichi", "tenpai", "end_game"):
        if key in record:
            values[key] = record[key]
    fines = 0
    for penalty in record.get("penalties") or []:
        kind = penalty.get("type")
        if kind == "fine" and fines < FINE_ROWS:
            # A catalogue offence comes back as itself when its amount is still the catalogue's;
            # anything else (no offence, another amount) as a free amount, so nothing changes.
            offence = penalty.get("offence")
            known = offence and fine_amount(offence, None) == penalty.get("amount")
            values.update({f"fine_seat_{fines}": penalty.get("seat"),
                           f"fine_kind_{fines}": offence if known and ruleset_offers(ruleset, offence) else FREE_FINE,
                           f"fine_amount_{fines}": penalty.get("amount")})
            fines += 1
        elif kind == "fine":
            continue
        elif kind == "false_naming":
            values.update(
                naming_seat=penalty.get("seat"),
                naming_claimant=penalty.get("claimant"),
                naming_claim=penalty.get("claim"),
            )
        elif kind in ("dangerous_game", "chombo", "pao"):
            values[kind] = penalty.get("seat")
        else:
            values.setdefault(kind, []).append(penalty.get("seat"))
    HAND_FORMS[sheet_of(ruleset)].fill_values(record, values)
    for win in record.get("wins") or []:
        s = win.get("seat")
        values[f"win_{s}"] = True
        if win.get("yakuman"):
            values[f"yakuman_{s}"] = True
        else:
            values[f"han_{s}"], values[f"fu_{s}"] = win.get("han"), win.get("fu")
    return values


class HandForm(forms.Form):
    """Fields shared by every sheet; ``seat_labels`` name the four seats (wind and player); ``ruleset``
    the tournament's ruleset (entered on this form's ``sheet``)."""

    sheet = ""
    outcomes: tuple[str, ...] = ("win", "draw", "void")
    seat_fields: tuple[str, ...] = ()
    seats_fields: tuple[str, ...] = ()
    # record field named by a scoring error -> the form field whose error slot shows it
    error_map: dict[str, str] = {}

    outcome = forms.ChoiceField(label=_("Outcome"), choices=(), widget=forms.RadioSelect, initial="win")
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)
    # Made when the form is shown (and anew by scoresheet.js for each hand it queues): a repeated
    # submission of the same hand carries the same key and is answered, not stored twice.
    key = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)
    # The number of the hand this form means to create (or correct).
    number = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    # Shown with the errors when a value is implausible (``implausible``); ticked, the value is stored.
    confirm = forms.BooleanField(label=_("Yes, I mean it"), required=False)

    @staticmethod
    def record_parts(values: dict, record: dict, outcome: str) -> list[dict]:
        """Put this sheet's own fields into the hand record; returns the record's penalties."""
        raise NotImplementedError

    @staticmethod
    def fill_values(record: dict, values: dict) -> None:
        """Put this sheet's own fields of a stored record into the form values."""
        values["limit_hand"] = bool(record.get("limit_hand"))

    def __init__(self, *args, seat_labels: list[str], ruleset: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset or self.sheet
        self.seat_labels = seat_labels
        self.doubts: list[tuple[str, str]] = []
        seat_choices = [(s, label) for s, label in enumerate(seat_labels)]
        self.fields["outcome"].choices = [(o, OUTCOME_CHOICES[o]) for o in self.outcomes]
        for name in self.seat_fields:
            self.fields[name].choices = [("", "—"), *seat_choices]
        for name in self.seats_fields:
            self.fields[name].choices = seat_choices
        self._label_seat_fields()

    def _label_seat_fields(self) -> None:
        """Each seat's own inputs (in a grid or table, one label per column) say whose they are."""
        for name, field in self.fields.items():
            match = _PER_SEAT.match(name)
            if match:
                field.widget.attrs["aria-label"] = f"{field.label} – {self.seat_labels[int(match.group(1))]}"

    def implausible(self, values: dict) -> list[tuple[str, str]]:
        """(field, message) for each value that is possible but so unusual that it needs confirming."""
        return []

    def clean(self):
        values = super().clean()
        self.doubts = self.implausible(values)
        if self.doubts and not values.get("confirm"):
            for name, message in self.doubts:
                self.add_error(name, f"{message} {_confirm_hint()}")
        return values

    @property
    def needs_confirmation(self) -> bool:
        return bool(self.doubts)

    def full_clean(self):
        """Errors of a seat's own field (``value_2``, ``han_1`` …) name the seat: "South – Ben: …"."""
        super().full_clean()
        for name, errors in list((self._errors or {}).items()):
            match = _PER_SEAT.match(name)
            if not match:
                continue
            label = self.seat_labels[int(match.group(1))]
            self._errors[name] = self.error_class(
                [m if m.startswith(label) else f"{label}: {m}" for m in errors], renderer=self.renderer)

    def to_record(self) -> dict:
        """The hand record, with the hand's ``number`` when the form names it."""
        record = record_from_values(self.sheet, self.cleaned_data)
        if self.cleaned_data.get("number") is not None:
            record["number"] = self.cleaned_data["number"]
        return record

    def slot_for(self, record_field: str) -> str | None:
        name = self.error_map.get(record_field, record_field)
        return name if name in self.fields else None

    def sheet_message(self, error) -> str | None:
        """A scoring error worded for this sheet (players named by wind and name), if it has one."""
        scoring = getattr(error, "scoring", None)
        template = SHEET_MESSAGES.get(getattr(scoring, "template", None))
        if template is None:
            return None
        params = dict(scoring.params)
        seat = params.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(self.seat_labels):
            params["seat"] = self.seat_labels[seat]
        return str(template) % params

    def add_service_error(self, error) -> None:
        """Show a ServiceError's messages next to the fields they concern (or above the form)."""
        worded = self.sheet_message(error)
        if not error.fields:
            self.add_error(None, worded or error.message)
        for record_field, messages in error.fields.items():
            for message in messages if isinstance(messages, list) else [messages]:
                self.add_error(self.slot_for(record_field), worded or str(message))

    def seat_rows(self, *prefixes: str) -> list[dict]:
        """Per seat: its label and its bound fields named ``<prefix>_<seat>``, for table layouts."""
        return [
            {"seat": s, "label": label, "fields": [self[f"{p}_{s}"] for p in prefixes]}
            for s, label in enumerate(self.seat_labels)
        ]


class FineRowsMixin:
    """Rows of fines (offender, offence from the catalogue or a free amount): three, or as many as the
    data or the corrected record holds, so that nothing entered is lost."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        given = {*(self.data or {}), *(self.initial or {})}
        rows = max([FINE_ROWS, *(int(k.rsplit("_", 1)[1]) + 1 for k in given
                                 if k.startswith("fine_kind_") and k.rsplit("_", 1)[1].isascii()
                                 and k.rsplit("_", 1)[1].isdigit())])
        self.fine_row_count = min(rows, 20)
        seat_choices = [("", "—"), *enumerate(self.seat_labels)]
        for row in range(self.fine_row_count):
            self.fields[f"fine_seat_{row}"] = _seat_field(_("Fined player"))
            self.fields[f"fine_seat_{row}"].choices = seat_choices
            self.fields[f"fine_kind_{row}"] = forms.ChoiceField(label=_("Offence"), required=False,
                                                               choices=fine_choices(self.ruleset))
            self.fields[f"fine_amount_{row}"] = _number_field(_("Amount"), max_value=10_000_000)

    def clean(self):
        cleaned = super().clean()
        for row in range(self.fine_row_count):
            seat, kind = cleaned.get(f"fine_seat_{row}"), cleaned.get(f"fine_kind_{row}")
            if kind and seat is None:
                self.add_error(f"fine_seat_{row}", _("Choose who pays the fine."))
            elif seat is not None and not kind:
                self.add_error(f"fine_kind_{row}", _("Choose the offence or another amount."))
            elif kind == FREE_FINE and not cleaned.get(f"fine_amount_{row}"):
                self.add_error(f"fine_amount_{row}", _("Enter the fine's amount."))
        return cleaned

    @property
    def fines_given(self) -> bool:
        """Whether any fine is entered (or refused): the sheet then shows the fines open."""
        given = {**(self.initial or {}), **(self.data or {})}
        if any(given.get(f"fine_kind_{row}") or given.get(f"fine_seat_{row}") for row in range(self.fine_row_count)):
            return True
        return self.is_bound and any(name.startswith("fine_") for name in self.errors)

    @property
    def fine_rows(self) -> list[list]:
        return [[self[f"fine_{name}_{row}"] for name in ("seat", "kind", "amount")]
                for row in range(self.fine_row_count)]


class ClassicalHandForm(FineRowsMixin, HandForm):
    sheet = "dmjl-classical"
    seat_fields = ("winner", "naming_seat", "naming_claimant", "dangerous_game")
    seats_fields = ("dead_hand", "false_mahjong")
    error_map = {"hand_values": "value_0", "penalties": "dangerous_game"}

    @staticmethod
    def record_parts(values: dict, record: dict, outcome: str) -> list[dict]:
        hand_values = [values.get(f"value_{s}") for s in SEATS]
        if any(v is not None for v in hand_values):
            # A blank stays a blank (the scoring refuses it): never a 0 the referee did not type.
            record["hand_values"] = hand_values
        if outcome == "win":
            record["winner"] = values.get("winner")
            if values.get("limit_hand"):
                record["limit_hand"] = values["limit_hand"]
        penalties = _penalties(values, "dead_hand", "false_mahjong")
        if values.get("naming_seat") is not None:
            penalties.append(
                {
                    "type": "false_naming",
                    "seat": values["naming_seat"],
                    "claimant": values.get("naming_claimant"),
                    "claim": values.get("naming_claim") or None,
                }
            )
        penalties += _penalties(values, "dangerous_game") + _fines(values)
        return penalties

    @staticmethod
    def fill_values(record: dict, values: dict) -> None:
        for s, value in enumerate(record.get("hand_values") or []):
            values[f"value_{s}"] = value
        values["limit_hand"] = record.get("limit_hand") or ""

    value_0 = _number_field(_("Hand value"))
    value_1 = _number_field(_("Hand value"))
    value_2 = _number_field(_("Hand value"))
    value_3 = _number_field(_("Hand value"))
    winner = _seat_field(_("Winner"))
    limit_hand = forms.ChoiceField(label=_("Limit hand"), choices=CLASSICAL_LIMIT_CHOICES, required=False)
    dead_hand = _seats_field(_("Dead hand"))
    false_mahjong = _seats_field(_("False Mah-Jongg"))
    naming_seat = _seat_field(_("False naming by"))
    naming_claimant = _seat_field(_("Claimed by"))
    naming_claim = forms.ChoiceField(label=_("Claim"), choices=CLAIM_CHOICES, required=False)
    dangerous_game = _seat_field(_("Dangerous game (liable)"))

    @property
    def value_rows(self) -> list[dict]:
        return self.seat_rows("value")

    def clean(self):
        """A won hand needs all four values, and so does any hand where one is given: a blank is
        the referee's gap, never a 0 (each missing seat is named by wind and player)."""
        cleaned = super().clean()
        values = [cleaned.get(f"value_{s}") for s in SEATS]
        typed = [f"value_{s}" not in self._errors for s in SEATS]
        if cleaned.get("outcome") == "win" or any(v is not None for v in values):
            for s, value in enumerate(values):
                if value is None and typed[s]:
                    self.add_error(f"value_{s}", gettext("Enter the hand value (0 if the player has none)."))
        return cleaned

    def implausible(self, values: dict) -> list[tuple[str, str]]:
        return [
            (f"value_{s}", gettext("%(seat)s: a hand value of %(value)s is above %(most)s.") % {
                "seat": label, "value": formats.number_format(value, force_grouping=True),
                "most": formats.number_format(MOST_CLASSICAL_HAND_VALUE, force_grouping=True)})
            for s, label in enumerate(self.seat_labels)
            if (value := values.get(f"value_{s}")) is not None and value > MOST_CLASSICAL_HAND_VALUE
        ]


class HongkongHandForm(HandForm):
    sheet = "dmjl-hke"
    seat_fields = ("winner", "discarder", "dangerous_game")
    seats_fields = ("false_mahjong", "obstruction", "dead_hand")
    error_map = {"limit_hand": "fan", "penalties": "dangerous_game"}

    @staticmethod
    def record_parts(values: dict, record: dict, outcome: str) -> list[dict]:
        if outcome == "win":
            _win_fields(values, record)
            if values.get("limit_hand"):
                record["limit_hand"] = True
            elif values.get("fan") is not None:
                record["fan"] = values["fan"]
        return _penalties(values, "false_mahjong", "obstruction", "dead_hand", "dangerous_game")

    winner = _seat_field(_("Winner"))
    win_type = forms.ChoiceField(
        label=_("Win"), choices=WIN_TYPE_CHOICES, widget=forms.RadioSelect, initial="discard", required=False
    )
    discarder = _seat_field(_("Discarded by"))
    fan = _number_field(_("Fan"))
    limit_hand = forms.BooleanField(label=_("Limit hand"), required=False)
    false_mahjong = _seats_field(_("False Mah-Jongg"))
    obstruction = _seats_field(_("Severe obstruction"))
    dead_hand = _seats_field(_("Dead hand"))
    dangerous_game = _seat_field(_("Dangerous game (liable)"))

    def implausible(self, values: dict) -> list[tuple[str, str]]:
        fan = values.get("fan")
        if values.get("outcome") != "win" or values.get("limit_hand") or fan is None or fan <= MOST_FAN:
            return []
        return [("fan", gettext("%(fan)s fan is unusual: 10 fan already pays the limit.") % {"fan": fan})]


class RiichiHandForm(HandForm):
    sheet = "riichi-ema"
    seat_fields = ("discarder", "chombo", "pao")
    seats_fields = ("riichi", "tenpai")
    error_map = {"wins": "win_0", "penalties": "pao"}

    @staticmethod
    def record_parts(values: dict, record: dict, outcome: str) -> list[dict]:
        if outcome == "win":
            wins = []
            for s in SEATS:
                if not values.get(f"win_{s}"):
                    continue
                if values.get(f"yakuman_{s}"):
                    wins.append({"seat": s, "yakuman": 1})
                else:
                    win = {"seat": s, "han": values.get(f"han_{s}")}
                    if values.get(f"fu_{s}") is not None:
                        win["fu"] = values[f"fu_{s}"]
                    wins.append(win)
            record["wins"] = wins
            record["win_type"] = values.get("win_type") or "discard"
            if record["win_type"] == "discard":
                record["discarder"] = values.get("discarder")
        if values.get("riichi"):
            record["riichi"] = sorted(values["riichi"])
        if outcome == "draw" and values.get("tenpai"):
            record["tenpai"] = sorted(values["tenpai"])
        if values.get("end_game"):
            record["end_game"] = True
        return _penalties(values, "chombo", "pao")
    outcomes = ("win", "draw", "void")

    win_type = forms.ChoiceField(
        label=_("Win"),
        choices=RIICHI_WIN_TYPE_CHOICES,
        widget=forms.RadioSelect,
        initial="discard",
        required=False,
    )
    discarder = _seat_field(_("Discarded by"))
    riichi = _seats_field(_("Riichi declared"))
    tenpai = _seats_field(_("Tenpai at the draw"))
    chombo = _seat_field(_("Chombo by"))
    pao = _seat_field(_("Pao (liable)"))
    end_game = forms.BooleanField(label=_("The dealer ends the game (agari yame)"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for s in SEATS:
            self.fields[f"win_{s}"] = forms.BooleanField(label=_("Wins"), required=False)
            self.fields[f"han_{s}"] = _number_field(_("Han"))
            self.fields[f"fu_{s}"] = _number_field(_("Fu"))
            self.fields[f"yakuman_{s}"] = forms.BooleanField(label=_("Yakuman"), required=False)
        self._label_seat_fields()

    @property
    def win_rows(self) -> list[dict]:
        return self.seat_rows("win", "han", "fu", "yakuman")

    def implausible(self, values: dict) -> list[tuple[str, str]]:
        doubts = []
        for s, label in enumerate(self.seat_labels):
            if not values.get(f"win_{s}") or values.get(f"yakuman_{s}"):
                continue
            han, fu = values.get(f"han_{s}"), values.get(f"fu_{s}")
            if han is not None and han > MOST_HAN_WITHOUT_YAKUMAN:
                doubts.append((f"han_{s}", gettext("%(seat)s: %(han)s han without yakuman is unusual.")
                               % {"seat": label, "han": han}))
            if fu is not None and fu % 10 and fu != 25:
                doubts.append((f"fu_{s}", gettext("%(seat)s: %(fu)s fu is not a multiple of 10 (nor 25).")
                               % {"seat": label, "fu": fu}))
        return doubts


class JapaneseClassicHandForm(FineRowsMixin, HandForm):
    sheet = "japanese-classic"
    seat_fields = ("winner", "discarder")
    seats_fields = ("riichi", "false_mahjong", "dead_hand")
    error_map = {"doubles": "points", "limit_hand": "points", "penalties": "false_mahjong"}

    @staticmethod
    def record_parts(values: dict, record: dict, outcome: str) -> list[dict]:
        if outcome == "win":
            _win_fields(values, record)
            if values.get("limit_hand"):
                record["limit_hand"] = True
            for name in ("points", "doubles"):
                if values.get(name) is not None:
                    record[name] = values[name]
        if values.get("riichi"):
            record["riichi"] = sorted(values["riichi"])
        return _penalties(values, "false_mahjong", "dead_hand") + _fines(values)

    winner = _seat_field(_("Winner"))
    win_type = forms.ChoiceField(
        label=_("Win"), choices=WIN_TYPE_CHOICES, widget=forms.RadioSelect, initial="discard", required=False
    )
    discarder = _seat_field(_("Discarded by"))
    points = _number_field(_("Points"))
    doubles = _number_field(_("Doubles"))
    limit_hand = forms.BooleanField(label=_("Limit hand"), required=False)
    riichi = _seats_field(_("Riichi declared"))
    false_mahjong = _seats_field(_("False Mah-Jongg"))
    dead_hand = _seats_field(_("Dead hand"))

    def implausible(self, values: dict) -> list[tuple[str, str]]:
        if values.get("outcome") != "win" or values.get("limit_hand"):
            return []
        doubts = []
        points, doubles = values.get("points"), values.get("doubles")
        if doubles is not None and doubles > MOST_DOUBLES:
            doubts.append(("doubles", gettext("%(doubles)s doubles is unusual: %(most)s doubles is the highest limit.")
                           % {"doubles": doubles, "most": MOST_DOUBLES}))
        if points is not None and points > MOST_POINTS:
            doubts.append(("points", gettext("%(points)s points is unusual: a hand rarely has more than %(most)s.")
                           % {"points": points, "most": MOST_POINTS}))
        return doubts


def _valued_elements(text: object, points: object) -> list | None:
    """The scoring elements the tile entry sent (a JSON list of ``{"name", "points", "count"}``)
    when they still add up to the points entered; None when there are none, or when the referee
    changed the points after valuing the tiles (the points are what settles: the elements are left
    out, not refused). Names and values are the ruleset's to check (docs/rules.md §6a)."""
    if not text or type(points) is not int:
        return None
    try:
        elements = json.loads(str(text))
        total = sum(element["points"] * element["count"] for element in elements)
    except (ValueError, TypeError, KeyError):
        return None
    return elements if type(total) is int and total == points else None


class McrHandForm(FineRowsMixin, HandForm):
    """MCR (docs/rules.md §6a): the winner's points with the flower points among them; a false
    Mah-Jongg lets the hand go on, so it is entered with the win or the draw; fines are points off
    the offender's score in amounts the referee chooses (no catalogue)."""

    sheet = "mcr"
    outcomes = ("win", "draw")
    seat_fields = ("winner", "discarder")
    seats_fields = ("false_mahjong",)
    error_map = {"flowers": "flowers", "penalties": "false_mahjong"}

    @staticmethod
    def record_parts(values: dict, record: dict, outcome: str) -> list[dict]:
        if outcome == "win":
            _win_fields(values, record)
            for name in ("points", "flowers"):
                if values.get(name) is not None:
                    record[name] = values[name]
            if (elements := _valued_elements(values.get("tile_elements"), record.get("points"))) is not None:
                record["elements"] = elements
        return _penalties(values, "false_mahjong") + _fines(values)

    @staticmethod
    def fill_values(record: dict, values: dict) -> None:
        values["flowers"] = record.get("flowers")
        if record.get("elements"):
            values["tile_elements"] = json.dumps(record["elements"])

    winner = _seat_field(_("Winner"))
    win_type = forms.ChoiceField(
        label=_("Win"), choices=WIN_TYPE_CHOICES, widget=forms.RadioSelect, initial="discard", required=False
    )
    discarder = _seat_field(_("Discarded by"))
    points = _number_field(_("Points"))
    flowers = _number_field(_("Of these, flower points"), max_value=8)
    # the scoring elements the tile entry valued the hand with (JSON, set by static/league/tiles.js;
    # not named "elements": a form control of that name would hide the form's own ``elements``)
    tile_elements = forms.CharField(required=False, widget=forms.HiddenInput, max_length=8000)
    false_mahjong = _seats_field(_("False Mah-Jongg"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for row in range(self.fine_row_count):
            self.fields[f"fine_kind_{row}"].choices = [("", "—"), (FREE_FINE, _("Points off the score"))]

    def implausible(self, values: dict) -> list[tuple[str, str]]:
        points = values.get("points")
        if values.get("outcome") != "win" or points is None or points <= MOST_MCR_POINTS:
            return []
        return [("points", gettext("%(points)s points is unusual: a hand rarely has more than %(most)s.")
                 % {"points": points, "most": MOST_MCR_POINTS})]


# The form of each sheet layout.
HAND_FORMS: dict[str, type[HandForm]] = {
    form.sheet: form
    for form in (ClassicalHandForm, HongkongHandForm, RiichiHandForm, JapaneseClassicHandForm, McrHandForm)
}


def hand_form_for(ruleset: str, *args, **kwargs) -> HandForm:
    """The score-sheet form of the ruleset's sheet layout."""
    return HAND_FORMS[sheet_of(ruleset)](*args, ruleset=ruleset, **kwargs)
