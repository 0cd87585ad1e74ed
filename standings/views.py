from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournaments.models import Tournament


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    # Drafts are seen only by their directors, on their dashboard.
    tournaments = Tournament.objects.filter(is_published=True).prefetch_related(
        "sections"
    )
    return render(request, "standings/home.html", {"tournaments": tournaments})
