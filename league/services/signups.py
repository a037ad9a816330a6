"""Self-registration (docs/api.md): the public signs up for a tournament whose registration is open,
confirms by the link e-mailed to them, and an administrator approves or rejects.

Statuses: ``unconfirmed`` → (link) ``pending`` → ``approved`` (a Registration is made, the player
found by EMA number or name, or created) or ``waiting`` (the participant limit is reached) or
``rejected``. The registrant may withdraw.

Anyone can type anyone's EMA number or name, so a sign-up never speaks for an existing player on
its own: ``signup_matches`` shows the administrator the player it looks like and every field where
the two differ, and a sign-up that differs from its match is approved only once the administrator
has said whether it is that player or a new one (``409`` ``signup_matches_player`` until then). A
player who is registered already is never taken over by a sign-up (``409`` ``already_registered``),
so a registrant's withdrawal only ever removes the registration their own sign-up made. Nor does a
sign-up's address speak for an existing player it merely looked like (``Signup.vouches``): a stranger
who signs up under a player's exact name gets the registration approved, but claiming that player's
account with the stranger's address still waits for an administrator (league.services.accounts).

Whenever a place frees (a rejection or withdrawal of an
approved sign-up, a registration deleted) the first waiting sign-up, in the order they were
confirmed, is approved automatically and told so by e-mail. One sign-up per e-mail address and
tournament (409); each address (IP) may send ``SIGNUP_RATE_PER_HOUR`` sign-ups an hour (429).
"""
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import override

from ..countries import country_normalised, is_country, is_ema_number
from ..errors import Conflict, NotFound, ServiceError
from ..languages import site_language
from ..mail import mail_after_commit
from ..models import AuditEntry, Club, Player, Registration, Seat, Signup, Tournament
from ..ratelimit import Rate, rate_attempt
from ..validators import hidden_characters_message
from .audit import audit_record
from .imports import fold
from .standings import standings_request
from .tournaments import registration_create

RATE_WINDOW_S = 3600
DECISIONS = (Signup.Status.APPROVED, Signup.Status.REJECTED)


def _rate_limit(client: str) -> None:
    if not rate_attempt(Rate("signup", settings.SIGNUP_RATE_PER_HOUR, RATE_WINDOW_S), f"address:{client}"):
        raise ServiceError("throttled", _("Too many sign-ups from this address; please try again in an hour."),
                           status=429)


def _send(signup: Signup, subject: str, body: str) -> None:
    mail_after_commit(subject, body, [signup.email], about=f"sign-up {signup.pk}")


def _waiting_place(signup: Signup) -> int:
    return Signup.objects.filter(tournament_id=signup.tournament_id, status=Signup.Status.WAITING).filter(
        Q(confirmed_at__lt=signup.confirmed_at) | Q(confirmed_at=signup.confirmed_at, pk__lte=signup.pk)).count() \
        if signup.confirmed_at else 1


def _tell(signup: Signup, what: str) -> None:
    """E-mail the registrant, in the language they signed up in, what became of their sign-up:
    ``approved``, ``rejected``, ``waiting`` (with their place in the list) or ``moved_up``."""
    tournament = signup.tournament
    with override(signup.language or settings.LANGUAGE_CODE):
        values = {"name": signup.first_name, "tournament": tournament.name,
                  "dates": date_format(tournament.starts_on, "DATE_FORMAT") if tournament.starts_on else ""}
        if what == "approved":
            subject = _("Your registration for %(tournament)s is approved") % values
            body = _("Hello %(name)s,\n\nyour registration for %(tournament)s (%(dates)s) is approved: you have a "
                     "place. If you cannot come, please withdraw on the page the confirmation e-mail linked to, so "
                     "that someone on the waiting list gets your place.\n") % values
        elif what == "rejected":
            subject = _("Your registration for %(tournament)s was not accepted") % values
            body = _("Hello %(name)s,\n\nthe organisers of %(tournament)s could not accept your registration. "
                     "If you have questions, please answer this e-mail.\n") % values
        elif what == "waiting":
            values["place"] = _waiting_place(signup)
            subject = _("You are on the waiting list for %(tournament)s") % values
            body = _("Hello %(name)s,\n\n%(tournament)s is full: you are number %(place)s on the waiting list. "
                     "When a place becomes free, you move up and get an e-mail.\n") % values
        else:
            subject = _("You have a place at %(tournament)s") % values
            body = _("Hello %(name)s,\n\na place has become free: your registration for %(tournament)s is "
                     "approved.\n") % values
    _send(signup, subject, body)


