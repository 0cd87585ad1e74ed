"""The hall's TVs and projectors: large type, long lists in pages that rotate, refreshed by itself.

The server sends the screen's whole list (or its part of a list shared by several screens);
``static/js/hall_screen.js`` cuts it into pages that fit the screen it finds itself on (or of the
TD's number of lines, the type made smaller to fit), so no line is ever cut off whatever the TV's
shape.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any, TypeVar

from django.db.models import F, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.http import require_GET

from standings.pages.columns import tiebreak_columns
from standings.pages.pairings import RESULT_SHORT, Board, Seat, round_pairings
from standings.pages.rounds import current_round, rounds_of
from standings.pages.standings import standing_lines
from standings.reports import PlayerInfo, ReportError, players_of, section_report
from tournaments.access import tournament_for_reader
from tournaments.models import HallScreen, Pairing, Result, Section

# The screen asks for fresh content this often (results come in during a round).
REFRESH_SECONDS = 60
# The "last results" screen shows at most this many boards, the latest first.
LAST_RESULTS = 40

T = TypeVar("T")


def part_of(items: Sequence[T], part: int, parts: int) -> Sequence[T]:
    """Part ``part`` (1-based) of ``parts`` nearly equal parts of the list, in order: screens
    sharing a list show it end to end with nothing missing or twice."""
    n = len(items)
    return items[(part - 1) * n // parts : part * n // parts]


def last_results(
    section: Section, number: int, players: dict[int, PlayerInfo]
) -> list[Board]:
    """Round ``number``'s boards with a result, the latest entered first (one query)."""

    def seat(pk: int) -> Seat:
        p = players[pk]
        return Seat(pk, p.start_number, p.name, p.rating, None)

    rows = (
        Pairing.objects.filter(
            round__section=section, round__number=number, black__isnull=False
        )
        .exclude(result=Result.PENDING)
        .annotate(entered=Max("result_changes__changed_at"))
        .order_by(F("entered").desc(nulls_last=True), "-board")
        .values_list("board", "white_id", "black_id", "result")[:LAST_RESULTS]
    )
    return [
        Board(board, seat(white), seat(black), RESULT_SHORT.get(result, ""))
        for board, white, black, result in rows
    ]


def _content(screen: HallScreen, section: Section) -> dict[str, Any]:
    rounds = rounds_of(section)
    current = current_round(rounds)
    if screen.content == HallScreen.Content.STANDINGS:
        try:
            report = section_report(section=section)
        except ReportError as error:
            return {"error": str(error)}
        lines = standing_lines(report)
        return {
            "through_round": report.standings.through_round,
            "columns": tiebreak_columns(report.standings.order)[:2],
            "rows": part_of(lines, screen.part, screen.parts),
        }
    if current is None:
        return {"error": "Pairings are not posted yet."}
    players = players_of(section)
    if screen.content == HallScreen.Content.LAST_RESULTS:
        found = last_results(section, current, players)
        if not found:
            return {"number": current, "error": "No results yet this round."}
        return {"number": current, "rows": found}
    pairings = round_pairings(
        section=section, number=current, players=players, scores=None
    )
    if screen.content == HallScreen.Content.PAIRINGS_BY_BOARD:
        rows: Sequence[Any] = part_of(pairings.boards, screen.part, screen.parts)
        span = (
            f"boards {rows[0].board}–{rows[-1].board}"
            if screen.parts > 1 and rows
            else ""
        )
    else:
        rows = part_of(pairings.by_name(), screen.part, screen.parts)
        span = (
            f"{rows[0].seat.name} – {rows[-1].seat.name}"
            if screen.parts > 1 and rows
            else ""
        )
    return {"number": current, "rows": rows, "span": span}


# A round's start stays on the screen ("starting now") this long after it (hall_screen.js).
STARTING_NOW = datetime.timedelta(minutes=10)


def countdown(screen: HallScreen, section: Section | None) -> dict[str, str] | None:
    """What the screen counts down to (``at``, ISO, and ``label``): the time the TD set on the
    screen, on the day that puts it nearest to now in the event's time zone; else the next round
    of the section's schedule (``Section.round_starts``) not yet started ten minutes ago. None:
    nothing to count down to."""
    now = timezone.now()
    if screen.next_round_at is not None:
        # A time is a clock reading, not a date: set at 23:50, "00:10" is tomorrow's, and at
        # 00:05 a "23:55" set last night is yesterday's (started), not tonight's.
        today = timezone.localdate(now)
        when = min(
            (
                timezone.make_aware(
                    datetime.datetime.combine(
                        today + datetime.timedelta(days=days), screen.next_round_at
                    )
                )
                for days in (-1, 0, 1)
            ),
            key=lambda at: abs(at - now),
        )
        return {
            "at": when.isoformat(),
            "label": f"Next round at {screen.next_round_at:%H:%M}",
        }
    if section is None:
        return None
    for number, start in section.round_schedule():
        if start > now - STARTING_NOW:
            local = timezone.localtime(start)
            day = (
                ""
                if local.date() == timezone.localdate(now)
                else f" on {local:%a %b} {local.day}"
            )
            return {
                "at": start.isoformat(),
                "label": f"Round {number}{day} at {local:%H:%M}",
            }
    return None


@require_GET
def hall_screen(request: HttpRequest, slug: str, screen: int) -> HttpResponse:
    tournament = tournament_for_reader(request, slug)
    shown = get_object_or_404(HallScreen, pk=screen, tournament=tournament)
    section = shown.section or tournament.sections.first()
    context: dict[str, Any] = {
        "tournament": tournament,
        "screen": shown,
        "section": section,
        "refresh_seconds": REFRESH_SECONDS,
        "countdown": countdown(shown, section),
        # The last results stay on their first page: the latest are what matters.
        "rotate": shown.content != HallScreen.Content.LAST_RESULTS,
    }
    if section is None:
        context["error"] = "This tournament has no sections yet."
    else:
        context.update(_content(shown, section))
    template = "standings/screen.html"
    if getattr(request, "htmx", False):
        template += "#screen-body"
    return render(request, template, context)
