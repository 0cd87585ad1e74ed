"""A round's pairings: by board, the same alphabetically by player, byes and absences.

A big section's boards and its list by name come ``PAGE_ROWS`` rows a page each (``?page=N``
for the boards, ``?names=N`` for the list), as the standings do (standings.pages.paging);
``?player=N`` and ``?find=name`` lead to the page and row of that player."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse, QueryDict
from django.views.decorators.http import require_GET

from standings.cache import page_address, page_query
from standings.pages.paging import PageRows, paging, row_list
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


def _rows(request: HtmxHttpRequest, page: SectionPage, number: int) -> PageRows:
    """Where each player sits in round ``number``: the page and row of their board, else (a bye,
    an absence) their line in the list by name; and the list by name, for "find a name"
    (``standings.views.common.settle``). A round the section does not have is not found."""
    _round_check(page, number)
    found = _pairings(page, number)
    if found is None:
        return PageRows({}, says_missed=True)
    pairings = found[0]
    lines = pairings.by_name()
    boards = [
        n for b in pairings.boards for n in (b.white.start_number, b.black.start_number)
    ]
    return PageRows(
        {
            "page": row_list(boards, per_row=2),
            "names": row_list([line.seat.start_number for line in lines], mark="p"),
        },
        # Line breaks in a name separate its parts as a space does (``name_parts``).
        "\n".join(" ".join(line.seat.name.splitlines()) for line in lines),
        says_missed=True,
    )


def _current_rows(request: HtmxHttpRequest, page: SectionPage) -> PageRows:
    if page.current is None:
        return PageRows({}, says_missed=True)
    return _rows(request, page, page.current)


@require_GET
@public_section_view("pairings", rows=_rows)
def pairings(request: HtmxHttpRequest, page: SectionPage, number: int) -> HttpResponse:
    """Round ``number``'s pairings."""
    return _response(request, page, number)


@require_GET
@public_section_view("pairings-current", rows=_current_rows)
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


def _round_check(page: SectionPage, number: int) -> None:
    if number not in {r.number for r in page.rounds}:
        raise Http404(f"{page.section.name} has no round {number} yet.")


def _response(request: HtmxHttpRequest, page: SectionPage, number: int) -> HttpResponse:
    _round_check(page, number)
    form = round_picked(request)
    if form.errors.keys() & {"page", "names", "player", "find"}:
        return bad_request(request, page, PAIRINGS, form)
    # ``round`` and ``order`` mean nothing here and are ignored, as they always were.
    extra: dict[str, Any] = {}
    # A player or a name found was a redirect (``settle``): one still in the address is
    # nobody. Said around the body: this response says it and is not kept
    # (``cache.address_kept``); the body is the one without the search, shared.
    searched = QueryDict(page_address(request).partition("?")[2])
    missed = searched.get("find") or searched.get("player")
    if missed:
        extra["find_missed"] = missed
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
