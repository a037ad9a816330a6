"""Points as the pages show them (issue 42, item 7i): with the language's thousands separator,
27.000 in German and 27,000 in English, on the score sheet, the standings, a session's tables and
the projector; never in what a form posts back or a file exports."""

import re

import pytest
from django.test import Client

from league.services.hands import hand_record, table_close
from league.services.standings import standings_recompute
from tests.factories import PlayerFactory, page_text, referee_for, table_with_players

pytestmark = pytest.mark.django_db

# A classical game whose balances run to five digits (-21866 and so on).
CLASSICAL = [{"outcome": "win", "winner": winner, "hand_values": values} for winner, values in
             ((1, [20, 1152, 4, 128]), (1, [64, 2304, 32, 16]), (3, [8, 40, 96, 1728]))] * 2
RIICHI = [{"outcome": "win", "win_type": "discard", "discarder": 0, "wins": [{"seat": 1, "han": 6}]}]
NAMES = [("Anna", "Berg"), ("Ben", "Schmidt"), ("Carla", "Weiß"), ("Dieter", "Zimmermann")]
LANGUAGES = [("de", "."), ("en", ",")]


def played(ruleset, slug, hands, *, close=True):
    players = [PlayerFactory(first_name=first, last_name=last) for first, last in NAMES]
    table = table_with_players(ruleset=ruleset, slug=slug, name="Separator Cup", players=players)
    user = referee_for(table.session.tournament, username=f"ref-{slug}")
    for record in hands:
        hand_record(table=table, record=record, user=None)
    if close:
        table_close(table=table, user=None)
    client = Client()
    client.force_login(user)
    return table, client


def grouped(number: int, separator: str) -> str:
    return f"{number:,}".replace(",", separator)


@pytest.mark.parametrize(("language", "separator"), LANGUAGES)
def test_a_classical_sheets_totals_carry_the_languages_thousands_separator(language, separator):
    table, client = played("dmjl-classical", f"sep-sheet-{language}", CLASSICAL)
    page = page_text(client.get(f"/referee/table/{table.pk}/", HTTP_ACCEPT_LANGUAGE=language))
    cells = re.findall(r'<td class="num total">([^<]*)</td>', page)
    assert len(cells) == 4 and any(abs(int(re.sub(r"\D", "", c))) >= 10000 for c in cells), cells
    for cell in cells:
        digits = int(cell.replace(separator, ""))
        assert cell == grouped(digits, separator), cell


@pytest.mark.parametrize(("language", "separator"), LANGUAGES)
def test_a_riichi_sheets_points_carry_the_separator_but_its_inputs_do_not(language, separator):
    table, client = played("riichi-ema", f"sep-riichi-{language}", RIICHI, close=False)
    page = page_text(client.get(f"/referee/table/{table.pk}/", HTTP_ACCEPT_LANGUAGE=language))
    points = re.findall(r'data-points-seat="\d">([^<]*)<', page)
    assert len(points) == 4 and all(p.strip() for p in points), points
    for shown in points:
        shown = shown.strip()
        assert re.fullmatch(rf"-?\d{{1,3}}(?:{re.escape(separator)}\d{{3}})+", shown), shown
    assert not re.search(r'<input[^>]*value="-?\d{1,3}[.,]\d{3}"', page)


@pytest.mark.parametrize(("language", "separator"), LANGUAGES)
def test_standings_and_the_sessions_tables_group_five_digit_scores(language, separator):
    table, client = played("dmjl-classical", f"sep-standings-{language}", CLASSICAL)
    standings_recompute(tournament=table.session.tournament)
    slug = table.session.tournament.slug
    five_digits = rf"-?\d{{2}}{re.escape(separator)}\d{{3}}"
    standings = page_text(client.get(f"/t/{slug}/standings/", HTTP_ACCEPT_LANGUAGE=language))
    assert re.search(rf'<td class="num">{five_digits}</td>', standings), standings
    session = page_text(client.get(f"/t/{slug}/session/1/", HTTP_ACCEPT_LANGUAGE=language))
    assert re.search(rf'<td class="num">{five_digits}</td>', session)
    screen = page_text(client.get(f"/t/{slug}/screen/part/", HTTP_ACCEPT_LANGUAGE=language))
    assert re.search(rf">{five_digits}<", screen), screen
