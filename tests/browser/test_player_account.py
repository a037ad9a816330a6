"""A player on a phone (390 px): from their public page they ask for an account, open the e-mailed
link, confirm, log in at the referees' login and land on their Me page, which shows their open table
with winds and tablemates; they shorten their name in public there."""
import re

import pytest
from django.core import mail

from league.models import Player, Signup
from tests.browser.test_tournament_day import no_sideways_scroll, shot
from tests.factories import PlayerFactory, table_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "tiles-and-winds-42"


@pytest.fixture(autouse=True)
def _mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def test_a_player_claims_an_account_confirms_it_and_finds_their_table(live_server, phone):
    phone.set_viewport_size({"width": 390, "height": 844})
    players = [PlayerFactory(first_name=first, last_name=last) for first, last in
               [("Anna", "Bergmeister"), ("Ben", "Kühn"), ("Cleo", "Adler"), ("Dirk", "Zahn")]]
    table = table_with_players(players=players, slug="club-night", name="Club night", options={"entry": "players"})
    anna = players[0]
    Signup.objects.create(tournament=table.session.tournament, first_name="Anna", last_name="Bergmeister",
                          email="anna@example.org", token="t-anna", status="approved", player=anna, vouches=True,
                          confirmed_at="2026-05-01T10:00:00Z")

    phone.goto(f"{live_server.url}/p/{anna.pk}/")
    phone.click("a[href*='/account/claim/']")
    phone.fill("input[name=email]", "anna@example.org")
    phone.fill("input[name=username]", "anna")
    phone.fill("input[name=password]", PASSWORD)
    no_sideways_scroll(phone)
    with phone.expect_navigation():
        phone.click("form.signup button.primary")
    assert "anna@example.org" in phone.inner_text("main")
    link = re.search(r"https?://\S+/account/confirm/\S+/", mail.outbox[-1].body).group(0)

    phone.goto(link)
    with phone.expect_navigation():
        phone.click("main form button.primary")
    shot(phone, "account-confirmed")
    phone.click("main a[href*='/login/']")
    phone.fill("input[name=username]", "anna")
    phone.fill("input[name=password]", PASSWORD)
    with phone.expect_navigation():
        phone.click("form.login button[type=submit]")

    assert phone.url.endswith("/me/")
    mine = phone.inner_text("section.myseats")
    assert "Club night" in mine and all(str(player) in mine for player in players)
    assert phone.get_attribute("section.myseats a[href*='/referee/table/']", "href") == f"/referee/table/{table.pk}/"
    no_sideways_scroll(phone)
    shot(phone, "me")
    phone.check("#public-initials")
    with phone.expect_navigation():
        phone.click("main form.signup button[type=submit]")
    assert Player.objects.get(pk=anna.pk).public_name == "initials"