def _archived_refused(tournament: Tournament) -> None:
    """An archived tournament is read-only: no sign-up is decided or withdrawn there (its
    registrations stay as they were archived)."""
    if tournament.archived_at is not None:
        raise Conflict("tournament_archived", _("This tournament is archived: it is read-only until it is "
                                                "restored."))


def signups_open(tournament: Tournament) -> bool:
    """Whether the public may sign up now."""
    if not tournament.registration_open or not tournament.published or tournament.archived_at is not None:
        return False
    if tournament.status == Tournament.Status.FINISHED:
        return False
    return tournament.registration_deadline is None or timezone.now() <= tournament.registration_deadline


def signup_create(*, tournament: Tournament, first_name: str, last_name: str, email: str, club: str = "",
                  country: str = "DE", ema_id: str = "", consent: bool, client: str, link: Callable[[str], str],
                  language: str = "de") -> Signup:
    """A new, unconfirmed sign-up and the e-mail with its confirmation ``link(token)``. ``consent``: the
    registrant agreed that their name and results are published (required; its time is kept)."""
    if not signups_open(tournament):
        raise Conflict("registration_closed", _("Registration for this tournament is closed."))
    first_name, last_name, club, ema_id = first_name.strip(), last_name.strip(), club.strip(), ema_id.strip()
    country = country_normalised(country) or "DE"
    fields = {}
    if not first_name:
        fields["first_name"] = [_("Give your first name.")]
    if not last_name:
        fields["last_name"] = [_("Give your last name.")]
    if not is_country(country):
        fields["country"] = [_("Give a two-letter country code (ISO 3166), e.g. DE.")]
    if ema_id and not is_ema_number(ema_id):
        fields["ema_id"] = [_("An EMA number is eight digits, e.g. 04990001.")]
    if consent is not True:
        fields["consent"] = [_("Agree to the publication of your name and results to sign up.")]
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
                                           token=secrets.token_urlsafe(32), language=site_language(language),
                                           consent_at=timezone.now())
    except IntegrityError:
        raise Conflict("already_signed_up", _("This e-mail address has already signed up for this tournament."),
                       fields={"email": [_("Already signed up.")]}) from None
    with override(signup.language):
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
        raise NotFound("not_found", _("There is no such registration."))
    return signup


def _places_left(tournament: Tournament) -> int | None:
    if tournament.registration_limit is None:
        return None
    return tournament.registration_limit - Registration.objects.filter(tournament=tournament).count()


MATCHED_FIELDS = ("first_name", "last_name", "club", "country", "ema_id")


@dataclass
class SignupMatch:
    """The existing player a sign-up looks like: found ``by`` its EMA number or its name; the fields
    where the sign-up says something else (``{"field", "signup", "player"}``), and whether the player
    is registered for the tournament already."""

    player: Player
    by: str
    differences: list[dict] = field(default_factory=list)
    registered: bool = False


def _player_values(player: Player) -> dict:
    return {"first_name": player.first_name, "last_name": player.last_name,
            "club": player.club.name if player.club else "", "country": player.country, "ema_id": player.ema_id}


def _differences(signup: Signup, player: Player) -> list[dict]:
    theirs = _player_values(player)
    found = []
    for name in MATCHED_FIELDS:
        typed = getattr(signup, name)
        if name in ("club", "ema_id") and not typed:
            continue  # left empty: says nothing against the match
        if fold(typed) != fold(theirs[name]):
            found.append({"field": name, "signup": typed, "player": theirs[name]})
    return found


def _same_name(signup: Signup, player: Player) -> bool:
    return (fold(player.first_name) == fold(signup.first_name) and fold(player.last_name) == fold(signup.last_name)
            and (not signup.club or (player.club is not None and fold(player.club.name) == fold(signup.club))))


