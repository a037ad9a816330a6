"""The management area's forms (league.views.management): types and labels only. The rules are the
services' (league.services.leagues, league.services.tournaments); their errors come back onto the
fields through ``league.errors.form_errors_from``."""
from decimal import Decimal

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from ..models import Club, League, Player, Season, Tournament
from ..rule_options import PRESETS, family_choices, ruleset_choices, ruleset_label


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%d")


class DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%dT%H:%M")


class ManageForm(forms.Form):
    """A form whose fields say which message describes them (GOV.UK style: the hint and the error
    tied to the field), so screen readers read them with the field."""

    def describe(self) -> "ManageForm":
        for name, field in self.fields.items():
            ids = [f"{self.auto_id % name}_helptext"] if field.help_text else []
            if name in self.errors:
                ids.append(f"err_{name}")
                field.widget.attrs["aria-invalid"] = "true"
            if ids:
                field.widget.attrs["aria-describedby"] = " ".join(ids)
        return self

    def data_for(self, names: tuple[str, ...]) -> dict:
        return {name: self.cleaned_data[name] for name in names if name in self.cleaned_data}


class LeagueForm(ManageForm):
    name = forms.CharField(label=_("name"), max_length=120)
    slug = forms.SlugField(label=_("address"), max_length=50, required=False,
                           help_text=_("Part of the page address, e.g. dmjl; empty: made from the name"))
    description = forms.CharField(label=_("description"), required=False, widget=forms.Textarea(attrs={"rows": 3}))

    @classmethod
    def of(cls, league: League) -> dict:
        return {"name": league.name, "slug": league.slug, "description": league.description}


class SeasonForm(ManageForm):
    league = forms.ModelChoiceField(label=_("league"), queryset=League.objects.all())
    name = forms.CharField(label=_("name"), max_length=40, help_text=_("Used in the address, e.g. 2026"))
    starts_on = forms.DateField(label=_("starts on"), widget=DateInput())
    ends_on = forms.DateField(label=_("ends on"), widget=DateInput())
    ranking_method = forms.ChoiceField(label=_("ranking method"), choices=Season.RankingMethod.choices)
    min_games = forms.IntegerField(label=_("minimum games"), min_value=0, initial=0,
                                   help_text=_("For the average method: games needed to be ranked"))
    ruleset_family = forms.TypedChoiceField(
        label=_("ruleset family"), required=False, empty_value="",
        choices=lambda: [("", _("that of its first tournament")), *family_choices()],
        help_text=_("A season ranks one family of rulesets: MCR, riichi and classical Chinese results are "
                    "ranked apart"))
    confirm_dates = forms.BooleanField(label=_("Keep these dates although tournaments lie outside them"),
                                       required=False)

    @classmethod
    def of(cls, season: Season) -> dict:
        return {"league": season.league_id, "name": season.name, "starts_on": season.starts_on,
                "ends_on": season.ends_on, "ranking_method": season.ranking_method, "min_games": season.min_games,
                "ruleset_family": season.ruleset_family}


class ClubForm(ManageForm):
    name = forms.CharField(label=_("name"), max_length=120)
    city = forms.CharField(label=_("city"), max_length=120, required=False)
    country = forms.CharField(label=_("country"), max_length=2, initial="DE",
                              help_text=_("Two letters (ISO 3166), e.g. DE"))

    @classmethod
    def of(cls, club: Club) -> dict:
        return {"name": club.name, "city": club.city, "country": club.country}


class PlayerForm(ManageForm):
    first_name = forms.CharField(label=_("first name"), max_length=80)
    last_name = forms.CharField(label=_("last name"), max_length=80)
    club = forms.ModelChoiceField(label=_("club"), queryset=Club.objects.order_by("name"), required=False,
                                  empty_label=_("no club"))
    country = forms.CharField(label=_("country"), max_length=2, help_text=_("Two letters (ISO 3166), e.g. DE"))
    ema_id = forms.CharField(label=_("EMA number"), max_length=20, required=False,
                             help_text=_("Eight digits, e.g. 04990001; empty if the player has none"))
    public_name = forms.ChoiceField(label=_("name in public"), choices=Player.PublicName.choices,
                                    help_text=_("How the name appears on public pages, the projector and the "
                                                "public API"))

    @classmethod
    def of(cls, player: Player) -> dict:
        return {"first_name": player.first_name, "last_name": player.last_name, "club": player.club_id,
                "country": player.country, "ema_id": player.ema_id, "public_name": player.public_name}


def _rules_choices() -> list[tuple[str, str]]:
    """The rules to start from: each ruleset with its defaults, then the presets."""
    plain = [(f"ruleset:{name}", str(label)) for name, label in ruleset_choices()]
    presets = [(f"preset:{p['name']}", f"{p['name']} ({ruleset_label(p['ruleset'])})") for p in PRESETS]
    return [(_("Rulesets, their defaults"), plain), (_("Presets"), presets)]


class SeasonField(forms.ModelChoiceField):
    def label_from_instance(self, season: Season) -> str:
        return f"{season.league.name} {season.name}"


class TournamentFields(ManageForm):
    """What the wizard's first step and the tournament's own form share."""

    name = forms.CharField(label=_("name"), max_length=160)
    season = SeasonField(label=_("season"), queryset=Season.objects.select_related("league"), required=False,
                         empty_label=_("no season"))
    starts_on = forms.DateField(label=_("starts on"), widget=DateInput())
    ends_on = forms.DateField(label=_("ends on"), widget=DateInput())
    place = forms.CharField(label=_("place"), max_length=160, required=False)
    host_club = forms.ModelChoiceField(label=_("host club"), queryset=Club.objects.all(), required=False,
                                       empty_label=_("no host club"),
                                       help_text=_("The club whose organisers run this event"))
    confirm_dates = forms.BooleanField(label=_("The dates are right; keep them outside the season"), required=False)


