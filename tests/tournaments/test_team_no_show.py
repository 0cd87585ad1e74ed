"""A team that forfeited its whole match and has not been withdrawn: pairing the next team round
asks whether it is withdrawn or paired (``team_round_pair(forfeited=...)``), and the round
page names it with a button to withdraw it (``team_no_show_withdraw``); through the services
and the TD's pages, with and without htmx."""

from __future__ import annotations

from collections.abc import Collection
from html import unescape

import pytest
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.test import Client
from django.urls import reverse

from standings.team_loaders import team_section_report
from tests.tournaments.builders import round_url, section_build
from tournaments import services
from tournaments.models import (
    CheckIn,
    Pairing,
    Player,
    Result,
    Round,
    Section,
    Team,
    TeamMatch,
    TeamMember,
    Tournament,
)
from tournaments.selectors import team_round_forfeited

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
ROSTERS = [
    ("Knights", [1, 2]),
    ("Rooks", [3, 4]),
    ("Bishops", [5, 6]),
    ("Pawns", [7, 8]),
]


def team_section(
    tournament: Tournament, kind: str = Section.Kind.SWISS, rounds_total: int = 3
) -> Section:
    """Four teams of two boards, round 1 paired and posted."""
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1950, 1900, 1850, 1800, 1750, 1700, 1650],
        rounds=[],
        rounds_total=rounds_total,
        kind=kind,
    )
    services.section_teams_set(section=section, boards=2, rosters=ROSTERS)
    services.team_round_pair(section=section)
    return section


def team(section: Section, name: str) -> Team:
    return Team.objects.get(section=section, name=name)


def finish(section: Section, number: int, *gone: str, boards: int = 2) -> None:
    """Enter round ``number``: the players of the teams ``gone`` lose by forfeit (their first
    ``boards`` boards; the others are drawn), every other board is drawn; the round complete."""
    team_of = {
        m.player_id: (m.team.name, m.board)
        for m in TeamMember.objects.filter(team__section=section).select_related("team")
    }
    for p in Pairing.objects.filter(
        round__section=section, round__number=number, result=Result.PENDING
    ):
        assert p.black_id is not None
        white, black = team_of[p.white_id], team_of[p.black_id]
        white_gone = white[0] in gone and white[1] <= boards
        black_gone = black[0] in gone and black[1] <= boards
        result = (
            Result.DOUBLE_FORFEIT
            if white_gone and black_gone
            else Result.BLACK_FORFEIT_WIN
            if white_gone
            else Result.WHITE_FORFEIT_WIN
            if black_gone
            else Result.DRAW
        )
        Pairing.objects.filter(pk=p.pk).update(result=result)
    Round.objects.filter(section=section, number=number).update(
        status=Round.Status.COMPLETE
    )


def opponent(section: Section, number: int, name: str) -> str:
    """The team ``name`` met in round ``number``."""
    match = TeamMatch.objects.select_related("white_team", "black_team").get(
        Q(white_team__name=name) | Q(black_team__name=name),
        round__section=section,
        round__number=number,
        black_team__isnull=False,
    )
    other = match.black_team if match.white_team.name == name else match.white_team
    assert other is not None
    return other.name


def names(teams: Collection[Team]) -> list[str]:
    return [t.name for t in teams]


def withdrawn(section: Section) -> dict[int, int | None]:
    return dict(
        Player.objects.filter(
            section=section, withdrawn_after_round__isnull=False
        ).values_list("start_number", "withdrawn_after_round")
    )


def teams_in(section: Section, number: int) -> set[str]:
    found: set[str] = set()
    for first, second in TeamMatch.objects.filter(
        round__section=section, round__number=number
    ).values_list("white_team__name", "black_team__name"):
        found |= {first, *([second] if second else [])}
    return found


# ---- who is named


