"""A round's pairings: by board, the same alphabetically by player, byes and absences."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.views.decorators.http import require_GET

from standings.pages.pairings import round_pairings
from standings.reports import ReportError, players_of, section_report
from standings.views.common import (
    SectionPage,
    base_context,
    page_body,
    public_section_view,
    render_body,
    respond,
)
from tiebreak_site.http import HtmxHttpRequest

PAIRINGS = "standings/pairings.html"


@require_GET
@public_section_view("pairings")
def pairings(request: HtmxHttpRequest, page: SectionPage, number: int) -> HttpResponse:
    """Round ``number``'s pairings."""
    return _response(request, page, number)


@require_GET
@public_section_view("pairings-current")
def pairings_current(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    """The current round's pairings (the link posted in the hall: it follows the rounds)."""
    if page.current is None:
        body = render_body(
            PAIRINGS, {**base_context(request, page), "not_posted": True}
        )
        return respond(request, page, PAIRINGS, body)
    return _response(request, page, page.current)


def _response(request: HtmxHttpRequest, page: SectionPage, number: int) -> HttpResponse:
    if number not in {r.number for r in page.rounds}:
        raise Http404(f"{page.section.name} has no round {number} yet.")
    body = page_body(request, page, "pairings", _body, request, page, number)
    return respond(request, page, PAIRINGS, body, number=number)


def _body(request: HtmxHttpRequest, page: SectionPage, number: int) -> str:
    base = base_context(request, page)
    info = next((r for r in page.rounds if r.number == number), None)
    if info is None or not info.posted:
        return render_body(PAIRINGS, {**base, "number": number, "not_posted": True})
    try:
        # Scores before the round: the standings after the round before it.
        report = section_report(section=page.section, through_round=number - 1)
    except ReportError:
        players = players_of(page.section)
        scores = None
    else:
        players = report.players
        scores = {row.player.id: row.score for row in report.standings.rows}
    pairings = round_pairings(
        section=page.section, number=number, players=players, scores=scores
    )
    if not pairings.boards and not pairings.byes:
        # A round created but not paired yet: nothing to post.
        return render_body(PAIRINGS, {**base, "number": number, "not_posted": True})
    return render_body(
        PAIRINGS,
        {
            **base,
            "number": number,
            "pairings": pairings,
            "by_name": pairings.by_name(),
            "with_scores": scores is not None,
        },
    )
