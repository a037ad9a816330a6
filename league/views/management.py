"""The management area (/manage/): leagues, seasons, clubs and tournaments set up from the site, a
short wizard for a new tournament (rules, dates, sessions, limits, teams) and ordinary forms after
it, the tournament's steps (publish, open and close registration, start, finish) and its
registrations (remove, substitute), and a player's details (/manage/players/<id>/). Thin: every
write is a service the API calls too (league.services.leagues, league.services.tournaments); the
services' errors show on the fields. Each administrator sees and changes only their scope
(league.permissions): a league's administrators its seasons and their tournaments, a club's
organisers the club and its events, a director their tournaments; new leagues are the site
administrators'."""
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from ..errors import ServiceError, form_errors_from
from ..models import Club, League, Player, Registration, Season, Tournament
from ..permissions import (
    administered_league_ids,
    administers_league,
    administers_tournament,
    edits_player,
    is_site_admin,
    may_place_tournament,
    organised_club_ids,
    organises_club,
)
from ..selectors.management import management_overview, tournament_registrations, tournament_summary
from ..services.leagues import (
    CLUB_FIELDS,
    LEAGUE_FIELDS,
    SEASON_FIELDS,
    club_create,
    club_update,
    league_create,
    league_update,
    season_create,
    season_update,
)
from ..services.players import PLAYER_FIELDS, player_update
from ..services.rankings import tournament_finish
from ..services.registrations import registration_delete, registration_update
from ..services.tournaments import tournament_create, tournament_update
from .manage import _admin_only, _directed, _login_first, _scoped_only
from .manage_forms import (
    ClubForm,
    LeagueForm,
    PlayerForm,
    SeasonForm,
    TournamentForm,
    TournamentPlayForm,
    TournamentStartForm,
)
from .numbers import posted_int
from .roles import tournament_staff_form


def _admin(request):
    """None for a site administrator; the login page for anonymous visitors; 403 for everyone else."""
    if (response := _login_first(request)) is not None:
        return response
    _admin_only(request)
    return None


def _scoped(request):
    """None for anyone who administers something; the login page for anonymous visitors; 403 else."""
    if (response := _login_first(request)) is not None:
        return response
    _scoped_only(request)
    return None


def _outside() -> PermissionDenied:
    return PermissionDenied(_("This is outside what you administer."))


def _places(form, user, tournament: Tournament | None = None) -> None:
    """The seasons and host clubs ``user`` may put a tournament in (``may_place_tournament``): all for a
    site administrator; a league's administrators its seasons (and any host club); a club's organisers
    their clubs, outside any season. Who may not move ``tournament`` keeps its place (no fields)."""
    if is_site_admin(user):
        return
    if tournament is not None and not administers_tournament(user, tournament):
        for name in ("season", "host_club"):
            form.fields.pop(name, None)
        return
    leagues, clubs = administered_league_ids(user), organised_club_ids(user)
    form.fields["season"].queryset = form.fields["season"].queryset.filter(league_id__in=leagues)
    if not leagues:
        form.fields["host_club"].queryset = Club.objects.filter(pk__in=clubs)


def _placed(form, user, tournament: Tournament | None = None) -> bool:
    """Whether the form's season and host club are a place ``user`` may put the tournament; else an error."""
    season = form.cleaned_data.get("season", tournament.season if tournament else None)
    club = form.cleaned_data.get("host_club", tournament.host_club if tournament else None)
    if tournament is not None and (season, club) == (tournament.season, tournament.host_club):
        return True
    if may_place_tournament(user, season=season, host_club=club, tournament=tournament):
        return True
    form.add_error("season" if "season" in form.fields else None, _("This is outside what you administer."))
    return False


def _render_form(request, form, *, title: str, action: str, submit: str, back: str, status: int = 200,
                 intro: str = "", step: tuple[int, int] | None = None, confirm: bool = False):
    if not confirm and "confirm_dates" in form.fields:
        del form.fields["confirm_dates"]  # offered only once the service has asked for it
    return render(request, "league/manage/form.html", {
        "form": form.describe(), "title": title, "action": action, "submit": submit, "back": back, "intro": intro,
        "step": step}, status=400 if form.is_bound and form.errors else status)


def _confirmable(error: ServiceError) -> bool:
    return error.code == "outside_season"


