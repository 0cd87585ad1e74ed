"""Properties of the prize distribution on random standings and funds (hypothesis)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from standings.engine.prizes import Contender, Distribution, Prize, distribute

RATINGS = [None, 1350, 1450, 1550, 1750, 2100]


@st.composite
def contenders(draw: st.DrawFn) -> list[Contender]:
    count = draw(st.integers(1, 9))
    halves = sorted((draw(st.integers(0, 8)) for _ in range(count)), reverse=True)
    return [
        Contender(
            n,
            Fraction(h, 2),
            draw(st.sampled_from(RATINGS)),
            frozenset({"Under 12"}) if draw(st.booleans()) else frozenset(),
        )
        for n, h in enumerate(halves, start=1)
    ]


@st.composite
def funds(draw: st.DrawFn) -> list[Prize]:
    prizes = []
    for n in range(draw(st.integers(0, 7))):
        kind = draw(st.sampled_from(["place", "u1600", "u1800", "unrated", "group"]))
        places = tuple(sorted(draw(st.sets(st.integers(1, 6), min_size=1, max_size=3))))
        cash = draw(st.integers(0, 50)) * 1000 + draw(st.sampled_from([0, 1, 33]))
        item = draw(st.sampled_from(["", "Trophy"]))
        if not cash and not item:
            cash = 100
        limits: dict[str, Any] = LIMITS[kind]
        prizes.append(Prize(f"P{n}", places, cash, item, **limits))
    return prizes


LIMITS: dict[str, dict[str, Any]] = {
    "place": {},
    "u1600": {"max_rating": 1599},
    "u1800": {"max_rating": 1799},
    "unrated": {"unrated": True},
    "group": {"group": "Under 12"},
}


def cash_by_player(result: Distribution) -> dict[int, int]:
    return {a.player: a.cash for a in result.awards() if a.cash}


@settings(max_examples=300, deadline=None)
@given(contenders(), funds())
def test_every_cent_is_paid_once_or_reported(
    players: list[Contender], prizes: list[Prize]
) -> None:
    result = distribute(players, prizes)
    fund_total = sum(p.cash * len(p.places) for p in prizes)
    paid = sum(pool.share * len(pool.players) for pool in result.pools)
    assert paid + result.undistributed == fund_total
    seen_players: set[int] = set()
    seen_slots: set[object] = set()
    by_id = {c.id: c for c in players}
    for pool in result.pools:
        assert not seen_players & set(pool.players), "a player in two pools"
        assert not seen_slots & set(pool.prizes), "a prize in two pools"
        seen_players |= set(pool.players)
        seen_slots |= set(pool.prizes)
        # One prize per tied player at most; all of a pool tied on score.
        assert len(pool.prizes) <= len(pool.players)
        assert len({by_id[p].score for p in pool.players}) == 1
        assert 0 <= pool.remainder < len(pool.players)
        for slot in pool.prizes:
            if slot.prize.is_class:
                assert any(slot.prize.eligible(by_id[p]) for p in pool.players)
            else:
                assert slot.place <= pool.last_place


@settings(max_examples=300, deadline=None)
@given(contenders(), funds(), st.randoms(use_true_random=False))
def test_cash_does_not_depend_on_the_order_within_a_score_group(
    players: list[Contender], prizes: list[Prize], rnd: random.Random
) -> None:
    # 34C: tiebreaks are not used for cash. Reordering players on the same score (what the
    # tiebreaks do) changes no one's cash.
    shuffled: list[Contender] = []
    group: list[Contender] = []
    for c in [*players, None]:
        if c is None or (group and c.score != group[0].score):
            rnd.shuffle(group)
            shuffled += group
            group = []
        if c is not None:
            group.append(c)
    assert cash_by_player(distribute(players, prizes)) == cash_by_player(
        distribute(shuffled, prizes)
    )


@settings(max_examples=200, deadline=None)
@given(contenders(), funds())
def test_no_one_in_a_shared_pool_could_do_better_alone_with_a_prize_only_they_can_win(
    players: list[Contender], prizes: list[Prize]
) -> None:
    # The exception of the prize rules: a pool stays shared only when no member would get more by
    # taking alone a prize of the pool that no one else of the pool can win.
    result = distribute(players, prizes)
    by_id = {c.id: c for c in players}
    for pool in result.pools:
        if len(pool.players) < 2:
            continue
        equal = Fraction(pool.total, len(pool.players))
        for slot in pool.prizes:
            if not slot.prize.is_class:
                continue
            winners = [p for p in pool.players if slot.prize.eligible(by_id[p])]
            if len(winners) == 1:
                assert slot.cash <= equal
