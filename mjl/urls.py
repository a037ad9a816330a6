"""Top-level routes: public pages, referee pages, the API and the admin."""
from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", include("league.api.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("league.urls")),
] + static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
