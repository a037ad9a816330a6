"""A season ranks one family of rulesets (docs/rules.md §11): MCR, riichi and classical Chinese
results are ranked apart, as the EMA keeps its MCR and riichi rankings apart. The family is the
league's choice or that of the season's first tournament; a tournament or a results file of another
family is refused with 409 ``ruleset_family_mismatch``."""
import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from league.models import Season, SeasonRanking, Standing, Tournament
from league.services.rankings import rankings_recompute
from scoring import rulesets
from tests.factories import PlayerFactory, SeasonFactory, TournamentFactory

pytestmark = pytest.mark.django_db
HEADING = ["Place", "Last name", "First name", "EMA number", "Country", "Table points", "Score"]


@pytest.fixture
def season():
    return SeasonFactory(starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31))


def create(admin_api, within, ruleset: str, slug: str, **fields):
    return admin_api.post("/api/v1/tournaments/", {
        "slug": slug, "name": slug.title(), "ruleset": ruleset, "season": within and within.pk,
        "starts_on": "2026-03-07", "ends_on": "2026-03-08", **fields}, format="json")


def results(season, client, ruleset: str | None, *, name="Open Leiden"):
    lines = [HEADING, [1, "Visser", "Kees", "", "NL", 4, 10], [2, "Berg", "Anna", "", "DE", 0, -10]]
    data = {"file": SimpleUploadedFile("r.csv", "\n".join(";".join(map(str, line)) for line in lines).encode()),
            "name": name, "starts_on": "2026-05-02", "ends_on": "2026-05-03", "country": "NL"}
    if ruleset is not None:
        data["ruleset"] = ruleset
    return client.post(f"/api/v1/seasons/{season.pk}/external-results/", data, format="multipart")


def test_every_ruleset_belongs_to_one_known_family():
    assert {name: rulesets.family(name) for name in rulesets.RULESETS} == {
        "dmjl-classical": "chinese-classical", "dmjl-hke": "chinese-classical", "riichi-ema": "riichi",
        "japanese-classic": "riichi", "mcr": "mcr"}


def test_the_first_tournament_fixes_the_family_and_one_of_another_family_is_refused(admin_api, season):
    assert create(admin_api, season, "mcr", "mcr-open").status_code == 201
    refused = create(admin_api, season, "riichi-ema", "riichi-open")
    assert refused.status_code == 409, refused.content
    error = refused.json()["error"]
    assert error["code"] == "ruleset_family_mismatch"
    assert set(error["fields"]) == {"season", "ruleset"}
    assert not Tournament.objects.filter(slug="riichi-open").exists()


def test_a_tournament_of_the_same_family_or_of_no_season_is_taken(admin_api, season):
    assert create(admin_api, season, "dmjl-classical", "classical").status_code == 201
    assert create(admin_api, season, "dmjl-hke", "hongkong").status_code == 201
    assert create(admin_api, None, "mcr", "elsewhere").status_code == 201


def test_moving_a_tournament_into_a_season_of_another_family_is_refused(admin_api, season):
    create(admin_api, season, "riichi-ema", "riichi-cup")
    other = SeasonFactory(starts_on=season.starts_on, ends_on=season.ends_on)
    mcr = Tournament.objects.get(pk=create(admin_api, other, "mcr", "mcr-cup").json()["id"])
    response = admin_api.patch(f"/api/v1/tournaments/{mcr.pk}/", {"season": season.pk}, format="json")
    assert response.status_code == 409 and response.json()["error"]["code"] == "ruleset_family_mismatch"
    mcr.refresh_from_db()
    assert mcr.season_id == other.pk


def test_the_only_tournament_of_a_season_may_change_its_ruleset_to_another_family(admin_api, season):
    tournament = create(admin_api, season, "riichi-ema", "only").json()["id"]
    response = admin_api.patch(f"/api/v1/tournaments/{tournament}/", {"ruleset": "mcr"}, format="json")
    assert response.status_code == 200, response.content
    assert create(admin_api, season, "riichi-ema", "second").status_code == 409


def test_a_family_chosen_by_the_league_admin_refuses_others_from_the_first_tournament_on(admin_api, season):
    response = admin_api.patch(f"/api/v1/seasons/{season.pk}/", {"ruleset_family": "mcr"}, format="json")
    assert response.status_code == 200 and response.json()["ruleset_family"] == "mcr"
    assert create(admin_api, season, "dmjl-classical", "classical").json()["error"]["code"] == (
        "ruleset_family_mismatch")
    assert create(admin_api, season, "mcr", "mcr-open").status_code == 201


def test_a_family_is_not_chosen_over_the_seasons_tournaments_of_another_one(admin_api, season):
    create(admin_api, season, "riichi-ema", "riichi-cup")
    response = admin_api.patch(f"/api/v1/seasons/{season.pk}/", {"ruleset_family": "mcr"}, format="json")
    assert response.status_code == 409 and response.json()["error"]["code"] == "ruleset_family_mismatch"
    assert "Riichi-Cup" in response.json()["error"]["message"]
    season.refresh_from_db()
    assert season.ruleset_family == ""


