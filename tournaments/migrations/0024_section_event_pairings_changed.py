"""A section log entry for posted pairings changed by hand (a new kind: choices only, no
change to the table)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0023_round_paired_scores'),
    ]

    operations = [
        migrations.AlterField(
            model_name='sectionevent',
            name='kind',
            field=models.CharField(choices=[('final', 'Marked final'), ('reopened', 'Reopened'), ('pairings_removed', 'Pairings removed'), ('check_override', 'Check differences overridden'), ('correction', 'Earlier round corrected'), ('order_posted', 'Default tiebreak order posted'), ('lineup', 'Team line-up changed'), ('pairings_changed', 'Posted pairings changed')], max_length=20),
        ),
    ]
