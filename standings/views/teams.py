"""Team standings of an individual section and of the whole event (teams by club / team field)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from standings.forms import RoundPickForm
from standings.pages.teams import team_lines, team_section_context
from standings.reports import ReportError
from standings.team_loaders import team_section_report
from standings.team_reports import TeamReport, section_teams, tournament_teams
from standings.views.common import page_context, section_page
from tournaments.access import tournament_for_reader

TEAMS = "standings/teams.html"
TEAM_SECTION = "standings/team_section.html"


@require_GET
def section_team_standings(
    request: HttpRequest, slug: str, section: int
) -> HttpResponse:
    """The section's team standings after a round (``?round=N``; default: the last complete)."""
    page = section_page(request, slug, section)
    form = RoundPickForm(request.GET)
    context: dict[str, Any] = {
        "page": page,
        "tournament": page.tournament,
        "section": page.section,
        "scoring": page.section.team_scoring,
        **page_context(request),
    }
    if not form.is_valid():
        context["error"] = "Bad address: the round must be a whole number."
        return render(request, TEAMS, context, status=400)
    if page.section.team_boards:
        return _team_section(request, context, form.cleaned_data["round"])
    try:
        report = section_teams(
            section=page.section, through_round=form.cleaned_data["round"]
        )
    except ReportError as error:
        context["error"] = str(error)
        return render(request, TEAMS, context)
    return render(request, TEAMS, {**context, **_report_context(report)})


@require_GET
def event_team_standings(request: HttpRequest, slug: str) -> HttpResponse:
    """The whole event's team standings: every section's players pooled by club / team."""
    tournament = tournament_for_reader(request, slug)
    context: dict[str, Any] = {
        "tournament": tournament,
        "scoring": tournament.team_scoring,
        **page_context(request),
    }
    try:
        report = tournament_teams(tournament=tournament)
    except ReportError as error:
        context["error"] = str(error)
        return render(request, TEAMS, context)
    # A group of sections is named on the page; the whole event is not listed.
    group = list(report.rounds) if "sections" in tournament.team_scoring else []
    return render(
        request, TEAMS, {**context, **_report_context(report), "group": group}
    )


def _report_context(report: TeamReport) -> dict[str, Any]:
    return {
        "report": report,
        "lines": team_lines(report),
        "labels": [item.label for item in report.standings.scoring.order],
        "through": report.rounds,
        "has_prizes": bool(report.prizes),
    }


def _team_section(
    request: HttpRequest, context: dict[str, Any], through: int | None
) -> HttpResponse:
    """A fixed-roster team section: standings, wall chart and board standings on one page."""
    section = context["section"]
    try:
        report = team_section_report(section=section, through_round=through)
    except ReportError as error:
        context["error"] = str(error)
        return render(request, TEAM_SECTION, context)
    return render(
        request,
        TEAM_SECTION,
        {**context, **team_section_context(report), "report": report},
    )


@require_GET
def team_match(
    request: HttpRequest, slug: str, section: int, number: int, table: int
) -> HttpResponse:
    """One match with every board: players, ratings, colours and results."""
    page = section_page(request, slug, section)
    if not page.section.team_boards:
        raise Http404("Not a team section.")
    try:
        report = team_section_report(section=page.section, through_round=0)
    except ReportError as error:
        raise Http404(str(error)) from None
    match = next(
        (m for m in report.matches if m.round == number and m.table == table), None
    )
    if match is None:
        raise Http404("No such match.")
    return render(
        request,
        "standings/team_match.html",
        {
            "page": page,
            "tournament": page.tournament,
            "section": page.section,
            "match": match,
            **page_context(request),
        },
    )
