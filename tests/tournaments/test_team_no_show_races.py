"""Two TDs decide about a team that forfeited its whole match in round 1 at the same moment, on
real concurrent connections (PostgreSQL): both answer the question before pairing round 2, or
one pairs it while the other withdraws the team from the round page, or both press Withdraw
team. Whatever the order the database picks, one of them wins whole, the other is told why,
and no team is both withdrawn and paired in round 2."""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Q

from tests.tournaments.builders import RACE_MARKS, section_build, tournament_build
from tests.tournaments.test_no_show_races import _try, both_answer
from tests.tournaments.test_round_races import _race
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    Result,
    Round,
    Section,
    Team,
    TeamMatch,
    Tournament,
)

pytestmark = RACE_MARKS

SECTIONS = 30


def _sections(tournament: Tournament) -> list[Section]:
    """Swiss team sections of four one-board teams: round 1 complete, team D forfeited its
    match, round 2 not paired."""
    sections = []
    for n in range(SECTIONS):
        section = section_build(
            ratings=[2000, 1900, 1800, 1700],
            rounds=[],
            rounds_total=3,
            tournament=tournament,
            name=f"Section {n}",
            kind=Section.Kind.SWISS,
        )
        services.section_teams_set(
            section=section,
            boards=1,
            rosters=[("A", [1]), ("B", [2]), ("C", [3]), ("D", [4])],
        )
        services.team_round_pair(section=section)
        sections.append(section)
    rows = Pairing.objects.filter(round__section__in=sections)
    rows.filter(white__start_number=4).update(result=Result.BLACK_FORFEIT_WIN)
    rows.filter(black__start_number=4).update(result=Result.WHITE_FORFEIT_WIN)
    rows.filter(result=Result.PENDING).update(result=Result.DRAW)
    Round.objects.filter(section__tournament=tournament).update(
        status=Round.Status.COMPLETE
    )
    return sections


def _d(section: Section) -> Team:
    return Team.objects.get(section=section, name="D")


def _pair(section: Section, forfeited: str) -> Callable[[], str]:
    shown = {_d(section).pk}
    return _try(
        lambda: services.team_round_pair(
            section=section, number=2, forfeited=forfeited, forfeited_shown=shown
        ),
        lambda _round: "paired",
    )


def _withdraw(section: Section) -> Callable[[], str]:
    team = _d(section)
    return _try(
        lambda: services.team_no_show_withdraw(
            section=section, team=team, after_round=1
        ),
        lambda withdrawn: "withdrawn" if withdrawn else "already",
    )


def _d_withdrawn(section: Section) -> bool:
    return Player.objects.get(section=section, start_number=4).status == (
        Player.Status.WITHDRAWN
    )


def _d_in_round_two(section: Section) -> bool:
    return TeamMatch.objects.filter(
        Q(white_team__name="D") | Q(black_team__name="D"),
        round__section=section,
        round__number=2,
    ).exists()


def test_two_tds_answering_withdraw_at_once_pair_the_round_once_and_withdraw_once() -> (
    None
):
    sections = _sections(tournament_build())

    both_answer(
        sections,
        lambda s: _pair(s, services.FORFEITED_WITHDRAW),
        services.TEAM_PAIR_ALREADY.format(number=2),
    )

    for section in sections:
        assert _d_withdrawn(section) and not _d_in_round_two(section)
        # Three teams left: one match and a team bye, made once.
        assert (
            TeamMatch.objects.filter(round__section=section, round__number=2).count()
            == 2
        )


def test_pairing_it_anyway_racing_a_withdrawal_from_the_round_page_never_both() -> None:
    # TD A answers "pair it anyway" for team D while TD B withdraws D from round 1's page:
    # either B lands first (A's answer finds D withdrawn and pairs the others) or A does (B
    # is told D is paired in round 2 and D stays in). Never withdrawn and paired.
    sections = _sections(tournament_build())
    paired_later = "refused: " + services.TEAM_NO_SHOW_PAIRED_LATER.format(
        team="D", later=2, round=1
    )

    outcomes = _race(
        sections, lambda s: (_pair(s, services.FORFEITED_PAIR), _withdraw(s))
    )

    for section, a, b in outcomes:
        assert a == "paired"
        if b == "withdrawn":
            assert _d_withdrawn(section) and not _d_in_round_two(section)
        else:
            assert b == paired_later
            assert not _d_withdrawn(section) and _d_in_round_two(section)


def test_two_tds_pressing_withdraw_team_at_once_withdraw_once_and_the_other_is_told() -> (
    None
):
    sections = _sections(tournament_build())

    outcomes = _race(sections, lambda s: (_withdraw(s), _withdraw(s)))

    assert {tuple(sorted((a, b))) for _s, a, b in outcomes} == {
        ("already", "withdrawn")
    }
    assert set(
        Player.objects.filter(section__in=sections, start_number=4).values_list(
            "status", "withdrawn_after_round"
        )
    ) == {(Player.Status.WITHDRAWN, 1)}
