"""The starting list (entries): every player of a section by start number, with title, rating,
federation or state and club, and how many there are. A section of more than ``PAGE_ROWS``
players comes a page at a time with "go to player N", as its standings do
(``standings.pages.paging``)."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from standings.cache import page_query
from standings.pages.paging import PageRows, paging, row_list
from standings.views.common import (
    SectionPage,
    bad_request,
    base_context,
    page_body,
    public_section_view,
    render_body,
    respond,
    round_picked,
)
from tiebreak_site.http import HtmxHttpRequest
from tournaments.models import Player

ENTRIES = "standings/entries.html"


def _numbers(page: SectionPage) -> list[int]:
    return list(
        Player.objects.filter(section=page.section)
        .order_by("start_number")
        .values_list("start_number", flat=True)
    )


def _rows(request: HtmxHttpRequest, page: SectionPage) -> PageRows:
    """Where each player's row is on the starting list: "go to player N" leads there, a page
    past the last one is the last (``standings.views.common.settle``)."""
    return PageRows({"page": row_list(_numbers(page))})


@require_GET
@public_section_view("entries", rows=_rows)
def entries(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    form = round_picked(request)
    if "page" in form.errors or "player" in form.errors:
        return bad_request(request, page, ENTRIES, form)
    body = page_body(
        request, page, "entries", _body, request, page, form.cleaned_data["page"]
    )
    return respond(request, page, ENTRIES, body)


def _body(request: HtmxHttpRequest, page: SectionPage, number: int | None) -> str:
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
    pages = paging(
        query=page_query(request),
        page=number,
        numbers=[p["start_number"] for p in players],
        scores=None,
    )
    return render_body(
        ENTRIES,
        {
            **base_context(request, page),
            "players": players[pages.first : pages.end],
            "count": len(players),
            "paging": pages,
            "rated": len(rated),
            "average": round(sum(rated) / len(rated)) if rated else None,
        },
    )
