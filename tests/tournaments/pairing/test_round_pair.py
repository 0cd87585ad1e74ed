"""round_pair: loads a section, pairs the round with the pure program, saves it in one go; and
``manage.py pair``, whose round ``export_trf`` then writes."""

from __future__ import annotations

import functools
import io

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.builders import section_build
from tournaments import pairing, services
from tournaments.models import Pairing, Player, RequestedBye, Result, Round, Section
from tournaments.selectors import round_entrants
from tournaments.services import (
    ABSENT_PAIR,
    FORFEITED_PAIR,
    ROUND_PAIR_ALL_PAIRED,
    ROUND_PAIR_ALREADY_PAIRED,
    ROUND_PAIR_BAD_OPTIONS,
    ROUND_PAIR_EARLIER_INCOMPLETE,
    ROUND_PAIR_NO_ROUND,
    PairingRefused,
)

pytestmark = pytest.mark.django_db

# These tests are about the pairings: the TD posted the order (the section's default) and every
# player came, a player who forfeited too (tests/tournaments/test_round_life_pairing.py and
# test_round_pair_forfeited.py ask about the others).
round_pair = functools.partial(
    services.round_pair,
    absent=ABSENT_PAIR,
    forfeited=FORFEITED_PAIR,
    post_default_order=True,
)


def boards(round_: Round) -> list[tuple[int, int]]:
    return list(
        Pairing.objects.filter(round=round_, black__isnull=False)
        .order_by("board")
        .values_list("white__start_number", "black__start_number")
    )


def byes(round_: Round) -> dict[int, str]:
    return dict(
        Pairing.objects.filter(round=round_, black__isnull=True).values_list(
            "white__start_number", "result"
        )
    )


def test_round_one_pairs_top_half_against_bottom_half_as_a_draft() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600, 1500],
        rounds=[],
        rounds_total=3,
        pairing_options={"board_one_colour": "white"},
    )

    round_ = round_pair(section=section)

    assert round_.number == 1
    assert round_.status == Round.Status.DRAFT
    assert boards(round_) == [(1, 4), (5, 2), (3, 6)]
    assert Pairing.objects.filter(round=round_, result=Result.PENDING).count() == 3
    assert any("board 1 has White (as posted)" in n for n in round_.pairing_notes)


def test_posting_saves_the_round_as_paired() -> None:
    section = section_build(ratings=[2000, 1900], rounds=[], rounds_total=1)

    round_ = round_pair(section=section, post=True)

    assert Round.objects.get(pk=round_.pk).status == Round.Status.PAIRED


def test_round_two_uses_scores_colours_and_avoids_rematches() -> None:
    # After round 1: 1 and 3 won (White, Black), 2-4 drew... 1 vs 3 is the top pair now.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 4-3 0-1"],
        rounds_total=3,
    )

    round_ = round_pair(section=section, number=2)

    # 1 (W) is due Black, 3 (B) is due White; 2 (B) due White, 4 (W) due Black.
    assert boards(round_) == [(3, 1), (2, 4)]


def test_an_odd_field_gives_the_pairing_bye_to_the_lowest_player_without_one() -> None:
    # Round 1: 5 had the pairing bye; in round 2 the lowest group (0) is 3 and 4 (rated
    # lowest), and 5 may not have a second bye.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600],
        rounds=["1-3 1-0, 4-2 0-1, 5 U"],
        rounds_total=3,
    )

    round_ = round_pair(section=section)

    assert byes(round_) == {4: Result.BYE_PAIRING}
    assert any("Pairing bye to #4" in n for n in round_.pairing_notes)


def test_requested_byes_withdrawals_and_late_entries() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600, 1500, 1400],
        rounds=["1-4 1-0, 5-2 0-1, 3-6 1-0, 7 -"],
        rounds_total=3,
    )
    players = {p.start_number: p for p in section.players.all()}
    RequestedBye.objects.create(player=players[2], round_number=2, kind="half")
    RequestedBye.objects.create(player=players[3], round_number=2, kind="zero")
    Player.objects.filter(pk=players[6].pk).update(
        status=Player.Status.WITHDRAWN, withdrawn_after_round=1
    )
    # 8 enters after round 1.
    Player.objects.create(section=section, start_number=8, name="Late", rating=1650)

    round_ = round_pair(section=section)

    # Five players are left (1, 4, 5, 7 and the late 8): 7, the lowest-rated of the 0 group,
    # gets the pairing bye; 6 is left out.
    assert byes(round_) == {
        2: Result.BYE_HALF,
        3: Result.BYE_ZERO,
        7: Result.BYE_PAIRING,
    }
    assert {n for pair in boards(round_) for n in pair} == {1, 4, 5, 8}
    assert any(
        "#8 Late entered late and joins at 0 point(s)." in n
        for n in round_.pairing_notes
    )
    assert any("#6 Player 6 has withdrawn" in n for n in round_.pairing_notes)