@require_http_methods(["GET"])
def home(request):
    if (response := _scoped(request)) is not None:
        return response
    return render(request, "league/manage/home.html", management_overview(user=request.user))


# ---- leagues ----

@require_http_methods(["GET", "POST"])
def league_edit(request, slug: str | None = None):
    """A new league (site administrators; then on to its first season), or a league's name, address
    and description (its administrators)."""
    if (response := (_scoped(request) if slug else _admin(request))) is not None:
        return response
    league = get_object_or_404(League, slug=slug) if slug else None
    if league is not None and not administers_league(request.user, league.pk):
        raise _outside()
    form = LeagueForm(request.POST or None, initial=LeagueForm.of(league) if league else None)
    if request.method == "POST" and form.is_valid():
        data = form.data_for(LEAGUE_FIELDS)
        try:
            if league is None:
                league = league_create(data=data)
                messages.success(request, _("League “%(name)s” created; now its first season.") % {"name": league})
                return redirect(f"{reverse('manage-season-new')}?league={league.pk}")
            league_update(league=league, data=data)
        except ServiceError as error:
            form_errors_from(form, error)
        else:
            messages.success(request, _("The league is saved."))
            return redirect("manage")
    return _render_form(request, form, title=_("New league") if league is None else league.name,
                        action=request.path, submit=_("Create league") if league is None else _("Save"),
                        back=reverse("manage"))


# ---- seasons ----

@require_http_methods(["GET", "POST"])
def season_edit(request, pk: int | None = None):
    """A new season of a league (then on to its first tournament), or a season's dates and method
    (the league's administrators)."""
    if (response := _scoped(request)) is not None:
        return response
    season = get_object_or_404(Season, pk=pk) if pk else None
    if season is not None and not administers_league(request.user, season.league_id):
        raise _outside()
    if season is None and not (is_site_admin(request.user) or administered_league_ids(request.user)):
        raise _outside()
    initial = SeasonForm.of(season) if season else {"league": posted_int(request.GET.get("league"), 0) or None}
    form = SeasonForm(request.POST or None, initial=initial)
    if not is_site_admin(request.user):
        form.fields["league"].queryset = League.objects.filter(pk__in=administered_league_ids(request.user))
    confirm = False
    if request.method == "POST" and form.is_valid():
        data = form.data_for(SEASON_FIELDS)
        try:
            if season is None:
                season = season_create(data=data)
                messages.success(request, _("Season %(season)s created; now a tournament in it.") % {"season": season})
                return redirect(f"{reverse('manage-tournament-new')}?season={season.pk}")
            season_update(season=Season.objects.get(pk=season.pk), data=data,
                          outside_season_ok=form.cleaned_data.get("confirm_dates", False))
        except ServiceError as error:
            form_errors_from(form, error)
            confirm = _confirmable(error)
        else:
            messages.success(request, _("The season is saved."))
            return redirect("manage")
    return _render_form(request, form, title=_("New season") if season is None else str(season),
                        action=request.path, submit=_("Create season") if season is None else _("Save"),
                        back=reverse("manage"), confirm=confirm)


# ---- clubs ----

@require_http_methods(["GET"])
def clubs(request):
    """The clubs: all for site and league administrators (who make clubs), a club's organisers theirs."""
    if (response := _scoped(request)) is not None:
        return response
    clubs = Club.objects.order_by("name")
    if not (is_site_admin(request.user) or administered_league_ids(request.user)):
        clubs = clubs.filter(pk__in=organised_club_ids(request.user))
    return render(request, "league/manage/clubs.html", {"clubs": clubs})


@require_http_methods(["GET", "POST"])
def club_edit(request, pk: int | None = None):
    """A new club (site and league administrators), or a club's details (its organisers)."""
    if (response := _scoped(request)) is not None:
        return response
    club = get_object_or_404(Club, pk=pk) if pk else None
    if club is not None and not organises_club(request.user, club.pk):
        raise _outside()
    if club is None and not (is_site_admin(request.user) or administered_league_ids(request.user)):
        raise _outside()
    form = ClubForm(request.POST or None, initial=ClubForm.of(club) if club else None)
    if request.method == "POST" and form.is_valid():
        data = form.data_for(CLUB_FIELDS)
        try:
            if club is None:
                club_create(data=data)
            else:
                club_update(club=Club.objects.get(pk=club.pk), data=data)
        except ServiceError as error:
            form_errors_from(form, error)
        else:
            messages.success(request, _("The club is saved."))
            return redirect("manage-clubs")
    return _render_form(request, form, title=_("New club") if club is None else club.name, action=request.path,
                        submit=_("Create club") if club is None else _("Save"), back=reverse("manage-clubs"))


