"""The home page and a tournament's page (the address its QR code carries)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

import segno
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from standings.engine import TiebreakSpec, parse_order
from standings.pages.columns import Column, tiebreak_columns
from standings.pages.rounds import RoundInfo, current_round
from standings.reports import ReportError, order_for
from tournaments.access import can_direct, tournament_for_reader
from tournaments.models import Player, Round, Section, TiebreakChange, Tournament
from tournaments.selectors import team_group_links


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    # Drafts are seen only by their directors, on their dashboard.
    tournaments = Tournament.objects.filter(is_published=True).prefetch_related(
        "sections"
    )
    return render(request, "standings/home.html", {"tournaments": tournaments})


@dataclass(frozen=True)
class OrderPosting:
    """One line of a section's tiebreak-order history, in words: the first posting is a
    posting, not a change from nothing; systems by their names, not their codes."""

    when: datetime.datetime
    first: bool
    old: str
    new: str
    reason: str


def order_names(text: str) -> str:
    """A stored order as the names of its systems ("Modified Median, Solkoff, ..."), the text
    itself when it no longer parses; "none" for the empty order."""
    try:
        order = parse_order(text)
    except ValueError:
        return text
    return ", ".join(c.label for c in tiebreak_columns(order)) or "none"


def order_history(changes: list[TiebreakChange]) -> list[OrderPosting]:
    return [
        OrderPosting(
            c.changed_at,
            n == 0 and not c.old_order,
            order_names(c.old_order),
            order_names(c.new_order),
            c.reason,
        )
        for n, c in enumerate(changes)
    ]


@dataclass
class SectionSummary:
    section: Section
    rounds: list[RoundInfo]
    current: int | None
    columns: list[Column]
    order_error: str
    changes: list[OrderPosting]
    players: int
    schedule: list[tuple[int, datetime.datetime]]


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
    counts: dict[int, int] = dict(
        Player.objects.filter(section__tournament=tournament)
        .values("section")
        .annotate(n=Count("pk"))
        .values_list("section", "n")
    )
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
                order_history(changes[section.pk]),
                counts.get(section.pk, 0),
                section.round_schedule(),
            )
        )
    # The page's own address, without the query string the visitor came with: a long one
    # (10 kB) is more than a QR code holds (a server error), and a printed code needs none.
    address = request.build_absolute_uri(request.path)
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
            "team_groups": team_group_links(
                tournament, {s.pk: s.name for s in sections}
            ),
        },
    )