class TournamentStartForm(TournamentFields):
    """The wizard's first step: the tournament is created (a draft, not yet published) from it."""

    rules = forms.ChoiceField(label=_("rules"), choices=_rules_choices,
                              help_text=_("A ruleset with its usual options, or a preset; each option can be "
                                          "changed later under “Rule options”"))
    kind = forms.ChoiceField(label=_("kind"), initial=Tournament.Kind.TOURNAMENT, required=False,
                             choices=[(Tournament.Kind.TOURNAMENT, _("Tournament: sessions drawn, referees enter")),
                                      (Tournament.Kind.CLUB, _("Club event: evenings opened one by one, tables formed "
                                                               "by whoever came, players enter"))])
    field_order = ["name", "kind", "season", "host_club", "starts_on", "ends_on", "place", "rules", "confirm_dates"]

    def tournament_data(self) -> dict:
        data = self.data_for(("name", "kind", "season", "host_club", "starts_on", "ends_on", "place"))
        data["slug"] = _free_slug(slugify(data["name"])[:50] or "tournament")
        kind, _colon, name = self.cleaned_data["rules"].partition(":")
        if kind == "preset":
            preset = next(p for p in PRESETS if p["name"] == name)
            data["ruleset"], data["options"] = preset["ruleset"], dict(preset["options"])
        else:
            data["ruleset"], data["options"] = name, {}
        return data


def _free_slug(base: str) -> str:
    """``base``, or ``base-2``, ``base-3`` … when taken (the address can be changed afterwards)."""
    taken = set(Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True)) | {"new"}
    slug, number = base, 2
    while slug in taken:
        slug, number = f"{base[:45]}-{number}", number + 1
    return slug


class TournamentPlayForm(ManageForm):
    """The wizard's second step: sessions, limits and teams."""

    session_count = forms.IntegerField(label=_("number of sessions"), min_value=1, max_value=99, initial=4)
    registration_limit = forms.IntegerField(label=_("participant limit"), min_value=1, required=False,
                                            help_text=_("Registrations beyond it go on the waiting list; "
                                                        "empty: no limit"))
    registration_deadline = forms.DateTimeField(label=_("registration deadline"), required=False,
                                                widget=DateTimeInput())
    teams = forms.BooleanField(label=_("Team standings (the sum of each team's members)"), required=False)
    registration_open = forms.BooleanField(label=_("Open for self-registration now"), required=False)

    @classmethod
    def of(cls, tournament: Tournament) -> dict:
        return {"session_count": tournament.session_count, "registration_limit": tournament.registration_limit,
                "registration_deadline": tournament.registration_deadline,
                "teams": bool((tournament.options or {}).get("team_standings")),
                "registration_open": tournament.registration_open}


class TournamentForm(TournamentFields):
    """The tournament's ordinary form after the wizard."""

    slug = forms.SlugField(label=_("address"), max_length=50, help_text=_("Part of the page address"))
    session_count = forms.IntegerField(label=_("number of sessions"), min_value=1, max_value=99)
    standing_method = forms.ChoiceField(label=_("standings"), required=False,
                                        choices=[("", _("the ruleset's usual method")),
                                                 *Tournament.StandingMethod.choices])
    registration_limit = forms.IntegerField(label=_("participant limit"), min_value=1, required=False,
                                            help_text=_("Registrations beyond it go on the waiting list; "
                                                        "empty: no limit"))
    registration_deadline = forms.DateTimeField(label=_("registration deadline"), required=False,
                                                widget=DateTimeInput())
    weight = forms.DecimalField(label=_("ranking weight"), min_value=Decimal("0.5"), max_value=Decimal("6"),
                                decimal_places=2, required=False,
                                help_text=_("EMA ranking (MERS), 0.5 to 6; empty: from the EMA table"))
    qualifying = forms.BooleanField(label=_("qualifying tournament"), required=False)
    field_order = ["name", "slug", "season", "host_club", "starts_on", "ends_on", "place", "session_count",
                   "standing_method", "registration_limit", "registration_deadline", "weight", "qualifying",
                   "confirm_dates"]
    FIELDS = ("name", "slug", "season", "host_club", "starts_on", "ends_on", "place", "session_count",
              "standing_method", "registration_limit", "registration_deadline", "weight", "qualifying")

    @classmethod
    def of(cls, tournament: Tournament) -> dict:
        return {name: getattr(tournament, name) for name in cls.FIELDS}


class ExternalResultsForm(ManageForm):
    """A tournament held elsewhere (league.services.external): its name, dates and country; the
    file comes separately (it is kept between the preview and the import)."""
    name = forms.CharField(label=_("name"), max_length=160,
                           help_text=_("The same name and first day again replace that tournament's results"))
    starts_on = forms.DateField(label=_("first day"), widget=DateInput())
    ends_on = forms.DateField(label=_("last day"), widget=DateInput())
    country = forms.CharField(label=_("country"), max_length=10, help_text=_("Two letters (ISO 3166), e.g. DE"))
    ruleset = forms.ChoiceField(label=_("ruleset"), choices=ruleset_choices,
                                help_text=_("The rules it was played under: of the season's family of rulesets"))
