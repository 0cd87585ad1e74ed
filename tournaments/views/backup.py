"""The whole tournament as one JSON file, for its directors (``tournaments/backup.py``)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from tournaments.access import tournament_for_director
from tournaments.backup import tournament_export


@require_GET
@login_required
def tournament_backup(request: HttpRequest, slug: str) -> HttpResponse:
    """Download the backup: restore it with ``manage.py tournament_import FILE``."""
    tournament = tournament_for_director(request, slug)
    response = HttpResponse(
        tournament_export(tournament).encode(), content_type="application/json"
    )
    response["Content-Disposition"] = (
        f'attachment; filename="{tournament.slug}-backup.json"'
    )
    return response
