"""The wall chart: each round's result and opponent, and the running score after it."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from standings.pages.crosstable import crosstable_rows, crosstable_tbody
from standings.pages.games import LEGEND, section_games
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

CROSSTABLE = "standings/crosstable.html"


@require_GET
@public_section_view("crosstable")
def crosstable(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    """The wall chart after a round (``?round=N``), by rank or by start number (``?order=``)."""
    form = round_picked(request)
    if form.errors:
        return bad_request(request, page, CROSSTABLE, form)
    by_number = form.cleaned_data["order"] == "number"
    body = page_body(
        request,
        page,
        "crosstable",
        _body,
        request,
        page,
        form.cleaned_data["round"],
        by_number=by_number,
    )
    return respond(request, page, CROSSTABLE, body)


def _body(
    request: HtmxHttpRequest, page: SectionPage, through: int | None, *, by_number: bool
) -> str:
    try:
        report = section_report(section=page.section, through_round=through)
    except ReportError as error:
        return render_body(
            CROSSTABLE, {**base_context(request, page), "error": str(error)}
        )
    through = report.standings.through_round
    games = section_games(page.section, through_round=through)
    rows = crosstable_rows(report, games, by_start_number=by_number)
    return render_body(
        CROSSTABLE,
        {
            **report_context(request, page, report),
            "tbody": crosstable_tbody(rows, section=page.section, by_number=by_number),
            "by_number": by_number,
            "round_numbers": range(1, through + 1),
            "legend": LEGEND,
        },
    )
