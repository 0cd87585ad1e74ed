"""The prize list of a section: who gets what, and the calculation behind each share."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from standings.pages.prizes import (
    ignored_playoff_lines,
    item_lines,
    money,
    pool_lines,
    unawarded_lines,
)
from standings.pages.teams import team_prize_lines
from standings.reports import PrizeReport, ReportError, section_prizes
from standings.views.common import SectionPage, page_context, public_section_view
from tiebreak_site.http import HtmxHttpRequest
from tournaments.access import can_direct

PRIZES = "standings/prizes.html"
NO_ROUND_YET = (
    "No round is complete yet: prizes are worked out from the standings after round 1."
)


@require_GET
@public_section_view("prizes")
def prizes(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    """The prizes after the last complete round; provisional until the last round."""
    context: dict[str, object] = {
        "page": page,
        "section": page.section,
        "tournament": page.tournament,
        "can_direct": can_direct(request.user, page.tournament),
        **page_context(request),
        "team_prizes": team_prize_lines(page.section),
    }
    try:
        report: PrizeReport | None = section_prizes(section=page.section)
    except ReportError as error:
        report = None
        context["error"] = str(error)
    if report is not None:
        through = report.report.standings.through_round
        context.update(
            report=report,
            through_round=through,
            no_round_yet=through == 0,
            no_round_message=NO_ROUND_YET,
            pools=pool_lines(report),
            items=item_lines(report),
            unawarded=unawarded_lines(report),
            ignored_playoffs=ignored_playoff_lines(report),
            remainder=money(report.distribution.remainder)
            if report.distribution.remainder
            else "",
            undistributed=money(report.distribution.undistributed),
        )
    return render(request, PRIZES, context)
