"""The TD's dashboard: the tournaments they direct."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournaments.models import Tournament


@require_GET
@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    """The tournaments the user directs (every tournament for a superuser)."""
    tournaments = Tournament.objects.all()
    if not request.user.is_superuser:
        tournaments = tournaments.filter(directors=request.user.pk)
    tournaments = tournaments.prefetch_related("sections").annotate(
        players=Count("sections__players", distinct=True),
        open_rounds=Count(
            "sections__rounds",
            filter=~Q(sections__rounds__status="complete"),
            distinct=True,
        ),
    )
    return render(request, "tournaments/dashboard.html", {"tournaments": tournaments})
