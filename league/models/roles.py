"""Who holds which role where (docs/api.md "Roles scoped to a league, a club and a tournament"): a site
administrator, a league's administrator, a club's organiser, a tournament's director or referee.
A player stays ``Player.user``. An invited role has an e-mail address and no user until its owner
accepts the invitation (league.services.roles).

Referees keep living in ``RefereeAssignment`` (every check and list of the tournament day reads
it); each assignment has its ``Role`` (``assignment``, made with it by a signal), so ``roles/``
lists and takes back referees like every other role. A site administrator's role stands beside the
"League administrators" group, which league.services.roles keeps in step with it: the group (and
``is_superuser``) is what the checks read, so Django's admin and today's administrators agree."""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .competition import League, RefereeAssignment, Tournament
from .people import Club


class Role(models.Model):
    class Kind(models.TextChoices):
        SITE_ADMIN = "site_admin", _("site administrator")
        LEAGUE_ADMIN = "league_admin", _("league administrator")
        CLUB_ORGANISER = "club_organiser", _("club organiser")
        DIRECTOR = "director", _("tournament director")
        REFEREE = "referee", _("referee")

    class Status(models.TextChoices):
        INVITED = "invited", _("invited")
        ACTIVE = "active", _("active")

    # The scope each kind of role needs: the one field that names it (site administrators: none).
    SCOPE = {"site_admin": None, "league_admin": "league", "club_organiser": "club", "director": "tournament",
             "referee": "tournament"}

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="roles", verbose_name=_("user"))
    email = models.EmailField(_("e-mail address"), blank=True)
    role = models.CharField(_("role"), max_length=20, choices=Kind.choices)
    league = models.ForeignKey(League, on_delete=models.CASCADE, null=True, blank=True, related_name="roles",
                               verbose_name=_("league"))
    club = models.ForeignKey(Club, on_delete=models.CASCADE, null=True, blank=True, related_name="roles",
                             verbose_name=_("club"))
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, null=True, blank=True,
                                   related_name="roles", verbose_name=_("tournament"))
    assignment = models.OneToOneField(RefereeAssignment, on_delete=models.CASCADE, null=True, blank=True,
                                      related_name="role", verbose_name=_("referee assignment"))
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.ACTIVE)
    language = models.CharField(_("language"), max_length=8, default="de")
    created_at = models.DateTimeField(_("given at"), auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("given by"))
    accepted_at = models.DateTimeField(_("accepted at"), null=True, blank=True)

    class Meta:
        ordering = ["role", "pk"]
        verbose_name = _("role")
        verbose_name_plural = _("roles")
        constraints = [
            models.CheckConstraint(name="role_scope_fits", condition=(
                Q(role="site_admin", league__isnull=True, club__isnull=True, tournament__isnull=True)
                | Q(role="league_admin", league__isnull=False, club__isnull=True, tournament__isnull=True)
                | Q(role="club_organiser", league__isnull=True, club__isnull=False, tournament__isnull=True)
                | Q(role__in=["director", "referee"], league__isnull=True, club__isnull=True,
                    tournament__isnull=False))),
            models.CheckConstraint(name="role_user_or_invited", condition=(
                Q(user__isnull=False, status="active") | (Q(user__isnull=True, status="invited") & ~Q(email="")))),
            models.UniqueConstraint(fields=["user"], condition=Q(role="site_admin"), name="role_site_admin_once"),
            models.UniqueConstraint(fields=["user", "league"], condition=Q(role="league_admin"),
                                    name="role_league_admin_once"),
            models.UniqueConstraint(fields=["user", "club"], condition=Q(role="club_organiser"),
                                    name="role_club_organiser_once"),
            models.UniqueConstraint(fields=["user", "role", "tournament"],
                                    condition=Q(role__in=["director", "referee"]),
                                    name="role_tournament_role_once"),
        ]

    def __str__(self) -> str:
        who = self.user.get_username() if self.user is not None else self.email
        scope = self.league or self.club or self.tournament
        return f"{who}: {self.get_role_display()}" + (f" ({scope})" if scope else "")

    @property
    def scope(self):
        """The league, club or tournament the role is held in (None for a site administrator)."""
        field = self.SCOPE[self.role]
        return getattr(self, field) if field else None
