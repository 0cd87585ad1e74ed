"""The answer to "these players have not checked in" before pairing carries the players its page
named (``round_pair(absent_shown=...)``): the list is read again under the section's lock, a
player the page did not name is asked about again and nothing changes, one no longer listed is
left as they are. The page and the view carry that list."""

from __future__ import annotations

from html import unescape

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.builders import round_url as url
from tests.tournaments.builders import section_build
from tests.tournaments.test_round_life_pairing import rows
from tests.tournaments.test_round_pair_forfeited import check_in, played, player
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
from tournaments.selectors import round_absent, section_default_tiebreaks

pytestmark = pytest.mark.django_db


def six_players(tournament: Tournament | None = None, name: str = "Open") -> Section:
    """Six players, no round paired, the order posted; 1 to 4 checked in for round 1."""
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600, 1500],
        rounds=[],
        rounds_total=3,
        tournament=tournament,
        name=name,
    )
    services.section_tiebreaks_post(
        section=section, order=section_default_tiebreaks(section.kind), user=None
    )
    for number in (1, 2, 3, 4):
        services.checkin_set(
            player=player(section, number), round_number=1, present=True, user=None
        )
    return section


def shown_now(section: Section, number: int = 1) -> set[int]:
    """The pks the question's page names now (what the TD sees)."""
    return {p.pk for p in round_absent(section=section, number=number)}


def board_rows(section: Section) -> list[tuple[int, int, int | None, str]]:
    return sorted(
        Pairing.objects.filter(round__section=section).values_list(
            "pk", "white_id", "black_id", "result"
        )
    )


def zero_byes(section: Section) -> list[int]:
    return sorted(
        RequestedBye.objects.filter(
            player__section=section, kind=RequestedBye.Kind.ZERO
        ).values_list("player__start_number", flat=True)
    )


def undo_check_in(section: Section, number: int, round_number: int = 1) -> None:
    services.checkin_set(
        player=player(section, number),
        round_number=round_number,
        present=False,
        user=None,
    )


# ---- the answer applies to the players the page named


def test_zero_point_byes_go_to_the_players_the_page_named() -> None:
    section = six_players()

    services.round_pair(
        section=section,
        absent=services.ABSENT_ZERO_BYE,
        absent_shown=shown_now(section),
    )

    found = rows(1, section)
    assert (found[5], found[6]) == (Result.BYE_ZERO, Result.BYE_ZERO)
    assert {found[n] for n in (1, 2, 3, 4)} == {Result.PENDING}
    assert zero_byes(section) == [5, 6]


@pytest.mark.parametrize("answer", [services.ABSENT_ZERO_BYE, services.ABSENT_PAIR])
def test_a_check_in_undone_since_the_page_asks_again_and_changes_nothing(
    answer: str,
) -> None:
    # The page named 5 and 6; another TD then un-checked 4. Neither answer is for 4.
    section = six_players()
    shown = shown_now(section)
    undo_check_in(section, 4)

    with pytest.raises(services.AbsentPlayers) as asked:
        services.round_pair(section=section, absent=answer, absent_shown=shown)

    assert [p.start_number for p in asked.value.players] == [4, 5, 6]
    assert str(asked.value) == " ".join(
        [
            services.ROUND_PAIR_ABSENT_CHANGED.format(names="4. Player 4", number=1),
            services.ROUND_PAIR_ABSENT.format(
                n=3,
                s="s",
                have="have",
                number=1,
                names="4. Player 4, 5. Player 5, 6. Player 6",
            ),
        ]
    )
    assert zero_byes(section) == []
    assert not Pairing.objects.filter(round__section=section).exists()
    assert not Round.objects.filter(
        section=section, status__in=[Round.Status.DRAFT, Round.Status.PAIRED]
    ).exists()


