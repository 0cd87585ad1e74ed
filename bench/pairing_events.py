"""Generated Swiss events for the pairing benchmarks: the states a pairing program is asked for.

``event_rounds(players, rounds, seed)`` plays a whole event with ``pair_swiss`` and yields, per
round, the entrants as they stand before it (what any engine is given) and Tiebreak's pairing.
What happens, drawn from a fixed seed so a run can be repeated:

- ratings 700-2500, about 4% unrated; about 3% late entries (joining in round 2 or 3; the
  rounds missed count as zero-point byes);
- requested byes: about 3% of players per round ask for a half-point bye (a few full or zero);
- forfeits: about 2% of boards, the loser withdrawing half of the time; another 1% of players
  withdraw between rounds;
- results drawn by rating (the expected score of the Elo formula, a third of the non-wins
  draws).

Also here: ``colour_misses`` (players not given their due colour), ``cross_boards`` (boards
across score groups), used by ``pairing_compare.py``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# One simulation serves the tests and the benchmarks: the player's record and how a round is
# played; the draws below (ratings, late entries, byes, results by rating) are the benchmarks'.
from tests.tournaments.pairing.events import Player, round_play  # noqa: E402
from tournaments.pairing import (  # noqa: E402
    Board,
    ByeKind,
    Colour,
    Entrant,
    PairingOptions,
    RoundPairing,
    pair_swiss,
)


@dataclass
class State:
    """One round to pair: its number, the entrants, and every player's record so far."""

    round_number: int
    entrants: list[Entrant]
    players: list[Player]
    seconds: float  # how long pair_swiss took on it, in process


def _expected(white: int | None, black: int | None) -> float:
    a, b = white or 1200, black or 1200
    return 1 / (1 + 10 ** ((b - a) / 400))


def event_rounds(
    players: int,
    rounds: int,
    seed: int,
    *,
    options: PairingOptions | None = None,
) -> Iterator[tuple[State, RoundPairing]]:
    """Each round of a generated event: the state it is paired from and Tiebreak's pairing."""
    rng = random.Random(seed)
    field_: list[Player] = []
    for n in range(1, players + 1):
        rating = None if rng.random() < 0.04 else rng.randint(700, 2500)
        first = rng.choice((2, 3)) if rng.random() < 0.03 and rounds > 3 else 1
        player = Player(n, rating, first_round=first)
        for r in range(first, rounds + 1):
            if rng.random() < 0.03:
                player.requested[r] = rng.choice(
                    (
                        ByeKind.HALF,
                        ByeKind.HALF,
                        ByeKind.HALF,
                        ByeKind.FULL,
                        ByeKind.ZERO,
                    )
                )
        field_.append(player)
    # Start numbers by rating, as a TD's pairing program numbers the field.
    field_.sort(key=lambda p: -(p.rating or 0))
    for n, player in enumerate(field_, start=1):
        player.id = n
    for r in range(1, rounds + 1):
        for player in field_:
            if player.first_round > r:
                continue
            if player.first_round == r and r > 1:
                # The rounds missed: zero-point byes, listed as not paired.
                player.games.extend((0, "-", "Z") for _ in range(r - 1))
        entrants = [p.entrant(r) for p in field_ if p.first_round <= r]
        start = time.perf_counter()
        pairing = pair_swiss(entrants, round_number=r, options=options, seed=str(seed))
        seconds = time.perf_counter() - start
        yield State(r, entrants, field_, seconds), pairing
        round_play(
            rng, r, pairing, field_, forfeits=0.02, withdraw=0.01, outcome=_by_rating
        )


def _by_rating(white: Player, black: Player) -> tuple[float, float]:
    """The expected score of the Elo formula; a third of the non-wins are draws."""
    win = _expected(white.rating, black.rating)
    return win * 0.8, 1 - (1 - win) * 0.8


def colour_misses(entrants: Sequence[Entrant], boards: Sequence[Board]) -> int:
    """Players with a due colour (27A4, 27A5) who do not get it."""
    by_id = {e.id: e for e in entrants}
    missed = 0
    for board in boards:
        for pid, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            due = by_id[pid].due
            if due is not None and due is not colour:
                missed += 1
    return missed


