"""A round's line-up in a fixed-roster team section: the TD fields a reserve, the boards below
shift up, and the boards, game points and board standings follow the players who play.

Two teams of four for three boards, round robin (one round): A = 1 2 3 4, B = 5 6 7 8 in board
order. The default line-ups are the first three: A 1 2 3, B 5 6 7; A (listed first) has White on
boards 1 and 3.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from standings.team_loaders import team_section_report
from tests.tournaments.builders import section_build
from tests.tournaments.test_team_sections import team_section
from tournaments import selectors, services
from tournaments.models import (
    Pairing,
    Player,
    Result,
    Round,
    Section,
    SectionEvent,
    Tournament,
)

pytestmark = pytest.mark.django_db


def league(tournament: Tournament, rounds_total: int = 1) -> Section:
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700, 1950, 1850, 1750, 1650],
        names=["Ann", "Bea", "Cy", "Dot", "Eli", "Flo", "Gus", "Hal"],
        rounds=[],
        rounds_total=rounds_total,
        kind=Section.Kind.ROUND_ROBIN,
    )
    services.section_teams_set(
        section=section, boards=3, rosters=[("A", [1, 2, 3, 4]), ("B", [5, 6, 7, 8])]
    )
    services.team_round_pair(section=section)
    return section


def boards(section: Section, number: int = 1) -> list[tuple[int | None, str, str]]:
    """(board, White's start number, Black's or the one-player result) of the round."""
    rows = Pairing.objects.filter(round__section=section, round__number=number)
    return sorted(
        (
            (
                p.board,
                str(p.white.start_number),
                str(p.black.start_number) if p.black else p.result,
            )
            for p in rows.select_related("white", "black")
        ),
        key=lambda r: (r[0] or 99, r[1]),
    )


def test_the_pairing_fields_the_first_roster_players(tournament: Tournament) -> None:
    section = league(tournament)
    assert boards(section) == [(1, "1", "5"), (2, "6", "2"), (3, "3", "7")]


def test_a_reserve_plays_and_the_boards_below_shift_up(tournament: Tournament) -> None:
    section = league(tournament)
    lineup = services.team_lineup_set(
        section=section, number=1, team=1, players=[1, 3, 4]
    )
    assert lineup == [
        Player.objects.get(section=section, start_number=n).pk for n in (1, 3, 4)
    ]
    # Cy moves up to board 2 (Black: B has White on the even boards), Dot plays board 3.
    assert boards(section) == [(1, "1", "5"), (2, "6", "3"), (3, "4", "7")]
    event = SectionEvent.objects.get(section=section, kind=SectionEvent.Kind.LINEUP)
    assert event.round_number == 1
    assert event.detail == "Round 1, A: 1 3 4 (was 1 2 3)."


def test_results_game_points_and_board_standings_follow_the_fielded_players(
    tournament: Tournament,
) -> None:
    section = league(tournament)
    services.team_lineup_set(section=section, number=1, team=1, players=[1, 3, 4])
    services.team_lineup_set(section=section, number=1, team=2, players=[5, 6, 8])
    results = {1: Result.WHITE_WIN, 2: Result.DRAW, 3: Result.WHITE_WIN}
    for pairing in Pairing.objects.filter(round__section=section):
        services.result_record(
            pairing=pairing, result=results[pairing.board or 0], based_on=Result.PENDING
        )
    assert Round.objects.get(section=section, number=1).status == Round.Status.COMPLETE
    report = team_section_report(section=section)
    # A: Ann 1 (board 1), Cy ½ (board 2, Black), Dot 1 (board 3) = 2.5; B: Flo ½ = 0.5.
    points = {r.team.name: r.game_points for r in report.standings.rows}
    assert points == {"A": Fraction(5, 2), "B": Fraction(1, 2)}
    board_players = {
        board: [(p.name, p.points) for p in players]
        for board, players in report.boards.items()
    }
    assert board_players == {
        1: [("Ann", 1), ("Eli", 0)],
        2: [("Cy", Fraction(1, 2)), ("Flo", Fraction(1, 2))],
        3: [("Dot", 1), ("Hal", 0)],
    }
    match = report.matches[0]
    assert [(b.board, b.first, b.second) for b in match.boards] == [
        (1, "Ann", "Eli"),
        (2, "Cy", "Flo"),
        (3, "Dot", "Hal"),
    ]


def test_a_short_line_up_forfeits_the_last_boards_and_a_full_one_restores_them(
    tournament: Tournament,
) -> None:
    section = league(tournament)
    services.team_lineup_set(section=section, number=1, team=1, players=[2, 3])
    # A fields two: Bea and Cy move up; board 3 is Gus's point without a game.
    assert boards(section) == [
        (1, "2", "5"),
        (2, "6", "3"),
        (None, "7", Result.FORFEIT_WIN_NO_OPPONENT),
    ]
    report = team_section_report(section=section, through_round=0)
    assert [(b.board, b.first, b.second) for b in report.matches[0].boards] == [
        (1, "Bea", "Eli"),
        (2, "Cy", "Flo"),
        (3, "–", "Gus"),
    ]
    # The forfeit was written by the line-up, not entered: the line-up can still change.
    services.team_lineup_set(section=section, number=1, team=1, players=[1, 2, 3])
    assert boards(section) == [(1, "1", "5"), (2, "6", "2"), (3, "3", "7")]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([1, 4, 3], "A team plays in roster order: Cy (roster board 3) cannot play"),
        ([1, 5], "Player 5 is not on the roster of A."),
        ([1, 1], "Player 1 is listed twice."),
        ([1, 2, 3, 4], "A match has 3 boards: 4 players are listed."),
    ],
)
def test_a_bad_line_up_is_refused_and_nothing_changes(
    tournament: Tournament, players: list[int], message: str
) -> None:
    section = league(tournament)
    before = boards(section)
    with pytest.raises(ValidationError, match=re.escape(message)):
        services.team_lineup_set(section=section, number=1, team=1, players=players)
    assert boards(section) == before
    assert not SectionEvent.objects.filter(kind=SectionEvent.Kind.LINEUP).exists()


def test_a_withdrawn_player_cannot_be_fielded(tournament: Tournament) -> None:
    section = league(tournament)
    Player.objects.filter(section=section, start_number=4).update(
        status=Player.Status.WITHDRAWN, withdrawn_after_round=0
    )
    with pytest.raises(ValidationError, match=r"Player 4 \(Dot\) has withdrawn"):
        services.team_lineup_set(section=section, number=1, team=1, players=[1, 2, 4])


def test_an_entered_result_keeps_the_line_ups_until_it_is_cleared(
    tournament: Tournament,
) -> None:
    section = league(tournament)
    first = Pairing.objects.get(round__section=section, board=1)
    services.result_record(pairing=first, result=Result.DRAW, based_on=Result.PENDING)
    with pytest.raises(ValidationError, match="has results entered"):
        services.team_lineup_set(section=section, number=1, team=2, players=[5, 6, 8])
    services.result_record(pairing=first, result=Result.PENDING, based_on=Result.DRAW)
    services.team_lineup_set(section=section, number=1, team=2, players=[5, 6, 8])
    assert boards(section) == [(1, "1", "5"), (2, "6", "2"), (3, "3", "8")]


def test_the_same_line_up_again_changes_nothing(tournament: Tournament) -> None:
    section = league(tournament)
    keys = sorted(Pairing.objects.values_list("pk", flat=True))
    services.team_lineup_set(section=section, number=1, team=1, players=[1, 2, 3])
    assert sorted(Pairing.objects.values_list("pk", flat=True)) == keys
    assert not SectionEvent.objects.filter(kind=SectionEvent.Kind.LINEUP).exists()


def test_a_round_not_paired_or_followed_by_a_paired_round_is_refused(
    tournament: Tournament,
) -> None:
    section = team_section(tournament)  # four teams of two boards, three rounds
    with pytest.raises(ValidationError, match="Round 1 has no matches yet"):
        services.team_lineup_set(section=section, number=1, team=1, players=[1, 2])
    assert not Round.objects.filter(section=section).exists()
    services.team_round_pair(section=section)
    for pairing in Pairing.objects.filter(round__section=section):
        services.result_record(
            pairing=pairing, result=Result.DRAW, based_on=Result.PENDING
        )
    services.team_round_pair(section=section)
    with pytest.raises(ValidationError, match="Round 2 is already paired"):
        services.team_lineup_set(section=section, number=1, team=1, players=[2])


def test_td_ticks_the_line_up_on_the_round_page(
    td_client: Client, tournament: Tournament
) -> None:
    section = league(tournament)
    url = reverse("tournaments:team_lineups", args=[tournament.slug, section.pk, 1])
    round_page = reverse(
        "tournaments:round_detail", args=[tournament.slug, section.pk, 1]
    )
    assert url in td_client.get(round_page).content.decode()
    html = td_client.get(url).content.decode()
    assert html.count('name="players"') == 8
    assert html.count("checked") == 6
    response = td_client.post(url, {"team": "1", "players": ["1", "3", "4"]})
    assert response.status_code == 302
    assert boards(section) == [(1, "1", "5"), (2, "6", "3"), (3, "4", "7")]
    response = td_client.post(url, {"team": "1", "players": ["3", "1"]})
    assert response.status_code == 200
    assert "A team plays in roster order" in response.content.decode()
    assert boards(section) == [(1, "1", "5"), (2, "6", "3"), (3, "4", "7")]


def test_another_td_cannot_change_a_line_up(
    other_td_client: Client, tournament: Tournament
) -> None:
    section = league(tournament)
    url = reverse("tournaments:team_lineups", args=[tournament.slug, section.pk, 1])
    response = other_td_client.post(url, {"team": "1", "players": ["1", "3", "4"]})
    assert response.status_code == 403
    assert boards(section) == [(1, "1", "5"), (2, "6", "2"), (3, "3", "7")]


def test_a_check_mode_entry_keeps_the_line_ups_too(tournament: Tournament) -> None:
    section = league(tournament)
    first = Pairing.objects.get(round__section=section, board=1)
    services.result_check_record(pairing=first, result=Result.DRAW)
    with pytest.raises(ValidationError, match="has results entered"):
        services.team_lineup_set(section=section, number=1, team=1, players=[2, 3, 4])
    assert boards(section) == [(1, "1", "5"), (2, "6", "2"), (3, "3", "7")]


def test_a_result_sent_from_a_page_drawn_before_the_change_is_refused(
    tournament: Tournament,
) -> None:
    section = league(tournament)
    stale = Pairing.objects.get(round__section=section, board=2)
    services.team_lineup_set(section=section, number=1, team=1, players=[1, 3, 4])
    with pytest.raises(ValidationError, match="no longer in the round"):
        services.result_record(
            pairing=stale, result=Result.WHITE_WIN, based_on=Result.PENDING
        )
    assert not Pairing.objects.exclude(result=Result.PENDING).exists()


def test_the_line_up_page_shows_a_match_with_results_as_standing(
    td_client: Client, tournament: Tournament
) -> None:
    section = league(tournament)
    url = reverse("tournaments:team_lineups", args=[tournament.slug, section.pk, 1])
    assert "<fieldset disabled>" not in td_client.get(url).content.decode()
    first = Pairing.objects.get(round__section=section, board=1)
    services.result_record(pairing=first, result=Result.DRAW, based_on=Result.PENDING)
    html = td_client.get(url).content.decode()
    assert "the line-ups stand" in html
    assert html.count("<fieldset disabled>") == 2


def test_a_line_up_saved_from_a_page_drawn_before_another_tds_is_refused(
    tournament: Tournament,
) -> None:
    section = league(tournament)
    round_ = Round.objects.get(section=section, number=1)
    shown = {
        side.team.number: side.version
        for match in selectors.round_lineups(round_)
        for side in match.sides
    }
    # TD A fields the reserve Dot for Cy; TD B, on a page drawn before, fields Dot for Bea.
    services.team_lineup_set(
        section=section, number=1, team=1, players=[1, 2, 4], based_on=shown[1]
    )
    after_a = boards(section)
    with pytest.raises(services.StaleEdit, match=r"now 1 2 4\): nothing was saved"):
        services.team_lineup_set(
            section=section, number=1, team=1, players=[1, 3, 4], based_on=shown[1]
        )
    assert boards(section) == after_a
    assert SectionEvent.objects.filter(kind=SectionEvent.Kind.LINEUP).count() == 1
    # The other team's line-up is its own: B's page is not stale.
    services.team_lineup_set(
        section=section, number=1, team=2, players=[5, 6, 8], based_on=shown[2]
    )
    # The same line-up sent twice (a double press): nothing to lose, no refusal.
    services.team_lineup_set(
        section=section, number=1, team=1, players=[1, 2, 4], based_on=shown[1]
    )


def test_a_stale_line_up_page_keeps_the_tds_ticks_and_saves_on_the_second_press(
    td_client: Client, tournament: Tournament
) -> None:
    section = league(tournament)
    url = reverse("tournaments:team_lineups", args=[tournament.slug, section.pk, 1])
    html = td_client.get(url).content.decode()
    version = re.search(
        r'name="team" value="1">\s*<input type="hidden" name="based_on" value="(\w+)"',
        html,
    )
    assert version is not None
    services.team_lineup_set(section=section, number=1, team=1, players=[1, 2, 4])
    after = boards(section)
    sent = {"team": "1", "players": ["1", "3", "4"], "based_on": version[1]}
    response = td_client.post(url, sent)
    assert response.status_code == 200
    html = response.content.decode()
    assert "changed after this page was opened" in html
    assert boards(section) == after
    # The refused form keeps Ann, Cy and Dot ticked (not the stored Ann, Bea, Dot) and carries
    # the line-up's version now.
    form = html[html.index('data-team="1"') : html.index('data-team="2"')]
    ticked = re.findall(r'value="(\d+)" checked', form)
    assert ticked == ["1", "3", "4"]
    renewed = re.search(r'name="based_on" value="(\w+)"', form)
    assert renewed is not None and renewed[1] != version[1]
    response = td_client.post(url, {**sent, "based_on": renewed[1]})
    assert response.status_code == 302
    assert boards(section) == [(1, "1", "5"), (2, "6", "3"), (3, "4", "7")]