def test_an_unknown_family_is_refused(admin_api, season):
    response = admin_api.patch(f"/api/v1/seasons/{season.pk}/", {"ruleset_family": "mahjong"}, format="json")
    assert response.status_code == 400
    assert "ruleset_family" in response.json()["error"]["fields"]


def test_the_manage_form_refuses_a_tournament_of_another_family(admin_client, season):
    TournamentFactory(season=season, ruleset="mcr", starts_on=datetime.date(2026, 2, 1),
                      ends_on=datetime.date(2026, 2, 1))
    response = admin_client.post("/manage/t/new/", {
        "name": "Riichi Night", "kind": "tournament", "season": season.pk, "starts_on": "2026-03-07",
        "ends_on": "2026-03-07", "rules": "ruleset:riichi-ema"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "cannot count in it" in response.content.decode()
    assert not Tournament.objects.filter(name="Riichi Night").exists()


def test_a_results_file_says_its_ruleset_and_one_of_another_family_is_refused(admin_api, season):
    TournamentFactory(season=season, ruleset="riichi-ema", starts_on=datetime.date(2026, 2, 1),
                      ends_on=datetime.date(2026, 2, 1))
    missing = results(season, admin_api, None)
    assert (missing.status_code, missing.json()["error"]["code"]) == (400, "invalid")
    assert "ruleset" in missing.json()["error"]["fields"]
    unknown = results(season, admin_api, "mahjong")
    assert (unknown.status_code, unknown.json()["error"]["code"]) == (400, "invalid_event")
    assert "ruleset" in unknown.json()["error"]["fields"]
    wrong = results(season, admin_api, "mcr")
    assert wrong.status_code == 409 and wrong.json()["error"]["code"] == "ruleset_family_mismatch"
    assert not Tournament.objects.filter(kind=Tournament.Kind.EXTERNAL).exists()
    taken = results(season, admin_api, "japanese-classic")
    assert taken.status_code == 201, taken.content
    assert Tournament.objects.get(kind=Tournament.Kind.EXTERNAL).ruleset == "japanese-classic"


def test_the_manage_results_page_refuses_a_file_of_another_family(admin_client, season):
    TournamentFactory(season=season, ruleset="mcr", starts_on=datetime.date(2026, 2, 1),
                      ends_on=datetime.date(2026, 2, 1))
    lines = [HEADING, [1, "Visser", "Kees", "", "NL", 4, 10]]
    response = admin_client.post(f"/manage/seasons/{season.pk}/results/", {
        "name": "Leiden Open", "starts_on": "2026-03-07", "ends_on": "2026-03-08", "country": "NL",
        "ruleset": "riichi-ema", "action": "import",
        "file": SimpleUploadedFile("r.csv", "\n".join(";".join(map(str, line)) for line in lines).encode())},
        HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409
    assert "cannot count in it" in response.content.decode()
    assert not Tournament.objects.filter(kind=Tournament.Kind.EXTERNAL).exists()


def test_a_season_holding_two_families_ranks_only_that_of_its_first_tournament(client):
    """Tournaments put into one season before the families were kept apart: the ranking counts the
    first tournament's family, and the season page says the other does not count."""
    season = SeasonFactory(starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31),
                           ranking_method=Season.RankingMethod.TABLE_POINTS_SUM)
    riichi_player, mcr_player = PlayerFactory(), PlayerFactory()
    for ruleset, player, day in (("riichi-ema", riichi_player, 1), ("mcr", mcr_player, 2)):
        tournament = TournamentFactory(season=season, ruleset=ruleset, name=ruleset.split("-")[0].title(),
                                       status=Tournament.Status.FINISHED, published=True,
                                       starts_on=datetime.date(2026, 3, day),
                                       ends_on=datetime.date(2026, 3, day))
        Standing.objects.create(tournament=tournament, player=player, rank=1, table_points=4, score=0, games=1)
        tournament.kind = Tournament.Kind.EXTERNAL  # standings only: counted as they stand
        tournament.save()
    rankings_recompute(season=season)
    assert list(SeasonRanking.objects.filter(season=season).values_list("player_id", flat=True)) == [
        riichi_player.pk]
    page = client.get(season.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Only tournaments of the family Riichi and Japanese count" in page
    counts = {name: page[page.rindex(f">{name}<"):].split("</tr>")[0] for name in ("Riichi", "Mcr")}
    assert ">yes<" in counts["Riichi"] and ">no<" in counts["Mcr"]
    season.ruleset_family = "mcr"
    season.save()
    rankings_recompute(season=season)
    assert list(SeasonRanking.objects.filter(season=season).values_list("player_id", flat=True)) == [
        mcr_player.pk]