def test_a_player_reinstated_since_the_page_is_asked_about_and_nothing_changes() -> (
    None
):
    section = six_players()
    services.player_withdraw(player=player(section, 6), after_round=0)
    shown = shown_now(section)  # 5 only: 6 is withdrawn
    services.player_reactivate(player=player(section, 6), shown="0")

    with pytest.raises(services.AbsentPlayers) as asked:
        services.round_pair(
            section=section, absent=services.ABSENT_ZERO_BYE, absent_shown=shown
        )

    assert [p.start_number for p in asked.value.players] == [5, 6]
    assert str(asked.value).startswith(
        services.ROUND_PAIR_ABSENT_CHANGED.format(names="6. Player 6", number=1)
    )
    assert zero_byes(section) == []
    assert not Pairing.objects.filter(round__section=section).exists()


def test_a_player_checked_in_since_the_page_is_paired_without_a_bye() -> None:
    section = six_players()
    shown = shown_now(section)
    services.checkin_set(
        player=player(section, 6), round_number=1, present=True, user=None
    )

    services.round_pair(
        section=section, absent=services.ABSENT_ZERO_BYE, absent_shown=shown
    )

    found = rows(1, section)
    assert found[5] == Result.BYE_ZERO
    # Five to pair: 6, the lowest rated, gets the pairing bye; never the zero-point one.
    assert found[6] == Result.BYE_PAIRING
    assert zero_byes(section) == [5]


def test_pressed_twice_the_second_answer_is_refused_and_changes_nothing() -> None:
    section = six_players()
    shown = shown_now(section)
    services.round_pair(
        section=section, absent=services.ABSENT_ZERO_BYE, absent_shown=shown
    )
    before = board_rows(section)

    with pytest.raises(services.PairingRefused) as refused:
        services.round_pair(
            section=section,
            number=1,
            absent=services.ABSENT_ZERO_BYE,
            absent_shown=shown,
        )

    assert str(refused.value) == services.ROUND_PAIR_ALREADY_PAIRED.format(number=1)
    assert zero_byes(section) == [5, 6]
    assert board_rows(section) == before


def test_without_a_list_the_answer_is_for_whoever_has_not_checked_in_now() -> None:
    # manage.py pair, round_repair and the demo show no list: the answer is for whoever is
    # missing when it lands, as a forfeited answer without a list is.
    section = six_players()
    undo_check_in(section, 4)

    services.round_pair(section=section, absent=services.ABSENT_ZERO_BYE)

    assert zero_byes(section) == [4, 5, 6]


def test_a_stale_absent_answer_asks_again_and_keeps_the_forfeited_answer() -> None:
    # Round 2: 3 and 6 lost round 1 by forfeit; 8 has not checked in. The page named 8 and
    # 3, 6; then 7's check-in is undone. Only the absent question is asked again: the
    # forfeited answer still holds for the players it named, but nothing changes yet.
    section = played()
    check_in(section, 2, 1, 2, 4, 5, 7)
    absent = {player(section, 8).pk}
    forfeited = {player(section, 3).pk, player(section, 6).pk}
    undo_check_in(section, 7, round_number=2)

    with pytest.raises(services.AbsentPlayers) as asked:
        services.round_pair(
            section=section,
            number=2,
            absent=services.ABSENT_ZERO_BYE,
            absent_shown=absent,
            forfeited=services.FORFEITED_WITHDRAW,
            forfeited_shown=forfeited,
        )

    assert [p.start_number for p in asked.value.players] == [7, 8]
    assert asked.value.forfeited == []
    assert not Player.objects.filter(section=section, status="withdrawn").exists()
    assert zero_byes(section) == []
    assert not Pairing.objects.filter(round__section=section, round__number=2).exists()


# ---- the page