def cross_boards(entrants: Sequence[Entrant], boards: Sequence[Board]) -> int:
    """Boards whose two players have different scores."""
    by_id = {e.id: e for e in entrants}
    return sum(1 for b in boards if by_id[b.white].score != by_id[b.black].score)


def score_gap(entrants: Sequence[Entrant], boards: Sequence[Board]) -> Fraction:
    """The score differences of the boards' two players, summed (0 when all meet equals)."""
    by_id = {e.id: e for e in entrants}
    return sum(
        (abs(by_id[b.white].score - by_id[b.black].score) for b in boards), Fraction(0)
    )


def _groups_paired(
    entrants: Sequence[Entrant], boards: Sequence[Board]
) -> tuple[dict[int, tuple[int, list[Entrant]]], list[Board]]:
    """The boards whose players have the same score, and each of their players' place in the
    order of the players paired within the group (by rating), with that order."""
    by_id = {e.id: e for e in entrants}
    groups: dict[Fraction, list[Entrant]] = {}
    same = []
    for board in boards:
        white, black = by_id[board.white], by_id[board.black]
        if white.score == black.score:
            groups.setdefault(white.score, []).extend((white, black))
            same.append(board)
    order: dict[int, tuple[int, list[Entrant]]] = {}
    for members in groups.values():
        members.sort(key=lambda e: (-(e.rating or 0), e.id))
        for i, e in enumerate(members):
            order[e.id] = (i, members)
    return order, same


def rank_deviation(
    entrants: Sequence[Entrant], boards: Sequence[Board]
) -> tuple[int, int]:
    """Top half against bottom half (27A3): over the boards whose players have the same score,
    how far (in places of that group's order by rating) each upper player's opponent is from
    the natural one (first of the upper half against first of the lower half, and so on);
    returned as (sum, boards) so that means can be taken over a whole event."""
    order, same = _groups_paired(entrants, boards)
    total = 0
    for board in same:
        (i, members), (j, _members) = sorted((order[board.white], order[board.black]))
        total += abs(j - (i + len(members) // 2))
    return total, len(same)


def board_moves(
    entrants: Sequence[Entrant], boards: Sequence[Board]
) -> dict[Board, int | None]:
    """For each board of players with the same score: how many rating points the higher-placed
    player's opponent is from their natural opponent (top half against bottom half, 27A3, in
    the order of the players paired within the group), the size of the move a pairing made
    (29E5 limits it, by rating); None when an unrated player leaves it without a size. Boards
    across score groups are left out."""
    order, same = _groups_paired(entrants, boards)
    moves: dict[Board, int | None] = {}
    for board in same:
        (i, members), (j, _members) = sorted((order[board.white], order[board.black]))
        half = len(members) // 2
        natural = members[i + half] if i < half else members[i - half]
        met = members[j]
        if met.rating is None or natural.rating is None:
            moves[board] = None
        else:
            moves[board] = abs(met.rating - natural.rating)
    return moves


def colour_gains(
    entrants: Sequence[Entrant],
    ours: Sequence[Board],
    theirs: Sequence[Board],
    limits: tuple[int, int],
) -> tuple[int, int, int, int]:
    """Where a reference misses fewer due colours than ``ours``: the difference (ours minus
    theirs, so negative where ours misses fewer) on the boards of players with the same score,
    split by how far the reference moved players in that score group (its largest move,
    ``board_moves``; a move with an unrated player has no size and counts as the largest):
    within the alternation limit, within the equalisation limit, over both (29E5); and the
    difference on the boards across score groups. The four add up to the whole difference."""
    by_id = {e.id: e for e in entrants}
    moves = board_moves(entrants, theirs)
    largest: dict[Fraction, float] = {}
    for board, move in moves.items():
        score = by_id[board.white].score
        size = float("inf") if move is None else move
        largest[score] = max(largest.get(score, 0), size)
    split = [0, 0, 0, 0]
    for boards, sign in ((ours, 1), (theirs, -1)):
        for board in boards:
            white, black = by_id[board.white], by_id[board.black]
            missed = colour_misses(entrants, [board])
            if white.score != black.score:
                split[3] += sign * missed
                continue
            reach = largest.get(white.score, 0)
            band = 0 if reach <= limits[0] else 1 if reach <= limits[1] else 2
            split[band] += sign * missed
    return split[0], split[1], split[2], split[3]
