"""Self-registration (API.md): the public signs up for a tournament whose registration is open,
confirms by the link e-mailed to them, and an administrator approves or rejects.

Statuses: ``unconfirmed`` → (link) ``pending`` → ``approved`` (a Registration is made, the player
found by EMA number or name, or created) or ``waiting`` (the participant limit is reached) or
``rejected``. The registrant may withdraw. Whenever a place frees (a rejection or withdrawal of an
approved sign-up, a registration deleted) the first waiting sign-up, in the order they were
confirmed, is approved automatically and told so by e-mail. One sign-up per e-mail address and
tournament (409); each address (IP) may send ``SIGNUP_RATE_PER_HOUR`` sign-ups an hour (429).
"""
import secrets
from collections.abc import Callable

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from ..errors import ServiceError
from ..models import Player, Registration, Seat, Signup, Tournament
from ..ratelimit import Rate, rate_attempt
from ..validators import hidden_characters_message
from .imports import COUNTRY, fold
from .tournaments import registration_create

RATE_WINDOW_S = 3600
DECISIONS = (Signup.Status.APPROVED, Signup.Status.REJECTED)


def _rate_limit(client: str) -> None:
    if not rate_attempt(Rate("signup", settings.SIGNUP_RATE_PER_HOUR, RATE_WINDOW_S), f"address:{client}"):
        raise ServiceError("throttled", _("Too many sign-ups from this address; please try again in an hour."),
                           status=429)


def _send(signup: Signup, subject: str, body: str) -> None:
    transaction.on_commit(lambda: send_mail(subject, body, None, [signup.email]))


def signups_open(tournament: Tournament) -> bool:
    """Whether the public may sign up now."""
    if not tournament.registration_open or not tournament.published:
        return False
    if tournament.status == Tournament.Status.FINISHED:
        return False
    return tournament.registration_deadline is None or timezone.now() <= tournament.registration_deadline


def signup_create(*, tournament: Tournament, first_name: str, last_name: str, email: str, club: str = "",
                  country: str = "DE", ema_id: str = "", client: str, link: Callable[[str], str],
                  language: str = "de") -> Signup:
    """A new, unconfirmed sign-up and the e-mail with its confirmation ``link(token)``."""
    if not signups_open(tournament):
        raise ServiceError("registration_closed", _("Registration for this tournament is closed."), status=409)
    first_name, last_name, club, ema_id = first_name.strip(), last_name.strip(), club.strip(), ema_id.strip()
    country = (country or "DE").strip().upper()
    fields = {}
    if not first_name:
        fields["first_name"] = [_("Give your first name.")]
    if not last_name:
        fields["last_name"] = [_("Give your last name.")]
    if not COUNTRY.match(country):
        fields["country"] = [_("Give a two-letter country code (ISO 3166), e.g. DE.")]
    for name, value in (("first_name", first_name), ("last_name", last_name), ("club", club)):
        if message := hidden_characters_message(value):
            fields.setdefault(name, []).append(message)
    if fields:
        raise ServiceError("invalid", _("Some fields are not valid."), fields=fields)
    _rate_limit(client)
    email = email.strip().lower()
    try:
        with transaction.atomic():
            signup = Signup.objects.create(tournament=tournament, first_name=first_name, last_name=last_name,
                                           email=email, club=club, country=country, ema_id=ema_id,
                                           token=secrets.token_urlsafe(32))
    except IntegrityError:
        raise ServiceError("already_signed_up", _("This e-mail address has already signed up for this tournament."),
                           fields={"email": [_("Already signed up.")]}, status=409) from None
    with override(language):
        _send(signup, _("Please confirm your registration for %(tournament)s") % {"tournament": tournament.name},
              _("Hello %(name)s,\n\nplease confirm your registration for %(tournament)s by opening this link:\n"
                "%(link)s\n\nThe organisers decide on every registration; the same page shows its status.\n")
              % {"name": first_name, "tournament": tournament.name, "link": link(signup.token)})
    return signup


def signup_confirm(*, token: str) -> Signup:
    """The e-mail link: an unconfirmed sign-up becomes pending; any other stays as it is."""
    signup = _by_token(token)
    if signup.status == Signup.Status.UNCONFIRMED:
        signup.status, signup.confirmed_at = Signup.Status.PENDING, timezone.now()
        signup.save(update_fields=["status", "confirmed_at"])
    return signup


def _by_token(token: str) -> Signup:
    signup = Signup.objects.select_related("tournament").filter(token=token).first()
    if signup is None:
        raise ServiceError("not_found", _("There is no such registration."), status=404)
    return signup


def _places_left(tournament: Tournament) -> int | None:
    if tournament.registration_limit is None:
        return None
    return tournament.registration_limit - Registration.objects.filter(tournament=tournament).count()


