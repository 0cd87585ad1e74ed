"""Whole simulated Swiss events for the pairing tests: random results, forfeits, byes, withdrawals
and late entries, each round paired by ``pair_swiss`` from the players as they stand."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
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
class Player:
    """A player's record while a simulated event is played; ``games`` is what a TRF file
    lists. Shared with the pairing benchmarks (bench/pairing_events.py)."""

    id: int
    rating: int | None
    first_round: int = 1
    score: Fraction = Fraction(0)
    colours: list[Colour] = field(default_factory=list)
    opponents: set[int] = field(default_factory=set)
    had_bye: bool = False
    withdrawn: bool = False
    requested: dict[int, ByeKind] = field(default_factory=dict)
    # Per round played so far: (opponent or 0, "w"/"b"/"-", TRF result code).
    games: list[tuple[int, str, str]] = field(default_factory=list)

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


# (white, black) -> two bounds for one draw in [0, 1): below the first white wins, below the
# second the game is drawn, else black wins.
Outcome = Callable[[Player, Player], tuple[float, float]]
BYE_CODES = {
    ByeKind.PAIRING: "U",
    ByeKind.FULL: "F",
    ByeKind.HALF: "H",
    ByeKind.ZERO: "Z",
    ByeKind.NO_GAME: "Z",
}


def round_play(
    rng: random.Random,
    r: int,
    pairing: RoundPairing,
    players: Sequence[Player],
    *,
    forfeits: float,
    withdraw: float,
    outcome: Outcome,
) -> None:
    """Round ``r`` played from its pairing: byes scored; a board forfeited with chance
    ``forfeits`` (the loser withdrawing half of the time), else a game decided by one draw
    against ``outcome``; then each player still in withdraws with chance ``withdraw``."""
    by_id = {p.id: p for p in players}
    done: set[int] = set()
    for bye in pairing.byes:
        player = by_id[bye.player]
        player.score += BYE_POINTS[bye.kind]
        player.had_bye |= bye.kind is not ByeKind.NO_GAME
        player.games.append((0, "-", BYE_CODES[bye.kind]))
        done.add(player.id)
    for board in pairing.boards:
        white, black = by_id[board.white], by_id[board.black]
        white.opponents.add(black.id)
        black.opponents.add(white.id)
        done |= {white.id, black.id}
        if rng.random() < forfeits:
            winner, loser = (white, black) if rng.random() < 0.5 else (black, white)
            winner.score += 1
            winner.had_bye = True
            winner.games.append((loser.id, "w" if winner is white else "b", "+"))
            loser.games.append((winner.id, "w" if loser is white else "b", "-"))
            if rng.random() < 0.5:
                loser.withdrawn = True
            continue
        white.colours.append(Colour.WHITE)
        black.colours.append(Colour.BLACK)
        roll = rng.random()
        white_wins, draws = outcome(white, black)
        if roll < white_wins:
            result = ("1", "0")
            white.score += 1
        elif roll < draws:
            result = ("=", "=")
            white.score += Fraction(1, 2)
            black.score += Fraction(1, 2)
        else:
            result = ("0", "1")
            black.score += 1
        white.games.append((black.id, "w", result[0]))
        black.games.append((white.id, "b", result[1]))
    for player in players:
        if player.first_round <= r and player.id not in done:
            # Withdrawn: not paired.
            player.games.append((0, "-", "Z"))
        if not player.withdrawn and player.first_round <= r and rng.random() < withdraw:
            player.withdrawn = True


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
        field_.append(Player(n, rating, first_round=first))
        for r in range(1, rounds + 1):
            if rng.random() < byes:
                field_[-1].requested[r] = rng.choice(
                    [ByeKind.HALF, ByeKind.HALF, ByeKind.FULL, ByeKind.ZERO]
                )
    for r in range(1, rounds + 1):
        entrants = [s.entrant(r) for s in field_ if s.first_round <= r]
        pairing = pair_swiss(entrants, round_number=r, options=options, seed="sim")
        yield r, entrants, pairing
        round_play(
            rng,
            r,
            pairing,
            field_,
            forfeits=forfeits,
            withdraw=withdrawals / 2,
            outcome=_even_outcome,
        )


def _even_outcome(white: Player, black: Player) -> tuple[float, float]:
    """Ratings aside: white wins 45%, a draw 15%, black wins 40%."""
    return 0.45, 0.6


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
