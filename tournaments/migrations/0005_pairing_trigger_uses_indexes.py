"""SQLite: the once-per-round trigger of 0002 looks players up through the unique indexes.

0002's condition (``white_id IN (...) OR black_id IN (...)``) could only use the round index, so
every insert scanned the whole round: a 5,000-player round took 0.64 s to insert against 0.04 s
at 1,000 (docs/performance.md, Pairing). Four ``EXISTS`` tests, each on (round, white) or
(round, black), use the unique indexes of those pairs. The update trigger fires only when a
pairing's players or round change, not on every result entered.
"""

from django.db import migrations

_RAISE = "BEGIN SELECT RAISE(ABORT, 'pairing_player_once_per_round: player already paired in this round'); END"
_SAME_ROUND = "SELECT 1 FROM tournaments_pairing p WHERE p.round_id = NEW.round_id AND p.id IS NOT NEW.id"
SQLITE_CHECK = f"""
WHEN EXISTS ({_SAME_ROUND} AND p.white_id = NEW.white_id)
  OR EXISTS ({_SAME_ROUND} AND p.black_id = NEW.white_id)
  OR EXISTS ({_SAME_ROUND} AND p.white_id = NEW.black_id)
  OR EXISTS ({_SAME_ROUND} AND p.black_id = NEW.black_id)
{_RAISE}
"""

DROP = [
    "DROP TRIGGER IF EXISTS pairing_player_once_per_round_insert;",
    "DROP TRIGGER IF EXISTS pairing_player_once_per_round_update;",
]
SQLITE_FORWARD = [
    *DROP,
    f"CREATE TRIGGER pairing_player_once_per_round_insert BEFORE INSERT ON tournaments_pairing {SQLITE_CHECK};",
    "CREATE TRIGGER pairing_player_once_per_round_update BEFORE UPDATE OF round_id, white_id, black_id "
    f"ON tournaments_pairing {SQLITE_CHECK};",
]


def _backward(apps, schema_editor):
    if schema_editor.connection.vendor != "sqlite":
        return
    import importlib

    old = importlib.import_module("tournaments.migrations.0002_pairing_player_once_per_round")
    for sql in [*DROP, *old.SQLITE_FORWARD]:
        schema_editor.execute(sql)


def _forward(apps, schema_editor):
    if schema_editor.connection.vendor != "sqlite":
        return
    for sql in SQLITE_FORWARD:
        schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_directors_pages_audit"),
    ]

    operations = [migrations.RunPython(_forward, _backward)]
