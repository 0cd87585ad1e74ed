"""The starting list (entries): every player of a section by start number, with title, rating,
federation or state and club, and how many there are."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from standings.views.common import (
    SectionPage,
    base_context,
    page_body,
    public_section_view,
    render_body,
    respond,
)
from tiebreak_site.http import HtmxHttpRequest
from tournaments.models import Player

ENTRIES = "standings/entries.html"


@require_GET
@public_section_view("entries")
def entries(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    body = page_body(request, page, "entries", _body, request, page)
    return respond(request, page, ENTRIES, body)


def _body(request: HtmxHttpRequest, page: SectionPage) -> str:
    players = list(
        Player.objects.filter(section=page.section)
        .order_by("start_number")
        .values(
            "start_number",
            "title",
            "name",
            "rating",
            "federation",
            "state",
            "club",
            "withdrawn_after_round",
        )
    )
    rated = [p["rating"] for p in players if p["rating"]]
    return render_body(
        ENTRIES,
        {
            **base_context(request, page),
            "players": players,
            "rated": len(rated),
            "average": round(sum(rated) / len(rated)) if rated else None,
        },
    )
