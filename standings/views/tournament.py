"""The home page and a tournament's page (the address its QR code carries)."""

from __future__ import annotations

from dataclasses import dataclass

import segno
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from standings.engine import TiebreakSpec
from standings.pages.columns import Column, tiebreak_columns
from standings.pages.rounds import RoundInfo, current_round
from standings.reports import ReportError, order_for
from tournaments.access import can_direct, tournament_for_reader
from tournaments.models import Round, Section, TiebreakChange, Tournament


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    # Drafts are seen only by their directors, on their dashboard.
    tournaments = Tournament.objects.filter(is_published=True).prefetch_related(
        "sections"
    )
    return render(request, "standings/home.html", {"tournaments": tournaments})


@dataclass
class SectionSummary:
    section: Section
    rounds: list[RoundInfo]
    current: int | None
    columns: list[Column]
    order_error: str
    changes: list[TiebreakChange]


def _columns(section: Section) -> tuple[list[Column], str]:
    try:
        order: tuple[TiebreakSpec, ...] = order_for(section)
    except ReportError as error:
        return [], str(error)
    return tiebreak_columns(order), ""


@require_GET
def tournament_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Sections, dates, place, current round, posted tiebreaks and their changes, links, QR code."""
    tournament = tournament_for_reader(request, slug)
    sections = list(tournament.sections.all())
    rounds: dict[int, list[RoundInfo]] = {s.pk: [] for s in sections}
    for section_id, number, status in (
        Round.objects.filter(section__tournament=tournament)
        .order_by("section", "number")
        .values_list("section", "number", "status")
    ):
        rounds[section_id].append(
            RoundInfo(number, status, status != Round.Status.DRAFT)
        )
    changes: dict[int, list[TiebreakChange]] = {s.pk: [] for s in sections}
    for change in TiebreakChange.objects.filter(section__tournament=tournament):
        changes[change.section_id].append(change)
    summaries = []
    for section in sections:
        columns, error = _columns(section)
        summaries.append(
            SectionSummary(
                section,
                rounds[section.pk],
                current_round(rounds[section.pk]),
                columns,
                error,
                changes[section.pk],
            )
        )
    address = request.build_absolute_uri()
    qr = segno.make(address, error="m")
    return render(
        request,
        "standings/tournament.html",
        {
            "tournament": tournament,
            "sections": summaries,
            "address": address,
            # Inline SVG: no image request, prints sharp on the hall's notice board.
            "qr_svg": qr.svg_inline(scale=4, title=f"QR code: {address}"),
            "is_director": can_direct(request.user, tournament),
        },
    )
