"""The browsable API (what a browser gets from an API address): DRF's, without the filter form that
reads a view's ``queryset``. The league's API has no filter backends, and its read views build their
answers from selectors (a list of standings, a table's hands) without a ``queryset``: asking for it
would turn a public page opened in a browser into a 500."""
from rest_framework import renderers


class BrowsableAPIRenderer(renderers.BrowsableAPIRenderer):
    def get_filter_form(self, data, view, request):
        if not getattr(view, "filter_backends", None):
            return None
        return super().get_filter_form(data, view, request)
