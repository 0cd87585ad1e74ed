"""Whole-tournament backup: one JSON document, restored into an identical tournament.

Exporting the restored tournament gives the same bytes, on this database and on another (a
scratch SQLite database in a separate process: PostgreSQL to SQLite when the suite runs on
PostgreSQL); standings and TRF files are the same.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from standings.trf_export import section_trf
from tournaments import services
from tournaments.backup import NOT_A_TOURNAMENTS, tournament_export, tournament_models
from tournaments.demo import demo_live_tournament_create
from tournaments.models import (
    CheckIn,
    HallScreen,
    Pairing,
    RequestedBye,
    ResultCheck,
    Section,
    SectionEvent,
    Tournament,
)
from tournaments.models.teams import Team, TeamMember

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def event(td: User) -> Tournament:
    """The demo's running event, with a row of every model of a tournament."""
    tournament = demo_live_tournament_create()
    tournament.directors.add(td)
    section = tournament.sections.order_by("position", "pk").first()
    assert section is not None
    player = section.players.get(start_number=1)
    pairing = Pairing.objects.filter(
        round__section=section, black__isnull=False
    ).first()
    assert pairing is not None
    RequestedBye.objects.get_or_create(player=player, round_number=5)
    CheckIn.objects.get_or_create(player=player, round_number=4)
    ResultCheck.objects.get_or_create(pairing=pairing, defaults={"result": "draw"})
    HallScreen.objects.get_or_create(
        tournament=tournament, name="Hall A", section=section
    )
    SectionEvent.objects.create(
        section=section, kind="reopened", reason="A typo.", detail="Reopened.", user=td
    )
    team = Team.objects.create(section=section, number=1, name="Knights")
    TeamMember.objects.create(team=team, player=player, board=1)
    services.section_tiebreaks_post(
        section=section,
        order="solkoff,cumulative",
        user=td,
        reason="Announced\nat 9:00.",
    )
    services.result_record(
        pairing=pairing, result="white_win", based_on=pairing.result, user=td
    )
    return tournament


# The models the fixture gives rows (every model of a tournament when this was written).
FIXTURE_MODELS = {
    "Tournament",
    "Section",
    "Player",
    "RequestedBye",
    "Round",
    "Pairing",
    "TiebreakChange",
    "ResultChange",
    "ResultCheck",
    "CheckIn",
    "HallScreen",
    "SectionEvent",
    "Team",
    "TeamMember",
}


def _export(slug: str) -> str:
    out = io.StringIO()
    call_command("tournament_export", slug, stdout=out)
    return out.getvalue()


def _trfs(tournament: Tournament) -> list[str]:
    return [
        section_trf(section=s) for s in tournament.sections.order_by("position", "pk")
    ]


def test_every_model_of_the_app_is_in_the_backup_or_named_as_not_a_tournaments() -> (
    None
):
    backed_up = {m.__name__ for m, _ in tournament_models()}
    every = {m.__name__ for m in apps.get_app_config("tournaments").get_models()}
    assert backed_up | NOT_A_TOURNAMENTS == every
    assert not backed_up & NOT_A_TOURNAMENTS


def test_every_field_of_every_model_is_in_the_document(event: Tournament) -> None:
    document = json.loads(tournament_export(event))
    for model, _ in tournament_models():
        rows = document["models"][model.__name__]
        # Models added after this test have rows only if the fixture makes them; their
        # fields are written by the same generic code.
        assert rows or model.__name__ not in FIXTURE_MODELS, model.__name__
        fields = {f.name for f in model._meta.concrete_fields if not f.primary_key} | {
            f.name for f in model._meta.many_to_many
        }
        for row in rows:
            assert set(row) == fields | {"id"}, model.__name__


def _restore(text: str, tmp_path: Path, *args: str) -> str:
    backup = tmp_path / "backup.json"
    backup.write_text(text, "utf-8")
    out = io.StringIO()
    call_command("tournament_import", str(backup), *args, stdout=out)
    return out.getvalue().strip()


def _standings(slug: str) -> str:
    out = io.StringIO()
    call_command("standings", slug, "--format", "json", stdout=out)
    return out.getvalue()


def test_a_restored_tournament_exports_the_same_bytes_and_files(
    event: Tournament, tmp_path: Path
) -> None:
    before = _export(event.slug)
    trfs, standings = _trfs(event), _standings(event.slug)
    slug = event.slug
    event.delete()

    assert _restore(before, tmp_path) == slug

    restored = Tournament.objects.get(slug=slug)
    assert _export(slug) == before
    assert _trfs(restored) == trfs
    assert _standings(slug) == standings
    assert list(restored.directors.values_list("username", flat=True)) == ["td"]


def test_a_backup_restores_beside_its_tournament_only_under_another_address(
    event: Tournament, tmp_path: Path
) -> None:
    before = _export(event.slug)
    sections = Section.objects.count()
    with pytest.raises(CommandError, match="exists already"):
        _restore(before, tmp_path)
    assert Section.objects.count() == sections

    assert _restore(before, tmp_path, "--slug", "thursday-copy") == "thursday-copy"
    copy = json.loads(_export("thursday-copy"))
    copy["models"]["Tournament"][0]["slug"] = event.slug
    assert (
        json.dumps(copy, indent=1, sort_keys=True, ensure_ascii=False) + "\n" == before
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["models"]["Player"][0].update(name="Eve\n001 Fake"), "Control"),
        (
            lambda d: d["models"]["Pairing"][0].update(result="win"),
            "not one of its choices",
        ),
        (lambda d: d["models"]["Player"][0].update(nickname="x"), "does not know"),
        (lambda d: d.update(format="other"), "not a tournament backup"),
    ],
    ids=["control-character", "bad-choice", "unknown-field", "not-ours"],
)
def test_a_bad_backup_is_refused_with_its_reason_and_restores_nothing(
    event: Tournament, tmp_path: Path, change: Any, message: str
) -> None:
    document = json.loads(_export(event.slug))
    event.delete()
    change(document)
    with pytest.raises(CommandError, match=message):
        _restore(json.dumps(document), tmp_path)
    assert (
        not Tournament.objects.exists()
        or not Section.objects.filter(
            tournament__slug=document["models"]["Tournament"][0]["slug"]
        ).exists()
    )


def test_the_tournaments_directors_download_the_backup(
    event: Tournament, td_client: Client, other_td_client: Client, anonymous: Client
) -> None:
    url = reverse("tournaments:tournament_backup", kwargs={"slug": event.slug})
    response = td_client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert f'filename="{event.slug}-backup.json"' in response["Content-Disposition"]
    assert response.content == _export(event.slug).encode()
    assert other_td_client.get(url).status_code in (403, 404)
    assert anonymous.get(url).status_code == 302


def test_a_backup_restores_identically_into_another_database(
    event: Tournament, tmp_path: Path
) -> None:
    """From this database into a scratch SQLite one, in another process, and back out."""
    before = _export(event.slug)
    backup = tmp_path / "backup.json"
    backup.write_text(before, "utf-8")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        "DJANGO_SETTINGS_MODULE": "tiebreak_site.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite3'}",
    }

    def manage(*args: str) -> str:
        run = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        assert run.returncode == 0, run.stderr
        return run.stdout

    manage("migrate", "-v0")
    assert manage("tournament_import", str(backup)).strip() == event.slug
    assert manage("tournament_export", event.slug) == before
