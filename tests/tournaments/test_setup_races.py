"""Setup writes sent twice at the same moment (a double click on a slow connection, two TDs),
on real concurrent connections (PostgreSQL): one result, and a sentence for the other."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import connections
from django.db.models import Q

from tests.tournaments.builders import RACE_MARKS, section_build, tournament_build
from tournaments import services
from tournaments.backup import tournament_export
from tournaments.models import (
    CheckIn,
    HallScreen,
    Pairing,
    Player,
    RequestedBye,
    Result,
    Section,
    Tournament,
)
from tournaments.services.backup import BACKUP_SLUG_TAKEN, tournament_restore

pytestmark = RACE_MARKS


def twice_at_once(write: Callable[[], object]) -> list[str]:
    """Run ``write`` on two connections at the same moment; "done" or the refusal of each."""
    return at_once(write, write)


def at_once(*writes: Callable[[], object]) -> list[str]:
    """Run each of ``writes`` on its own connection at the same moment; "done" or the
    refusal of each, sorted."""
    start = threading.Barrier(len(writes))
    outcomes: list[str] = []

    def run(write: Callable[[], object]) -> None:
        try:
            start.wait()
            write()
            outcomes.append("done")
        except ValidationError as error:
            outcomes.append(" ".join(error.messages))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(w,)) for w in writes]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return sorted(outcomes)


def test_two_adds_of_one_screen_name_at_once_make_one_screen() -> None:
    tournament = tournament_build()
    taken = services.SCREEN_NAME_TAKEN.format(name="Door")

    for _ in range(5):
        HallScreen.objects.all().delete()
        outcomes = at_once(
            lambda: services.hall_screen_save(
                screen=HallScreen(tournament=tournament, name="Door")
            ),
            lambda: services.hall_screen_save(
                screen=HallScreen(tournament=tournament, name="Door", parts=2)
            ),
        )
        assert outcomes == sorted(["done", taken])
        assert HallScreen.objects.filter(tournament=tournament).count() == 1


def test_one_screen_added_twice_at_once_is_one_screen_both_answered_done() -> None:
    tournament = tournament_build()

    outcomes = twice_at_once(
        lambda: services.hall_screen_save(
            screen=HallScreen(tournament=tournament, name="Door")
        )
    )

    assert outcomes == ["done", "done"]
    assert HallScreen.objects.filter(tournament=tournament).count() == 1


def test_one_backup_restored_twice_at_once_makes_one_tournament() -> None:
    section = section_build(ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=3)
    slug = section.tournament.slug
    text = tournament_export(section.tournament)
    taken = BACKUP_SLUG_TAKEN.format(slug=slug)

    for _ in range(5):
        Tournament.objects.filter(slug=slug).delete()
        outcomes = twice_at_once(lambda: tournament_restore(text=text))
        assert outcomes == sorted(["done", taken])
        assert Tournament.objects.filter(slug=slug).count() == 1
        assert Player.objects.filter(section__tournament__slug=slug).count() == 2


def test_a_player_checked_in_while_check_in_closes_is_not_left_with_its_zero_bye() -> (
    None
):
    section = section_build(
        ratings=list(range(2000, 1700, -10)), rounds=[], rounds_total=3
    )
    players = list(Player.objects.filter(section=section).order_by("start_number"))

    def close(start: threading.Barrier) -> None:
        try:
            start.wait()
            services.checkin_close(
                section=section,
                round_number=1,
                action=services.CLOSE_ZERO_BYE,
                user=None,
            )
        finally:
            connections.close_all()

    def check_in(start: threading.Barrier) -> None:
        try:
            start.wait()
            for player in players:
                services.checkin_set(
                    player=player, round_number=1, present=True, user=None
                )
        finally:
            connections.close_all()

    for _ in range(5):
        CheckIn.objects.all().delete()
        RequestedBye.objects.all().delete()
        start = threading.Barrier(2)
        threads = [threading.Thread(target=f, args=(start,)) for f in (close, check_in)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)

        assert CheckIn.objects.count() == len(players)
        # Checked in, so expected at the board: no zero-point bye keeps them out.
        assert not RequestedBye.objects.filter(round_number=1).exists()


def test_one_director_account_created_twice_at_once_is_created_once() -> None:
    tournament = tournament_build()

    for _ in range(5):
        User.objects.filter(username="ben").delete()
        outcomes = twice_at_once(
            lambda: services.director_account_create(
                tournament=tournament, username="ben"
            )
        )
        # The second finds the account the first made for this tournament: the same one.
        assert outcomes == ["done", "done"]
        assert User.objects.filter(username="ben").count() == 1
        assert list(tournament.directors.values_list("username", flat=True)) == ["ben"]


def test_the_create_form_sent_twice_at_once_makes_one_tournament() -> None:
    user = User.objects.create_user("cy")
    asked = services.TOURNAMENT_SAME_NAME.format(
        name="Harvest Open", slug="harvest-open"
    )

    outcomes = twice_at_once(
        lambda: services.tournament_create(user=user, name="Harvest Open")
    )

    assert outcomes == sorted(["done", asked])
    assert Tournament.objects.filter(name="Harvest Open").count() == 1


def test_the_section_form_sent_twice_at_once_makes_one_section() -> None:
    tournament = tournament_build()

    outcomes = twice_at_once(
        lambda: services.section_create(
            tournament=tournament, name="Open", rounds_total=5
        )
    )

    # Both answered as done: the second finds the section the first made.
    assert outcomes == ["done", "done"]
    assert tournament.sections.count() == 1


def test_two_different_sections_of_one_name_at_once_make_one_and_a_sentence() -> None:
    tournament = tournament_build()
    taken = services.SECTION_NAME_TAKEN.format(tournament=tournament, name="Open")

    outcomes = at_once(
        lambda: services.section_create(
            tournament=tournament, name="Open", rounds_total=5
        ),
        lambda: services.section_create(
            tournament=tournament, name="Open", rounds_total=4
        ),
    )

    assert outcomes == sorted(["done", taken])
    assert tournament.sections.count() == 1


@pytest.mark.parametrize("names", [("dora", "dora"), ("Dora", "dora")])
def test_one_account_name_created_from_two_tournaments_at_once_is_created_once(
    names: tuple[str, str],
) -> None:
    # Two TDs of two events add the same new director at the same moment (in the same case
    # or not): each holds only their own tournament's lock. One account, and a sentence (not
    # a server error) for the other, whose tournament is left as it was.
    first, second = tournament_build(), tournament_build()
    name_of = {first.pk: names[0], second.pk: names[1]}
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def create(tournament: Tournament) -> None:
        try:
            start.wait()
            services.director_account_create(
                tournament=tournament, username=name_of[tournament.pk]
            )
            outcomes.append("done")
        except ValidationError as error:
            outcomes.append(" ".join(error.messages))
        except Exception as error:  # noqa: BLE001 -- the failure this test pins
            outcomes.append(f"error: {type(error).__name__}")
        finally:
            connections.close_all()

    taken = [services.ACCOUNT_NAME_TAKEN.format(username=name) for name in names]
    for _ in range(5):
        User.objects.filter(username__iexact="dora").delete()
        start.reset()
        outcomes.clear()
        threads = [threading.Thread(target=create, args=(t,)) for t in (first, second)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sorted(o == "done" for o in outcomes) == [False, True], outcomes
        assert [o for o in outcomes if o != "done"][0] in taken
        assert User.objects.filter(username__iexact="dora").count() == 1
        directing = [
            t.directors.filter(username__iexact="dora").exists()
            for t in (first, second)
        ]
        assert sorted(directing) == [False, True]


def test_a_player_checked_in_while_the_round_is_paired_is_never_silently_left_out() -> (
    None
):
    # One TD pairs round 1 (a draft; who has not checked in gets a zero-point bye) while the
    # door TD checks in the last player. Either the check-in comes first and the player is
    # paired, or the pairing comes first and the check-in is refused, saying so: never
    # checked in (the player told they are in) and left out of the draft.
    _check_in_while_pairing(present=True, refused="draft pairings, made before")


def test_a_player_marked_absent_while_the_round_is_paired_is_never_paired_absent() -> (
    None
):
    # The same while the door TD marks a checked-in player absent: either that comes first
    # and the player gets the zero-point bye, or the pairing comes first and it is refused,
    # saying so: never marked absent and paired at a board in the draft.
    _check_in_while_pairing(present=False, refused="draft pairings pair")


def _check_in_while_pairing(*, present: bool, refused: str) -> None:
    """Race ``checkin_set(present=...)`` of one player against pairing round 1 as a draft
    (zero-point byes for who has not checked in), eight times; check each outcome."""
    outcomes: dict[str, str] = {}
    for _ in range(8):
        section = section_build(
            ratings=[2000, 1900, 1800, 1700, 1600, 1500], rounds=[], rounds_total=3
        )
        players = list(Player.objects.filter(section=section).order_by("start_number"))
        # Checking in: the last player, not yet in. Marking absent: the first (on board 1
        # whenever paired), checked in with everyone.
        door = players[-1] if present else players[0]
        for player in players:
            if player != door or not present:
                services.checkin_set(
                    player=player, round_number=1, present=True, user=None
                )
        start = threading.Barrier(2)
        outcomes.clear()

        def pair(start: threading.Barrier = start, section: Section = section) -> None:
            try:
                start.wait()
                services.round_pair(
                    section=section,
                    post_default_order=True,
                    absent=services.ABSENT_ZERO_BYE,
                )
                outcomes["pair"] = "done"
            finally:
                connections.close_all()

        def at_the_door(start: threading.Barrier = start, door: Player = door) -> None:
            try:
                start.wait()
                services.checkin_set(
                    player=door, round_number=1, present=present, user=None
                )
                outcomes["door"] = "done"
            except ValidationError as error:
                outcomes["door"] = " ".join(error.messages)
            finally:
                connections.close_all()

        threads = [threading.Thread(target=f) for f in (pair, at_the_door)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)

        assert outcomes["pair"] == "done"
        row = Pairing.objects.get(
            Q(white=door) | Q(black=door), round__section=section, round__number=1
        )
        checked_in = CheckIn.objects.filter(player=door, round_number=1).exists()
        done = outcomes["door"] == "done"
        if not done:
            assert refused in outcomes["door"]
        # Done, the player is as the door TD said; refused, as before. Either way, checked
        # in means a game in the draft, and absent the zero-point bye.
        assert checked_in == (present if done else not present)
        assert row.result == (Result.PENDING if checked_in else Result.BYE_ZERO)


def test_one_director_added_twice_at_once_is_a_director_once() -> None:
    tournament = tournament_build()
    User.objects.create_user("eve")

    for _ in range(5):
        tournament.directors.clear()
        outcomes = twice_at_once(
            lambda: services.tournament_director_add(
                tournament=tournament, username="eve"
            )
        )
        # The second finds the first's row: both answered as done, one row.
        assert outcomes == ["done", "done"]
        assert list(tournament.directors.values_list("username", flat=True)) == ["eve"]
