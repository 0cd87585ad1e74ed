"""The scores a round's pairings used, kept so that its "paired on old scores" flag clears when
a correction is taken back. Nullable: SQLite adds it with ALTER TABLE, keeping the table (and the
pairing triggers that name it)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0022_requestedbye_reason'),
    ]

    operations = [
        migrations.AddField(
            model_name='round',
            name='paired_scores',
            field=models.JSONField(blank=True, null=True),
        ),
    ]
