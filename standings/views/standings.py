"""The standings page: rank, start number, name, rating, score and each posted tiebreak."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from standings.cache import page_query
from standings.pages.paging import PageRows, paging, row_list
from standings.pages.standings import standing_lines, standings_tbody
from standings.reports import ReportError, section_report
from standings.views.common import (
    SectionPage,
    bad_request,
    base_context,
    page_body,
    public_section_view,
    render_body,
    report_context,
    respond,
    round_picked,
)
from tiebreak_site.http import HtmxHttpRequest

STANDINGS = "standings/standings.html"


def _rows(request: HtmxHttpRequest, page: SectionPage) -> PageRows:
    """Where each player's row is in the standings at this address: "go to player N" leads
    there, a page past the last one is the last (``standings.views.common.settle``)."""
    try:
        report = section_report(
            section=page.section,
            through_round=round_picked(request).cleaned_data["round"],
        )
    except ReportError:
        return PageRows({})
    numbers = [report.players[r.player.id].start_number for r in report.standings.rows]
    return PageRows({"page": row_list(numbers)})


@require_GET
@public_section_view("standings", rows=_rows)
def standings(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    """The standings after a round (``?round=N``; default: the last complete round)."""
    form = round_picked(request)
    if form.errors:
        return bad_request(request, page, STANDINGS, form)
    body = page_body(
        request,
        page,
        "standings",
        _body,
        request,
        page,
        form.cleaned_data["round"],
        form.cleaned_data["page"],
    )
    return respond(request, page, STANDINGS, body)


def _body(
    request: HtmxHttpRequest,
    page: SectionPage,
    through: int | None,
    number: int | None = None,
) -> str:
    """The standings (one load of the section) rendered, or why there are none; a big
    section's page ``number`` of rows (``standings.pages.paging``)."""
    try:
        report = section_report(section=page.section, through_round=through)
    except ReportError as error:
        return render_body(
            STANDINGS, {**base_context(request, page), "error": str(error)}
        )
    lines = standing_lines(report)
    pages = paging(
        query=page_query(request),
        page=number,
        numbers=[line.info.start_number for line in lines],
        scores=[line.row.score for line in lines],
    )
    tbody = standings_tbody(lines[pages.first : pages.end], section=page.section)
    return render_body(
        STANDINGS,
        {**report_context(request, page, report), "tbody": tbody, "paging": pages},
    )
