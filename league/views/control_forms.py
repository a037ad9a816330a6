"""The control room's forms (league.views.day), one per action: what each action reads from the
post. The control room answers a form's first error as it answers a service's (a message back in
the control room, or the plain text to control.js); an id that names nothing is a 404, as a link to
a page that does not exist would be, and a number that is not one reads as none."""
from django import forms
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _

from ..errors import ServiceError
from ..models import Player, Table, TableDispute, Tournament, TournamentPenalty
from .numbers import posted_int


class NumberField(forms.Field):
    """A session number, count or minutes: a whole number from 0 up, else ``default`` (a mistyped
    one ends as the service's field error or a 404, never as a second message)."""

    def __init__(self, *, default: int | None = None, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.default = default

    def to_python(self, value):
        if value in self.empty_values:
            return None if self.required else self.default
        return posted_int(value, self.default)


class ObjectField(forms.Field):
    """An object of the tournament by its posted id, looked up by ``ControlForm.clean`` (``scope``:
    the lookup that ties it to the tournament); an id of nothing here is a 404. Sent empty, it is
    (``when_empty``) the form's error ("error": the field's required message), a 404 ("404") or
    none ("none")."""

    def __init__(self, model, *, scope: str | None = None, when_empty: str = "404", **kwargs):
        kwargs["required"] = when_empty == "error"
        super().__init__(**kwargs)
        self.model, self.scope, self.when_empty = model, scope, when_empty

    def to_python(self, value):
        return None if value in self.empty_values else posted_int(value, 0)


class ControlForm(forms.Form):
    """A control-room action's form, bound to the tournament its objects belong to."""

    session = NumberField()
    # the service's codes for a field sent empty (the message is the field's)
    REQUIRED_CODES = {"player": "player_required", "position": "position_required", "confirm": "confirm"}

    def __init__(self, data, *, tournament: Tournament):
        super().__init__(data)
        self.tournament = tournament

    def clean(self):
        cleaned = super().clean()
        for name, field in self.fields.items():
            if not isinstance(field, ObjectField) or name not in cleaned:  # not an object, or its error
                continue
            if cleaned[name] is not None or field.when_empty == "404":
                scope = {field.scope: self.tournament} if field.scope else {}
                cleaned[name] = get_object_or_404(field.model, pk=cleaned[name] or 0, **scope)
        return cleaned

    def valid_data(self) -> dict:
        """The cleaned data; the first field's error as a ServiceError (400) with its code."""
        if self.is_valid():
            return self.cleaned_data
        name, errors = next(iter(self.errors.as_data().items()))
        error = errors[0]
        code = self.REQUIRED_CODES.get(name, "required") if error.code == "required" else error.code or "invalid"
        message = error.messages[0]
        raise ServiceError(code, message, fields={name: [message]})


def player_field() -> ObjectField:
    return ObjectField(Player, when_empty="error", error_messages={"required": _("Choose a player first.")})


class CheckinForm(ControlForm):
    player = player_field()


class ClockForm(ControlForm):
    action = forms.CharField(required=False, strip=False)
    table = ObjectField(Table, scope="session__tournament", when_empty="none")  # the view: of this session
    minutes = NumberField()


class WithdrawForm(ControlForm):
    player = player_field()
    from_session = NumberField(default=0)
    only = forms.CharField(required=False, strip=False)


class ByeForm(ControlForm):
    player = player_field()


class PenaltyForm(ControlForm):
    player = player_field()
    points = NumberField()
    reason = forms.CharField(required=False, strip=False)
    disqualified = forms.BooleanField(required=False)


class UnpenaltyForm(ControlForm):
    penalty = ObjectField(TournamentPenalty, scope="tournament")


class UnwithdrawForm(ControlForm):
    player = player_field()


class SeatForm(ControlForm):
    table = ObjectField(Table, scope="session__tournament")
    player = player_field()
    position = NumberField(default=-1, required=True,
                           error_messages={"required": _("Choose which seat the new player takes.")})
    confirm = forms.BooleanField(error_messages={"required": _("Tick the box to confirm who leaves the seat.")})


class StatusForm(ControlForm):
    status = forms.CharField(required=False, strip=False)


class ResolveForm(ControlForm):
    dispute = ObjectField(TableDispute, scope="table__session__tournament")


class RevealForm(ControlForm):
    confirm = forms.BooleanField(error_messages={"required": _("Tick the box to confirm the reveal.")})


class WalkinForm(ControlForm):
    first_name = forms.CharField(required=False, strip=False)
    last_name = forms.CharField(required=False, strip=False)
    player = forms.CharField(required=False, strip=False)  # "new" or the id of the player the walk-in is


class DrawForm(ControlForm):
    method = forms.CharField(required=False, strip=False)
    seed = NumberField()
    force = forms.BooleanField(required=False)
    commit = forms.BooleanField(required=False)
