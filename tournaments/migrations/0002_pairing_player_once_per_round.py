"""A player appears at most once per round, whatever colour.

Unique constraints on (round, white) and (round, black) cannot see a player who is white on one
board and black on another, so the database checks that with a trigger (SQLite and PostgreSQL).
"""

from django.db import migrations

SQLITE_CHECK = """
WHEN EXISTS (
    SELECT 1 FROM tournaments_pairing p
    WHERE p.round_id = NEW.round_id AND p.id IS NOT NEW.id
      AND (p.white_id IN (NEW.white_id, NEW.black_id) OR p.black_id IN (NEW.white_id, NEW.black_id))
)
BEGIN SELECT RAISE(ABORT, 'pairing_player_once_per_round: player already paired in this round'); END
"""

SQLITE_FORWARD = [
    f"CREATE TRIGGER pairing_player_once_per_round_insert BEFORE INSERT ON tournaments_pairing {SQLITE_CHECK};",
    f"CREATE TRIGGER pairing_player_once_per_round_update BEFORE UPDATE ON tournaments_pairing {SQLITE_CHECK};",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS pairing_player_once_per_round_insert;",
    "DROP TRIGGER IF EXISTS pairing_player_once_per_round_update;",
]

POSTGRES_FORWARD = [
    """
    CREATE FUNCTION tournaments_pairing_player_once_per_round() RETURNS trigger AS $$
    BEGIN
        IF EXISTS (
            SELECT 1 FROM tournaments_pairing p
            WHERE p.round_id = NEW.round_id AND p.id IS DISTINCT FROM NEW.id
              AND (p.white_id IN (NEW.white_id, NEW.black_id) OR p.black_id IN (NEW.white_id, NEW.black_id))
        ) THEN
            RAISE EXCEPTION 'pairing_player_once_per_round: player already paired in this round'
                USING ERRCODE = 'unique_violation';
        END IF;
        RETURN NEW;
    END;
    $$ LANGUAGE plpgsql;
    """,
    """
    CREATE TRIGGER pairing_player_once_per_round BEFORE INSERT OR UPDATE ON tournaments_pairing
    FOR EACH ROW EXECUTE FUNCTION tournaments_pairing_player_once_per_round();
    """,
]
POSTGRES_BACKWARD = [
    "DROP TRIGGER IF EXISTS pairing_player_once_per_round ON tournaments_pairing;",
    "DROP FUNCTION IF EXISTS tournaments_pairing_player_once_per_round();",
]


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        for sql in statements_by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE_FORWARD, "postgresql": POSTGRES_FORWARD}),
            _run({"sqlite": SQLITE_BACKWARD, "postgresql": POSTGRES_BACKWARD}),
        ),
    ]
