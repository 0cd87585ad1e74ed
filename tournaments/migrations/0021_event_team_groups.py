"""The event's team scoring becomes a list of named groups: an old posting (one scoring, with or
without "sections") is group 1, unnamed, as it was."""

from django.db import migrations


def to_groups(apps, schema_editor):  # type: ignore[no-untyped-def]
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.all():
        old = tournament.team_scoring
        if not old or "groups" in old:
            continue
        tournament.team_scoring = {"groups": [{**old, "id": 1, "name": ""}]}
        tournament.save(update_fields=["team_scoring"])


def to_single(apps, schema_editor):  # type: ignore[no-untyped-def]
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.all():
        groups = (tournament.team_scoring or {}).get("groups")
        if groups is None:
            continue
        first = dict(min(groups, key=lambda g: g["id"])) if groups else {}
        first.pop("id", None)
        first.pop("name", None)
        tournament.team_scoring = first
        tournament.save(update_fields=["team_scoring"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0020_section_round_starts")]

    operations = [migrations.RunPython(to_groups, to_single)]
