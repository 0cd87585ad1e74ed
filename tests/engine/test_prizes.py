"""Prize distribution: hand-worked cases of cash pooled among players tied on score, and items.

The rule cited throughout is US Chess Official Rules of Chess, 7th ed., rule 34C ("Tiebreaks are
not used for cash prizes, which are divided evenly among the tied players. An exception is a
playoff, which may be used to determine cash prizes if notice of this is given in all detailed
pre-tournament publicity"), with the prize rules the program follows beyond it (engine/prizes.py
and docs/prizes.md: one cash prize per player; the prizes a tie involves are added up and divided equally unless a player or
a smaller group does better with prizes only they can win; at equal amounts a place prize before
a class prize). Amounts are in cents.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.engine.prizes import (
    Contender,
    Decision,
    Distribution,
    Playoff,
    PoolKind,
    Prize,
    PrizeError,
    distribute,
    format_cents,
    ordinal,
)


def player(
    pid: int,
    score: str,
    rating: int | None = 2000,
    groups: str = "",
    tiebreaks: tuple[int, ...] = (),
) -> Contender:
    return Contender(
        pid,
        Fraction(score),
        rating,
        frozenset(g for g in groups.split(",") if g),
        tuple(Fraction(t) for t in tiebreaks),
    )


def place(label: str, *places: int, cash: int = 0, item: str = "") -> Prize:
    return Prize(label, places, cash * 100, item)


def cash_of(result: Distribution) -> dict[int, int]:
    """Cents each player receives (only those who receive cash)."""
    return {a.player: a.cash for a in result.awards() if a.cash}


# Standings used by the 2nd-4th cases: 1 alone on 4.5, then 2, 3 and 4 tied on 4 (places 2-4),
# player 4 the only one rated under 1600, then 5 alone on 3.
TIED_2ND_TO_4TH = [
    player(1, "4.5", 2210),
    player(2, "4", 2120),
    player(3, "4", 2075),
    player(4, "4", 1550),
    player(5, "3", 1500),
]


def test_u1600_prize_smaller_than_the_equal_share_goes_into_the_pool() -> None:
    # Three tied for 2nd-4th: 2nd $200, 3rd $100 (no 4th prize), and player 4 is the top U1600
    # player with a U1600 prize of $120. Cash is divided evenly among the tied players (US Chess
    # Official Rules of Chess, 7th ed., rule 34C): the prizes involved are the place prizes of
    # places 2-4 ($200 + $100) and the class prize a member would win ($120), one per player:
    # $420 / 3 = $140 each. Taking the U1600 prize alone ($120) would give player 4 less than
    # $140, so no exception. Player 5, also under 1600, gets nothing: the U1600 1st prize went
    # into the pool.
    prizes = [
        place("1st", 1, cash=500),
        place("2nd", 2, cash=200),
        place("3rd", 3, cash=100),
        Prize("U1600 1st", (1,), 12000, max_rating=1599),
    ]
    result = distribute(TIED_2ND_TO_4TH, prizes)
    assert cash_of(result) == {1: 50000, 2: 14000, 3: 14000, 4: 14000}
    pool = result.pools[1]
    assert pool.kind is PoolKind.SHARED
    assert pool.players == (2, 3, 4)
    assert [s.label for s in pool.prizes] == ["2nd", "U1600 1st", "3rd"]
    assert (pool.total, pool.share, pool.remainder) == (42000, 14000, 0)
    assert (pool.first_place, pool.last_place) == (2, 4)
    assert result.undistributed == 0


def test_u1600_prize_larger_than_the_equal_share_is_taken_and_the_others_share_the_rest() -> (
    None
):
    # The same tie with a U1600 prize of $300. Pooled, $200 + $100 + $300 = $600 / 3 = $200, but
    # player 4 would get more ($300) by taking a prize the other two cannot win: player 4 takes
    # the $300 and players 2 and 3 share the rest, $300 / 2 = $150 each.
    prizes = [
        place("1st", 1, cash=500),
        place("2nd", 2, cash=200),
        place("3rd", 3, cash=100),
        Prize("U1600 1st", (1,), 30000, max_rating=1599),
    ]
    result = distribute(TIED_2ND_TO_4TH, prizes)
    assert cash_of(result) == {1: 50000, 2: 15000, 3: 15000, 4: 30000}
    exclusive, rest = result.pools[1], result.pools[2]
    assert (exclusive.kind, exclusive.players, exclusive.share) == (
        PoolKind.EXCLUSIVE,
        (4,),
        30000,
    )
    assert [s.label for s in exclusive.prizes] == ["U1600 1st"]
    assert exclusive.split_from == rest.split_from == (60000, 3)
    assert (rest.kind, rest.players, rest.total, rest.share) == (
        PoolKind.REST,
        (2, 3),
        30000,
        15000,
    )
    assert [s.label for s in rest.prizes] == ["2nd", "3rd"]


def test_a_tie_over_three_places_with_two_prizes_shares_both_among_all_three() -> None:
    # Three tied on 4 for 1st-3rd; 1st $100, 2nd $60, no 3rd prize. US Chess Official Rules of
    # Chess, 7th ed., rule 34C: the $160 is divided evenly among the three tied players: $53.33
    # each, rounded down to the cent, and the one cent left over is shown as the remainder.
    # Player 4 (alone on 3, 4th place) gets nothing: the place prizes of places 1-3 went to the
    # tie.
    players = [
        player(1, "4"),
        player(2, "4"),
        player(3, "4"),
        player(4, "3"),
    ]
    result = distribute(players, [place("1st", 1, cash=100), place("2nd", 2, cash=60)])
    assert cash_of(result) == {1: 5333, 2: 5333, 3: 5333}
    (pool,) = result.pools
    assert (pool.total, pool.share, pool.remainder) == (16000, 5333, 1)
    assert result.remainder == 1
    assert result.undistributed == 1


def test_unrated_prize_goes_to_the_unrated_player_who_does_better_taking_it() -> None:
    # Players 2 and 3 tie on 3 for 2nd-3rd; 2nd $80, 3rd $20, Best unrated $100; player 3 is
    # unrated, player 4 (unrated, lower score) too. Pooled: $80 + $100 = $180 / 2 = $90 (only
    # two prizes: one per tied player, so the 3rd prize passes down). The unrated prize is one
    # player 2 cannot win and gives player 3 $100 > $90: player 3 takes it, player 2 takes the
    # $80 that is left. The 3rd prize ($20) passes down to player 4, in 4th place.
    players = [
        player(1, "4"),
        player(2, "3", 1800),
        player(3, "3", None),
        player(4, "2", None),
    ]
    prizes = [
        place("2nd", 2, cash=80),
        place("3rd", 3, cash=20),
        Prize("Best unrated", (1,), 10000, unrated=True),
    ]
    result = distribute(players, prizes)
    assert cash_of(result) == {2: 8000, 3: 10000, 4: 2000}
    assert [p.kind for p in result.pools] == [
        PoolKind.EXCLUSIVE,
        PoolKind.REST,
        PoolKind.ALONE,
    ]


def test_rated_and_unrated_players_qualify_only_for_their_own_classes() -> None:
    # A rating class is for rated players, an unrated prize for unrated ones (docs/prizes.md).
    unrated = player(1, "3", None)
    rated = player(2, "3", 1400)
    u1600 = Prize("U1600", (1,), 1000, max_rating=1599)
    best_unrated = Prize("Best unrated", (1,), 1000, unrated=True)
    band = Prize("Class C", (1,), 1000, min_rating=1400, max_rating=1599)
    juniors = Prize("Under 12", (1,), 1000, group="Under 12")
    assert not u1600.eligible(unrated) and u1600.eligible(rated)
    assert best_unrated.eligible(unrated) and not best_unrated.eligible(rated)
    assert band.eligible(rated) and not band.eligible(player(3, "3", 1399))
    assert juniors.eligible(player(4, "1", 1000, groups="Under 12"))
    assert not juniors.eligible(rated)


def test_a_trophy_among_tied_players_goes_by_the_first_tiebreak_that_separates_them() -> (
    None
):
    # Players 1 and 2 tie on 4.5 for 1st-2nd; 1st $500 + trophy, 2nd $300. The cash is divided
    # evenly (US Chess Official Rules of Chess, 7th ed., rule 34C: tiebreaks are not used for
    # cash): $400 each. The trophy is indivisible and goes by the posted tiebreaks: equal on the
    # first, player 1 ahead on the second.
    players = [
        player(1, "4.5", tiebreaks=(15, 19)),
        player(2, "4.5", tiebreaks=(15, 18)),
        player(3, "3", tiebreaks=(10, 12)),
    ]
    prizes = [place("1st", 1, cash=500, item="Trophy"), place("2nd", 2, cash=300)]
    result = distribute(players, prizes)
    assert cash_of(result) == {1: 40000, 2: 40000}
    (trophy,) = result.items
    assert (trophy.player, trophy.decision, trophy.tiebreak, trophy.over) == (
        1,
        Decision.TIEBREAK,
        1,
        2,
    )


def test_a_playoff_decides_the_trophy_but_not_the_cash_unless_announced() -> None:
    # Same tie; player 2 wins a playoff (US Chess Official Rules of Chess, 7th ed., rule 34A:
    # playoffs as the alternative to tiebreaks). Unannounced, the playoff orders the two for the
    # indivisible trophy only: player 2 gets it, the cash is still $400 each (rule 34C:
    # tiebreaks are not used for cash, a playoff only when announced).
    players = [
        player(1, "4.5", tiebreaks=(15, 19)),
        player(2, "4.5", tiebreaks=(15, 18)),
    ]
    prizes = [place("1st", 1, cash=500, item="Trophy"), place("2nd", 2, cash=300)]
    playoff = Playoff((2, 1), "G/5 armageddon")
    result = distribute(players, prizes, playoffs=[playoff])
    assert cash_of(result) == {1: 40000, 2: 40000}
    (trophy,) = result.items
    assert (trophy.player, trophy.decision, trophy.over) == (2, Decision.PLAYOFF, 1)
    assert result.order == (2, 1)


def test_a_playoff_announced_in_advance_also_decides_the_cash() -> None:
    # US Chess Official Rules of Chess, 7th ed., rule 34C: "a playoff ... may be used to
    # determine cash prizes if notice of this is given in all detailed pre-tournament
    # publicity". Announced, the playoff places its winner 1st ($500 and the trophy) and the
    # loser 2nd ($300); nothing is pooled.
    players = [
        player(1, "4.5", tiebreaks=(15, 19)),
        player(2, "4.5", tiebreaks=(15, 18)),
    ]
    prizes = [place("1st", 1, cash=500, item="Trophy"), place("2nd", 2, cash=300)]
    result = distribute(
        players, prizes, playoffs=[Playoff((2, 1))], playoff_decides_cash=True
    )
    assert cash_of(result) == {2: 50000, 1: 30000}
    assert [p.kind for p in result.pools] == [PoolKind.PLAYOFF, PoolKind.PLAYOFF]
    assert result.items[0].player == 2


def test_players_of_an_announced_playoff_come_before_the_rest_of_their_score_group() -> (
    None
):
    # Three on 4 points; 2 and 3 played off for 1st (announced). The playoff players take 1st
    # and 2nd in playoff order; player 1, not in the playoff, is alone in 3rd.
    players = [player(1, "4"), player(2, "4"), player(3, "4")]
    prizes = [
        place("1st", 1, cash=300),
        place("2nd", 2, cash=200),
        place("3rd", 3, cash=100),
    ]
    result = distribute(
        players, prizes, playoffs=[Playoff((3, 2))], playoff_decides_cash=True
    )
    assert cash_of(result) == {3: 30000, 2: 20000, 1: 10000}


def test_a_playoff_among_players_not_tied_on_score_is_ignored_and_reported() -> None:
    players = [player(1, "4"), player(2, "3")]
    playoff = Playoff((2, 1))
    result = distribute(players, [place("1st", 1, cash=100)], playoffs=[playoff])
    assert result.ignored_playoffs == ((playoff, "its players are not tied on score"),)
    assert cash_of(result) == {1: 10000}


def test_a_player_receives_one_cash_prize_the_larger() -> None:
    # Player 1 wins 1st ($100) and is the top U1600 player (U1600 $150): one cash prize, the
    # larger. The 1st prize passes down to player 2, and player 3 (U1600) does not get the U1600
    # prize player 1 took.
    players = [player(1, "5", 1500), player(2, "4"), player(3, "3", 1400)]
    prizes = [
        place("1st", 1, cash=100),
        place("2nd", 2, cash=50),
        Prize("U1600", (1,), 15000, max_rating=1599),
    ]
    result = distribute(players, prizes)
    assert cash_of(result) == {1: 15000, 2: 10000, 3: 5000}


def test_at_equal_amounts_the_place_prize_comes_before_the_class_prize() -> None:
    # 1st $100 and U1600 $100: player 1 (under 1600) is credited with 1st, so the U1600 prize
    # goes to the next U1600 player, player 3.
    players = [player(1, "5", 1500), player(2, "4"), player(3, "3", 1400)]
    prizes = [place("1st", 1, cash=100), Prize("U1600", (1,), 10000, max_rating=1599)]
    result = distribute(players, prizes)
    assert [s.label for s in result.pools[0].prizes] == ["1st"]
    assert cash_of(result) == {1: 10000, 3: 10000}


def test_at_equal_amounts_a_higher_class_comes_before_a_lower() -> None:
    # U1600 and U1800, $50 each, listed lower class first: player 1 (1500) is credited with the
    # higher class, U1800; the U1600 prize goes to player 2.
    players = [player(1, "3", 1500), player(2, "2", 1450)]
    prizes = [
        Prize("U1600", (1,), 5000, max_rating=1599),
        Prize("U1800", (1,), 5000, max_rating=1799),
    ]
    result = distribute(players, prizes)
    assert [(p.players, p.prizes[0].label) for p in result.pools] == [
        ((1,), "U1800"),
        ((2,), "U1600"),
    ]


def test_a_class_prize_for_several_places_pays_each_place() -> None:
    # "1st-3rd U1600" $30 each: the three best players under 1600 by score, one prize each.
    players = [
        player(1, "4", 1500),
        player(2, "3", 1800),
        player(3, "3", 1400),
        player(4, "2", 1300),
        player(5, "1", 1200),
    ]
    prizes = [Prize("1st-3rd U1600", (1, 2, 3), 3000, max_rating=1599)]
    result = distribute(players, prizes)
    assert cash_of(result) == {1: 3000, 3: 3000, 4: 3000}
    assert result.pools[0].prizes[0].label == "1st-3rd U1600 (1st)"


def test_a_smaller_group_shares_the_prizes_only_its_members_can_win() -> None:
    # Four tied on 3 for 2nd-5th: 2nd $100, 3rd $60. Players 3 (1500) and 4 (1450) can win U1600
    # $300; only player 4 can win U1500 $200. Pooled, one prize per player: $300 + $200 + $100 +
    # $60 = $660 / 4 = $165. The parts that can take prizes the others cannot win: player 4
    # alone (U1500: $200) and the pair 3-4 (U1600 + U1500: $500 / 2 = $250). The pair does best
    # per head: it shares $500 ($250 each; player 4 alone would get only $200), and players 2
    # and 5 share the rest, $100 + $60 = $80 each.
    players = [
        player(1, "4"),
        player(2, "3"),
        player(3, "3", 1500),
        player(4, "3", 1450),
        player(5, "3"),
    ]
    prizes = [
        place("2nd", 2, cash=100),
        place("3rd", 3, cash=60),
        Prize("U1600", (1,), 30000, max_rating=1599),
        Prize("U1500", (1,), 20000, max_rating=1499),
    ]
    result = distribute(players, prizes)
    assert cash_of(result) == {3: 25000, 4: 25000, 2: 8000, 5: 8000}
    assert [(p.kind, p.players) for p in result.pools] == [
        (PoolKind.EXCLUSIVE, (3, 4)),
        (PoolKind.REST, (2, 5)),
    ]


def test_a_tie_with_more_players_than_prizes_shares_them_all() -> None:
    # Five tied for 1st-5th with prizes for 1st-3rd only: everyone tied shares (34C).
    players = [player(n, "4") for n in range(1, 6)]
    prizes = [
        place("1st", 1, cash=300),
        place("2nd", 2, cash=200),
        place("3rd", 3, cash=100),
    ]
    result = distribute(players, prizes)
    assert set(cash_of(result).values()) == {12000}
    assert len(cash_of(result)) == 5


def test_prizes_nobody_can_win_are_reported_undistributed() -> None:
    players = [player(1, "2"), player(2, "1")]
    prizes = [
        place("1st", 1, cash=100),
        Prize("Best unrated", (1,), 5000, item="Book", unrated=True),
    ]
    result = distribute(players, prizes)
    assert [s.label for s in result.unawarded_cash] == ["Best unrated"]
    assert [s.label for s in result.unawarded_items] == ["Best unrated"]
    assert result.undistributed == 5000


def test_class_items_go_to_the_best_placed_eligible_player_without_an_item() -> None:
    # Player 1 (U1600) takes the 1st-place trophy; the U1600 trophy goes to the next U1600
    # player, player 3, over player 4 on the same score by the first tiebreak.
    players = [
        player(1, "4", 1500),
        player(2, "3"),
        player(3, "2", 1400, tiebreaks=(9,)),
        player(4, "2", 1300, tiebreaks=(8,)),
    ]
    prizes = [
        place("1st", 1, item="Trophy"),
        Prize("U1600", (1,), 0, "Trophy", max_rating=1599),
    ]
    result = distribute(players, prizes)
    assert [(a.slot.label, a.player, a.decision) for a in result.items] == [
        ("1st", 1, Decision.SCORE),
        ("U1600", 3, Decision.TIEBREAK),
    ]
    assert result.pools == ()


def test_players_still_tied_after_every_tiebreak_are_marked_unbroken() -> None:
    players = [player(1, "3", tiebreaks=(5,)), player(2, "3", tiebreaks=(5,))]
    result = distribute(players, [place("1st", 1, item="Trophy")])
    assert result.items[0].decision is Decision.UNBROKEN


def test_awards_list_every_player_who_receives_something_in_order() -> None:
    players = [player(1, "3"), player(2, "3"), player(3, "2"), player(4, "1")]
    prizes = [place("1st", 1, cash=100, item="Trophy"), place("2nd", 2, cash=50)]
    awards = distribute(players, prizes).awards()
    assert [(a.player, a.cash, [s.label for s in a.prizes]) for a in awards] == [
        (1, 7500, ["1st", "2nd"]),
        (2, 7500, ["1st", "2nd"]),
    ]
    assert [i.slot.item for i in awards[0].items] == ["Trophy"]


def test_contenders_out_of_score_order_are_refused() -> None:
    with pytest.raises(PrizeError):
        distribute([player(1, "1"), player(2, "2")], [])


@pytest.mark.parametrize(
    ("n", "text"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (22, "22nd")],
)
def test_ordinal(n: int, text: str) -> None:
    assert ordinal(n) == text


def test_format_cents() -> None:
    assert [format_cents(c) for c in (0, 5, 15000, 5333)] == [
        "0.00",
        "0.05",
        "150.00",
        "53.33",
    ]
