"""Names split as people write them: the particles of a last name stay with it ("Jan de Vries" is
Jan / de Vries), the comma forms are read, and a name entered in bulk reaches the EMA CSV so."""
import csv
import io

import pytest

from league.models import Player
from league.names import last_name_parts, split_name
from league.services.imports import players_bulk_create, text_rows


@pytest.mark.parametrize(("written", "first", "last"), [
    ("Jan de Vries", "Jan", "de Vries"),
    ("Anna van den Berg", "Anna", "van den Berg"),
    ("Piet van der Meer", "Piet", "van der Meer"),
    ("Kees van 't Hek", "Kees", "van 't Hek"),
    ("Otto von Bismarck", "Otto", "von Bismarck"),
    ("Ursula von der Leyen", "Ursula", "von der Leyen"),
    ("Hans von und zu Liechtenstein", "Hans", "von und zu Liechtenstein"),
    ("Karl zu Guttenberg", "Karl", "zu Guttenberg"),
    ("Gerrit ter Horst", "Gerrit", "ter Horst"),
    ("Jos ten Hove", "Jos", "ten Hove"),
    ("Luca da Silva", "Luca", "da Silva"),
    ("Maria di Stefano", "Maria", "di Stefano"),
    ("Maria de la Cruz", "Maria", "de la Cruz"),
    ("Jean Luc le Pen", "Jean Luc", "le Pen"),
    ("Anne la Fontaine", "Anne", "la Fontaine"),
    ("Marie du Pont", "Marie", "du Pont"),
    ("Pablo del Río", "Pablo", "del Río"),
    ("Jan De Vries", "Jan", "De Vries"),  # Flemish capitals: the same particle
    ("Anna Maria Schmidt", "Anna Maria", "Schmidt"),  # two first names, no particle
    ("Jürgen Müller", "Jürgen", "Müller"),
    ("De Vries", "De", "Vries"),  # two words: one of them is the first name
    ("Madonna", "", "Madonna"),
])
def test_a_written_name_splits_as_people_write_it(written, first, last):
    assert split_name(written) == (first, last)


@pytest.mark.parametrize(("written", "first", "last"), [
    ("de Vries, Jan", "Jan", "de Vries"),
    ("van den Berg, Anna", "Anna", "van den Berg"),
    ("Vries, Jan de", "Jan", "de Vries"),  # the index form: the particle after the first name
    ("Berg, Anna van den", "Anna", "van den Berg"),
    ("Müller,  Jürgen ", "Jürgen", "Müller"),
])
def test_the_comma_forms_are_read(written, first, last):
    assert split_name(written) == (first, last)


@pytest.mark.parametrize(("last", "parts"), [
    ("van den Berg", ("van den", "Berg")), ("de Vries", ("de", "Vries")), ("Müller", ("", "Müller")),
    ("De", ("", "De")),
])
def test_a_stored_last_name_tells_its_particles(last, parts):
    assert last_name_parts(last) == parts


@pytest.mark.django_db
def test_bulk_entry_stores_the_particles_with_the_last_name_and_the_ema_csv_writes_them_so():
    from league.exports import ema_csv
    from league.models import Standing
    from tests.factories import TournamentFactory

    players_bulk_create(rows=text_rows("Jan de Vries;;NL\nvan den Berg, Anna;;NL\nPiet van der Meer;;NL"))
    assert set(Player.objects.values_list("first_name", "last_name")) == {
        ("Jan", "de Vries"), ("Anna", "van den Berg"), ("Piet", "van der Meer")}
    tournament = TournamentFactory()
    for rank, player in enumerate(Player.objects.order_by("pk"), start=1):
        Standing.objects.create(tournament=tournament, player=player, rank=rank, table_points=0, score=0, games=0)

    class Export:
        pass
    export = Export()
    export.tournament = tournament
    stream = io.BytesIO()
    ema_csv.write(export=export, stream=stream, progress=lambda percent: None)
    rows = list(csv.reader(io.StringIO(stream.getvalue().decode())))
    assert [row[1:3] for row in rows[1:]] == [["de Vries", "Jan"], ["van den Berg", "Anna"], ["van der Meer", "Piet"]]
