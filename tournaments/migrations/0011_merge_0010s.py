"""Joins the two migrations numbered 0010 that landed on main side by side (no operations)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_hall_screen_parts_message_countdown"),
        ("tournaments", "0010_result_change_players_refuse_control_characters"),
    ]

    operations = []
