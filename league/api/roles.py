"""``roles/`` (docs/api.md "Roles scoped to a league, a club and a tournament"): ``GET`` the roles inside
the caller's scope, ``POST {"email" | "user", "role", "league" | "club" | "tournament"}`` gives one
(an address without an account gets an invitation), ``DELETE roles/<id>/`` takes it back. The rules
of who gives what are league.services.roles'; the scope of the list is league.selectors.roles'."""
from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from ..errors import NotFound
from ..models import Club, League, Role
from ..permissions import visible_tournaments
from ..selectors.roles import roles_in_scope
from ..services.roles import role_give, role_take_back
from ..validators import LARGEST_ID
from .permissions import HasScope


class RoleSerializer(serializers.ModelSerializer):
    class Meta:
        model = Role
        fields = ["id", "user", "email", "role", "league", "club", "tournament", "status"]

    def to_representation(self, instance: Role) -> dict:
        data = super().to_representation(instance)
        if instance.status != Role.Status.INVITED:
            data.pop("email")  # an account's address is its own; an invitation is known by it
        for field in ("league", "club", "tournament"):
            if data[field] is None:
                data.pop(field)
        return data


class RoleGiveSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Role.Kind.values)
    email = serializers.EmailField(required=False, max_length=254)
    user = serializers.PrimaryKeyRelatedField(queryset=get_user_model().objects.filter(is_active=True),
                                              required=False)
    league = serializers.IntegerField(required=False, min_value=1, max_value=LARGEST_ID)
    club = serializers.IntegerField(required=False, min_value=1, max_value=LARGEST_ID)
    tournament = serializers.IntegerField(required=False, min_value=1, max_value=LARGEST_ID)

    def validate(self, data: dict) -> dict:
        if ("email" in data) == ("user" in data):
            raise serializers.ValidationError({"email": [_("Give either an e-mail address or a user.")]})
        wanted = Role.SCOPE[data["role"]]
        named = [field for field in ("league", "club", "tournament") if field in data]
        if named != ([wanted] if wanted else []):
            raise serializers.ValidationError({wanted or "role": [
                _("Name the league, club or tournament of this role.") if wanted
                else _("A site administrator's role has no league, club or tournament.")]})
        return data


def scope_for(user, data: dict):
    """The league, club or tournament ``data`` names: 404 for one that does not exist or, for a
    tournament, that ``user`` may not see."""
    if "league" in data:
        return get_object_or_404(League, pk=data["league"])
    if "club" in data:
        return get_object_or_404(Club, pk=data["club"])
    if "tournament" in data:
        return get_object_or_404(visible_tournaments(user), pk=data["tournament"])
    return None


def invitation_link(request):
    return lambda token: request.build_absolute_uri(reverse("role-invitation", args=[token]))


class Roles(APIView):
    permission_classes = [HasScope]
    serializer_class = RoleGiveSerializer

    @extend_schema(responses={200: RoleSerializer(many=True)})
    def get(self, request):
        return Response(RoleSerializer(roles_in_scope(user=request.user), many=True).data)

    @extend_schema(request=RoleGiveSerializer, responses={201: RoleSerializer})
    def post(self, request):
        data = RoleGiveSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        role = role_give(by=request.user, role=fields["role"], scope=scope_for(request.user, fields),
                         user=fields.get("user"), email=fields.get("email", ""), link=invitation_link(request),
                         language=get_language())
        return Response(RoleSerializer(role).data, status=status.HTTP_201_CREATED)


class RoleDetail(APIView):
    permission_classes = [HasScope]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, pk: int):
        role = roles_in_scope(user=request.user).filter(pk=pk).first()
        if role is None:
            raise NotFound("not_found", _("There is no such role."))
        role_take_back(by=request.user, role=role)
        return Response(status=status.HTTP_204_NO_CONTENT)


urlpatterns = [
    path("roles/", Roles.as_view(), name="api-roles"),
    path("roles/<int:pk>/", RoleDetail.as_view(), name="api-role"),
]
