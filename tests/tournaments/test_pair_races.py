"""Two TDs press Pair on the same round at the same moment, on real concurrent connections
(PostgreSQL): an individual round (the round page's Pair automatically) and a team round (the
team page's Pair and post). Whichever press the database lets in first pairs the round once; the
other is told the round was paired meanwhile (another page's key) or, the same press sent twice,
is answered as done. No board twice, no player twice, no server error."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import (
    RACE_MARKS,
    round_url,
    section_build,
    tournament_build,
)
from tests.tournaments.test_round_races import _race
from tournaments import services
from tournaments.models import Pairing, Round, Section, TeamMatch, Tournament
from tournaments.views.rounds import ROUND_PAIRED_AUTOMATICALLY

pytestmark = RACE_MARKS

RACES = 20
TEAM_PAIRED = "Round {number} matches paired and posted."


def _two_tds(tournament: Tournament) -> tuple[Client, Client]:
    clients = []
    for name in ("td_a", "td_b"):
        user = User.objects.create_user(name)
        tournament.directors.add(user)
        client = Client()
        client.force_login(user)
        clients.append(client)
    return clients[0], clients[1]


def _key(page: str) -> str:
    return page.split('name="pair_key" value="')[1].split('"')[0]


def _press(client: Client, address: str, data: dict[str, str]) -> Callable[[], str]:
    """The Pair form posted as the browser posts it: what the TD is told, or the error."""

    def press() -> str:
        response = client.post(address, data)
        if response.status_code != 302:
            return f"error: status {response.status_code}"
        return " ".join(str(m) for m in get_messages(response.wsgi_request))

    return press


def _same_press_twice(
    sections: list[Section], pair: Callable[[Section, str], object]
) -> list[tuple[Section, str, str]]:
    """One Pair press (one key) arriving twice at once in each section, through ``pair``."""

    def press(section: Section, key: str) -> Callable[[], str]:
        def attempt() -> str:
            try:
                pair(Section.objects.get(pk=section.pk), key)
            except (services.PairingRefused, ValidationError) as refused:
                return f"refused: {refused}"
            return "paired"

        return attempt

    def jobs(section: Section) -> tuple[Any, Any]:
        key = services.pair_key_new()
        return press(section, key), press(section, key)

    return _race(sections, jobs)


def _rows(section: Section, number: int) -> list[tuple[int | None, int, int | None]]:
    return list(
        Pairing.objects.filter(
            round__section=section, round__number=number
        ).values_list("board", "white_id", "black_id")
    )


def _boards_once(rows: Sequence[tuple[int | None, int, int | None]]) -> None:
    """No board number twice and no player on two rows: one set of pairings."""
    boards = [board for board, _w, _b in rows if board is not None]
    players = [p for _board, w, b in rows for p in (w, b) if p is not None]
    assert len(boards) == len(set(boards)), Counter(boards)
    assert len(players) == len(set(players)), Counter(players)


# ---- an individual round


def _individual_sections(tournament: Tournament) -> list[Section]:
    """RACES sections of six players, round 1 played and complete, round 2 not paired."""
    sections = [
        section_build(
            ratings=[2000, 1900, 1800, 1700, 1600, 1500],
            rounds=["1-4 1-0, 2-5 1-0, 3-6 1-0"],
            rounds_total=4,
            tournament=tournament,
            name=f"Section {n}",
        )
        for n in range(RACES)
    ]
    Round.objects.filter(section__tournament=tournament).update(
        status=Round.Status.COMPLETE
    )
    return sections


def test_two_tds_pressing_pair_at_once_pair_the_round_once_and_tell_the_other() -> None:
    tournament = tournament_build()
    a, b = _two_tds(tournament)
    sections = _individual_sections(tournament)

    def jobs(section: Section) -> tuple[Any, Any]:
        # Each TD's own round page, drawn before either press: a key each.
        page = round_url(section, number=2)
        address = round_url(section, "round_pair", number=2)
        return (
            _press(a, address, {"pair_key": _key(a.get(page).content.decode())}),
            _press(b, address, {"pair_key": _key(b.get(page).content.decode())}),
        )

    outcomes = _race(sections, jobs)

    paired = ROUND_PAIRED_AUTOMATICALLY.format(round=2)
    meanwhile = services.ROUND_PAIR_PAIRED_MEANWHILE.format(number=2)
    assert {(x, y) for _s, x, y in outcomes} <= {
        (paired, meanwhile),
        (meanwhile, paired),
    }, outcomes
    for section in sections:
        rows = _rows(section, 2)
        assert len(rows) == 3
        _boards_once(rows)
        assert Round.objects.get(section=section, number=2).status == "draft"


# ---- a team round

ROSTERS = [("A", [1, 2]), ("B", [3, 4]), ("C", [5, 6]), ("D", [7, 8])]


def _team_sections(tournament: Tournament) -> list[Section]:
    """RACES Swiss team sections of four teams of two boards, round 1 not paired."""
    sections = []
    for n in range(RACES):
        section = section_build(
            ratings=[2000, 1950, 1900, 1850, 1800, 1750, 1700, 1650],
            rounds=[],
            rounds_total=3,
            tournament=tournament,
            name=f"Teams {n}",
            kind=Section.Kind.SWISS,
        )
        services.section_teams_set(section=section, boards=2, rosters=ROSTERS)
        sections.append(section)
    return sections


def test_two_tds_pressing_pair_on_a_team_section_at_once_pair_its_matches_once() -> (
    None
):
    tournament = tournament_build()
    a, b = _two_tds(tournament)
    sections = _team_sections(tournament)

    def jobs(section: Section) -> tuple[Any, Any]:
        setup = reverse(
            "tournaments:section_team_setup", args=[tournament.slug, section.pk]
        )
        address = reverse(
            "tournaments:team_round_pair", args=[tournament.slug, section.pk]
        )
        first, second = (
            _press(
                client,
                address,
                {"number": "1", "pair_key": _key(client.get(setup).content.decode())},
            )
            for client in (a, b)
        )
        return first, second

    outcomes = _race(sections, jobs)

    paired = TEAM_PAIRED.format(number=1)
    meanwhile = services.TEAM_PAIR_PAIRED_MEANWHILE.format(number=1)
    assert {(x, y) for _s, x, y in outcomes} <= {
        (paired, meanwhile),
        (meanwhile, paired),
    }, outcomes
    for section in sections:
        assert TeamMatch.objects.filter(round__section=section).count() == 2
        rows = _rows(section, 1)
        assert len(rows) == 4
        _boards_once(rows)


# ---- the same press arriving twice at once


@pytest.mark.parametrize("team", [False, True], ids=["individual", "team"])
def test_one_pair_press_arriving_twice_at_once_pairs_once_and_both_say_done(
    team: bool,
) -> None:
    # The same form sent twice (the first answer lost, the browser resends it) while the
    # first is still being paired: the second waits for the section's lock, then finds its
    # own pairings (or matches) and is answered as done.
    tournament = tournament_build()
    if team:
        sections = _team_sections(tournament)
        number, rows_made = 1, 4

        def pair(section: Section, key: str) -> object:
            return services.team_round_pair(section=section, number=1, pair_key=key)
    else:
        sections = _individual_sections(tournament)
        number, rows_made = 2, 3

        def pair(section: Section, key: str) -> object:
            return services.round_pair(section=section, number=2, pair_key=key)

    outcomes = _same_press_twice(sections, pair)

    assert {(x, y) for _s, x, y in outcomes} == {("paired", "paired")}, outcomes
    for section in sections:
        rows = _rows(section, number)
        assert len(rows) == rows_made
        _boards_once(rows)
        assert TeamMatch.objects.filter(round__section=section).count() == (
            2 if team else 0
        )
