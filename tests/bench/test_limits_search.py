"""The pairing bench's oracle (bench/limits_search.py): the best arrangement of one score group
within the US Chess rating limits for colour moves (29E5), searched exhaustively."""

from __future__ import annotations

import itertools
import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tournaments.pairing import Colour, Entrant, PairingOptions
from tournaments.pairing.entities import EQUALISATION, STRONG

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from limits_search import best_within_limits, group_rating  # noqa: E402


def player(
    n: int, rating: int | None, history: str, met: tuple[int, ...] = ()
) -> Entrant:
    return Entrant(
        id=n,
        rating=rating,
        score=Fraction(2),
        colours=tuple(Colour(c) for c in history),
        opponents=frozenset({*met, 100 + n}),
    )


def interchange_group(gap: int, history_w: str, history_b: str) -> list[Entrant]:
    """#1 and #3 due White, #2 and #4 due Black; #1 has met #4. Top against bottom pairs #1-#3
    and #2-#4, two clashes; the lower players' transposition (#1-#4, #2-#3) is a rematch, and so
    is the upper players' (the same boards). Only the interchange of #2 and #3 across the halves
    (#1-#2, #3-#4) gives every player their colour: #3 is ``gap`` points below #2."""
    return [
        player(1, 1600, history_w, met=(4,)),
        player(2, 1500, history_b),
        player(3, 1500 - gap, history_w),
        player(4, 1000, history_b, met=(1,)),
    ]


def test_the_best_arrangement_may_need_an_interchange_across_the_halves() -> None:
    group = interchange_group(10, "WB", "BW")

    best = best_within_limits(group, PairingOptions())

    assert best.clashes == 0 and best.exact
    assert sorted(tuple(sorted(b)) for b in best.boards) == [(1, 2), (3, 4)]


@pytest.mark.parametrize(
    ("gap", "history_w", "history_b", "clashes"),
    [
        # Claims to alternate: within 80 points (29E5a), not 81.
        (80, "WB", "BW", 0),
        (81, "WB", "BW", 2),
        # Claims to equalise: within 200 points to cure their clash (29E5b), not 201.
        (81, "B", "W", 0),
        (200, "B", "W", 0),
        (201, "B", "W", 2),
    ],
)
def test_the_interchange_is_allowed_only_within_the_limit_of_the_clash_it_cures(
    gap: int, history_w: str, history_b: str, clashes: int
) -> None:
    best = best_within_limits(
        interchange_group(gap, history_w, history_b), PairingOptions()
    )

    assert best.clashes == clashes and best.exact


def test_a_group_with_no_arrangement_without_a_rematch_has_none_found() -> None:
    # #1 has met everyone else in the group.
    group = [
        player(1, 1600, "WB", met=(2, 3, 4)),
        player(2, 1590, "BW", met=(1,)),
        player(3, 1580, "WB", met=(1,)),
        player(4, 1570, "BW", met=(1,)),
    ]

    best = best_within_limits(group, PairingOptions())

    assert best.clashes is None and not best.boards


def _clash(a: Entrant, b: Entrant) -> int:
    return 1 if a.due is not None and a.due is b.due else 0


def _brute_force(group: list[Entrant], options: PairingOptions) -> int | None:
    """Every permutation of the players over the places, each move checked by the rule."""
    order = sorted(group, key=lambda e: (-group_rating(e, options), e.id))
    half = len(order) // 2
    rating = [group_rating(e, options) for e in order]
    severity = [0] * len(order)
    for i in range(half):
        a, b = order[i], order[i + half]
        severity[i] = severity[i + half] = min(a.strength, b.strength) * _clash(a, b)
    reach = {0: -1, 1: options.alternate_limit, EQUALISATION: options.equalise_limit}
    best = None
    for places in itertools.permutations(range(len(order))):
        fine = True
        for place, p in enumerate(places):
            partner = places[(place + half) % len(order)]
            a, b = order[p], order[partner]
            moved = abs(rating[p] - rating[place])
            cured = max(severity[p], severity[partner])
            if b.id in a.opponents or not (
                p == place
                or moved <= min(options.alternate_limit, options.equalise_limit)
                or (not _clash(a, b) and (cured >= STRONG or moved <= reach[cured]))
            ):
                fine = False
                break
        if fine:
            clashes = sum(
                _clash(order[places[i]], order[places[i + half]]) for i in range(half)
            )
            best = clashes if best is None else min(best, clashes)
    return best


@pytest.mark.parametrize("seed", range(12))
def test_the_search_finds_what_every_permutation_of_the_places_finds(seed: int) -> None:
    rng = random.Random(seed)
    size = 6 if seed % 3 else 8
    group = []
    for n in range(1, size + 1):
        history = "".join(rng.choice("WB") for _ in range(rng.randint(1, 3)))
        group.append(player(n, rng.randint(1400, 1700), history))
    # A few earlier meetings inside the group (no rematch allowed).
    for _ in range(size // 2):
        a, b = rng.sample(group, 2)
        group[a.id - 1] = player(a.id, a.rating, _hist(a), (*a.opponents, b.id))
        group[b.id - 1] = player(b.id, b.rating, _hist(b), (*b.opponents, a.id))
    options = PairingOptions()

    best = best_within_limits(group, options, repairs=False)

    assert best.clashes == _brute_force(group, options)
    assert best.clashes is None or best.exact


def _hist(e: Entrant) -> str:
    return "".join(c.value for c in e.colours)
