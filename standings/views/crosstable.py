"""The wall chart: each round's result and opponent, and the running score after it."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from standings.cache import page_query
from standings.pages.crosstable import crosstable_rows, crosstable_tbody
from standings.pages.games import LEGEND, section_games
from standings.pages.paging import (
    WALLCHART_ROWS,
    PageRows,
    paging,
    row_links,
    row_list,
)
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


def _rows(request: HtmxHttpRequest, page: SectionPage) -> PageRows:
    """Where each player's row is on the wall chart at this address (by rank or by start
    number): "go to player N" leads there, a page past the last one is the last."""
    data = round_picked(request).cleaned_data
    try:
        report = section_report(section=page.section, through_round=data["round"])
    except ReportError:
        return PageRows({})
    numbers = [report.players[r.player.id].start_number for r in report.standings.rows]
    if data["order"] == "number":
        numbers.sort()
    return PageRows({"page": row_list(numbers, rows=WALLCHART_ROWS)})


@require_GET
@public_section_view("crosstable", rows=_rows)
def crosstable(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    """The wall chart after a round (``?round=N``), by rank or by start number (``?order=``)."""
    form = round_picked(request)
    if form.errors:
        return bad_request(request, page, CROSSTABLE, form)
    body = page_body(
        request,
        page,
        "crosstable",
        _body,
        request,
        page,
        form.cleaned_data["round"],
        by_number=form.cleaned_data["order"] == "number",
        colours=form.cleaned_data["colours"] == "1",
        number=form.cleaned_data["page"],
    )
    return respond(request, page, CROSSTABLE, body)


def _body(
    request: HtmxHttpRequest,
    page: SectionPage,
    through: int | None,
    *,
    by_number: bool,
    colours: bool = False,
    number: int | None = None,
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
    query = page_query(request)
    numbers = [w.line.info.start_number for w in rows]
    pages = paging(
        query=query,
        page=number,
        numbers=numbers,
        scores=None if by_number else [w.line.row.score for w in rows],
        rows=WALLCHART_ROWS,
    )
    shown = rows[pages.first : pages.end]
    link = (
        row_links(query, numbers, pages.page, WALLCHART_ROWS) if pages.paged else None
    )
    return render_body(
        CROSSTABLE,
        {
            **report_context(request, page, report),
            "paging": pages,
            "tbody": crosstable_tbody(
                shown,
                section=page.section,
                by_number=by_number,
                colours=colours,
                row_link=link,
            ),
            "by_number": by_number,
            "colours": colours,
            # What the order and colour links keep of each other (and the round picker of both).
            "order_query": "&order=number" if by_number else "",
            "colours_query": "&colours=1" if colours else "",
            "round_numbers": range(1, through + 1),
            "legend": LEGEND,
        },
    )
