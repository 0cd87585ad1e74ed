"""Two TDs decide about a player who lost round 1 by forfeit at the same moment, on real
concurrent connections (PostgreSQL): both answer the question before pairing round 2, or one
pairs it while the other withdraws the player from the round page, or both press Withdraw.
Whatever the order the database picks, one of them wins whole, the other is told why, and no
player is both withdrawn and paired in round 2."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError

from tests.tournaments.builders import (
    RACE_MARKS,
    player_row,
    section_build,
    tournament_build,
)
from tests.tournaments.test_round_races import _race
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    Round,
    Section,
    Tournament,
)
from tournaments.selectors import section_default_tiebreaks

pytestmark = RACE_MARKS

SECTIONS = 30


def _sections(tournament: Tournament) -> list[Section]:
    """Sections of four: round 1 complete, player 4 lost it by forfeit, round 2 not paired."""
    sections = []
    for n in range(SECTIONS):
        section = section_build(
            ratings=[2000, 1900, 1800, 1700],
            rounds=["1-4 +-, 2-3 1-0"],
            rounds_total=3,
            tournament=tournament,
            name=f"Section {n}",
        )
        services.section_tiebreaks_post(
            section=section, order=section_default_tiebreaks(section.kind), user=None
        )
        sections.append(section)
    Round.objects.filter(section__tournament=tournament).update(
        status=Round.Status.COMPLETE
    )
    return sections


def _four(section: Section) -> Player:
    return Player.objects.get(section=section, start_number=4)


def _try(
    write: Callable[[], object], done: Callable[[object], str]
) -> Callable[[], str]:
    def attempt() -> str:
        try:
            return done(write())
        except services.PairingRefused as refused:
            return f"refused: {refused}"
        except ValidationError as refused:
            return f"refused: {' '.join(refused.messages)}"

    return attempt


def _pair(section: Section, forfeited: str) -> Callable[[], str]:
    shown = {_four(section).pk}
    return _try(
        lambda: services.round_pair(
            section=section, number=2, forfeited=forfeited, forfeited_shown=shown
        ),
        lambda _round: "paired",
    )


def _withdraw(section: Section) -> Callable[[], str]:
    four = _four(section)
    return _try(
        lambda: services.player_no_show_withdraw(player=four, after_round=1),
        lambda withdrawn: "withdrawn" if withdrawn else "already",
    )


def _withdrawn_and_paired(sections: list[Section]) -> list[Any]:
    return list(
        Pairing.objects.filter(
            round__section__in=sections,
            round__number=2,
            white__status=Player.Status.WITHDRAWN,
        ).values_list("pk", flat=True)
    ) + list(
        Pairing.objects.filter(
            round__section__in=sections,
            round__number=2,
            black__status=Player.Status.WITHDRAWN,
        ).values_list("pk", flat=True)
    )


def both_answer(
    sections: list[Section], pair: Callable[[Section], Callable[[], str]], refused: str
) -> None:
    """Two TDs send the same answer at once, section by section: one pairs the round, the
    other is told ``refused`` (the round is paired)."""
    outcomes = _race(sections, lambda s: (pair(s), pair(s)))
    assert {(a, b) for _s, a, b in outcomes} <= {
        ("paired", f"refused: {refused}"),
        (f"refused: {refused}", "paired"),
    }


def test_two_tds_answering_withdraw_at_once_pair_the_round_once_and_withdraw_once() -> (
    None
):
    sections = _sections(tournament_build())

    both_answer(
        sections,
        lambda s: _pair(s, services.FORFEITED_WITHDRAW),
        services.ROUND_PAIR_ALREADY_PAIRED.format(number=2),
    )

    for section in sections:
        four = _four(section)
        assert (four.status, four.withdrawn_after_round) == (
            Player.Status.WITHDRAWN,
            1,
        )
        round_two = Round.objects.get(section=section, number=2)
        assert round_two.status == Round.Status.DRAFT
        # Three players left: one board and a bye, made once.
        assert round_two.pairings.count() == 2


def test_pairing_them_anyway_racing_a_withdrawal_from_the_round_page_never_both() -> (
    None
):
    # TD A answers "pair them anyway" for player 4 while TD B withdraws 4 from round 1's page:
    # either B lands first (A's answer finds 4 withdrawn and pairs the others) or A does (B
    # is told round 2's draft pairs 4, naming the board, and 4 stays active). Never withdrawn
    # and paired.
    sections = _sections(tournament_build())

    outcomes = _race(
        sections, lambda s: (_pair(s, services.FORFEITED_PAIR), _withdraw(s))
    )

    assert not [o for _s, a, b in outcomes for o in (a, b) if o.startswith("error")]
    for section, a, b in outcomes:
        four = _four(section)
        assert a == "paired"
        if b == "withdrawn":
            assert four.withdrawn_after_round == 1
        else:
            row = player_row(section, 2, four)
            assert row is not None and row.board
            assert b == "refused: " + services.WITHDRAW_DRAFT_PAIRED.format(
                round=2, player=four, where=f"on board {row.board}"
            )
            assert four.status == Player.Status.ACTIVE
    assert not _withdrawn_and_paired(sections)


def test_two_tds_pressing_withdraw_at_once_withdraw_once_and_the_other_is_told() -> (
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


def test_two_tds_answering_zero_point_bye_at_once_give_it_once() -> None:
    sections = _sections(tournament_build())

    both_answer(
        sections,
        lambda s: _pair(s, services.FORFEITED_ZERO_BYE),
        services.ROUND_PAIR_ALREADY_PAIRED.format(number=2),
    )

    for section in sections:
        four = _four(section)
        assert four.status == Player.Status.ACTIVE
        assert list(four.requested_byes.values_list("round_number", "kind")) == [
            (2, RequestedBye.Kind.ZERO)
        ]
        assert Pairing.objects.get(round__number=2, white=four).result == (
            Result.BYE_ZERO
        )


def test_a_zero_point_bye_racing_a_withdrawal_from_the_round_page_never_both() -> None:
    # TD A gives player 4 a zero-point bye for round 2 while TD B withdraws 4 from round 1's
    # page: either B lands first (A's answer finds 4 withdrawn: no bye, not paired) or A does
    # (B is told 4 is no longer listed, or paired in round 2, and 4 stays in with the bye).
    sections = _sections(tournament_build())

    outcomes = _race(
        sections, lambda s: (_pair(s, services.FORFEITED_ZERO_BYE), _withdraw(s))
    )

    assert not [o for _s, a, b in outcomes for o in (a, b) if o.startswith("error")]
    for section, a, b in outcomes:
        four = _four(section)
        assert a == "paired"
        in_round_two = Pairing.objects.filter(round__number=2, white=four)
        if b == "withdrawn":
            assert four.withdrawn_after_round == 1
            assert not four.requested_byes.exists() and not in_round_two.exists()
        else:
            assert b.startswith("refused: ")
            assert four.status == Player.Status.ACTIVE
            assert in_round_two.get().result == Result.BYE_ZERO
    assert not _withdrawn_and_paired(sections)