def signup_matches(signups: Iterable[Signup]) -> dict[int, SignupMatch]:
    """The existing player each sign-up looks like (by EMA number, else by a unique name, and club
    when given), keyed by sign-up id; sign-ups that look like nobody are left out. A few queries
    for the whole list."""
    signups = list(signups)
    ema_ids = {signup.ema_id for signup in signups if signup.ema_id}
    by_ema = {p.ema_id: p for p in Player.objects.select_related("club").filter(ema_id__in=ema_ids)} if ema_ids else {}
    last_names = {fold(signup.last_name) for signup in signups}
    named: dict[str, list[Player]] = {}
    same_last_name = Q()
    for signup in signups:
        same_last_name |= Q(last_name__iexact=signup.last_name)
    for player in Player.objects.select_related("club").filter(same_last_name) if signups else []:
        if fold(player.last_name) in last_names:
            named.setdefault(fold(player.last_name), []).append(player)
    matches = {}
    for signup in signups:
        if signup.ema_id and signup.ema_id in by_ema:
            matches[signup.pk] = SignupMatch(by_ema[signup.ema_id], "ema_id")
            continue
        candidates = [p for p in named.get(fold(signup.last_name), []) if _same_name(signup, p)]
        if len(candidates) == 1:
            matches[signup.pk] = SignupMatch(candidates[0], "name")
    registered = set(Registration.objects.filter(
        tournament_id__in={signup.tournament_id for signup in signups},
        player_id__in={match.player.pk for match in matches.values()}).values_list("tournament_id", "player_id"))
    by_id = {signup.pk: signup for signup in signups}
    for signup_id, match in matches.items():
        signup = by_id[signup_id]
        match.differences = _differences(signup, match.player)
        match.registered = (signup.tournament_id, match.player.pk) in registered
    return matches


def signup_match(signup: Signup) -> SignupMatch | None:
    return signup_matches([signup]).get(signup.pk)


def _new_player(signup: Signup) -> Player:
    club = None
    if signup.club:
        club = next((c for c in Club.objects.all() if fold(c.name) == fold(signup.club)), None) or \
            Club.objects.create(name=signup.club, country=signup.country)
    ema_free = signup.ema_id and not Player.objects.filter(ema_id=signup.ema_id).exists()
    return Player.objects.create(first_name=signup.first_name, last_name=signup.last_name, club=club,
                                 country=signup.country, ema_id=signup.ema_id if ema_free else "")


def _unconfirmed_match(match: SignupMatch) -> ServiceError:
    return Conflict(
        "signup_matches_player",
        _("This sign-up looks like %(player)s, who is registered with other details. Approve it as that player "
          "or as a new player.") % {"player": match.player},
        extra={"match": match_data(match)})


def match_data(match: SignupMatch | None) -> dict | None:
    """A match as the API and the pages show it."""
    if match is None:
        return None
    return {"player": match.player.pk, "by": match.by, "registered": match.registered,
            "differences": match.differences, **_player_values(match.player)}


def _player_for(signup: Signup) -> Player:
    """The player the sign-up registers: the one the administrator confirmed, a new one when they
    said so or when it looks like nobody, the one it matches when nothing differs. Otherwise the
    administrator must say (409)."""
    if signup.player_id is not None:
        return signup.player
    match = None if signup.as_new_player else signup_match(signup)
    if match is None:
        signup.vouches = True  # the player is made from this sign-up
        return _new_player(signup)
    if match.differences:
        raise _unconfirmed_match(match)
    return match.player


def _approve(signup: Signup) -> None:
    player = _player_for(signup)
    if Registration.objects.filter(tournament=signup.tournament, player=player).exists():
        # never hand an existing registration to a sign-up: its withdrawal would remove it
        raise Conflict("already_registered", _("%(player)s is registered for this tournament already; this "
                                               "sign-up does not stand for that registration.")
                       % {"player": player})
    registration = registration_create(tournament=signup.tournament, player=player)
    signup.status, signup.registration, signup.decided_at = Signup.Status.APPROVED, registration, timezone.now()
    signup.player = player
    signup.save(update_fields=["status", "registration", "decided_at", "player", "vouches"])


