"""Team standings of an individual section and of the event's group of sections (teams by
club / team field), a fixed-roster team section's standings and its match pages.

Cached like every public section page (``standings/views/common.py``): ETag and 304, the body
by the section's version (which counts the rosters and matches), the whole response for a plain
visitor. The event's page is keyed by the versions of the sections it pools.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from standings import cache
from standings.pages.teams import team_lines, team_section_context
from standings.reports import ReportError
from standings.team_loaders import team_section_report
from standings.team_reports import TeamReport, section_teams, tournament_teams
from standings.views.common import (
    EventPage,
    SectionPage,
    page_body,
    page_context,
    public_event_view,
    public_section_view,
    render_body,
    respond,
    round_picked,
)
from tiebreak_site.http import HtmxHttpRequest

TEAMS = "standings/teams.html"
TEAM_SECTION = "standings/team_section.html"
TEAM_MATCH = "standings/team_match.html"


@require_GET
@public_section_view("teams")
def section_team_standings(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    """The section's team standings after a round (``?round=N``; default: the last complete);
    a fixed-roster team section's with its wall chart and board standings."""
    form = round_picked(request)
    template = TEAM_SECTION if page.section.team_boards else TEAMS
    if form.errors:
        body = render_body(template, {**_section_context(page), "error": BAD_ROUND})
        return respond(request, page, template, body, status=400)
    build = _team_section_body if page.section.team_boards else _member_body
    body = page_body(request, page, "teams", build, page, form.cleaned_data["round"])
    return respond(request, page, template, body)


BAD_ROUND = "Bad address: the round must be a whole number."


def _section_context(page: SectionPage) -> dict[str, Any]:
    return {
        "page": page,
        "tournament": page.tournament,
        "section": page.section,
        "scoring": page.section.team_scoring,
    }


def _member_body(page: SectionPage, through: int | None) -> str:
    context = _section_context(page)
    try:
        report = section_teams(section=page.section, through_round=through)
    except ReportError as error:
        return render_body(TEAMS, {**context, "error": str(error)})
    return render_body(TEAMS, {**context, **_report_context(report)})


def _team_section_body(page: SectionPage, through: int | None) -> str:
    """A fixed-roster team section: standings, wall chart and board standings."""
    context = _section_context(page)
    try:
        report = team_section_report(section=page.section, through_round=through)
    except ReportError as error:
        return render_body(TEAM_SECTION, {**context, "error": str(error)})
    return render_body(
        TEAM_SECTION, {**context, **team_section_context(report), "report": report}
    )


@require_GET
@public_event_view("event-teams")
def event_team_standings(request: HtmxHttpRequest, page: EventPage) -> HttpResponse:
    """An event team group's standings (``group``; none: the first group): the players of its
    sections pooled by club / team."""
    context = _event_context(page)
    key = (
        -page.tournament.pk,
        page.version,
        "event-teams",
        cache.page_address(request),
    )
    body = cache.cached_body(key, _event_body, page)
    return render(request, TEAMS, {**context, **page_context(request), "body": body})


def _event_context(page: EventPage) -> dict[str, Any]:
    tournament = page.tournament
    posted = page.posted
    return {
        "tournament": tournament,
        "scoring": posted,
        "event_page": page,
        # The group's name, else its sections' names; an older posting of every section: none.
        "group_name": posted.get("name", ""),
        "group": [s.name for s in page.sections] if "sections" in posted else [],
        # A member's section is named beside them only when the group pools several: with one,
        # the heading names it once ("Open section") and "(Open)" on every member said nothing.
        "many_sections": len(page.sections) > 1,
        # The files are offered once every section pooled is final.
        "all_final": bool(page.sections) and all(s.is_final for s in page.sections),
    }


def _event_body(page: EventPage) -> str:
    context = _event_context(page)
    try:
        report = tournament_teams(
            tournament=page.tournament, group=page.group, sections=page.sections
        )
    except ReportError as error:
        return render_body(TEAMS, {**context, "error": str(error)})
    return render_body(TEAMS, {**context, **_report_context(report)})


def _report_context(report: TeamReport) -> dict[str, Any]:
    return {
        "report": report,
        "lines": team_lines(report),
        "labels": [item.label for item in report.standings.scoring.order],
        "through": report.rounds,
        "has_prizes": bool(report.prizes),
    }


@require_GET
@public_section_view("team-match")
def team_match(
    request: HtmxHttpRequest, page: SectionPage, number: int, table: int
) -> HttpResponse:
    """One match with every board: players, ratings, colours and results."""
    if not page.section.team_boards:
        raise Http404("Not a team section.")
    # Any two numbers are an address: a match that is not there makes no cache entry (the
    # section's matches are one entry per version).
    key = (page.section.pk, page.version, "team-matches", "")
    if (number, table) not in cache.cached_body(key, _matches, page):
        raise Http404("No such match.")
    body = page_body(request, page, "team-match", _match_body, page, number, table)
    if not body:
        raise Http404("No such match.")
    return respond(request, page, TEAM_MATCH, body, number=number, table=table)


def _matches(page: SectionPage) -> frozenset[tuple[int, int]]:
    """(round, table) of each of the section's matches."""
    try:
        report = team_section_report(section=page.section, through_round=0)
    except ReportError:
        return frozenset()
    return frozenset((m.round, m.table) for m in report.matches)


def _match_body(page: SectionPage, number: int, table: int) -> str:
    """The match's body, or "" when there is no such match."""
    try:
        report = team_section_report(section=page.section, through_round=0)
    except ReportError:
        return ""
    match = next(
        (m for m in report.matches if m.round == number and m.table == table), None
    )
    if match is None:
        return ""
    return render_body(TEAM_MATCH, {**_section_context(page), "match": match})
