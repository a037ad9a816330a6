"""Four phones at one table (issue 42, item 8), Playwright on Chromium at 390 px: Anna and Carlo type
the same hand; Anna's is saved, Carlo's answer says hand 1 was saved meanwhile by Anna and offers
to discard his draft or correct the stored hand, never to store it as the next hand, also after a
reload; Eva, who typed nothing, sees the stored hand without reloading."""
import pytest

from league.models import Hand, Player
from tests.browser.test_players_confirm import phone_of
from tests.browser.test_sheet_hall import PHONE, SAVE, enter_win
from tests.factories import PlayerFactory, UserFactory, table_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table():
    players = [PlayerFactory(first_name=f, last_name=last) for f, last in
               [("Anna", "Berg"), ("Carlo", "Rossi"), ("Eva", "Weiß"), ("Dieter", "Zimmermann")]]
    table = table_with_players(slug="club-night", name="Club night", players=players, options={"entry": "players"})
    for player in players:
        Player.objects.filter(pk=player.pk).update(user=UserFactory(username=player.first_name.lower()))
    return table


def test_a_hand_typed_on_two_phones_is_stored_once_and_the_sheets_follow(live_server, browser, table):
    sheet = f"/referee/table/{table.pk}/"
    anna_context, anna = phone_of(browser, live_server, "anna", sheet)
    carlo_context, carlo = phone_of(browser, live_server, "carlo", sheet)
    eva_context, eva = phone_of(browser, live_server, "eva", sheet)
    enter_win(anna)
    enter_win(carlo)
    assert "Hand 1" in eva.inner_text("#hand-heading")

    anna.click(SAVE)
    anna.wait_for_selector("#hand-1")
    carlo.click(SAVE)

    carlo.wait_for_selector("#draft-conflict:not([hidden])")
    text = carlo.inner_text("#draft-conflict")
    assert "Hand 1 was saved meanwhile by Anna Berg" in text
    assert carlo.is_disabled(SAVE) and "Hand 1" in carlo.inner_text("#hand-heading")
    assert carlo.get_attribute("[data-conflict-correct]", "href") == (
        f"/referee/hand/{Hand.objects.get(table=table).pk}/edit/")
    assert carlo.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    carlo.reload()  # his draft is not offered as hand 2
    carlo.wait_for_selector("#draft-conflict:not([hidden])")
    assert "saved meanwhile by Anna Berg" in carlo.inner_text("#draft-conflict")
    assert carlo.is_disabled(SAVE)
    carlo.click("[data-conflict-discard]")
    carlo.wait_for_function("document.querySelector('#hand-heading').textContent.includes('Hand 2')")
    assert carlo.input_value("input[name=value_1]") == "" and carlo.is_enabled(SAVE)
    assert Hand.objects.filter(table=table).count() == 1

    # Eva typed nothing: her sheet shows the stored hand by itself (it asks every few seconds)
    eva.wait_for_selector("#hand-1", timeout=20_000)
    assert "Hand 2" in eva.inner_text("#hand-heading")
    for context in (anna_context, carlo_context, eva_context):
        context.close()


def test_a_draft_typed_while_another_phone_saves_that_hand_is_shown_as_saved(live_server, browser, table):
    sheet = f"/referee/table/{table.pk}/"
    anna_context, anna = phone_of(browser, live_server, "anna", sheet)
    carlo_context, carlo = phone_of(browser, live_server, "carlo", sheet)
    carlo.fill("input[name=value_0]", "24")  # Carlo starts typing hand 1 and waits

    enter_win(anna)
    anna.click(SAVE)
    anna.wait_for_selector("#hand-1")

    carlo.wait_for_selector("#draft-conflict:not([hidden])", timeout=20_000)
    assert "Hand 1 was saved meanwhile by Anna Berg" in carlo.inner_text("#draft-conflict")
    assert carlo.input_value("input[name=value_0]") == "24"
    assert Hand.objects.filter(table=table).count() == 1
    anna_context.close()
    carlo_context.close()
