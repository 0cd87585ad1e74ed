"""Before the pairing program pairs a round: a posted tiebreak order for round 1, and no player who
has not checked in paired without the TD's word."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import (
    CheckIn,
    Pairing,
    Player,
    RequestedBye,
    Result,
    Round,
    Section,
    SectionEvent,
    TiebreakChange,
)
from tournaments.selectors import section_default_tiebreaks

pytestmark = pytest.mark.django_db

RATINGS = [2000, 1900, 1800, 1700, 1600]


def check_in(section: Section, round_number: int, *numbers: int) -> None:
    CheckIn.objects.bulk_create(
        CheckIn(player=p, round_number=round_number)
        for p in Player.objects.filter(section=section, start_number__in=numbers)
    )


def order_posted(section: Section) -> Section:
    services.section_tiebreaks_post(
        section=section, order=section_default_tiebreaks(section.kind), user=None
    )
    return section


def rows(number: int, section: Section) -> dict[int, str]:
    found: dict[int, str] = {}
    for white, black, result in Pairing.objects.filter(
        round__section=section, round__number=number
    ).values_list("white__start_number", "black__start_number", "result"):
        found[white] = result
        if black is not None:
            found[black] = result
    return found


# ---- the posted order


def test_round_one_without_a_posted_order_is_refused_and_nothing_is_written() -> None:
    section = section_build(ratings=RATINGS, rounds=[], rounds_total=3)
    check_in(section, 1, 1, 2, 3, 4, 5)

    with pytest.raises(services.OrderNotPosted) as refused:
        services.round_pair(section=section, absent="pair")

    assert str(refused.value) == services.ROUND_PAIR_NO_ORDER.format(
        section=section.name
    )
    assert not Pairing.objects.exists() and not Round.objects.exists()
    assert not TiebreakChange.objects.exists()


def test_one_click_posts_the_default_order_and_says_so() -> None:
    section = section_build(ratings=RATINGS, rounds=[], rounds_total=3)
    check_in(section, 1, 1, 2, 3, 4, 5)

    round_ = services.round_pair(section=section, post_default_order=True)

    default = section_default_tiebreaks(section.kind)
    change = TiebreakChange.objects.get(section=section)
    assert (change.old_order, change.new_order) == ("", default)
    assert round_.pairing_notes[0] == services.ROUND_PAIR_ORDER_POSTED.format(
        section=section.name, order=default
    )
    assert SectionEvent.objects.get(section=section).kind == "order_posted"


def test_with_the_order_posted_round_one_pairs_without_asking_about_it() -> None:
    section = order_posted(section_build(ratings=RATINGS, rounds=[], rounds_total=3))
    check_in(section, 1, 1, 2, 3, 4, 5)

    round_ = services.round_pair(section=section)

    assert round_.status == Round.Status.DRAFT
    assert TiebreakChange.objects.filter(section=section).count() == 1


# ---- players who have not checked in


def test_round_one_names_the_players_who_have_not_checked_in_and_pairs_nobody() -> None:
    section = order_posted(section_build(ratings=RATINGS, rounds=[], rounds_total=3))
    check_in(section, 1, 1, 2, 3)

    with pytest.raises(services.AbsentPlayers) as asked:
        services.round_pair(section=section)

    assert [p.start_number for p in asked.value.players] == [4, 5]
    assert str(asked.value).startswith("2 players have not checked in for round 1")
    assert not Pairing.objects.exists()


def test_zero_point_byes_for_the_absent_and_the_others_paired() -> None:
    section = order_posted(section_build(ratings=RATINGS, rounds=[], rounds_total=3))
    check_in(section, 1, 1, 2, 3)

    services.round_pair(section=section, absent=services.ABSENT_ZERO_BYE)

    paired = rows(1, section)
    assert paired[4] == paired[5] == Result.BYE_ZERO
    assert {paired[n] for n in (1, 2, 3)} <= {Result.PENDING, Result.BYE_PAIRING}
    assert set(
        RequestedBye.objects.filter(player__section=section).values_list(
            "player__start_number", "kind"
        )
    ) == {(4, "zero"), (5, "zero")}


def test_a_bye_for_not_checking_in_is_not_called_requested_in_the_notes() -> None:
    section = order_posted(section_build(ratings=RATINGS, rounds=[], rounds_total=3))
    check_in(section, 1, 1, 2, 3)
    RequestedBye.objects.create(
        player=section.players.get(start_number=3), round_number=1, kind="zero"
    )

    services.round_pair(section=section, absent=services.ABSENT_ZERO_BYE)

    notes = Round.objects.get(section=section, number=1).pairing_notes
    assert [n for n in notes if "zero-point bye" in n] == [
        "#3 Player 3: requested zero-point bye.",
        "#4 Player 4: zero-point bye (did not check in).",
        "#5 Player 5: zero-point bye (did not check in).",
    ]


def test_pairing_them_anyway_pairs_everyone() -> None:
    section = order_posted(section_build(ratings=RATINGS, rounds=[], rounds_total=3))
    check_in(section, 1, 1, 2, 3)

    services.round_pair(section=section, absent=services.ABSENT_PAIR)

    assert set(rows(1, section)) == {1, 2, 3, 4, 5}
    assert not RequestedBye.objects.exists()


def test_a_later_round_asks_only_once_check_in_for_it_has_begun() -> None:
    section = order_posted(
        section_build(ratings=RATINGS[:4], rounds=["1-3 1-0, 2-4 1-0"], rounds_total=3)
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)

    # Nobody checked in for round 2: check-in is not in use for it, nobody is asked about.
    services.round_pair(section=section, number=2)
    two = Round.objects.get(section=section, number=2)
    services.round_pairings_remove(round_=two)

    check_in(section, 2, 1, 2, 3)
    with pytest.raises(services.AbsentPlayers) as asked:
        services.round_pair(section=section, number=2)
    assert [p.start_number for p in asked.value.players] == [4]


def test_a_player_with_a_requested_bye_is_not_asked_about() -> None:
    section = order_posted(section_build(ratings=RATINGS, rounds=[], rounds_total=3))
    check_in(section, 1, 1, 2, 3, 4)
    RequestedBye.objects.create(
        player=Player.objects.get(start_number=5), round_number=1
    )

    services.round_pair(section=section)

    assert rows(1, section)[5] == Result.BYE_HALF


def test_a_player_withdrawn_after_round_two_is_paired_in_round_two() -> None:
    section = order_posted(
        section_build(ratings=RATINGS[:4], rounds=["1-3 1-0, 2-4 1-0"], rounds_total=3)
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    Player.objects.filter(section=section, start_number=1).update(
        status=Player.Status.WITHDRAWN, withdrawn_after_round=2
    )

    services.round_pair(section=section, number=2)

    assert rows(2, section)[1] == Result.PENDING


# ---- round 1 paired by hand: posting it needs the order too


def test_posting_a_hand_paired_round_one_without_an_order_is_refused() -> None:
    section = section_build(
        ratings=RATINGS[:4], rounds=["1-3 ?, 2-4 ?"], rounds_total=3
    )
    Round.objects.filter(section=section).update(status=Round.Status.DRAFT)
    one = Round.objects.get(section=section, number=1)

    with pytest.raises(ValidationError) as refused:
        services.round_publish(round_=one)

    assert refused.value.messages == [
        services.ROUND_PUBLISH_NO_ORDER.format(section=section.name)
    ]
    one.refresh_from_db()
    assert one.status == Round.Status.DRAFT
    assert not TiebreakChange.objects.exists()


def test_posting_round_one_with_the_default_order_posts_both_and_says_so() -> None:
    section = section_build(
        ratings=RATINGS[:4], rounds=["1-3 ?, 2-4 ?"], rounds_total=3
    )
    Round.objects.filter(section=section).update(status=Round.Status.DRAFT)

    one = services.round_publish(
        round_=Round.objects.get(section=section, number=1), post_default_order=True
    )

    assert one.status == Round.Status.PAIRED
    default = section_default_tiebreaks(section.kind)
    assert TiebreakChange.objects.get(section=section).new_order == default
    one.refresh_from_db()
    assert one.pairing_notes[0] == services.ROUND_PAIR_ORDER_POSTED.format(
        section=section.name, order=default
    )
