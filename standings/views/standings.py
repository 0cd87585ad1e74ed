"""The standings page: rank, start number, name, rating, score and each posted tiebreak."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_GET

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


@require_GET
@public_section_view("standings")
def standings(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    """The standings after a round (``?round=N``; default: the last complete round)."""
    form = round_picked(request)
    if form.errors:
        return bad_request(request, page, STANDINGS, form)
    body = page_body(
        request, page, "standings", _body, request, page, form.cleaned_data["round"]
    )
    return respond(request, page, STANDINGS, body)


def _body(request: HtmxHttpRequest, page: SectionPage, through: int | None) -> str:
    """The standings (one load of the section) rendered, or why there are none."""
    try:
        report = section_report(section=page.section, through_round=through)
    except ReportError as error:
        return render_body(
            STANDINGS, {**base_context(request, page), "error": str(error)}
        )
    tbody = standings_tbody(standing_lines(report), section=page.section)
    return render_body(
        STANDINGS, {**report_context(request, page, report), "tbody": tbody}
    )
