"""Joins the two migrations numbered 0007 that landed on main side by side (no operations)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_result_change_outlives_pairing"),
        ("tournaments", "0008_pairing_trigger_postgres_uses_indexes"),
    ]

    operations = []
