"""A round's pairings: by board, the same alphabetically by player, byes and absences.

A big section's boards and its list by name come ``PAGE_ROWS`` rows a page each (``?page=N``
for the boards, ``?names=N`` for the list), as the standings do (standings.pages.paging);
``?player=N`` and ``?find=name`` lead to the page and row of that player."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.views.decorators.http import require_GET

from standings.cache import page_query
from standings.names import name_matches, name_parts
from standings.pages.paging import paging, row_href
from standings.pages.pairings import RoundPairings, round_pairings
from standings.reports import ReportError, players_of, section_report
from standings.views.common import (
    SectionPage,
    bad_request,
    base_context,
    page_body,
    public_section_view,
    render_body,
    respond,
    round_picked,
)
from tiebreak_site.http import HtmxHttpRequest

PAIRINGS = "standings/pairings.html"


@require_GET
@public_section_view("pairings")
def pairings(request: HtmxHttpRequest, page: SectionPage, number: int) -> HttpResponse:
    """Round ``number``'s pairings."""
    return _response(request, page, number)


@require_GET
@public_section_view("pairings-current")
def pairings_current(request: HtmxHttpRequest, page: SectionPage) -> HttpResponse:
    """The current round's pairings (the link posted in the hall: it follows the rounds)."""
    if page.current is None:
        body = render_body(
            PAIRINGS,
            {
                **base_context(request, page),
                "not_posted": True,
                "starts_at": page.section.round_start(1),
            },
        )
        return respond(request, page, PAIRINGS, body)
    return _response(request, page, page.current)


def _response(request: HtmxHttpRequest, page: SectionPage, number: int) -> HttpResponse:
    if number not in {r.number for r in page.rounds}:
        raise Http404(f"{page.section.name} has no round {number} yet.")
    form = round_picked(request)
    if form.errors.keys() & {"page", "names", "player", "find"}:
        return bad_request(request, page, PAIRINGS, form)
    # ``round`` and ``order`` mean nothing here and are ignored, as they always were.
    extra: dict[str, Any] = {}
    find = form.cleaned_data.get("find", "")
    player = form.cleaned_data.get("player")
    if player or find:
        found = _row_of(request, page, number, player=player, find=find)
        if found:
            return HttpResponseRedirect(found)
        # Said around the body: the response (cached by its address, ``find`` included)
        # says it, the body shared with the address without ``find`` does not.
        extra["find_missed"] = find or str(player)
    body = page_body(
        request,
        page,
        "pairings",
        _body,
        request,
        page,
        number,
        form.cleaned_data.get("page"),
        form.cleaned_data.get("names"),
    )
    return respond(request, page, PAIRINGS, body, number=number, **extra)


def _pairings(page: SectionPage, number: int) -> tuple[RoundPairings, bool] | None:
    """The round's pairings with each player's score before it (False: no scores), or None
    when the round is not posted."""
    info = next((r for r in page.rounds if r.number == number), None)
    if info is None or not info.posted:
        return None
    try:
        # Scores before the round: the standings after the round before it.
        report = section_report(section=page.section, through_round=number - 1)
    except ReportError:
        players = players_of(page.section)
        scores = None
    else:
        players = report.players
        scores = {row.player.id: row.score for row in report.standings.rows}
    pairings = round_pairings(
        section=page.section, number=number, players=players, scores=scores
    )
    if not pairings.boards and not pairings.byes:
        return None  # a round created but not paired yet: nothing to post
    return pairings, scores is not None


def _row_of(
    request: HtmxHttpRequest,
    page: SectionPage,
    number: int,
    *,
    player: int | None,
    find: str,
) -> str | None:
    """Where a player sits: the page and row of their board, else (a bye, an absence) their
    line in the list by name. A name that fits several players leads to the first of them
    in the list by name, where the others follow (sorted by last name). None: nobody."""
    found = _pairings(page, number)
    if found is None:
        return None
    pairings = found[0]
    lines = pairings.by_name()
    if player:
        hits = [line for line in lines if line.seat.start_number == player]
    else:
        parts = name_parts(find)
        hits = [line for line in lines if name_matches(parts, line.seat.name)]
    if not hits:
        return None
    if len(hits) == 1:
        seat = hits[0].seat.start_number
        for index, board in enumerate(pairings.boards):
            if seat in (board.white.start_number, board.black.start_number):
                return row_href(request.GET, index, f"#n{seat}")
    first = hits[0].seat.start_number
    return row_href(request.GET, lines.index(hits[0]), f"#p{first}", param="names")


def _body(
    request: HtmxHttpRequest,
    page: SectionPage,
    number: int,
    boards_page: int | None = None,
    names_page: int | None = None,
) -> str:
    base = base_context(request, page)
    found = _pairings(page, number)
    if found is None:
        return render_body(
            PAIRINGS,
            {
                **base,
                "number": number,
                "not_posted": True,
                "starts_at": page.section.round_start(number),
            },
        )
    pairings, with_scores = found
    by_name = pairings.by_name()
    boards = paging(
        query=page_query(request),
        page=boards_page,
        numbers=[b.white.start_number for b in pairings.boards],
        scores=None,
        unit="Boards",
    )
    names = paging(
        query=page_query(request),
        page=names_page,
        numbers=[line.seat.start_number for line in by_name],
        scores=None,
        param="names",
        unit="Names",
    )
    return render_body(
        PAIRINGS,
        {
            **base,
            "number": number,
            "pairings": pairings,
            "boards": pairings.boards[boards.first : boards.end],
            "boards_paging": boards,
            "by_name": by_name[names.first : names.end],
            "names_paging": names,
            "with_scores": with_scores,
            "starts_at": page.section.round_start(number),
        },
    )
