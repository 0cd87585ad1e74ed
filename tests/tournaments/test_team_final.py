"""A team section marked final is locked as an individual one is: its pairing, rosters,
line-ups, board results, withdrawals and no-show withdrawals are refused with the one sentence
(``SECTION_FINAL``), nothing changed, through the services and the TD's pages."""

from __future__ import annotations

from html import unescape

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import round_url, section_build
from tests.tournaments.test_team_no_show import (
    ROSTERS,
    finish,
    pair_url,
    team,
    team_section,
    withdraw_url,
    withdrawn,
)
from tournaments import services
from tournaments.models import Pairing, Player, Result, Round, Section, Tournament

pytestmark = pytest.mark.django_db


def final(section: Section, user: User) -> Section:
    services.section_final_set(section=section, final=True, user=user)
    return section


def refusal(section: Section) -> str:
    return services.SECTION_FINAL.format(section=section.name)


def boards(section: Section) -> list[tuple[int, int | None, int | None, str]]:
    """Every pairing of the section: what a refused write must leave as it was."""
    return list(
        Pairing.objects.filter(round__section=section)
        .order_by("round__number", "board", "white_id")
        .values_list("round__number", "white_id", "black_id", "result")
    )


def test_pairing_the_next_round_of_a_final_team_section_is_refused(
    tournament: Tournament, td: User
) -> None:
    section = team_section(tournament)
    finish(section, 1)
    final(section, td)

    with pytest.raises(ValidationError) as refused:
        services.team_round_pair(section=section, number=2)

    assert refused.value.messages == [refusal(section)]
    assert not Pairing.objects.filter(round__section=section, round__number=2).exists()
    assert not Round.objects.filter(
        section=section, number=2, status=Round.Status.PAIRED
    ).exists()


def test_a_final_team_section_refuses_before_asking_about_the_teams_that_forfeited(
    tournament: Tournament, td: User
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")
    final(section, td)

    for answer in (None, services.FORFEITED_WITHDRAW, services.FORFEITED_PAIR):
        with pytest.raises(ValidationError) as refused:
            services.team_round_pair(section=section, number=2, forfeited=answer)
        assert not isinstance(refused.value, services.TeamsForfeited)
        assert refused.value.messages == [refusal(section)]

    assert withdrawn(section) == {}
    assert not Pairing.objects.filter(round__section=section, round__number=2).exists()


def test_the_pair_button_of_a_final_team_section_says_so_and_pairs_nothing(
    td_client: Client, tournament: Tournament, td: User
) -> None:
    section = team_section(tournament)
    finish(section, 1)
    final(section, td)

    response = td_client.post(pair_url(section), {"number": "2"}, follow=True)

    assert response.redirect_chain == [
        (
            reverse(
                "tournaments:section_team_setup",
                args=[tournament.slug, section.pk],
            ),
            302,
        )
    ]
    assert refusal(section) in unescape(response.content.decode())
    assert not Pairing.objects.filter(round__section=section, round__number=2).exists()


def test_the_rosters_of_a_final_team_section_are_refused_before_round_one(
    tournament: Tournament, td: User
) -> None:
    section = section_build(
        tournament=tournament, ratings=[1800] * 4, rounds=[], rounds_total=3
    )
    final(section, td)

    with pytest.raises(ValidationError) as refused:
        services.section_teams_set(
            section=section, boards=2, rosters=[("A", [1, 2]), ("B", [3, 4])]
        )

    assert refused.value.messages == [refusal(section)]
    section.refresh_from_db()
    assert section.team_boards == 0
    assert not section.teams.exists()
    assert set(
        Player.objects.filter(section=section).values_list("club", flat=True)
    ) == {""}


def test_a_line_up_of_a_final_team_section_is_refused_on_the_service_and_the_page(
    td_client: Client, tournament: Tournament, td: User
) -> None:
    section = final(team_section(tournament), td)  # round 1 paired, no result yet
    before = boards(section)

    with pytest.raises(ValidationError) as refused:
        services.team_lineup_set(section=section, number=1, team=1, players=[2])
    page = td_client.post(
        reverse("tournaments:team_lineups", args=[tournament.slug, section.pk, 1]),
        {"team": "1", "players": ["2"]},
    )

    assert refused.value.messages == [refusal(section)]
    assert page.status_code == 200
    assert refusal(section) in unescape(page.content.decode())
    assert boards(section) == before


def test_a_board_result_of_a_final_team_section_is_refused(
    tournament: Tournament, td: User
) -> None:
    section = final(team_section(tournament), td)
    pairing = Pairing.objects.filter(round__section=section).order_by("board").first()
    assert pairing is not None

    with pytest.raises(ValidationError) as refused:
        services.result_record(
            pairing=pairing, result=Result.WHITE_WIN, based_on=Result.PENDING
        )

    assert refused.value.messages == [refusal(section)]
    pairing.refresh_from_db()
    assert pairing.result == Result.PENDING


def test_withdrawing_a_roster_player_of_a_final_team_section_is_refused(
    tournament: Tournament, td: User
) -> None:
    section = team_section(tournament)
    finish(section, 1)
    final(section, td)
    player = Player.objects.get(section=section, start_number=ROSTERS[0][1][0])

    with pytest.raises(ValidationError) as refused:
        services.player_withdraw(player=player, after_round=1)

    assert refused.value.messages == [refusal(section)]
    assert withdrawn(section) == {}


def test_the_no_show_withdraw_of_a_final_team_section_is_refused_on_the_page(
    td_client: Client, tournament: Tournament, td: User
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")
    final(section, td)

    with pytest.raises(ValidationError) as refused:
        services.team_no_show_withdraw(
            section=section, team=team(section, "Pawns"), after_round=1
        )
    page = td_client.post(withdraw_url(section, "Pawns"), follow=True)

    assert refused.value.messages == [refusal(section)]
    assert refusal(section) in unescape(page.content.decode())
    assert withdrawn(section) == {}
    assert round_url(section) in [url for url, _ in page.redirect_chain][0]
