"""Whole-tournament backup: one JSON document, restored into an identical tournament.

Exporting the restored tournament gives the same bytes, on this database and across SQLite and
PostgreSQL (scratch databases in separate processes); its standings, wall charts and TRF files
are the same.
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
from django.db import connection
from django.test import Client
from django.urls import reverse

from standings import downloads
from standings.pages.games import section_games
from standings.reports import section_report
from standings.trf_export import section_trf
from tests.databases import scratch_postgres
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


def _files(slug: str) -> dict[str, str]:
    """What a tournament publishes, by section: its standings, wall chart and TRF-16 file."""
    files = {}
    for section in Section.objects.filter(tournament__slug=slug).order_by(
        "position", "pk"
    ):
        report = section_report(section=section)
        games = section_games(section, through_round=report.standings.through_round)
        files[f"{section.name} standings.json"] = downloads.standings_json(report)
        files[f"{section.name} crosstable.json"] = downloads.crosstable_json(
            report, games
        )
        files[f"{section.name} section.trf"] = section_trf(section=section)
    return files


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


def test_a_restored_tournament_exports_the_same_bytes_and_files(
    event: Tournament, tmp_path: Path
) -> None:
    before = _export(event.slug)
    files = _files(event.slug)
    slug = event.slug
    event.delete()

    assert _restore(before, tmp_path) == slug

    restored = Tournament.objects.get(slug=slug)
    assert _export(slug) == before
    assert _files(slug) == files
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


# Prints ``_files`` of a tournament from another process's database (DATABASE_URL).
FILES_SCRIPT = (
    "import django, json, sys; django.setup(); "
    "from tests.tournaments.test_backup import _files; "
    "print(json.dumps(_files(sys.argv[1])))"
)


def _python(database_url: str, *args: str) -> str:
    """Runs this project's Python on ``database_url`` in a separate process: its output."""
    run = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
            "DJANGO_SETTINGS_MODULE": "tiebreak_site.settings",
            "DATABASE_URL": database_url,
        },
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_a_backup_crosses_between_sqlite_and_postgresql_unchanged(
    event: Tournament, tmp_path: Path
) -> None:
    """Into a scratch database of the other kind, out again and into one of the first kind, each
    in its own process: SQLite to PostgreSQL and PostgreSQL to SQLite whichever database the
    suite runs on. Every hop exports the same bytes and the same files."""
    document, files = _export(event.slug), _files(event.slug)
    sqlite = f"sqlite:///{tmp_path / 'scratch.sqlite3'}"
    with scratch_postgres(f"tiebreak_backup_{os.getpid()}") as postgres:
        hops = (
            [postgres, sqlite] if connection.vendor == "sqlite" else [sqlite, postgres]
        )
        text = document
        for hop, url in enumerate(hops):
            backup = tmp_path / f"hop-{hop}.json"
            backup.write_text(text, "utf-8")
            _python(url, "manage.py", "migrate", "-v0")
            imported = _python(url, "manage.py", "tournament_import", str(backup))
            assert imported.strip() == event.slug
            text = _python(url, "manage.py", "tournament_export", event.slug)
            assert text == document, url.partition(":")[0]
            assert json.loads(_python(url, "-c", FILES_SCRIPT, event.slug)) == files