def test_refuses_while_an_earlier_round_is_incomplete_and_changes_nothing() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-3 1-0, 2-4 ?"], rounds_total=3
    )
    before = Pairing.objects.count()

    with pytest.raises(PairingRefused) as refused:
        round_pair(section=section)

    assert str(refused.value) == ROUND_PAIR_EARLIER_INCOMPLETE.format(
        earlier=1, number=2
    )
    assert Pairing.objects.count() == before
    assert not Round.objects.filter(section=section, number=2).exists()


def test_a_keyed_press_sent_again_after_its_pairings_were_removed_pairs_nothing() -> (
    None
):
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-3 1-0, 2-4 1-0"], rounds_total=3
    )
    key = services.pair_key_new()
    two = round_pair(section=section, number=2, pair_key=key)
    services.round_pairings_remove(round_=two)

    with pytest.raises(PairingRefused) as refused:
        round_pair(section=section, number=2, pair_key=key)

    assert str(refused.value) == services.ROUND_PAIR_REMOVED_MEANWHILE.format(number=2)
    two.refresh_from_db()
    assert two.status == Round.Status.NOT_PAIRED
    assert not Pairing.objects.filter(round=two).exists()
    # A press from a page drawn since (its own key), or without a key, pairs it.
    again = round_pair(section=section, number=2, pair_key=services.pair_key_new())
    assert len(boards(again)) == 2
    services.round_pairings_remove(round_=again)
    assert len(boards(round_pair(section=section, number=2))) == 2


def test_refuses_a_round_already_paired_a_round_out_of_range_and_a_full_section() -> (
    None
):
    section = section_build(ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=2)

    with pytest.raises(PairingRefused, match="already paired") as refused:
        round_pair(section=section, number=1)
    assert str(refused.value) == ROUND_PAIR_ALREADY_PAIRED.format(number=1)
    with pytest.raises(PairingRefused) as refused:
        round_pair(section=section, number=3)
    assert str(refused.value) == ROUND_PAIR_NO_ROUND.format(
        section="Open", total=2, number=3
    )
    # 1 and 2 have met: with two players the only pairing is a rematch, noted.
    round_ = round_pair(section=section)
    assert any("meet again" in n for n in round_.pairing_notes)
    with pytest.raises(PairingRefused) as refused:
        round_pair(section=section)
    assert str(refused.value) == ROUND_PAIR_ALL_PAIRED.format(section="Open")


def test_bad_pairing_options_are_refused_with_the_reason() -> None:
    section = section_build(
        ratings=[2000, 1900],
        rounds=[],
        pairing_options={"board_one_colour": "green"},
    )

    with pytest.raises(PairingRefused) as refused:
        round_pair(section=section)

    assert str(refused.value).startswith(ROUND_PAIR_BAD_OPTIONS.split("{")[0])
    assert "green" in str(refused.value)
    assert not Pairing.objects.exists()


def section_with_rounds(players: int) -> Section:
    """``players`` players after two complete rounds, with a bye, a forfeit and a withdrawal."""
    ratings = [2400 - 7 * n for n in range(players)]
    first = ", ".join(f"{n}-{n + players // 2} 1-0" for n in range(1, players // 2 + 1))
    section = section_build(ratings=ratings, rounds=[first], rounds_total=4)
    round_pair(section=section)
    Pairing.objects.filter(round__section=section, round__number=2).exclude(
        black__isnull=True
    ).update(result=Result.DRAW)
    Pairing.objects.filter(round__section=section, round__number=2, board=1).update(
        result=Result.WHITE_FORFEIT_WIN
    )
    Player.objects.filter(section=section, start_number=players).update(
        status=Player.Status.WITHDRAWN, withdrawn_after_round=2
    )
    RequestedBye.objects.create(
        player=Player.objects.get(section=section, start_number=3),
        round_number=3,
        kind="half",
    )
    return section


def test_pairing_reads_and_writes_in_a_constant_number_of_queries() -> None:
    counts = []
    for players in (10, 60):
        section = section_with_rounds(players)
        with CaptureQueriesContext(connection) as queries:
            round_pair(section=section)
        counts.append(len(queries))
        paired = Pairing.objects.filter(round__section=section, round__number=3)
        assert paired.count() == (players - 2) // 2 + 1 + (players - 2) % 2

    # 17: the one read of the round's check-in (whether someone has not checked in) included.
    assert counts[0] == counts[1] <= 17, counts


def test_a_round_robin_follows_the_berger_table_and_records_its_lot() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600],
        rounds=[],
        rounds_total=5,
        kind=Section.Kind.ROUND_ROBIN,
    )

    first = round_pair(section=section)

    section.refresh_from_db()
    seed = section.pairing_options["lots_seed"]
    assert f"Table numbers drawn by lot with seed {seed!r}." in first.pairing_notes
    tables = pairing.table_numbers([1, 2, 3, 4, 5], "lot", seed)
    by_table = {t: n for n, t in tables.items()}
    expected = [
        (by_table[w], by_table[b])
        for w, b in pairing.berger_round(5, 1)
        if w in by_table and b in by_table
    ]
    assert boards(first) == expected
    assert list(byes(first).values()) == [Result.NOT_PAIRED]
    Pairing.objects.filter(round=first, black__isnull=False).update(result=Result.DRAW)

    second = round_pair(section=section)

    section.refresh_from_db()
    assert section.pairing_options["lots_seed"] == seed
    assert boards(second) == [
        (by_table[w], by_table[b])
        for w, b in pairing.berger_round(5, 2)
        if w in by_table and b in by_table
    ]


