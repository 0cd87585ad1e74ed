"""The public prize list of a section: who gets what, and the calculation behind each share."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from standings.prize_report import (
    PrizeReport,
    ignored_playoff_lines,
    item_lines,
    money,
    pool_lines,
    prizes_json,
    section_prizes,
    unawarded_lines,
)
from standings.reports import ReportError
from tournaments.access import can_direct, tournament_for_reader
from tournaments.models import Section

NO_ROUND_YET = (
    "No round is complete yet: prizes are worked out from the standings after round 1."
)


def _section(request: HttpRequest, slug: str, section: int) -> Section:
    tournament = tournament_for_reader(request, slug)
    return get_object_or_404(
        Section.objects.select_related("tournament"), pk=section, tournament=tournament
    )


@require_GET
def prizes(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    found = _section(request, slug, section)
    context: dict[str, object] = {
        # What the section's tabs (standings/_section_nav.html) read.
        "page": {"tournament": found.tournament, "section": found},
        "section": found,
        "tournament": found.tournament,
        "can_direct": can_direct(request.user, found.tournament),
    }
    try:
        report: PrizeReport | None = section_prizes(section=found)
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
    return render(request, "standings/prizes.html", context)


@require_GET
def prizes_json_view(request: HttpRequest, slug: str, section: int) -> HttpResponse:
    """The prize list as ``manage.py prizes --format json`` prints it."""
    found = _section(request, slug, section)
    try:
        report = section_prizes(section=found)
    except ReportError as error:
        return JsonResponse({"error": str(error)}, status=409)
    return JsonResponse(prizes_json(report))
