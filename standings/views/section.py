"""A section's standings, wall chart and pairings, and the downloads of its results."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from standings import pages
from standings.forms import RoundPickForm
from standings.reports import ReportError, SectionReport, players_of, section_report
from standings.tables import crosstable_tbody, standings_tbody
from standings.trf_export import TrfExportError, section_trf
from standings.views.common import (
    POLL_SECONDS,
    SectionPage,
    cached_body,
    page_context,
    public_section_view,
    render_body,
)
from tiebreak_site.http import HtmxHttpRequest

STANDINGS = "standings/standings.html"
CROSSTABLE = "standings/crosstable.html"
PAIRINGS = "standings/pairings.html"


def _base_context(page: SectionPage, request: HtmxHttpRequest) -> dict[str, Any]:
    return {
        "page": page,
        "tournament": page.tournament,
        "section": page.section,
        "live": page.live,
        "poll_url": request.get_full_path(),
        "poll_seconds": POLL_SECONDS,
        "posted_rounds": [r.number for r in page.rounds if r.posted],
    }


def _respond(
    request: HtmxHttpRequest,
    page: SectionPage,
    template: str,
    body: str,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    """The body alone for an htmx poll, else the whole page around it."""
    if request.htmx:
        return HttpResponse(body, status=status)
    context = {
        **_base_context(page, request),
        **page_context(request),
        "body": body,
        **extra,
    }
    return render(request, template, context, status=status)


def _picked(request: HtmxHttpRequest) -> RoundPickForm:
    form = RoundPickForm(request.GET)
    form.is_valid()
    return form


def _bad_request(
    request: HtmxHttpRequest, page: SectionPage, template: str, form: RoundPickForm
) -> HttpResponse:
    errors = "; ".join(
        f"{name}: {' '.join(str(e) for e in messages)}"
        for name, messages in form.errors.items()
    )
    body = render_body(
        template,
        {**_base_context(page, request), "error": f"Bad address ({errors})."},
    )
    return _respond(request, page, template, body, status=400)


def _report_body(
    request: HtmxHttpRequest,
    page: SectionPage,
    template: str,
    through: int | None,
    context: Callable[[SectionReport], dict[str, Any]],
) -> str:
    """Build the report and render the body; a round without standings gets a message."""
    try:
        report = section_report(section=page.section, through_round=through)
    except ReportError as error:
        return render_body(
            template, {**_base_context(page, request), "error": str(error)}
        )
    standings = report.standings
    return render_body(
        template,
        {
            **_base_context(page, request),
            "report": report,
            "through_round": standings.through_round,
            "columns": pages.tiebreak_columns(standings.order),
            "seed_generated": report.seed_generated,
            **context(report),
        },
    )


@require_GET
@public_section_view("standings")
def standings(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    """Rank, start number, name, rating, score and each posted tiebreak after a round."""
    form = _picked(request)
    if form.errors:
        return _bad_request(request, page, STANDINGS, form)
    through = form.cleaned_data["round"]
    body = cached_body(
        page,
        "standings",
        request.get_full_path(),
        lambda: _report_body(
            request,
            page,
            STANDINGS,
            through,
            lambda report: {
                "tbody": standings_tbody(
                    pages.standing_lines(report), section=page.section
                )
            },
        ),
    )
    return _respond(request, page, STANDINGS, body)


@require_GET
@public_section_view("crosstable")
def crosstable(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    """The wall chart: each round's result and opponent, and the running score after it."""
    form = _picked(request)
    if form.errors:
        return _bad_request(request, page, CROSSTABLE, form)
    through = form.cleaned_data["round"]
    by_number = form.cleaned_data["order"] == "number"

    def context(report: SectionReport) -> dict[str, Any]:
        games = pages.section_games(
            page.section, through_round=report.standings.through_round
        )
        rows = pages.crosstable_rows(report, games, by_start_number=by_number)
        return {
            "tbody": crosstable_tbody(rows, section=page.section, by_number=by_number),
            "by_number": by_number,
            "round_numbers": range(1, report.standings.through_round + 1),
            "legend": pages.LEGEND,
        }

    body = cached_body(
        page,
        "crosstable",
        request.get_full_path(),
        lambda: _report_body(request, page, CROSSTABLE, through, context),
    )
    return _respond(request, page, CROSSTABLE, body)


