"""Every admin page loads for a logged-in administrator."""
import pytest
from django.contrib import admin
from django.core.management import call_command
from django.urls import reverse

from league.demo import demo_build

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        demo_build(seed=7)
    yield
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


LEAGUE_MODELS = [m for m in admin.site._registry if m._meta.app_label in ("league", "auth")]


@pytest.mark.parametrize("model", LEAGUE_MODELS, ids=lambda m: m._meta.label)
def test_every_admin_page_loads(client, admin_user, demo, model):
    client.force_login(admin_user)
    prefix = f"admin:{model._meta.app_label}_{model._meta.model_name}"
    changelist = client.get(reverse(f"{prefix}_changelist"), {"q": "a"})
    assert changelist.status_code == 200
    if admin.site._registry[model].has_add_permission(type("R", (), {"user": admin_user})()):
        assert client.get(reverse(f"{prefix}_add")).status_code == 200
    first = model.objects.first()
    if first is not None:
        assert client.get(reverse(f"{prefix}_change", args=[first.pk])).status_code == 200
