"""The audit log of administrators' destructive actions and of role changes: ``GET audit/`` (each
scope's administrators their own part, league.selectors.audit), newest first, paginated;
``?action=`` and ``?model=`` narrow it."""
from django.urls import path
from rest_framework import generics, serializers

from ..models import AuditEntry
from ..selectors.audit import audit_entries
from .permissions import HasScope


class AuditEntrySerializer(serializers.ModelSerializer):
    class Meta:
        model = AuditEntry
        fields = ["id", "at", "user", "username", "action", "model", "object_id", "object_repr", "details"]


class AuditLog(generics.ListAPIView):
    permission_classes = [HasScope]
    serializer_class = AuditEntrySerializer

    def get_queryset(self):
        return audit_entries(user=self.request.user, action=self.request.query_params.get("action", ""),
                             model=self.request.query_params.get("model", ""))


urlpatterns = [path("audit/", AuditLog.as_view(), name="api-audit")]