def test_the_page_carries_its_list_and_an_answer_from_a_stale_page_is_asked_again(
    td_client: Client, tournament: Tournament
) -> None:
    section = six_players(tournament=tournament)

    asked = td_client.post(url(section, "round_pair"))

    html = unescape(asked.content.decode())
    assert 'data-testid="absent"' in html
    for number in (5, 6):
        pk = player(section, number).pk
        assert f'<input type="hidden" name="absent_shown" value="{pk}">' in html

    # Another TD un-checks 4 before this TD answers.
    undo_check_in(section, 4)
    again = td_client.post(
        url(section, "round_pair"),
        {
            "absent": services.ABSENT_ZERO_BYE,
            "absent_shown": [str(player(section, n).pk) for n in (5, 6)],
        },
    )

    html = unescape(again.content.decode())
    assert again.status_code == 200
    assert (
        services.ROUND_PAIR_ABSENT_CHANGED.format(names="4. Player 4", number=1) in html
    )
    assert "Player 4" in html.split('data-testid="absent"')[1]
    # The stale answer does not travel: the TD answers again, for 4, 5 and 6.
    assert 'type="hidden" name="absent" ' not in html
    assert zero_byes(section) == []
    assert not Pairing.objects.filter(round__section=section).exists()

    done = td_client.post(
        url(section, "round_pair"),
        {
            "absent": services.ABSENT_ZERO_BYE,
            "absent_shown": [str(player(section, n).pk) for n in (4, 5, 6)],
        },
    )

    assert done.status_code == 302
    assert zero_byes(section) == [4, 5, 6]


# ---- the last check-in of a later round undone since the page


def round_two_with_one_check_in() -> tuple[Section, set[int]]:
    """Round 1 played (no forfeits); for round 2 only 1 checked in: the page names 2 to 8.
    Then another TD un-checks 1, so no one is checked in and check-in counts as not used."""
    section = played(["1-5 1-0, 2-6 0-1, 3-7 1-0, 4-8 ="])
    check_in(section, 2, 1)
    shown = shown_now(section, 2)
    undo_check_in(section, 1, round_number=2)
    return section, shown


def test_zero_point_byes_chosen_then_the_last_check_in_undone_is_refused() -> None:
    # Pairing 2 to 8 would go against the answer, and their byes were chosen while check-in was
    # in use: nothing is done and the TD is told why, pressed twice alike.
    section, shown = round_two_with_one_check_in()
    assert len(shown) == 7 and round_absent(section=section, number=2) == []

    for _pressed in range(2):
        with pytest.raises(services.PairingRefused) as refused:
            services.round_pair(
                section=section,
                number=2,
                absent=services.ABSENT_ZERO_BYE,
                absent_shown=shown,
            )

        assert not isinstance(refused.value, services.AbsentPlayers)
        assert str(refused.value) == services.ROUND_PAIR_ABSENT_CHECKIN_UNDONE.format(
            number=2
        )
        assert zero_byes(section) == []
        assert not Pairing.objects.filter(
            round__section=section, round__number=2
        ).exists()
        assert not Round.objects.filter(
            section=section,
            number=2,
            status__in=[Round.Status.DRAFT, Round.Status.PAIRED],
        ).exists()

    # Pressed again without the stale answer: check-in is not used, everyone is paired.
    services.round_pair(section=section, number=2)

    found = rows(2, section)
    assert sorted(found) == list(range(1, 9))
    assert set(found.values()) == {Result.PENDING}


def test_pair_them_chosen_then_the_last_check_in_undone_pairs_everyone() -> None:
    # The answer was to pair 2 to 8, and 1 was checked in: pairing all eight is what was chosen.
    section, shown = round_two_with_one_check_in()

    services.round_pair(
        section=section, number=2, absent=services.ABSENT_PAIR, absent_shown=shown
    )

    found = rows(2, section)
    assert sorted(found) == list(range(1, 9))
    assert set(found.values()) == {Result.PENDING}
    assert zero_byes(section) == []


def test_the_last_check_in_undone_since_the_page_is_said_on_the_round_page(
    td_client: Client, td: User
) -> None:
    section, shown = round_two_with_one_check_in()
    section.tournament.directors.add(td)
    answer = {
        "absent": services.ABSENT_ZERO_BYE,
        "absent_shown": [str(pk) for pk in sorted(shown)],
    }

    for _pressed in range(2):
        response = td_client.post(url(section, "round_pair", 2), answer, follow=True)

        assert zero_byes(section) == []
        assert not Pairing.objects.filter(
            round__section=section, round__number=2
        ).exists()
        html = unescape(response.content.decode())
        assert response.redirect_chain[-1][0] == url(section, "round_detail", 2)
        assert services.ROUND_PAIR_ABSENT_CHECKIN_UNDONE.format(number=2) in html