def test_round_robin_tables_chosen_by_the_td() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=[],
        rounds_total=3,
        kind=Section.Kind.ROUND_ROBIN,
        pairing_options={"tables": {"1": 4, "2": 3, "3": 2, "4": 1}},
    )

    round_ = round_pair(section=section)

    # Table 1-4 and 2-3 in round 1: start numbers 4-1 and 3-2.
    assert boards(round_) == [(4, 1), (3, 2)]


def test_pair_command_posts_and_prints_the_round_which_export_trf_writes() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600],
        rounds=[],
        rounds_total=3,
        names=["Ann Avery", "Bob Brandt", "Cy Chen", "Dee Diaz", "Eve Ertel"],
        pairing_options={"board_one_colour": "white"},
    )
    out = io.StringIO()

    call_command(
        "pair", section.tournament.slug, "--absent=pair", "--default-order", stdout=out
    )

    text = out.getvalue()
    assert "round 1: 2 boards, 1 bye, pairings posted." in text
    assert "    1     1 Ann Avery" in text and "3 Cy Chen" in text
    assert "Bye     5 Eve Ertel (Full-point bye (pairing))" in text
    assert Round.objects.get(section=section, number=1).status == Round.Status.PAIRED
    exported = io.StringIO()
    call_command("export_trf", section.tournament.slug, stdout=exported)
    lines = {
        line[4:8].strip(): line
        for line in exported.getvalue().splitlines()
        if line.startswith("001")
    }
    # Opponent and colour written, result blank; the bye as U.
    assert lines["1"][91:97] == "   3 w"
    assert lines["5"][91:99] == "0000 - U"


def test_pair_command_refuses_with_the_sentence() -> None:
    section = section_build(ratings=[2000, 1900], rounds=["1-2 ?"], rounds_total=2)

    with pytest.raises(CommandError, match="Round 1 is not complete"):
        call_command("pair", section.tournament.slug, "--round", "2")
    with pytest.raises(CommandError, match="no tournament"):
        call_command("pair", "no-such-event")


def test_a_lot_for_board_one_draws_a_seed_records_it_and_names_it() -> None:
    section = section_build(ratings=[2000, 1900, 1800, 1700], rounds=[], rounds_total=2)

    round_ = round_pair(section=section)

    section.refresh_from_db()
    seed = section.pairing_options["lots_seed"]
    assert len(seed) == 16
    assert any(f"by lot (seed {seed!r})" in note for note in round_.pairing_notes)
    # Drawing again from the recorded seed gives the same colours.
    entrants = round_entrants(section=section, number=1).entrants
    again = pairing.pair_swiss(entrants, round_number=1, seed=seed)
    assert [(b.white, b.black) for b in again.boards] == boards(round_)


def test_any_requested_bye_even_a_zero_point_one_counts_as_having_had_a_bye() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800], rounds=["1-2 1-0, 3 Z"], rounds_total=3
    )

    round_ = round_pair(section=section)

    # 2 and 3 are the 0 group; 3 ranks lowest but had the zero-point bye in round 1.
    assert byes(round_) == {2: Result.BYE_PAIRING}
    assert boards(round_) != []


def test_players_club_reaches_the_pairing_and_keeps_club_mates_apart_when_posted() -> (
    None
):
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=[],
        rounds_total=3,
        pairing_options={"board_one_colour": "white", "avoid_same_club": True},
    )
    Player.objects.filter(section=section, start_number__in=[1, 3]).update(
        club="Riverside Chess Club"
    )

    round_ = round_pair(section=section)

    assert {frozenset(b) for b in boards(round_)} == {
        frozenset((1, 4)),
        frozenset((2, 3)),
    }
    assert any("kept apart" in n for n in round_.pairing_notes)