def _free(signup: Signup) -> None:
    """Take back an approved sign-up's registration (not once the player has been seated)."""
    registration = signup.registration
    if registration is None:
        return
    if Seat.objects.filter(session__tournament=signup.tournament, player_id=registration.player_id).exists():
        raise Conflict("already_seated", _("%(name)s has been seated already; withdraw them in the control "
                                           "room instead.") % {"name": f"{signup.first_name} {signup.last_name}"})
    signup.registration = None
    signup.save(update_fields=["registration"])
    registration.delete()
    standings_request(tournament_id=registration.tournament_id)  # the player leaves the standings


def _decision(signup: Signup) -> dict:
    """What the audit log keeps of a sign-up's approval: its status (approved, or waiting when the
    tournament is full) and the player it registered, by id."""
    return {"status": signup.status, "player": signup.player_id, "as_new_player": signup.as_new_player}


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
            try:
                with transaction.atomic():
                    _approve(signup)
            except ServiceError:
                continue  # waits for an administrator (a match to confirm, a player registered since)
            moved.append(signup)
            _tell(signup, "moved_up")
            audit_record(user=None, action=AuditEntry.Action.APPROVE, obj=signup,
                         details={**_decision(signup), "moved_up": True})
    return moved


def _choose_player(signup: Signup, player: Player | str | None) -> None:
    """Keep the administrator's answer to "who is this?": an existing ``player`` (the one the sign-up
    matches) or ``"new"``; None keeps an earlier answer, or none."""
    if player is None:
        return
    if player == "new":
        signup.player, signup.as_new_player, signup.vouches = None, True, True
        return
    match = signup_match(signup)
    if match is None or match.player.pk != player.pk:
        raise ServiceError("invalid", _("Approve the sign-up as the player it matches, or as a new player."),
                           fields={"player": [_("Not the matching player.")]})
    signup.player, signup.as_new_player, signup.vouches = player, False, True


def signup_decide(*, signup: Signup, status: str, user=None, player: Player | str | None = None) -> Signup:
    """An administrator approves (→ ``approved``, or ``waiting`` when the tournament is full) or
    rejects a sign-up; a rejected approval frees its place for the waiting list. A sign-up that
    looks like an existing player with other details needs ``player``: that player or ``"new"``."""
    if status not in DECISIONS:
        raise ServiceError("invalid", _("Approve or reject."), fields={"status": [_("approved or rejected")]})
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(no_key=True).get(pk=signup.tournament_id)
        _archived_refused(tournament)
        signup = Signup.objects.select_for_update(of=("self",)).select_related("registration").get(pk=signup.pk)
        if status == Signup.Status.APPROVED:
            if signup.status == Signup.Status.UNCONFIRMED:
                raise Conflict("not_confirmed", _("This registration has not been confirmed by e-mail yet."))
            if signup.status in (Signup.Status.APPROVED,):
                return signup
            _choose_player(signup, player)
            signup.save(update_fields=["player", "as_new_player", "vouches"])
            if signup.player_id is None and not signup.as_new_player:
                match = signup_match(signup)
                if match is not None and match.differences:
                    raise _unconfirmed_match(match)
            left = _places_left(tournament)
            if left is not None and left <= 0:
                if signup.status == Signup.Status.WAITING:
                    return signup
                signup.status, signup.decided_at = Signup.Status.WAITING, timezone.now()
                signup.save(update_fields=["status", "decided_at"])
                _tell(signup, "waiting")
            else:
                _approve(signup)
                _tell(signup, "approved")
            audit_record(user=user, action=AuditEntry.Action.APPROVE, obj=signup, details=_decision(signup))
            return signup
        was_approved = signup.status == Signup.Status.APPROVED
        if was_approved:
            _free(signup)
        if signup.status == Signup.Status.REJECTED:
            return signup
        signup.status, signup.decided_at = Signup.Status.REJECTED, timezone.now()
        signup.save(update_fields=["status", "decided_at"])
        _tell(signup, "rejected")
        audit_record(user=user, action=AuditEntry.Action.REJECT, obj=signup,
                     details={"was_approved": was_approved, "email": signup.email})
    if was_approved:
        signups_move_up(tournament=tournament)
    return signup


def signup_withdraw(*, token: str) -> Signup:
    """The registrant withdraws; an approved place goes to the waiting list."""
    signup = _by_token(token)
    _archived_refused(signup.tournament)
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
