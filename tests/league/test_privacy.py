"""Privacy (docs/api.md "Privacy"): a player who chose "initials" shows "Anna B." on every public page,
the projector and the public API, while administrators and their exports keep the whole name; an
administrator erases a player's details without changing any standing or ranking; the public sign-up
form asks for consent to publication and keeps when it was given."""
import openpyxl
import pytest
from django.core import serializers as django_serializers
from django.utils import timezone

from league.models import (
    AuditEntry,
    Export,
    GameResult,
    Player,
    PlayerMerge,
    Registration,
    SeasonRanking,
    Signup,
    Standing,
    TableConfirmation,
    TableDispute,
    Tournament,
    shown_name,
)
from league.services.exports import export_build
from league.services.players import player_erase
from league.services.rankings import rankings_recompute
from league.services.standings import standings_recompute
from tests.factories import (
    AdminFactory,
    PlayerFactory,
    SeasonFactory,
    TournamentFactory,
    UserFactory,
    client_for,
    referee_for,
    table_with_hands,
)

pytestmark = pytest.mark.django_db

LAST_NAMES = ["Bergmeister", "Quastenberg", "Wendelstein", "Zauberkraut"]


def initials_table():
    """A played table of a season's tournament whose four players all chose "initials"."""
    season = SeasonFactory()
    players = [PlayerFactory(first_name=first, last_name=last, public_name="initials")
               for first, last in zip(["Anna", "Ben", "Cleo", "Dirk"], LAST_NAMES, strict=True)]
    table = table_with_hands(count=3, players=players, season=season, slug="privat")
    Tournament.objects.filter(pk=table.session.tournament_id).update(status=Tournament.Status.FINISHED)
    standings_recompute(tournament=table.session.tournament)
    rankings_recompute(season=season)
    return table


def public_addresses(table) -> list[str]:
    tournament, season, player = table.session.tournament, table.session.tournament.season, table.seats.first().player
    slug = tournament.slug
    return [
        "/", f"/t/{slug}/", f"/t/{slug}/standings/", f"/t/{slug}/statistics/", f"/t/{slug}/records/",
        f"/t/{slug}/session/1/", f"/t/{slug}/session/1/print/", f"/t/{slug}/find/?q=Anna", f"/t/{slug}/screen/",
        f"/t/{slug}/screen/part/", f"/p/{player.pk}/", f"/l/{season.league.slug}/{season.name}/",
        f"/api/v1/players/{player.pk}/", "/api/v1/players/", f"/api/v1/tournaments/{tournament.pk}/standings/",
        f"/api/v1/tournaments/{tournament.pk}/find/?q=Anna", f"/api/v1/seasons/{season.pk}/ranking/",
        f"/api/v1/tournaments/{tournament.pk}/statistics/", f"/api/v1/players/{player.pk}/statistics/",
    ]


def test_the_public_name_shortens_the_last_name_to_its_initial():
    assert shown_name("Anna", "Bergmeister", "initials") == "Anna B."
    assert shown_name("Anna", "Bergmeister", "full") == "Anna Bergmeister"
    assert str(PlayerFactory(first_name="Anna", last_name="van Dijk", public_name="initials")) == "Anna v."


