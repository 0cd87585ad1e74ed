"""Every URL of the URLconf, tried as each persona: who reads, who writes, and no write by GET.

``CASES`` names every URL pattern (a new view without a case fails
``test_every_url_pattern_has_a_case``). For each: how to build its arguments from ``World`` and
what GET and POST are:

- ``PUBLIC``: anyone, anonymous included, gets 200 (pages of a published tournament).
- ``DIRECTOR``: the tournament's directors and superusers; anonymous is sent to the login page,
  a TD of another tournament gets 403.
- ``LOGGED_IN``: any logged-in user (their own dashboard); anonymous is sent to the login page.
- ``ANYONE_FORM``: a form anyone may post (login): never refused, never a server error.
- ``NOT_ALLOWED``: 405 for everyone (GET of a POST-only URL, POST of a read-only page).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.site.conftest import World
from tests.tournaments.builders import section_build
from tournaments.models import Team
from tournaments.services import (
    section_teams_set,
    team_round_pair,
    tournament_team_scoring_post,
)

pytestmark = pytest.mark.django_db

PUBLIC, DIRECTOR, LOGGED_IN, ANYONE_FORM, NOT_ALLOWED = (
    "public",
    "director",
    "logged_in",
    "anyone_form",
    "not_allowed",
)


@dataclass(frozen=True)
class Case:
    kwargs: Callable[[World], dict[str, Any]]
    get: str
    post: str


def _none(world: World) -> dict[str, Any]:
    return {}


def _slug(world: World) -> dict[str, Any]:
    return {"slug": world.tournament.slug}


def _invitation(world: World) -> dict[str, Any]:
    return {"uidb64": "MQ", "token": "not-a-token"}


def _section(world: World) -> dict[str, Any]:
    return {"slug": world.tournament.slug, "section": world.section.pk}


def _round(world: World) -> dict[str, Any]:
    return {**_section(world), "number": world.round.number}


def _round_player(world: World) -> dict[str, Any]:
    return {**_round(world), "player": world.player.pk}


def _pairing(world: World) -> dict[str, Any]:
    return {**_round(world), "pairing": world.pairing.pk}


def _player(world: World) -> dict[str, Any]:
    return {**_section(world), "number": world.player.start_number}


def _screen(world: World) -> dict[str, Any]:
    return {"slug": world.tournament.slug, "screen": world.screen.pk}


def _team_match(world: World) -> dict[str, Any]:
    """Round 1, table 1 of a two-team section beside the world's section (made once)."""
    teams = world.tournament.sections.filter(name="Teams").first()
    if teams is None:
        teams = section_build(
            tournament=world.tournament, name="Teams", ratings=[1800] * 4, rounds=[]
        )
        section_teams_set(
            section=teams, boards=2, rosters=[("A", [1, 2]), ("B", [3, 4])]
        )
        team_round_pair(section=teams)
    return {"slug": world.tournament.slug, "section": teams.pk, "number": 1, "table": 1}


def _team_round(world: World) -> dict[str, Any]:
    match = _team_match(world)
    del match["table"]
    return match


def _round_team(world: World) -> dict[str, Any]:
    """Round 1 of the two-team section and its team A."""
    match = _team_round(world)
    team = Team.objects.get(section=match["section"], name="A")
    return {**match, "team": team.pk}


def _team_section(world: World) -> dict[str, Any]:
    match = _team_round(world)
    del match["number"]
    return match


def _event_teams(world: World) -> dict[str, Any]:
    """The event with its team scoring posted (the event's team files need one)."""
    if world.tournament.team_group() is None:
        tournament_team_scoring_post(
            tournament=world.tournament, top=None, min_players=1, order=""
        )
    return _slug(world)


def _event_team_group(world: World) -> dict[str, Any]:
    """An event team group (posted as group 1 by ``_event_teams``)."""
    return {**_event_teams(world), "group": 1}


def _playoff(world: World) -> dict[str, Any]:
    return {**_section(world), "playoff": 1}


