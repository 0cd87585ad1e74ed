"""A round flagged as paired on old scores, and the section's log of its life (SectionEvent).

SQLite cannot add a NOT NULL column without rebuilding the table, and rebuilding the round table
breaks the pairing triggers of migrations 0003 and 0005 that name it: there the column is added
with SQLite's own ALTER TABLE ... ADD COLUMN ... DEFAULT, which keeps the table.
"""

import django.db.models.deletion
import tournaments.validators
from django.conf import settings
from django.db import migrations, models

FIELD = models.BooleanField(default=False)


def _add_flag(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(
            'ALTER TABLE "tournaments_round" ADD COLUMN "paired_on_old_scores" '
            "bool NOT NULL DEFAULT 0"
        )
        return
    field = FIELD.clone()
    field.set_attributes_from_name("paired_on_old_scores")
    schema_editor.add_field(apps.get_model("tournaments", "Round"), field)


def _drop_flag(apps, schema_editor):
    Round = apps.get_model("tournaments", "Round")
    schema_editor.execute(
        schema_editor.sql_delete_column
        % {
            "table": schema_editor.quote_name(Round._meta.db_table),
            "column": schema_editor.quote_name("paired_on_old_scores"),
        }
    )


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0012_team_scoring'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddField(
                    model_name="round",
                    name="paired_on_old_scores",
                    field=FIELD,
                ),
            ],
            database_operations=[migrations.RunPython(_add_flag, _drop_flag)],
        ),
        migrations.CreateModel(
            name='SectionEvent',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('final', 'Marked final'), ('reopened', 'Reopened'), ('pairings_removed', 'Pairings removed'), ('check_override', 'Check differences overridden'), ('correction', 'Earlier round corrected'), ('order_posted', 'Default tiebreak order posted')], max_length=20)),
                ('round_number', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('reason', models.TextField(blank=True, validators=[tournaments.validators.no_control_characters_but_lines])),
                ('detail', models.TextField(blank=True, validators=[tournaments.validators.no_control_characters_but_lines])),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('section', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='events', to='tournaments.section')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['section', 'at', 'pk'],
            },
        ),
    ]