def test_a_team_that_forfeited_the_whole_match_is_named_and_nothing_is_paired(
    tournament: Tournament,
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")

    with pytest.raises(services.TeamsForfeited) as asked:
        services.team_round_pair(section=section, number=2)

    assert names(asked.value.teams) == ["Pawns"]
    assert asked.value.messages == [
        services.TEAM_PAIR_FORFEITED.format(
            n=1, s="", have="has", names="4. Pawns", last=1
        )
    ]
    assert not TeamMatch.objects.filter(round__number=2).exists()
    assert withdrawn(section) == {}


def test_a_match_with_one_board_played_names_nobody(tournament: Tournament) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns", boards=1)

    assert team_round_forfeited(section=section, number=2) == []
    services.team_round_pair(section=section, number=2)

    assert teams_in(section, 2) == {"Knights", "Rooks", "Bishops", "Pawns"}


def test_a_double_forfeit_on_every_board_names_both_teams(
    tournament: Tournament,
) -> None:
    section = team_section(tournament)
    other = opponent(section, 1, "Pawns")
    finish(section, 1, "Pawns", other)

    assert sorted(names(team_round_forfeited(section=section, number=2))) == sorted(
        ["Pawns", other]
    )


def test_a_line_up_that_fielded_nobody_names_the_team_and_not_its_opponent(
    tournament: Tournament,
) -> None:
    section = team_section(tournament)
    services.team_lineup_set(section=section, number=1, team=4, players=[])
    finish(section, 1)

    assert names(team_round_forfeited(section=section, number=2)) == ["Pawns"]


def test_a_team_with_a_player_checked_in_for_the_next_round_is_not_named(
    tournament: Tournament,
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")
    CheckIn.objects.create(
        player=Player.objects.get(section=section, start_number=8), round_number=2
    )

    assert team_round_forfeited(section=section, number=2) == []


def test_a_withdrawn_team_is_not_named_and_a_swiss_does_not_pair_it(
    tournament: Tournament,
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")
    for player in Player.objects.filter(section=section, start_number__in=[7, 8]):
        services.player_withdraw(player=player, after_round=1)

    assert team_round_forfeited(section=section, number=2) == []
    services.team_round_pair(section=section, number=2)

    assert teams_in(section, 2) == {"Knights", "Rooks", "Bishops"}
    assert not Pairing.objects.filter(
        round__number=2, white__start_number__in=[7, 8]
    ).exists()


# ---- the TD's answer


def test_withdrawing_it_withdraws_its_roster_and_pairs_the_others(
    tournament: Tournament,
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")

    round_ = services.team_round_pair(
        section=section, number=2, forfeited=services.FORFEITED_WITHDRAW
    )

    assert withdrawn(section) == {7: 1, 8: 1}
    # Three teams left: one match and a team bye.
    assert teams_in(section, 2) == {"Knights", "Rooks", "Bishops"}
    assert TeamMatch.objects.filter(round=round_, black_team__isnull=True).count() == 1
    assert round_.pairing_notes == [
        services.NOTE_TEAM_FORFEITED_WITHDRAWN.format(team="4. Pawns", last=1)
    ]
    # The team standings still read the withdrawn team: its round 1, nothing after.
    finish(section, 2)
    report = team_section_report(section=section)
    assert {r.team.name for r in report.standings.rows} == {
        "Knights",
        "Rooks",
        "Bishops",
        "Pawns",
    }
    # Not asked about again, not paired again.
    services.team_round_pair(section=section, number=3)
    assert "Pawns" not in teams_in(section, 3)


def test_pairing_it_anyway_pairs_every_team_and_says_so(tournament: Tournament) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")

    round_ = services.team_round_pair(
        section=section, number=2, forfeited=services.FORFEITED_PAIR
    )

    assert teams_in(section, 2) == {"Knights", "Rooks", "Bishops", "Pawns"}
    assert withdrawn(section) == {}
    assert round_.pairing_notes == [
        services.NOTE_TEAM_FORFEITED_PAIRED.format(team="4. Pawns", last=1)
    ]


def test_an_answer_pressed_twice_pairs_once_and_withdraws_once(
    tournament: Tournament,
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")
    shown = {team(section, "Pawns").pk}
    services.team_round_pair(
        section=section,
        number=2,
        forfeited=services.FORFEITED_WITHDRAW,
        forfeited_shown=shown,
    )
    before = list(TeamMatch.objects.filter(round__number=2).values_list("pk"))

    with pytest.raises(ValidationError) as refused:
        services.team_round_pair(
            section=section,
            number=2,
            forfeited=services.FORFEITED_WITHDRAW,
            forfeited_shown=shown,
        )

    assert refused.value.messages == [services.TEAM_PAIR_ALREADY.format(number=2)]
    assert list(TeamMatch.objects.filter(round__number=2).values_list("pk")) == before
    assert withdrawn(section) == {7: 1, 8: 1}


# ---- answers on a page drawn before another TD's change


def test_a_team_the_page_did_not_name_is_asked_about_and_nothing_changes(
    tournament: Tournament,
) -> None:
    section = team_section(tournament)
    other = opponent(section, 1, "Pawns")
    finish(section, 1, "Pawns", other)

    with pytest.raises(services.TeamsForfeited) as asked:
        services.team_round_pair(
            section=section,
            number=2,
            forfeited=services.FORFEITED_WITHDRAW,
            forfeited_shown={team(section, "Pawns").pk},
        )

    assert sorted(names(asked.value.teams)) == sorted(["Pawns", other])
    assert asked.value.messages[0].startswith(
        services.TEAM_PAIR_FORFEITED_CHANGED.format(
            names=str(team(section, other)), last=1
        )
    )
    assert withdrawn(section) == {}
    assert not TeamMatch.objects.filter(round__number=2).exists()


def test_an_answer_naming_nobody_is_for_nobody(tournament: Tournament) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")

    with pytest.raises(services.TeamsForfeited):
        services.team_round_pair(
            section=section,
            number=2,
            forfeited=services.FORFEITED_WITHDRAW,
            forfeited_shown=set(),
        )

    assert withdrawn(section) == {}


def test_a_team_no_longer_named_since_the_page_is_left_as_it_is(
    tournament: Tournament,
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")
    shown = {team(section, "Pawns").pk}
    # Another TD corrects a board: a Pawns player did play.
    Pairing.objects.filter(
        round__number=1, result=Result.WHITE_FORFEIT_WIN, black__start_number__in=[7, 8]
    ).update(result=Result.DRAW)
    Pairing.objects.filter(
        round__number=1, result=Result.BLACK_FORFEIT_WIN, white__start_number__in=[7, 8]
    ).update(result=Result.DRAW)

    services.team_round_pair(
        section=section,
        number=2,
        forfeited=services.FORFEITED_WITHDRAW,
        forfeited_shown=shown,
    )

    assert withdrawn(section) == {}
    assert "Pawns" in teams_in(section, 2)


# ---- a round robin keeps the table


def test_in_a_round_robin_a_withdrawn_teams_opponents_win_its_boards_without_a_game(
    tournament: Tournament,
) -> None:
    section = team_section(tournament, kind=Section.Kind.ROUND_ROBIN)
    finish(section, 1, "Pawns")

    services.team_round_pair(
        section=section, number=2, forfeited=services.FORFEITED_WITHDRAW
    )

    assert teams_in(section, 2) == {"Knights", "Rooks", "Bishops", "Pawns"}
    other = opponent(section, 2, "Pawns")
    rows = Pairing.objects.filter(round__number=2, white__club=other)
    assert {p.result for p in rows} == {Result.FORFEIT_WIN_NO_OPPONENT}
    assert rows.count() == 2


# ---- withdrawn from the round page


def test_the_round_page_withdrawal_withdraws_the_roster_and_twice_changes_nothing(
    tournament: Tournament,
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")
    pawns = team(section, "Pawns")

    assert (
        services.team_no_show_withdraw(section=section, team=pawns, after_round=1)
        is True
    )
    assert (
        services.team_no_show_withdraw(section=section, team=pawns, after_round=1)
        is False
    )
    assert withdrawn(section) == {7: 1, 8: 1}
    assert team_round_forfeited(section=section, number=2) == []


def test_a_team_no_longer_named_is_refused_and_stays_in(tournament: Tournament) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns", boards=1)

    with pytest.raises(ValidationError) as refused:
        services.team_no_show_withdraw(
            section=section, team=team(section, "Pawns"), after_round=1
        )

    assert refused.value.messages == [
        services.TEAM_NO_SHOW_NOT_LISTED.format(team="Pawns", round=1, next=2)
    ]
    assert withdrawn(section) == {}


def test_a_team_paired_in_the_next_round_already_is_refused_and_stays_in(
    tournament: Tournament,
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")
    services.team_round_pair(
        section=section, number=2, forfeited=services.FORFEITED_PAIR
    )

    with pytest.raises(ValidationError) as refused:
        services.team_no_show_withdraw(
            section=section, team=team(section, "Pawns"), after_round=1
        )

    assert refused.value.messages == [
        services.TEAM_NO_SHOW_PAIRED_LATER.format(team="Pawns", later=2, round=1)
    ]
    assert withdrawn(section) == {}


# ---- the TD's pages


def pair_url(section: Section) -> str:
    return reverse(
        "tournaments:team_round_pair", args=[section.tournament.slug, section.pk]
    )


def withdraw_url(section: Section, name: str) -> str:
    return round_url(
        section, "round_team_no_show_withdraw", team=team(section, name).pk
    )


def test_pairing_asks_on_a_page_with_a_plain_form_and_the_answer_pairs(
    td_client: Client, tournament: Tournament
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")
    pawns = team(section, "Pawns")

    asked = td_client.post(pair_url(section), {"number": "2"})

    html = unescape(asked.content.decode())
    assert asked.status_code == 200
    assert (
        services.TEAM_PAIR_FORFEITED.format(
            n=1, s="", have="has", names="4. Pawns", last=1
        )
        in html
    )
    assert f'name="forfeited_shown" value="{pawns.pk}"' in html
    assert '<input type="hidden" name="number" value="2">' in html
    assert (
        f'type="submit" name="forfeited" value="{services.FORFEITED_WITHDRAW}"' in html
    )
    assert f'type="submit" name="forfeited" value="{services.FORFEITED_PAIR}"' in html
    assert not TeamMatch.objects.filter(round__number=2).exists()

    answer = {
        "number": "2",
        "forfeited": services.FORFEITED_WITHDRAW,
        "forfeited_shown": [str(pawns.pk)],
    }
    done = td_client.post(pair_url(section), answer)
    again = td_client.post(pair_url(section), answer, follow=True)

    assert done.status_code == 302
    assert done["Location"] == round_url(section, number=2)
    assert withdrawn(section) == {7: 1, 8: 1}
    assert services.TEAM_PAIR_ALREADY.format(number=2) in unescape(
        again.content.decode()
    )
    assert services.NOTE_TEAM_FORFEITED_WITHDRAWN.format(
        team="4. Pawns", last=1
    ) in unescape(td_client.get(round_url(section, number=2)).content.decode())


def test_the_pair_key_travels_with_the_question_so_the_answer_sent_twice_is_done(
    td_client: Client, tournament: Tournament
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")
    setup = reverse(
        "tournaments:section_team_setup", args=[tournament.slug, section.pk]
    )
    key = pair_key(td_client.get(setup).content.decode())
    asked = td_client.post(pair_url(section), {"number": "2", "pair_key": key})
    assert pair_key(asked.content.decode()) == key
    answer = {
        "number": "2",
        "pair_key": key,
        "forfeited": services.FORFEITED_WITHDRAW,
        "forfeited_shown": [str(team(section, "Pawns").pk)],
    }
    td_client.post(pair_url(section), answer, follow=True)
    matches = list(TeamMatch.objects.order_by("pk").values_list("pk", flat=True))

    # The first answer lost over the hall's Wi-Fi: the browser sends the answer again.
    again = td_client.post(pair_url(section), answer, follow=True)

    said = unescape(again.content.decode())
    assert "Round 2 matches paired and posted." in said
    assert services.TEAM_PAIR_ALREADY.format(number=2) not in said
    assert list(TeamMatch.objects.order_by("pk").values_list("pk", flat=True)) == (
        matches
    )
    assert withdrawn(section) == {7: 1, 8: 1}


def pair_key(page: str) -> str:
    """The key the page's Pair form carries (one per page drawn)."""
    return page.split('name="pair_key" value="')[1].split('"')[0]


def test_an_answer_from_a_page_without_the_team_asks_again_and_changes_nothing(
    td_client: Client, tournament: Tournament
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")

    response = td_client.post(
        pair_url(section), {"number": "2", "forfeited": services.FORFEITED_WITHDRAW}
    )

    html = unescape(response.content.decode())
    assert response.status_code == 200
    assert services.TEAM_PAIR_FORFEITED_CHANGED.format(names="4. Pawns", last=1) in html
    assert withdrawn(section) == {}
    assert not TeamMatch.objects.filter(round__number=2).exists()


def test_the_round_page_names_the_team_with_a_withdraw_button_for_the_td_only(
    td_client: Client, anonymous: Client, tournament: Tournament
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")

    html = unescape(td_client.get(round_url(section)).content.decode())

    note = html.split('data-testid="no-shows"')[1].split("</section>")[0]
    assert "Pawns" in note and "Knights" not in note
    assert "1 team not withdrawn" in note
    action = withdraw_url(section, "Pawns")
    assert f'action="{action}"' in note and f'hx-post="{action}"' in note
    public = anonymous.get(
        reverse(
            "standings:pairings",
            kwargs={"slug": tournament.slug, "section": section.pk, "number": 1},
        )
    ).content.decode()
    assert "no-shows" not in public and "Withdraw" not in public


def test_an_empty_line_up_brings_up_the_note_too(
    td_client: Client, tournament: Tournament
) -> None:
    section = team_section(tournament)
    services.team_lineup_set(section=section, number=1, team=4, players=[])
    finish(section, 1)

    html = unescape(td_client.get(round_url(section)).content.decode())

    assert 'data-testid="no-shows"' in html
    assert "Pawns" in html.split('data-testid="no-shows"')[1].split("</section>")[0]


def test_withdrawing_from_the_note_twice_says_the_second_time_changed_nothing(
    td_client: Client, tournament: Tournament
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")

    first = td_client.post(withdraw_url(section, "Pawns"), follow=True)
    second = td_client.post(withdraw_url(section, "Pawns"), headers=HTMX)

    assert withdrawn(section) == {7: 1, 8: 1}
    assert services.TEAM_NO_SHOW_WITHDRAWN.format(
        team="Pawns", round=1, next=2
    ) in unescape(first.content.decode())
    html = unescape(second.content.decode())
    assert html.lstrip().startswith('<div id="round-no-shows"')
    assert services.TEAM_NO_SHOW_ALREADY_WITHDRAWN.format(team="Pawns") in html
    assert 'data-testid="no-shows"' not in html


def test_a_withdrawal_from_a_page_drawn_before_a_correction_is_refused(
    td_client: Client, tournament: Tournament
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")
    url = withdraw_url(section, "Pawns")
    Pairing.objects.filter(round__number=1, white__start_number=7).update(
        result=Result.DRAW
    )
    Pairing.objects.filter(round__number=1, black__start_number=7).update(
        result=Result.DRAW
    )

    response = td_client.post(url, headers=HTMX)

    html = unescape(response.content.decode())
    assert (
        services.TEAM_NO_SHOW_NOT_LISTED.format(team="Pawns", round=1, next=2) in html
    )
    assert "alert-danger" in html
    assert withdrawn(section) == {}


def test_another_directors_team_withdrawal_is_refused_and_a_stranger_team_not_found(
    td_client: Client, other_td_client: Client, tournament: Tournament
) -> None:
    section = team_section(tournament)
    finish(section, 1, "Pawns")
    other = section_build(
        tournament=tournament, ratings=[1500] * 4, rounds=[], name="Reserve"
    )
    services.section_teams_set(
        section=other, boards=2, rosters=[("East", [1, 2]), ("West", [3, 4])]
    )
    stranger = Team.objects.get(section=other, name="West")

    assert other_td_client.post(withdraw_url(section, "Pawns")).status_code == 403
    assert (
        td_client.post(
            round_url(section, "round_team_no_show_withdraw", team=stranger.pk)
        ).status_code
        == 404
    )
    assert withdrawn(section) == {} and withdrawn(other) == {}