# URL name -> how to call it and who may. Add a line for every new URL pattern.
CASES: dict[str, Case] = {
    "standings:home": Case(_none, get=PUBLIC, post=NOT_ALLOWED),
    "login": Case(_none, get=PUBLIC, post=ANYONE_FORM),
    "logout": Case(_none, get=NOT_ALLOWED, post=ANYONE_FORM),
    "tournaments:dashboard": Case(_none, get=LOGGED_IN, post=NOT_ALLOWED),
    # ---- rounds, pairings, results
    "tournaments:round_detail": Case(_round, get=DIRECTOR, post=NOT_ALLOWED),
    "tournaments:result_record": Case(_pairing, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:round_pairings": Case(_round, get=DIRECTOR, post=DIRECTOR),
    "tournaments:round_pair": Case(_round, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:round_publish": Case(_round, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:round_unpair": Case(_round, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:round_repair": Case(_round, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:round_check": Case(_round, get=DIRECTOR, post=DIRECTOR),
    "tournaments:round_history": Case(_round, get=DIRECTOR, post=NOT_ALLOWED),
    "tournaments:round_rows": Case(_round, get=DIRECTOR, post=NOT_ALLOWED),
    "tournaments:round_no_show_withdraw": Case(
        _round_player, get=NOT_ALLOWED, post=DIRECTOR
    ),
    # ---- the TD's setup pages
    "tournaments:tournament_create": Case(_none, get=LOGGED_IN, post=LOGGED_IN),
    "tournaments:tournament_detail": Case(_slug, get=DIRECTOR, post=NOT_ALLOWED),
    "tournaments:tournament_edit": Case(_slug, get=DIRECTOR, post=DIRECTOR),
    "tournaments:tournament_publish": Case(_slug, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:tournament_backup": Case(_slug, get=DIRECTOR, post=NOT_ALLOWED),
    "tournaments:directors": Case(_slug, get=DIRECTOR, post=DIRECTOR),
    "tournaments:director_remove": Case(_slug, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:director_account_create": Case(_slug, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:director_invitation": Case(_slug, get=NOT_ALLOWED, post=DIRECTOR),
    # The invited TD's link: anyone holding it (a wrong or used link says so).
    "tournaments:invitation": Case(_invitation, get=PUBLIC, post=ANYONE_FORM),
    "tournaments:section_create": Case(_slug, get=DIRECTOR, post=DIRECTOR),
    "tournaments:section_detail": Case(_section, get=DIRECTOR, post=NOT_ALLOWED),
    "tournaments:section_edit": Case(_section, get=DIRECTOR, post=DIRECTOR),
    "tournaments:section_schedule": Case(_section, get=DIRECTOR, post=DIRECTOR),
    "tournaments:player_add": Case(_section, get=DIRECTOR, post=DIRECTOR),
    "tournaments:players_import": Case(_section, get=DIRECTOR, post=DIRECTOR),
    "tournaments:players_renumber": Case(_section, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:player_late_entry": Case(_section, get=DIRECTOR, post=DIRECTOR),
    "tournaments:player_edit": Case(_player, get=DIRECTOR, post=DIRECTOR),
    "tournaments:player_withdraw": Case(_player, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:player_reactivate": Case(_player, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:player_delete": Case(_player, get=DIRECTOR, post=DIRECTOR),
    "tournaments:player_byes": Case(_player, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:section_tiebreaks": Case(_section, get=DIRECTOR, post=DIRECTOR),
    "tournaments:section_pairing_options": Case(_section, get=DIRECTOR, post=DIRECTOR),
    "tournaments:checkin": Case(_round, get=DIRECTOR, post=NOT_ALLOWED),
    "tournaments:checkin_toggle": Case(_round, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:checkin_close": Case(_round, get=NOT_ALLOWED, post=DIRECTOR),
    # ---- public pages, hall screens, final results
    "standings:tournament": Case(_slug, get=PUBLIC, post=NOT_ALLOWED),
    "standings:me_search": Case(_slug, get=PUBLIC, post=NOT_ALLOWED),
    "standings:hall_screen": Case(_screen, get=PUBLIC, post=NOT_ALLOWED),
    "standings:standings": Case(_section, get=PUBLIC, post=NOT_ALLOWED),
    "standings:crosstable": Case(_section, get=PUBLIC, post=NOT_ALLOWED),
    "standings:pairings_current": Case(_section, get=PUBLIC, post=NOT_ALLOWED),
    "standings:pairings": Case(_round, get=PUBLIC, post=NOT_ALLOWED),
    "standings:player": Case(_player, get=PUBLIC, post=NOT_ALLOWED),
    "standings:me": Case(_player, get=PUBLIC, post=NOT_ALLOWED),
    "standings:standings_csv": Case(_section, get=PUBLIC, post=NOT_ALLOWED),
    "standings:standings_json": Case(_section, get=PUBLIC, post=NOT_ALLOWED),
    "standings:crosstable_csv": Case(_section, get=PUBLIC, post=NOT_ALLOWED),
    "standings:crosstable_json": Case(_section, get=PUBLIC, post=NOT_ALLOWED),
    "standings:section_trf": Case(_section, get=PUBLIC, post=NOT_ALLOWED),
    "tournaments:screens": Case(_slug, get=DIRECTOR, post=DIRECTOR),
    "tournaments:screen_update": Case(_screen, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:section_final": Case(_section, get=NOT_ALLOWED, post=DIRECTOR),
    # ---- prizes
    "tournaments:prizes": Case(_section, get=DIRECTOR, post=DIRECTOR),
    "tournaments:prize_fund_upload": Case(_section, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:prize_fund_download": Case(_section, get=DIRECTOR, post=NOT_ALLOWED),
    "tournaments:playoff_record": Case(_section, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:playoff_delete": Case(_playoff, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:playoff_announced": Case(_section, get=NOT_ALLOWED, post=DIRECTOR),
    "standings:prizes": Case(_section, get=PUBLIC, post=NOT_ALLOWED),
    "standings:entries": Case(_section, get=PUBLIC, post=NOT_ALLOWED),
    "standings:teams": Case(_section, get=PUBLIC, post=NOT_ALLOWED),
    "standings:event_teams": Case(_event_teams, get=PUBLIC, post=NOT_ALLOWED),
    "standings:event_team_group": Case(_event_team_group, get=PUBLIC, post=NOT_ALLOWED),
    "standings:event_team_group_csv": Case(
        _event_team_group, get=PUBLIC, post=NOT_ALLOWED
    ),
    "standings:event_team_group_json": Case(
        _event_team_group, get=PUBLIC, post=NOT_ALLOWED
    ),
    "standings:team_match": Case(_team_match, get=PUBLIC, post=NOT_ALLOWED),
    "standings:teams_csv": Case(_team_section, get=PUBLIC, post=NOT_ALLOWED),
    "standings:teams_json": Case(_team_section, get=PUBLIC, post=NOT_ALLOWED),
    "standings:event_teams_csv": Case(_event_teams, get=PUBLIC, post=NOT_ALLOWED),
    "standings:event_teams_json": Case(_event_teams, get=PUBLIC, post=NOT_ALLOWED),
    "tournaments:team_lineups": Case(_team_round, get=DIRECTOR, post=DIRECTOR),
    "tournaments:round_team_no_show_withdraw": Case(
        _round_team, get=NOT_ALLOWED, post=DIRECTOR
    ),
    "tournaments:section_team_setup": Case(_section, get=DIRECTOR, post=DIRECTOR),
    "tournaments:team_round_pair": Case(_section, get=NOT_ALLOWED, post=DIRECTOR),
    "tournaments:section_team_scoring": Case(_section, get=DIRECTOR, post=DIRECTOR),
    "tournaments:tournament_team_scoring": Case(_slug, get=DIRECTOR, post=DIRECTOR),
    "tournaments:tournament_team_group": Case(
        _event_team_group, get=DIRECTOR, post=DIRECTOR
    ),
    # ---- rating lists (shared by every TD) and the US Chess rating report
    "tournaments:rating_lists": Case(_none, get=LOGGED_IN, post=LOGGED_IN),
    "tournaments:rating_report": Case(_slug, get=DIRECTOR, post=NOT_ALLOWED),
    "tournaments:section_rating_report": Case(_section, get=DIRECTOR, post=NOT_ALLOWED),
    "tournaments:rating_report_download": Case(_slug, get=DIRECTOR, post=NOT_ALLOWED),
    "standings:prizes_csv": Case(_section, get=PUBLIC, post=NOT_ALLOWED),
    "standings:prizes_json": Case(_section, get=PUBLIC, post=NOT_ALLOWED),
}


def _names(patterns: list[Any], namespace: str = "") -> Iterator[str]:
    for p in patterns:
        if isinstance(p, URLResolver):
            if p.namespace == "admin":
                continue  # Django's own admin has its own permission checks.
            inner = f"{namespace}{p.namespace}:" if p.namespace else namespace
            yield from _names(p.url_patterns, inner)
        elif isinstance(p, URLPattern) and p.name:
            yield f"{namespace}{p.name}"


def test_every_url_pattern_has_a_case() -> None:
    assert set(_names(get_resolver().url_patterns)) == set(CASES)


def _fingerprint() -> tuple[object, ...]:
    """Every row of every table of the app (directors too) and the user names: a GET changes
    none, nor does a refused post (tests/site/test_bad_input.py)."""
    rows = tuple(
        (model.__name__, tuple(model._default_manager.order_by("pk").values_list()))
        for model in apps.get_app_config("tournaments").get_models(
            include_auto_created=True
        )
    )
    return (*rows, tuple(User.objects.order_by("pk").values_list("username")))


def _expect(rule: str, persona: str, response: Any) -> None:
    status = response.status_code
    where = f"{persona}: {status}"
    if rule == NOT_ALLOWED:
        assert status == 405, where
    elif rule == PUBLIC:
        assert status == 200, where
    elif rule == ANYONE_FORM:
        assert status < 500 and status not in (403, 405), where
    elif persona == "anonymous":
        assert status == 302 and "/accounts/login/" in response["Location"], where
    elif rule == DIRECTOR and persona == "other_td":
        assert status == 403, where
    else:
        assert status < 500 and status not in (403, 405), where
        if status == 302:
            assert "/accounts/login/" not in response["Location"], where


@pytest.mark.parametrize("name", sorted(CASES))
def test_url_answers_each_persona_as_its_case_says(
    name: str,
    world: World,
    anonymous: Client,
    other_td_client: Client,
    td_client: Client,
    superuser_client: Client,
) -> None:
    case = CASES[name]
    url = reverse(name, kwargs=case.kwargs(world))
    personas = {
        "anonymous": anonymous,
        "other_td": other_td_client,
        "td": td_client,
        "superuser": superuser_client,
    }
    for persona, client in personas.items():
        before = _fingerprint()
        _expect(case.get, persona, client.get(url))
        assert _fingerprint() == before, (
            f"GET {name} as {persona} wrote to the database"
        )
    # Writes last: anonymous and the other TD first, so a refused write shows as unchanged data.
    for persona in ("anonymous", "other_td"):
        before = _fingerprint()
        _expect(case.post, persona, personas[persona].post(url, {}))
        if case.post in (DIRECTOR, NOT_ALLOWED):
            assert _fingerprint() == before, f"POST {name} as {persona} wrote"
    for persona in ("td", "superuser"):
        _expect(case.post, persona, personas[persona].post(url, {}))


def test_a_draft_is_not_found_by_the_public(world: World, anonymous: Client) -> None:
    world.tournament.is_published = False
    world.tournament.save()
    public_pages = [
        name
        for name, case in CASES.items()
        if case.get == PUBLIC and "slug" in case.kwargs(world)
    ]
    for name in public_pages:
        url = reverse(name, kwargs=CASES[name].kwargs(world))
        assert anonymous.get(url).status_code == 404, name


class _FormNesting(HTMLParser):
    """Counts <form> elements opened inside another (browsers drop the inner tag silently)."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.nested = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "form":
            self.nested += self.depth > 0
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.depth = max(0, self.depth - 1)


@pytest.mark.parametrize("name", sorted(CASES))
def test_no_page_nests_a_form_in_another(
    name: str, world: World, td_client: Client
) -> None:
    # A nested <form> is dropped by the browser's parser: its fields then post with the outer
    # form, or its own method and action are lost.
    if CASES[name].get == NOT_ALLOWED:
        return
    response = td_client.get(reverse(name, kwargs=CASES[name].kwargs(world)))
    if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
        return
    parser = _FormNesting()
    parser.feed(response.content.decode())
    assert parser.nested == 0, name
