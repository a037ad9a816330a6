"""Bulk row syncing: make a set of stored rows equal the rows a computation wants, writing only
the differences. Materialised results (game results, standings, season rankings and their
snapshots) are rebuilt through here, so running a computation twice writes nothing the second
time and the ids of unchanged rows stay.

Each kind of change is one set-based statement per chunk of ``CHUNK`` rows: ``bulk_create`` for
the missing rows (on PostgreSQL, from ``COPY_FROM`` rows on, one ``COPY … FROM STDIN`` instead:
no model instance and no per-value quoting), ``QuerySet.delete`` for the unwanted ones (the rows synced here have no
dependants and no delete signals, so Django deletes them in one statement without loading them),
and one UPDATE for the changed ones — ``bulk_update`` where the database has nothing better, and on
PostgreSQL a single ``UPDATE … FROM (VALUES …)`` with typed values (``bulk_update``'s ``CASE``
per column grows with the rows).
"""

import itertools
import operator
from collections.abc import Iterable, Mapping

from django.db import connections, models

CHUNK = 500
COPY_FROM = 200


def sync_rows(queryset: models.QuerySet, key_fields: tuple[str, ...],
              rows: Mapping[tuple, dict] | Iterable[tuple[tuple, dict]], *, common: dict) -> set[tuple]:
    """Make the rows of ``queryset`` equal ``rows`` (key → field values, or an iterable of such
    pairs): create the missing (with the ``common`` values that select the queryset, such as its
    tournament), update the rows whose values changed and only those, delete the ones no longer
    wanted. Returns the keys written (empty, so false, when nothing was).

    The rows are taken one by one while the new ones go to the database (``insert_rows``): given
    as a generator, their computation runs while the server stores the rows before them. It must
    not use the database meanwhile (the connection is busy with the ``COPY``). The unwanted rows
    are deleted and the changed ones updated after the inserts (every row synced here is unique by
    its key, so no insert meets a row about to go)."""
    model = queryset.model
    using = queryset.db
    pairs = iter(rows.items() if isinstance(rows, Mapping) else rows)
    first = next(pairs, None)
    value_fields = sorted(first[1]) if first else []  # every row has the same fields (checked below)
    existing = {}
    for pk, *stored in queryset.values_list("pk", *key_fields, *value_fields).iterator(chunk_size=5000):
        existing[tuple(stored[:len(key_fields)])] = (pk, tuple(stored[len(key_fields):]))
    updated, created = [], []  # created: the new rows' keys
    head = tuple(common.values())
    in_order = _values_in_order(value_fields)

    def new_rows():  # the new rows as tuples in column order (no dict per row)
        for key, values in itertools.chain((first,) if first else (), pairs):
            try:
                if len(values) != len(value_fields):
                    raise KeyError
                ordered = in_order(values)
            except KeyError:
                raise ValueError(f"sync_rows: every row needs the fields {value_fields}, "
                                 f"not {sorted(values)}") from None
            found = existing.pop(key, None)
            if found is None:
                created.append(key)
                yield head + key + ordered
            elif ordered != found[1]:
                updated.append((key, found[0], dict(zip(value_fields, ordered, strict=True))))

    insert_rows(model, [*common, *key_fields, *value_fields], new_rows(), using=using)
    unwanted = [pk for pk, _stored in existing.values()]
    for start in range(0, len(unwanted), CHUNK):
        model.objects.using(using).filter(pk__in=unwanted[start:start + CHUNK]).delete()
    for start in range(0, len(updated), CHUNK):
        update_rows(model, value_fields, [(pk, values) for _key, pk, values in updated[start:start + CHUNK]],
                    using=using)
    return {key for key, _pk, _values in updated} | set(existing) | set(created)


def _values_in_order(names: list[str]):
    """A row's values of ``names`` as a tuple, in that order (``operator.itemgetter``, which gives a
    bare value for a single name)."""
    if not names:
        return lambda values: ()
    pick = operator.itemgetter(*names)
    return pick if len(names) > 1 else lambda values: (pick(values),)


def commit_without_flush(*, using: str = "default") -> None:
    """In the current transaction on PostgreSQL: its commit does not wait for the write-ahead log
    to reach the disk (``synchronous_commit`` off for this transaction only). For writes of derived
    rows whose loss in a crash only leaves them to be computed again — a standings recomputation,
    whose "computed" mark is lost with them, so the sweep queues it again."""
    connection = connections[using]
    if connection.vendor == "postgresql" and connection.in_atomic_block:
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO OFF")


