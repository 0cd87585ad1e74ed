"""A player's page (every round, every tiebreak explained) and My page (found by name)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from standings.cache import cached_body
from standings.forms import NameSearchForm
from standings.pages.columns import tiebreak_columns
from standings.pages.games import section_games
from standings.pages.players import player_view, players_find
from standings.reports import ReportError, section_report
from standings.views.common import (
    SectionPage,
    page_body,
    page_context,
    public_section_view,
    render_body,
)
from tiebreak_site.http import HtmxHttpRequest
from tournaments.access import tournament_for_reader
from tournaments.models import Player

PLAYER = "standings/player.html"
ME = "standings/me.html"
# A search that matches more players than this asks for more of the name.
SEARCH_LIMIT = 30


def _player_body(
    page: SectionPage, number: int, template: str, *, explain: bool
) -> str:
    try:
        report = section_report(section=page.section)
    except ReportError as error:
        return render_body(template, {"page": page, "error": str(error)})
    pk = next(
        (pk for pk, p in report.players.items() if p.start_number == number), None
    )
    if pk is None:
        return ""
    games = section_games(page.section)
    view = player_view(report, games, pk, current=page.current, explain=explain)
    return render_body(
        template,
        {
            "page": page,
            "tournament": page.tournament,
            "section": page.section,
            "player": view,
            "info": view.line.info,
            "through_round": report.standings.through_round,
            "columns": tiebreak_columns(report.standings.order),
            "players": report.players,
            "live": page.live,
        },
    )


def _start_numbers(page: SectionPage) -> frozenset[int]:
    """The section's players' start numbers (one query)."""
    players = Player.objects.filter(section=page.section)
    return frozenset(players.values_list("start_number", flat=True))


def _player_response(
    request: HtmxHttpRequest, page: SectionPage, number: int, kind: str
) -> HttpResponse:
    template = PLAYER if kind == "player" else ME
    # Any number is an address (``p/<int>/``): one that is no player costs no standings and
    # makes no cache entry (the section's numbers are one entry per version).
    key = (page.section.pk, page.version, "start-numbers", "")
    if number not in cached_body(key, _start_numbers, page):
        raise Http404(f"{page.section.name} has no player number {number}.")
    body = page_body(
        request,
        page,
        kind,
        _player_body,
        page,
        number,
        template,
        explain=kind == "player",
    )
    if not body:
        raise Http404(f"{page.section.name} has no player number {number}.")
    if request.htmx:
        return HttpResponse(body)
    context: dict[str, Any] = {"page": page, "body": body, **page_context(request)}
    return render(request, template, context)


@require_GET
@public_section_view("player")
def player(request: HtmxHttpRequest, page: SectionPage, number: int) -> HttpResponse:
    """Every round (opponent, colour, result, running score) and each tiebreak's breakdown."""
    return _player_response(request, page, number, "player")


@require_GET
@public_section_view("me")
def me(request: HtmxHttpRequest, page: SectionPage, number: int) -> HttpResponse:
    """My page: this round's board, colour and opponent first, then results and place."""
    return _player_response(request, page, number, "me")


@require_GET
def me_search(request: HttpRequest, slug: str) -> HttpResponse:
    """Find yourself by name; each match links to that player's bookmarkable My page."""
    tournament = tournament_for_reader(request, slug)
    form = NameSearchForm(request.GET)
    matches: list[Player] = []
    more = False
    if form.is_valid() and form.cleaned_data["q"]:
        found = players_find(tournament=tournament, query=form.cleaned_data["q"])
        matches, more = found[:SEARCH_LIMIT], len(found) > SEARCH_LIMIT
    return render(
        request,
        "standings/me_search.html",
        {
            "tournament": tournament,
            "form": form,
            "matches": matches,
            "more": more,
            "searched": form.is_valid() and bool(form.cleaned_data["q"]),
        },
        status=200 if form.is_valid() else 400,
    )
