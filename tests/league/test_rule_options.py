"""Rule options as data: the rulesets/ API, the presets and the tournament's options form."""
import pytest

from league import tournament_options
from league.models import Hand, Tournament
from league.services.hands import hand_record
from scoring.rulesets import BY_NAME
from tests.factories import TournamentFactory, referee_for, table_with_players

pytestmark = pytest.mark.django_db


def test_the_api_lists_every_rulesets_options_with_labels_defaults_and_choices(api):
    body = api.get("/api/v1/rulesets/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert [r["ruleset"] for r in body] == list(BY_NAME)
    classical = body[0]
    options = {o["name"]: o for o in classical["options"]}
    # every option but a fixed substitute result's, which only a points game has (issue 42, item 7d)
    assert set(BY_NAME["dmjl-classical"].OPTIONS) | (
        set(tournament_options.OPTIONS) - tournament_options.FIXED_SUBSTITUTE_OPTIONS) == set(options)
    assert (options["upper_limit"]["type"], options["upper_limit"]["default"], options["upper_limit"]["label"]) == \
        ("integer", 5000, "Upper limit")
    assert [c["value"] for c in options["limit_mode"]["choices"]] == ["cap_differences", "cap_values"]
    assert [c["value"] for c in options["team_standings"]["choices"]] == [None, "sum", "best"]
    assert options["table_points"]["type"] == "list" and options["table_points"]["length"] == 4
    assert {p["name"] for p in classical["presets"]} == {"DMJL Turnier", "Chemnitz"}
    riichi = next(r for r in body if r["ruleset"] == "riichi-ema")
    assert {p["name"] for p in riichi["presets"]} == {"EMA 2016", "BGA"}
    # every option a ruleset has carries a label of its own, not its key
    for ruleset in body:
        assert all(o["label"] != o["name"] for o in ruleset["options"]), ruleset["ruleset"]


def test_labels_and_help_follow_the_request_language(api):
    body = api.get("/api/v1/rulesets/", HTTP_ACCEPT_LANGUAGE="de").json()
    options = {o["name"]: o for o in body[0]["options"]}
    assert options["upper_limit"]["label"] == "Obergrenze"
    assert body[0]["label"] == "DMJL klassisch chinesisch"
    assert options["limit_mode"]["choices"][0]["label"] == "Die Differenzen kappen"


def test_every_preset_is_valid_for_its_ruleset():
    import scoring
    from league.rule_options import PRESETS, preset

    for entry in PRESETS:
        chosen = preset(entry["name"])
        assert scoring.validate_options(chosen["ruleset"], chosen["options"])


def test_the_api_validates_team_options_with_the_ruleset(admin_api):
    tournament = TournamentFactory()
    bad = admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/", {"options": {"team_standings": "median"}},
                          format="json")
    assert bad.status_code == 400 and "options" in bad.json()["error"]["fields"]
    good = admin_api.patch(f"/api/v1/tournaments/{tournament.pk}/",
                           {"options": {"team_standings": "best", "team_best": 2}}, format="json")
    assert good.status_code == 200


# the form

def form_data(tournament, **changes) -> dict:
    from league.rule_options import options_of

    data = {"action": "save", "ruleset": tournament.ruleset}
    for entry in options_of(tournament.ruleset):
        value = entry["default"]
        if entry["type"] == "boolean":
            if value:
                data[f"opt_{entry['name']}"] = "on"
            continue
        data[f"opt_{entry['name']}"] = ", ".join(map(str, value)) if isinstance(value, list) else \
            ("" if value is None else value)
    data.update({f"opt_{k}": v for k, v in changes.items()})
    return data


def test_the_form_saves_only_what_differs_from_the_defaults(client, admin_user):
    tournament = TournamentFactory()
    client.force_login(admin_user)
    page = client.get(f"/manage/t/{tournament.slug}/options/").content.decode()
    assert 'name="opt_upper_limit"' in page and 'for="id_opt_upper_limit"' in page
    response = client.post(f"/manage/t/{tournament.slug}/options/",
                           form_data(tournament, upper_limit="3000", table_points="3, 2, 1, 0",
                                     team_standings="sum"))
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.options == {"upper_limit": 3000, "table_points": [3, 2, 1, 0], "team_standings": "sum"}


@pytest.mark.parametrize(("field", "value"), [("upper_limit", "-5"), ("upper_limit", "viel"),
                                              ("table_points", "4, 2, 1"), ("limit_mode", "cap_all")])
def test_the_form_refuses_a_bad_value_and_keeps_what_was_stored(client, admin_user, field, value):
    tournament = TournamentFactory(options={"upper_limit": 4000})
    client.force_login(admin_user)
    response = client.post(f"/manage/t/{tournament.slug}/options/", form_data(tournament, **{field: value}))
    assert response.status_code == 400
    html = response.content.decode()
    assert f'id="err_{field}"' in html and f'aria-describedby="help_{field} err_{field}"' in html
    tournament.refresh_from_db()
    assert tournament.options == {"upper_limit": 4000}


def test_a_preset_fills_the_form_without_saving(client, admin_user):
    tournament = TournamentFactory()
    client.force_login(admin_user)
    html = client.post(f"/manage/t/{tournament.slug}/options/", {"action": "preset", "preset": "BGA"}).content.decode()
    assert 'name="ruleset" value="riichi-ema"' in html and 'name="opt_rounds" value="1"' in html
    tournament.refresh_from_db()
    assert tournament.ruleset == "dmjl-classical" and tournament.options == {}


def test_a_preset_or_another_ruleset_keeps_the_tournament_level_options(client, admin_user):
    tournament = TournamentFactory(options={"hide_standings_from_session": 3, "team_standings": "sum"})
    client.force_login(admin_user)
    for data in ({"action": "preset", "preset": "DMJL Turnier"}, {"action": "ruleset", "ruleset": "riichi-ema"}):
        html = client.post(f"/manage/t/{tournament.slug}/options/", data).content.decode()
        assert 'name="opt_hide_standings_from_session" value="3"' in html
        assert '<option value="sum" selected>' in html


def test_saving_options_in_the_form_asks_for_new_standings(client, admin_user):
    from league.models import StandingsState

    tournament = TournamentFactory()
    client.force_login(admin_user)
    response = client.post(f"/manage/t/{tournament.slug}/options/", form_data(tournament, team_standings="sum"))
    assert response.status_code == 302
    state = StandingsState.objects.get(tournament=tournament)
    assert state.requested > state.computed  # the substitutes' or teams' standings follow the new options


def test_rules_of_a_played_tournament_stay_frozen(client, admin_user):
    table = table_with_players()
    tournament = table.session.tournament
    hand_record(table=table, record={"outcome": "win", "winner": 1, "hand_values": [20, 576, 4, 128]}, user=None)
    client.force_login(admin_user)
    response = client.post(f"/manage/t/{tournament.slug}/options/", form_data(tournament, upper_limit="1000"))
    assert response.status_code == 400 and Hand.objects.count() == 1
    tournament.refresh_from_db()
    assert tournament.options == {}
    # tournament-level options stay editable
    response = client.post(f"/manage/t/{tournament.slug}/options/", form_data(tournament, team_standings="sum"))
    assert response.status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).options == {"team_standings": "sum"}


def test_only_administrators_see_the_options_form(client):
    tournament = TournamentFactory()
    assert client.get(f"/manage/t/{tournament.slug}/options/").status_code == 302
    client.force_login(referee_for(tournament))
    assert client.post(f"/manage/t/{tournament.slug}/options/", form_data(tournament, upper_limit="1")).status_code \
        == 403