def create_rows(model: type[models.Model], rows: list[dict], *, using: str) -> None:
    """Insert ``rows`` (field name → value; the same fields in each): ``insert_rows``."""
    if not rows:
        return
    columns = list(rows[0])
    tuples = []
    for values in rows:
        if len(values) != len(columns) or any(name not in values for name in columns):
            raise ValueError(f"create_rows: every row needs the fields {sorted(columns)}, not {sorted(values)}")
        tuples.append(tuple(values[name] for name in columns))
    insert_rows(model, columns, tuples, using=using)


def insert_rows(model: type[models.Model], columns: list[str], rows: Iterable[tuple], *, using: str) -> None:
    """Insert ``rows``, tuples of the values of ``columns`` (field names or attribute names, such as
    ``tournament_id``): ``bulk_create``, or on PostgreSQL from ``COPY_FROM`` rows on a ``COPY`` of
    the values as they are (binary; a field no column gives its default, a generated column left
    to the database). The rows are taken one by one as the ``COPY`` sends them (``sync_rows``)."""
    rows = iter(rows)
    connection = connections[using]
    by_copy = connection.vendor == "postgresql"
    few = list(itertools.islice(rows, COPY_FROM)) if by_copy else list(rows)  # the rest stays to be taken
    if not by_copy or len(few) < COPY_FROM:
        if few:
            model.objects.using(using).bulk_create([model(**dict(zip(columns, row, strict=True))) for row in few],
                                                   batch_size=CHUNK)
        return
    by_name = {}
    for field in model._meta.concrete_fields:
        by_name[field.name] = by_name[field.attname] = field
    try:
        written = [by_name[name] for name in columns]
    except KeyError as missing:
        raise ValueError(f"insert_rows: {model.__name__} has no field {missing}") from None
    # the rows' values in their own order (COPY names the columns: no row is reordered)
    defaulted = [field for field in model._meta.concrete_fields
                 if field not in written and not field.generated and not isinstance(field, models.AutoField)]
    names = [field.column for field in [*written, *defaulted]]
    tail = tuple(field.get_default() for field in defaulted)
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    sql = f"COPY {table} ({', '.join(quote(name) for name in names)}) FROM STDIN (FORMAT BINARY)"
    with connection.cursor() as cursor:
        # binary COPY: psycopg's binary dumpers by each column's own type (JSON from the values as
        # they are), read from the catalogue; the server parses no text
        cursor.execute("SELECT attname, atttypid FROM pg_attribute WHERE attrelid = %s::regclass AND attnum > 0 "
                       "AND NOT attisdropped", [table])
        types = dict(cursor.fetchall())
        with cursor.cursor.copy(sql) as copy:
            copy.set_types([types[name] for name in names])
            write_row = copy.write_row
            for row in itertools.chain(few, rows):
                write_row((*row, *tail) if tail else row)


def update_rows(model: type[models.Model], field_names: list[str], rows: list[tuple[int, dict]], *,
                using: str) -> None:
    """Set ``field_names`` of the rows given as (pk, values) in one statement."""
    if not rows:
        return
    connection = connections[using]
    if connection.vendor != "postgresql":
        objects = [model(pk=pk, **values) for pk, values in rows]
        model.objects.using(using).bulk_update(objects, field_names)
        return
    fields = [model._meta.get_field(name) for name in field_names]
    pk_field = model._meta.pk
    columns = [pk_field, *fields]
    placeholders = "(" + ", ".join(f"%s::{field.db_type(connection)}" for field in columns) + ")"
    params = []
    for pk, values in rows:
        params.append(pk_field.get_db_prep_value(pk, connection))
        params.extend(field.get_db_prep_value(values[field.name], connection) for field in fields)
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    assignments = ", ".join(f"{quote(field.column)} = v.{quote(field.column)}" for field in fields)
    names = ", ".join(quote(field.column) for field in columns)
    sql = (f"UPDATE {table} SET {assignments} FROM (VALUES {', '.join([placeholders] * len(rows))}) "
           f"AS v({names}) WHERE {table}.{quote(pk_field.column)} = v.{quote(pk_field.column)}")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
