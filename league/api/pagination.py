"""Paging for the API's lists: ``?limit=`` is capped and an offset beyond any real list is refused."""
from django.utils.translation import gettext as _
from rest_framework import pagination
from rest_framework.exceptions import ValidationError

MAX_OFFSET = 2**31 - 1


class LimitOffsetPagination(pagination.LimitOffsetPagination):
    max_limit = 1000

    def get_offset(self, request) -> int:
        offset = super().get_offset(request)
        if offset > MAX_OFFSET:
            raise ValidationError({self.offset_query_param: [_("The offset is too large.")]})
        return offset
