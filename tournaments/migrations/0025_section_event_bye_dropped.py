"""A section log entry for a zero-point bye dropped when its player checked in (a new kind:
choices only, no change to the table)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0024_section_event_pairings_changed'),
    ]

    operations = [
        migrations.AlterField(
            model_name='sectionevent',
            name='kind',
            field=models.CharField(choices=[('final', 'Marked final'), ('reopened', 'Reopened'), ('pairings_removed', 'Pairings removed'), ('check_override', 'Check differences overridden'), ('correction', 'Earlier round corrected'), ('order_posted', 'Default tiebreak order posted'), ('lineup', 'Team line-up changed'), ('pairings_changed', 'Posted pairings changed'), ('bye_dropped', 'Zero-point bye dropped at check-in')], max_length=20),
        ),
    ]