def _pairings_body(request: HtmxHttpRequest, page: SectionPage, number: int) -> str:
    base = _base_context(page, request)
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
    pairings = pages.round_pairings(
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


def _pairings_response(
    request: HtmxHttpRequest, page: SectionPage, number: int
) -> HttpResponse:
    if number not in {r.number for r in page.rounds}:
        raise Http404(f"{page.section.name} has no round {number} yet.")
    body = cached_body(
        page,
        "pairings",
        request.get_full_path(),
        lambda: _pairings_body(request, page, number),
    )
    return _respond(request, page, PAIRINGS, body, number=number)


@require_GET
@public_section_view("pairings")
def pairings(request: HtmxHttpRequest, page: SectionPage, number: int) -> HttpResponse:
    """A round's boards, the same alphabetically by player, byes and absences."""
    return _pairings_response(request, page, number)


@require_GET
@public_section_view("pairings-current")
def pairings_current(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    """The current round's pairings (the link posted in the hall: it follows the rounds)."""
    if page.current is None:
        body = render_body(
            PAIRINGS, {**_base_context(page, request), "not_posted": True}
        )
        return _respond(request, page, PAIRINGS, body)
    return _pairings_response(request, page, page.current)


# ---- downloads -------------------------------------------------------------------------------


def _download(
    request: HtmxHttpRequest,
    page: SectionPage,
    kind: str,
    content_type: str,
    build: Callable[[SectionReport], str],
) -> HttpResponse:
    form = _picked(request)
    if form.errors:
        return HttpResponse(
            f"Bad address: {form.errors.as_text()}\n",
            status=400,
            content_type="text/plain; charset=utf-8",
        )

    def render_file() -> str:
        try:
            report = section_report(
                section=page.section, through_round=form.cleaned_data["round"]
            )
        except ReportError as error:
            return "error:" + str(error)
        return build(report)

    text = cached_body(page, kind, request.get_full_path(), render_file)
    if text.startswith("error:"):
        return HttpResponse(
            text.removeprefix("error:") + "\n",
            status=404,
            content_type="text/plain; charset=utf-8",
        )
    return _attachment(HttpResponse(text, content_type=content_type), page, kind)


def _attachment(response: HttpResponse, page: SectionPage, kind: str) -> HttpResponse:
    """Mark ``response`` as a file named after the tournament, the section and ``kind``."""
    extension = kind.rsplit(".", 1)[1]
    name = f"{page.tournament.slug}-{page.section.name}-{kind.split('.')[0]}"
    filename = "".join(c if c.isalnum() or c in "-_" else "-" for c in name)
    response["Content-Disposition"] = f'attachment; filename="{filename}.{extension}"'
    return response


def _games(report: SectionReport) -> dict[int, dict[int, pages.Game]]:
    return pages.section_games(
        report.section, through_round=report.standings.through_round
    )


@require_GET
@public_section_view("standings.csv")
def standings_csv(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    return _download(
        request,
        page,
        "standings.csv",
        "text/csv; charset=utf-8",
        pages.standings_csv,
    )


@require_GET
@public_section_view("standings.json")
def standings_json(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    return _download(
        request,
        page,
        "standings.json",
        "application/json",
        lambda report: json.dumps(pages.standings_document(report), indent=1),
    )


@require_GET
@public_section_view("crosstable.csv")
def crosstable_csv(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    return _download(
        request,
        page,
        "crosstable.csv",
        "text/csv; charset=utf-8",
        lambda report: pages.crosstable_csv(report, _games(report)),
    )


@require_GET
@public_section_view("crosstable.json")
def crosstable_json(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    return _download(
        request,
        page,
        "crosstable.json",
        "application/json",
        lambda report: json.dumps(
            pages.crosstable_document(report, _games(report)), indent=1
        ),
    )


@require_GET
@public_section_view("section.trf")
def section_trf_download(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    """The section as a TRF-16 file (FIDE's exchange format), ranks from the posted order."""
    try:
        text = section_trf(section=page.section)
    except TrfExportError as error:
        return HttpResponse(
            f"{error}\n", status=404, content_type="text/plain; charset=utf-8"
        )
    return _attachment(
        HttpResponse(text, content_type="text/plain; charset=utf-8"),
        page,
        "section.trf",
    )
