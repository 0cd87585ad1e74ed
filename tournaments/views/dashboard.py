"""The TD's dashboard: the tournaments they direct, and where each section stands."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournaments import selectors
from tournaments.models import Section, Tournament


@require_GET
@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    """The tournaments the user directs (every tournament for a superuser)."""
    tournaments = Tournament.objects.all()
    if not request.user.is_superuser:
        tournaments = tournaments.filter(directors=request.user.pk)
    tournaments = tournaments.order_by("-created", "name")
    sections = list(Section.objects.filter(tournament__in=tournaments))
    progress = selectors.sections_progress(sections)
    by_tournament: dict[int, list[tuple[Section, object]]] = {}
    for section in sections:
        by_tournament.setdefault(section.tournament_id, []).append(
            (section, progress[section.pk])
        )
    return render(
        request,
        "tournaments/dashboard.html",
        {"tournaments": [(t, by_tournament.get(t.pk, [])) for t in tournaments]},
    )
