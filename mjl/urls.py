"""Top-level routes: public pages, referee pages, the API and the admin.

Exports are not served from MEDIA_URL: they are downloaded through the API's permission-checked
view only."""
from django.contrib import admin
from django.urls import include, path

from league.views.auth import admin_login

# The admin modules (league/admin.py) are imported here, where the admin's URLs are made, rather than
# as every process starts (league.apps.AdminConfig).
admin.autodiscover()

urlpatterns = [
    path("admin/login/", admin_login, name="admin-login"),
    path("admin/", admin.site.urls),
    path("api/v1/", include("league.api.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("league.urls")),
]

handler400 = "league.views.errors.bad_request"
handler403 = "league.views.errors.permission_denied"
handler404 = "league.views.errors.page_not_found"
handler500 = "league.views.errors.server_error_page"
