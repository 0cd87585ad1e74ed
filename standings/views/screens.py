"""The hall's TVs and projectors: large type, long lists in pages that rotate, refreshed by itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from standings.pages.columns import tiebreak_columns
from standings.pages.pairings import round_pairings
from standings.pages.rounds import current_round, rounds_of
from standings.pages.standings import standing_lines
from standings.reports import ReportError, players_of, section_report
from tournaments.access import tournament_for_reader
from tournaments.models import HallScreen, Section

# Lines per screen page: what a 1080p TV shows in type readable from across the hall.
PER_PAGE: dict[str, int] = {
    HallScreen.Content.PAIRINGS_BY_BOARD: 12,
    HallScreen.Content.PAIRINGS_BY_NAME: 30,  # in two columns
    HallScreen.Content.STANDINGS: 12,
}
# The screen asks for fresh content this often (results come in during a round).
REFRESH_SECONDS = 60

T = TypeVar("T")


def chunks(items: Sequence[T], size: int) -> list[Sequence[T]]:
    """The list in pages of ``size`` lines (at least one page, maybe empty)."""
    return [items[i : i + size] for i in range(0, len(items), size)] or [items]


def _content(screen: HallScreen, section: Section) -> dict[str, Any]:
    rounds = rounds_of(section)
    current = current_round(rounds)
    if screen.content == HallScreen.Content.STANDINGS:
        try:
            report = section_report(section=section)
        except ReportError as error:
            return {"error": str(error)}
        lines = standing_lines(report)
        return {
            "through_round": report.standings.through_round,
            "columns": tiebreak_columns(report.standings.order)[:2],
            "pages": chunks(lines, PER_PAGE[screen.content]),
        }
    if current is None:
        return {"error": "Pairings are not posted yet."}
    players = players_of(section)
    pairings = round_pairings(
        section=section, number=current, players=players, scores=None
    )
    items: Sequence[Any] = (
        pairings.boards
        if screen.content == HallScreen.Content.PAIRINGS_BY_BOARD
        else pairings.by_name()
    )
    return {
        "number": current,
        "pages": chunks(items, PER_PAGE[screen.content]),
        "byes": pairings.byes,
    }


@require_GET
def hall_screen(request: HttpRequest, slug: str, screen: int) -> HttpResponse:
    tournament = tournament_for_reader(request, slug)
    shown = get_object_or_404(HallScreen, pk=screen, tournament=tournament)
    section = shown.section or tournament.sections.first()
    context: dict[str, Any] = {
        "tournament": tournament,
        "screen": shown,
        "section": section,
        "refresh_seconds": REFRESH_SECONDS,
    }
    if section is None:
        context["error"] = "This tournament has no sections yet."
    else:
        context.update(_content(shown, section))
    template = "standings/screen.html"
    if getattr(request, "htmx", False):
        template += "#screen-body"
    return render(request, template, context)