# ---- tournaments: the wizard, then the ordinary form and the steps ----

@require_http_methods(["GET", "POST"])
def tournament_new(request):
    """Step 1 of 2: name, season, dates, place and the rules; creates the tournament as a draft (in a
    season of a league they administer, or a club event of a club they organise)."""
    if (response := _scoped(request)) is not None:
        return response
    if not (is_site_admin(request.user) or administered_league_ids(request.user) or organised_club_ids(request.user)):
        raise _outside()
    form = TournamentStartForm(request.POST or None,
                               initial={"season": posted_int(request.GET.get("season"), 0) or None})
    _places(form, request.user)
    confirm = False
    if request.method == "POST" and form.is_valid() and _placed(form, request.user):
        try:
            tournament = tournament_create(data=form.tournament_data(), user=request.user,
                                           outside_season_ok=form.cleaned_data.get("confirm_dates", False))
        except ServiceError as error:
            form_errors_from(form, error)
            confirm = _confirmable(error)
        else:
            return redirect("manage-tournament-setup", slug=tournament.slug)
    return _render_form(request, form, title=_("New tournament"), action=request.path, submit=_("Next"),
                        back=reverse("manage"), step=(1, 2), confirm=confirm)


@require_http_methods(["GET", "POST"])
def tournament_setup(request, slug: str):
    """Step 2 of 2: sessions, participant limit, deadline, teams, registration."""
    if (response := _login_first(request)) is not None:
        return response
    tournament = _directed(request, slug)
    form = TournamentPlayForm(request.POST or None, initial=TournamentPlayForm.of(tournament))
    if tournament.kind == Tournament.Kind.CLUB:
        del form.fields["session_count"]  # a club event counts the evenings it opens
    if request.method == "POST" and form.is_valid():
        data = form.data_for(("session_count", "registration_limit", "registration_deadline", "registration_open"))
        options = {key: value for key, value in (tournament.options or {}).items() if key != "team_standings"}
        data["options"] = {**options, "team_standings": "sum"} if form.cleaned_data["teams"] else options
        if data["registration_open"] and tournament.status == Tournament.Status.DRAFT:
            data["status"] = Tournament.Status.REGISTRATION
        try:
            tournament_update(tournament=tournament, data=data, user=request.user)
        except ServiceError as error:
            form_errors_from(form, error)
        else:
            messages.success(request, _("Tournament “%(name)s” is set up. Register its players, then publish it.")
                             % {"name": tournament.name})
            return redirect("manage-tournament", slug=tournament.slug)
    return _render_form(request, form, title=tournament.name, action=request.path, submit=_("Finish set-up"),
                        back=reverse("manage-tournament", args=[tournament.slug]), step=(2, 2))


@require_http_methods(["GET", "POST"])
def tournament_edit(request, slug: str):
    """The tournament's page in the management area: where it stands, its steps, its form, its
    directors and referees."""
    if (response := _login_first(request)) is not None:
        return response
    tournament = _directed(request, slug)
    form = TournamentForm(request.POST or None, initial=TournamentForm.of(tournament))
    _places(form, request.user, tournament)
    if tournament.kind == Tournament.Kind.CLUB:
        del form.fields["session_count"]  # a club event counts the evenings it opens
    confirm = False
    if request.method == "POST" and form.is_valid() and _placed(form, request.user, tournament):
        try:
            tournament = tournament_update(tournament=tournament, data=form.data_for(TournamentForm.FIELDS),
                                           user=request.user,
                                           outside_season_ok=form.cleaned_data.get("confirm_dates", False))
        except ServiceError as error:
            form_errors_from(form, error)
            confirm = _confirmable(error)
        else:
            messages.success(request, _("The tournament is saved."))
            return redirect("manage-tournament", slug=tournament.slug)
    if not confirm:
        del form.fields["confirm_dates"]
    return render(request, "league/manage/tournament.html", {
        "tournament": tournament, "form": form.describe(), **tournament_summary(tournament=tournament),
        "registrations": tournament_registrations(tournament=tournament),
        **tournament_staff_form(tournament, request.user),
    }, status=400 if form.errors else 200)


