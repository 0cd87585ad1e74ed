"""Ranking: score, then tiebreaks in order on the players still tied; shared ranks; partial events."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.engine import (
    DuplicateTiebreak,
    Explanation,
    TiebreakValue,
    compute_standings,
    parse_order,
)
from tests.builders import crosstable, pid

F = Fraction

# Four rounds, eight players.
EVENT = """
1: +W5 +B3 =W2 +B4
2: +B6 =W4 =B1 +W3
3: +W7 -W1 +B8 -B2
4: +B8 =B2 =W7 -W1
5: -B1 +W7 -B6 +W8
6: -W2 -B8 +W5 =B7
7: -B3 -B5 =B4 =W6
8: -W4 +W6 -W3 -B5
"""


def summary(order: str) -> list[tuple[int, bool, int, Fraction]]:
    standings = compute_standings(crosstable(EVENT), parse_order(order))
    return [(r.rank, r.shared, r.player.start_number, r.score) for r in standings.rows]


def test_score_alone_gives_shared_ranks_listed_by_start_number() -> None:
    assert summary("") == [
        (1, False, 1, F(7, 2)),
        (2, False, 2, F(3)),
        (3, True, 3, F(2)),
        (3, True, 4, F(2)),
        (3, True, 5, F(2)),
        (6, False, 6, F(3, 2)),
        (7, True, 7, F(1)),
        (7, True, 8, F(1)),
        # no rank by start number: 3, 4, 5 share third place and 7, 8 share seventh
    ]


def test_tiebreaks_split_only_the_tied_players() -> None:
    # Solkoff of 3: opponents 7, 1, 8, 2 = 1 + 3.5 + 1 + 3 = 8.5;
    # of 4: 8, 2, 7, 1 = 8.5; of 5: 1, 7, 6, 8 = 3.5 + 1 + 1.5 + 1 = 7
    # Cumulative of 3: 1, 1, 2, 2 = 6; of 4: 1, 1.5, 2, 2 = 6.5
    assert summary("solkoff,cumulative")[2:5] == [
        (3, False, 4, F(2)),
        (4, False, 3, F(2)),
        (5, False, 5, F(2)),
    ]


def test_every_player_gets_every_value_even_after_the_tie_is_broken() -> None:
    standings = compute_standings(
        crosstable(EVENT), parse_order("solkoff,cumulative,kashdan")
    )
    assert all(len(row.values) == 3 for row in standings.rows)
    leader = standings.row(pid(1))  # alone on 3.5
    # opponents 5, 3, 2, 4: 2 + 2 + 3 + 2; running 1, 2, 2.5, 3.5; 4 + 4 + 2 + 4
    assert [v.value for v in leader.values] == [9, 9, 14]


def test_standings_after_an_earlier_round() -> None:
    # After round 2: 1 has 2, then 2 and 4 on 1.5; records of rounds 3-4 are ignored.
    standings = compute_standings(
        crosstable(EVENT, through_round=2), parse_order("modified_median")
    )
    assert standings.through_round == 2
    assert [(r.player.start_number, r.score) for r in standings.rows[:2]] == [
        (1, 2),
        (2, F(3, 2)),
    ]
    # 2 has 1.5 of 2 (plus): the lowest opponent score goes. Opponents 6 (0) and 4 (1.5);
    # 4 met 8 (1) and 2 (1.5): the same 1.5, so 2 and 4 share second place.
    assert standings.row(pid(2)).values[0].value == F(3, 2)
    assert [(r.rank, r.shared) for r in standings.rows[1:3]] == [(2, True), (2, True)]
    assert standings.running_scores(pid(2)) == (F(1), F(3, 2))


def test_even_score_uses_the_maximum_so_far() -> None:
    # After round 2, player 3 has 1 of 2: even, so highest and lowest go (nothing left).
    # Over the whole event 1 of 2 would have been a minus score.
    standings = compute_standings(
        crosstable(EVENT, through_round=2), parse_order("modified_median")
    )
    explanation = standings.row(pid(3)).values[0].explanation
    assert {d.reason for d in explanation.discarded} == {
        "even score: highest and lowest dropped"
    }


def test_row_lookup_and_missing_player() -> None:
    standings = compute_standings(crosstable(EVENT), parse_order("solkoff"))
    assert standings.row(pid(6)).player.start_number == 6
    with pytest.raises(KeyError):
        standings.row(999)
    with pytest.raises(KeyError):
        standings.running_scores(999)


def test_order_is_recorded_and_duplicates_refused() -> None:
    order = parse_order("uschess")
    assert compute_standings(crosstable(EVENT), order).order == order
    with pytest.raises(DuplicateTiebreak):
        compute_standings(crosstable(EVENT), order + order[:1])


def test_no_players_no_rows() -> None:
    standings = compute_standings(
        crosstable("", rounds_total=5, through_round=0), parse_order("uschess")
    )
    assert standings.rows == ()


def test_before_round_one_everyone_shares_first() -> None:
    standings = compute_standings(
        crosstable(EVENT, through_round=0), parse_order("uschess")
    )
    assert {(r.rank, r.shared, r.score) for r in standings.rows} == {(1, True, F(0))}
    assert standings.running_scores(pid(1)) == ()


def test_tiebreak_value_accepts_an_explanation_or_a_builder() -> None:
    built = TiebreakValue(F(1), lambda: Explanation("one"))
    given = TiebreakValue(F(1), Explanation("one"))
    assert built == given
    assert built.to_dict() == {
        "value": "1",
        "explanation": {
            "summary": "one",
            "contributions": [],
            "discarded": [],
            "deductions": [],
        },
    }
    with pytest.raises(AttributeError):
        built.value = F(2)  # type: ignore[misc]


# Scores: 2 and 1 on 1.5; 5 and 6 on 1; 4 on 0.5; 3 and 7 on 0.
GROUPS = """
1: +W3 =B4
2: +W5 =B6
3: * .
4: . *
5: * +W7
6: H *
"""


def test_score_groups_give_the_places_each_score_covers() -> None:
    # US Chess 34C divides cash among the players tied on score, whatever the tiebreaks say.
    standings = compute_standings(crosstable(GROUPS), parse_order("solkoff"))

    groups = standings.score_groups()
    assert [
        (g.score, g.first, g.last, g.places, [r.player.start_number for r in g.rows])
        for g in groups
    ] == [
        (F(3, 2), 1, 2, "1-2", [2, 1]),
        (F(1), 3, 4, "3-4", [5, 6]),
        (F(1, 2), 5, 5, "5", [4]),
        (F(0), 6, 7, "6-7", [3, 7]),
    ]
    assert standings.place_range(pid(6)) == (3, 4)
    assert standings.place_range(pid(4)) == (5, 5)
    # the tiebreaks split every group here, yet the groups (and their places) stay
    assert not any(row.shared for row in standings.rows[:4])


def test_before_round_one_everyone_is_one_score_group_sharing_first() -> None:
    standings = compute_standings(crosstable(GROUPS, through_round=0), ())
    [group] = standings.score_groups()
    assert (group.first, group.last) == (1, 7)
    assert all(row.shared and row.rank == 1 for row in group.rows)
