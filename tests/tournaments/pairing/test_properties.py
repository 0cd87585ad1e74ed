"""Whole simulated events (hypothesis): 9 rounds for 10 to 300 players with random results,
forfeits, requested byes, withdrawals and late entries, every round paired by ``pair_swiss``."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.pairing.events import simulate
from tournaments.pairing import (
    ByeKind,
    Entrant,
    PairingOptions,
    maximum_matching,
    pairing_problems,
)

EVENTS = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)


def avoidable(present: list[Entrant]) -> bool:
    """True when the present players can all be paired (one left for an odd count) afresh."""
    match = maximum_matching(
        len(present), lambda v, w: present[w].id not in present[v].opponents
    )
    return sum(m != -1 for m in match) // 2 == len(present) // 2


@EVENTS
@given(
    players=st.integers(min_value=10, max_value=300),
    seed=st.integers(min_value=0, max_value=2**32),
    accelerated=st.booleans(),
)
def test_every_round_of_a_simulated_event_passes_the_checker(
    players: int, seed: int, accelerated: bool
) -> None:
    options = PairingOptions(accelerated_rounds=2 if accelerated else 0)
    pairing_byes: Counter[int] = Counter()
    for round_number, entrants, pairing in simulate(
        players, 9, random.Random(seed), options=options
    ):
        problems = pairing_problems(entrants, pairing.boards, pairing.byes)
        rematches = [p for p in problems if p.endswith("have already met.")]
        others = [p for p in problems if p not in rematches]
        assert others == [], (round_number, others)
        if rematches:
            present = [
                e for e in entrants if not e.withdrawn and e.requested_bye is None
            ]
            assert not avoidable(present), (round_number, rematches)
        for bye in pairing.byes:
            if bye.kind is ByeKind.PAIRING:
                pairing_byes[bye.player] += 1
        assert sum(b.kind is ByeKind.PAIRING for b in pairing.byes) <= 1


@EVENTS
@given(
    players=st.integers(min_value=10, max_value=300),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_no_player_gets_two_pairing_byes_and_colours_stay_within_two(
    players: int, seed: int
) -> None:
    byes: Counter[int] = Counter()
    final: dict[int, Entrant] = {}
    for _round, entrants, pairing in simulate(players, 9, random.Random(seed)):
        final.update((e.id, e) for e in entrants)
        byes.update(b.player for b in pairing.byes if b.kind is ByeKind.PAIRING)
    assert max(byes.values(), default=0) <= 1
    assert all(abs(e.balance) <= 2 for e in final.values())