def _player_for(signup: Signup) -> Player:
    """The signed-up player: by EMA number, else by name (and club when given), else a new one."""
    if signup.ema_id:
        found = Player.objects.filter(ema_id=signup.ema_id).first()
        if found is not None:
            return found
    candidates = [p for p in Player.objects.select_related("club").filter(last_name__iexact=signup.last_name)
                  if fold(p.first_name) == fold(signup.first_name) and fold(p.last_name) == fold(signup.last_name)
                  and (not signup.club or (p.club is not None and fold(p.club.name) == fold(signup.club)))]
    if len(candidates) == 1:
        return candidates[0]
    from ..models import Club

    club = None
    if signup.club:
        club = next((c for c in Club.objects.all() if fold(c.name) == fold(signup.club)), None) or \
            Club.objects.create(name=signup.club, country=signup.country)
    ema_free = signup.ema_id and not Player.objects.filter(ema_id=signup.ema_id).exists()
    return Player.objects.create(first_name=signup.first_name, last_name=signup.last_name, club=club,
                                 country=signup.country, ema_id=signup.ema_id if ema_free else "")


def _approve(signup: Signup) -> None:
    player = _player_for(signup)
    registration = Registration.objects.filter(tournament=signup.tournament, player=player).first()
    if registration is None:
        registration = registration_create(tournament=signup.tournament, player=player)
    signup.status, signup.registration, signup.decided_at = Signup.Status.APPROVED, registration, timezone.now()
    signup.save(update_fields=["status", "registration", "decided_at"])


def _free(signup: Signup) -> None:
    """Take back an approved sign-up's registration (not once the player has been seated)."""
    registration = signup.registration
    if registration is None:
        return
    if Seat.objects.filter(session__tournament=signup.tournament, player_id=registration.player_id).exists():
        raise ServiceError("already_seated", _("%(name)s has been seated already; withdraw them in the control "
                                               "room instead.") % {"name": f"{signup.first_name} {signup.last_name}"},
                           status=409)
    signup.registration = None
    signup.save(update_fields=["registration"])
    registration.delete()


def signups_move_up(*, tournament: Tournament) -> list[Signup]:
    """Approve waiting sign-ups, first confirmed first, while places are free; returns them."""
    moved = []
    with transaction.atomic():
        Tournament.objects.select_for_update(no_key=True).filter(pk=tournament.pk).first()
        waiting = Signup.objects.filter(tournament=tournament, status=Signup.Status.WAITING).order_by(
            "confirmed_at", "pk")
        for signup in waiting:
            left = _places_left(tournament)
            if left is not None and left <= 0:
                break
            _approve(signup)
            moved.append(signup)
            _send(signup, _("You have a place at %(tournament)s") % {"tournament": tournament.name},
                  _("Hello %(name)s,\n\na place has become free: your registration for %(tournament)s is "
                    "approved.\n") % {"name": signup.first_name, "tournament": tournament.name})
    return moved


def signup_decide(*, signup: Signup, status: str, user=None) -> Signup:
    """An administrator approves (→ ``approved``, or ``waiting`` when the tournament is full) or
    rejects a sign-up; a rejected approval frees its place for the waiting list."""
    if status not in DECISIONS:
        raise ServiceError("invalid", _("Approve or reject."), fields={"status": [_("approved or rejected")]})
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(no_key=True).get(pk=signup.tournament_id)
        signup = Signup.objects.select_for_update(of=("self",)).select_related("registration").get(pk=signup.pk)
        if status == Signup.Status.APPROVED:
            if signup.status == Signup.Status.UNCONFIRMED:
                raise ServiceError("not_confirmed", _("This registration has not been confirmed by e-mail yet."),
                                   status=409)
            if signup.status in (Signup.Status.APPROVED,):
                return signup
            left = _places_left(tournament)
            if left is not None and left <= 0:
                signup.status, signup.decided_at = Signup.Status.WAITING, timezone.now()
                signup.save(update_fields=["status", "decided_at"])
            else:
                _approve(signup)
            return signup
        was_approved = signup.status == Signup.Status.APPROVED
        if was_approved:
            _free(signup)
        signup.status, signup.decided_at = Signup.Status.REJECTED, timezone.now()
        signup.save(update_fields=["status", "decided_at"])
    if was_approved:
        signups_move_up(tournament=tournament)
    return signup


def signup_withdraw(*, token: str) -> Signup:
    """The registrant withdraws; an approved place goes to the waiting list."""
    signup = _by_token(token)
    if signup.status in (Signup.Status.REJECTED, Signup.Status.WITHDRAWN):
        return signup
    with transaction.atomic():
        was_approved = signup.status == Signup.Status.APPROVED
        if was_approved:
            _free(signup)
        signup.status = Signup.Status.WITHDRAWN
        signup.save(update_fields=["status"])
    if was_approved:
        signups_move_up(tournament=signup.tournament)
    return signup
