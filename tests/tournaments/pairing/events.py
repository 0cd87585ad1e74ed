"""Whole simulated Swiss events for the pairing tests: random results, forfeits, byes, withdrawals
and late entries, each round paired by ``pair_swiss`` from the players as they stand."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.pairing import (
    ByeKind,
    Colour,
    Entrant,
    PairingOptions,
    RoundPairing,
    pair_swiss,
)

BYE_POINTS = {
    ByeKind.PAIRING: Fraction(1),
    ByeKind.FULL: Fraction(1),
    ByeKind.HALF: Fraction(1, 2),
    ByeKind.ZERO: Fraction(0),
    ByeKind.NO_GAME: Fraction(0),
}


@dataclass
class State:
    id: int
    rating: int | None
    first_round: int = 1
    score: Fraction = Fraction(0)
    colours: list[Colour] = field(default_factory=list)
    opponents: set[int] = field(default_factory=set)
    had_bye: bool = False
    withdrawn: bool = False
    requested: dict[int, ByeKind] = field(default_factory=dict)

    def entrant(self, round_number: int) -> Entrant:
        return Entrant(
            id=self.id,
            name=f"Player {self.id}",
            rating=self.rating,
            score=self.score,
            colours=tuple(self.colours),
            opponents=frozenset(self.opponents),
            had_bye=self.had_bye,
            requested_bye=self.requested.get(round_number),
            withdrawn=self.withdrawn,
        )


def simulate(
    players: int,
    rounds: int,
    rng: random.Random,
    *,
    options: PairingOptions | None = None,
    late: float = 0.05,
    byes: float = 0.03,
    forfeits: float = 0.02,
    withdrawals: float = 0.02,
) -> Iterator[tuple[int, list[Entrant], RoundPairing]]:
    """Each round: its number, the entrants it was paired from, and the pairing made."""
    field_ = []
    for n in range(1, players + 1):
        rating = None if rng.random() < 0.05 else rng.randint(600, 2600)
        first = rng.randint(2, max(2, rounds // 2)) if rng.random() < late else 1
        field_.append(State(n, rating, first_round=first))
        for r in range(1, rounds + 1):
            if rng.random() < byes:
                field_[-1].requested[r] = rng.choice(
                    [ByeKind.HALF, ByeKind.HALF, ByeKind.FULL, ByeKind.ZERO]
                )
    states = {s.id: s for s in field_}
    for r in range(1, rounds + 1):
        entrants = [s.entrant(r) for s in field_ if s.first_round <= r]
        pairing = pair_swiss(entrants, round_number=r, options=options, seed="sim")
        yield r, entrants, pairing
        for bye in pairing.byes:
            s = states[bye.player]
            s.score += BYE_POINTS[bye.kind]
            s.had_bye |= bye.kind is not ByeKind.NO_GAME
        for board in pairing.boards:
            white, black = states[board.white], states[board.black]
            white.opponents.add(black.id)
            black.opponents.add(white.id)
            roll = rng.random()
            if roll < forfeits:
                winner, loser = (white, black) if rng.random() < 0.5 else (black, white)
                winner.score += 1
                winner.had_bye = True
                if rng.random() < 0.5:
                    loser.withdrawn = True
                continue
            white.colours.append(Colour.WHITE)
            black.colours.append(Colour.BLACK)
            outcome = rng.random()
            if outcome < 0.45:
                white.score += 1
            elif outcome < 0.6:
                white.score += Fraction(1, 2)
                black.score += Fraction(1, 2)
            else:
                black.score += 1
        for s in field_:
            if (
                not s.withdrawn
                and s.first_round <= r
                and rng.random() < withdrawals / 2
            ):
                s.withdrawn = True


def one_game_player(
    n: int, rating: int, due: Colour, score: int, met: int | None = None
) -> Entrant:
    """#n after one game with the other colour, so due ``due``; ``met`` the opponent (an
    absent player #100+n when not given)."""
    return Entrant(
        id=n,
        name=f"P{n}",
        rating=rating,
        score=Fraction(score),
        colours=(due.other,),
        opponents=frozenset({100 + n if met is None else met}),
    )
