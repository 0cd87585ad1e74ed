"""The key of the Pair press that made a round's pairings, and their version then (a Pair press
sent twice is answered as done).

Added on SQLite with its own ALTER TABLE ... ADD COLUMN ... DEFAULT, as in 0013: rebuilding the
round table would break the pairing triggers of migrations 0003 and 0005 that name it.
"""

from django.db import migrations, models

import tournaments.validators

FIELDS = {
    "pair_key": models.CharField(
        max_length=32,
        blank=True,
        default="",
        validators=[tournaments.validators.no_control_characters],
    ),
    "pair_version": models.CharField(
        max_length=16,
        blank=True,
        default="",
        validators=[tournaments.validators.no_control_characters],
    ),
}


def _add(apps, schema_editor):
    Round = apps.get_model("tournaments", "Round")
    for name, template in FIELDS.items():
        if schema_editor.connection.vendor == "sqlite":
            schema_editor.execute(
                f'ALTER TABLE "tournaments_round" ADD COLUMN "{name}" '
                f"varchar({template.max_length}) NOT NULL DEFAULT ''"
            )
            continue
        field = template.clone()
        field.set_attributes_from_name(name)
        schema_editor.add_field(Round, field)


def _drop(apps, schema_editor):
    Round = apps.get_model("tournaments", "Round")
    for name in FIELDS:
        schema_editor.execute(
            schema_editor.sql_delete_column
            % {
                "table": schema_editor.quote_name(Round._meta.db_table),
                "column": schema_editor.quote_name(name),
            }
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0025_section_event_bye_dropped"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddField(model_name="round", name=name, field=field)
                for name, field in FIELDS.items()
            ],
            database_operations=[migrations.RunPython(_add, _drop)],
        ),
    ]
