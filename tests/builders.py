"""Tiny builders so that a test reads like a crosstable.

Engine part (no database): ``crosstable`` turns wall-chart lines into an engine ``Snapshot``.
"""

from __future__ import annotations

import re
from fractions import Fraction

from standings.engine import (
    Colour,
    GameRecord,
    Outcome,
    PlayerRef,
    ScoringSystem,
    Snapshot,
    Standings,
    TiebreakValue,
)

# Player ids differ from start numbers on purpose, so that a mix-up between the two shows.
ID_OFFSET = 100


def pid(start_number: int) -> int:
    """The player id ``crosstable`` gives the player with this start number."""
    return ID_OFFSET + start_number


_GAME = re.compile(r"^([+=-])([WBF]?)(\d+)$")
_UNPLAYED = {
    "U": Outcome.BYE_PAIRING,  # letters as in TRF-16: U pairing-allocated bye
    "F": Outcome.BYE_FULL,  # requested full-point bye
    "H": Outcome.BYE_HALF,
    "Z": Outcome.BYE_ZERO,
    ".": Outcome.NOT_PAIRED,
    "+F": Outcome.FORFEIT_WIN,  # a point for an unplayed round, no opponent named
}
_MIRROR = {
    Outcome.WIN: Outcome.LOSS,
    Outcome.LOSS: Outcome.WIN,
    Outcome.DRAW: Outcome.DRAW,
    Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS,
    Outcome.FORFEIT_LOSS: Outcome.FORFEIT_WIN,
}
_OTHER_COLOUR = {Colour.WHITE: Colour.BLACK, Colour.BLACK: Colour.WHITE, None: None}


def _record(token: str, start: int, rnd: int) -> GameRecord | None:
    if token == "*":
        return None
    if token in _UNPLAYED:
        return GameRecord(rnd, pid(start), None, None, _UNPLAYED[token])
    m = _GAME.match(token)
    if m is None:
        raise ValueError(f"player {start}, round {rnd}: cannot read {token!r}")
    sign, how, opp = m.groups()
    if how == "F":
        if sign == "=":
            raise ValueError(
                f"player {start}, round {rnd}: there is no forfeit draw ({token!r})"
            )
        outcome = Outcome.FORFEIT_WIN if sign == "+" else Outcome.FORFEIT_LOSS
        colour = None
    else:
        outcome = {"+": Outcome.WIN, "-": Outcome.LOSS, "=": Outcome.DRAW}[sign]
        colour = {"W": Colour.WHITE, "B": Colour.BLACK, "": None}[how]
    return GameRecord(rnd, pid(start), pid(int(opp)), colour, outcome)


def crosstable(
    text: str,
    *,
    rounds_total: int | None = None,
    through_round: int | None = None,
    scoring: ScoringSystem | None = None,
    double_forfeits: tuple[tuple[int, int, int], ...] = (),
) -> Snapshot:
    """A snapshot from wall-chart lines, one per player: ``"<start>[/<rating>]: <round 1> <round 2> ..."``.

    Round tokens: ``+W2`` won with White against 2, ``-B3`` lost with Black to 3, ``=W4`` drew
    (the colour letter may be left out: ``+2``); ``+F2`` / ``-F2`` forfeit win / loss against 2;
    ``+F`` a forfeit win with no opponent; ``U`` pairing bye, ``F`` requested full-point bye,
    ``H`` half-point bye, ``Z`` zero-point bye, ``.`` not paired, ``*`` see the opponent's line. A line may stop early (a
    withdrawal: later rounds are not paired). The opponent's side of a game is filled in when the
    opponent's line leaves that round out, and players that appear only as opponents are added
    unrated. ``double_forfeits`` lists (round, a, b) pairs where neither player appeared.
    ``rounds_total`` defaults to the longest line, ``through_round`` to ``rounds_total``.
    """
    ratings: dict[int, int | None] = {}
    records: dict[tuple[int, int], GameRecord] = {}
    longest = 0
    for line in text.strip().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        head, _, body = line.partition(":")
        start_text, _, rating_text = head.strip().partition("/")
        start = int(start_text)
        ratings[start] = (
            int(rating_text) if rating_text.strip() not in ("", "-") else None
        )
        tokens = body.split()
        longest = max(longest, len(tokens))
        for rnd, token in enumerate(tokens, start=1):
            record = _record(token, start, rnd)
            if record is not None:
                records[(start, rnd)] = record
    for rnd, a, b in double_forfeits:
        for x, y in ((a, b), (b, a)):
            records[(x, rnd)] = GameRecord(
                rnd, pid(x), pid(y), None, Outcome.FORFEIT_LOSS
            )
    for (_, rnd), g in list(records.items()):
        if g.opponent is None:
            continue
        opp = g.opponent - ID_OFFSET
        ratings.setdefault(opp, None)
        records.setdefault(
            (opp, rnd),
            GameRecord(
                rnd, g.opponent, g.player, _OTHER_COLOUR[g.colour], _MIRROR[g.outcome]
            ),
        )
    total = rounds_total if rounds_total is not None else longest
    players = tuple(PlayerRef(pid(s), s, r) for s, r in sorted(ratings.items()))
    return Snapshot(
        players,
        tuple(records.values()),
        total,
        total if through_round is None else through_round,
        scoring or ScoringSystem(),
    )


def star(results: str, other_points: list[str], *, first_opponent: int = 2) -> str:
    """Crosstable lines where player 1 meets a new opponent each round, whose other scores are set.

    ``results[k]`` is player 1's result ("+", "=", "-") in round k + 1 against player
    ``first_opponent + k``, who scores ``other_points[k]`` in the other rounds against fresh
    players (wins first, then a draw for a half point, then losses), so that the opponent's
    final score is ``other_points[k]`` plus what they took from player 1.
    """
    rounds = len(results)
    lines = [
        "1: " + " ".join(f"{r}{first_opponent + k}" for k, r in enumerate(results))
    ]
    for k, points in enumerate(other_points):
        twice = int(Fraction(points) * 2)
        tokens = []
        for rnd in range(rounds):
            if rnd == k:
                tokens.append("*")
                continue
            filler = 1000 + 100 * k + rnd
            sign = "+" if twice >= 2 else "=" if twice == 1 else "-"
            twice = max(twice - (2 if sign == "+" else 1 if sign == "=" else 0), 0)
            tokens.append(f"{sign}{filler}")
        lines.append(f"{first_opponent + k}: " + " ".join(tokens))
    return "\n".join(lines)


def value_of(standings: Standings, start: int, index: int = 0) -> TiebreakValue:
    """The ``index``-th tiebreak value of the player with this start number."""
    return standings.row(pid(start)).values[index]


def half(x: str) -> Fraction:
    """Read "4.5" or "9/2" exactly."""
    return Fraction(x)