@pytest.mark.parametrize("reader", ["anonymous", "referee"])
def test_no_public_page_or_public_read_of_the_api_shows_a_last_name_the_player_shortened(client, reader):
    table = initials_table()
    if reader == "referee":
        client.force_login(referee_for(table.session.tournament))
    for address in public_addresses(table):
        response = client.get(address, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200, address
        text = response.content.decode()
        assert not any(last in text for last in LAST_NAMES), address
        shortened = [f"{first} {last[0]}." for first, last in zip(["Anna", "Ben", "Cleo", "Dirk"], LAST_NAMES,
                                                                   strict=True)]
        assert any(name in text for name in shortened) or '"last_name":"B."' in text.replace(" ", ""), address


ANNA_EMA, FULL_EMA = "04990011", "04990012"


def initials_table_with_ema_numbers():
    """``initials_table`` where Anna ("initials") has an EMA number, and a player who shows the whole
    name and has one too is registered for the tournament."""
    table = initials_table()
    Player.objects.filter(pk=table.seats.first().player_id).update(ema_id=ANNA_EMA)
    whole = PlayerFactory(first_name="Erik", last_name="Offenbach", ema_id=FULL_EMA)
    Registration.objects.create(tournament=table.session.tournament, player=whole)
    return table, whole


@pytest.mark.parametrize("reader", ["anonymous", "referee", "another player"])
def test_no_public_page_or_public_read_of_the_api_shows_the_ema_number_of_a_player_who_chose_initials(
        client, reader):
    table, _whole = initials_table_with_ema_numbers()
    if reader == "referee":
        client.force_login(referee_for(table.session.tournament))
    elif reader == "another player":
        client.force_login(PlayerFactory(user=UserFactory(), public_name="initials").user)
    for address in public_addresses(table):
        response = client.get(address, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200, address
        assert ANNA_EMA not in response.content.decode(), address
    anna = table.seats.first().player_id
    assert client.get(f"/api/v1/players/{anna}/").json()["ema_id"] == ""


def test_a_player_who_shows_the_whole_name_keeps_the_ema_number_on_the_public_page_and_api(client):
    _table, whole = initials_table_with_ema_numbers()
    assert f"EMA number {FULL_EMA}" in client.get(f"/p/{whole.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert client.get(f"/api/v1/players/{whole.pk}/").json()["ema_id"] == FULL_EMA
    listed = {row["id"]: row["ema_id"] for row in client.get("/api/v1/players/").json()["results"]}
    assert listed[whole.pk] == FULL_EMA and listed[_table.seats.first().player_id] == ""


@pytest.mark.parametrize("reader", ["administrator", "the player"])
def test_administrators_and_the_player_themself_read_the_ema_number_of_an_initials_player(client, reader):
    table, _whole = initials_table_with_ema_numbers()
    anna = table.seats.first().player
    user = AdminFactory() if reader == "administrator" else UserFactory()
    if reader == "the player":
        Player.objects.filter(pk=anna.pk).update(user=user)
    client.force_login(user)
    assert f"EMA-Nummer {ANNA_EMA}" in client.get(f"/p/{anna.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert client_for(user).get(f"/api/v1/players/{anna.pk}/").json()["ema_id"] == ANNA_EMA
    if reader == "the player":
        assert client_for(user).get("/api/v1/me/").json()["player"]["ema_id"] == ANNA_EMA


def test_finding_a_table_by_an_ema_number_or_a_shortened_last_name_finds_nobody(client):
    table, _whole = initials_table_with_ema_numbers()
    tournament = table.session.tournament
    for query in (ANNA_EMA, "Bergmeister", "Bergm"):
        page = client.get(f"/t/{tournament.slug}/find/?q={query}", HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert "Anna" not in page, query
        assert client.get(f"/api/v1/tournaments/{tournament.pk}/find/?q={query}").json() == [], query
    assert [row["player_name"] for row in client.get(
        f"/api/v1/tournaments/{tournament.pk}/find/?q=anna").json()] == ["Anna B."]


def test_administrators_read_the_whole_name_in_the_api_and_their_exports():
    table = initials_table()
    player = table.seats.first().player
    admin = client_for(AdminFactory())
    assert admin.get(f"/api/v1/players/{player.pk}/").json()["last_name"] == "Bergmeister"
    tournament = table.session.tournament
    for kind in ("results-xlsx", "ema-csv"):
        export = Export.objects.create(kind=kind, tournament=tournament, language="en")
        export_build(export_id=export.pk)
        export.refresh_from_db()
        assert export.status == Export.Status.DONE, export.error
        if kind == "ema-csv":
            with open(export.file.path, encoding="utf-8-sig") as file:
                text = file.read()
            assert "Bergmeister" in text and "Anna" in text
        else:
            cells = [str(value) for sheet in openpyxl.load_workbook(export.file.path)
                     for row in sheet.iter_rows(values_only=True) for value in row if value is not None]
            assert "Anna Bergmeister" in cells


def test_an_administrator_sets_the_public_name_and_the_cached_pages_follow(client):
    player = PlayerFactory(first_name="Anna", last_name="Bergmeister")
    table = table_with_hands(count=1, players=[player, *PlayerFactory.create_batch(3)], slug="offen")
    standings_recompute(tournament=table.session.tournament)
    assert "Anna Bergmeister" in client.get("/t/offen/standings/").content.decode()  # now in the cache
    response = client_for(AdminFactory()).patch(f"/api/v1/players/{player.pk}/", {"public_name": "initials"},
                                                format="json")
    assert response.status_code == 200 and response.json()["public_name"] == "initials"
    assert "Anna B." in client.get("/t/offen/standings/").content.decode()
    assert "Bergmeister" not in client.get(f"/t/offen/session/{table.session.number}/").content.decode()
    unknown = client_for(AdminFactory()).patch(f"/api/v1/players/{player.pk}/", {"public_name": "nickname"},
                                               format="json")
    assert unknown.status_code == 400 and "public_name" in unknown.json()["error"]["fields"]
    refused = client_for(UserFactory()).patch(f"/api/v1/players/{player.pk}/", {"public_name": "full"},
                                              format="json")
    assert refused.status_code == 403 and Player.objects.get(pk=player.pk).public_name == "initials"


def rows_of_results() -> str:
    return "".join(django_serializers.serialize("json", model.objects.order_by("pk"))
                   for model in (Standing, GameResult, SeasonRanking))


def test_erasing_a_player_keeps_every_standing_game_result_and_ranking_byte_identical():
    table = initials_table()
    player = table.seats.first().player
    player.ema_id = "04990001"
    player.save()
    registration = player.registrations.get()
    Signup.objects.create(tournament=table.session.tournament, first_name="Anna", last_name="Bergmeister",
                          email="anna@example.org", token="t1", registration=registration, status="approved")
    Signup.objects.create(tournament=TournamentFactory(), first_name="Anna", last_name="Bergmeister",
                          email="Anna@Example.org", token="t2")  # unlinked: found by the address
    kept = Signup.objects.create(tournament=table.session.tournament, first_name="Ben", last_name="Q",
                                 email="ben@example.org", token="t3")
    before = rows_of_results()
    admin = AdminFactory()

    response = client_for(admin).post(f"/api/v1/players/{player.pk}/erase/")

    assert response.status_code == 200, response.content
    player.refresh_from_db()
    assert (player.first_name, player.last_name, player.ema_id) == ("Anonymous", str(player.pk), "")
    assert response.json()["first_name"] == "Anonymous" and response.json()["ema_id"] == ""
    assert list(Signup.objects.all()) == [kept]
    assert rows_of_results() == before
    entry = AuditEntry.objects.get(action="erase")
    assert entry.object_id == str(player.pk) and entry.user == admin and "Bergmeister" not in entry.object_repr
    assert "Bergmeister" not in "".join(AuditEntry.objects.values_list("object_repr", flat=True))


def test_an_erased_player_s_merged_entry_loses_its_name_too():
    player = PlayerFactory(first_name="Anna", last_name="Bergmeister")
    PlayerMerge.objects.create(kept=player, removed_id=999, removed={"first_name": "Anna", "last_name": "Bergmeister",
                                                                     "ema_id": "04990002", "club": None})
    player_erase(player=player, user=None)
    assert "Bergmeister" not in str(PlayerMerge.objects.get().removed)


@pytest.mark.parametrize("who", ["anonymous", "user", "referee"])
def test_only_administrators_erase(who):
    table = initials_table()
    player = table.seats.first().player
    user = {"anonymous": None, "user": UserFactory(), "referee": referee_for(table.session.tournament)}[who]
    response = client_for(user).post(f"/api/v1/players/{player.pk}/erase/")
    assert response.status_code in (401, 403, 404)
    assert Player.objects.get(pk=player.pk).last_name == "Bergmeister"
    assert not AuditEntry.objects.filter(action="erase").exists()


def test_an_administrator_erases_from_the_management_page_after_confirming(client):
    player = PlayerFactory(first_name="Anna", last_name="Bergmeister", ema_id="04990003")
    client.force_login(AdminFactory())
    unconfirmed = client.post("/manage/players/merge/", {"action": "erase", "erase": player.pk})
    assert unconfirmed.status_code == 400 and Player.objects.get(pk=player.pk).last_name == "Bergmeister"
    done = client.post("/manage/players/merge/", {"action": "erase", "erase": player.pk, "confirm": "on"})
    assert done.status_code == 302
    assert str(Player.objects.get(pk=player.pk)) == f"Anonymous {player.pk}"
    client.force_login(UserFactory())
    other = PlayerFactory(last_name="Quastenberg")
    assert client.post("/manage/players/merge/", {"action": "erase", "erase": other.pk,
                                                  "confirm": "on"}).status_code in (403, 404)
    assert Player.objects.get(pk=other.pk).last_name == "Quastenberg"


def test_erasing_a_player_who_is_not_there_is_a_404():
    assert client_for(AdminFactory()).post("/api/v1/players/987654/erase/").status_code == 404


def signup_tournament():
    return table_with_hands(count=0, slug="anmeldung", registration_open=True, status="registration").session.tournament


def test_the_public_form_asks_for_consent_in_the_page_s_language_and_refuses_without_it(client):
    tournament = signup_tournament()
    german = client.get(f"/t/{tournament.slug}/signup/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'type="checkbox" name="consent"' in german and "veröffentlicht" in german
    english = client.get(f"/t/{tournament.slug}/signup/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "published" in english
    fields = {"first_name": "Anna", "last_name": "Muster", "email": "anna@example.org", "country": "DE"}
    refused = client.post(f"/t/{tournament.slug}/signup/", fields, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 400 and 'id="err-consent"' in refused.content.decode()
    assert not Signup.objects.exists()
    accepted = client.post(f"/t/{tournament.slug}/signup/", {**fields, "consent": "on"})
    assert accepted.status_code == 202
    assert Signup.objects.get().consent_at is not None


def test_the_api_refuses_a_sign_up_without_consent_and_stores_when_it_was_given(api):
    tournament = signup_tournament()
    url = f"/api/v1/tournaments/{tournament.pk}/signups/"
    fields = {"first_name": "Anna", "last_name": "Muster", "email": "anna@example.org"}
    for refused in ({}, {"consent": False}):
        response = api.post(url, {**fields, **refused}, format="json")
        assert response.status_code == 400 and "consent" in response.json()["error"]["fields"]
    assert not Signup.objects.exists()
    started = timezone.now()
    assert api.post(url, {**fields, "consent": True}, format="json").status_code == 202
    assert Signup.objects.get().consent_at >= started


def test_the_admin_names_a_confirmation_and_a_dispute_by_the_players_whole_name():
    player = PlayerFactory(first_name="Anna", last_name="Bergmeister", public_name="initials")
    table = table_with_hands(count=1, players=[player, *PlayerFactory.create_batch(3)])
    referee = referee_for(table.session.tournament, username="ref-anna")
    confirmation = TableConfirmation.objects.create(table=table, player=player)
    by_referee = TableConfirmation.objects.create(table=table, confirmed_by=referee)
    dispute = TableDispute.objects.create(table=table, player=player, message="The last hand")
    assert str(confirmation).endswith(": Anna Bergmeister") and "Anna B." not in str(confirmation)
    assert str(by_referee).endswith(": ref-anna")
    assert str(dispute).endswith(": Anna Bergmeister (open)")
