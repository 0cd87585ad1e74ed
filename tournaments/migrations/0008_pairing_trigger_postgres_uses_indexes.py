"""PostgreSQL (0008): the once-per-round trigger looks players up through the unique indexes (as 0005
did for SQLite), and no longer runs when a result is entered.

The function of 0003 tested ``round_id = NEW.round_id AND (white_id IN (...) OR black_id IN
(...))``, which PostgreSQL answers from the round index by walking every pairing of the round: a
round's insert grew with the square of its size (a 5,000 x 9 import took 33 to 44 s). Four
``EXISTS`` tests, each on (round, white) or (round, black), use the unique indexes of those
pairs. The trigger also locked the round's row and ran on every update, so each result entered
by one TD waited for every other TD entering a result in the same round; the update trigger now
fires only when a pairing's round or players change.
"""

from django.db import migrations

_SAME_ROUND = (
    "SELECT 1 FROM tournaments_pairing p WHERE p.round_id = NEW.round_id "
    "AND p.id IS DISTINCT FROM NEW.id"
)
_SECTION_MISMATCH = """
    (SELECT section_id FROM tournaments_player WHERE id = NEW.white_id)
        IS DISTINCT FROM (SELECT section_id FROM tournaments_round WHERE id = NEW.round_id)
    OR (NEW.black_id IS NOT NULL
        AND (SELECT section_id FROM tournaments_player WHERE id = NEW.black_id)
            IS DISTINCT FROM (SELECT section_id FROM tournaments_round WHERE id = NEW.round_id))
"""
FUNCTION = f"""
CREATE OR REPLACE FUNCTION tournaments_pairing_player_once_per_round() RETURNS trigger AS $$
BEGIN
    -- Serialise writers of one round's pairings: without the lock, two transactions could each
    -- add the same player on a different board and neither would see the other's row.
    PERFORM 1 FROM tournaments_round WHERE id = NEW.round_id FOR UPDATE;
    IF EXISTS ({_SAME_ROUND} AND p.white_id = NEW.white_id)
       OR EXISTS ({_SAME_ROUND} AND p.black_id = NEW.white_id)
       OR EXISTS ({_SAME_ROUND} AND p.white_id = NEW.black_id)
       OR EXISTS ({_SAME_ROUND} AND p.black_id = NEW.black_id)
    THEN
        RAISE EXCEPTION 'pairing_player_once_per_round: player already paired in this round'
            USING ERRCODE = 'unique_violation';
    END IF;
    IF {_SECTION_MISMATCH} THEN
        RAISE EXCEPTION 'pairing_player_in_round_section: a player of another section cannot be paired in this round'
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
"""
DROP = [
    "DROP TRIGGER IF EXISTS pairing_player_once_per_round ON tournaments_pairing;",
    "DROP TRIGGER IF EXISTS pairing_player_once_per_round_insert ON tournaments_pairing;",
    "DROP TRIGGER IF EXISTS pairing_player_once_per_round_update ON tournaments_pairing;",
]
FORWARD = [
    *DROP,
    FUNCTION,
    "CREATE TRIGGER pairing_player_once_per_round_insert BEFORE INSERT ON tournaments_pairing "
    "FOR EACH ROW EXECUTE FUNCTION tournaments_pairing_player_once_per_round();",
    # Django's save() names every column, so "UPDATE OF" alone would still fire on a result:
    # the WHEN clause compares the values.
    "CREATE TRIGGER pairing_player_once_per_round_update BEFORE UPDATE ON tournaments_pairing "
    "FOR EACH ROW WHEN (OLD.round_id IS DISTINCT FROM NEW.round_id "
    "OR OLD.white_id IS DISTINCT FROM NEW.white_id OR OLD.black_id IS DISTINCT FROM NEW.black_id) "
    "EXECUTE FUNCTION tournaments_pairing_player_once_per_round();",
]


def _forward(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for sql in FORWARD:
        schema_editor.execute(sql)


def _backward(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    import importlib

    old = importlib.import_module("tournaments.migrations.0003_player_ranges_pairing_section")
    older = importlib.import_module("tournaments.migrations.0002_pairing_player_once_per_round")
    for sql in [*DROP, *old.POSTGRES_FORWARD, older.POSTGRES_FORWARD[1]]:
        schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_text_fields_refuse_control_characters"),
    ]

    operations = [migrations.RunPython(_forward, _backward)]