@require_POST
def tournament_registrations_change(request, slug: str):
    """A button of the tournament's registrations: ``remove`` (refused once the player has been
    seated: withdraw them in the control room), ``substitute`` or ``regular`` (the player's id as
    the button's value); back to the list with what was done."""
    if (response := _login_first(request)) is not None:
        return response
    tournament = _directed(request, slug)
    back = redirect(reverse("manage-tournament", args=[tournament.slug]) + "#registrations")
    action = next((name for name in ("remove", "substitute", "regular") if name in request.POST), None)
    if action is None:
        messages.error(request, _("Choose a player's button."))
        return back
    registration = get_object_or_404(Registration.objects.select_related("player"), tournament=tournament,
                                     player_id=posted_int(request.POST[action], 0))
    player = registration.player.full_name
    try:
        if action == "remove":
            registration_delete(registration=registration, user=request.user)
            messages.success(request, _("%(player)s is no longer registered.") % {"player": player})
        else:
            registration_update(registration=registration, data={"substitute": action == "substitute"},
                                user=request.user)
            messages.success(request, (_("%(player)s is a substitute now.") if action == "substitute" else
                                       _("%(player)s plays as a regular player now.")) % {"player": player})
    except ServiceError as error:
        messages.error(request, error.message)
    return back


# ---- players ----

@require_http_methods(["GET", "POST"])
def player_edit(request, pk: int):
    """A player's names, club, country, EMA number and public name (league.services.players.player_update,
    which the API's ``players/<id>/`` uses too), for those who may edit the player
    (league.permissions.edits_player); back to where they came from (``next``)."""
    if (response := _login_first(request)) is not None:
        return response
    player = get_object_or_404(Player, pk=pk)
    if not edits_player(request.user, player):
        raise PermissionDenied(_("You may not edit this player."))
    back = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        back = ""
    form = PlayerForm(request.POST or None, initial=PlayerForm.of(player))
    if request.method == "POST" and form.is_valid():
        try:
            player = player_update(player=player, data=form.data_for(PLAYER_FIELDS), user=request.user)
        except ServiceError as error:
            form_errors_from(form, error)
        else:
            messages.success(request, _("%(player)s is saved.") % {"player": player.full_name})
            return redirect(back or reverse("manage-player", args=[player.pk]))
    action = request.path + (f"?{urlencode({'next': back})}" if back else "")
    return _render_form(request, form, title=player.full_name, action=action, submit=_("Save"),
                        back=back or reverse("player", args=[player.pk]))


# The steps of a tournament's life: what each button sets.
STEPS = {
    "publish": {"published": True},
    "unpublish": {"published": False},
    "open": {"registration_open": True},
    "close": {"registration_open": False},
    "start": {"status": Tournament.Status.RUNNING, "registration_open": False},
}


@require_POST
def tournament_step(request, slug: str):
    if (response := _login_first(request)) is not None:
        return response
    tournament = _directed(request, slug)
    step = request.POST.get("step", "")
    try:
        if step == "finish":
            tournament_finish(tournament=tournament)
        elif step in STEPS:
            data = dict(STEPS[step])
            if step == "open" and tournament.status == Tournament.Status.DRAFT:
                data["status"] = Tournament.Status.REGISTRATION
            tournament_update(tournament=tournament, data=data, user=request.user)
        else:
            messages.error(request, _("Choose one of the steps."))
            return redirect("manage-tournament", slug=tournament.slug)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, STEP_DONE[step])
    return redirect("manage-tournament", slug=tournament.slug)


STEP_DONE = {
    "publish": gettext_lazy("The tournament is published: everyone can see it."),
    "unpublish": gettext_lazy("The tournament is hidden again: only administrators and its referees see it."),
    "open": gettext_lazy("Registration is open: players can sign up on the tournament's page."),
    "close": gettext_lazy("Registration is closed."),
    "start": gettext_lazy("The tournament has started."),
    "finish": gettext_lazy("The tournament is finished; its standings are final and the season ranking is "
                           "being updated."),
}
